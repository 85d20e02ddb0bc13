/* libFuzzer target: `bonnie compare`'s reader and report over arbitrary
 * pasted text (the input is exactly what a stranger hands the tool): CSV
 * lines, JSON, the table reader and quoted-printable decoding, then the
 * same text flattened onto one line, as web pages paste tables. The text
 * is also read a few bytes at a time, as from a pipe: that must find the
 * same runs and warnings as reading it whole. */
#include "../input/input.h"
#include "../report/compare/compare.h"
#include "../tests/known_oracle.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

struct pieces {
	const uint8_t *data;
	size_t size, off, step;
};

static long piecewise(void *ctx, char *buf, size_t cap)
{
	struct pieces *p = ctx;
	size_t n = p->size - p->off;

	n = n < p->step ? n : p->step;
	n = n < cap ? n : cap;
	if (n)
		memcpy(buf, p->data + p->off, n);
	p->off += n;
	return (long)n;
}

static bool same_phase(const struct parsed_phase *a, const struct parsed_phase *b)
{
	return a->state == b->state && a->rate == b->rate && a->cpu == b->cpu && a->latency_ns == b->latency_ns &&
	       a->low_confidence == b->low_confidence && a->reasons_known == b->reasons_known &&
	       strcmp(a->reasons, b->reasons) == 0 && a->known == b->known;
}

/* Every phase's stated bits are those its figures imply. */
static void known_kept(const struct parsed_set *s)
{
	for (size_t k = 0; k < s->count; k++)
		for (int i = 0; i < PHASE_COUNT; i++)
			if (s->run[k].phase[i].known != known_by_sentinels(&s->run[k].phase[i]))
				abort();
}

/* The same runs (origins and numbers) and the same warnings. */
static void same(const struct parsed_set *a, const struct parsed_set *b)
{
	if (a->count != b->count || a->nwarn != b->nwarn)
		abort();
	for (size_t i = 0; i < a->nwarn; i++)
		if (strcmp(a->warning[i], b->warning[i]) != 0)
			abort();
	for (size_t k = 0; k < a->count; k++) {
		if (strcmp(a->run[k].origin, b->run[k].origin) != 0)
			abort();
		for (int i = 0; i < PHASE_COUNT; i++)
			if (!same_phase(&a->run[k].phase[i], &b->run[k].phase[i]))
				abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct parsed_set set = {0}, bits = {0};
	struct pieces p = {data, size, 0, 1 + (size ? data[size - 1] % 16 : 0)};
	char *out = NULL;
	size_t len;
	FILE *f;

	if (input_parse(&set, "fuzz", (const char *)data, size) == 0 && input_read(&bits, "fuzz", piecewise, &p) == 0)
		same(&set, &bits);
	known_kept(&set);
	if ((f = open_memstream(&out, &len)) != NULL) {
		/* one output format per input (by its length): all four get covered
		 * while most of the time goes to the parser; a line width from its
		 * first byte (0: 200, else 1 to 255: pages and wrapping); with no
		 * run only the JSON document, as compare prints it */
		struct compare_opts o = {.base = set.count ? set.count - 1 : 0, .threshold = 1.5,
		                         .format = (enum compare_format)(size % 4), .width = size ? data[0] : 0};
		struct compare_result r;
		if ((set.count > 0 || o.format == COMPARE_JSON) && compare_result_of(set.run, set.count, &o, &r) == 0) {
			compare_report(f, &r);
			compare_result_free(&r);
		}
		fclose(f);
		free(out);
	}
	input_free(&set);
	input_free(&bits);
	flattened(data, size);
	return 0;
}
