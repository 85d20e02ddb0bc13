/* jt_parse: a recursive-descent JSON parser that builds json_tree.h's
 * nodes; depth is bounded so a hostile document cannot exhaust the stack.
 * The one tokenizer of JSON in bonnie: compare's reader (bonnie's
 * documents and fio's) and merge's host reader both read through it. */
#include "json_tree.h"
#include "../lib/grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JT_MAX_DEPTH 64

struct jp {
	struct jt *t;
	const char *p, *end;
	const char *why;
	const char *const *skip; /* member keys whose values are checked, not kept */
};

static void ws(struct jp *p)
{
	while (p->p < p->end && (*p->p == ' ' || *p->p == '\t' || *p->p == '\n' || *p->p == '\r'))
		p->p++;
}

/* The next character, or NUL at the end of the text. */
static char peek(const struct jp *p)
{
	return p->p < p->end ? *p->p : '\0';
}

static int fail(struct jp *p, const char *why)
{
	if (!p->why)
		p->why = p->p < p->end ? why : "the document cut short";
	return -1;
}

static int new_node(struct jp *p, enum jt_kind kind)
{
	struct jt *t = p->t;

	struct jt_node *n = grow(t->node, &t->cap, t->n, sizeof *n, 256);

	if (!n)
		return fail(p, "out of memory");
	t->node = n;
	t->node[t->n] = (struct jt_node){.kind = kind, .first = -1, .next = -1};
	return (int)t->n++;
}

/* A string's raw text (between the quotes) into *s, *len; each escape
 * one jt_escape knows, as compare and merge have always refused others. */
static int string_span(struct jp *p, const char **s, size_t *len)
{
	if (peek(p) != '"')
		return fail(p, "a string expected");
	const char *b = ++p->p;
	while (p->p < p->end && *p->p != '"') {
		char c;
		int more;
		if ((unsigned char)*p->p < 0x20) /* not JSON */
			return fail(p, "a control character in a string");
		if (*p->p == '\\') {
			if (p->end - p->p < 2)
				break;
			if ((more = jt_escape(p->p[1], &c)) < 0)
				return fail(p, "a bad escape in a string");
			if (p->end - p->p < 2 + more)
				break;
			p->p += 1 + more;
		}
		p->p++;
	}
	if (peek(p) != '"')
		return fail(p, "an unterminated string");
	*s = b;
	*len = (size_t)(p->p - b);
	p->p++;
	return 0;
}

/* key is one of p->skip. */
static bool skipped(const struct jp *p, const char *key, size_t len)
{
	for (size_t i = 0; key && p->skip && p->skip[i]; i++)
		if (strlen(p->skip[i]) == len && memcmp(p->skip[i], key, len) == 0)
			return true;
	return false;
}

static int value(struct jp *p, int depth);

/* The members or elements of a container node, linked in order. A
 * member whose key is skipped keeps its node, emptied. */
static int children(struct jp *p, int node, char close, int depth)
{
	int last = -1;

	p->p++;
	ws(p);
	if (peek(p) == close) {
		p->p++;
		return 0;
	}
	for (;;) {
		const char *key = NULL;
		size_t key_len = 0;
		ws(p);
		if (close == '}') {
			if (string_span(p, &key, &key_len) < 0)
				return -1;
			ws(p);
			if (peek(p) != ':')
				return fail(p, "':' expected");
			p->p++;
		}
		int c = value(p, depth + 1);
		if (c < 0)
			return -1;
		if (skipped(p, key, key_len)) { /* its children were the last nodes made */
			p->t->n = (size_t)c + 1;
			p->t->node[c].first = -1;
		}
		p->t->node[c].key = key;
		p->t->node[c].key_len = key_len;
		if (last < 0)
			p->t->node[node].first = c;
		else
			p->t->node[last].next = c;
		last = c;
		ws(p);
		if (peek(p) == ',') {
			p->p++;
			continue;
		}
		if (peek(p) != close)
			return fail(p, close == '}' ? "',' or '}' expected" : "',' or ']' expected");
		p->p++;
		return 0;
	}
}

static int scalar(struct jp *p, enum jt_kind kind, size_t len)
{
	int n = new_node(p, kind);
	if (n < 0)
		return -1;
	p->t->node[n].text = p->p;
	p->t->node[n].len = len;
	p->p += len;
	return n;
}

/* The text at p->p opens with word. */
static bool word(const struct jp *p, const char *w)
{
	size_t n = strlen(w);

	return (size_t)(p->end - p->p) >= n && memcmp(p->p, w, n) == 0;
}

static int value(struct jp *p, int depth)
{
	if (depth > JT_MAX_DEPTH)
		return fail(p, "nested too deep");
	ws(p);
	char c = peek(p);
	if (c == '{' || c == '[') {
		const char *start = p->p;
		int n = new_node(p, c == '{' ? JT_OBJECT : JT_ARRAY);
		if (n < 0 || children(p, n, c == '{' ? '}' : ']', depth) < 0)
			return -1;
		p->t->node[n].text = start; /* its whole text: a skipped member can be read alone */
		p->t->node[n].len = (size_t)(p->p - start);
		return n;
	}
	if (c == '"') {
		int n = new_node(p, JT_STRING);
		if (n < 0 || string_span(p, &p->t->node[n].text, &p->t->node[n].len) < 0)
			return -1;
		return n;
	}
	if (word(p, "true") || word(p, "null"))
		return scalar(p, c == 't' ? JT_BOOL : JT_NULL, 4);
	if (word(p, "false"))
		return scalar(p, JT_BOOL, 5);
	size_t len = 0;
	if (c == '-' || (c >= '0' && c <= '9'))
		while (p->p + len < p->end && strchr("0123456789+-.eE", p->p[len]) && p->p[len])
			len++;
	if (len == 0)
		return fail(p, p->p < p->end ? "a value expected" : "the document cut short");
	return scalar(p, JT_NUMBER, len);
}

