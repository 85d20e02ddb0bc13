/* Quoted-printable mail bodies, as list archives keep them: "=" soft line
 * breaks and "=3D" escapes would hide every CSV line and table inside. */
#include "internal.h"
#include "../lib/grow.h"

#include <stdlib.h>
#include <string.h>

static int hex(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Whether the MIME header "name: value" (any case) starts at t[i]. */
static bool header_at(const char *t, size_t len, size_t i, const char *name, const char *value)
{
	size_t k = 0, nk = strlen(name), nv = strlen(value);

	if (i + nk > len)
		return false;
	while (k < nk && (t[i + k] | 0x20) == name[k])
		k++;
	if (k < nk)
		return false;
	size_t j = i + nk;
	while (j < len && (t[j] == ' ' || t[j] == '\t'))
		j++;
	for (k = 0; k < nv && j + k < len && (t[j + k] | 0x20) == value[k]; k++)
		;
	return k == nv;
}

/* A "content-type:" header within the 300 bytes before t[i]: a MIME part's
 * headers stand together, so one there says a header is no prose. */
static bool content_type_before(const char *t, size_t i)
{
	for (size_t b = i > 300 ? i - 300 : 0; b < i; b++)
		if ((t[b] | 0x20) == 'c' && header_at(t, i, b, "content-type:", ""))
			return true;
	return false;
}

/* "Content-Transfer-Encoding: quoted-printable", in any case, at a line's
 * start; or after a blank among a part's other headers (a page that lost its
 * line breaks), which sets *flat. */
static bool qp_header(const char *t, size_t len, bool *flat)
{
	for (size_t i = 0; i < len; i++) {
		if ((t[i] | 0x20) != 'c' || !header_at(t, len, i, "content-transfer-encoding:", "quoted-printable"))
			continue;
		if (i == 0 || t[i - 1] == '\n')
			return true;
		if ((t[i - 1] == ' ' || t[i - 1] == '\t') && content_type_before(t, i)) {
			*flat = true;
			return true;
		}
	}
	return false;
}

bool input_qp_detect(const char *t, size_t len, bool *flat)
{
	size_t soft = 0, line_start = 0;

	*flat = false;
	if (qp_header(t, len, flat))
		return true;
	/* no header (an archive kept only the body): soft breaks at the end of
	 * long lines, and no '=' that is not QP */
	for (size_t i = 0; i < len; i++) {
		if (t[i] == '\n')
			line_start = i + 1;
		if (t[i] != '=')
			continue;
		size_t left = len - i - 1;
		if (left >= 1 && t[i + 1] == '\n')
			soft += i - line_start >= 60;
		else if (left >= 2 && t[i + 1] == '\r' && t[i + 2] == '\n')
			soft += i - line_start >= 60;
		else if (left < 2 || hex(t[i + 1]) < 0 || hex(t[i + 2]) < 0)
			return false;
	}
	return soft >= 2;
}

/* Records that decoded line number *lines starts at raw line raw. */
static int start_line(unsigned **map, size_t *lines, size_t *cap, unsigned raw)
{
	unsigned *m = grow(*map, cap, *lines, sizeof *m, 64);

	if (m == NULL)
		return -1;
	*map = m;
	(*map)[(*lines)++] = raw;
	return 0;
}

int input_qp_decode(const char *t, size_t len, bool flat, char **out, size_t *out_len, unsigned **line_map,
                    size_t *nlines)
{
	size_t n = 0, lines = 0, cap = 64;
	unsigned raw = 1;
	char *o = malloc(len + 1);
	unsigned *map = malloc(cap * sizeof *map);

	if (o == NULL || map == NULL || start_line(&map, &lines, &cap, raw) != 0)
		goto oom;
	for (size_t i = 0; i < len; i++) {
		size_t left = len - i - 1;
		char c = t[i];
		if (c == '=' && left >= 1 && t[i + 1] == '\n') { /* soft line break */
			i++, raw++;
			continue;
		}
		if (c == '=' && left >= 2 && t[i + 1] == '\r' && t[i + 2] == '\n') {
			i += 2, raw++;
			continue;
		}
		/* a soft break whose line end became a blank: a '=' that is no
		 * escape is one in a quoted-printable body ("90= .7") */
		if (c == '=' && flat && left >= 1 && t[i + 1] == ' ') {
			i++;
			continue;
		}
		if (c == '=' && left >= 2 && hex(t[i + 1]) >= 0 && hex(t[i + 2]) >= 0) {
			c = (char)(hex(t[i + 1]) * 16 + hex(t[i + 2]));
			i += 2;
		} else if (c == '\n')
			raw++;
		o[n++] = c;
		if (c == '\n' && start_line(&map, &lines, &cap, raw) != 0)
			goto oom;
	}
	o[n] = '\0';
	*out = o;
	*out_len = n;
	*line_map = map;
	*nlines = lines;
	return 0;
oom:
	free(o);
	free(map);
	return -1;
}
