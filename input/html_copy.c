/* input_html_copies: tables copied from a bon_csv2html page, and text
 * tables pasted into such a page's cells. A browser's copy keeps the
 * page's cells, one tab apart, a row a line, its header rows too; those
 * rows say which columns the page has and in what units, as each
 * bon_csv2html wrote them:
 *  - 1.0x (a Perl script): no version cell; "Size:Chunk Size"; K/sec; no
 *    Latency rows; every cell as the CSV line had it.
 *  - 1.9x to 1.97: "Version 1.96"; "Concurrency", "Chunk Size", "Max Size",
 *    "Min Size", "Num Dirs" and the file tests' "Chunk Size" only when a
 *    row has them; K/sec; a Latency row under each row.
 *  - 1.98 and 2.00a: the same columns, every rate column headed "M/sec",
 *    but only the block write, rewrite and block read cells are M/sec,
 *    rounded to the nearest whole one ("46" for 47554 K/sec; "0" for
 *    +++++, an empty field or under 512 K/sec); per-char cells stay K/sec.
 * Those runs are read as tables (join.c joins them with their CSV lines);
 * the lost precision is said once per table. A copy whose cells are not a
 * tab apart is skipped with one warning, as is a text table pasted into a
 * page's cells. */
#include "text_table.h"
#include "../lib/str.h"
#include "../lib/units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CELLS 64

struct cells {
	struct tok c[MAX_CELLS];
	int n;
	bool tabbed; /* cut at tabs; else at runs of blanks, empty cells unseen */
};

/* The page's columns, as its header rows name them. */
struct page {
	char version[16];
	bool concurrency, chunk, mbps;
	int file_opts; /* "Max Size", "Min Size", "Num Dirs", "Chunk Size" after "Num Files" */
	bool opt[4];
	int width;     /* cells of a result row */
	unsigned zero_cpu; /* block cells "0" with a %CPU: under 512 K/sec, not readable */
};

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

/* The next cell separator in [p, e): a tab on a line that has one; on a
 * line without tabs (a copy pasted as text), a run of two or more blanks,
 * since a single blank stands inside cells ("Per Char", "% CPU"). */
static const char *separator(const char *p, const char *e, bool tabbed)
{
	if (tabbed)
		return memchr(p, '\t', (size_t)(e - p));
	for (const char *q = p; q + 1 < e; q++)
		if (*q == ' ' && q[1] == ' ' && q > p)
			return q;
	return NULL;
}

/* The line at p split into cells, each without blanks around it. Returns
 * the offset after the line. Without tabs an empty cell cannot be seen:
 * such a row is only read when it has every cell (result_row's width). */
static const char *split(const char *p, const char *end, struct cells *out)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p)), *e = nl ? nl : end;
	bool tabbed = memchr(p, '\t', (size_t)(e - p)) != NULL;

	while (!tabbed && p < e && blank(*p))
		p++;
	out->tabbed = tabbed;
	out->n = 0;
	while (out->n < MAX_CELLS) {
		const char *t = separator(p, e, tabbed), *ce = t ? t : e;
		const char *a = p, *b = ce;
		while (a < b && blank(*a))
			a++;
		while (b > a && blank(b[-1]))
			b--;
		out->c[out->n++] = (struct tok){a, (size_t)(b - a), 0};
		if (t == NULL)
			break;
		p = t + 1;
		while (!tabbed && p < e && blank(*p))
			p++;
	}
	return nl ? nl + 1 : end;
}

static bool is(const struct cells *cs, int i, const char *word)
{
	return i < cs->n && strlen(word) == cs->c[i].n && memcmp(cs->c[i].p, word, cs->c[i].n) == 0;
}

/* Consumes words[] at cells i.. in order; false (i unchanged) if not. */
static bool words_at(const struct cells *cs, int *i, const char *const *words, int n)
{
	for (int k = 0; k < n; k++)
		if (!is(cs, *i + k, words[k]))
			return false;
	*i += n;
	return true;
}

/* The column names row: [Concurrency] Size [Chunk Size] Per Char Block
 * Rewrite Per Char Block Num Files [Max Size] [Min Size] [Num Dirs]
 * [Chunk Size] Create Read Delete Create Read Delete. */
