/* input_parse: every result in one text. A quoted-printable text is decoded
 * first (origins and warnings still name the lines of the text as given);
 * then its CSV lines and JSON documents (scan.c) and its tables (table.c)
 * are read, and merge.c makes one run of each result. */
#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appends s[0..n) to buf (cap bytes), keeping it NUL-terminated. */
static void append(char *buf, size_t cap, size_t *used, const char *s, size_t n)
{
	if (*used + 1 >= cap)
		return;
	if (n > cap - 1 - *used)
		n = cap - 1 - *used;
	memcpy(buf + *used, s, n);
	*used += n;
	buf[*used] = '\0';
}

/* "name:L..." with L, a line of the decoded text, made the original's. */
static void remap_piece(char *buf, size_t cap, size_t *used, const char *p, size_t n, const char *name,
                        const unsigned *map, size_t nlines)
{
	size_t nl = strlen(name);
	char num[16], *end;
	unsigned long l;

	if (n <= nl || strncmp(p, name, nl) != 0 || p[nl] != ':') {
		append(buf, cap, used, p, n);
		return;
	}
	l = strtoul(p + nl + 1, &end, 10);
	snprintf(num, sizeof num, "%u", l >= 1 && l <= nlines ? map[l - 1] : (unsigned)l);
	append(buf, cap, used, p, nl + 1);
	append(buf, cap, used, num, strlen(num));
	append(buf, cap, used, end, (size_t)(p + n - end));
}

static void remap_origin(char *origin, const char *name, const unsigned *map, size_t nlines)
{
	char out[PARSED_ORIGIN_LEN] = "";
	size_t used = 0;

	for (const char *p = origin;;) {
		const char *next = strstr(p, " + ");
		size_t n = next ? (size_t)(next - p) : strlen(p);
		remap_piece(out, sizeof out, &used, p, n, name, map, nlines);
		if (next == NULL)
			break;
		append(out, sizeof out, &used, " + ", 3);
		p = next + 3;
	}
	memcpy(origin, out, sizeof out);
}

static void remap(struct parsed_set *set, size_t first, size_t wfirst, const char *name, const unsigned *map,
                  size_t nlines)
{
	for (size_t i = first; i < set->count; i++)
		remap_origin(set->run[i].origin, name, map, nlines);
	for (size_t w = wfirst; w < set->nwarn; w++) {
		if (strlen(set->warning[w]) <= strlen(name))
			continue;
		size_t cap = strlen(set->warning[w]) + 16, used = 0;
		char *s = malloc(cap);
		if (s == NULL)
			continue; /* left with the decoded text's line */
		s[0] = '\0';
		const char *colon = strchr(set->warning[w] + strlen(name) + 1, ':');
		size_t head = colon ? (size_t)(colon - set->warning[w]) : 0;
		remap_piece(s, cap, &used, set->warning[w], head, name, map, nlines);
		append(s, cap, &used, set->warning[w] + head, strlen(set->warning[w] + head));
		free(set->warning[w]);
		set->warning[w] = s;
	}
}

int input_parse(struct parsed_set *set, const char *name, const char *text, size_t len)
{
	size_t first = set->count, wfirst = set->nwarn, nlines = 0;
	struct table_set ts = {0};
	char *decoded = NULL;
	unsigned *map = NULL;
	int rc;

	if (input_qp_detect(text, len)) {
		if (input_qp_decode(text, len, &decoded, &len, &map, &nlines) != 0)
			return -1;
		text = decoded;
	}
	rc = input_scan(set, name, text, len);
	if (rc == 0)
		rc = input_tables(&ts, name, text, len);
	if (rc == 0)
		rc = input_merge(set, first, &ts, name);
	if (map)
		remap(set, first, wfirst, name, map, nlines);
	input_tables_free(&ts);
	free(decoded);
	free(map);
	return rc;
}
