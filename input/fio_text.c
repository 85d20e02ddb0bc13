/* input_fio_text: fio's terse and normal output read back as runs of
 * bonnie's queue-depth rows. fio says a job's shape once, in the line it
 * prints as the job starts:
 *   "name: (g=0): rw=randread, bs=(R) 4096B-4096B, (W) ..., ioengine=psync, iodepth=1"
 * then "Starting 1 process" (its threads), then the result: a terse line
 * ("3;fio-3.32;name;0;0;<read KiB>;<read KiB/s>;...": the write side 41
 * fields on), or the normal text ("  read: IOPS=3302, BW=12.9MiB/s (...)"),
 * or both, which are one result: the first after the job's line is taken.
 * The test size is the one the command line or the layout line gives
 * ("-size=2G", "Laying out IO file (1 file / 2048MiB)"). A job whose shape
 * is not one of bonnie's rows is kept as a row of its own. */
#include "internal.h"
#include "../lib/str.h"
#include "../lib/units.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct job {
	char name[PARSED_META_LEN], version[24];
	char rw[16];
	uint32_t block;
	unsigned depth, threads;
	uint64_t size;
	unsigned line;
	bool shaped, done;
};

static const char *find(const char *p, const char *e, const char *w)
{
	size_t n = strlen(w);

	for (; p + n <= e; p++)
		if (memcmp(p, w, n) == 0)
			return p;
	return NULL;
}

/* A size with fio's units ("4096B", "1024KiB", "2G", "2048MiB") in bytes, 0 when none. */
static uint64_t fio_size(const char *p, const char *e)
{
	if (e == NULL)
		e = p + strlen(p);
	char buf[32];
	size_t n = 0;
	uint64_t v;

	while (p + n < e && n < sizeof buf - 1 && (isalnum((unsigned char)p[n]) || p[n] == '.'))
		n++;
	memcpy(buf, p, n);
	buf[n] = '\0';
	if (n && (buf[n - 1] == 'B' || buf[n - 1] == 'b') && n > 1 && !isdigit((unsigned char)buf[n - 2]))
		buf[--n] = '\0'; /* "KiB" -> "Ki" */
	if (n && buf[n - 1] == 'i')
		buf[--n] = '\0';
	if (n && (buf[n - 1] == 'B' || buf[n - 1] == 'b'))
		buf[--n] = '\0'; /* "4096B" */
	return units_parse_size(buf, 0, &v) == UNITS_OK ? v : 0;
}

static unsigned count_after(const char *p, const char *e, const char *w)
{
	const char *q = find(p, e, w);

	return q ? (unsigned)strtoul(q + strlen(w), NULL, 10) : 0;
}

/* "name: (g=0): rw=randread, bs=(R) 4096B-4096B, ..., iodepth=1" */
static bool job_line(const char *p, const char *e, struct job *j)
{
	const char *g = find(p, e, ": (g="), *rw = find(p, e, "rw="), *bs = find(p, e, "bs=(R) ");

	if (g == NULL || rw == NULL || bs == NULL || !find(p, e, "iodepth="))
		return false;
	memset(j, 0, sizeof *j);
	while (p < g && (*p == ' ' || *p == '>'))
		p++;
	snprintf(j->name, sizeof j->name, "%.*s", (int)(g - p), p);
	snprintf(j->rw, sizeof j->rw, "%.*s", (int)strcspn(rw + 3, ", "), rw + 3);
	j->block = (uint32_t)fio_size(bs + 7, e);
	j->depth = count_after(p, e, "iodepth=");
	j->threads = 1;
	j->shaped = j->block && j->depth;
	return true;
}