static bool names_row(const struct cells *cs, struct page *pg)
{
	static const char *const io[] = {"Per Char", "Block", "Rewrite", "Per Char", "Block", "Num Files"};
	static const char *const files[] = {"Create", "Read", "Delete", "Create", "Read", "Delete"};
	static const char *const opts[] = {"Max Size", "Min Size", "Num Dirs", "Chunk Size"};
	int i = 0;

	if (cs->c[0].n == 0 || (pg->concurrency = is(cs, 0, "Concurrency")))
		i = 1;
	if (!is(cs, i, "Size") && !is(cs, i, "Size:Chunk Size"))
		return false;
	i++;
	if ((pg->chunk = is(cs, i, "Chunk Size")))
		i++;
	if (!words_at(cs, &i, io, 6))
		return false;
	for (int k = 0; k < 4; k++)
		if ((pg->opt[k] = is(cs, i, opts[k])))
			i++, pg->file_opts++;
	if (!words_at(cs, &i, files, 6))
		return false;
	pg->width = 2 + pg->concurrency + pg->chunk + 12 + 1 + pg->file_opts + 12;
	return true;
}

/* The units row: five rate units, then /sec; M/sec on 1.98 and later. */
static bool units_row(const struct cells *cs, struct page *pg)
{
	int i = 0;

	while (i < cs->n && cs->c[i].n == 0)
		i++;
	pg->mbps = is(cs, i, "M/sec");
	return pg->mbps || is(cs, i, "K/sec");
}

static void cell_copy(char *dst, size_t cap, const struct tok *t)
{
	size_t n = t->n < cap - 1 ? t->n : cap - 1;

	memcpy(dst, t->p, n);
	dst[n] = '\0';
}

/* One rate and %CPU pair; m is 1024 for a whole-M/sec cell. */
static void rate_pair(const struct tok *rate, const struct tok *cpu, double m, struct parsed_phase *ph,
                      double *step, struct page *pg)
{
	char r[32], c[16];
	double v;

	cell_copy(r, sizeof r, rate);
	cell_copy(c, sizeof c, cpu);
	ph->cpu = c[0] >= '0' && c[0] <= '9' ? atoi(c) : -1;
	input_stated(ph, READ_CPU_PCT, ph->cpu >= 0);
	if (r[0] == '+' || (m > 1 && strcmp(r, "0") == 0 && c[0] == '+')) {
		ph->state = CELL_TOO_FAST;
		return;
	}
	if (m > 1 && strcmp(r, "0") == 0) { /* an empty field, or under 512 K/sec */
		if (c[0])
			ph->state = CELL_UNKNOWN, pg->zero_cpu++;
		return;
	}
	if (input_parse_rate(r, &v) != 0)
		return;
	ph->state = CELL_VALUE;
	ph->rate = v * m;
	input_stated(ph, READ_RATE, true);
	*step = strchr(r, '.') ? 0.1 : m;
}

/* A column an M/sec page shows in whole M/sec: a rate in bytes, but not
 * per-char's (K/sec there too). */
static bool whole_m(enum phase_id id)
{
	return phase_unit(id) == RATE_BYTES && !phase_is(id, FACT_PERCHAR);
}

static void rates(const struct tok *c, enum table_block b, struct text_table_run *tr, struct page *pg)
{
	enum phase_id col[PHASE_COUNT];

	phase_block_columns(b, col);
	for (int k = 0; k < BLOCK_COLUMNS; k++)
		rate_pair(&c[2 * k], &c[2 * k + 1], pg->mbps && whole_m(col[k]) ? 1024 : 1, &tr->run.phase[col[k]],
		          &tr->step[col[k]], pg);
}

/* The whole-M/sec columns of the page's blocks in words, in column order:
 * "block write, rewrite and block read". */
static void whole_m_words(char *buf, size_t cap)
{
	enum phase_id col[PHASE_COUNT], ids[PHASE_COUNT];
	int n = 0;

	for (int b = BLOCK_IO; b <= BLOCK_FILES; b++)
		for (int k = 0, cols = phase_block_columns((enum table_block)b, col); k < cols; k++)
			if (whole_m(col[k]))
				ids[n++] = col[k];
	buf[0] = '\0';
	for (int k = 0; k < n; k++)
		str_appendf(buf, cap, "%s%s", str_list_sep((size_t)k, (size_t)n), phase_words(ids[k]));
}

/* "Latency" and six latencies, twice, into the run's phases. */
static void latencies(const struct cells *cs, struct text_table_run *tr)
{
	enum table_block blocks[2] = {BLOCK_IO, BLOCK_FILES};
	int i = 0;

	if (!cs->tabbed && cs->n != 2 * (1 + BLOCK_COLUMNS))
		return; /* an empty latency cell unseen would shift the others */
	for (int b = 0; b < 2; b++) {
		enum phase_id col[PHASE_COUNT];
		while (i < cs->n && !is(cs, i, "Latency"))
			i++;
		if (i + BLOCK_COLUMNS >= cs->n)
			return;
		phase_block_columns(blocks[b], col);
		for (int k = 0; k < BLOCK_COLUMNS; k++) {
			char buf[24];
			cell_copy(buf, sizeof buf, &cs->c[i + 1 + k]);
			if (buf[0] && input_parse_latency(buf, &tr->run.phase[col[k]].latency_ns) == 0)
				input_stated(&tr->run.phase[col[k]], READ_LAT_MAX, true);
		}
		if (b == 0)
			tr->io_latency = true;
		else
			tr->file_latency = true;
		i += 1 + BLOCK_COLUMNS;
	}
}

