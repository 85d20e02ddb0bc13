/* input_join: one run per result (a matching of identities, no
 * arithmetic; "merge" is bonnie merge's, of hosts). A table and a CSV line
 * are the same run when the size and every figure the table shows agree
 * after the table's rounding (2.00a prints 402m for 412019 KiB/s) and the
 * names agree as far as the table kept them (tables cut names), or, names
 * aside, at least SAME_FIGURES_ANY_NAME figures agree; the CSV's values
 * and name are kept. Identical results posted twice (a quoted repost) are
 * kept once too. Every joined run lists each place it was found. */
#include "text_table.h"
#include "../lib/str.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

unsigned input_origin_line(const char *origin, const char *name)
{
	size_t n = strlen(name);

	if (strncmp(origin, name, n) != 0 || origin[n] != ':')
		return 0;
	return (unsigned)strtoul(origin + n + 1, NULL, 10);
}

static bool is_table(const char *piece, size_t n)
{
	return n >= 7 && memcmp(piece + n - 7, "(table)", 7) == 0;
}

/* Adds the pieces of origin b ("f:3 (table) + f:9") to dst, every piece
 * in line order; what does not fit ends in " + ...". */
static void origin_add(char *dst, const char *b, const char *name)
{
	char out[PARSED_ORIGIN_LEN] = "";
	const char *p = dst, *q = b;
	size_t used = 0;
	bool full = false;

	while (*p || *q) {
		const char *pe = strstr(p, " + "), *qe = strstr(q, " + ");
		size_t pn = pe ? (size_t)(pe - p) : strlen(p), qn = qe ? (size_t)(qe - q) : strlen(q);
		unsigned lp = input_origin_line(p, name), lq = input_origin_line(q, name);
		/* on one line (a flattened post), the table stands before its CSV line */
		bool take_p = *p && (!*q || lp < lq || (lp == lq && (is_table(p, pn) || !is_table(q, qn))));
		const char *piece = take_p ? p : q;
		size_t n = take_p ? pn : qn;
		if (!full && used + n + 3 + 6 < sizeof out) {
			used += (size_t)snprintf(out + used, sizeof out - used, "%s%.*s", used ? " + " : "", (int)n, piece);
		} else if (!full) {
			snprintf(out + used, sizeof out - used, " + ...");
			full = true;
		}
		if (take_p)
			p = pe ? pe + 3 : p + pn;
		else
			q = qe ? qe + 3 : q + qn;
	}
	memcpy(dst, out, sizeof out);
}

/* The CSV line's name is the table's with the table's last %CPU cell in
 * front: a flattened page ran the two together ("38server,2G,..."). */
static bool glued_name(const char *table, const char *csv)
{
	size_t d = strspn(csv, "0123456789");

	return table[0] && d >= 1 && d <= 3 && strcmp(csv + d, table) == 0;
}

/* One name starts the other, or the table kept none. */
static bool names_agree(const char *table, const char *csv)
{
	size_t a = strlen(table), b = strlen(csv);

	return strncmp(table, csv, a < b ? a : b) == 0 || glued_name(table, csv);
}

static bool figure_agrees(const struct text_table_run *tr, const struct parsed_run *r, int i, bool latency)
{
	const struct parsed_phase *t = &tr->run.phase[i], *c = &r->phase[i];
	double d = t->rate - c->rate, csv_step = phase_unit((enum phase_id)i) == RATE_SEEKS && c->rate < 1000 ? 0.1 : 1;

	if (t->cpu != c->cpu || (latency && t->latency_ns != c->latency_ns))
		return false;
	if (t->state == CELL_UNKNOWN) /* the table does not show it */
		return c->state == CELL_VALUE;
	if (t->state != c->state)
		return false;
	return t->state != CELL_VALUE || (d < 0 ? -d : d) <= tr->step[i] + csv_step + 1e-9;
}

/* A table and a CSV line whose names differ are still one run when this
 * many of the table's figures (rates, each with its %CPU) agree: a poster
 * who renamed one of the two (a table row 'bach' over the CSV line's
 * 'myhost', both of 2165 93 108640 10 ...) posted one result, not two. */
