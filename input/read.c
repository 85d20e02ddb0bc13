/* input_read: walks pasted text line by line as it is read (window.c),
 * trying each line that opens with '{' as a bonnie JSON document and
 * scanning the others for CSV results (scan.c). */
#include "internal.h"
#include "../lib/str.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* The window moved or grew: the scanner's pointers follow it. */
static void refresh(struct scan *s)
{
	s->text = s->w.buf;
}

/* Reads on until the document at start has INPUT_MAX_JSON bytes or twice
 * avail, or the input ends. Returns the bytes there are from start. */
static size_t json_more(struct scan *s, size_t start, size_t avail)
{
	size_t want = 2 * avail < INPUT_MAX_JSON ? 2 * avail : INPUT_MAX_JSON;

	while (s->w.len - start < want && !s->w.eof)
		if (window_more(&s->w) != 0) {
			s->oom = 1;
			break;
		}
	refresh(s);
	return s->w.len - start < INPUT_MAX_JSON ? s->w.len - start : INPUT_MAX_JSON;
}

/* The parser stopped within the last bytes it had (a string, a literal or
 * the document cut there): more of the input may change the answer. */
static bool needs_more(const struct scan *s, long used, size_t seen, size_t avail)
{
	return used < 0 && seen + 8 >= avail && !s->w.eof && avail < INPUT_MAX_JSON && !s->oom;
}

/* A '{' opening a line: a bonnie JSON document, perhaps. It is parsed
 * from what has been read, and again from twice as much while it stops
 * for want of input, so a document costs no more than twice its length.
 * Returns true when it was consumed. */
static bool json_at(struct scan *s, size_t start)
{
	char why[200];
	size_t avail = s->w.len - start, seen;
	long used;

	for (;;) {
		used = input_json_doc(s->set, s->name, s->line, s->text + start, avail, &seen, why, sizeof why);
		if (!needs_more(s, used, seen, avail))
			break;
		avail = json_more(s, start, avail);
	}
	s->json_seen = start + seen;
	if (used > 0) {
		for (long i = 0; i < used; i++)
			s->line += s->text[start + (size_t)i] == '\n';
		s->pos = window_skip_line(&s->w, start + (size_t)used);
		refresh(s);
		return true;
	}
	if (used < 0) {
		size_t peek;
		char head[401];
		while (s->w.len - start < 400 && !s->w.eof && window_more(&s->w) == 0)
			;
		refresh(s);
		peek = s->w.len - start < 400 ? s->w.len - start : 400;
		memcpy(head, s->text + start, peek);
		head[peek] = '\0';
		if (avail >= INPUT_MAX_JSON && seen + 8 >= avail)
			snprintf(why, sizeof why, "longer than %u MiB", INPUT_MAX_JSON >> 20);
		if (strstr(head, "\"tool\"") && input_warn(s->set, s->name, s->line, "JSON document skipped: %s", why))
			s->oom = 1;
	}
	return false;
}

/* Drops what was scanned once it is 64 KiB and at least as much as what
 * is left: a byte is moved at most once on average, and rarely. */
static void drop_scanned(struct scan *s)
{
	size_t n = s->pos;

	if (n < (64u << 10) || n < s->w.len - n)
		return;
	window_drop(&s->w, n);
	s->json_seen = s->json_seen > n ? s->json_seen - n : 0;
	s->pos = 0;
	refresh(s);
}

/* Reads the line at s->pos and the MAX_WRAP_LINES after it (the most a
 * wrapped line is rejoined from) and sets s->len to the end of the whole
 * lines among them. Returns false at the end of the input. */
static bool load_lines(struct scan *s)
{
	size_t at = s->pos;
	int st;

	s->long_line = false;
	for (int k = 0; k <= MAX_WRAP_LINES; k++) {
		size_t end = window_line_end(&s->w, at, INPUT_MAX_LINE, &st);
		if (st == WINDOW_LINE_NOMEM)
			s->oom = 1;
		if (st == WINDOW_LINE_END || st == WINDOW_LINE_NOMEM || (st == WINDOW_LINE_LONG && k > 0))
			break;
		if (st == WINDOW_LINE_LONG) {
			s->long_line = true;
			at = end;
			break;
		}
		at = end;
	}
	refresh(s);
	s->len = at;
	return at > s->pos && !s->oom;
}

/* One line, with whatever results start on it. */
static void scan_one(struct scan *s)
{
	size_t start = s->pos, next, lead = 0;
	struct text t = scan_line_at(s, s->pos, &next);

	s->line++;
	s->pos = next;
	while (lead < t.len && scan_blank(t.p[lead]))
		lead++;
	if (lead < t.len && t.p[lead] == '{' && start + lead >= s->json_seen && json_at(s, start + lead))
		return;
	if (s->long_line) {
		s->pos = window_skip_line(&s->w, start);
		refresh(s);
		if (input_warn(s->set, s->name, s->line, "line longer than %u MiB: not searched",
		               INPUT_MAX_LINE >> 20) != 0)
			s->oom = 1;
		return;
	}
	t = scan_line_at(s, start, &next); /* the window may have moved */
	if (!s->nul_warned && memchr(t.p, '\0', t.len)) {
		s->nul_warned = true;
		if (input_warn(s->set, s->name, s->line, "NUL bytes (is it a text file?): read as blanks") != 0)
			s->oom = 1;
	}
	scan_line(s, t);
}

int input_read(struct parsed_set *set, const char *name, input_source src, void *ctx)
{
	char safe[PARSED_ORIGIN_LEN - 12];
	struct scan s = {set, safe, {src, ctx, NULL, 0, 0, false, 0}, NULL, 0, 0, 0, 0, false, false, 0};
	int rc;

	str_sanitize(safe, sizeof safe, name); /* in every origin and warning */
	while (!s.oom) {
		drop_scanned(&s);
		if (!load_lines(&s))
			break;
		scan_one(&s);
	}
	rc = s.oom ? -1 : s.w.read_errno ? -2 : 0;
	errno = s.w.read_errno;
	window_free(&s.w);
	return rc;
}

struct text_source {
	const char *text;
	size_t len, off;
};

static long from_text(void *ctx, char *buf, size_t cap)
{
	struct text_source *t = ctx;
	size_t n = t->len - t->off < cap ? t->len - t->off : cap;

	if (n == 0) /* text may be NULL when len is 0 */
		return 0;
	memcpy(buf, t->text + t->off, n);
	t->off += n;
	return (long)n;
}

int input_parse(struct parsed_set *set, const char *name, const char *text, size_t len)
{
	struct text_source t = {text, len, 0};

	return input_read(set, name, from_text, &t) == 0 ? 0 : -1;
}