/* The settings of a result row: name, [concurrency], size, [chunk], and
 * after the I/O cells the file count and what the page shows of it. */
static bool row_meta(const struct cells *cs, const struct page *pg, struct text_table_run *tr)
{
	char buf[PARSED_META_LEN], files[PARSED_META_LEN * 2];
	uint64_t bytes;
	int i = 1, f;

	cell_copy(buf, sizeof buf, &cs->c[0]);
	str_sanitize(tr->run.meta[META_NAME], PARSED_META_LEN, buf);
	if (pg->concurrency) {
		cell_copy(buf, sizeof buf, &cs->c[i++]);
		str_sanitize(tr->run.meta[META_CONCURRENCY], PARSED_META_LEN, buf);
	}
	cell_copy(buf, sizeof buf, &cs->c[i++]);
	if (buf[0] && (units_parse_size(buf, 20, &bytes) != UNITS_OK || bytes == 0))
		return false;
	if (buf[0]) {
		tr->run.size_bytes = bytes;
		input_size_meta(bytes, tr->run.meta[META_SIZE], PARSED_META_LEN);
	}
	if (pg->chunk) {
		cell_copy(buf, sizeof buf, &cs->c[i++]);
		str_sanitize(tr->run.meta[META_CHUNK], PARSED_META_LEN, buf);
	}
	f = i + 12;
	cell_copy(files, sizeof files, &cs->c[f]);
	if (files[0] && (pg->opt[0] || pg->opt[1] || pg->opt[2])) { /* as bonnie++ writes a count: "16:100:10/4" */
		char v[3][16] = {"0", "0", "1"};
		for (int k = 0, at = f + 1; k < 3; k++)
			if (pg->opt[k] && cs->c[at++].n)
				cell_copy(v[k], sizeof v[k], &cs->c[at - 1]);
		cell_copy(buf, sizeof buf, &cs->c[f]);
		snprintf(files, sizeof files, "%.16s:%s:%s/%s", buf, v[0], v[1], v[2]);
	}
	if (files[0] && input_files_meta(files, &tr->run) != 0)
		return false;
	tr->shows_io = tr->shows_files = true;
	return true;
}

/* A result row of the page (and its Latency row, when the next line is
 * one) into tr. Returns false when the line is not a result row. */
static bool result_row(const struct cells *cs, const struct cells *lat, struct page *pg,
                       struct text_table_run *tr, const char *name, unsigned line)
{
	int io;

	if (cs->n < pg->width || cs->c[0].n == 0 || is(cs, 0, "Latency") || (!cs->tabbed && cs->n != pg->width))
		return false;
	for (int k = pg->width; k < cs->n; k++)
		if (cs->c[k].n)
			return false;
	memset(tr, 0, sizeof *tr);
	input_run_clear(&tr->run);
	if (!row_meta(cs, pg, tr))
		return false;
	io = 2 + pg->concurrency + pg->chunk;
	rates(&cs->c[io], BLOCK_IO, tr, pg);
	rates(&cs->c[io + 13 + pg->file_opts], BLOCK_FILES, tr, pg);
	if (lat)
		latencies(lat, tr);
	str_copy(tr->run.format, sizeof tr->run.format, "table");
	str_sanitize(tr->run.meta[META_VERSION], PARSED_META_LEN, pg->version);
	str_copy(tr->io_name, sizeof tr->io_name, tr->run.meta[META_NAME]);
	str_copy(tr->file_name, sizeof tr->file_name, tr->run.meta[META_NAME]);
	tr->line = line;
	snprintf(tr->run.origin, sizeof tr->run.origin, "%s:%u (table)", name, line);
	return true;
}

/* The runs of a page whose column names row is cs (line `line`, its
 * version row before it at prev, its units row at next). Returns the
 * offset after the last row read, or NULL when it is not such a page. */
