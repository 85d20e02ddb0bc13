/* The human-readable table in bonnie++ 2.00a's layout. Cells of phases that
 * did not complete are blank; one mark after a rate says why it may not be
 * trusted (confidence.h: '~' ran under 0.5 s, where bonnie++ printed
 * +++++), explained by a legend under the table. */
#include "../report.h"
#include "clocale.h"
#include "../model/confidence.h"
#include "../model/device_why.h"
#include "../model/metrics.h"
#include "../model/view.h"
#include "../../input/bonnie_heads.h"
#include "../../phases/phase_select.h"
#include "../../lib/str.h"
#include "../../lib/units.h"

#include <string.h>

#define LABEL_WIDTH 19

#define NCOLS BLOCK_COLUMNS /* bonnie++'s two blocks; phase_list.c holds each to it */

/* A rate in the phase's unit as bonnie++ prints it (KiB/s truncated). */
static void rate_text(enum phase_id id, double rate, char *buf, size_t len)
{
	if (phase_unit(id) == RATE_BYTES)
		units_format_rate((uint64_t)rate, buf, len);
	else
		units_format_count_rate(rate, buf, len);
}

/* One more column for every %CP of a block where a mark would touch a
 * three-digit %CPU ("93821c104"), so a mark never glues to the next
 * number; else none, and the block keeps bonnie++'s layout. */
static int extra_width(const struct run_view *run, const enum phase_id *cols)
{
	for (int i = 0; i < NCOLS; i++) {
		const struct phase_view *v = &run->phase[cols[i]];
		if (v->state == CELL_VALUE && v->mark != ' ' && v->cpu_pct >= 100)
			return 1;
	}
	return 0;
}

/* " rrrrrXccc": rate, mark (or blank), %CPU (extra: one column wider);
 * all blank if not reportable. */
static void cell(FILE *out, const struct phase_view *v, int extra)
{
	char rate[32];

	if (v->state != CELL_VALUE) {
		fprintf(out, " %5s %*s", "", 3 + extra, "");
		return;
	}
	rate_text(v->id, v->rate, rate, sizeof rate);
	fprintf(out, " %5s%c%*d", rate, v->mark, 3 + extra, v->cpu_pct);
}

/* A heading of dashed groups ("-Per Chr- --Block--", each ends in '-'),
 * each group one dash longer per cell it spans in a wider block (extra). */
static void dashes(FILE *out, const char *groups, int extra)
{
	for (const char *g = groups; *g;) {
		const char *end = strstr(g, "- ");
		size_t len = end ? (size_t)(end - g) + 1 : strlen(g);
		fprintf(out, "%.*s%.*s", (int)len, g, extra * (int)(len + 1) / 10, "------");
		g += len;
		if (*g == ' ')
			fputc(*g++, out);
	}
	fputc('\n', out);
}

static void version_line(FILE *out, const char *groups, int extra)
{
	char v[64];

	snprintf(v, sizeof v, "Version %s", BONNIE_VERSION);
	fprintf(out, "%-*s ", LABEL_WIDTH, v);
	dashes(out, groups, extra);
}

/* The "/sec %CP" heading after a label of label columns. */
static void units_line(FILE *out, const char *label, int extra)
{
	fprintf(out, "%-*s", LABEL_WIDTH, label);
	for (int i = 0; i < NCOLS; i++)
		fprintf(out, "  /sec %*s", 3 + extra, "%CP");
	fputc('\n', out);
}

/* The machine name cut and padded to exactly cols screen columns (a
 * multibyte or wide character counts as what it shows, not its bytes). */
static void name_cell(FILE *out, const char *name, size_t cols)
{
	size_t used, bytes = str_fit_columns(name, cols, &used);

	fprintf(out, "%.*s%*s", (int)bytes, name, (int)(cols - used), "");
}

/* bon_csv2txt's label rule: the name cut to leave room for the size on the right. */
static void row_label(FILE *out, const char *name, const char *size)
{
	int room = LABEL_WIDTH - 1 - (int)strlen(size);

	if (room <= 0) {
		fprintf(out, "%*s", LABEL_WIDTH, size);
		return;
	}
	name_cell(out, name, (size_t)room);
	fprintf(out, " %s", size);
}

/* Fills one 9-column cell of a phase with numbers; arg is the row's
 * parameter (an enum view_pct). Returns false when the cell stays blank. */
typedef bool (*cell_fn)(const struct phase_view *v, int arg, char *buf, size_t len);

/* A row of 9-column cells (extra: wider) under the six columns, e.g. the
 * latencies. bonnie++'s own Latency row keeps its full width (pad); the
 * rows we add drop trailing blanks. A text that ends in blanks stands
 * under the /sec column, and keeps its place there in a wider block. */
