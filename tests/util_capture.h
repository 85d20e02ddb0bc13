/* What a function under test writes on a standard stream: the stream's
 * descriptor goes to a temporary file while it runs, then comes back. */
#ifndef BONNIE_TEST_UTIL_CAPTURE_H
#define BONNIE_TEST_UTIL_CAPTURE_H

#include <stddef.h>

struct capture {
	int fd;      /* the stream's descriptor: 1 or 2 */
	int saved;   /* its original, to restore */
	int file;    /* the temporary file written meanwhile */
};

/* From now on, what is written to fd (1 or 2) goes to a temporary file. */
void capture_begin(struct capture *c, int fd);

/* Flushes, restores the stream and puts what was written into buf (at
 * most len - 1 bytes, NUL-terminated). Returns the bytes captured, all of
 * them (the test fails when they do not fit). */
size_t capture_end(struct capture *c, char *buf, size_t len);

#endif
