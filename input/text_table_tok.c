/* The token cursor the table reader walks pasted text with, and what each
 * kind of table cell looks like. */
#include "text_table.h"

#include <string.h>

/* Tokens of this many characters or more are no part of a table: a
 * pathological input cannot make the matchers below slow. */
#define TOK_MAX 64
/* tok_spell gives up after this many tokens that spell nothing ("------"). */
#define SPELL_MAX_EMPTY 8

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

/* "[/COLOR]", "[b]", "<b>": one tag; "**", "__", "```": emphasis marks. */
static size_t tag_len(const char *p, size_t n)
{
	char close = p[0] == '[' ? ']' : p[0] == '<' ? '>' : 0;
	const char *e = close && n > 2 ? memchr(p + 1, close, n - 1) : NULL;

	if (e == NULL || e == p + 1 || !((p[1] >= 'a' && p[1] <= 'z') || (p[1] >= 'A' && p[1] <= 'Z') || p[1] == '/'))
		return 0;
	return (size_t)(e + 1 - p);
}

/* A token a page's markup made, with nothing of a table in it: it is read
 * as the blank it stands for ("** 542**", "[COLOR=red] 38[/COLOR]"). */
static bool markup_only(const struct tok *t)
{
	size_t i = 0, k;

	while (i < t->n) {
		if (strchr("*_`~", t->p[i]))
			i++;
		else if ((k = tag_len(t->p + i, t->n - i)) > 0)
			i += k;
		else
			return false;
	}
	return true;
}

/* An HTML tag with blanks inside ('<b style="color: red;">14116</b>',
 * "14<br />") starts in the token [start, c->pos) and runs past its end:
 * returns where the tag starts and moves c past its '>' (on the same line,
 * within TAG_MAX bytes), or returns c->pos and leaves c alone. */
