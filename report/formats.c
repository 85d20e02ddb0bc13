/* The one table of output formats (formats.h). Row order is the run's
 * order on a shared stream: the progress line is cleared before the table,
 * the table comes before the CSV line. */
#include "formats.h"

#include "compare/compare_writers.h"

#include <string.h>

const struct format formats[] = {
	{"progress", &output_progress, NULL, NULL},
	{"text", &output_table, compare_write_text, merge_write_text},
	{"markdown", NULL, compare_write_markdown, NULL},
	{"share", &output_share, NULL, NULL},
	{"csv", &output_csv, compare_write_csv, merge_write_csv},
	{"json", &output_json, compare_write_json, merge_write_json},
	{"html", &output_html, NULL, merge_write_html},
	{"kv", &output_kv, NULL, NULL},
};
const size_t formats_count = sizeof formats / sizeof formats[0];

const struct format *format_named(const char *name)
{
	for (size_t i = 0; i < formats_count; i++)
		if (strcmp(formats[i].name, name) == 0)
			return &formats[i];
	return NULL;
}
