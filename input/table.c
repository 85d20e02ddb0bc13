/* input_tables: the human tables of every bonnie++ version read back from
 * pasted text: 1.02/1.03 ("Machine Size K/sec %CP"), 1.9x (Latency rows,
 * Concurrency), 1.98/2.00a ("Name:Size etc", rates with k/m/g), the
 * several-machines tables of bon_csv2txt, -f blanks, +++++, a
 * files:max:min/dirs label, names the table cut short; whole, with blanks
 * collapsed, glued onto one line or wrapped (table_tok.c reads them all as
 * one token stream). A row's cells are told apart by their count: all six,
 * or the four a -f run has (no per-char phases). */
#include "table.h"
#include "../lib/str.h"
#include "../lib/units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ROWS 32
#define CELLS (2 * BLOCK_COLUMNS) /* six rate and %CPU pairs */

struct row {
	char name[PARSED_META_LEN];
	struct tok key; /* the size ("512M", "1G:32k") or the file count */
	struct tok cell[CELLS];
	int ncells;
	struct tok lat[BLOCK_COLUMNS];
	int nlat; /* -1: no Latency row */
	unsigned line;
};

struct table {
	char version[16], concurrency[8], file_name[PARSED_META_LEN];
	bool per_sec; /* "/sec" headers (1.98 on): I/O rates carry k, m or g */
	bool no_seeks; /* an I/O table cut before its Seeks column: ten cells */
	bool io_head;  /* the I/O header was read */
	struct row io[MAX_ROWS], file[MAX_ROWS];
	int nio, nfile;
};

static const char *const rates_k = "K/sec%CPK/sec%CPK/sec%CPK/sec%CPK/sec%CP/sec%CP";
static const char *const rates_s = "/sec%CP/sec%CP/sec%CP/sec%CP/sec%CP/sec%CP";
static const char *const rates_k5 = "K/sec%CPK/sec%CPK/sec%CPK/sec%CPK/sec%CP";

static void tok_copy(char *dst, size_t cap, const struct tok *t)
{
	size_t n = t->n < cap - 1 ? t->n : cap - 1;

	memcpy(dst, t->p, n);
	dst[n] = '\0';
}

/* Words that start a table line other than a data row. */
static bool structural(const struct tok *t)
{
	return t->p[0] == '-' || tok_is(t, "Latency") || tok_is(t, "Version") || tok_is(t, "Machine") ||
	       (t->n >= 5 && memcmp(t->p, "files", 5) == 0) || tok_is(t, "Concurrency");
}

static bool read_version(struct tcur *c, char *version, size_t cap)
{
	struct tcur save = *c;
	struct tok t, v;

	if (tok_next(c, &t) && tok_is(&t, "Version") && tok_next(c, &v) && v.n < cap && v.p[0] != '-') {
		if (!version[0])
			tok_copy(version, cap, &v);
		return true;
	}
	*c = save;
	return false;
}

/* The line of rate units under the column names, or none: a poster may
 * leave it out (then the rows must follow). */
static bool io_units(struct tcur *c, struct table *tb)
{
	struct tok t;

	if (tok_spell(c, "MachineSize:chnk") || tok_spell(c, "MachineSize") || tok_spell(c, "Name:Sizeetc") ||
	    tok_spell(c, "Size")) {
		if (tok_spell(c, tb->no_seeks ? rates_k5 : rates_k))
			return true;
		return !tb->no_seeks && tok_spell(c, rates_s) && (tb->per_sec = true);
	}
	return !tok_peek(c, &t) || !(tok_is(&t, "Machine") || tok_is(&t, "Name:Size"));
}

/* The I/O header: its title line ("Sequential Output"), the Concurrency
 * line of 1.9x, the column names and the units; a pasted table may lack
 * the title and the units, not the column names. */
static bool io_header(struct tcur *c, struct table *tb)
{
	struct tcur start = *c, save;
	struct tok t, n;

	tok_spell(c, "SequentialOutputSequentialInputRandom");
	save = *c;
	if (tok_next(c, &t) && tok_is(&t, "Concurrency") && tok_next(c, &n) && tok_files_like(&n) && n.n < 8)
		tok_copy(tb->concurrency, sizeof tb->concurrency, &n);
	else
		*c = save;
	if ((tok_spell(c, "PerChrBlockRewritePerChrBlockSeeks") ||
	     (tb->no_seeks = tok_spell(c, "PerChrBlockRewritePerChrBlock"))) &&
	    io_units(c, tb))
		return true;
	*c = start;
	tb->no_seeks = false;
	return false;
}

