/* Bounded string copying: never overflows, always terminates, and says
 * whether the source was cut. */
#ifndef BONNIE_STR_H
#define BONNIE_STR_H

#include <stdbool.h>
#include <stddef.h>

/* Copies src into dst (cap bytes, cap > 0), truncating. Returns true if all of src fit. */
bool str_copy(char *dst, size_t cap, const char *src);

/* Copies src into dst (cap bytes, cap > 0) so that it is safe to print on
 * a terminal inside a one-line message: control characters (C0, DEL, the
 * UTF-8 encoded C1 range U+0080..U+009F) and bytes that are not UTF-8
 * become the two or four characters \n, \t, \r or \xHH; everything else
 * is kept. Never cuts an escape or a UTF-8 character in half. Idempotent.
 * Returns true if all of src fit. Every message that quotes user input
 * (options, paths, names) goes through this. */
bool str_sanitize(char *dst, size_t cap, const char *src);

#endif
