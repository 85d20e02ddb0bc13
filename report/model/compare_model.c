/* The compare model: ratios of each run to the base, the differences
 * biggest first, the fastest and slowest run of a phase and a difference
 * in words. Pure: no FILE *, no output; every compare formatter (text,
 * Markdown, CSV, JSON, HTML) reads it. */
#include "compare_model.h"
#include "confidence.h"
#include "metrics.h"
#include "../../phases/qd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Run k's ratios against base, each kind of each phase (compare_vs_base). */
static void vs_base_of(const struct compare_run *base, struct compare_run *run, size_t k,
                       const struct compare_opts *o)
{
	for (int i = 0; i < PHASE_COUNT; i++) {
		enum phase_id id = (enum phase_id)i;
		struct compare_vs_base *v = run->vs[i];
		v[COMPARE_RATIO_RATE].has = compare_ratio(base, run, id, false, o->threshold, &v[COMPARE_RATIO_RATE].d);
		v[COMPARE_RATIO_MEAN].has = compare_mean_ratio(base, run, id, o->threshold, &v[COMPARE_RATIO_MEAN].d);
		v[COMPARE_RATIO_MAX].has = compare_ratio(base, run, id, true, o->threshold, &v[COMPARE_RATIO_MAX].d);
		for (int r = 0; r < COMPARE_RATIO_KINDS; r++) {
			v[r].d.base = o->base;
			v[r].d.run = k;
		}
		run->setup_vs_base[i] = compare_setup_differs(base->in, run->in, id);
	}
}

struct compare_run *compare_runs_of(const struct parsed_run *runs, size_t n, const struct compare_opts *o)
{
	struct compare_run *c = calloc(n ? n : 1, sizeof *c);

	for (size_t k = 0; c && k < n; k++) {
		c[k].in = &runs[k];
		view_of_read(&runs[k], &c[k].view);
		compare_p99_of(&c[k]);
		compare_shown_of(&runs[k], &c[k]);
	}
	for (size_t k = 0; c && o && o->base < n && k < n; k++)
		if (k != o->base) {
			vs_base_of(&c[o->base], &c[k], k, o);
			compare_ratios_said(&c[k]);
		}
	return c;
}

/* The cache rule: CONF_CACHED where the input says (bonnie's JSON: under
 * half the data from the device, the page cache's or the ARC's); where it
 * records no cache state (reasons_unknown: a CSV line, a table) a figure
 * may as well be the cache's (bonnie's own -s 256m on a 23 GiB host writes
 * the same CSV line as a device-bound run), so it is not strong evidence. */
/* What one side records against its rate: too short, too few
 * operations, from a cache, and where its input cannot say, an unknown
 * cache state or (no time stated nor derived: a JSON document that states
 * its reasons has measured the time even where the reader does not carry
 * it) an unknown time. */
static unsigned side_why(const struct phase_view *p)
{
	unsigned why = p->conf.reasons & (CONF_SHORT | CONF_FEW_OPS | CONF_CACHED);

	if (p->reasons_unknown)
		why |= COMPARE_WHY_CACHE_UNKNOWN;
	if (p->duration_ns == 0 && p->reasons_unknown)
		why |= COMPARE_WHY_TIME_UNKNOWN;
	return why;
}

void compare_evidence_rule(const struct phase_view *b, const struct phase_view *r, unsigned setup,
                           struct compare_diff *d)
{
	unsigned why;

	d->side_reasons[0] = side_why(b);
	d->side_reasons[1] = side_why(r);
	why = d->side_reasons[0] | d->side_reasons[1] | (setup ? COMPARE_WHY_SETUP : 0u);
	d->weak_reasons = why;
	d->evidence = why == 0 ? EVIDENCE_ENOUGH : why == COMPARE_WHY_TIME_UNKNOWN ? EVIDENCE_UNKNOWN : EVIDENCE_WEAK;
}

void compare_rule_seconds(char *buf, size_t cap)
{
	snprintf(buf, cap, "%g s", (double)METRIC_MIN_TRUSTED_NS / 1e9);
}

void compare_rule_operations(char *buf, size_t cap)
{
	snprintf(buf, cap, "%u operations", CONF_MIN_OPS);
}

/* Appends "; " (when buf holds words) and w. */
static void why_add(char *buf, size_t cap, const char *w)
{
	size_t used = strlen(buf);

	if (used < cap)
		snprintf(buf + used, cap - used, "%s%s", used ? "; " : "", w);
}

