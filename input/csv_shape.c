/* input_csv_shape: the shape of a CSV token: what one that is not a good
 * line looks like, to say one warning about it (a damaged 1.0x line, a
 * bonnie++ line in a layout we do not know) instead of passing it over in
 * silence, and the 1.96 files-only line one field short. */
#include "internal.h"

#include <string.h>

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

/* "2.01,..." with many fields (n): a bonnie++ line in a layout we do not know. */
bool input_csv_unknown_version(const char *p, size_t len, int n)
{
	size_t i = 0;

	while (i < len && digit(p[i]))
		i++;
	if (i == 0 || i >= len || p[i] != '.')
		return false;
	for (i++; i < len && (digit(p[i]) || (p[i] >= 'a' && p[i] <= 'z')); i++)
		;
	return i < len && p[i] == ',' && n >= 20;
}

/* A 1.0x line a few fields off (lost, doubled, cut short): a name that is
 * not a number, then NEAR_MISS_MIN to NEAR_MISS_MAX fields in all (n), at
 * least three in four after the size holding what bonnie++'s do (digits,
 * '.', '+', ':', '/' or nothing). Not a result, but worth one warning: it is
 * a damaged one. */
#define NEAR_MISS_MIN 20
#define NEAR_MISS_MAX 34

bool input_csv_near_miss(const char *p, size_t len, int n)
{
	int numeric = 0, field = 0;
	bool ok = true;

	if (n < NEAR_MISS_MIN || n > NEAR_MISS_MAX || len == 0 || p[0] == ',')
		return false;
	for (size_t i = 0; i <= len; i++) {
		if (i == len || p[i] == ',') {
			if (field == 0 && ok) /* a number first: the rest of a line, not its start */
				return false;
			numeric += field >= 2 && ok;
			field++;
			ok = true;
		} else if (!digit(p[i]) && !strchr(".+:/", p[i]) && p[i] != 'M' && p[i] != 'G' && p[i] != 'K')
			ok = false;
	}
	return 4 * numeric >= 3 * (n - 2);
}

/* bonnie++ 1.96 writes a files-only (-s 0) line one empty I/O field short,
 * 47 fields (the same line is in several mailing-list posts): it is read as
 * the 48-field line it means. */
int input_csv_short_196(const struct csv_format *fmt, char **f, int n)
{
	static char empty[] = "";

	if (fmt->nfields != 48 || n != 47)
		return n;
	for (int i = 5; i <= 17; i++)
		if (f[i][0])
			return n;
	memmove(&f[6], &f[5], (size_t)(n - 5) * sizeof *f);
	f[5] = empty;
	return 48;
}