static void text_row(FILE *out, const char *label, const struct run_view *run, const enum phase_id *cols,
                     cell_fn fn, int arg, bool pad, int extra)
{
	char line[256], text[32];
	size_t n = (size_t)snprintf(line, sizeof line, "%-17s", label);

	for (int i = 0; i < NCOLS && n < sizeof line; i++) {
		const struct phase_view *v = &run->phase[cols[i]];
		text[0] = '\0';
		if (v->state == CELL_VALUE)
			fn(v, arg, text, sizeof text);
		if (extra && text[0] && text[strlen(text) - 1] == ' ')
			strcat(text, " ");
		n += (size_t)snprintf(line + n, sizeof line - n, " %*s", 9 + extra, text);
	}
	while (!pad && n > 0 && line[n - 1] == ' ')
		line[--n] = '\0';
	fprintf(out, "%s\n", line);
}

/* Whether fn fills a cell in any column: rows with nothing are left out. */
static bool row_has_cells(const struct run_view *run, const enum phase_id *cols, cell_fn fn, int arg)
{
	char text[32];

	for (int i = 0; i < NCOLS; i++)
		if (run->phase[cols[i]].state == CELL_VALUE && fn(&run->phase[cols[i]], arg, text, sizeof text))
			return true;
	return false;
}

/* The view's latency k (VIEW_MAX: bonnie++'s row); blank when the phase
 * has too few operations for it. */
static bool pct_cell(const struct phase_view *v, int k, char *buf, size_t len)
{
	if (!view_has_pct(v, (enum view_pct)k))
		return false;
	units_format_latency((uint64_t)v->pct_ns[k], buf, len);
	return true;
}

/* The rate the page cache took before the final fsync/sync, in the /sec column. */
static bool unsynced_cell(const struct phase_view *v, int arg, char *buf, size_t len)
{
	(void)arg;
	char rate[32];

	if (!v->sync_split)
		return false;
	rate_text(v->id, v->rate_unsynced, rate, sizeof rate);
	snprintf(buf, len, "%5s  ", rate); /* under the /sec column, not the %CP one */
	return true;
}

static bool sync_cell(const struct phase_view *v, int arg, char *buf, size_t len)
{
	(void)arg;
	if (!v->sync_split)
		return false;
	units_format_latency(v->sync_ns, buf, len);
	return true;
}

static bool device_cell(const struct phase_view *v, int arg, char *buf, size_t len)
{
	(void)arg;
	int pct = v->conf.device_pct;

	if (pct < 0)
		return false;
	if (v->conf.reasons & CONF_CACHED)
		snprintf(buf, len, "cached");
	else
		device_pct_cell(pct, buf, len);
	return true;
}

/* The ARC's hit ratio over the phase (ZFS, where it counts hits). */
static bool arc_cell(const struct phase_view *v, int arg, char *buf, size_t len)
{
	int pct = v->arc_hit_pct;

	(void)arg;
	if (pct < 0)
		return false;
	snprintf(buf, len, "%d%%", pct);
	return true;
}

/* The slowest (arg 0) or fastest (arg 1) client's rate, with -c N > 1. */
static bool client_rate_cell(const struct phase_view *v, int arg, char *buf, size_t len)
{
	char rate[32];

	if (v->clients < 2)
		return false;
	rate_text(v->id, arg > 0 ? v->client_rate_max : v->client_rate_min, rate, sizeof rate);
	snprintf(buf, len, "%5s  ", rate);
	return true;
}

/* First to last client start of the phase's timed region. */
static bool skew_cell(const struct phase_view *v, int arg, char *buf, size_t len)
{
	(void)arg;
	if (v->clients < 2)
		return false;
	units_format_latency(v->client_skew_ns, buf, len);
	return true;
}

