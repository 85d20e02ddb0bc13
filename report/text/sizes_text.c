/* The sizes bonnie chose once for the invocation, above the table: one
 * item a line, each with the option not given and what set it. */
#include "../report.h"
#include "../model/session_view.h"
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

static void perchar_item(FILE *out, const struct session_view *s, bool *first)
{
	char size[32];

	units_format_size(s->setup.perchar_size, size, sizeof size);
	if (s->setup.perchar_size == 0)
		fprintf(out, "%sper-char skipped, too slow (no -f)\n", item(first));
	else if (skipped_phase(s->sized.auto_skipped))
		fprintf(out, "%sper-char %s by time (no -f); %s skipped, too slow\n", item(first), size,
		        skipped_phase(s->sized.auto_skipped));
	else
		fprintf(out, "%sper-char %s by time (no -f)\n", item(first), size);
}

void report_sizes(FILE *out, const struct session_view *s)
{
	const struct session_sized *z = &s->sized;
	char size[32];
	bool first = true;

	if (!z->perchar_timed && !z->file_size_timed && !z->files_by_rate)
		return;
	if (z->file_size_timed) {
		units_format_size(s->setup.file_size, size, sizeof size);
		fprintf(out, "%sdata file %s by time on a share (no -s)\n", item(&first), size);
	}
	if (z->perchar_timed)
		perchar_item(out, s, &first);
	if (z->files_by_rate) {
		char why[160];
		report_files_no_n(z->files_bound, why, sizeof why);
		fprintf(out, "%sfiles %u x 1024 %s\n", item(&first), s->setup.files_k, why);
	}
	if (z->files_pool_k)
		fprintf(out, "%seach level's creates make up to %u x 1024 files, ending at its level time\n", item(&first),
		        z->files_pool_k);
	fprintf(out, "%sthe same sizes for every run and client\n", item(&first));
}
