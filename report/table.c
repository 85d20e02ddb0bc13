/* The human-readable table in bonnie++ 2.00a's layout. Cells of phases that
 * did not complete are blank; a '~' after a rate marks a phase that ran
 * under 0.5 s (low confidence; bonnie++ printed +++++ instead). */
#include "report.h"
#include "clocale.h"
#include "metrics.h"
#include "../lib/units.h"

#include <string.h>

#define LABEL_WIDTH 19
#define LOW_CONFIDENCE_MARK '~'

/* Table columns of the two blocks: the I/O phases, then the file phases. */
static const enum phase_id io_cols[] = {PHASE_PUTC, PHASE_PUT_BLOCK, PHASE_REWRITE,
                                        PHASE_GETC, PHASE_GET_BLOCK, PHASE_SEEKS};
static const enum phase_id file_cols[] = {PHASE_SEQ_CREATE, PHASE_SEQ_STAT, PHASE_SEQ_DEL,
                                          PHASE_RAN_CREATE, PHASE_RAN_STAT, PHASE_RAN_DEL};
#define NCOLS 6

static void rate_text(enum phase_id id, const struct phase_result *r, char *buf, size_t len)
{
	if (phase_unit(id) == RATE_BYTES)
		units_format_rate(metric_rate_int(id, r), buf, len);
	else
		units_format_count_rate(metric_rate(id, r), buf, len);
}

/* " rrrrrXccc": rate, mark (or blank), %CPU; all blank if not reportable. */
static void cell(FILE *out, enum phase_id id, const struct phase_result *r)
{
	char rate[32];

	if (!metric_reportable(r)) {
		fprintf(out, " %5s %3s", "", "");
		return;
	}
	rate_text(id, r, rate, sizeof rate);
	fprintf(out, " %5s%c%3u", rate, metric_low_confidence(r) ? LOW_CONFIDENCE_MARK : ' ',
	        metric_cpu_pct(r));
}

static void version_line(FILE *out, const char *rest)
{
	char v[64];

	snprintf(v, sizeof v, "Version %s", BONNIE_VERSION);
	fprintf(out, "%-*s %s\n", LABEL_WIDTH, v, rest);
}

/* bon_csv2txt's label rule: the name cut to leave room for the size on the right. */
static void row_label(FILE *out, const char *name, const char *size)
{
	char label[LABEL_WIDTH + 1];
	size_t slen = strlen(size);

	if (slen >= LABEL_WIDTH - 1) {
		fprintf(out, "%*s", LABEL_WIDTH, size);
		return;
	}
	snprintf(label, sizeof label, "%-*.*s %s", (int)(LABEL_WIDTH - 1 - slen),
	         (int)(LABEL_WIDTH - 1 - slen), name, size);
	fprintf(out, "%s", label);
}

static void latency_row(FILE *out, const char *label, const struct run_result *run,
                        const enum phase_id *cols)
{
	char text[32];

	fprintf(out, "%-17s", label);
	for (int i = 0; i < NCOLS; i++) {
		const struct phase_result *r = &run->phase[cols[i]];
		text[0] = '\0';
		if (metric_reportable(r) && r->latency.count > 0)
			units_format_latency(r->latency.max, text, sizeof text);
		fprintf(out, " %9s", text);
	}
	fputc('\n', out);
}

static void io_block(FILE *out, const struct config *cfg, const struct run_result *run)
{
	char size[32];

	version_line(out, "------Sequential Output------ --Sequential Input- --Random-");
	fprintf(out, "%-*s -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n", LABEL_WIDTH, "");
	fprintf(out, "Name:Size etc        /sec %%CP  /sec %%CP  /sec %%CP  /sec %%CP  /sec %%CP  /sec %%CP\n");
	units_format_size(cfg->file_size, size, sizeof size);
	row_label(out, cfg->machine, size);
	for (int i = 0; i < NCOLS; i++)
		cell(out, io_cols[i], &run->phase[io_cols[i]]);
	fputc('\n', out);
	latency_row(out, "Latency", run, io_cols);
}

/* "num[:max[:min]][/dirs][:chunk]", as bon_csv2txt composes it. */
static void files_spec(const struct config *cfg, char *buf, size_t len)
{
	size_t n = (size_t)snprintf(buf, len, "%u", cfg->files_k);

	if (cfg->file_max == FILES_HARD_LINKS)
		n += (size_t)snprintf(buf + n, len - n, ":link");
	else if (cfg->file_max == FILES_SYMLINKS)
		n += (size_t)snprintf(buf + n, len - n, ":symlink");
	else if (cfg->file_max > 0)
		n += (size_t)snprintf(buf + n, len - n, ":%lld:%lld", (long long)cfg->file_max,
		                      (long long)cfg->file_min);
	if (cfg->file_dirs > 1 && n < len)
		n += (size_t)snprintf(buf + n, len - n, "/%u", cfg->file_dirs);
	if (cfg->file_chunk != DEFAULT_CHUNK && n < len)
		snprintf(buf + n, len - n, ":%u", cfg->file_chunk);
}

static void file_block(FILE *out, const struct config *cfg, const struct run_result *run)
{
	char spec[96];

	version_line(out, "------Sequential Create------ --------Random Create--------");
	fprintf(out, "%-*.*s -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n", LABEL_WIDTH,
	        LABEL_WIDTH, cfg->machine);
	fprintf(out, "              files  /sec %%CP  /sec %%CP  /sec %%CP  /sec %%CP  /sec %%CP  /sec %%CP\n");
	files_spec(cfg, spec, sizeof spec);
	fprintf(out, "%*s", LABEL_WIDTH, spec);
	for (int i = 0; i < NCOLS; i++)
		cell(out, file_cols[i], &run->phase[file_cols[i]]);
	fputc('\n', out);
	latency_row(out, "Latency", run, file_cols);
}

static bool any_flag(const struct run_result *run, uint32_t flag, bool low_confidence)
{
	for (int i = 0; i < PHASE_COUNT; i++) {
		const struct phase_result *r = &run->phase[i];
		if (!metric_reportable(r))
			continue;
		if ((r->flags & flag) || (low_confidence && metric_low_confidence(r)))
			return true;
	}
	return false;
}

static void notes(FILE *out, const struct run_result *run)
{
	if (any_flag(run, 0, true))
		fprintf(out, "%c  ran under 0.5 s: low confidence, use a larger -s or -n\n", LOW_CONFIDENCE_MARK);
	if (any_flag(run, RESULT_BUFFERED, false))
		fprintf(out, "-D: per-char phases cannot use O_DIRECT and ran buffered\n");
	if (any_flag(run, RESULT_NOT_EVICTED, false))
		fprintf(out, "page cache not dropped before reads: read figures may come from RAM\n");
}

void report_table(FILE *out, const struct config *cfg, const struct run_result *run)
{
	struct c_locale loc;

	c_locale_enter(&loc);
	if (cfg->file_size > 0)
		io_block(out, cfg, run);
	if (cfg->files_k > 0)
		file_block(out, cfg, run);
	notes(out, run);
	c_locale_leave(&loc);
}