#define SAME_FIGURES_ANY_NAME 8

static bool same_run(const struct text_table_run *tr, const struct parsed_run *r)
{
	bool named = names_agree(tr->io_name, r->meta[META_NAME]) && names_agree(tr->file_name, r->meta[META_NAME]);
	int values = 0;

	if (strcmp(r->format, "json") == 0 || strcmp(r->format, "table") == 0 ||
	    (tr->shows_io && tr->run.size_bytes != r->size_bytes) ||
	    (tr->shows_files && strcmp(tr->run.meta[META_NUM_FILES], r->meta[META_NUM_FILES]) != 0))
		return false;
	for (int i = 0; i < PHASE_COUNT; i++) {
		enum table_block b = phase_facts_of((enum phase_id)i)->block;
		bool io = b == BLOCK_IO, shown = io ? tr->shows_io : b == BLOCK_FILES && tr->shows_files;
		if (shown && !figure_agrees(tr, r, i, io ? tr->io_latency : tr->file_latency))
			return false;
		values += shown && tr->run.phase[i].state == CELL_VALUE;
	}
	return named || values >= SAME_FIGURES_ANY_NAME;
}

/* The CSV run of this text the table is: the nearest one at or after it,
 * else the nearest before it. Returns its index or -1. */
static long csv_of(const struct parsed_set *set, size_t first, size_t end, const struct text_table_run *tr,
                   const char *name)
{
	long after = -1, before = -1;
	unsigned la = 0, lb = 0;

	for (size_t j = first; j < end; j++) {
		if (!same_run(tr, &set->run[j]))
			continue;
		unsigned l = input_origin_line(set->run[j].origin, name);
		if (l >= tr->line && (after < 0 || l < la))
			after = (long)j, la = l;
		if (l < tr->line && (before < 0 || l > lb))
			before = (long)j, lb = l;
	}
	return after >= 0 ? after : before;
}

static void join_table(struct parsed_run *r, const struct text_table_run *tr, const char *name)
{
	origin_add(r->origin, tr->run.origin, name);
	/* a CSV line without a name (-m ""? a cut paste) takes its table's */
	if (!r->meta[META_NAME][0] || glued_name(tr->run.meta[META_NAME], r->meta[META_NAME]))
		str_copy(r->meta[META_NAME], PARSED_META_LEN, tr->run.meta[META_NAME]);
	/* a 1.0x line does not say its version; its table does */
	if (strcmp(r->format, "1.0x") == 0 && tr->run.meta[META_VERSION][0])
		str_copy(r->meta[META_VERSION], PARSED_META_LEN, tr->run.meta[META_VERSION]);
	/* a CSV line carries no marks; bonnie's table beside it does ("127kc") */
	for (int i = 0; i < PHASE_COUNT; i++) {
		if (!r->phase[i].reasons_known && tr->run.phase[i].reasons_known) {
			str_copy(r->phase[i].reasons, sizeof r->phase[i].reasons, tr->run.phase[i].reasons);
			r->phase[i].reasons_known = true;
		}
		/* what either states (their figures agree: same_run) */
		r->phase[i].known |= tr->run.phase[i].known;
	}
}

/* Orders identical results together, each group by line. */
struct keyed {
	const struct parsed_run *run;
	unsigned line;
	size_t at;
};