uint64_t input_fio_size(const char *s)
{
	return fio_size(s, NULL);
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

/* rw= as a row's kind and direction; false for an unknown one */
static bool shape(const struct job *j, struct qd_row *r, bool write)
{
	memset(r, 0, sizeof *r);
	r->block = j->block;
	r->depth = j->depth;
	r->threads = j->threads;
	r->write = write;
	return input_fio_kind(j->rw, write, &r->kind);
}

static int add(struct parsed_set *set, const char *name, struct job *j, const double kib[2])
{
	struct parsed_run run;
	struct qd_row r;
	int rc = 0;

	j->done = true;
	snprintf(run.origin, sizeof run.origin, "%s:%u", name, j->line);
	input_run_clear(&run);
	for (int w = 0; w < 2 && rc >= 0; w++)
		if (kib[w] > 0 && shape(j, &r, w)) {
			r.kib_s = kib[w];
			rc = input_qd_row(&run, &r);
		}
	if (!input_qd_has_rows(&run))
		return 0;
	str_copy(run.format, sizeof run.format, "tool");
	str_sanitize(run.meta[META_VERSION], PARSED_META_LEN, j->version[0] ? j->version : "fio");
	str_sanitize(run.meta[META_NAME], PARSED_META_LEN, j->name);
	if (j->size) {
		run.size_bytes = j->size;
		input_size_meta(j->size, run.meta[META_SIZE], PARSED_META_LEN);
	}
	return input_add_run(set, &run);
}

/* A terse line ("3;fio-3.32;name;..."): read and write KiB/s (fields 7 and 48) */
static bool terse(const char *p, const char *e, struct job *j, double kib[2])
{
	char *end;
	int field = 1;

	if (!(p + 6 < e && isdigit((unsigned char)p[0]) && p[1] == ';' && memcmp(p + 2, "fio-", 4) == 0))
		return false;
	snprintf(j->version, sizeof j->version, "%.*s", (int)strcspn(p + 2, ";\n"), p + 2);
	kib[0] = kib[1] = 0;
	for (const char *q = p; q < e && *q != '\n' && *q != ' '; q++)
		if (*q == ';' && ++field && (field == 7 || field == 48))
			kib[field == 48] = strtod(q + 1, &end);
	return field >= 48;
}

/* "  read: IOPS=3302, BW=12.9MiB/s (13.5MB/s)(...)": IOPS times the block
 * when IOPS is whole, else BW, in KiB/s */
static double normal_rate(const char *p, const char *e, const struct job *j)
{
	const char *iops = find(p, e, "IOPS="), *bw = find(p, e, "BW=");
	char *end;
	double v;

	if (iops == NULL || bw == NULL)
		return 0;
	v = strtod(iops + 5, &end);
	if (end < e && *end == ',' && j->block)
		return v * j->block / 1024;
	return (double)fio_size(bw + 3, e) / 1024;
}

/* The JSON document whose "fio version" member is at p, when it stands
 * inside a line (a page that lost its line breaks; one opening a line is
 * read.c's): from the '{' before it to its matching '}'. Returns its end
 * (p when there is none) and reads it. */
static const char *json_inside(struct parsed_set *set, const char *name, unsigned line, const char *text,
                               const char *p, const char *e, int *rc)
{
	const char *open = p, *q;
	int depth = 0;
	bool in_string = false;

	while (open > text && p - open < 64 && *open != '{')
		open--;
	if (*open != '{')
		return p;
	for (q = open; q < e; q++) {
		if (in_string) {
			if (*q == '\\' && q + 1 < e)
				q++;
			else if (*q == '"')
				in_string = false;
		} else if (*q == '"')
			in_string = true;
		else if (*q == '{' || *q == '[')
			depth++;
		else if ((*q == '}' || *q == ']') && --depth == 0)
			break;
	}
	if (q >= e)
		return p;
	if (input_fio_json(set, name, line, open, (size_t)(q + 1 - open)) < 0)
		*rc = -1;
	return q + 1;
}

/* Where the token ending at p starts (a job's name before ": (g="). */
static const char *token_start(const char *text, const char *p)
{
	const char *q = p;

	while (q > text && p - q < PARSED_META_LEN && q[-1] != ' ' && q[-1] != '\n' && q[-1] != '\t' && q[-1] != '>')
		q--;
	return q;
}

int input_fio_text(struct parsed_set *set, const char *name, const char *text, size_t len)
{
	const char *p = text, *e = text + len, *s;
	struct job j = {.done = true};
	uint64_t cmd_size = 0;
	double kib[2];
	unsigned line = 1;
	int rc = 0;

	/* events in text order, line breaks or not: a command line's size, a
	 * job's line, its threads and layout, then its first result */
	const char *le = text; /* the end of p's line, found once a line (a flattened text is one line) */
	int documents = 0;

	for (; p < e && rc == 0; p++) {
		const char *near = p + 400 < e ? p + 400 : e;
		if (p >= le && (le = memchr(p, '\n', (size_t)(e - p))) == NULL)
			le = e;
		if (*p == '\n') {
			line++;
			continue;
		}
		if (memcmp(p, "fio ", p + 4 <= e ? 4 : 0) == 0 && p + 4 <= e && (p == text || p[-1] == ' ' || p[-1] == '\n') &&
		    (s = find(p, le < near ? le : near, "size=")) && (s[-1] == '-' || s[-1] == ' '))
			cmd_size = fio_size(s + 5, le);
		else if (p + 5 <= e && memcmp(p, ": (g=", 5) == 0) {
			struct job next;
			if (job_line(token_start(text, p), le < near ? le : near, &next)) {
				j = next;
				j.line = line;
				j.size = cmd_size;
			}
		} else if (j.done)
			continue;
		else if (p + 10 <= e && memcmp(p, "Starting ", 9) == 0 && isdigit((unsigned char)p[9]))
			j.threads = (unsigned)strtoul(p + 9, NULL, 10);
		else if (p + 18 <= e && memcmp(p, "Laying out IO file", 18) == 0 && (s = find(p, le, " / ")))
			j.size = fio_size(s + 3, le);
		else if (p + 13 <= e && memcmp(p, "\"fio version\"", 13) == 0 && documents++ < 16) {
			j.done = true; /* the job's result is the document's; its normal text after it is the same */
			for (const char *q = p; q < (s = json_inside(set, name, line, text, p, e, &rc)); q++)
				line += *q == '\n';
			p = s - 1;
		} else if (!j.shaped)
			continue;
		else if ((p == text || !isdigit((unsigned char)p[-1])) && terse(p, e, &j, kib)) {
			if (add(set, name, &j, kib) != 0)
				rc = -1;
		} else if (p + 11 <= e && (memcmp(p, "read: IOPS=", 11) == 0 || memcmp(p, "write: IOPS=", 12) == 0)) {
			bool w = *p == 'w';
			kib[!w] = 0;
			kib[w] = normal_rate(p, le, &j);
			if (kib[w] > 0 && add(set, name, &j, kib) != 0)
				rc = -1;
		}
	}
	return rc;
}
