/* The comparison report: the tables (compare_text.c), fastest/slowest
 * per phase and the plain-words summary, read from the compare model
 * (compare_model.c), every line at most the width allowed. */
#include "compare.h"
#include "compare_cells.h"
#include "../model/compare_model.h"
#include "../text/clocale.h"
#include "../model/metrics.h"
#include "../model/confidence.h"
#include "../../lib/str.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SUMMARY 10

static void extremes_lines(FILE *out, const struct compare_result *r, bool md, size_t limit)
{
	const struct compare_run *runs = r->runs;
	char hf[CELL_TEXT], hs[CELL_TEXT], vf[96], vs[96], apart[48], line[2 * CELL_TEXT + 2 * 96 + 128];

	fprintf(out, md ? "\nFastest and slowest run per phase:\n\n" : "\nFastest and slowest run per phase:\n");
	for (int i = 0; i < PHASE_COUNT; i++) {
		enum phase_id id = (enum phase_id)i;
		const struct compare_extreme *e = &r->extremes[i];
		size_t f = e->fast, s = e->slow;
		if (!e->has)
			continue;
		compare_run_head(runs, f, hf, sizeof hf, HEAD_COLS);
		compare_run_head(runs, s, hs, sizeof hs, HEAD_COLS);
		compare_rate_text(&runs[f].view.phase[id], vf, sizeof vf);
		compare_rate_text(&runs[s].view.phase[id], vs, sizeof vs);
		if (e->not_comparable)
			snprintf(apart, sizeof apart, "; n/c");
		else if (e->apart > 0) /* MARK_SETUP: the two were set up differently */
			snprintf(apart, sizeof apart, "; %.2fx apart%s", e->apart, e->setup_differs ? " " MARK_SETUP_S : "");
		else /* no ratio to a rate of 0 */
			apart[0] = '\0';
		snprintf(line, sizeof line, "%s%-18s fastest %s: %s; slowest %s: %s%s", md ? "- " : "  ",
		         phase_words(id), hf, vf, hs, vs, apart);
		compare_wrap_out(out, line, limit, md ? 2 : 21);
	}
}

static void phrase(FILE *out, const struct compare_diff *d)
{
	char buf[256];

	compare_phrase(d, buf, sizeof buf);
	fputs(buf, out);
}

/* What a summary line says: rates, or latency percentiles (the median and
 * p99; a maximum is EVIDENCE_MAXIMUM, on a line of its own). */
enum said_what { SAY_RATES, SAY_PERCENTILES, SAY_MEANS };

/* The flagged differences of one kind of evidence (from <= e <= to), in
 * the order compare_all_diffs gives, at most MAX_SUMMARY; how many said. */
static size_t said(FILE *out, const struct compare_diff *d, size_t count, enum compare_evidence from,
                   enum compare_evidence to, enum said_what what, const char *lead)
{
	size_t shown = 0;

	for (size_t i = 0; i < count && shown < MAX_SUMMARY; i++) {
		if (!d[i].flagged || d[i].evidence < from || d[i].evidence > to)
			continue;
		if (d[i].evidence != EVIDENCE_MAXIMUM &&
		    (d[i].latency != (what != SAY_RATES) || d[i].mean != (what == SAY_MEANS)))
			continue;
		fputs(shown++ ? "; " : lead, out);
		phrase(out, &d[i]);
	}
	if (shown)
		fputs(".\n", out);
	return shown;
}

/* "no difference here is strong evidence: each rate compared is under
 * 0.5 s, from a cache or of unknown cache state (see weaker evidence)" */
static void nothing_strong(FILE *out, unsigned why)
{
	static const struct {
		unsigned bit;
		const char *words;
	} said_why[] = {
		{CONF_SHORT, "under %s"}, {CONF_FEW_OPS, "under %s"}, {CONF_CACHED, "from a cache"},
		{COMPARE_WHY_CACHE_UNKNOWN, "of unknown cache state"}, {COMPARE_WHY_SETUP, "of runs set up differently"},
		{COMPARE_WHY_TIME_UNKNOWN, "of unknown time"},
	};
	size_t n = 0, k = 0;
	char rule[32];

	for (size_t i = 0; i < sizeof said_why / sizeof *said_why; i++)
		n += (why & said_why[i].bit) != 0;
	fputs("no difference here is strong evidence: each rate compared is ", out);
	for (size_t i = 0; i < sizeof said_why / sizeof *said_why; i++) {
		if (!(why & said_why[i].bit))
			continue;
		if (said_why[i].bit == CONF_SHORT)
			compare_rule_seconds(rule, sizeof rule);
		else
			compare_rule_operations(rule, sizeof rule);
		fputs(k == 0 ? "" : k + 1 == n ? " or " : ", ", out);
		fprintf(out, said_why[i].words, rule);
		k++;
	}
	fputs(" (below, as weaker evidence)", out);
}

