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
 * UTF-8 encoded C1 range U+0080..U+009F), the bidirectional controls
 * (U+202E and kin) and U+2028/U+2029, and bytes that are not UTF-8 become
 * the characters \n, \t, \r or \xHH (one per byte); everything else
 * is kept. Never cuts an escape or a UTF-8 character in half. Idempotent.
 * Returns true if all of src fit. Every message that quotes user input
 * (options, paths, names) goes through this. */
bool str_sanitize(char *dst, size_t cap, const char *src);

/* Length in bytes of the UTF-8 character at s (1 for ASCII, 2-4), or 0
 * when s does not start a complete, well-formed sequence. */
size_t str_char_len(const char *s);

/* Screen columns of UTF-8 text, without the locale's wcwidth: one per
 * character, two for East Asian wide and fullwidth ones, none for
 * combining marks; a byte that is not UTF-8 counts as one. Returns the
 * length in bytes of the longest prefix of s that fits in maxcols columns
 * (never cutting a character, nor an escape of str_sanitize: \xHH, \n,
 * \t, \r) and its width in *cols. */
size_t str_fit_columns(const char *s, size_t maxcols, size_t *cols);

#endif
