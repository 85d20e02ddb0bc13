/* Results posted as a diff ("-prod 16G ...", "+prod 16G ...", "-Latency
 * ..."): the two sides are two texts, read one after the other. Each side
 * keeps every line of the piece (the other side's lines made empty), so
 * line numbers stay the file's. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

static bool alnum(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* A line a diff marked as removed ('-') or added ('+'): one sign, then
 * not another ("------Sequential", "+++++" are table text). */
static char diff_sign(const char *p, const char *end)
{
	if (end - p < 2 || (p[0] != '-' && p[0] != '+') || p[1] == p[0])
		return 0;
	return p[0];
}

/* A marked line that is a table row: "Latency", "Version", or a word then
 * a size ("prod 16G ..."). */
static bool marked_row(const char *p, const char *end)
{
	const char *q = p + 1, *w;

	if (end - q >= 8 && (memcmp(q, "Latency ", 8) == 0 || memcmp(q, "Version ", 8) == 0))
		return true;
	while (q < end && *q != ' ' && *q != '\t')
		q++;
	while (q < end && (*q == ' ' || *q == '\t'))
		q++;
	for (w = q; w < end && *w >= '0' && *w <= '9'; w++)
		;
	return w > q && w < end && strchr("KMGT", *w) && (w + 1 == end || w[1] == ' ' || w[1] == ':');
}

bool input_diff_detect(const char *text, size_t len)
{
	bool minus = false, plus = false;
	const char *end = text + len;

	for (const char *p = text; p < end && !(minus && plus);) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *e = nl ? nl : end;
		char s = diff_sign(p, e);
		if (s && alnum(p[1]) && marked_row(p, e))
			*(s == '-' ? &minus : &plus) = true;
		p = nl ? nl + 1 : end;
	}
	return minus && plus;
}

char *input_diff_side(const char *text, size_t len, char sign, size_t *out_len)
{
	char *out = malloc(len + 1), *o = out;
	const char *end = text + len;

	if (out == NULL)
		return NULL;
	for (const char *p = text; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *e = nl ? nl : end;
		char s = diff_sign(p, e);
		if (s == sign || (p < e && *p == ' ')) /* this side's lines and the context, unmarked */
			memcpy(o, p + 1, (size_t)(e - p - 1)), o += e - p - 1;
		else if (!s)
			memcpy(o, p, (size_t)(e - p)), o += e - p;
		if (nl)
			*o++ = '\n';
		p = nl ? nl + 1 : end;
	}
	*o = '\0';
	*out_len = (size_t)(o - out);
	return out;
}
