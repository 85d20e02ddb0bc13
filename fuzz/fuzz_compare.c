/* libFuzzer target: `bonnie compare`'s reader and report over arbitrary
 * pasted text (the input is exactly what a stranger hands the tool): CSV
 * lines, JSON, the table reader and quoted-printable decoding, then the
 * same text flattened onto one line, as web pages paste tables. */
#include "../input/input.h"
#include "../report/compare.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The reader over data with every line end made a blank. */
static void flattened(const uint8_t *data, size_t size)
{
	struct parsed_set set = {0};
	char *flat = malloc(size ? size : 1);

	if (flat == NULL)
		return;
	for (size_t i = 0; i < size; i++)
		flat[i] = data[i] == '\n' ? ' ' : (char)data[i];
	input_parse(&set, "fuzz", flat, size);
	input_free(&set);
	free(flat);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct parsed_set set = {0};
	char *out = NULL;
	size_t len;
	FILE *f;

	if (input_parse(&set, "fuzz", (const char *)data, size) == 0 && set.count > 0 &&
	    (f = open_memstream(&out, &len)) != NULL) {
		/* one output format per input (by its length): all four get covered
		 * while most of the time goes to the parser */
		struct compare_opts o = {set.count - 1, 1.5, (enum compare_format)(size % 4)};
		report_compare(f, set.run, set.count, &o);
		fclose(f);
		free(out);
	}
	input_free(&set);
	flattened(data, size);
	return 0;
}