/* Ranked by evidence (compare_evidence_rule): the headline is the rates
 * both runs measured for 0.5 s and 100 operations or more, from the
 * device, set up alike; then the median and p99 latencies equally backed
 * (bonnie's JSON inputs only), on their own line so that a latency ratio,
 * often larger than the rate's, does not crowd the rates out; every other
 * rate follows as weaker evidence, each with its reasons; the maximum
 * latencies, one sample each, last, as maxima, never a finding. When no
 * rate is strong evidence the headline says so, and ranks nothing. */
void compare_summary(FILE *out, const struct compare_result *r)
{
	const struct compare_opts *o = &r->o;
	size_t count = r->ndiffs;
	const struct compare_diff *d = r->diffs;
	const struct compare_diff *big;
	char lab[16], sec[32], ops[32], lead[256];

	compare_label(o->base, lab, sizeof lab);
	compare_rule_seconds(sec, sizeof sec);
	compare_rule_operations(ops, sizeof ops);
	if (d == NULL)
		return;
	if (said(out, d, count, EVIDENCE_ENOUGH, EVIDENCE_ENOUGH, SAY_RATES, "Summary: ") == 0) {
		fputs("Summary: ", out);
		if ((big = r->strongest_rate) != NULL) {
			fprintf(out, "no rate of strong evidence differs beyond %.2fx; the largest: ", o->threshold);
			phrase(out, big);
		} else if (count > 0)
			nothing_strong(out, r->rates_why);
		else
			fprintf(out, "no phase has numbers on both %s and another run", lab);
		fputs(".\n", out);
	}
	snprintf(lead, sizeof lead, "Latency percentiles (median from %u operations, p99 from %u, of strong-evidence "
	         "phases): ", COMPARE_P50_MIN_OPS, COMPARE_P99_MIN_OPS);
	said(out, d, count, EVIDENCE_ENOUGH, EVIDENCE_ENOUGH, SAY_PERCENTILES, lead);
	snprintf(lead, sizeof lead, "Weaker evidence (under %s or %s, from a cache or of unknown cache state, "
	         "set up differently, or of unknown time; not findings): ", sec, ops);
	said(out, d, count, EVIDENCE_WEAK, EVIDENCE_UNKNOWN, SAY_RATES, lead);
	said(out, d, count, EVIDENCE_ENOUGH, EVIDENCE_UNKNOWN, SAY_MEANS,
	     "Mean latencies (where both inputs print one: CrystalDiskMark, KDiskMark, fio, bonnie's JSON; each of its "
	     "rate's evidence, not ranked as findings): ");
	said(out, d, count, EVIDENCE_MAXIMUM, EVIDENCE_MAXIMUM, SAY_RATES, "Maximum latencies (one sample each, not ranked as findings): ");
}

/* The summary sentence as lines of at most limit columns. */
static void summary_wrapped(FILE *out, const struct compare_result *r)
{
	const struct compare_opts *o = &r->o;
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	if (m == NULL)
		return;
	compare_summary(m, r);
	if (fclose(m) == 0 && buf != NULL)
		for (char *line = buf, *nl; *line; line = nl + 1) { /* each line of it wrapped */
			if ((nl = strchr(line, '\n')) == NULL)
				nl = line + strlen(line) - 1;
			else
				*nl = '\0';
			if (o->format == COMPARE_MARKDOWN && line != buf) /* a paragraph each, not one */
				fputc('\n', out);
			compare_wrap_out(out, line, compare_line_limit(o), o->format == COMPARE_TEXT ? 2 : 0);
		}
	free(buf);
}

void compare_report(FILE *out, const struct compare_result *r)
{
	const struct compare_opts *o = &r->o;
	struct c_locale loc;

	c_locale_enter(&loc);
	switch (o->format) {
	case COMPARE_CSV:
		for (size_t k = 0; k < r->n; k++)
			compare_csv_line(out, &r->runs[k]);
		break;
	case COMPARE_JSON:
		compare_json(out, r);
		break;
	case COMPARE_TEXT:
	case COMPARE_MARKDOWN:
		if (o->format == COMPARE_TEXT)
			compare_text_table(out, r);
		else
			compare_markdown_table(out, r);
		if (r->n >= 2) {
			extremes_lines(out, r, o->format == COMPARE_MARKDOWN, compare_line_limit(o));
			fputc('\n', out);
			summary_wrapped(out, r);
		}
		break;
	}
	c_locale_leave(&loc);
}
