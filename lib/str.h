/* Bounded string copying: never overflows, always terminates, and says
 * whether the source was cut. */
#ifndef BONNIE_STR_H
#define BONNIE_STR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A constant's value as a string literal, for a text that states a rule
 * to be made of the rule's own constant: STR_OF(CONF_MIN_OPS) is "100"
 * when CONF_MIN_OPS is 100 (a plain literal: 100u would give "100u"). */
#define STR_OF_(x) #x
#define STR_OF(x) STR_OF_(x)

/* Copies src into dst (cap bytes, cap > 0), truncating. Returns true if all of src fit. */
bool str_copy(char *dst, size_t cap, const char *src);

/* The one rule for text from outside (user input, pasted results) that an
 * output shows: which bytes are UTF-8 and which characters are unsafe. */

/* Length in bytes of the UTF-8 character at s (1 for ASCII, 2-4), or 0
 * when s does not start a complete, well-formed sequence: a stray
 * continuation byte, a cut sequence, an overlong form, a surrogate
 * (U+D800..U+DFFF) or a code point past U+10FFFF. */
size_t str_char_len(const char *s);

/* Whether the character at s of length n (str_char_len's) must not be
 * shown as it is: n 0 (not UTF-8), a control character (C0, DEL, the C1
 * range U+0080..U+009F), a bidirectional control (U+061C, U+200E, U+200F,
 * U+202A..U+202E, U+2066..U+2069) or U+2028/U+2029. */
bool str_char_unsafe(const char *s, size_t n);

/* The code point of the character at s of length n (str_char_len's);
 * U+FFFD when n is 0. */
uint32_t str_char_code(const char *s, size_t n);

/* Copies src into dst (cap bytes, cap > 0) with each character that
 * str_char_unsafe names, and each byte in also (ASCII), as '_'; never half
 * a character. Returns the length written. For names and arguments shown
 * inside a report, where an escape would read as part of the text. */
size_t str_copy_underscored(char *dst, size_t cap, const char *src, const char *also);

/* Copies src into dst (cap bytes, cap > 0) so that it is safe to print on
 * a terminal inside a one-line message: each unsafe character (above)
 * becomes \n, \t, \r or \xHH per byte (one \xHH for a byte that is
 * not UTF-8); everything else is kept. Never cuts an escape or a UTF-8
 * character in half. Idempotent. Returns true if all of src fit. Every
 * message that quotes user input (options, paths, names) and every string
 * compare quotes from its input goes through this. */
bool str_sanitize(char *dst, size_t cap, const char *src);

/* Screen columns of UTF-8 text, the one measure of display width: each
 * character's wcwidth(3) under the user's locale when str_columns_locale
 * found it UTF-8; else (C, POSIX, another charset, or a character wcwidth
 * has no width for) a built-in table: one per character, two for East
 * Asian wide and fullwidth ones and common emoji, none for combining
 * marks. A byte that is not UTF-8 counts as one. Returns the
 * length in bytes of the longest prefix of s that fits in maxcols columns
 * (never cutting a character, nor an escape of str_sanitize: \xHH, \n,
 * \t, \r) and its width in *cols. */
size_t str_fit_columns(const char *s, size_t maxcols, size_t *cols);

/* Takes the user's LC_CTYPE (LC_ALL, LC_CTYPE, LANG) for str_fit_columns,
 * if it is UTF-8; called once by main before any output, and again only
 * by tests. Not setlocale: that would change how every number is printed,
 * and the reports switch to the C locale while they print. */
void str_columns_locale(void);

/* Appends the formatted text to buf (a NUL-terminated string in cap
 * bytes), cut where it does not fit and always terminated. */
void str_appendf(char *buf, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The same, with a blank before it unless buf is empty: a list of words
 * (options, settings). */
void str_append_word(char *buf, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Appends words to a list in buf, after " and " unless buf is empty, less
 * the first word they share with buf's: "per-char write" then "per-char
 * read" make "per-char write and read". */
void str_append_and(char *buf, size_t cap, const char *words);

/* What goes before item k (from 0) of a list of n: "", ", " or " and "
 * ("a, b and c"). */
const char *str_list_sep(size_t k, size_t n);

#endif