int jt_parse_part(struct jt *t, const char *text, size_t len, const char *const *skip, size_t *used,
                  const char **why)
{
	struct jp p = {.t = t, .p = text, .end = text + len, .skip = skip};

	*t = (struct jt){0};
	if (value(&p, 0) >= 0) {
		*used = (size_t)(p.p - text);
		return 0;
	}
	*used = (size_t)(p.p - text);
	*why = p.why;
	jt_free(t);
	return -1;
}

int jt_parse(struct jt *t, const char *text, char *err, size_t err_cap)
{
	size_t len = strlen(text), used;
	const char *why = NULL;

	if (jt_parse_part(t, text, len, NULL, &used, &why) == 0) {
		while (used < len && strchr(" \t\n\r", text[used]))
			used++;
		if (used == len)
			return 0;
		jt_free(t);
		why = "text after the document";
	}
	snprintf(err, err_cap, "%s at byte %zu", why, used);
	return -1;
}

void jt_free(struct jt *t)
{
	free(t->node);
	*t = (struct jt){0};
}

bool jt_is(const struct jt *t, int node, enum jt_kind kind)
{
	return node >= 0 && (size_t)node < t->n && t->node[node].kind == kind;
}

int jt_get(const struct jt *t, int node, const char *key)
{
	size_t kl = strlen(key);

	if (!jt_is(t, node, JT_OBJECT))
		return -1;
	for (int c = t->node[node].first; c >= 0; c = t->node[c].next)
		if (t->node[c].key_len == kl && memcmp(t->node[c].key, key, kl) == 0)
			return c;
	return -1;
}

int jt_at(const struct jt *t, int node, size_t i)
{
	if (!jt_is(t, node, JT_ARRAY))
		return -1;
	int c = t->node[node].first;
	while (c >= 0 && i--)
		c = t->node[c].next;
	return c;
}

size_t jt_count(const struct jt *t, int node)
{
	size_t n = 0;

	if (!jt_is(t, node, JT_ARRAY))
		return 0;
	for (int c = t->node[node].first; c >= 0; c = t->node[c].next)
		n++;
	return n;
}

uint64_t jt_u64(const struct jt *t, int node)
{
	if (!jt_is(t, node, JT_NUMBER) || t->node[node].text[0] == '-')
		return 0;
	return strtoull(t->node[node].text, NULL, 10);
}

double jt_double(const struct jt *t, int node)
{
	return jt_is(t, node, JT_NUMBER) ? strtod(t->node[node].text, NULL) : 0;
}

bool jt_count_of(const struct jt *t, int node, uint64_t max, uint64_t *v)
{
	uint64_t x = 0;

	*v = 0;
	if (!jt_is(t, node, JT_NUMBER) || t->node[node].len == 0)
		return false;
	for (size_t i = 0; i < t->node[node].len; i++) {
		unsigned d = (unsigned)(t->node[node].text[i] - '0');
		if (d > 9 || d > max || x > (max - d) / 10)
			return false;
		x = x * 10 + d;
	}
	*v = x;
	return true;
}

int jt_escape(char e, char *c)
{
	if (e == 'u') {
		*c = '?';
		return 4;
	}
	if (!e || !strchr("\"\\/bfnrt", e))
		return -1;
	*c = e;
	return 0;
}

/* s[0..len), its escapes decoded, into out (cut to fit). */
static void decode(const char *s, size_t len, char *out, size_t cap)
{
	size_t n = 0;

	for (size_t i = 0; i < len && n + 1 < cap; i++) {
		char c = s[i];
		int more;
		if (c == '\\' && i + 1 < len && (more = jt_escape(s[i + 1], &c)) >= 0)
			i += 1 + (size_t)more; /* a \u cut short by the quote ends the text */
		out[n++] = c;
	}
	out[n] = '\0';
}

void jt_string(const struct jt *t, int node, char *out, size_t cap)
{
	if (jt_is(t, node, JT_STRING))
		decode(t->node[node].text, t->node[node].len, out, cap);
	else
		out[0] = '\0';
}

bool jt_text(const struct jt *t, int node, char *out, size_t cap)
{
	out[0] = '\0';
	if (node < 0 || (size_t)node >= t->n || jt_is(t, node, JT_OBJECT) || jt_is(t, node, JT_ARRAY))
		return false;
	decode(t->node[node].text, t->node[node].len, out, cap); /* a number or literal has no escape */
	return true;
}

void jt_key(const struct jt *t, int node, char *out, size_t cap)
{
	if (node >= 0 && (size_t)node < t->n && t->node[node].key)
		decode(t->node[node].key, t->node[node].key_len, out, cap);
	else
		out[0] = '\0';
}
