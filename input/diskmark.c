/* input_diskmark: CrystalDiskMark 5 to 8 and KDiskMark text exports read
 * back as runs of bonnie's queue-depth rows. Every version prints a row as
 * a kind, a block size, its queue depth and threads in parentheses, then
 * MB/s (10^6 bytes a second):
 *   5, 6:  "Random Read 4KiB (Q= 32,T= 1) :   281.610 MB/s [ 68752.4 IOPS]",
 *          "Sequential Read (Q= 32,T= 1) :" (128 KiB), "Sequential Read (T= 1) :" (1 MiB)
 *   7:     "[Read]" then "Sequential 1MiB (Q=  8, T= 1):   101.514 MB/s [ ... ] < ... us>"
 *   8:     "SEQ    1MiB (Q=  8, T= 1):", "RND    4KiB (Q= 32, T= 1):"
 *   KDiskMark: "Sequential 1 MiB (Q= 8, T= 1):", "Random 4 KiB (Q=32, T=16):"
 *   (its ports and clones, "tdeDiskMark (1.0): ...", print KDiskMark's layout)
 * (or GB/s, or a row shown in IOPS alone: "RND 4KiB (Q= 32, T= 1): 5283.2 IOPS")
 * and the test size after the rows ("Test: 1 GiB (x5)", "Test : 1024 MiB [C: ...]").
 * The text is read as a stream of words, line breaks or not (a page that
 * lost them, CR LF, a comment's "// ", a string literal's "\r\n" pieces),
 * so one rule reads them all. A run is the rows after a header line, up to
 * the next header or a row it has already: a second drive's rows. */
#include "internal.h"
#include "../lib/str.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

struct dm {
	struct parsed_set *set;
	const char *name;
	char tool[PARSED_META_LEN]; /* "CrystalDiskMark 8.0.4", "KDiskMark 3.2.0", "" */
	int section;                /* -1 none, else 0 read, 1 write, 2 mixed */
	struct parsed_run run[2];   /* a block's run, and the one beside it when two are posted side by side */
	bool open[2];
	int rc;
};

/* A word starts at p: after a non-letter, or after a string literal's
 * escaped line break ("...\\r\\nSequential 1MiB", a text kept in code). */
static bool word_start(const char *text, const char *p)
{
	return p == text || !isalnum((unsigned char)p[-1]) ||
	       (p - text >= 2 && (p[-1] == 'n' || p[-1] == 'r') && p[-2] == '\\');
}

static bool starts(const char *p, const char *e, const char *w)
{
	size_t n = strlen(w);

	return (size_t)(e - p) >= n && memcmp(p, w, n) == 0;
}

static const char *skip_blanks(const char *p, const char *e)
{
	while (p < e && (*p == ' ' || *p == '\t' || *p == '\r'))
		p++;
	return p;
}

/* A decimal at p ("554.872", "32") into *v; the position after it, or NULL. */
static const char *number(const char *p, const char *e, double *v)
{
	const char *q = p;

	while (q < e && (isdigit((unsigned char)*q) || *q == '.'))
		q++;
	if (q == p || input_parse_decimal(p, (size_t)(q - p), v) != 0)
		return NULL;
	return q;
}

/* A size unit at p: its bytes, and *p past it; 0 when none. */
static uint64_t unit(const char **p, const char *e)
{
	static const struct {
		const char *w;
		uint64_t bytes;
	} units[] = {{"GiB", 1ull << 30}, {"MiB", 1ull << 20}, {"KiB", 1ull << 10}, {"GB", 1000000000ull},
	             {"MB", 1000000ull},  {"KB", 1000ull},     {"M", 1ull << 20},   {"K", 1ull << 10}};

	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
		if (starts(*p, e, units[i].w) && (*p + strlen(units[i].w) == e || !isalpha((unsigned char)(*p)[strlen(units[i].w)]))) {
			*p += strlen(units[i].w);
			return units[i].bytes;
		}
	return 0;
}

/* "(Q= 32,T= 1)", "(Q=  8, T= 1)", "(T= 1)": depth and threads (0 when not
 * given). The position after ')', or NULL. */
static const char *depth_threads(const char *p, const char *e, unsigned *depth, unsigned *threads)
{
	double v;

	*depth = *threads = 0;
	if (p >= e || *p++ != '(')
		return NULL;
	for (;;) {
		while (p < e && (*p == ' ' || *p == ','))
			p++;
		if (p < e && *p == ')')
			return *depth || *threads ? p + 1 : NULL;
		if (e - p < 2 || (p[0] != 'Q' && p[0] != 'T') || p[1] != '=')
			return NULL;
		unsigned *to = p[0] == 'Q' ? depth : threads;
		p = number(skip_blanks(p + 2, e), e, &v);
		if (p == NULL || v < 1 || v > 1024 || v != (unsigned)v)
			return NULL;
		*to = (unsigned)v;
	}
}

