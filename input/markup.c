/* input_strip_markup: what a web page or forum glued to a bonnie++ line
 * (HTML and BBCode tags, quotes, Markdown marks) taken off its ends, so that
 * csv_find.c decodes the line bonnie++ wrote. */
#include "internal.h"

#include <string.h>

struct text {
	const char *p;
	size_t len;
};

/* The first '<' or '[' in c after its start, or NULL. */
static const char *tag_open(struct text c)
{
	for (size_t i = 1; i < c.len; i++)
		if (c.p[i] == '<' || c.p[i] == '[')
			return c.p + i;
	return NULL;
}

static bool word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
	       c == '.';
}

/* A label and colon glued before the line ("noop:host,2G,...", as a poster
 * names the runs of a scheduler each): its length, or 0. The colon must
 * come before the first comma, after a word, and be followed by a letter
 * or digit ("fe80::1," is a name). */
static size_t label_len(struct text c)
{
	size_t i = 0;

	while (i < c.len && i < 32 && word_char(c.p[i]))
		i++;
	if (i == 0 || i + 1 >= c.len || c.p[i] != ':' || !word_char(c.p[i + 1]) || c.p[i + 1] == '.' ||
	    c.p[i + 1] == '-')
		return 0;
	for (size_t k = 0; k < i; k++)
		if (c.p[k] != '.' && c.p[k] != '-' && c.p[k] != '_' && !(c.p[k] >= '0' && c.p[k] <= '9'))
			return i + 1; /* a word, not a number ("1.96:" is no label) */
	return 0;
}

/* Markup and quotes a page glued to a line's end ("259us\"", "83<br",
 * "11964us</code>", "38[/COLOR]", "38##", "38**"), or the code around a
 * string literal ("...us\");"), or to its start ("<code>name,",
 * "[font]name,", "(\"1.97,"): no field holds them. */
void input_strip_markup(const char **text, size_t *length)
{
	struct text c = {*text, *length};

	for (bool again = true; again && c.len;) {
		const char *lt = tag_open(c), *gt = memchr(c.p, c.p[0] == '[' ? ']' : '>', c.len);
		size_t label = label_len(c);
		again = true;
		if (strchr("\"'`#*;)", c.p[c.len - 1])) /* also a string literal's code: "...,10771us\");" */
			c.len--;
		else if (strchr("\"'`#(", c.p[0])) /* "#tb6,16G,...": a comment marker, no part of the name */
			c.p++, c.len--;
		else if (label) /* "noop:host,...": a label, no part of the name */
			c.p += label, c.len -= label;
		else if (lt && lt + 1 < c.p + c.len &&
		         (lt[1] == '/' || (lt[1] >= 'a' && lt[1] <= 'z') || (lt[1] >= 'A' && lt[1] <= 'Z')))
			c.len = (size_t)(lt - c.p);
		else if ((c.p[0] == '<' || c.p[0] == '[') && gt) {
			c.len -= (size_t)(gt + 1 - c.p);
			c.p = gt + 1;
		} else
			again = false;
	}
	*text = c.p;
	*length = c.len;
}