/* The sides a reason holds for, by their labels: "A", "B" or "A and B". */
static void sides_words(const struct compare_diff *d, unsigned why, char *buf, size_t cap)
{
	char blab[16], rlab[16];
	bool on_base = d->side_reasons[0] & why, on_run = d->side_reasons[1] & why;

	compare_label(d->base, blab, sizeof blab);
	compare_label(d->run, rlab, sizeof rlab);
	snprintf(buf, cap, "%s%s%s", on_base ? blab : "", on_base && on_run ? " and " : "", on_run ? rlab : "");
}

void compare_why_words(const struct compare_diff *d, char *buf, size_t cap)
{
	char w[96], sides[40], rule[32];

	buf[0] = '\0';
	if (d->setup_differs) { /* a maximum's too: it is said, never ranked */
		compare_setup_words(d->setup_differs, w, sizeof w);
		snprintf(w + strlen(w), sizeof w - strlen(w), " %s", strstr(w, " and ") ? "differ" : "differs");
		why_add(buf, cap, w);
	}
	/* each reason names the side it holds for (a reader saw "under 0.5 s"
	 * and could not tell which run was short) */
	if (d->weak_reasons & CONF_CACHED) {
		sides_words(d, CONF_CACHED, sides, sizeof sides);
		snprintf(w, sizeof w, "%s from a cache", sides);
		why_add(buf, cap, w);
	} else if (d->weak_reasons & COMPARE_WHY_CACHE_UNKNOWN) {
		sides_words(d, COMPARE_WHY_CACHE_UNKNOWN, sides, sizeof sides);
		snprintf(w, sizeof w, "cache state unknown for %s", sides);
		why_add(buf, cap, w);
	}
	if (d->weak_reasons & CONF_SHORT) {
		sides_words(d, CONF_SHORT, sides, sizeof sides);
		compare_rule_seconds(rule, sizeof rule);
		snprintf(w, sizeof w, "%s under %s", sides, rule);
		why_add(buf, cap, w);
	}
	if (d->weak_reasons & CONF_FEW_OPS) {
		sides_words(d, CONF_FEW_OPS, sides, sizeof sides);
		compare_rule_operations(rule, sizeof rule);
		snprintf(w, sizeof w, "%s under %s", sides, rule);
		why_add(buf, cap, w);
	}
	if (d->weak_reasons & COMPARE_WHY_TIME_UNKNOWN) {
		sides_words(d, COMPARE_WHY_TIME_UNKNOWN, sides, sizeof sides);
		snprintf(w, sizeof w, "time unknown for %s", sides);
		why_add(buf, cap, w);
	}
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
	d->mean = false;
	d->ratio = ratio;
	d->better = latency ? ratio < 1 : ratio > 1;
	d->not_comparable = !compare_comparable(base->in, run->in, id);
	d->setup_differs = compare_setup_differs(base->in, run->in, id);
	d->flagged = !d->not_comparable && (ratio >= threshold || ratio <= 1 / threshold);
	if (latency) {
		d->evidence = EVIDENCE_MAXIMUM;
		d->weak_reasons = d->side_reasons[0] = d->side_reasons[1] = 0;
	} else
		compare_evidence_rule(b, r, d->setup_differs, d);
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

bool compare_mean_ratio(const struct compare_run *base, const struct compare_run *run, enum phase_id id,
                        double threshold, struct compare_diff *d)
{
	double b = base->view.phase[id].lat_mean_ns, r = run->view.phase[id].lat_mean_ns;

	if (!qd_is(id) || b <= 0 || r <= 0 || !compare_ratio(base, run, id, false, threshold, d) || d->not_comparable)
		return false;
	d->latency = d->mean = true;
	d->ratio = r / b;
	d->better = d->ratio < 1;
	d->flagged = d->ratio >= threshold || d->ratio <= 1 / threshold;
	return true;
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

/* By evidence first (a 0.05 s phase, a cached figure, runs set up
 * differently or one maximum is no finding beside a device-bound rate of
 * seconds); among the weaker, those whose one doubt is the cache state an
 * input does not record (a bonnie++ line of a long run) before the rest;
 * biggest first within each. */
static int by_magnitude(const void *a, const void *b)
{
	const struct compare_diff *da = a, *db = b;
	double x = magnitude(da->ratio), y = magnitude(db->ratio);
	bool ua = da->weak_reasons == COMPARE_WHY_CACHE_UNKNOWN, ub = db->weak_reasons == COMPARE_WHY_CACHE_UNKNOWN;

	if (da->evidence != db->evidence)
		return da->evidence > db->evidence ? 1 : -1;
	if (ua != ub)
		return ua ? -1 : 1;
	return x < y ? 1 : x > y ? -1 : 0;
}

/* The difference at d[*count] kept, of run k to base. */
static void diff_taken(struct compare_diff *d, size_t *count, size_t base, size_t k)
{
	d[*count].base = base;
	d[(*count)++].run = k;
}

/* The difference of run k of kind to the base at d[*count], kept when
 * comparable (its ratio, compare_runs_of's). */
static void vs_taken(const struct compare_run *run, enum phase_id id, enum compare_ratio_kind kind,
                     struct compare_diff *d, size_t *count)
{
	const struct compare_vs_base *v = &run->vs[id][kind];

	if (v->has && !v->d.not_comparable)
		d[(*count)++] = v->d;
}

struct compare_diff *compare_all_diffs(const struct compare_run *runs, size_t n, const struct compare_opts *o,
                                      size_t *count)
{
	static const enum view_pct pcts[] = {VIEW_P50, VIEW_P99};
	struct compare_diff *d = calloc(n * PHASE_COUNT * 5 + 1, sizeof *d);

	*count = 0;
	if (d == NULL)
		return NULL;
	for (size_t k = 0; k < n; k++)
		for (int i = 0; i < PHASE_COUNT && k != o->base; i++) {
			enum phase_id id = (enum phase_id)i;
			vs_taken(&runs[k], id, COMPARE_RATIO_RATE, d, count);
			for (size_t q = 0; q < sizeof pcts / sizeof *pcts; q++)
				if (compare_pct_ratio(&runs[o->base], &runs[k], id, pcts[q], o->threshold, &d[*count]))
					diff_taken(d, count, o->base, k);
			vs_taken(&runs[k], id, COMPARE_RATIO_MEAN, d, count);
			vs_taken(&runs[k], id, COMPARE_RATIO_MAX, d, count);
		}
	qsort(d, *count, sizeof *d, by_magnitude);
	return d;
}

/* "7.21x", "13.4x", "250x": one precision rule for every ratio said. */
static void times_text(double m, char *buf, size_t cap)
{
	if (m >= 1e6) /* stays narrow however far apart the runs are */
		snprintf(buf, cap, ">999999x");
	else
		snprintf(buf, cap, m < 10 ? "%.2fx" : "%.0fx", m);
}

unsigned compare_apart_marks(const struct compare_diff *d)
{
	char t[16];
	unsigned m = 0;

	if (d->not_comparable)
		return 0;
	times_text(magnitude(d->ratio), t, sizeof t);
	if (d->flagged && strcmp(t, "1.00x") != 0)
		m |= COMPARE_SHOWS_BEYOND;
	if (d->setup_differs)
		m |= COMPARE_SHOWS_SETUP;
	return m;
}

void compare_apart_text(const struct compare_diff *d, char *buf, size_t cap)
{
	char t[16];
	unsigned m = compare_apart_marks(d);
	const char *setup = m & COMPARE_SHOWS_SETUP ? " " MARK_SETUP_S : "";

	if (d->not_comparable) {
		snprintf(buf, cap, "n/c");
		return;
	}
	times_text(magnitude(d->ratio), t, sizeof t);
	/* the marks after the words, a blank apart (a mark before the ratio,
	 * "~7.8x", read as "about 7.8x") */
	if (strcmp(t, "1.00x") == 0) /* no side is faster at this precision */
		snprintf(buf, cap, "%s%s", t, setup);
	else
		snprintf(buf, cap, "%s %s%s%s", t,
		         d->latency ? (d->better ? "better" : "worse") : (d->better ? "faster" : "slower"),
		         m & COMPARE_SHOWS_BEYOND ? " " MARK_BEYOND_S : "", setup);
}

/* "block write 1.30x faster on B", "seq delete max latency 300x worse on
 * B (file size differs; under 0.5 s)" */
void compare_phrase(const struct compare_diff *d, char *buf, size_t cap)
{
	char lab[16], t[16], why[192];

	compare_label(d->run, lab, sizeof lab);
	times_text(magnitude(d->ratio), t, sizeof t);
	compare_why_words(d, why, sizeof why);
	snprintf(buf, cap, "%s%s %s %s on %s%s%s%s", phase_words(d->phase),
	         !d->latency ? "" : d->mean ? " mean latency" : d->pct == VIEW_P50 ? " median latency"
	         : d->pct == VIEW_P99 ? " p99 latency" : " max latency", t,
	         d->latency ? (d->better ? "better" : "worse") : (d->better ? "faster" : "slower"), lab, why[0] ? " (" : "",
	         why, why[0] ? ")" : "");
}
