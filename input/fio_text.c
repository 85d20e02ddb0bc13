/* input_fio_text: fio's terse and normal output read back as runs of
 * bonnie's queue-depth rows. fio says a job's shape once, in the line it
 * prints as the job starts:
 *   "name: (g=0): rw=randread, bs=(R) 4096B-4096B, (W) ..., ioengine=psync, iodepth=1"
 * then "Starting 1 process" (its threads), then the result: a terse line
 * ("3;fio-3.32;name;0;0;<read KiB>;<read KiB/s>;...": the write side 41
 * fields on), or the normal text ("  read: IOPS=3302, BW=12.9MiB/s (...)"),
 * or both, which are one result: the first after the job's line is taken.
 * The test size is the one the command line or the layout line gives
 * ("-size=2G", "Laying out IO file (1 file / 2048MiB)"); a command's words
 * run to its job's line (a terminal or a mailer may wrap them), and a
 * command without a size gives none. fio 2 wrote the same with other words:
 * "rw=write, bs=4K-4K/4K-4K/4K-4K, ..." and "  write: io=7768.0KB,
 * bw=396769B/s, iops=96, ..." (its KB are KiB). A mixed job (rw=randrw)
 * has a read and a write side, one result. A job whose shape is not one
 * of bonnie's rows is kept as a row of its own. */
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

/* How many significant digits the number at p is written with ("10.9k" 3,
 * "3302" 4, "87.5" 3): the more precise of two figures is the one with more. */
static int digits(const char *p, const char *e)
{
	int n = 0;
	bool lead = true;

	for (; p < e && (isdigit((unsigned char)*p) || *p == '.'); p++)
		if (*p != '.' && !(lead && *p == '0') && ++n)
			lead = false;
	return n;
}

static unsigned count_after(const char *p, const char *e, const char *w)
{
	const char *q = find(p, e, w);

	return q ? (unsigned)strtoul(q + strlen(w), NULL, 10) : 0;
}

