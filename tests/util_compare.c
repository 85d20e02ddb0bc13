/* compare's writers of parsed runs, for the suites (util_parsed.h): the
 * comparison made as bonnie compare makes it, then printed. */
#include "util_parsed.h"
#include "../report/compare/compare.h"
#include "../report/compare/compare_cells.h"

#include <stdlib.h>

void report_compare(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o)
{
	struct compare_result r;

	if (compare_result_of(runs, n, o, &r) == 0)
		compare_report(out, &r);
	compare_result_free(&r);
}

void report_compare_summary(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o)
{
	struct compare_result r;

	if (compare_result_of(runs, n, o, &r) == 0)
		compare_summary(out, &r);
	compare_result_free(&r);
}

int report_compare_html(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o)
{
	struct compare_result r;
	int rc = compare_result_of(runs, n, o, &r) == 0 ? compare_html(out, &r) : -1;

	compare_result_free(&r);
	return rc;
}

void report_compare_csv_line(FILE *out, const struct parsed_run *run)
{
	struct compare_run *c = compare_runs_of(run, 1, NULL);

	if (c != NULL)
		compare_csv_line(out, c);
	free(c);
}

void parsed_legend(const struct parsed_run *r, char *buf, size_t cap)
{
	struct compare_run *c = compare_runs_of(r, 1, NULL);

	buf[0] = '\0';
	if (c != NULL)
		compare_run_legend(c, buf, cap);
	free(c);
}
