/* The stream window: the part of the input the reader is looking at
 * (input_read, read_stream.c), bytes read from a source as they are
 * needed and dropped once read, so memory follows the longest line or
 * document being read, not the size of the input. input_read_all reads a
 * whole source the same way, for a reader that needs the whole document
 * (bonnie merge's host results). */
#include "internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define READ_CHUNK (64u << 10)
#define READ_MAX (1u << 20) /* at most this much a read: memory follows need */

int stream_window_more(struct stream_window *w)
{
	long got;

	if (w->eof)
		return 0;
	if (w->cap - w->len < READ_CHUNK) {
		size_t cap = w->cap ? w->cap : READ_CHUNK;
		char *nb;
		while (cap - w->len < READ_CHUNK)
			cap *= 2;
		if ((nb = realloc(w->buf, cap)) == NULL)
			return -1;
		w->buf = nb;
		w->cap = cap;
	}
	got = w->src(w->ctx, w->buf + w->len, w->cap - w->len < READ_MAX ? w->cap - w->len : READ_MAX);
	if (got < 0) {
		w->read_errno = errno ? errno : EIO;
		w->eof = true;
	} else if (got == 0)
		w->eof = true;
	else
		w->len += (size_t)got;
	return 0;
}

/* The first '\n' in buf[from..len), or NULL (buf is NULL until the first read). */
static const char *newline(const struct stream_window *w, size_t from)
{
	return from < w->len ? memchr(w->buf + from, '\n', w->len - from) : NULL;
}

void stream_window_drop(struct stream_window *w, size_t n)
{
	memmove(w->buf, w->buf + n, w->len - n);
	w->len -= n;
}

size_t stream_window_line_end(struct stream_window *w, size_t pos, size_t max, int *status)
{
	size_t from = pos;

	*status = STREAM_LINE_OK;
	for (;;) {
		const char *nl = newline(w, from);
		if (nl) {
			size_t end = (size_t)(nl - w->buf) + 1;
			if (end - pos > max + 1) /* read whole already, still too long */
				*status = STREAM_LINE_LONG;
			return end;
		}
		from = w->len;
		if (w->eof)
			break;
		if (w->len - pos > max) {
			*status = STREAM_LINE_LONG;
			return w->len;
		}
		if (stream_window_more(w) != 0) {
			*status = STREAM_LINE_NOMEM;
			return w->len;
		}
	}
	if (pos == w->len)
		*status = STREAM_LINE_END;
	else if (w->len - pos > max)
		*status = STREAM_LINE_LONG;
	return w->len;
}

size_t stream_window_skip_line(struct stream_window *w, size_t pos)
{
	for (;;) {
		const char *nl = newline(w, pos);
		if (nl)
			return (size_t)(nl - w->buf) + 1;
		w->len = pos; /* the rest of an over-long line: never kept */
		if (w->eof || stream_window_more(w) != 0 || w->len == pos)
			return w->len;
	}
}

void stream_window_free(struct stream_window *w)
{
	free(w->buf);
	w->buf = NULL;
	w->len = w->cap = 0;
}

long input_from_stdio(void *ctx, char *buf, size_t cap)
{
	FILE *f = ctx;
	size_t n = fread(buf, 1, cap, f);

	if (n == 0 && ferror(f)) {
		if (errno == 0)
			errno = EIO;
		return -1;
	}
	return (long)n;
}

int input_read_all(input_source src, void *ctx, char **text, size_t *len)
{
	struct stream_window w = {.src = src, .ctx = ctx};
	int err;

	*text = NULL;
	*len = 0;
	while (!w.eof)
		if (stream_window_more(&w) != 0) {
			stream_window_free(&w);
			return -1;
		}
	if (w.read_errno) {
		err = w.read_errno;
		stream_window_free(&w);
		errno = err;
		return -2;
	}
	/* the last read found the end with room to spare (stream_window_more
	 * keeps READ_CHUNK free before each read): the NUL fits */
	w.buf[w.len] = '\0';
	*text = w.buf;
	*len = w.len;
	return 0;
}
