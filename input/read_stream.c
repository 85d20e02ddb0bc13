/* input_read: reads pasted text as a stream (stream_window.c), line by
 * line, and cuts it into JSON documents and pieces. A line that opens with
 * '{' is tried as a bonnie JSON document, read on from the window as far as
 * the document goes; the other lines are gathered into pieces of at least
 * INPUT_CHUNK_MIN bytes, cut at a blank line (or at INPUT_CHUNK_MAX), and
 * each piece is read whole for CSV lines, tables and quoted-printable mail
 * (read_piece.c). What is held is the piece being gathered or one
 * document, never the whole input. */
#include "internal.h"
#include "../lib/str.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

struct reader {
	struct parsed_set *set;
	const char *name;
	struct stream_window w;
	size_t piece;     /* start of the piece being gathered */
	unsigned pline;   /* the file's number of its first line */
	size_t pos;       /* start of the next line */
	unsigned line;    /* number of the line being looked at */
	size_t json_seen; /* no document starts before this: inside one already tried */
	bool nul_warned;  /* said once that NUL bytes are read as blanks */
	bool qp;          /* the file is quoted-printable mail */
	int oom;
};

/* Reads on until the document at start has INPUT_MAX_JSON bytes or twice
 * avail, or the input ends. Returns the bytes there are from start. */
static size_t json_more(struct reader *r, size_t start, size_t avail)
{
	size_t want = 2 * avail < INPUT_MAX_JSON ? 2 * avail : INPUT_MAX_JSON;

	while (r->w.len - start < want && !r->w.eof)
		if (stream_window_more(&r->w) != 0) {
			r->oom = 1;
			break;
		}
	return r->w.len - start < INPUT_MAX_JSON ? r->w.len - start : INPUT_MAX_JSON;
}

/* The parser stopped within the last bytes it had (a string, a literal or
 * the document cut there): more of the input may change the answer. */
static bool needs_more(const struct reader *r, long used, size_t seen, size_t avail)
{
	return used == -1 && seen + 8 >= avail && !r->w.eof && avail < INPUT_MAX_JSON && !r->oom;
}

/* Says why a document that names itself bonnie's did not parse. */
static void json_skipped(struct reader *r, size_t start, size_t avail, size_t seen, char *why, size_t cap)
{
	size_t peek;
	char head[401];

	while (r->w.len - start < 400 && !r->w.eof && stream_window_more(&r->w) == 0)
		;
	peek = r->w.len - start < 400 ? r->w.len - start : 400;
	memcpy(head, r->w.buf + start, peek);
	head[peek] = '\0';
	if (avail >= INPUT_MAX_JSON && seen + 8 >= avail)
		snprintf(why, cap, "longer than %u MiB", INPUT_MAX_JSON >> 20);
	if (strstr(head, "\"tool\"") && input_warn(r->set, r->name, r->line, "JSON document skipped: %s", why))
		r->oom = 1;
}

/* A '{' opening a line: a bonnie JSON document, perhaps. It is parsed
 * from what has been read, and again from twice as much while it stops
 * for want of input, so a document costs no more than twice its length.
 * Returns true when it was consumed (r->pos is after it). */
static bool json_at(struct reader *r, size_t start)
{
	char why[200];
	size_t avail = r->w.len - start, seen;
	long used;

	for (;;) {
		used = input_json_doc(r->set, r->name, r->line, r->w.buf + start, avail, &seen, why, sizeof why);
		if (!needs_more(r, used, seen, avail))
			break;
		avail = json_more(r, start, avail);
	}
	r->json_seen = start + seen;
	if (used == INPUT_JSON_NO_MEMORY) {
		r->oom = 1;
		used = 0;
	}
	if (used > 0) {
		for (long i = 0; i < used; i++)
			r->line += r->w.buf[start + (size_t)i] == '\n';
		r->pos = stream_window_skip_line(&r->w, start + (size_t)used);
		return true;
	}
	if (used < 0)
		json_skipped(r, start, avail, seen, why, sizeof why);
	return false;
}

