/* The runs of a table read by text_table.c: its I/O and file rows paired in
 * order, each row's cells placed as the phases they are. */
#include "text_table_rows.h"
#include "../lib/grow.h"
#include "../lib/str.h"
#include "../lib/units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A mark after a rate (bonnie's own table) as the reason it names, the
 * way bonnie's JSON names it: the evidence rule weighs it as it would the
 * JSON's. bonnie's table marks only the first reason; with one shown, the
 * cell's reasons are known to hold at least it. */
static void mark_reason(char mark, struct parsed_phase *p)
{
	static const char *const names[] = TABLE_MARK_NAMES;
	const char *at = strchr(TABLE_MARKS, mark);

	if (mark == '\0' || at == NULL)
		return;
	str_copy(p->reasons, sizeof p->reasons, names[at - TABLE_MARKS]);
	p->reasons_known = true;
	input_stated(p, READ_REASONS, true);
}

/* The multiplier of a unit letter after a rate: bytes in KiB/s (k, m,
 * g), counts in ones (k: thousands, bonnie's table; units_format_count_rate). */
static double unit_mult(bool io, char u)
{
	if (io)
		return u == 'k' ? 1 : u == 'm' ? 1024 : u == 'g' ? 1048576 : 0;
	return u == 'k' ? 1000 : 0;
}

/* One rate cell: "+++++", a number, with k/m/g in /sec tables' I/O cells,
 * and a mark after it in bonnie's own. */
static void rate_cell(const struct tok *t, const struct tok *cpu, bool io, struct parsed_phase *p, double *step)
{
	char buf[24];
	size_t n = t->n - tok_rate_mark(t);
	double mult = 1, v;

	tok_copy(buf, sizeof buf, cpu);
	p->cpu = buf[0] >= '0' && buf[0] <= '9' ? atoi(buf) : -1;
	input_stated(p, READ_CPU_PCT, p->cpu >= 0);
	if (t->p[0] == '+') {
		p->state = CELL_TOO_FAST;
		return;
	}
	mark_reason(n < t->n ? t->p[n] : '\0', p);
	if (n > 1 && unit_mult(io, t->p[n - 1]) > 0)
		mult = unit_mult(io, t->p[--n]);
	if (input_parse_decimal(t->p, n, &v) != 0)
		return;
	p->state = CELL_VALUE;
	p->rate = v * mult;
	input_stated(p, READ_RATE, true);
	*step = mult; /* one unit of the last digit shown */
	for (const char *d = memchr(t->p, '.', n); d && ++d < t->p + n;)
		*step /= 10;
}

/* The phases a row's cells (or latencies) are, in order, into col; returns
 * how many: its block's columns (the phase table's), the first five when
 * the row has no Seeks column, and without the per-char phases in a -f
 * row (four pairs: bonnie++ -f skips them). */
static int row_phases(const struct row *r, enum table_block block, enum phase_id *col)
{
	int n = phase_block_columns(block, col), kept = 0;

	if (r->ncells >= CELLS - 2) /* all six, or five: no Seeks column */
		return n;
	for (int k = 0; k < n; k++)
		if (!phase_is(col[k], FACT_PERCHAR))
			col[kept++] = col[k];
	return kept;
}

static void fill_cells(struct text_table_run *tr, const struct row *r, enum table_block block)
{
	int pairs = r->ncells / 2;
	enum phase_id col[PHASE_COUNT];

	if (row_phases(r, block, col) < pairs) /* text_table.c takes no row wider than its block */
		return;
	for (int k = 0; k < pairs; k++) {
		enum phase_id id = col[k];
		rate_cell(&r->cell[2 * k], &r->cell[2 * k + 1], phase_unit(id) == RATE_BYTES, &tr->run.phase[id],
		          &tr->step[id]);
		if (r->bonnie_rows && tr->run.phase[id].state == CELL_VALUE) { /* no mark: no reason */
			tr->run.phase[id].reasons_known = true;
			input_stated(&tr->run.phase[id], READ_REASONS, true);
		}
	}
	if (r->nlat != pairs) /* a Latency row that does not fit the cells is left out */
		return;
	for (int k = 0; k < pairs; k++) {
		char buf[24];
		tok_copy(buf, sizeof buf, &r->lat[k]);
		if (input_parse_latency(buf, &tr->run.phase[col[k]].latency_ns) == 0)
			input_stated(&tr->run.phase[col[k]], READ_LAT_MAX, true);
	}
}