static const char *read_page(struct text_table_set *ts, struct page *pg, const char *prev, const char *next,
                             const char *end, const char *name, unsigned *line, int *rc)
{
	struct cells cs, lat, ver;
	struct text_table_run tr;
	const char *p;

	if (prev) {
		split(prev, end, &ver);
		if (ver.c[0].n > 8 && memcmp(ver.c[0].p, "Version ", 8) == 0 && ver.c[0].n - 8 < sizeof pg->version)
			cell_copy(pg->version, sizeof pg->version, &(struct tok){ver.c[0].p + 8, ver.c[0].n - 8, 0});
	}
	p = split(next, end, &cs);
	if (!units_row(&cs, pg))
		return NULL;
	*line += 1;
	while (p < end && *rc == 0) {
		const char *after = split(p, end, &cs), *after_lat = after;
		bool has_lat = false;
		if (after < end) {
			after_lat = split(after, end, &lat);
			has_lat = lat.n > 1 && (is(&lat, 0, "Latency") || is(&lat, 1, "Latency"));
		}
		if (!result_row(&cs, has_lat ? &lat : NULL, pg, &tr, name, *line + 1))
			break;
		*rc = input_table_add(ts, &tr);
		*line += 1 + has_lat;
		p = has_lat ? after_lat : after;
	}
	return p;
}

/* The words of bon_csv2html's column names row, in its order; the
 * table bonnie++ prints says "Per Chr" and has no "Size" before it. */
static const char *const header_words[] = {"Size", "Per", "Char", "Block", "Rewrite", "Per", "Char", "Block"};

/* The header row's words start at p (blanks between them, nothing else). */
static bool header_at(const char *p, const char *end)
{
	for (size_t i = 0; i < sizeof header_words / sizeof *header_words; i++) {
		size_t n = strlen(header_words[i]);
		while (i > 0 && p < end && blank(*p))
			p++;
		if ((size_t)(end - p) < n || memcmp(p, header_words[i], n) != 0 || (p + n < end && !blank(p[n])))
			return false;
		p += n;
	}
	return true;
}

/* What a page read from line `line` lost, said once. */
static int say_read(struct parsed_set *set, const char *name, unsigned line, const struct page *pg, size_t runs)
{
	char cols[96];

	if (!pg->mbps)
		return 0;
	whole_m_words(cols, sizeof cols);
	return input_warn(set, name, line,
	                  "table copied from a bon_csv2html page: %zu run%s read; its %s rates are whole M/sec, so "
	                  "each is known to within 512 KiB/s%s",
	                  runs, runs == 1 ? "" : "s", cols,
	                  pg->zero_cpu ? " (a 0 with a %CPU, under 512 KiB/s, is left unknown)" : "");
}

/* The line that ended a page read without tabs, when it is a result row
 * short of cells (a -f row: its empty cells collapsed): said, not lost. */
static int short_row(struct parsed_set *set, const char *name, unsigned line, const struct page *pg,
                     const char *p, const char *end)
{
	struct cells cs;

	if (p >= end)
		return 0;
	split(p, end, &cs);
	if (cs.tabbed || cs.n >= pg->width || 2 * cs.n < pg->width || is(&cs, 0, "Latency"))
		return 0;
	return input_warn(set, name, line,
	                  "row of a bon_csv2html copy skipped: %d cells of its %d, and without tabs its empty "
	                  "cells cannot be placed (read its CSV line instead)", cs.n, pg->width);
}

int input_html_copies(struct parsed_set *set, struct text_table_set *ts, const char *name, const char *text,
                      size_t len)
{
	const char *end = text + len, *prev = NULL;
	unsigned line = 1;
	int rc = 0;

	for (const char *p = text; p < end && rc == 0;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *next = nl ? nl + 1 : end;
		struct cells cs;
		struct page pg = {0};
		if (input_table_in_cell(p, end) &&
		    input_warn(set, name, line,
		               "bonnie++ table pasted into an HTML page's cells skipped: its lines run across "
		               "the cells, not down them (read its CSV line instead)") != 0)
			return -1;
		split(p, end, &cs);
		if (cs.n > 12 && next < end && names_row(&cs, &pg)) {
			unsigned at = line;
			size_t before = ts->count;
			const char *after = read_page(ts, &pg, prev, next, end, name, &line, &rc);
			if (after && ts->count > before) {
				if (rc == 0 && say_read(set, name, at, &pg, ts->count - before) != 0)
					rc = -1;
				prev = NULL;
				p = after;
				line++;
				if (rc == 0 && short_row(set, name, line, &pg, after, end) != 0)
					rc = -1;
				continue;
			}
			line = at;
		}
		for (const char *q = p; q < next && rc == 0; q++)
			if (*q == 'S' && (q == p || blank(q[-1])) && header_at(q, next) &&
			    !input_table_in_cells_below(next, end, 4) &&
			    input_warn(set, name, line, "table copied from a bon_csv2html page skipped: %s (read its CSV line instead)",
			               cs.n > 1 ? "its rows do not fit its column names"
			                        : "its cells are not a tab or two blanks apart, so its columns cannot be told") != 0)
				rc = -1;
		prev = p;
		p = next;
		line++;
	}
	return rc;
}
