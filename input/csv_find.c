/* input_csv_find: walks one piece of pasted text line by line and finds
 * bonnie++ CSV lines (wherever they stand in a line, rejoined when a mailer
 * wrapped them); read_stream.c has taken the JSON documents out already. */
#include "internal.h"
#include "../lib/str.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WRAP_LINES 4

struct text {
	const char *p;
	size_t len;
};

struct scan {
	struct parsed_set *set;
	const char *name;
	const char *text;
	size_t len;
	size_t pos;       /* start of the next line */
	unsigned line;    /* number of the line being looked at */
	int oom;
};

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

/* The line at s->pos without its end-of-line and trailing blanks. */
static struct text line_at(const struct scan *s, size_t pos, size_t *next)
{
	const char *nl = memchr(s->text + pos, '\n', s->len - pos);
	size_t end = nl ? (size_t)(nl - s->text) : s->len;
	struct text t = {s->text + pos, end - pos};

	*next = nl ? end + 1 : s->len;
	while (t.len && blank(t.p[t.len - 1]))
		t.len--;
	/* a Markdown hard break ("...,+++\\"): no bonnie++ line ends in one */
	if (t.len >= 2 && t.p[t.len - 1] == '\\' && t.p[t.len - 2] != '\\')
		t.len--;
	return t;
}

