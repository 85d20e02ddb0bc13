/* The compare model: ratios of each run to the base, the differences
 * biggest first, the fastest and slowest run of a phase and a difference
 * in words. Pure: no FILE *, no output; every compare formatter (text,
 * Markdown, CSV, JSON, HTML) reads it. */
#include "compare_model.h"
#include "confidence.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct compare_run *compare_runs_of(const struct parsed_run *runs, size_t n)
{
	struct compare_run *c = calloc(n ? n : 1, sizeof *c);

	for (size_t k = 0; c && k < n; k++) {
		c[k].in = &runs[k];
		view_of_parsed(&runs[k], &c[k].view);
	}
	return c;
}

/* What backs a rate of one phase of two runs (see enum compare_evidence). */
static enum compare_evidence compare_evidence_of(const struct phase_view *b, const struct phase_view *r,
                                                 unsigned *weak)
{
	*weak = (b->conf.reasons | r->conf.reasons) & (CONF_SHORT | CONF_FEW_OPS);
	if (*weak)
		return EVIDENCE_WEAK;
	/* no time stated nor derived: a JSON document that states its reasons
	 * has measured the time even where the reader does not carry it */
	if ((b->duration_ns == 0 && b->reasons_unknown) || (r->duration_ns == 0 && r->reasons_unknown))
		return EVIDENCE_UNKNOWN;
	return EVIDENCE_ENOUGH;
}

bool compare_ratio(const struct compare_run *base, const struct compare_run *run, enum phase_id id,
                   bool latency, double threshold, struct compare_diff *d)
{
	const struct phase_view *b = &base->view.phase[id], *r = &run->view.phase[id];
	int64_t bl = b->pct_ns[VIEW_MAX], rl = r->pct_ns[VIEW_MAX];
	double ratio;

	if (latency) {
		if (bl <= 0 || rl <= 0)
			return false;
		ratio = (double)rl / (double)bl;
	} else {
		if (b->state != CELL_VALUE || r->state != CELL_VALUE || b->rate <= 0 || r->rate <= 0)
			return false;
		ratio = r->rate / b->rate;
	}
	d->phase = id;
	d->latency = latency;
	d->pct = VIEW_MAX;
	d->ratio = ratio;
	d->better = latency ? ratio < 1 : ratio > 1;
	d->not_comparable = !compare_comparable(base->in, run->in, id);
	d->setup_differs = compare_setup_differs(base->in, run->in, id);
	d->flagged = !d->not_comparable && (ratio >= threshold || ratio <= 1 / threshold);
	d->evidence = latency ? EVIDENCE_MAXIMUM : compare_evidence_of(b, r, &d->weak_reasons);
	return true;
}

bool compare_pct_ratio(const struct compare_run *base, const struct compare_run *run, enum phase_id id,
                       enum view_pct pct, double threshold, struct compare_diff *d)
{
	const struct phase_view *b = &base->view.phase[id], *r = &run->view.phase[id];
	uint64_t need = pct == VIEW_P99 ? COMPARE_P99_MIN_OPS : COMPARE_P50_MIN_OPS;

	if (!compare_ratio(base, run, id, false, threshold, d) || d->not_comparable || d->evidence != EVIDENCE_ENOUGH)
		return false;
	if (b->pct_ns[pct] <= 0 || r->pct_ns[pct] <= 0 || b->operations < need || r->operations < need)
		return false;
	d->latency = true;
	d->pct = pct;
	d->ratio = (double)r->pct_ns[pct] / (double)b->pct_ns[pct];
	d->better = d->ratio < 1;
	d->flagged = d->ratio >= threshold || d->ratio <= 1 / threshold;
	return true;
}

bool compare_reasons_known(const struct compare_run *r)
{
	for (int i = 0; i < PHASE_COUNT; i++)
		if (!r->view.phase[i].reasons_unknown)
			return true;
	return false;
}

void compare_label(size_t k, char *buf, size_t cap)
{
	if (k < 26)
		snprintf(buf, cap, "%c", (char)('A' + k));
	else
		snprintf(buf, cap, "R%u", (unsigned)(k + 1));
}

