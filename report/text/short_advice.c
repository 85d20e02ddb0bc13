/* What a '~' figure's reader can do about it: for each kind of phase
 * marked, the size behind it and who chose it. An option the user did
 * not give is never what they are told to enlarge: bonnie says what it
 * chose and what bounded it. */
#include "../report.h"
#include "../model/confidence.h"
#include "../model/metrics.h"

#include <stdio.h>
#include <string.h>

enum kind { KIND_PERCHAR, KIND_DATA, KIND_SEEKS, KIND_FILES, KIND_QD, KIND_COUNT };

static enum kind kind_of(enum phase_id id)
{
	if (phase_group(id) == GROUP_QD)
		return KIND_QD;
	if (phase_unit(id) == RATE_FILES)
		return KIND_FILES;
	if (phase_unit(id) == RATE_SEEKS)
		return KIND_SEEKS;
	return phase_is(id, FACT_PERCHAR) ? KIND_PERCHAR : KIND_DATA;
}

static void kind_advice(FILE *out, enum kind k, const struct run_counts *c)
{
	char why[160];

	switch (k) {
	case KIND_PERCHAR:
		fputs(c->perchar_auto ? "per-char: bonnie sized it by time (no -f); -f sets a larger size"
		                      : "per-char: its size was given with -f; a larger one runs longer", out);
		return;
	case KIND_DATA:
		fputs(c->size_auto ? "data file: bonnie chose its size (no -s); -s sets a larger one"
		                   : "data file: its size was given with -s; a larger -s runs longer", out);
		return;
	case KIND_SEEKS:
		fputs(c->seeks_auto ? "seeks: bonnie sized them by time; -s size:chunk:seeks sets more"
		                    : "seeks: their count was given with -s; a larger count runs longer", out);
		return;
	case KIND_FILES:
		if (!c->files_auto) {
			fputs("file phases: their count was given with -n; a larger -n runs them longer", out);
			return;
		}
		report_files_no_n(c->files_bound, why, sizeof why);
		fprintf(out, "file phases: bonnie chose %u x 1024 files %s; -n sets a larger count", c->files_k, why);
		return;
	case KIND_QD:
		fputs("queue-depth profile: --qd-time sets how long each phase runs", out);
		return;
	case KIND_COUNT:
		break;
	}
}

void report_short_advice(FILE *out, const char *indent, const struct run_counts *c, uint32_t short_mask)
{
	bool seen[KIND_COUNT] = {false};

	for (int i = 0; i < PHASE_COUNT; i++) {
		enum kind k;
		if (!(short_mask & (1u << i)))
			continue;
		k = kind_of((enum phase_id)i);
		if (seen[k])
			continue;
		seen[k] = true;
		fputs(indent, out);
		kind_advice(out, k, c);
		fputs("\n", out);
	}
}
