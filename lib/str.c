/* Bounded string copy and sanitizing for messages. */
#include "str.h"

#include <stdio.h>
#include <string.h>

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

/* Length of the UTF-8 character starting at s: 1 for ASCII, 2-4 for a
 * complete multibyte sequence, 0 for a byte that starts none (escaped,
 * as a stray 0x9b would be a CSI on an 8-bit terminal). */
static size_t utf8_len(const unsigned char *s)
{
	size_t n = s[0] < 0x80 ? 1 : s[0] < 0xc2 ? 0 : s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : s[0] < 0xf5 ? 4 : 0;

	for (size_t i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

bool str_sanitize(char *dst, size_t cap, const char *src)
{
	const unsigned char *s = (const unsigned char *)src;
	size_t used = 0;

	while (*s) {
		char piece[12];
		size_t n, adv = 1;

		if (*s < 0x20 || *s == 0x7f || utf8_len(s) == 0) {
			n = escape(*s, piece);
		} else if (s[0] == 0xc2 && s[1] >= 0x80 && s[1] <= 0x9f) {
			n = escape(s[0], piece);
			n += escape(s[1], piece + n);
			adv = 2;
		} else {
			adv = n = utf8_len(s);
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