/* How far from 1 a ratio is, either way. */
static double magnitude(double ratio)
{
	return ratio >= 1 ? ratio : 1 / ratio;
}

/* Fastest and slowest run of one phase; false with fewer than two numbers.
 * A rate of 0 is a measured number too (the slowest there can be). */
bool compare_extremes(const struct compare_run *runs, size_t n, enum phase_id id, size_t *fast, size_t *slow)
{
	size_t seen = 0;

	for (size_t k = 0; k < n; k++) {
		const struct phase_view *p = &runs[k].view.phase[id];
		if (p->state != CELL_VALUE || p->rate < 0)
			continue;
		if (seen++ == 0)
			*fast = *slow = k;
		if (p->rate > runs[*fast].view.phase[id].rate)
			*fast = k;
		if (p->rate < runs[*slow].view.phase[id].rate)
			*slow = k;
	}
	return seen >= 2;
}

/* By evidence first (a 0.05 s phase or one maximum is no finding beside a
 * rate of seconds), then like-for-like differences before those of runs
 * set up differently (a cached 64 MiB file against a 16 GiB one is no
 * finding); biggest first within each. */
static int by_magnitude(const void *a, const void *b)
{
	const struct compare_diff *da = a, *db = b;
	double x = magnitude(da->ratio), y = magnitude(db->ratio);

	if (da->evidence != db->evidence)
		return da->evidence > db->evidence ? 1 : -1;
	if ((da->setup_differs != 0) != (db->setup_differs != 0))
		return da->setup_differs ? 1 : -1;
	return x < y ? 1 : x > y ? -1 : 0;
}

struct compare_diff *compare_all_diffs(const struct compare_run *runs, size_t n, const struct compare_opts *o,
                                      size_t *count)
{
	static const enum view_pct pcts[] = {VIEW_P50, VIEW_P99};
	struct compare_diff *d = calloc(n * PHASE_COUNT * 4 + 1, sizeof *d);

	*count = 0;
	if (d == NULL)
		return NULL;
	for (size_t k = 0; k < n; k++)
		for (int i = 0; i < PHASE_COUNT * 2 && k != o->base; i++) {
			enum phase_id id = (enum phase_id)(i / 2);
			if (compare_ratio(&runs[o->base], &runs[k], id, i % 2, o->threshold, &d[*count]) &&
			    !d[*count].not_comparable)
				d[(*count)++].run = k;
			if (i % 2 == 0)
				for (size_t q = 0; q < sizeof pcts / sizeof *pcts; q++)
					if (compare_pct_ratio(&runs[o->base], &runs[k], id, pcts[q], o->threshold, &d[*count]))
						d[(*count)++].run = k;
		}
	qsort(d, *count, sizeof *d, by_magnitude);
	return d;
}

/* "block write 1.3x faster on B", "seq delete max latency 300x worse on B" */
void compare_phrase(const struct compare_diff *d, char *buf, size_t cap)
{
	char lab[16], words[48], setup[64] = "", why[80] = "";
	double m = magnitude(d->ratio);

	compare_label(d->run, lab, sizeof lab);
	if (d->setup_differs) {
		compare_setup_words(d->setup_differs, words, sizeof words);
		snprintf(setup, sizeof setup, " (%s %s)", words, strstr(words, " and ") ? "differ" : "differs");
	}
	if (d->evidence == EVIDENCE_WEAK)
		confidence_words(d->weak_reasons, why, sizeof why);
	else if (d->evidence == EVIDENCE_UNKNOWN)
		snprintf(why, sizeof why, " (time unknown)");
	if (setup[0] && why[0]) { /* one bracket: " (file size differs; under 0.5 s)" */
		setup[strlen(setup) - 1] = ';';
		why[1] = ' ';
		memmove(why, why + 1, strlen(why));
	}
	snprintf(buf, cap, m < 10 ? "%s%s %.1fx %s on %s%s%s" : "%s%s %.0fx %s on %s%s%s", phase_words(d->phase),
	         !d->latency ? "" : d->pct == VIEW_P50 ? " median latency" : d->pct == VIEW_P99 ? " p99 latency" : " max latency", m,
	         d->latency ? (d->better ? "better" : "worse") : (d->better ? "faster" : "slower"), lab, setup, why);
}
