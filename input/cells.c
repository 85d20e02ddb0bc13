/* HTML table markup read from its cells: a page's source pasted as text
 * (bon_csv2html's <table> inline in a Markdown post, in a forum's HTML)
 * holds the same rows a browser shows. Like quoted-printable mail (quoted_printable.c)
 * this is an encoding of the text, undone before anything is read: each
 * <tr> row becomes one line of its cells' texts, a tab apart, as a
 * browser's copy of the page has them, which the readers of copied pages
 * (html_copy.c) and of tables already read. The lines outside rows stay as
 * they are; a map keeps each line's place in the text as given. */
#include "internal.h"
#include "bonnie_heads.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Whether the tag at p (p < e) is <name ...> or </name ...> (closing),
 * the name's letters in either case and followed by '>', '/' or a blank. */
static bool tag_is(const char *p, const char *e, const char *name, bool closing)
{
	size_t n = strlen(name);

	if (p >= e || *p != '<')
		return false;
	p++;
	if (closing && (p >= e || *p++ != '/'))
		return false;
	if ((size_t)(e - p) <= n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (tolower((unsigned char)p[i]) != name[i])
			return false;
	return p[n] == '>' || p[n] == '/' || isspace((unsigned char)p[n]);
}

/* The first place in [p, e) where a tag of any of names (a row's or a
 * cell's start or end) stands, or e. */
static const char *find_tag(const char *p, const char *e, const char *const *names, const bool *closing, int n)
{
	for (; p < e; p++) {
		if (*p != '<')
			continue;
		for (int i = 0; i < n; i++)
			if (tag_is(p, e, names[i], closing[i]))
				return p;
	}
	return e;
}

bool input_cells_detect(const char *text, size_t len)
{
	static const char *const names[] = {"td", "th"};
	static const bool closing[] = {false, false};
	const char *e = text + len;
	const char *row = find_tag(text, e, (const char *const[]){"tr"}, (const bool[]){false}, 1);

	return row < e && find_tag(row, e, names, closing, 2) < e;
}

struct out {
	char *buf;
	size_t len;
	unsigned *map;
	size_t nlines;
	unsigned line; /* the line of the text as given being read */
	unsigned at;   /* the line a line begun now comes from */
};

static void put(struct out *o, char c)
{
	if (o->len == 0 || o->buf[o->len - 1] == '\n')
		o->map[o->nlines++] = o->at;
	o->buf[o->len++] = c;
}

static void end_line(struct out *o)
{
	if (o->len && o->buf[o->len - 1] != '\n')
		o->buf[o->len++] = '\n';
}

/* Text outside rows, as given; a run of it that is only blanks (the
 * markup's own line breaks between rows) adds no line. */
static void copy_plain(struct out *o, const char *p, const char *e)
{
	bool only_blanks = true;

	for (const char *q = p; q < e; q++)
		if (!isspace((unsigned char)*q))
			only_blanks = false;
	for (; p < e; p++) {
		o->at = o->line;
		if (!only_blanks)
			put(o, *p);
		if (*p == '\n')
			o->line++;
	}
}

/* A character entity a page writes in cells, or 0. */
static char entity(const char *p, const char *e, size_t *n)
{
	static const struct {
		const char *name;
		char c;
	} ents[] = {{"&nbsp;", ' '}, {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&#39;", '\''}};

	for (size_t i = 0; i < sizeof ents / sizeof ents[0]; i++) {
		*n = strlen(ents[i].name);
		if ((size_t)(e - p) >= *n && strncmp(p, ents[i].name, *n) == 0)
			return ents[i].c;
	}
	return 0;
}

/* One cell's text: its tags taken off (<br> a blank), blanks and line
 * breaks inside it one blank, no blank around it. */
static void copy_cell(struct out *o, const char *p, const char *e)
{
	bool gap = false, any = false;
	size_t n;
	char c;

	for (; p < e; p++) {
		if (*p == '\n')
			o->line++;
		if (*p == '<') {
			const char *gt = memchr(p, '>', (size_t)(e - p));
			if (gt == NULL)
				break;
			for (const char *q = p; q < gt; q++)
				o->line += *q == '\n';
			gap = gap || tag_is(p, e, "br", false);
			p = gt;
			continue;
		}
		c = *p == '&' ? entity(p, e, &n) : 0;
		if (c)
			p += n - 1;
		else
			c = *p;
		if (isspace((unsigned char)c)) {
			gap = true;
			continue;
		}
		if (gap && any)
			put(o, ' ');
		put(o, c);
		gap = false;
		any = true;
	}
}

static const char *const row_ends[] = {"tr", "tr", "table"};
static const bool row_ends_closing[] = {true, false, true};
static const char *const cell_marks[] = {"td", "th", "td", "th", "tr", "tr", "table"};
static const bool cell_marks_closing[] = {false, false, true, true, true, false, true};

/* The row whose <tr> is at p: its cells on one line, a tab apart.
 * Returns where the text after the row starts. */
static const char *copy_row(struct out *o, const char *p, const char *e)
{
	const char *gt = memchr(p, '>', (size_t)(e - p));
	const char *end = find_tag(gt ? gt + 1 : e, e, row_ends, row_ends_closing, 3);
	const char *q = gt ? gt + 1 : e;
	bool first = true;

	end_line(o);
	o->at = o->line;
	for (const char *c = p; c < q; c++)
		o->line += *c == '\n';
	while (q < end) {
		const char *cell = find_tag(q, end, cell_marks, cell_marks_closing, 2);
		for (const char *c = q; c < cell; c++)
			o->line += *c == '\n';
		if (cell >= end)
			break;
		const char *body = memchr(cell, '>', (size_t)(end - cell));
		body = body ? body + 1 : end;
		const char *stop = find_tag(body, end, cell_marks, cell_marks_closing, 7);
		for (const char *c = cell; c < body; c++)
			o->line += *c == '\n';
		if (!first)
			put(o, '\t'); /* also begins the line when the first cell is empty */
		first = false;
		copy_cell(o, body, stop);
		q = stop;
		if (q < end && (tag_is(q, end, "td", true) || tag_is(q, end, "th", true))) {
			const char *close = memchr(q, '>', (size_t)(end - q));
			q = close ? close + 1 : end;
		}
	}
	if (!first)
		put(o, '\n');
	if (end < e && tag_is(end, e, "tr", true)) {
		const char *close = memchr(end, '>', (size_t)(e - end));
		return close ? close + 1 : e;
	}
	return end;
}

int input_cells_decode(const char *text, size_t len, char **out, size_t *out_len, unsigned **line_map,
                       size_t *nlines)
{
	const char *p = text, *e = text + len;
	/* a row adds at most two line ends; every line has a map entry */
	struct out o = {malloc(2 * len + 2), 0, malloc((2 * len + 2) * sizeof(unsigned)), 0, 1, 1};

	if (o.buf == NULL || o.map == NULL) {
		free(o.buf);
		free(o.map);
		return -1;
	}
	while (p < e) {
		const char *row = find_tag(p, e, (const char *const[]){"tr"}, (const bool[]){false}, 1);
		copy_plain(&o, p, row);
		if (row >= e)
			break;
		p = copy_row(&o, row, e);
	}
	o.buf[o.len] = '\0';
	*out = o.buf;
	*out_len = o.len;
	*line_map = o.map;
	*nlines = o.nlines;
	return 0;
}

/* A bonnie++ text table pasted into an HTML page's cells (bon_csv2html fed
 * the table instead of its CSV line): each of its lines stands in several
 * cells of one row, so the table's lines run across the row, not down it.
 * Seen at its column-names line inside a cell ("<TD>... -Per Chr- ...", or
 * a tab apart from other cells once cells.c has read the markup). */
static bool cell_tag(const char *q, const char *e, bool close)
{
	if (close && (q + 1 >= e || *q++ != '<' || *q != '/'))
		return false;
	return q + 2 < e && q[0] == (close ? '/' : '<') && (q[1] == 'T' || q[1] == 't') && (q[2] == 'D' || q[2] == 'd');
}

bool input_table_in_cell(const char *p, const char *end)
{
	static const char cols[] = BONNIE_HEAD_PER_CHR " " BONNIE_HEAD_BLOCK; /* the I/O block's first two columns */
	const char *nl = memchr(p, '\n', (size_t)(end - p)), *e = nl ? nl : end;
	const char *text = p;
	while (text < e && (*text == ' ' || *text == '\t')) /* indentation is no cell boundary */
		text++;
	bool in_cell = memchr(text, '\t', (size_t)(e - text)) != NULL;

	for (const char *q = p; q + sizeof cols - 1 <= e; q++) {
		if (cell_tag(q, e, false))
			in_cell = true;
		else if (cell_tag(q, e, true))
			in_cell = false;
		else if (in_cell && memcmp(q, cols, sizeof cols - 1) == 0)
			return true;
	}
	return false;
}

/* Whether one of the n lines from p is a text table in cells: then that
 * line says why the page is not read, and its header row says nothing. */
bool input_table_in_cells_below(const char *p, const char *end, int n)
{
	for (; p < end && n-- > 0; p++) {
		if (input_table_in_cell(p, end))
			return true;
		p = memchr(p, '\n', (size_t)(end - p));
		if (p == NULL)
			break;
	}
	return false;
}