/* After a row's MB/s: its "[ 153.1 IOPS]" and "< 81970.32 us>", then a
 * second result's MB/s when two are posted side by side
 * ("160.497 MB/s [ 153.1 IOPS]   282.983 MB/s [ 269.9 IOPS]"): where
 * that second "MB/s" stands (its own IOPS and mean follow it, as the
 * first's do), *mbps its figure; NULL when there is none. */
static const char *beside(const char *p, const char *e, double *mbps)
{
	for (p = skip_blanks(p + 4, e); p < e && (*p == '[' || *p == '<'); p = skip_blanks(p + 1, e))
		while (p < e && *p != ']' && *p != '>' && *p != '\n')
			p++;
	p = p < e ? number(p, e, mbps) : NULL;
	p = p != NULL ? skip_blanks(p, e) : NULL;
	return p != NULL && starts(p, e, "MB/s") ? p : NULL;
}

/* After a row's MB/s (or IOPS): the "<  1225.31 us>" CrystalDiskMark and
 * KDiskMark print, the mean latency of its I/Os, in ns; 0 when none. */
static int64_t mean_us(const char *p, const char *e)
{
	double v;

	for (p = skip_blanks(p + 4, e); p < e && *p == '['; p = skip_blanks(p + 1, e))
		while (p < e && *p != ']' && *p != '\n')
			p++;
	if (p >= e || *p != '<' || (p = number(skip_blanks(p + 1, e), e, &v)) == NULL)
		return 0;
	return starts(skip_blanks(p, e), e, "us") && v > 0 && v < 9e12 ? (int64_t)(v * 1000) : 0;
}

/* A second result's figures on a row's line: its MB/s (0 when there is
 * none) and its mean latency (0 when it prints none). */
struct second {
	double mbps;
	int64_t mean_ns;
};

/* The row whose kind word ("Sequential", "SEQ", "Random", "RND") is at p;
 * false when what follows is not a row (prose that names a kind). *other:
 * a second result beside it. */
static bool row_at(const char *p, const char *e, int section, struct qd_row *r, struct second *other)
{
	bool seq = starts(p, e, "Sequential") || starts(p, e, "SEQ");
	double v, mbps;
	uint64_t per;

	memset(r, 0, sizeof *r);
	p = skip_blanks(p + (starts(p, e, "Sequential") ? 10 : starts(p, e, "Random") ? 6 : 3), e);
	if (starts(p, e, "Read"))
		section = 0, p = skip_blanks(p + 4, e);
	else if (starts(p, e, "Write"))
		section = 1, p = skip_blanks(p + 5, e);
	if (section < 0)
		return false;
	if (p < e && isdigit((unsigned char)*p)) {
		const char *q = number(p, e, &v);
		if (q == NULL)
			return false;
		q = skip_blanks(q, e);
		if ((per = unit(&q, e)) == 0 || v * (double)per > (double)UINT32_MAX)
			return false;
		r->block = (uint32_t)(v * (double)per);
		p = skip_blanks(q, e);
	}
	p = depth_threads(p, e, &r->depth, &r->threads);
	if (p == NULL || (p = skip_blanks(p, e)) >= e || *p != ':')
		return false;
	p = number(skip_blanks(p + 1, e), e, &mbps);
	if (p != NULL)
		p = skip_blanks(p, e);
	/* MB/s, GB/s, or IOPS alone (a row shown in IOPS: its block times them) */
	int scale = p == NULL ? 0 : starts(p, e, "MB/s") ? 1 : starts(p, e, "GB/s") ? 1000 : starts(p, e, "IOPS") ? -1 : 0;
	if (scale == 0)
		return false;
	const char *two = scale == 1 ? beside(p, e, &other->mbps) : NULL;
	other->mbps = two != NULL ? other->mbps : 0;
	other->mean_ns = two != NULL ? mean_us(two, e) : 0; /* its own "< us>", after its own MB/s */
	r->mean_ns = mean_us(p, e);
	if (r->block == 0) /* CrystalDiskMark 5 and 6 name the sequential rows' block by their depth */
		r->block = !seq ? 0 : r->depth ? 128u << 10 : 1u << 20;
	if (r->block == 0)
		return false;
	r->depth = r->depth ? r->depth : 1;
	r->threads = r->threads ? r->threads : 1;
	r->kind = section == 2 ? (seq ? QD_MIX_SEQ : QD_MIX_RND) : seq ? QD_SEQ : QD_RND;
	r->write = section == 1;
	r->both = section == 2; /* a [Mix] row: the total of its reads and writes */
	r->kib_s = scale < 0 ? mbps * r->block / 1024 : mbps * scale * 1e6 / 1024; /* MB/s is 10^6 bytes a second */
	return true;
}

/* The runs read so far go into the set (when they have rows). */
static void flush(struct dm *d)
{
	for (int c = 0; c < 2; c++) {
		if (!d->open[c])
			continue;
		d->open[c] = false;
		str_copy(d->run[c].format, sizeof d->run[c].format, "tool");
		str_sanitize(d->run[c].meta[META_VERSION], PARSED_META_LEN, d->tool[0] ? d->tool : "CrystalDiskMark");
		str_sanitize(d->run[c].meta[META_NAME], PARSED_META_LEN, d->tool[0] ? d->tool : "CrystalDiskMark");
		if (d->rc == 0 && input_add_run(d->set, &d->run[c]) != 0)
			d->rc = -1;
	}
}