static bool file_header(struct tcur *c, struct table *tb)
{
	static const char *const f2 = "CreateReadDeleteCreateReadDelete";
	struct tcur start = *c;
	struct tok n;

	if (!tok_spell(c, "SequentialCreateRandomCreate"))
		return false;
	if (!tok_spell(c, f2)) { /* the machine name, 1.9x on */
		if (!tok_next(c, &n) || structural(&n) || !tok_spell(c, f2))
			goto no;
		tok_copy(tb->file_name, sizeof tb->file_name, &n);
	}
	if ((tok_spell(c, "files:max:min") || tok_spell(c, "files:max") || tok_spell(c, "files")) &&
	    tok_spell(c, rates_s))
		return true;
no:
	*c = start;
	return false;
}

static int read_latency(struct tcur *c, struct tok *lat)
{
	struct tcur save = *c;
	struct tok t;
	int n = 0;

	if (!tok_next(c, &t) || !tok_is(&t, "Latency")) {
		*c = save;
		return -1;
	}
	while (n < 6 && tok_peek(c, &t) && tok_latency_like(&t)) {
		tok_next(c, &t);
		lat[n++] = t;
	}
	return n;
}

/* Appends t to the row's name, a blank between pieces ("my host"). */
static bool name_add(struct row *r, size_t *used, const struct tok *t)
{
	if (*used + t->n + 2 > sizeof r->name)
		return false;
	if (*used)
		r->name[(*used)++] = ' ';
	memcpy(r->name + *used, t->p, t->n);
	*used += t->n;
	return true;
}

/* [name] key cells [Latency ...]: key is a size (I/O rows) or a file count. */
static bool read_row(struct tcur *c, struct row *r, bool io, bool no_seeks)
{
	struct tcur save = *c;
	struct tok t, next;
	size_t used = 0;

	memset(r, 0, sizeof *r);
	for (int k = 0;; k++) {
		if (k == 4 || !tok_next(c, &t) || structural(&t))
			goto no;
		if (k == 0)
			r->line = t.line;
		struct tok key = tok_clean(t);
		size_t glue = io && !tok_size_like(&key) ? tok_glued_size(&key) : 0;
		if (glue) /* the name's last piece before, the size after */
			key = (struct tok){key.p + glue, key.n - glue, key.line};
		if ((io ? tok_size_like(&key) : tok_files_like(&key)) && tok_peek(c, &next)) {
			struct tok n = tok_clean(next);
			if (tok_rate_like(&n)) {
				struct tok piece = {t.p, (size_t)(key.p - t.p), t.line};
				r->key = key;
				if (glue && !name_add(r, &used, &piece))
					goto no;
				break;
			}
		}
		if (used == 0) /* a shell comment marker is no part of a name: "#tb6", "# tb6" */
			while (t.n && t.p[0] == '#')
				t.p++, t.n--;
		if (t.n == 0)
			continue;
		if (!name_add(r, &used, &t))
			goto no;
	}
	int full = no_seeks ? CELLS - 2 : CELLS;
	r->ncells = tok_cells(c, r->cell, full);
	if (r->ncells != full && !(io && !no_seeks && r->ncells == 8)) /* -f: no per-char cells */
		goto no;
	r->nlat = read_latency(c, r->lat);
	if (r->ncells == 8 && r->nlat != 4 && !tok_blank_cells(&r->key, r->cell, r->ncells))
		goto no;
	return true;
no:
	*c = save;
	return false;
}

/* Moves c past an I/O row that is not readable to the file header that
 * follows it (within a row's tokens), if one does. */
static void skip_bad_row(struct tcur *c, struct table *tb)
{
	struct tcur start = *c, at;
	struct tok t;

	for (int k = 0; k < 2 * CELLS + 8; k++) {
		at = *c;
		read_version(c, tb->version, sizeof tb->version);
		if (file_header(c, tb)) {
			*c = at;
			return;
		}
		*c = at;
		if (!tok_next(c, &t))
			break;
	}
	*c = start;
}

static bool parse_table(struct tcur *c, struct table *tb)
{
	struct tcur save;

	memset(tb, 0, sizeof *tb);
	read_version(c, tb->version, sizeof tb->version);
	if ((tb->io_head = io_header(c, tb)))
		while (tb->nio < MAX_ROWS && read_row(c, &tb->io[tb->nio], true, tb->no_seeks))
			tb->nio++;
	if (tb->io_head && tb->nio == 0)
		skip_bad_row(c, tb);
	save = *c;
	read_version(c, tb->version, sizeof tb->version);
	if (file_header(c, tb))
		while (tb->nfile < MAX_ROWS && read_row(c, &tb->file[tb->nfile], false, false))
			tb->nfile++;
	if (tb->nfile == 0)
		*c = save;
	return tb->nio > 0 || tb->nfile > 0;
}

/* Which phases a row's cells (or latencies) are: all six, or -f's four. */
static const int all6[BLOCK_COLUMNS] = {0, 1, 2, 3, 4, 5}, no_char[4] = {1, 2, 4, 5};

