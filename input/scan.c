/* The CSV results in one line of pasted text: bonnie++ lines wherever
 * they stand in it (after prose, glued to a word, several on a line),
 * rejoined when a mailer wrapped them onto the next lines. */
#include "internal.h"
#include "../lib/str.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* NUL is a blank too: a result after one is found, and no token holds one. */
bool scan_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v' || c == '\0';
}

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

struct text scan_line_at(const struct scan *s, size_t pos, size_t *next)
{
	const char *nl = memchr(s->text + pos, '\n', s->len - pos);
	size_t end = nl ? (size_t)(nl - s->text) : s->len;
	struct text t = {s->text + pos, end - pos};

	*next = nl ? end + 1 : s->len;
	while (t.len && scan_blank(t.p[t.len - 1]))
		t.len--;
	return t;
}

/* A known tag ("1.98,") at p that does not continue a number or a field. */
static const struct csv_format *tag_at(const char *start, const char *p, const char *end)
{
	if (*p != '1') /* every tag starts so: the common case costs one compare */
		return NULL;
	for (int i = 0; i < input_csv_format_count; i++) {
		const char *tag = input_csv_formats[i].tag;
		size_t n = tag ? strlen(tag) : 0;
		/* a version field must follow: "1.98, which" is prose */
		if (tag == NULL || (size_t)(end - p) <= n + 1 || memcmp(p, tag, n) != 0 || p[n] != ',' ||
		    scan_blank(p[n + 1]) || p[n + 1] == ',')
			continue;
		if (p > start && (digit(p[-1]) || p[-1] == '.' || p[-1] == ','))
			continue;
		return &input_csv_formats[i];
	}
	return NULL;
}

/* Splits buf in place at commas. Returns the number of fields (f holds at
 * most CSV_MAX_FIELDS of them). */
static int split_fields(char *buf, char **f)
{
	int n = 0;

	for (char *p = buf;; p++) {
		if (n < CSV_MAX_FIELDS)
			f[n] = p;
		n++;
		p = strchr(p, ',');
		if (p == NULL)
			return n;
		*p = '\0';
	}
}

static char *dup_text(struct text t)
{
	char *b = malloc(t.len + 1);

	if (b) {
		memcpy(b, t.p, t.len);
		b[t.len] = '\0';
	}
	return b;
}

static int count_fields(struct text t)
{
	int n = 1;

	for (size_t i = 0; i < t.len; i++)
		n += t.p[i] == ',';
	return n;
}

static bool has_results(const struct parsed_run *r)
{
	for (int i = 0; i < PHASE_COUNT; i++)
		if (r->phase[i].state != CELL_NOT_RUN || r->phase[i].latency_ns >= 0)
			return true;
	return false;
}

/* Decodes candidate c as fmt; one warning when it is not a good line
 * (quiet is for 1.0x look-alikes whose second field is not even a size). */
static void take(struct scan *s, const struct csv_format *fmt, struct text c, unsigned line, bool quiet)
{
	char *buf = dup_text(c), *f[CSV_MAX_FIELDS], why[200];
	struct parsed_run run;
	struct csv_note note = {0, ""};
	int n, rc = -1;

	if (buf == NULL) {
		s->oom = 1;
		return;
	}
	n = split_fields(buf, f);
	snprintf(run.origin, sizeof run.origin, "%s:%u", s->name, line);
	if (n > CSV_MAX_FIELDS)
		snprintf(why, sizeof why, "%d fields, a %s line has %d", n, fmt->label, fmt->nfields);
	else if ((rc = input_csv_decode(fmt, f, n, &run, why, sizeof why, &note)) == 0 && !has_results(&run)) {
		snprintf(why, sizeof why, "no phase has a result");
		rc = -1;
	}
	if (note.cut && input_warn(s->set, s->name, line, "%s line: %s%s", fmt->label, note.text,
	                           rc != 0 ? "" : note.cut > 1 ? " (and more rates like it)" : "") != 0)
		s->oom = 1;
	if (rc == 0) {
		if (input_add_run(s->set, &run) != 0)
			s->oom = 1;
	} else if (!quiet && input_warn(s->set, s->name, line, "%s line skipped: %s", fmt->label, why) != 0)
		s->oom = 1;
	free(buf);
}

/* The next line as a wrapped continuation: no blanks inside, not the start
 * of another result. */
static bool continuation(const struct text *t)
{
	size_t i = 0;

	while (i < t->len && scan_blank(t->p[i]))
		i++;
	if (i == t->len || t->p[i] == '{' || tag_at(t->p + i, t->p + i, t->p + t->len))
		return false;
	for (size_t k = i; k < t->len; k++)
		if (scan_blank(t->p[k]))
			return false;
	return true;
}