/* A row into column c's run (1: the result beside the first) */
static void take_row(struct dm *d, int c, const struct qd_row *r, unsigned line)
{
	int rc = d->open[c] ? input_qd_row(&d->run[c], r) : 1;

	if (rc == 1) { /* a row the run has: the next drive's rows (and the ones beside them) */
		if (c == 0 || d->open[c])
			flush(d);
		memset(&d->run[c], 0, sizeof d->run[c]);
		snprintf(d->run[c].origin, sizeof d->run[c].origin, "%s:%u%s", d->name, line, c ? " (the second result on its lines)" : "");
		input_run_clear(&d->run[c]);
		d->open[c] = true;
		rc = input_qd_row(&d->run[c], r);
	}
	if (rc < 0 && input_warn(d->set, d->name, line, "disk benchmark row skipped: the run has %d rows of its own already",
	                         PARSED_OTHER_ROWS) != 0)
		d->rc = -1;
}

/* The length of the word at p when it names a DiskMark ("CrystalDiskMark",
 * "KDiskMark", its ports and clones: "tdeDiskMark", "AmorphousDiskMark"), else 0. */
static size_t diskmark_word(const char *p, const char *e)
{
	const char *q = p;

	while (q < e && isalpha((unsigned char)*q))
		q++;
	return q - p >= 8 && memcmp(q - 8, "DiskMark", 8) == 0 ? (size_t)(q - p) : 0;
}

/* "CrystalDiskMark 8.0.4 ...", "KDiskMark (3.2.0): ..." or, from a
 * version that printed none, "KDiskMark: https://...": a header, the
 * tool's name as it writes it, starts a run */
static const char *header(struct dm *d, const char *p, const char *e, size_t n)
{
	const char *q = skip_blanks(p + n, e), *v;

	if (q < e && *q == ':' && starts(skip_blanks(q + 1, e), e, "http"))
		v = q; /* no version */
	else {
		if (q < e && *q == '(')
			q++;
		v = q;
		while (q < e && (isdigit((unsigned char)*q) || *q == '.'))
			q++;
		if (q == v || q - v > 16)
			return p + 1;
	}
	flush(d);
	snprintf(d->tool, sizeof d->tool, "%.*s%s%.*s", (int)n, p, q > v ? " " : "", (int)(q - v), v);
	d->section = -1;
	return q;
}

/* "Test: 1 GiB (x5)", "Test : 1024 MiB [...]": the size of the run read */
static void test_size(struct dm *d, const char *p, const char *e)
{
	double v;
	uint64_t per;

	p = skip_blanks(p + 4, e);
	if (!d->open[0] || d->run[0].size_bytes || p >= e || *p != ':' || (p = number(skip_blanks(p + 1, e), e, &v)) == NULL)
		return;
	p = skip_blanks(p, e);
	if ((per = unit(&p, e)) == 0 || v * (double)per >= 1e18)
		return;
	for (int c = 0; c < 2; c++)
		if (d->open[c]) { /* side by side results were run alike */
			d->run[c].size_bytes = (uint64_t)(v * (double)per);
			input_size_meta(d->run[c].size_bytes, d->run[c].meta[META_SIZE], PARSED_META_LEN);
		}
}

int input_diskmark(struct parsed_set *set, const char *name, const char *text, size_t len)
{
	struct dm d;
	const char *p = text, *e = text + len;
	unsigned line = 1;
	struct qd_row r;
	struct second other;

	memset(&d, 0, sizeof d);
	d.set = set;
	d.name = name;
	d.section = -1;
	while (p < e && d.rc == 0) {
		if (*p == '\n') {
			line++;
			p++;
			continue;
		}
		if (!word_start(text, p) && *p != '[') {
			p++;
			continue;
		}
		size_t n = isupper((unsigned char)*p) || islower((unsigned char)*p) ? diskmark_word(p, e) : 0;
		if (n && p + n < e && (p[n] == ' ' || p[n] == '\t' || p[n] == ':')) {
			p = header(&d, p, e, n);
			continue;
		}
		if (starts(p, e, "[Read]") || starts(p, e, "[Write]") || starts(p, e, "[Mix"))
			d.section = p[1] == 'R' ? 0 : p[1] == 'W' ? 1 : 2;
		else if ((starts(p, e, "Sequential") || starts(p, e, "SEQ") || starts(p, e, "Random") ||
		          starts(p, e, "RND")) && row_at(p, e, d.section, &r, &other)) {
			take_row(&d, 0, &r, line);
			if (other.mbps > 0 && d.rc == 0) {
				r.kib_s = other.mbps * 1e6 / 1024;
				r.mean_ns = other.mean_ns;
				take_row(&d, 1, &r, line);
			}
		}
		else if (starts(p, e, "Test"))
			test_size(&d, p, e);
		p++;
	}
	flush(&d);
	return d.rc;
}