/* "name: (g=0): rw=randread, bs=(R) 4096B-4096B, ..., iodepth=1" */
static bool job_line(const char *p, const char *e, struct job *j)
{
	const char *g = find(p, e, ": (g="), *rw = find(p, e, "rw="), *bs = find(p, e, "bs=");

	if (g == NULL || rw == NULL || bs == NULL || !find(p, e, "iodepth="))
		return false;
	bs += 3;
	if (e - bs > 4 && memcmp(bs, "(R) ", 4) == 0) /* fio 3: "bs=(R) 4096B-4096B, (W) ..."; fio 2: "bs=4K-4K/..." */
		bs += 4;
	memset(j, 0, sizeof *j);
	while (p < g && (*p == ' ' || *p == '>'))
		p++;
	snprintf(j->name, sizeof j->name, "%.*s", (int)(g - p), p);
	snprintf(j->rw, sizeof j->rw, "%.*s", (int)strcspn(rw + 3, ", "), rw + 3);
	j->block = (uint32_t)input_fio_size(bs, e);
	j->depth = count_after(p, e, "iodepth=");
	j->threads = 1;
	j->shaped = j->block && j->depth;
	return true;
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

/* A job's result: its read and write sides as they come, each with the
 * latencies printed under it; a mixed job's result is both, anything
 * else's its first side. */
struct sides {
	double kib[2];
	bool have[2];
	struct fio_lat lat[2];
	uint64_t ops[2];
	int cur; /* the side whose lines are being read, -1 none */
};

static int add(struct parsed_set *set, const char *name, struct job *j, const struct sides *sd)
{
	struct parsed_run run;
	struct qd_row r;
	int rc = 0;

	j->done = true;
	snprintf(run.origin, sizeof run.origin, "%s:%u", name, j->line);
	input_run_clear(&run);
	for (int w = 0; w < 2 && rc >= 0; w++)
		if (sd->kib[w] > 0 && shape(j, &r, w)) {
			r.kib_s = sd->kib[w];
			r.max_ns = sd->lat[w].max_ns;
			r.p50_ns = sd->lat[w].p50_ns;
			r.p99_ns = sd->lat[w].p99_ns;
			r.mean_ns = sd->lat[w].mean_ns;
			r.ops = sd->ops[w];
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

/* fio 3's "(1024MiB/21810msec)" after BW: the I/O done over the run time
 * in KiB/s, *dg the digits of the less precise of the two; 0 when none. */
static double io_over_run(const char *bw, const char *e, int *dg)
{
	const char *o = find(bw, e, ")("), *slash;
	char *end;
	double io, ms;

	*dg = 0;
	if (o == NULL || (slash = memchr(o + 2, '/', (size_t)(e - o - 2))) == NULL)
		return 0;
	io = input_fio_amount(o + 2, slash);
	ms = strtod(slash + 1, &end);
	if (io <= 0 || ms <= 0 || e - end < 4 || memcmp(end, "msec", 4) != 0)
		return 0;
	*dg = digits(o + 2, slash) < digits(slash + 1, end) ? digits(o + 2, slash) : digits(slash + 1, end);
	return io / 1024 / (ms / 1000);
}

/* A normal result line's rate in KiB/s: fio 3's "  read: IOPS=3302,
 * BW=12.9MiB/s (...)(774MiB/60001msec)", the figure written with the most
 * digits: the I/O over the run time (1024MiB/21810msec against BW=46.0MiB/s,
 * which some fio 3 versions printed 2% low), IOPS times the block (3302
 * against 12.9), else BW (IOPS=87 against 87.5MiB/s: 87 x 1 MiB is 0.6%
 * off); fio 2's "  read : io=169860KB, bw=8492.6KB/s, iops=2123", its bw. */
static double normal_rate(const char *p, const char *e, const struct job *j)
{
	const char *iops = find(p, e, "IOPS="), *bw = find(p, e, "BW=");
	char *end;
	double v, run;
	int di, db, dr;

	if (bw == NULL && (bw = find(p, e, "bw=")) != NULL) /* fio 2 */
		return input_fio_amount(bw + 3, e) / 1024;
	if (iops == NULL || bw == NULL)
		return 0;
	v = strtod(iops + 5, &end);
	di = end < e && *end == ',' && j->block ? digits(iops + 5, e) : 0;
	db = digits(bw + 3, e);
	run = io_over_run(bw, e, &dr);
	if (dr > di && dr > db)
		return run;
	return di > db ? v * j->block / 1024 : input_fio_amount(bw + 3, e) / 1024;
}

/* The JSON document whose "fio version" member is at p, when it stands
 * inside a line (a page that lost its line breaks; one opening a line is
 * read_stream.c's): from the '{' before it to its matching '}'. Returns its end
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
	if (input_fio_json_text(set, name, line, open, (size_t)(q + 1 - open)) < 0)
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

static bool mixed(const struct job *j)
{
	return strstr(j->rw, "rw") != NULL; /* rw, readwrite, randrw */
}

/* The size a command line gives ("fio ... --size=4G"), its words read up to
 * its job's line (a wrapped command goes on there) or 1000 bytes: 0 when
 * it gives none. */
static uint64_t command_size(const char *p, const char *e)
{
	const char *g = find(p, p + 1000 < e ? p + 1000 : e, ": (g="), *s = p;

	if (g == NULL)
		g = p + 1000 < e ? p + 1000 : e;
	while ((s = find(s + 1, g, "size=")) != NULL)
		if (s[-1] == '-' || s[-1] == ' ')
			return input_fio_size(s + 5, g);
	return 0;
}

/* A job's line, or one a mailer wrapped (its iodepth on the next line). */
static bool job_at(const char *text, const char *p, const char *le, const char *e, struct job *j)
{
	const char *near = p + 400 < e ? p + 400 : e, *cap = p + 600 < e ? p + 600 : e, *next;

	if (job_line(token_start(text, p), le < near ? le : near, j))
		return true;
	if (le >= e || (next = memchr(le + 1, '\n', (size_t)(e - le - 1))) == NULL)
		next = e;
	return le < near && job_line(token_start(text, p), next < cap ? next : cap, j);
}

static int finish(struct parsed_set *set, const char *name, struct job *j, struct sides *sd)
{
	int rc = 0;

	if (!j->done && (sd->have[0] || sd->have[1]))
		rc = add(set, name, j, sd);
	memset(sd, 0, sizeof *sd);
	sd->cur = -1;
	return rc;
}

/* fio's normal output with no job line before it: nothing says its shape */
static int unshaped(struct parsed_set *set, const char *name, unsigned line, unsigned n)
{
	return input_warn(set, name, line, "fio result%s not read: no job line (\"name: (g=0): rw=..., bs=..., "
	                  "iodepth=...\") before %s says %s shape", n > 1 ? "s" : "", n > 1 ? "them" : "it",
	                  n > 1 ? "their" : "its");
}

int input_fio_text(struct parsed_set *set, const char *name, const char *text, size_t len)
{
	const char *p = text, *e = text + len, *s;
	struct job j = {.done = true};
	struct sides sd = {.cur = -1};
	uint64_t cmd_size = 0;
	unsigned line = 1, lost = 0, lost_line = 0;
	int rc = 0, documents = 0, jobs = 0;

	/* events in text order, line breaks or not: a command line's size, a
	 * job's line, its threads and layout, then its result */
	const char *le = text; /* the end of p's line, found once a line (a flattened text is one line) */

	for (; p < e && rc == 0; p++) {
		if (p >= le && (le = memchr(p, '\n', (size_t)(e - p))) == NULL)
			le = e;
		if (*p == '\n') {
			line++;
			continue;
		}
		if (p + 4 <= e && memcmp(p, "fio ", 4) == 0 && (p == text || strchr(" \n/`", p[-1])))
			cmd_size = command_size(p, e); /* "fio", "./fio", "`fio" (a command quoted in prose) */
		else if (p + 5 <= e && memcmp(p, ": (g=", 5) == 0) {
			struct job next;
			if (job_at(text, p, le, e, &next)) {
				rc = finish(set, name, &j, &sd);
				j = next;
				j.line = line;
				j.size = cmd_size;
				jobs++;
			}
		} else if (p + 9 <= e && memcmp(p, "(groupid=", 9) == 0 && j.done && !documents && !jobs && lost++ == 0)
			lost_line = line;
		else if (p + 10 <= e && memcmp(p, "Run status", 10) == 0) {
			rc = finish(set, name, &j, &sd);
			cmd_size = 0; /* fio prints its jobs' lines before their results: a later job is another command's */
		} else if (p + 13 <= e && memcmp(p, "\"fio version\"", 13) == 0 && documents++ < 16) {
			j.done = true; /* the job's result is the document's (with or without a job line before it); its normal text after it is the same */
			for (const char *q = p; q < (s = json_inside(set, name, line, text, p, e, &rc)); q++)
				line += *q == '\n';
			p = s - 1;
		} else if (j.done)
			continue;
		else if (p + 5 <= e && memcmp(p, "fio-", 4) == 0 && isdigit((unsigned char)p[4]) && (p == text || p[-1] == '\n'))
			snprintf(j.version, sizeof j.version, "%.*s", (int)strcspn(p, " \t\r\n;"), p); /* "fio-3.25" */
		else if (p + 10 <= e && memcmp(p, "Starting ", 9) == 0 && isdigit((unsigned char)p[9]))
			j.threads = (unsigned)strtoul(p + 9, NULL, 10);
		else if (p + 18 <= e && memcmp(p, "Laying out IO file", 18) == 0 && (s = find(p, le, " / ")))
			j.size = input_fio_size(s + 3, le);
		else if (!j.shaped)
			continue;
		else if ((p == text || !isdigit((unsigned char)p[-1])) && terse(p, e, &j, sd.kib)) {
			sd.have[0] = sd.have[1] = true;
			input_fio_terse_lat(p, e, sd.lat);
			rc = finish(set, name, &j, &sd);
		} else if (p + 10 <= e && (memcmp(p, "read: IOPS=", 11) == 0 || memcmp(p, "write: IOPS=", 12) == 0 ||
		                           memcmp(p, "read : io=", 10) == 0 || memcmp(p, "write: io=", 10) == 0)) {
			bool w = *p == 'w';
			if (sd.have[w] || (!mixed(&j) && sd.have[!w])) /* the next process's report: the first is taken */
				rc = finish(set, name, &j, &sd);
			else if ((sd.kib[w] = normal_rate(p, le, &j)) > 0) {
				sd.have[w] = true;
				sd.cur = w; /* its latency lines follow */
			}
		} else if (sd.cur >= 0 && !input_fio_issued(p, le, sd.ops))
			input_fio_lat(text, p, le, &sd.lat[sd.cur]);
	}
	if (rc == 0)
		rc = finish(set, name, &j, &sd);
	if (rc == 0 && lost && unshaped(set, name, lost_line, lost) != 0)
		rc = -1;
	return rc;
}
