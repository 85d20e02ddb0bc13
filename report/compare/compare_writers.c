/* compare's writers, one per --format (the compare column of formats.c):
 * each writes the comparison in its own kind of lines. With no runs only
 * the JSON writer writes: a document still, with no runs. */
#include "compare.h"
#include "compare_writers.h"

static int write_as(enum compare_format kind, FILE *out, const struct parsed_run *runs, size_t n,
                    const struct compare_opts *o)
{
	struct compare_opts as = *o;

	as.format = kind;
	if (n > 0 || kind == COMPARE_JSON)
		report_compare(out, runs, n, &as);
	return ferror(out) != 0;
}

int compare_write_text(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o)
{
	return write_as(COMPARE_TEXT, out, runs, n, o);
}

int compare_write_markdown(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o)
{
	return write_as(COMPARE_MARKDOWN, out, runs, n, o);
}

int compare_write_csv(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o)
{
	return write_as(COMPARE_CSV, out, runs, n, o);
}

int compare_write_json(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o)
{
	return write_as(COMPARE_JSON, out, runs, n, o);
}
