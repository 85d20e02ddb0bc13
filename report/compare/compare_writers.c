/* compare's writers, one per --format (the compare column of formats.c):
 * each writes the comparison in its own kind of lines. With no runs only
 * the JSON writer writes: a document still, with no runs. */
#include "compare.h"
#include "compare_writers.h"

/* r in kind: the same comparison, its options but the format as given
 * (a copy of the result's head; the runs and differences are shared). */
static int write_as(enum compare_format kind, FILE *out, const struct compare_result *r)
{
	struct compare_result as = *r;

	as.o.format = kind;
	if (r->n > 0 || kind == COMPARE_JSON)
		compare_report(out, &as);
	return ferror(out) != 0;
}

int compare_write_text(FILE *out, const struct compare_result *r)
{
	return write_as(COMPARE_TEXT, out, r);
}

int compare_write_markdown(FILE *out, const struct compare_result *r)
{
	return write_as(COMPARE_MARKDOWN, out, r);
}

int compare_write_csv(FILE *out, const struct compare_result *r)
{
	return write_as(COMPARE_CSV, out, r);
}

int compare_write_json(FILE *out, const struct compare_result *r)
{
	return write_as(COMPARE_JSON, out, r);
}
