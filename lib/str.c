/* Bounded string copy and sanitizing for messages. */
#include "str.h"

#include <langinfo.h>
#include <locale.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

bool str_copy(char *dst, size_t cap, const char *src)
{
	size_t n = strlen(src);
	bool fits = n < cap;

	if (!fits)
		n = cap - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
	return fits;
}

/* The escape for byte c: \n, \t, \r or \xHH. */
static size_t escape(unsigned char c, char *out)
{
	switch (c) {
	case '\n': return (size_t)snprintf(out, 5, "\\n");
	case '\t': return (size_t)snprintf(out, 5, "\\t");
	case '\r': return (size_t)snprintf(out, 5, "\\r");
	}
	return (size_t)snprintf(out, 5, "\\x%02x", c);
}

/* The lowest code point of each sequence length (shorter is overlong). */
static const uint32_t utf8_min[] = {0, 0, 0x80, 0x800, 0x10000};

/* Length of the UTF-8 character starting at s: 1 for ASCII, 2-4 for a
 * complete, well-formed multibyte sequence, 0 for a byte that starts none:
 * a stray continuation byte, a cut sequence, an overlong form, a UTF-16
 * surrogate (U+D800..U+DFFF) or a code point past U+10FFFF. */
static size_t utf8_len(const unsigned char *s)
{
	size_t n = s[0] < 0x80 ? 1 : s[0] < 0xc0 ? 0 : s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : s[0] < 0xf8 ? 4 : 0;
	uint32_t cp;

	if (n <= 1)
		return n;
	cp = s[0] & (0x7f >> n);
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if (cp < utf8_min[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

size_t str_char_len(const char *s)
{
	return utf8_len((const unsigned char *)s);
}

/* Bidirectional controls (U+061C, U+200E/F, U+202A..U+202E, U+2066..U+2069)
 * and the line and paragraph separators U+2028/9: invisible, they reorder
 * or break what a terminal shows after them (U+202E turns "gpj.exe" around). */
static bool format_control(const unsigned char *s, size_t n)
{
	if (n == 2)
		return s[0] == 0xd8 && s[1] == 0x9c;
	if (n != 3 || s[0] != 0xe2)
		return false;
	return (s[1] == 0x80 && ((s[2] >= 0x8e && s[2] <= 0x8f) || (s[2] >= 0xa8 && s[2] <= 0xae))) ||
	       (s[1] == 0x81 && s[2] >= 0xa6 && s[2] <= 0xa9);
}

bool str_char_unsafe(const char *c, size_t n)
{
	const unsigned char *s = (const unsigned char *)c;

	return n == 0 || (n == 1 && (s[0] < 0x20 || s[0] == 0x7f)) || (n == 2 && s[0] == 0xc2 && s[1] <= 0x9f) ||
	       format_control(s, n);
}

size_t str_copy_underscored(char *dst, size_t cap, const char *src, const char *also)
{
	size_t i = 0;

	while (*src) {
		size_t n = str_char_len(src);
		bool unsafe = str_char_unsafe(src, n) || (n == 1 && strchr(also, *src) != NULL);
		size_t out = unsafe ? 1 : n;

		if (i + out >= cap)
			break; /* never half a character */
		if (unsafe)
			dst[i] = '_';
		else
			memcpy(dst + i, src, n);
		i += out;
		src += n ? n : 1;
	}
	dst[i] = '\0';
	return i;
}

bool str_sanitize(char *dst, size_t cap, const char *src)
{
	const unsigned char *s = (const unsigned char *)src;
	size_t used = 0;

	while (*s) {
		char piece[20]; /* up to four bytes as \xHH, and the NUL */
		size_t n, adv;

		if (*s >= 0x20 && *s < 0x7f) { /* the common case, byte by byte */
			if (used + 1 >= cap)
				break;
			dst[used++] = (char)*s++;
			continue;
		}
		adv = utf8_len(s);
		if (adv == 0) { /* one escape for the byte that starts nothing */
			adv = 1;
			n = escape(*s, piece);
		} else if (str_char_unsafe((const char *)s, adv)) {
			n = 0;
			for (size_t i = 0; i < adv; i++)
				n += escape(s[i], piece + n);
		} else {
			n = adv;
			memcpy(piece, s, n);
		}
		if (used + n >= cap)
			break;
		memcpy(dst + used, piece, n);
		used += n;
		s += adv;
	}
	dst[used] = '\0';
	return *s == '\0';
}

uint32_t str_char_code(const char *c, size_t n)
{
	static const unsigned char lead_mask[] = {0, 0x7f, 0x1f, 0x0f, 0x07};
	const unsigned char *s = (const unsigned char *)c;
	uint32_t cp;

	if (n == 0)
		return 0xfffd;
	cp = s[0] & lead_mask[n];
	for (size_t i = 1; i < n; i++)
		cp = (cp << 6) | (s[i] & 0x3f);
	return cp;
}

/* Unicode blocks terminals draw two columns wide (East Asian Wide and
 * Fullwidth), and combining marks they draw over the previous character. */
static const struct cp_range {
	uint32_t lo, hi;
} wide[] = {
	{0x1100, 0x115f}, {0x2e80, 0x303e}, {0x3041, 0x33ff}, {0x3400, 0x4dbf}, {0x4e00, 0x9fff},
	{0xa000, 0xa4cf}, {0xac00, 0xd7a3}, {0xf900, 0xfaff}, {0xfe30, 0xfe4f}, {0xff00, 0xff60},
	{0xffe0, 0xffe6}, {0x1f300, 0x1f64f}, {0x1f900, 0x1f9ff}, {0x20000, 0x2fffd}, {0x30000, 0x3fffd},
}, combining[] = {
	{0x0300, 0x036f}, {0x1ab0, 0x1aff}, {0x1dc0, 0x1dff}, {0x200b, 0x200f}, {0x20d0, 0x20ff},
	{0xfe00, 0xfe0f}, {0xfe20, 0xfe2f},
};

static bool in_ranges(uint32_t cp, const struct cp_range *r, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (cp >= r[i].lo && cp <= r[i].hi)
			return true;
	return false;
}

static size_t cp_columns(uint32_t cp)
{
	if (in_ranges(cp, combining, sizeof combining / sizeof combining[0]))
		return 0;
	return in_ranges(cp, wide, sizeof wide / sizeof wide[0]) ? 2 : 1;
}

/* The user's LC_CTYPE when it is UTF-8 (bonnie's text is), else none:
 * str_columns_locale() sets it, str_fit_columns reads it. */
static locale_t user_ctype = (locale_t)0;

void str_columns_locale(void)
{
	locale_t l = newlocale(LC_CTYPE_MASK, "", (locale_t)0);

	if (l != (locale_t)0 && strcmp(nl_langinfo_l(CODESET, l), "UTF-8") != 0) {
		freelocale(l);
		l = (locale_t)0;
	}
	if (user_ctype != (locale_t)0)
		freelocale(user_ctype);
	user_ctype = l;
}

/* Columns of the character at s (n bytes, n > 0): wcwidth's under the
 * user's UTF-8 locale (the terminal's own tables, newer than ours), ours
 * when there is none or wcwidth knows no width (-1: unassigned). The
 * caller has made user_ctype the thread's locale. */
static size_t char_columns(const char *s, size_t n)
{
	if (user_ctype != (locale_t)0) {
		mbstate_t st;
		wchar_t wc;
		int w;

		memset(&st, 0, sizeof st);
		if (mbrtowc(&wc, s, n, &st) == n && (w = wcwidth(wc)) >= 0)
			return (size_t)w;
	}
	return cp_columns(str_char_code(s, n));
}

static bool hex_digit(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

/* Length of the escape str_sanitize writes (\n, \t, \r, \xHH) at s, or 0. */
static size_t escape_len(const unsigned char *s)
{
	if (s[0] != '\\')
		return 0;
	if (s[1] == 'n' || s[1] == 't' || s[1] == 'r')
		return 2;
	return s[1] == 'x' && hex_digit(s[2]) && hex_digit(s[3]) ? 4 : 0;
}

size_t str_fit_columns(const char *s, size_t maxcols, size_t *cols)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t bytes = 0, width = 0;
	/* a report runs in the C locale (report/text/clocale.c): wcwidth and mbrtowc
	 * are asked under the user's, for this call only */
	locale_t previous = user_ctype != (locale_t)0 ? uselocale(user_ctype) : (locale_t)0;

	while (u[bytes]) {
		size_t n = utf8_len(u + bytes), w = n ? char_columns(s + bytes, n) : 1;

		if (escape_len(u + bytes)) /* kept whole, like a character */
			n = w = escape_len(u + bytes);

		if (width + w > maxcols)
			break;
		width += w;
		bytes += n ? n : 1;
	}
	if (previous != (locale_t)0)
		uselocale(previous);
	*cols = width;
	return bytes;
}

static void appendv(char *buf, size_t cap, bool word, const char *fmt, va_list ap)
{
	size_t used = strlen(buf);

	if (used + 1 >= cap)
		return;
	if (word && used)
		buf[used++] = ' ', buf[used] = '\0';
	vsnprintf(buf + used, cap - used, fmt, ap);
}

void str_appendf(char *buf, size_t cap, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	appendv(buf, cap, false, fmt, ap);
	va_end(ap);
}

void str_append_word(char *buf, size_t cap, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	appendv(buf, cap, true, fmt, ap);
	va_end(ap);
}

void str_append_and(char *buf, size_t cap, const char *words)
{
	const char *sp = strchr(words, ' ');
	size_t lead = sp ? (size_t)(sp - words) + 1 : 0;

	if (!*buf) {
		str_appendf(buf, cap, "%s", words);
		return;
	}
	if (lead == 0 || strncmp(buf, words, lead) != 0)
		lead = 0; /* no first word shared: the words whole */
	str_appendf(buf, cap, " and %s", words + lead);
}

const char *str_list_sep(size_t k, size_t n)
{
	return k == 0 ? "" : k + 1 == n ? " and " : ", ";
}
