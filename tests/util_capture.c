/* Capturing stdout or stderr for a unit test (util_capture.h). */
#include "util_capture.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void flush_both(void)
{
	fflush(stdout);
	fflush(stderr);
}

void capture_begin(struct capture *c, int fd)
{
	const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	char path[512];

	snprintf(path, sizeof path, "%s/bonnie-capture.XXXXXX", tmp);
	flush_both();
	c->fd = fd;
	c->file = mkstemp(path);
	ck_assert_int_ge(c->file, 0);
	unlink(path);
	c->saved = dup(fd);
	ck_assert_int_ge(c->saved, 0);
	ck_assert_int_eq(dup2(c->file, fd), fd);
}

size_t capture_end(struct capture *c, char *buf, size_t len)
{
	ssize_t n;

	flush_both();
	ck_assert_int_eq(dup2(c->saved, c->fd), c->fd);
	close(c->saved);
	ck_assert_int_eq(lseek(c->file, 0, SEEK_SET), 0);
	n = read(c->file, buf, len);
	close(c->file);
	ck_assert_int_ge(n, 0);
	ck_assert_msg((size_t)n < len, "more than %zu bytes captured", len - 1);
	buf[n] = '\0';
	return (size_t)n;
}