/* One rate cell: "+++++", a number, with k/m/g in /sec tables' I/O cells. */
static void rate_cell(const struct tok *t, const struct tok *cpu, bool io, struct parsed_phase *p, double *step)
{
	char buf[24];
	size_t n = t->n;
	double mult = 1, v;

	tok_copy(buf, sizeof buf, cpu);
	p->cpu = buf[0] >= '0' && buf[0] <= '9' ? atoi(buf) : -1;
	if (t->p[0] == '+') {
		p->state = CELL_TOO_FAST;
		return;
	}
	if (io && strchr("kmg", t->p[n - 1]))
		mult = t->p[--n] == 'k' ? 1 : t->p[n] == 'm' ? 1024 : 1048576;
	if (input_parse_decimal(t->p, n, &v) != 0)
		return;
	p->state = CELL_VALUE;
	p->rate = v * mult;
	*step = mult; /* one unit of the last digit shown */
	for (const char *d = memchr(t->p, '.', n); d && ++d < t->p + n;)
		*step /= 10;
}

static void fill_cells(struct table_run *tr, const struct row *r, enum table_block block)
{
	const int *slot = r->ncells >= CELLS - 2 ? all6 : no_char; /* all six, or five: no Seeks column */
	int pairs = r->ncells / 2;
	enum phase_id col[PHASE_COUNT];

	phase_block_columns(block, col);
	for (int k = 0; k < pairs; k++) {
		enum phase_id id = col[slot[k]];
		rate_cell(&r->cell[2 * k], &r->cell[2 * k + 1], phase_unit(id) == RATE_BYTES, &tr->run.phase[id],
		          &tr->step[id]);
	}
	if (r->nlat != pairs) /* a Latency row that does not fit the cells is left out */
		return;
	for (int k = 0; k < pairs; k++) {
		char buf[24];
		tok_copy(buf, sizeof buf, &r->lat[k]);
		input_parse_latency(buf, &tr->run.phase[col[slot[k]]].latency_ns);
	}
}

static void io_part(struct table_run *tr, const struct row *r)
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

static void file_part(struct table_run *tr, const struct row *r, const struct table *tb)
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
			if (phase_facts_of((enum phase_id)i)->block == BLOCK_FILES && tr->run.phase[i].state == CELL_VALUE)
				tr->run.phase[i].state = CELL_UNKNOWN;
}

/* The longer of the names when one starts the other (tables cut names). */
static void pick_name(struct table_run *tr)
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

int input_table_add(struct table_set *ts, const struct table_run *tr)
{
	if (ts->count == ts->cap) {
		size_t cap = ts->cap ? 2 * ts->cap : 8;
		struct table_run *r = realloc(ts->run, cap * sizeof *r);
		if (r == NULL)
			return -1;
		ts->run = r;
		ts->cap = cap;
	}
	ts->run[ts->count++] = *tr;
	return 0;
}

/* The table's runs: its I/O and file rows paired in order (bon_csv2txt
 * prints every machine's I/O row, then every machine's file row). */
static int table_runs(struct table_set *ts, const struct table *tb, const char *name)
{
	int n = tb->nio > tb->nfile ? tb->nio : tb->nfile;

	for (int i = 0; i < n; i++) {
		struct table_run tr;
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
		snprintf(tr.run.origin, sizeof tr.run.origin, "%s:%u (table)", name, tr.line);
		if (has_results(&tr.run) && input_table_add(ts, &tr) != 0)
			return -1;
	}
	return 0;
}

/* "------Sequential" opens a table that has no Version line. */
static bool opens_section(const struct tok *t)
{
	size_t i = 0;

	while (i < t->n && t->p[i] == '-')
		i++;
	return t->n - i >= 10 && memcmp(t->p + i, "Sequential", 10) == 0;
}

int input_tables(struct table_set *ts, const char *name, const char *text, size_t len)
{
	struct table *tb = malloc(sizeof *tb);
	struct tcur c;
	struct tok t;
	int rc = 0;

	if (tb == NULL)
		return -1;
	tcur_init(&c, text, len);
	while (rc == 0 && tok_peek(&c, &t)) {
		if (tok_is(&t, "Version") || opens_section(&t) || tok_is(&t, "-Per")) {
			struct tcur at = c;
			if (parse_table(&at, tb)) {
				/* an I/O header whose row is not readable, then file rows:
				 * a files-only run of it would be a wrong one */
				if (tb->io_head && tb->nio == 0 && tb->nfile > 0) {
					ts->damaged_line = ts->damaged++ ? ts->damaged_line : t.line;
				} else
					rc = table_runs(ts, tb, name);
				c = at;
				continue;
			}
		}
		tok_next(&c, &t);
	}
	free(tb);
	return rc;
}

void input_tables_free(struct table_set *ts)
{
	free(ts->run);
	memset(ts, 0, sizeof *ts);
}
