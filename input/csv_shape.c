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

bool input_csv_field_is_number(const char *p, size_t len, int i)
{
	size_t at = 0;

	for (; i > 0 && at < len; at++)
		i -= p[at] == ',';
	return i == 0 && at < len && digit(p[at]);
}

/* A 1.0x line a few fields off (lost, doubled, cut short): a name that is
 * not a number, then up to NEAR_MISS_OFF fields fewer or more than the
 * layout's in all (n; 20 to 34 for 1.0x's 27), at least three in four
 * after the size holding what bonnie++'s do (digits, '.', '+', ':', '/' or
 * nothing). Not a result, but worth one warning: it is a damaged one. */
#define NEAR_MISS_OFF 7

bool input_csv_near_miss(const struct csv_layout *l, const char *p, size_t len, int n)
{
	int numeric = 0, field = 0, size = csv_layout_find(l, CSV_HOLDS_SETTING, META_SIZE);
	bool ok = true;

	if (n < l->nfields - NEAR_MISS_OFF || n > l->nfields + NEAR_MISS_OFF || len == 0 || p[0] == ',')
		return false;
	for (size_t i = 0; i <= len; i++) {
		if (i == len || p[i] == ',') {
			if (field == 0 && ok) /* a number first: the rest of a line, not its start */
				return false;
			numeric += field > size && ok;
			field++;
			ok = true;
		} else if (!digit(p[i]) && !strchr(".+:/", p[i]) && p[i] != 'M' && p[i] != 'G' && p[i] != 'K')
			ok = false;
	}
	return 4 * numeric >= 3 * (n - size - 1);
}

/* bonnie++ 1.96 writes a files-only (-s 0) line one empty I/O field short,
 * 47 fields (the same line is in several mailing-list posts): it is read as
 * the 48-field line it means. The fields from the file size up to the file
 * count are the I/O ones, all empty; one empty field goes back at the size. */
int input_csv_short_196(const struct csv_layout *l, char **f, int n)
{
	static char empty[] = "";
	int size = csv_layout_find(l, CSV_HOLDS_SETTING, META_SIZE);
	int files = csv_layout_find(l, CSV_HOLDS_SETTING, META_NUM_FILES);

	if (!l->files_only_one_short || n != l->nfields - 1 || size < 0 || files <= size)
		return n;
	for (int i = size; i < files - 1; i++)
		if (f[i][0])
			return n;
	memmove(&f[size + 1], &f[size], (size_t)(n - size) * sizeof *f);
	f[size] = empty;
	return l->nfields;
}
