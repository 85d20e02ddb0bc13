/* Quoted-printable mail bodies, as list archives keep them: "=" soft line
 * breaks and "=3D" escapes would hide every CSV line and table inside. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

static int hex(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* "Content-Transfer-Encoding: quoted-printable", in any case. */
static bool qp_header(const char *t, size_t len)
{
	static const char key[] = "content-transfer-encoding:", val[] = "quoted-printable";
	const size_t nk = sizeof key - 1, nv = sizeof val - 1;

	for (size_t i = 0; i + nk + nv <= len; i++) {
		if ((t[i] | 0x20) != 'c' || (i > 0 && t[i - 1] != '\n'))
			continue;
		size_t k = 0;
		while (k < nk && (t[i + k] | 0x20) == key[k])
			k++;
		if (k < nk)
			continue;
		size_t j = i + nk;
		while (j < len && (t[j] == ' ' || t[j] == '\t'))
			j++;
		for (k = 0; k < nv && j + k < len && (t[j + k] | 0x20) == val[k]; k++)
			;
		if (k == nv)
			return true;
	}
	return false;
}

bool input_qp_detect(const char *t, size_t len)
{
	size_t soft = 0, line_start = 0;

	if (qp_header(t, len))
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
	if (*lines == *cap) {
		unsigned *m = realloc(*map, 2 * *cap * sizeof *m);
		if (m == NULL)
			return -1;
		*map = m;
		*cap *= 2;
	}
	(*map)[(*lines)++] = raw;
	return 0;
}

int input_qp_decode(const char *t, size_t len, char **out, size_t *out_len, unsigned **line_map, size_t *nlines)
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