/* Latency max (bonnie++'s row), then the distribution and the durability split. */
static void detail_rows(FILE *out, const struct run_view *run, const enum phase_id *cols, int extra)
{
	static const struct {
		const char *label;
		cell_fn fn;
		int arg;
		bool always;
	} rows[] = {
		{"Latency", pct_cell, VIEW_MAX, true},
		{"  p99.9", pct_cell, VIEW_P99_9, false},
		{"  p99", pct_cell, VIEW_P99, false},
		{"  median", pct_cell, VIEW_P50, false},
		{"Before sync /sec", unsynced_cell, 0, false},
		{"Sync time", sync_cell, 0, false},
		{"From device", device_cell, 0, false},
		{"ARC hits", arc_cell, 0, false},
		{"Slowest client", client_rate_cell, 0, false},
		{"Fastest client", client_rate_cell, 1, false},
		{"Start skew", skew_cell, 0, false},
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (rows[i].always || row_has_cells(run, cols, rows[i].fn, rows[i].arg))
			text_row(out, rows[i].label, run, cols, rows[i].fn, rows[i].arg, rows[i].always, extra);
}

static void io_block(FILE *out, const struct run_setup *set, const struct run_view *run)
{
	char size[32];
	enum phase_id io_cols[PHASE_COUNT];
	int extra;

	phase_block_columns(BLOCK_IO, io_cols);
	extra = extra_width(run, io_cols);

	version_line(out, BONNIE_IO_GROUPS, extra);
	fprintf(out, "%-*s ", LABEL_WIDTH, "");
	dashes(out, BONNIE_IO_HEADS, extra);
	units_line(out, "Name:Size etc", extra);
	units_format_size(set->file_size, size, sizeof size);
	row_label(out, set->machine, size);
	for (int i = 0; i < NCOLS; i++)
		cell(out, &run->phase[io_cols[i]], extra);
	fputc('\n', out);
	detail_rows(out, run, io_cols, extra);
}

/* "num[:max[:min]][/dirs][:chunk]", as bon_csv2txt composes it, with
 * the file count this run used; with
 * suffixed, the sizes as 100k rather than 102400; without chunk, no chunk
 * (bonnie++'s own label never shows it). */
static void files_spec(const struct run_setup *set, const struct run_view *run, bool suffixed, bool chunk,
                       char *buf, size_t len)
{
	size_t n = (size_t)snprintf(buf, len, "%u", run->files_k);
	char max[32], min[32];

	if (suffixed) {
		units_format_size_lower((uint64_t)set->file_max, max, sizeof max);
		units_format_size_lower((uint64_t)set->file_min, min, sizeof min);
	} else {
		snprintf(max, sizeof max, "%lld", (long long)set->file_max);
		snprintf(min, sizeof min, "%lld", (long long)set->file_min);
	}
	if (set->file_max == FILES_HARD_LINKS)
		n += (size_t)snprintf(buf + n, len - n, ":link");
	else if (set->file_max == FILES_SYMLINKS)
		n += (size_t)snprintf(buf + n, len - n, ":symlink");
	else if (set->file_max > 0)
		n += (size_t)snprintf(buf + n, len - n, ":%s:%s", max, min);
	if (set->file_dirs > 1 && n < len)
		n += (size_t)snprintf(buf + n, len - n, "/%u", set->file_dirs);
	if (chunk && set->file_chunk != DEFAULT_CHUNK && n < len)
		snprintf(buf + n, len - n, ":%u", set->file_chunk);
}

/* The sign of a cut label: two dots, not a mark character (marks.h's
 * '*' is the sweep's CPU-bound). */
#define SHORTENED ".."

/* The file block's row label in LABEL_WIDTH columns: the full spec if it
 * fits, else without the chunk, else with suffixed sizes, else cut and
 * ended in "..". Returns false when it is not the full spec (a note then gives
 * that). */
static bool files_label(const struct run_setup *set, const struct run_view *run, char *buf, size_t len)
{
	files_spec(set, run, false, true, buf, len);
	if (strlen(buf) <= LABEL_WIDTH)
		return true;
	files_spec(set, run, false, false, buf, len);
	if (strlen(buf) > LABEL_WIDTH)
		files_spec(set, run, true, false, buf, len);
	if (strlen(buf) > LABEL_WIDTH && len > LABEL_WIDTH)
		memcpy(buf + LABEL_WIDTH - strlen(SHORTENED), SHORTENED, sizeof SHORTENED);
	return false;
}

static void file_block(FILE *out, const struct run_setup *set, const struct run_view *run)
{
	char spec[96], full[96];
	bool whole = files_label(set, run, spec, sizeof spec);
	enum phase_id file_cols[PHASE_COUNT];
	int extra;

	phase_block_columns(BLOCK_FILES, file_cols);
	extra = extra_width(run, file_cols);

	version_line(out, BONNIE_FILE_GROUPS, extra);
	name_cell(out, set->machine, LABEL_WIDTH);
	fputc(' ', out);
	dashes(out, BONNIE_FILE_HEADS, extra);
	units_line(out, "              files", extra);
	fprintf(out, "%*s", LABEL_WIDTH, spec);
	for (int i = 0; i < NCOLS; i++)
		cell(out, &run->phase[file_cols[i]], extra);
	fputc('\n', out);
	detail_rows(out, run, file_cols, extra);
	if (!whole) {
		files_spec(set, run, false, true, full, sizeof full);
		fprintf(out, "files: %s, shown as %s to fit the table\n", full, spec);
	}
}

void report_table(FILE *out, const struct run_view *v)
{
	const struct run_setup *set = &v->setup;
	struct c_locale loc;

	c_locale_enter(&loc);
	/* only the blocks of phases asked for: --phases qd shows the profile's
	 * block alone, --phases seq_create the file block alone */
	if (set->file_size > 0 && set->asks_data_file)
		io_block(out, set, v);
	if (set->files_k > 0 && set->asks_files && v->files_k > 0) /* 0: the run stopped before sizing them */
		file_block(out, set, v);
	report_table_other(out, v);
	report_table_qd(out, v);
	report_run_notes(out, v, true);
	c_locale_leave(&loc);
}