static void io_part(struct text_table_run *tr, const struct row *r)
{
	char key[64], *colon;
	uint64_t bytes;

	tok_copy(key, sizeof key, &r->key);
	colon = strchr(key, ':');
	if (colon) { /* "1G:32k": size and chunk */
		*colon++ = '\0';
		char *end = strchr(colon, ':');
		if (end)
			*end = '\0';
		if (units_parse_size(colon, 0, &bytes) == UNITS_OK)
			str_sanitize(tr->run.meta[META_CHUNK], PARSED_META_LEN, colon);
	}
	if (units_parse_size(key, 20, &bytes) == UNITS_OK && bytes > 0) {
		tr->run.size_bytes = bytes;
		input_size_meta(bytes, tr->run.meta[META_SIZE], PARSED_META_LEN);
	}
	fill_cells(tr, r, BLOCK_IO);
	tr->shows_io = true;
	tr->io_latency = r->nlat == r->ncells / 2;
	str_sanitize(tr->io_name, sizeof tr->io_name, r->name); /* as the CSV reader keeps names */
}

static void file_part(struct text_table_run *tr, const struct row *r, const struct text_table *tb)
{
	char key[64];

	tok_copy(key, sizeof key, &r->key);
	input_files_meta(key, &tr->run);
	fill_cells(tr, r, BLOCK_FILES);
	tr->shows_files = true;
	tr->file_latency = r->nlat == r->ncells / 2;
	str_sanitize(tr->file_name, sizeof tr->file_name, r->name[0] ? r->name : tb->file_name);
	/* bonnie++ 2.00's tables print the number of files (or 0) where the
	 * file-test rates belong; its CSV line has the rates */
	if (strncmp(tb->version, "2.", 2) == 0 || (!tb->version[0] && tb->per_sec))
		for (int i = 0; i < PHASE_COUNT; i++)
			if (phase_facts_of((enum phase_id)i)->block == BLOCK_FILES && tr->run.phase[i].state == CELL_VALUE) {
				tr->run.phase[i].state = CELL_UNKNOWN;
				input_stated(&tr->run.phase[i], READ_RATE, false);
			}
}

/* The longer of the names when one starts the other (tables cut names). */
static void pick_name(struct text_table_run *tr)
{
	const char *a = tr->io_name, *b = tr->file_name, *name = a[0] ? a : b;

	if (a[0] && b[0] && strlen(b) > strlen(a) && strncmp(a, b, strlen(a)) == 0)
		name = b;
	str_sanitize(tr->run.meta[META_NAME], PARSED_META_LEN, name);
}

static bool has_results(const struct parsed_run *r)
{
	for (int i = 0; i < PHASE_COUNT; i++)
		if (r->phase[i].state != CELL_NOT_RUN || r->phase[i].latency_ns >= 0)
			return true;
	return false;
}

int input_table_add(struct text_table_set *ts, const struct text_table_run *tr)
{
	struct text_table_run *r = grow(ts->run, &ts->cap, ts->count, sizeof *r, 8);

	if (r == NULL)
		return -1;
	ts->run = r;
	ts->run[ts->count++] = *tr;
	return 0;
}

/* The table's runs: its I/O and file rows paired in order (bon_csv2txt
 * prints every machine's I/O row, then every machine's file row). */
int table_runs(struct text_table_set *ts, const struct text_table *tb, const char *name)
{
	int n = tb->nio > tb->nfile ? tb->nio : tb->nfile;

	for (int i = 0; i < n; i++) {
		struct text_table_run tr;
		if (i < tb->nio && tb->io[i].bad) { /* and its file row: a files-only run would be wrong */
			if (ts->bad_rows < sizeof ts->bad_row_line / sizeof ts->bad_row_line[0])
				ts->bad_row_line[ts->bad_rows] = tb->io[i].line;
			ts->bad_rows++;
			continue;
		}
		memset(&tr, 0, sizeof tr);
		input_run_clear(&tr.run);
		str_copy(tr.run.format, sizeof tr.run.format, "table");
		str_sanitize(tr.run.meta[META_VERSION], PARSED_META_LEN, tb->version);
		str_sanitize(tr.run.meta[META_CONCURRENCY], PARSED_META_LEN, tb->concurrency);
		if (i < tb->nio)
			io_part(&tr, &tb->io[i]);
		if (i < tb->nfile)
			file_part(&tr, &tb->file[i], tb);
		pick_name(&tr);
		tr.line = i < tb->nio ? tb->io[i].line : tb->file[i].line;
		unsigned from = i < tb->nio ? tb->io[i].from_line : tb->file[i].from_line;
		if (from) /* its blank name and size were the row above's */
			snprintf(tr.run.origin, sizeof tr.run.origin, "%s:%u (name and size from line %u) (table)", name,
			         tr.line, from);
		else
			snprintf(tr.run.origin, sizeof tr.run.origin, "%s:%u (table)", name, tr.line);
		if (has_results(&tr.run) && input_table_add(ts, &tr) != 0)
			return -1;
	}
	return 0;
}
