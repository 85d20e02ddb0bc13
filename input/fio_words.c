/* fio's words for a job, which its text and its JSON both use: sizes
 * with fio's units and the rw= values as bonnie's queue-depth kinds. */
#include "internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* An amount with fio's units ("4096B", "42.7MiB", "8492.6KB", "2G",
 * "2048MiB") in bytes, 0 when none. fio's K, M, G are powers of 1024 with
 * or without an i (its kb_base; fio 2 printed KiB as KB), and "4K-4K/..."
 * ends at the '-'. */
double input_fio_amount(const char *p, const char *e)
{
	static const char units[] = "KMGTP";
	char *end;
	double v, mult = 1;

	if (e == NULL)
		e = p + strlen(p);
	if (p >= e || !(isdigit((unsigned char)*p) || *p == '.'))
		return 0;
	v = strtod(p, &end);
	if (end > e || end == p || v < 0)
		return 0;
	const char *u = end < e ? strchr(units, toupper((unsigned char)*end)) : NULL;
	if (u != NULL && *u != '\0') {
		for (const char *q = units; q <= u; q++)
			mult *= 1024;
		end++;
		if (end < e && *end == 'i')
			end++;
	}
	if (end < e && (*end == 'B' || *end == 'b'))
		end++;
	if (end < e && isalnum((unsigned char)*end))
		return 0; /* "4Kx": not an amount */
	return v * mult;
}

uint64_t input_fio_size(const char *p, const char *e)
{
	double v = input_fio_amount(p, e);

	return v >= 1 && v < 1e18 ? (uint64_t)v : 0;
}

bool input_fio_kind(const char *rw, bool write, enum qd_kind *kind)
{
	static const struct {
		const char *rw;
		enum qd_kind kind;
		int dir; /* 0 read, 1 write, 2 both */
	} kinds[] = {{"read", QD_SEQ, 0},     {"write", QD_SEQ, 1},      {"randread", QD_RND, 0}, {"randwrite", QD_RND, 1},
	             {"rw", QD_MIX_SEQ, 2},   {"readwrite", QD_MIX_SEQ, 2}, {"randrw", QD_MIX_RND, 2}};

	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (strcmp(rw, kinds[i].rw) == 0 && (kinds[i].dir == 2 || kinds[i].dir == write)) {
			*kind = kinds[i].kind;
			return true;
		}
	return false;
}
