/* See util_parsed.h. */
#include "util_parsed.h"
#include "known_oracle.h"
#include "suites.h"
#include "../report/compare/compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void parsed_parse(struct parsed_set *set, const char *text)
{
	input_free(set);
	ck_assert_int_eq(input_parse(set, "t.txt", text, strlen(text)), 0);
	/* every reader sets a stated bit with its figure, in every test's text */
	for (size_t k = 0; k < set->count; k++)
		for (int i = 0; i < PHASE_COUNT; i++)
			ck_assert_uint_eq(set->run[k].phase[i].known, known_by_sentinels(&set->run[k].phase[i]));
}

char *parsed_csv_of(const struct parsed_run *r)
{
	static char buf[1024];
	FILE *f = fmemopen(buf, sizeof buf, "w");

	ck_assert_ptr_nonnull(f);
	report_compare_csv_line(f, r);
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return buf;
}

void parsed_stated(struct parsed_run *runs, size_t n)
{
	for (size_t k = 0; k < n; k++)
		for (int i = 0; i < PHASE_COUNT; i++)
			runs[k].phase[i].known = known_by_sentinels(&runs[k].phase[i]);
}

/* A copy of runs, stated as a reader states them (parsed_stated). */
static struct parsed_run *stated_copy(const struct parsed_run *runs, size_t n)
{
	struct parsed_run *c = malloc(n * sizeof *c);

	ck_assert_ptr_nonnull(c);
	memcpy(c, runs, n * sizeof *c);
	parsed_stated(c, n);
	return c;
}

bool parsed_ratio(const struct parsed_run *base, const struct parsed_run *run, enum phase_id id, bool latency,
                  double threshold, struct compare_diff *d)
{
	struct parsed_run *sb = stated_copy(base, 1), *sr = stated_copy(run, 1);
	struct compare_run *b = compare_runs_of(sb, 1, NULL), *r = compare_runs_of(sr, 1, NULL);
	bool ok = b && r && compare_ratio(b, r, id, latency, threshold, d);

	free(b);
	free(r);
	free(sb);
	free(sr);
	return ok;
}

struct compare_diff *parsed_diffs(const struct parsed_run *runs, size_t n, const struct compare_opts *o,
                                  size_t *count)
{
	struct parsed_run *s = stated_copy(runs, n);
	struct compare_run *c = compare_runs_of(s, n, o);
	struct compare_diff *d = c ? compare_all_diffs(c, n, o, count) : NULL;

	free(c);
	free(s);
	return d;
}

double parsed_mbps(const struct parsed_run *r, const char *row)
{
	for (int i = 0; i < PHASE_COUNT; i++)
		if (strcmp(phase_name((enum phase_id)i), row) == 0)
			return r->phase[i].state == CELL_VALUE ? r->phase[i].rate * 1024 / 1e6 : -1;
	for (int i = 0; i < r->nother; i++)
		if (strcmp(r->other[i].name, row) == 0)
			return r->other[i].rate * 1024 / 1e6;
	return -1;
}
