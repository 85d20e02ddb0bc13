/* input_html_copies: tables copied from a bon_csv2html page. A browser
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

int input_html_copies(struct parsed_set *set, const char *name, const char *text, size_t len)
{
	const char *end = text + len;
	unsigned line = 1;

	for (const char *p = text; p < end; p++) {
		line += *p == '\n';
		if (*p == 'S' && (p == text || blank(p[-1])) && header_at(p, end) &&
		    input_warn(set, name, line,
		               "table copied from a bon_csv2html page skipped: the copy does not tell its "
		               "rates' units (read its CSV line instead)") != 0)
			return -1;
	}
	return 0;
}