/* A mailer wrapped the line that c ends: joins up to MAX_WRAP_LINES next
 * lines while they look like continuations. Only a join that gives exactly
 * fmt's field count is taken (the one unambiguous reading). Returns the
 * joined text (to free) and the position after it, or NULL. */
static char *unwrap(const struct scan *s, const struct csv_format *fmt, struct text c, size_t *after)
{
	size_t pos = s->pos, cap = c.len + 1, used = c.len;
	char *buf = malloc(cap);

	if (buf == NULL)
		return NULL;
	memcpy(buf, c.p, c.len);
	for (int k = 0; k < MAX_WRAP_LINES && pos < s->len; k++) {
		size_t next;
		struct text t = scan_line_at(s, pos, &next);
		char *nb;
		while (t.len && (scan_blank(*t.p) || *t.p == '>')) /* indent, mail quote marks */
			t.p++, t.len--;
		if (!continuation(&t) || (nb = realloc(buf, cap += t.len)) == NULL)
			break;
		buf = nb;
		memcpy(buf + used, t.p, t.len);
		used += t.len;
		pos = next;
		int n = count_fields((struct text){buf, used});
		if (n == fmt->nfields) {
			buf[used] = '\0';
			*after = pos;
			return buf;
		}
		if (n > fmt->nfields)
			break;
	}
	free(buf);
	return NULL;
}

/* A versioned line starting at p inside a token [p, end) of line t. */
static const char *versioned(struct scan *s, const struct csv_format *fmt, const char *tok, const char *p,
                             const char *end, struct text t)
{
	const char *stop = p + strlen(fmt->tag) + 1;
	size_t after;
	char *joined;

	while (stop < end && !tag_at(tok, stop, end))
		stop++;
	struct text c = {p, (size_t)(stop - p)};
	if (count_fields(c) < fmt->nfields && stop == t.p + t.len &&
	    (joined = unwrap(s, fmt, c, &after)) != NULL) {
		take(s, fmt, (struct text){joined, strlen(joined)}, s->line, false);
		free(joined);
		for (size_t i = s->pos; i < after; i++)
			s->line += s->text[i] == '\n';
		s->pos = after;
		return stop;
	}
	take(s, fmt, c, s->line, false);
	return stop;
}

/* "2.01,..." with many fields: a bonnie++ line in a layout we do not know. */
static bool unknown_version(struct text tok)
{
	size_t i = 0;

	while (i < tok.len && digit(tok.p[i]))
		i++;
	if (i == 0 || i >= tok.len || tok.p[i] != '.')
		return false;
	for (i++; i < tok.len && (digit(tok.p[i]) || (tok.p[i] >= 'a' && tok.p[i] <= 'z')); i++)
		;
	return i < tok.len && tok.p[i] == ',' && count_fields(tok) >= 20;
}

static void warn_unknown(struct scan *s, struct text tok)
{
	size_t n = 0;

	while (n < tok.len && tok.p[n] != ',')
		n++;

	if (input_warn(s->set, s->name, s->line,
	               "unknown CSV format '%.*s' skipped (known: 1.98, 1.97, 1.96, 1.0x)",
	               (int)(n > 16 ? 16 : n), tok.p) != 0)
		s->oom = 1;
}

/* A whitespace-free token with 27 fields: a bonnie++ 1.0x line, unless it
 * is the header line. Warned about only when its second field is a size. */
static void old_line(struct scan *s, struct text tok)
{
	const struct csv_format *fmt = &input_csv_formats[input_csv_format_count - 1];
	size_t a = 0, b;

	if (count_fields(tok) != fmt->nfields || (tok.len >= 5 && memcmp(tok.p, "name,", 5) == 0))
		return;
	while (tok.p[a] != ',')
		a++;
	b = ++a;
	while (tok.p[b] != ',')
		b++;
	take(s, fmt, tok, s->line, b == a || !digit(tok.p[a]));
}

void scan_line(struct scan *s, struct text t)
{
	const char *p = t.p, *end = t.p + t.len;

	while (p < end && !s->oom) {
		while (p < end && scan_blank(*p))
			p++;
		const char *tok = p, *tend = p;
		while (tend < end && !scan_blank(*tend))
			tend++;
		struct text tk = {tok, (size_t)(tend - tok)};
		const struct csv_format *fmt = NULL;
		for (; p < tend; p++)
			if ((fmt = tag_at(tok, p, tend)) != NULL)
				break;
		if (fmt) {
			p = versioned(s, fmt, tok, p, tend, t);
			continue;
		}
		if (unknown_version(tk))
			warn_unknown(s, tk);
		else
			old_line(s, tk);
		p = tend;
	}
}