static int result_cmp(const struct parsed_run *a, const struct parsed_run *b)
{
	int c = strcmp(a->format, b->format);

	if (c || a->size_bytes != b->size_bytes)
		return c ? c : a->size_bytes < b->size_bytes ? -1 : 1;
	for (int m = 0; m < META_COUNT; m++)
		if ((c = strcmp(a->meta[m], b->meta[m])) != 0)
			return c;
	for (int i = 0; i < PHASE_COUNT; i++) {
		const struct parsed_phase *p = &a->phase[i], *q = &b->phase[i];
		if (p->state != q->state || p->cpu != q->cpu || p->latency_ns != q->latency_ns ||
		    p->low_confidence != q->low_confidence)
			return p->state != q->state       ? (int)p->state - (int)q->state
			       : p->cpu != q->cpu         ? p->cpu - q->cpu
			       : p->latency_ns != q->latency_ns ? (p->latency_ns < q->latency_ns ? -1 : 1)
			                                        : (int)p->low_confidence - (int)q->low_confidence;
		if (p->state == CELL_VALUE && p->rate != q->rate)
			return p->rate < q->rate ? -1 : 1;
		if ((c = strcmp(p->reasons, q->reasons)) != 0 || p->reasons_known != q->reasons_known)
			return c ? c : (int)p->reasons_known - (int)q->reasons_known;
	}
	if (a->nother != b->nother)
		return a->nother - b->nother;
	for (int i = 0; i < a->nother; i++)
		if ((c = strcmp(a->other[i].name, b->other[i].name)) != 0 || a->other[i].rate != b->other[i].rate)
			return c ? c : a->other[i].rate < b->other[i].rate ? -1 : 1;
	return 0;
}

static int by_result(const void *x, const void *y)
{
	const struct keyed *a = x, *b = y;
	int c = result_cmp(a->run, b->run);

	return c ? c : a->line != b->line ? (a->line < b->line ? -1 : 1) : (a->at < b->at ? -1 : a->at > b->at);
}

static int by_line(const void *x, const void *y)
{
	const struct keyed *a = x, *b = y;

	return a->line != b->line ? (a->line < b->line ? -1 : 1) : (a->at < b->at ? -1 : a->at > b->at);
}

/* Keeps one of identical results of set->run[first..] and puts them in text
 * order. Returns 0 or -1 (memory). */
static int dedup_and_order(struct parsed_set *set, size_t first, const char *name)
{
	size_t n = set->count - first, kept = 0;
	struct keyed *k;
	struct parsed_run *copy;
	bool *gone;

	if (n < 2)
		return 0;
	k = malloc(n * sizeof *k);
	copy = malloc(n * sizeof *copy);
	gone = calloc(n, sizeof *gone);
	if (k == NULL || copy == NULL || gone == NULL) {
		free(k), free(copy), free(gone);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		k[i] = (struct keyed){&set->run[first + i], input_origin_line(set->run[first + i].origin, name), i};
	qsort(k, n, sizeof *k, by_result);
	for (size_t i = 0, g = 0; i < n; i++) {
		if (i > 0 && result_cmp(k[g].run, k[i].run) == 0) {
			struct parsed_run *keep = &set->run[first + k[g].at];
			origin_add(keep->origin, k[i].run->origin, name);
			gone[k[i].at] = true;
			free(set->run[first + k[i].at].result); /* NULL: JSON runs are not deduplicated here */
			set->run[first + k[i].at].result = NULL;
		} else
			g = i;
	}
	for (size_t i = 0; i < n; i++)
		if (!gone[i])
			k[kept++] = (struct keyed){&set->run[first + i], input_origin_line(set->run[first + i].origin, name), i};
	qsort(k, kept, sizeof *k, by_line);
	for (size_t i = 0; i < kept; i++)
		copy[i] = *k[i].run;
	memcpy(&set->run[first], copy, kept * sizeof *copy);
	set->count = first + kept;
	free(k), free(copy), free(gone);
	return 0;
}

int input_join(struct parsed_set *set, size_t first, const struct text_table_set *ts, const char *name)
{
	size_t csv_end;

	/* reposted CSV lines first, so each table joins the one run they are */
	if (dedup_and_order(set, first, name) != 0)
		return -1;
	csv_end = set->count;
	for (size_t t = 0; t < ts->count; t++) {
		long j = csv_of(set, first, csv_end, &ts->run[t], name);
		if (j >= 0)
			join_table(&set->run[j], &ts->run[t], name);
		else if (input_add_run(set, &ts->run[t].run) != 0)
			return -1;
	}
	return dedup_and_order(set, first, name);
}
