/* The sizes bonnie chose once for the invocation, above the table: one
 * item a line, each with the option not given and what set it. */
#include "../report.h"
#include "../../phases/files/files.h"
#include "../../lib/units.h"

#include <stdio.h>

/* The per-char phase the sizing left out (the other one runs), or NULL. */
static const char *skipped_phase(uint32_t skipped)
{
	for (int i = 0; i < PHASE_COUNT; i++)
		if ((skipped & (1u << i)) && phase_is((enum phase_id)i, FACT_PERCHAR))
			return phase_words((enum phase_id)i);
	return NULL;
}

/* What set an automatic file count (enum files_bound), in words; "" for none. */
static void files_bound_text(unsigned bound, char *buf, size_t cap)
{
	double aim = FILES_AUTO_NS / 1e9, create = FILES_AUTO_MAX_CREATE_NS / 1e9;

	switch ((enum files_bound)bound) {
	case FILES_BOUND_DELETE_AIM:
		snprintf(buf, cap, "enough for %.3g s of deletes at the calibration's rate", aim);
		return;
	case FILES_BOUND_CREATE_TIME:
		snprintf(buf, cap, "capped by %.3g s of creates at the calibration's rate (%.3g s of deletes needed "
		         "more)", create, aim);
		return;
	case FILES_BOUND_DELETE_FLOOR:
		snprintf(buf, cap, "enough for %.3g s of deletes at the calibration's rate (%.3g s of creates made fewer, "
		         "%.3g s of deletes needed more)", FILES_AUTO_FLOOR_NS / 1e9, create, aim);
		return;
	case FILES_BOUND_CREATE_HARD:
		snprintf(buf, cap, "capped by %.3g s of creates (%.3g s of deletes at the calibration's rate "
		         "needed more)",
		         FILES_AUTO_HARD_CREATE_NS / 1e9, FILES_AUTO_FLOOR_NS / 1e9);
		return;
	case FILES_BOUND_INODES:
		snprintf(buf, cap, "capped by a quarter of the free inodes");
		return;
	case FILES_BOUND_MAX:
		snprintf(buf, cap, "capped at bonnie's most, %u x 1024", FILES_AUTO_MAX_K);
		return;
	case FILES_BOUND_SLOW:
		snprintf(buf, cap, "the least count: too few files were made in %.3g s to time", FILES_AUTO_CAL_MAX_NS / 1e9);
		return;
	case FILES_BOUND_NONE:
		break;
	}
	snprintf(buf, cap, "%s", "");
}

void report_files_no_n(unsigned bound, char *buf, size_t cap)
{
	char why[128];

	files_bound_text(bound, why, sizeof why);
	snprintf(buf, cap, "(no -n)%s%s", *why ? ", " : "", why);
}

/* The next item's opening: the label on the first line, an indent after. */
static const char *item(bool *first)
{
	const char *s = *first ? "Sized:       " : "             ";

	*first = false;
	return s;
}

static void perchar_item(FILE *out, const struct config *cfg, bool *first)
{
	char size[32];

	units_format_size(cfg->perchar_size, size, sizeof size);
	if (cfg->perchar_size == 0)
		fprintf(out, "%sper-char skipped, too slow (no -f)\n", item(first));
	else if (skipped_phase(cfg->decided.auto_skipped))
		fprintf(out, "%sper-char %s by time (no -f); %s skipped, too slow\n", item(first), size,
		        skipped_phase(cfg->decided.auto_skipped));
	else
		fprintf(out, "%sper-char %s by time (no -f)\n", item(first), size);
}

void report_sizes(FILE *out, const struct config *cfg)
{
	char size[32];
	bool first = true;

	if (!cfg->decided.perchar_timed && !cfg->decided.file_size_timed && !cfg->decided.files_by_rate)
		return;
	if (cfg->decided.file_size_timed) {
		units_format_size(cfg->file_size, size, sizeof size);
		fprintf(out, "%sdata file %s by time on a share (no -s)\n", item(&first), size);
	}
	if (cfg->decided.perchar_timed)
		perchar_item(out, cfg, &first);
	if (cfg->decided.files_by_rate) {
		char why[160];
		report_files_no_n(cfg->decided.files_bound, why, sizeof why);
		fprintf(out, "%sfiles %u x 1024 %s\n", item(&first), cfg->files_k, why);
	}
	if (cfg->decided.files_pool_k)
		fprintf(out, "%seach level's creates make up to %u x 1024 files, ending at its level time\n", item(&first),
		        cfg->decided.files_pool_k);
	fprintf(out, "%sthe same sizes for every run and client\n", item(&first));
}