/* A known tag ("1.98,") at p that does not continue a number or a field. */
static const struct csv_layout *tag_at(const char *start, const char *p, const char *end)
{
	if (*p != '1') /* every tag starts so: the common case costs one compare */
		return NULL;
	for (int i = 0; i < csv_layout_count; i++) {
		const char *tag = csv_layouts[i]->tag;
		size_t n = tag ? strlen(tag) : 0;
		/* a version field must follow: "1.98, which" is prose */
		if (tag == NULL || (size_t)(end - p) <= n + 1 || memcmp(p, tag, n) != 0 || p[n] != ',' ||
		    blank(p[n + 1]) || p[n + 1] == ',')
			continue;
		if (p > start && (digit(p[-1]) || p[-1] == '.' || p[-1] == ','))
			continue;
		return csv_layouts[i];
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

/* Decodes candidate c as fmt into run (origin left alone). Returns 0 for
 * a good line, 1 for a bad one (why says why), -1 when memory ran out. */
static int decode(const struct csv_layout *fmt, struct text c, struct parsed_run *run, char *why, size_t cap,
                  struct csv_note *note)
{
	char *buf = dup_text(c), *f[CSV_MAX_FIELDS];
	int n, rc = 1;

	if (buf == NULL)
		return -1;
	n = split_fields(buf, f);
	if (n > CSV_MAX_FIELDS)
		snprintf(why, cap, "%d fields, a %s line has %d", n, fmt->label, fmt->nfields);
	else if ((rc = input_csv_decode(fmt, f, input_csv_short_196(fmt, f, n), run, why, cap, note)) == 0 &&
	         !has_results(run)) {
		snprintf(why, cap, "no phase has a result");
		rc = 1;
	}
	free(buf);
	return rc ? 1 : 0;
}

static bool good_line(const struct csv_layout *fmt, struct text c)
{
	struct parsed_run run;
	struct csv_note note = {0, ""};
	char why[200];

	run.origin[0] = '\0';
	return decode(fmt, c, &run, why, sizeof why, &note) == 0;
}

/* Decodes candidate c as fmt; one warning when it is not a good line
 * (quiet is for 1.0x look-alikes whose second field is not even a size). */
static void take(struct scan *s, const struct csv_layout *fmt, struct text c, unsigned line, bool quiet)
{
	char why[200];
	struct parsed_run run;
	struct csv_note note = {0, ""};
	int rc;

	snprintf(run.origin, sizeof run.origin, "%s:%u", s->name, line);
	rc = decode(fmt, c, &run, why, sizeof why, &note);
	if (rc >= 0 && note.cut &&
	    input_warn(s->set, s->name, line, "%s line: %s%s", fmt->label, note.text,
	               rc != 0 ? "" : note.cut > 1 ? " (and more rates like it)" : "") != 0)
		s->oom = 1;
	if (rc < 0 || (rc == 0 && input_add_run(s->set, &run) != 0))
		s->oom = 1;
	else if (rc > 0 && !quiet && input_warn(s->set, s->name, line, "%s line skipped: %s", fmt->label, why) != 0)
		s->oom = 1;
}

/* Markup and quotes a page glued to the field at either end (markup.c). */
static struct text strip_markup(struct text c)
{
	input_strip_markup(&c.p, &c.len);
	return c;
}

/* The next line as a wrapped continuation: no blanks inside, not the start
 * of another result. */
static bool continuation(const struct text *t)
{
	size_t i = 0;

	while (i < t->len && blank(t->p[i]))
		i++;
	if (i == t->len || t->p[i] == '{' || tag_at(t->p + i, t->p + i, t->p + t->len))
		return false;
	for (size_t k = i; k < t->len; k++)
		if (blank(t->p[k]))
			return false;
	return true;
}

/* A wrapped line's fragments are lines as long as a mailer's wrap width
 * (72 to 78 columns, quote marks included); a whole CSV line is longer. */
#define WRAP_MIN_COLUMNS 60
#define WRAP_MAX_COLUMNS 80

/* A mailer wrapped the line that c ends (c ends line t): joins up to
 * MAX_WRAP_LINES next lines (empty ones after a comma counted, and passed
 * over) while they look like continuations and keeps
 * the longest join that is a good fmt line (a wrap inside the last field,
 * "...,45" + "3us", is valid only whole). When c alone is already good, a
 * longer join is taken only if every fragment but the last is as long as a
 * mailer wraps lines. Returns the joined text (to free) and the position after
 * it, or NULL when no join is better than c alone. */
static char *unwrap(const struct scan *s, const struct csv_layout *fmt, struct text c, struct text t,
                    size_t *after)
{
	size_t pos = s->pos, cap = c.len + 1, used = c.len, best_len = 0;
	bool wide = t.len >= WRAP_MIN_COLUMNS && t.len <= WRAP_MAX_COLUMNS;
	int alone = -1; /* c alone is a good line: unknown yet */
	char *buf = malloc(cap);

	if (buf == NULL)
		return NULL;
	memcpy(buf, c.p, c.len);
	for (int k = 0; k < MAX_WRAP_LINES && pos < s->len; k++) {
		size_t next;
		struct text l = line_at(s, pos, &next), f = l;
		char *nb;
		while (f.len && (blank(*f.p) || *f.p == '>')) /* indent, mail quote marks */
			f.p++, f.len--;
		/* an empty line after a piece that ends in a comma (no line ends
		 * there) is a break an editor doubled: passed over */
		if (f.len == 0 && used > 0 && buf[used - 1] == ',') {
			pos = next;
			continue;
		}
		if (!continuation(&f))
			break;
		if (!wide && alone < 0) /* decoded only when it matters */
			alone = good_line(fmt, strip_markup(c));
		if ((!wide && alone) || (nb = realloc(buf, cap += f.len)) == NULL)
			break;
		/* adjacent string literals in code are one string: "...92," "271440,..." */
		if (used && nb[used - 1] == '"' && f.len > 1 && f.p[0] == '"')
			used--, f.p++, f.len--;
		buf = nb;
		memcpy(buf + used, f.p, f.len);
		used += f.len;
		pos = next;
		struct text j = strip_markup((struct text){buf, used});
		int n = count_fields(j);
		if (n > fmt->nfields)
			break;
		if (n == fmt->nfields && good_line(fmt, j)) {
			best_len = used;
			*after = pos;
		}
		wide = l.len >= WRAP_MIN_COLUMNS && l.len <= WRAP_MAX_COLUMNS;
	}
	if (best_len == 0) {
		free(buf);
		return NULL;
	}
	buf[best_len] = '\0';
	return buf;
}

/* A page that lost its line breaks shows a mailer-wrapped line with a blank
 * where each break was ("...,0,1 6,484,...", "...,616 .9,2,..."): joins c
 * with up to MAX_WRAP_LINES next tokens of line t while they look like
 * continuations, and keeps the first join that is a whole good fmt line (it
 * has exactly fmt's fields, each what bonnie++ writes there). Returns the
 * joined text (to free) and sets *after past its last token, or NULL. */
static char *unwrap_blanks(const struct csv_layout *fmt, struct text c, struct text t, const char **after)
{
	const char *p = c.p + c.len, *end = t.p + t.len;
	size_t used = c.len;
	char *buf = dup_text(c), *nb;

	for (int k = 0; buf && k < MAX_WRAP_LINES && p < end && blank(*p); k++) {
		while (p < end && blank(*p))
			p++;
		struct text f = {p, 0};
		while (p < end && !blank(*p))
			p++;
		f.len = (size_t)(p - f.p);
		if (f.len == 1 && f.p[0] == '\\') { /* a code line's continuation mark, its line end lost */
			k--;
			continue;
		}
		if (!continuation(&f) || (nb = realloc(buf, used + f.len + 1)) == NULL)
			break;
		buf = nb;
		if (used && buf[used - 1] == '\\') /* "...,92,\" glued: the same mark */
			used--;
		if (used && buf[used - 1] == '"' && f.len > 1 && f.p[0] == '"') /* adjacent string literals */
			used--, f.p++, f.len--;
		memcpy(buf + used, f.p, f.len);
		used += f.len;
		struct text j = strip_markup((struct text){buf, used});
		int n = count_fields(j);
		if (n > fmt->nfields)
			break;
		if (n == fmt->nfields && good_line(fmt, j)) {
			buf[used] = '\0';
			*after = p;
			return buf;
		}
	}
	free(buf);
	return NULL;
}

/* Takes c, or its longest good join with the wrapped lines after it when
 * c ends line t, or with the tokens after it when a blank ends c (the line
 * breaks were lost). Moves the scan past the lines joined; returns the end
 * of what it took in t. */
static const char *take_unwrapped(struct scan *s, const struct csv_layout *fmt, struct text c, struct text t,
                                  bool quiet)
{
	const char *end = c.p + c.len, *after_tok = end;
	bool ends_line = end == t.p + t.len;
	size_t after;
	char *joined = ends_line ? unwrap(s, fmt, c, t, &after) : NULL;

	if (!ends_line && !good_line(fmt, strip_markup(c)))
		joined = unwrap_blanks(fmt, c, t, &after_tok);
	if (joined == NULL) {
		take(s, fmt, strip_markup(c), s->line, quiet);
		return end;
	}
	take(s, fmt, strip_markup((struct text){joined, strlen(joined)}), s->line, false);
	free(joined);
	for (size_t i = s->pos; ends_line && i < after; i++)
		s->line += s->text[i] == '\n';
	if (ends_line)
		s->pos = after;
	return after_tok;
}

/* A versioned line starting at p inside a token [p, end) of line t. */
static const char *versioned(struct scan *s, const struct csv_layout *fmt, const char *tok, const char *p,
                             const char *end, struct text t)
{
	const char *stop = p + strlen(fmt->tag) + 1;

	while (stop < end && !tag_at(tok, stop, end))
		stop++;
	if (stop == end) /* cut at a blank: the name may hold it */
		stop = p + input_csv_named_len(fmt, p, (size_t)(t.p + t.len - p), (size_t)(stop - p));
	return take_unwrapped(s, fmt, (struct text){p, (size_t)(stop - p)}, t, false);
}

static void warn_unknown(struct scan *s, struct text tok)
{
	char known[80] = "";
	size_t n = 0;

	while (n < tok.len && tok.p[n] != ',')
		n++;
	for (int i = 0; i < csv_layout_count; i++) /* "1.98, 1.97, ..., 1.0x" */
		snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", i ? ", " : "", csv_layouts[i]->label);
	if (input_warn(s->set, s->name, s->line, "unknown CSV format '%.*s' skipped (known: %s)",
	               (int)(n > 16 ? 16 : n), tok.p, known) != 0)
		s->oom = 1;
}

/* A whitespace-free token with 27 fields: a bonnie++ 1.0x line, unless it
 * is the header line. Warned about when its second field is a size, or
 * when it is a near miss (one warning, naming the file and line). A
 * shorter one that ends its line and starts like a 1.0x line (a name,
 * then a size) is rejoined with the lines a mailer wrapped it onto, or
 * with the tokens after it when the line breaks were lost. Returns the end
 * of what it read in t. */
static const char *old_line(struct scan *s, struct text tok, struct text t)
{
	const struct csv_layout *fmt = csv_layouts[csv_layout_count - 1];
	struct text c = strip_markup(tok);
	int n = count_fields(c);
	bool ends_line = tok.p + tok.len == t.p + t.len, miss;

	const char *after = tok.p + tok.len;
	char *joined;

	if (n < 8 || (c.len >= 5 && memcmp(c.p, "name,", 5) == 0))
		return after;
	miss = input_csv_near_miss(fmt, c.p, c.len, n);
	if (n > fmt->nfields) {
		if (miss && input_warn(s->set, s->name, s->line, "%s line skipped: %d fields, a %s line has %d",
		                       fmt->label, n, fmt->label, fmt->nfields) != 0)
			s->oom = 1;
		return after;
	}
	bool size_field = input_csv_field_is_number(c.p, c.len, csv_layout_find(fmt, CSV_HOLDS_SETTING, META_SIZE));
	if (n < fmt->nfields && !miss && (!size_field || !ends_line)) {
		if (size_field && (joined = unwrap_blanks(fmt, tok, t, &after)) != NULL) {
			take(s, fmt, strip_markup((struct text){joined, strlen(joined)}), s->line, false);
			free(joined);
		}
		return after;
	}
	return take_unwrapped(s, fmt, tok, t, !size_field && !miss);
}

/* Every result in one line's tokens. */
static void scan_line(struct scan *s, struct text t)
{
	const char *p = t.p, *end = t.p + t.len;

	while (p < end && !s->oom) {
		while (p < end && blank(*p))
			p++;
		const char *tok = p, *tend = p;
		while (tend < end && !blank(*tend))
			tend++;
		struct text tk = {tok, (size_t)(tend - tok)};
		const struct csv_layout *fmt = NULL;
		for (; p < tend; p++)
			if ((fmt = tag_at(tok, p, tend)) != NULL)
				break;
		if (fmt) {
			p = versioned(s, fmt, tok, p, tend, t);
			continue;
		}
		if (input_csv_unknown_version(tk.p, tk.len, count_fields(tk)))
			warn_unknown(s, tk);
		else
			tend = old_line(s, tk, t);
		p = tend;
	}
}

int input_csv_find(struct parsed_set *set, const char *name, const char *text, size_t len)
{
	struct scan s = {set, name, text, len, 0, 0, 0};

	while (s.pos < s.len && !s.oom) {
		size_t next;
		struct text t = line_at(&s, s.pos, &next);
		s.line++;
		s.pos = next;
		scan_line(&s, t); /* read_stream.c made NUL bytes blanks */
	}
	return s.oom ? -1 : 0;
}