/* Reads the gathered piece, up to r->pos, and starts the next one there. */
static void flush(struct reader *r)
{
	if (r->pos > r->piece && !r->oom &&
	    input_parse_piece(r->set, r->name, r->w.buf + r->piece, r->pos - r->piece, r->pline, &r->qp) != 0)
		r->oom = 1;
	r->piece = r->pos;
	r->pline = r->line + 1;
}

/* Drops what was read once it is 64 KiB and at least as much as what is
 * left: a byte is moved at most once on average, and rarely. */
static void drop_read(struct reader *r)
{
	size_t n = r->piece;

	if (n < (64u << 10) || n < r->w.len - n)
		return;
	stream_window_drop(&r->w, n);
	r->json_seen = r->json_seen > n ? r->json_seen - n : 0;
	r->pos -= n;
	r->piece = 0;
}

static bool blank_line(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != ' ' && p[i] != '\t' && p[i] != '\r' && p[i] != '\n')
			return false;
	return true;
}

/* The piece ends after this line: it is big enough and the line is blank
 * (not the end of a quoted-printable soft break), or it is at its cap. */
static bool piece_ends(const struct reader *r, size_t start, size_t end)
{
	size_t size = end - r->piece;

	if (size >= INPUT_CHUNK_MAX)
		return true;
	return size >= INPUT_CHUNK_MIN && blank_line(r->w.buf + start, end - start) && start >= r->piece + 2 &&
	       r->w.buf[start - 2] != '=';
}

/* NUL bytes are read as blanks (a result after one is found), and named
 * once per file. */
static void blank_nuls(struct reader *r, size_t start, size_t end)
{
	char *p = r->w.buf + start, *nul;

	while ((nul = memchr(p, '\0', (size_t)(r->w.buf + end - p))) != NULL) {
		if (!r->nul_warned) {
			r->nul_warned = true;
			if (input_warn(r->set, r->name, r->line, "NUL bytes (is it a text file?): read as blanks") != 0)
				r->oom = 1;
		}
		*nul = ' ';
		p = nul + 1;
	}
}

/* One line: a JSON document, an over-long line, or one more line of the
 * piece. Returns false at the end of the input. */
static bool read_line(struct reader *r)
{
	size_t start = r->pos, lead = start, end;
	int st;

	end = stream_window_line_end(&r->w, start, INPUT_MAX_LINE, &st);
	if (st == STREAM_LINE_NOMEM)
		r->oom = 1;
	if (st == STREAM_LINE_END || st == STREAM_LINE_NOMEM)
		return false;
	if (st == STREAM_LINE_LONG) {
		flush(r);
		r->line++;
		r->pos = stream_window_skip_line(&r->w, start);
		r->piece = r->pos;
		r->pline = r->line + 1;
		if (input_warn(r->set, r->name, r->line, "line longer than %u MiB: not searched", INPUT_MAX_LINE >> 20))
			r->oom = 1;
		return true;
	}
	while (lead < end && (r->w.buf[lead] == ' ' || r->w.buf[lead] == '\t'))
		lead++;
	if (lead < end && r->w.buf[lead] == '{' && lead >= r->json_seen) {
		flush(r); /* the runs before the document come first */
		r->line++;
		if (json_at(r, lead)) {
			r->piece = r->pos;
			r->pline = r->line + 1;
			return true;
		}
		r->pline = r->line; /* not a document: a line of the piece */
		end = stream_window_line_end(&r->w, start, INPUT_MAX_LINE, &st); /* the window may have moved */
	} else
		r->line++;
	blank_nuls(r, start, end);
	r->pos = end;
	if (piece_ends(r, start, end))
		flush(r);
	return true;
}

int input_read(struct parsed_set *set, const char *name, input_source src, void *ctx)
{
	char safe[PARSED_ORIGIN_LEN - 12];
	struct reader r = {set, safe, {src, ctx, NULL, 0, 0, false, 0}, 0, 1, 0, 0, 0, false, false, 0};
	int rc;

	str_sanitize(safe, sizeof safe, name); /* in every origin and warning */
	while (!r.oom) {
		drop_read(&r);
		if (!read_line(&r))
			break;
	}
	flush(&r);
	rc = r.oom ? -1 : r.w.read_errno ? -2 : 0;
	errno = r.w.read_errno;
	stream_window_free(&r.w);
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
