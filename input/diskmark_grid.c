/* input_diskmark_grid: CrystalDiskMark's window as people retype it, a
 * grid of its rows with the read and the write side by side:
 *   ||Read|Write|                       (a Markdown table, or blanks)
 *   |SEQ1M Q8T1|1141.20|2032.80|
 *   |RND4K Q32T16|47.43|78.44|
 * one run per grid, its unit the last one named before or in its header
 * ("#### MB/s", "| MB/s | Read | Write |"): MB/s (10^6 bytes a second),
 * GB/s, or IOPS (times the row's block). A grid whose unit is not named is
 * not read, and an IOPS grid in a text that gave a grid in MB/s is taken
 * for the same results in the other unit (read once, from MB/s); each is
 * said in one line. Read as words, line breaks or not. */
#include "internal.h"
#include "../lib/str.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum unit { U_NONE, U_MBS, U_GBS, U_IOPS };

struct grid {
	struct parsed_set *set;
	const char *name;
	struct parsed_run run;
	bool open, write_first;
	enum unit unit, seen_unit;
	unsigned mbs_grids, line;
	int rc;
};

/* the word at p: up to a blank, a '|' or a line end */
static size_t word(const char *p, const char *e)
{
	size_t n = 0;

	while (p + n < e && !isspace((unsigned char)p[n]) && p[n] != '|')
		n++;
	return n;
}

static bool is(const char *p, size_t n, const char *w)
{
	return n == strlen(w) && memcmp(p, w, n) == 0;
}

/* "SEQ1M", "SEQ128K", "RND4K": kind and block */
static bool kind_block(const char *p, size_t n, struct qd_row *r)
{
	char *end;
	unsigned long v;

	if (n < 5 || (memcmp(p, "SEQ", 3) != 0 && memcmp(p, "RND", 3) != 0) || !isdigit((unsigned char)p[3]))
		return false;
	v = strtoul(p + 3, &end, 10);
	if (end != p + n - 1 || (*end != 'K' && *end != 'M') || v == 0 || v > 4096)
		return false;
	r->kind = p[0] == 'S' ? QD_SEQ : QD_RND;
	r->block = (uint32_t)(v << (*end == 'K' ? 10 : 20));
	return true;
}

/* "Q8T1", "Q32T16": depth and threads */
static bool depth_threads(const char *p, size_t n, struct qd_row *r)
{
	char *end;

	if (n < 4 || p[0] != 'Q' || !isdigit((unsigned char)p[1]))
		return false;
	r->depth = (unsigned)strtoul(p + 1, &end, 10);
	if (end >= p + n || *end != 'T' || !isdigit((unsigned char)end[1]))
		return false;
	r->threads = (unsigned)strtoul(end + 1, &end, 10);
	return end == p + n && r->depth >= 1 && r->depth <= 1024 && r->threads >= 1 && r->threads <= 1024;
}

static void flush(struct grid *g)
{
	if (!g->open)
		return;
	g->open = false;
	if (!input_qd_has_rows(&g->run))
		return;
	str_copy(g->run.format, sizeof g->run.format, "tool");
	str_copy(g->run.meta[META_VERSION], PARSED_META_LEN, "DiskMark grid");
	str_copy(g->run.meta[META_NAME], PARSED_META_LEN, "DiskMark grid");
	if (g->unit != U_IOPS)
		g->mbs_grids++;
	if (g->rc == 0 && input_add_run(g->set, &g->run) != 0)
		g->rc = -1;
}

/* a header "Read ... Write" (or the other way) at p: a new grid */
static void header(struct grid *g, bool write_first)
{
	flush(g);
	if (g->seen_unit == U_NONE || (g->seen_unit == U_IOPS && g->mbs_grids)) {
		if (input_warn(g->set, g->name, g->line, "%s", g->seen_unit == U_NONE ?
		               "disk benchmark grid (Read, Write) not read: no unit (MB/s, GB/s, IOPS) is named before it" :
		               "disk benchmark grid in IOPS not read: the text gives its results in MB/s too") != 0)
			g->rc = -1;
		return;
	}
	memset(&g->run, 0, sizeof g->run);
	snprintf(g->run.origin, sizeof g->run.origin, "%s:%u", g->name, g->line);
	input_run_clear(&g->run);
	g->open = true;
	g->write_first = write_first;
	g->unit = g->seen_unit;
}

/* a row's two numbers at p (read and write, in the header's order) */
static const char *row(struct grid *g, const char *p, const char *e, struct qd_row *r)
{
	double v[2];
	char *end;

	for (int i = 0; i < 2; i++) {
		while (p < e && (*p == ' ' || *p == '\t' || *p == '|' || *p == '\r'))
			p++;
		v[i] = strtod(p, &end);
		if (end == p || v[i] < 0 || (end < e && !isspace((unsigned char)*end) && *end != '|'))
			return NULL;
		p = end;
	}
	for (int w = 0; w < 2; w++) {
		double x = v[g->write_first ? !w : w];
		r->write = w;
		r->kib_s = g->unit == U_IOPS ? x * r->block / 1024 : x * (g->unit == U_GBS ? 1e9 : 1e6) / 1024;
		if (input_qd_row(&g->run, r) < 0 && input_warn(g->set, g->name, g->line, "disk benchmark row skipped: "
		                                               "the run has %d rows of its own already", PARSED_OTHER_ROWS) != 0)
			g->rc = -1;
	}
	return p;
}

int input_diskmark_grid(struct parsed_set *set, const char *name, const char *text, size_t len)
{
	struct grid g;
	const char *p = text, *e = text + len;

	memset(&g, 0, sizeof g);
	g.set = set;
	g.name = name;
	g.line = 1;
	while (p < e && g.rc == 0) {
		if (*p == '\n')
			g.line++;
		if (isspace((unsigned char)*p) || *p == '|' || *p == '#') {
			p++;
			continue;
		}
		size_t n = word(p, e), m;
		const char *q = p + n;
		while (q < e && (*q == ' ' || *q == '\t' || *q == '|'))
			q++;
		m = word(q, e);
		struct qd_row r = {0};
		if (is(p, n, "MB/s") || is(p, n, "GB/s") || is(p, n, "IOPS"))
			g.seen_unit = p[0] == 'M' ? U_MBS : p[0] == 'G' ? U_GBS : U_IOPS;
		else if ((is(p, n, "Read") && is(q, m, "Write")) || (is(p, n, "Write") && is(q, m, "Read"))) {
			header(&g, p[0] == 'W');
			p = q + m;
			continue;
		} else if (g.open && kind_block(p, n, &r) && depth_threads(q, m, &r)) {
			const char *after = row(&g, q + m, e, &r);
			if (after != NULL) {
				p = after;
				continue;
			}
		}
		p += n ? n : 1;
	}
	flush(&g);
	return g.rc;
}