#define TAG_MAX 256
static size_t tag_goes_on(struct tcur *c, size_t start)
{
	const char *end = c->text + c->len;
	const char *p = memchr(c->text + start, '<', c->pos - start);

	if (p == NULL)
		return c->pos;
	char next = p + 1 < end ? p[1] : 0;
	if (!((next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z') || next == '/') ||
	    memchr(p, '>', (size_t)(c->text + c->pos - p)))
		return c->pos;
	for (const char *q = c->text + c->pos; q < end && q < p + TAG_MAX && *q != '\n'; q++)
		if (*q == '>') {
			c->pos = (size_t)(q + 1 - c->text);
			return (size_t)(p - c->text);
		}
	return c->pos;
}

/* A Markdown hard break: one backslash that ends t and its line ("206.5
 * 0\\" in a quote where every line ends so). No cell ends in one. */
static bool hard_break(const struct tcur *c, const struct tok *t)
{
	size_t end = c->pos;

	if (t->n == 0 || t->p[t->n - 1] != '\\' || (t->n >= 2 && t->p[t->n - 2] == '\\'))
		return false;
	if (end < c->len && c->text[end] == '\r')
		end++;
	return end >= c->len || c->text[end] == '\n';
}

void tcur_init(struct tcur *c, const char *text, size_t len)
{
	*c = (struct tcur){text, len, 0, 1};
}

bool tok_next(struct tcur *c, struct tok *t)
{
	for (;;) {
		while (c->pos < c->len && blank(c->text[c->pos])) {
			c->line += c->text[c->pos] == '\n';
			c->pos++;
		}
		if (c->pos >= c->len)
			return false;
		size_t start = c->pos;
		while (c->pos < c->len && !blank(c->text[c->pos]))
			c->pos++;
		size_t tok_end = c->pos, tag = tag_goes_on(c, start);
		if (tag == start)
			continue;
		if (tag < tok_end) /* "14<br />": the cell before the tag */
			tok_end = tag;
		*t = (struct tok){c->text + start, tok_end - start, c->line};
		/* mail quote marks: "> > text", ">>text"; anywhere, as a page
		 * flattened onto one line shows them; and a program's comment
		 * marks ("#Version", "#tb6"). No cell starts with '>' or '#'. */
		while (t->n && (t->p[0] == '>' || t->p[0] == '#'))
			t->p++, t->n--;
		if (hard_break(c, t))
			t->n--;
		if (t->n == 0 || markup_only(t))
			continue;
		return true;
	}
}

bool tok_peek(const struct tcur *c, struct tok *t)
{
	struct tcur copy = *c;

	return tok_next(&copy, t);
}

bool tok_is(const struct tok *t, const char *word)
{
	size_t n = strlen(word);

	return t->n == n && memcmp(t->p, word, n) == 0;
}

static bool spelled(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || digit(c) || c == '%' || c == '/' || c == ':';
}

bool tok_spell(struct tcur *c, const char *want)
{
	struct tcur save = *c;
	size_t i = 0, n = strlen(want);
	int empty = 0;
	struct tok t;

	while (i < n) {
		size_t before = i;
		if (!tok_next(c, &t) || t.n >= TOK_MAX)
			goto no;
		for (size_t k = 0; k < t.n; k++) {
			if (!spelled(t.p[k]))
				continue;
			if (i == n) { /* a page that lost its line breaks glued the next
			               * line on ("%CPserver", "--Seeks--Machine"): the
			               * rest is read as the next token */
				c->pos = (size_t)(t.p + k - c->text);
				c->line = t.line;
				return true;
			}
			if (t.p[k] != want[i])
				goto no;
			i++;
		}
		if (i == before && ++empty > SPELL_MAX_EMPTY)
			goto no;
	}
	return true;
no:
	*c = save;
	return false;
}

/* Strips one "<tag>", "</tag>" or BBCode "[tag]" from the front (at 0)
 * or back of t. */
static bool strip_tag(struct tok *t, bool back)
{
	const char *s = t->p, *e = t->p + t->n;
	size_t k;

	if (!back && (k = tag_len(s, t->n)) > 0) {
		t->n -= k;
		t->p += k;
		return true;
	}
	if (back && t->n > 2 && (e[-1] == '>' || e[-1] == ']'))
		for (const char *p = e - 2; p > s; p--)
			if (*p == (e[-1] == '>' ? '<' : '[') && tag_len(p, (size_t)(e - p)) == (size_t)(e - p)) {
				t->n = (size_t)(p - s);
				return true;
			}
	return false;
}

struct tok tok_clean(struct tok t)
{
	for (bool again = true; again && t.n;) {
		again = false;
		if (t.p[0] == '*' || t.p[0] == '_' || t.p[0] == '"')
			t.p++, t.n--, again = true;
		else if (t.n && (t.p[t.n - 1] == '*' || t.p[t.n - 1] == '_' || t.p[t.n - 1] == '"'))
			t.n--, again = true;
		else
			again = strip_tag(&t, false) || strip_tag(&t, true);
	}
	return t;
}

static bool all_of(const struct tok *t, char c, size_t lo, size_t hi)
{
	if (t->n < lo || t->n > hi)
		return false;
	for (size_t i = 0; i < t->n; i++)
		if (t->p[i] != c)
			return false;
	return true;
}

/* Digits, optionally one '.' and more digits; returns how many bytes. */
static size_t number_len(const char *p, size_t n)
{
	size_t i = 0, d = 0;

	while (i < n && digit(p[i]))
		i++, d++;
	if (d == 0)
		return 0;
	if (i < n && p[i] == '.') {
		size_t f = ++i;
		while (i < n && digit(p[i]))
			i++;
		if (i == f)
			return 0;
	}
	return i;
}

size_t tok_rate_mark(const struct tok *t)
{
	size_t n = number_len(t->p, t->n);

	if (n == 0 || n == t->n || strchr(TABLE_MARKS, t->p[t->n - 1]) == NULL)
		return 0;
	/* after the number or its unit letter, one mark (bonnie's table, "400m~") */
	return n + 1 == t->n || (n + 2 == t->n && strchr("kmg", t->p[n]) != NULL) ? 1 : 0;
}

bool tok_rate_like(const struct tok *t)
{
	size_t n = number_len(t->p, t->n), len = t->n - tok_rate_mark(t);

	if (all_of(t, '+', 4, 5))
		return true;
	if (n == 0 || t->n > 16)
		return false;
	/* k, m, g: the /sec tables of bonnie++ and bonnie (bonnie's 't' of
	 * 10000 GiB/s and 'M' of ten million files/s are not read: "512M" is
	 * a size) */
	return n == len || (n + 1 == len && strchr("kmg", t->p[n]) != NULL);
}

bool tok_cpu_like(const struct tok *t)
{
	size_t n = number_len(t->p, t->n);

	return all_of(t, '+', 1, 3) || (n == t->n && n > 0 && n <= 6 && memchr(t->p, '.', n) == NULL);
}

bool tok_size_like(const struct tok *t)
{
	size_t i = 0;

	while (i < t->n && digit(t->p[i]))
		i++;
	if (i == 0 || i >= t->n || t->n >= TOK_MAX || strchr("KMGTkmgt", t->p[i]) == NULL)
		return false;
	return i + 1 == t->n || t->p[i + 1] == ':';
}

bool tok_files_like(const struct tok *t)
{
	size_t i = 0;

	while (i < t->n && digit(t->p[i]))
		i++;
	if (i == 0 || t->n >= TOK_MAX)
		return false;
	for (; i < t->n; i++)
		if (!digit(t->p[i]) && t->p[i] != ':' && t->p[i] != '/')
			return false;
	return true;
}

bool tok_latency_like(const struct tok *t)
{
	size_t n = number_len(t->p, t->n);
	const char *u = t->p + n;
	size_t left = t->n - n;

	if (n == 0 || t->n > 20)
		return false;
	return (left == 2 && (memcmp(u, "us", 2) == 0 || memcmp(u, "ms", 2) == 0 || memcmp(u, "ns", 2) == 0)) ||
	       (left == 1 && *u == 's');
}

/* The digits a row's last %CPU cell starts with when a flattened page ran
 * it into the next text ("38server,2G,..."): 1 to 3, then a letter. */
static size_t glued_cpu(const struct tok *k)
{
	size_t d = 0;

	while (d < k->n && d < 4 && k->p[d] >= '0' && k->p[d] <= '9')
		d++;
	if (d == 0 || d > 3 || d == k->n)
		return 0;
	char next = k->p[d];
	return (next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z') ? d : 0;
}

int tok_cells(struct tcur *c, struct tok *cell, int max)
{
	struct tok t;
	int n = 0;

	while (n < max && tok_peek(c, &t)) {
		struct tok k = tok_clean(t);
		size_t d = n == max - 1 ? glued_cpu(&k) : 0;
		if (d) { /* the rest is read as the text it starts */
			k.n = d;
			c->pos = (size_t)(k.p + d - c->text);
			c->line = k.line;
			cell[n++] = k;
			break;
		}
		if (k.n == 0 || !(n % 2 == 0 ? tok_rate_like(&k) : tok_cpu_like(&k)))
			break;
		tok_next(c, &t);
		cell[n++] = k;
	}
	return n;
}

/* Eight cells are a -f row (no per-char cells) when a Latency row of four
 * says so, or the line shows the blank cell before them, or its blanks
 * were collapsed anyway; not the first eight cells of a row cut short. */
bool tok_blank_cells(const struct tok *key, const struct tok *cell, int ncells)
{
	const struct tok *prev = key;

	if (cell[0].line != key->line)
		return false;
	if (cell[0].p - (key->p + key->n) >= 8)
		return true;
	for (int k = 0; k < ncells; prev = &cell[k++])
		if (cell[k].line == prev->line && cell[k].p - (prev->p + prev->n) != 1)
			return false;
	return true;
}

/* A name that fills its column runs into the size: "Raid0 (8 disk)15744M"
 * (compare-fresh/03). The size is t's tail after a closing mark, when that
 * tail is a size; returns where it starts, or 0. After a letter or digit
 * ("host115744M") the two cannot be told apart, and nothing is split. */
size_t tok_glued_size(const struct tok *t)
{
	for (size_t i = 1; i < t->n; i++) {
		struct tok tail = {t->p + i, t->n - i, t->line};

		if (strchr(")]}>", t->p[i - 1]) != NULL && tok_size_like(&tail))
			return i;
	}
	return 0;
}

/* Passes the line c is at when it looks like a table row (six or more
 * rate-like tokens on it), and a Latency line right after it; *line is its
 * line. A text on one line (a flattened page) is passed whole, and then no
 * row follows to read. */
bool tok_skip_row_line(struct tcur *c, unsigned *line)
{
	struct tcur save = *c;
	struct tok t;
	int rates = 0;

	if (!tok_peek(c, &t))
		return false;
	*line = t.line;
	while (tok_peek(c, &t) && t.line == *line) {
		struct tok k = tok_clean(t);
		rates += tok_rate_like(&k);
		tok_next(c, &t);
	}
	if (rates < 6) {
		*c = save;
		return false;
	}
	if (tok_peek(c, &t) && tok_is(&t, "Latency")) {
		unsigned l = t.line;
		while (tok_peek(c, &t) && t.line == l)
			tok_next(c, &t);
	}
	return true;
}

void tok_copy(char *dst, size_t cap, const struct tok *t)
{
	size_t n = t->n < cap - 1 ? t->n : cap - 1;

	memcpy(dst, t->p, n);
	dst[n] = '\0';
}
