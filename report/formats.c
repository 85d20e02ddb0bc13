/* The one table of output formats (formats.h). Row order is the run's
 * order on a shared stream: the progress line is cleared before the table,
 * the table comes before the CSV line. */
#include "formats.h"

#include "compare/compare.h"
#include "compare/compare_writers.h"

#include <string.h>

/* compare --html: the page of the runs, or with none a page saying so (the
 * file --html names is written either way). Non-zero when not all written. */
static int compare_write_html(FILE *out, const struct compare_result *r)
{
	if (r->n > 0)
		return compare_html(out, r);
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>bonnie compare</title>"
	      "</head><body><p>No bonnie or bonnie++ result found.</p></body></html>\n", out);
	return ferror(out) ? -1 : 0;
}

const struct format formats[] = {
	{"progress", &output_progress, NULL, NULL, false},
	{"text", &output_table, compare_write_text, merge_write_text, false},
	{"markdown", NULL, compare_write_markdown, NULL, false},
	{"share", &output_share, NULL, NULL, false},
	{"csv", &output_csv, compare_write_csv, merge_write_csv, false},
	{"json", &output_json, compare_write_json, merge_write_json, false},
	{"html", &output_html, compare_write_html, merge_write_html, true},
	{"kv", &output_kv, NULL, NULL, false},
};
const size_t formats_count = sizeof formats / sizeof formats[0];

const struct format *format_named(const char *name)
{
	for (size_t i = 0; i < formats_count; i++)
		if (strcmp(formats[i].name, name) == 0)
			return &formats[i];
	return NULL;
}
