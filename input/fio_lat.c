/* input_fio_lat: the latency lines of fio's normal output, under a read:
 * or write: result line, read into that side's row:
 *   "     lat (usec): min=63, max=508, avg=158.72, stdev=22.29"
 *        the whole I/O's (submission and completion): its max is bonnie's
 *        latency, the maximum, and its avg the row's mean (as
 *        CrystalDiskMark's and bonnie's, of the whole I/O);
 *   "    clat percentiles (usec):" then "| 50.00th=[  141], ... 99.00th=[  196]"
 *        fio prints percentiles of the completion part only (clat): they
 *        are the row's p50 and p99, a little under the whole I/O's.
 * A line whose unit is not one of fio's (nsec, usec, msec) says nothing,
 * and so do other percentiles (an fsync's "sync percentiles"). fio 2 and
 * 3 write these alike. The I/Os issued each way ("issued rwts:
 * total=33040,0,0,0", fio 2's "issued    : total=r=0/w=1942/d=0") are the
 * operations behind the percentiles. Matched at word starts, so a page that lost its
 * line breaks is read the same. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

static bool at(const char *p, const char *e, const char *w)
{
	size_t n = strlen(w);

	return (size_t)(e - p) >= n && memcmp(p, w, n) == 0;
}

/* "(usec)" at p: nanoseconds per unit, 0 when not one of fio's */
static int64_t unit_ns(const char *p, const char *e)
{
	if (at(p, e, "(nsec)"))
		return 1;
	if (at(p, e, "(usec)"))
		return 1000;
	if (at(p, e, "(msec)"))
		return 1000000;
	return 0;
}

/* "<n>th=[  141]" at p, in the percentile header's unit */
static int64_t percentile(const char *p, const char *e, int64_t unit)
{
	const char *q = p;
	char *end;
	double v;

	while (q < e && *q != '[')
		q++;
	if (q >= e || unit == 0)
		return 0;
	v = strtod(q + 1, &end);
	while (end < e && *end == ' ')
		end++;
	return end < e && *end == ']' && v >= 0 && v < 9e15 / (double)unit ? (int64_t)(v * (double)unit) : 0;
}

void input_fio_lat(const char *text, const char *p, const char *e, struct fio_lat *l)
{
	bool word = p == text || p[-1] == ' ' || p[-1] == '\n' || p[-1] == '\t' || p[-1] == '|' || p[-1] == ',';
	const char *max;
	char *end;

	if (!word)
		return;
	if (at(p, e, "lat (")) { /* at a word start: not clat's or slat's */
		int64_t u = unit_ns(p + 4, e);
		const char *le = memchr(p, '\n', (size_t)(e - p));
		if (le == NULL || le - p > 120)
			le = p + 120 < e ? p + 120 : e;
		for (max = p; max + 4 < le && !at(max, le, "max="); max++)
			;
		double v = max + 4 < le ? strtod(max + 4, &end) : -1;
		if (u && v >= 0 && v < 9e15 / (double)u && end <= le)
			l->max_ns = (int64_t)(v * (double)u);
		for (max = p; max + 4 < le && !at(max, le, "avg="); max++)
			;
		v = max + 4 < le ? strtod(max + 4, &end) : -1;
		if (u && v > 0 && v < 9e15 / (double)u && end <= le)
			l->mean_ns = (int64_t)(v * (double)u);
	} else if (at(p, e, "clat percentiles ("))
		l->pct_unit = unit_ns(p + 17, e);
	else if (at(p, e, "percentiles (") && !(p - text >= 5 && memcmp(p - 5, "clat ", 5) == 0))
		l->pct_unit = 0; /* "sync percentiles", "lat percentiles": not clat's */
	else if (l->pct_unit && at(p, e, "50.00th=["))
		l->p50_ns = percentile(p, e, l->pct_unit);
	else if (l->pct_unit && at(p, e, "99.00th=["))
		l->p99_ns = percentile(p, e, l->pct_unit);
}

/* Terse version 3's fields, from 1, for the read side (the write side's
 * are 41 on): 16 clat mean, 18-37 clat percentiles ("50.000000%=428"),
 * 39 lat max, 40 lat mean, all in usec. */
void input_fio_terse_lat(const char *p, const char *e, struct fio_lat lat[2])
{
	int field = 1;
	char *end;

	memset(lat, 0, 2 * sizeof *lat);
	for (const char *q = p; q < e && *q != '\n' && *q != ' '; q++) {
		if (*q != ';')
			continue;
		int f = ++field, w = f > 46, k = f - 41 * w;
		struct fio_lat *l = &lat[w];
		double v;
		if (k >= 18 && k <= 37 && (at(q + 1, e, "50.000000%=") || at(q + 1, e, "99.000000%="))) {
			v = strtod(q + 12, &end);
			if (v > 0 && v < 9e12)
				*(q[1] == '5' ? &l->p50_ns : &l->p99_ns) = (int64_t)(v * 1000);
		} else if (k == 39 || k == 40) {
			v = strtod(q + 1, &end);
			if (v > 0 && v < 9e12)
				*(k == 39 ? &l->max_ns : &l->mean_ns) = (int64_t)(v * 1000);
		}
	}
}

bool input_fio_issued(const char *p, const char *e, uint64_t ops[2])
{
	const char *q = p;
	char *end;

	if (!at(p, e, "issued"))
		return false;
	while (q + 6 < e && *q != '\n' && !at(q, e, "total="))
		q++;
	if (!at(q, e, "total="))
		return false;
	q += 6;
	for (int w = 0; w < 2; w++) {
		if (at(q, e, "r=") || at(q, e, "w="))
			q += 2;
		if (q >= e || *q < '0' || *q > '9')
			return false;
		ops[w] = strtoull(q, &end, 10);
		q = end + 1; /* past ',' or '/' */
	}
	return true;
}
