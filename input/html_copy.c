/* input_html_copies: tables copied from a bon_csv2html page, and text
 * tables pasted into such a page's cells. A browser
 * copy keeps the page's cells, one tab (or a few blanks) apart, and its
 * header rows, but not what would make its numbers readable: bon_csv2html
 * 2.00a heads every rate column "M/sec" yet prints per-char rates in K/sec
 * and block rates rounded to whole M/sec ("46" for 47554 K/sec). compare
 * does not guess; it says, once per table, where such a table was skipped. */
#include "internal.h"

#include <string.h>

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

/* The words of bon_csv2html's second header row, in its order; the
 * table bonnie++ prints says "Per Chr" and has no "Size" before it. */
static const char *const header_words[] = {"Size", "Per", "Char", "Block", "Rewrite", "Per", "Char", "Block"};

/* The header row's words start at p (blanks between them, nothing else). */
static bool header_at(const char *p, const char *end)
{
	for (size_t i = 0; i < sizeof header_words / sizeof *header_words; i++) {
		size_t n = strlen(header_words[i]);
		while (i > 0 && p < end && blank(*p))
			p++;
		if ((size_t)(end - p) < n || memcmp(p, header_words[i], n) != 0 || (p + n < end && !blank(p[n])))
			return false;
		p += n;
	}
	return true;
}

/* A bonnie++ text table pasted into an HTML page's cells (bon_csv2html fed
 * the table instead of its CSV line): each of its lines stands in several
 * cells of one row, so the table's lines run across the row, not down it.
 * Seen at its column-names line inside a cell ("<TD>... -Per Chr- ..."). */
static bool cell_tag(const char *q, const char *e, bool close)
{
	if (close && (q + 1 >= e || *q++ != '<' || *q != '/'))
		return false;
	return q + 2 < e && q[0] == (close ? '/' : '<') && (q[1] == 'T' || q[1] == 't') && (q[2] == 'D' || q[2] == 'd');
}

static bool table_in_cell(const char *p, const char *end)
{
	static const char cols[] = "-Per Chr- --Block--";
	const char *nl = memchr(p, '\n', (size_t)(end - p)), *e = nl ? nl : end;
	bool in_cell = false;

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

int input_html_copies(struct parsed_set *set, const char *name, const char *text, size_t len)
{
	const char *end = text + len;
	unsigned line = 1;

	for (const char *p = text; p < end; p++) {
		if ((p == text || p[-1] == '\n') && table_in_cell(p, end) &&
		    input_warn(set, name, line,
		               "bonnie++ table pasted into an HTML page's cells skipped: its lines run across "
		               "the cells, not down them (read its CSV line instead)") != 0)
			return -1;
		line += *p == '\n';
		if (*p == 'S' && (p == text || blank(p[-1])) && header_at(p, end) &&
		    input_warn(set, name, line,
		               "table copied from a bon_csv2html page skipped: the copy does not tell its "
		               "rates' units (read its CSV line instead)") != 0)
			return -1;
	}
	return 0;
}
