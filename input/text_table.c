/* input_tables: the human tables of every bonnie++ version read back from
 * pasted text: 1.02/1.03 ("Machine Size K/sec %CP"), 1.9x (Latency rows,
 * Concurrency), 1.98/2.00a ("Name:Size etc", rates with k/m/g), the
 * several-machines tables of bon_csv2txt, -f blanks, +++++, a
 * files:max:min/dirs label, names the table cut short; whole, with blanks
 * collapsed, glued onto one line or wrapped (text_table_tok.c reads them
 * all as one token stream). A row's cells are told apart by their count:
 * all six, or the four a -f run has (no per-char phases). */
#include "text_table.h"
#include "bonnie_heads.h"
#include "../lib/str.h"
#include "../lib/units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text_table_rows.h"

static const char *const rates_k = "K/sec%CPK/sec%CPK/sec%CPK/sec%CPK/sec%CP/sec%CP";
static const char *const rates_s = "/sec%CP/sec%CP/sec%CP/sec%CP/sec%CP/sec%CP";
static const char *const rates_k5 = "K/sec%CPK/sec%CPK/sec%CPK/sec%CPK/sec%CP";

/* A heading of bonnie++'s (bonnie_heads.h) spelled at c: its letters, as
 * tok_spell reads them, the dashes and blanks between them aside. */
static bool heading_spelled(struct tcur *c, const char *heading)
{
	char want[sizeof BONNIE_IO_HEADS];
	size_t n = 0;

	for (const char *h = heading; *h && n + 1 < sizeof want; h++)
		if (*h != '-' && *h != ' ')
			want[n++] = *h;
	want[n] = '\0';
	return tok_spell(c, want);
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
static bool io_units(struct tcur *c, struct text_table *tb)
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
static bool io_header(struct tcur *c, struct text_table *tb)
{
	struct tcur start = *c, save;
	struct tok t, n;

	heading_spelled(c, BONNIE_IO_GROUPS);
	save = *c;
	if (tok_next(c, &t) && tok_is(&t, "Concurrency") && tok_next(c, &n) && tok_files_like(&n) && n.n < 8)
		tok_copy(tb->concurrency, sizeof tb->concurrency, &n);
	else
		*c = save;
	if ((heading_spelled(c, BONNIE_IO_HEADS) || (tb->no_seeks = heading_spelled(c, BONNIE_IO_HEADS_NO_SEEKS))) &&
	    io_units(c, tb))
		return true;
	*c = start;
	tb->no_seeks = false;
	return false;
}

static bool file_header(struct tcur *c, struct text_table *tb)
{
	struct tcur start = *c;
	struct tok n;

	if (!heading_spelled(c, BONNIE_FILE_GROUPS))
		return false;
	if (!heading_spelled(c, BONNIE_FILE_HEADS)) { /* the machine name, 1.9x on */
		if (!tok_next(c, &n) || structural(&n) || !heading_spelled(c, BONNIE_FILE_HEADS))
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
	while (n < 6 && tok_peek(c, &t)) {
		struct tok k = tok_clean(t); /* "151ms</p>": the page's markup is no part of it */
		if (!tok_latency_like(&k))
			break;
		tok_next(c, &t);
		lat[n++] = k;
	}
	return n;
}

/* The rows bonnie's own table prints under Latency, which bonnie++'s has
 * not (report/text/table.c's detail_rows): the percentiles, the durability
 * split, the share read from the device, a client run's spread. */
static const char *const detail_labels[] = {
	"p99.9", "p99", "median", "Before sync /sec", "Sync time", "From device", "ARC hits", "Slowest client",
	"Fastest client", "Start skew",
};
#define NDETAIL (sizeof detail_labels / sizeof detail_labels[0])

/* Consumes the blank-separated words of label at c; false (c left alone)
 * when they are not there. */
static bool words_at(struct tcur *c, const char *label)
{
	struct tcur save = *c;
	struct tok t;

	for (const char *w = label; *w;) {
		size_t n = strcspn(w, " ");
		if (!tok_next(c, &t) || t.n != n || memcmp(t.p, w, n) != 0) {
			*c = save;
			return false;
		}
		w += n + (w[n] == ' ');
	}
	return true;
}

/* Whether t starts a detail row or the table's structure: a detail row's
 * cells end there (a page flattened onto one line has no line ends). */
static bool row_start(const struct tok *t)
{
	for (size_t i = 0; i < NDETAIL; i++)
		if (t->n == strcspn(detail_labels[i], " ") && memcmp(t->p, detail_labels[i], t->n) == 0)
			return true;
	return structural(t);
}

/* Passes bonnie's detail rows at c, each label and the cells on its line
 * (their figures are not in a table's model); true when there were any:
 * the table is bonnie's own, which marks every reason it has against a
 * figure (input/text_table_runs.c then knows a cell without a mark has none). */
static bool pass_detail_rows(struct tcur *c)
{
	bool any = false, again = true;
	struct tok t;

	while (again && tok_peek(c, &t)) {
		unsigned line = t.line;
		again = false;
		for (size_t i = 0; i < NDETAIL && !again; i++)
			again = words_at(c, detail_labels[i]);
		for (int k = 0; again && k < BLOCK_COLUMNS && tok_peek(c, &t) && t.line == line && !row_start(&t); k++)
			tok_next(c, &t);
		any = any || again;
	}
	return any;
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
	r->bonnie_rows = pass_detail_rows(c);
	return true;
no:
	*c = save;
	return false;
}

/* A row of a repeated run under the row above it, its name and size (or
 * file count) cells left blank: its cells alone, all on one line and the
 * line's last tokens (or, on a page that lost its line breaks, followed by
 * a table word: its Latency row), take the name and key of the row above;
 * it says which row that is. A cut or wrapped such row is not read
 * (nothing in it says where its cells begin). */
static bool read_continued(struct tcur *c, struct row *r, const struct row *above, bool io, bool no_seeks)
{
	struct tcur save = *c;
	struct tok t, after;
	int full = no_seeks ? CELLS - 2 : CELLS;

	if (above == NULL || above->bad || !tok_peek(c, &t) || structural(&t))
		return false;
	struct tok first = tok_clean(t);
	if (!tok_rate_like(&first) || (io && tok_size_like(&first)))
		return false;
	memset(r, 0, sizeof *r);
	r->line = t.line;
	r->ncells = tok_cells(c, r->cell, full);
	if (io && above->ncells == 8 && r->ncells == 8) /* -f rows under a -f row */
		full = 8;
	bool ends = !tok_peek(c, &after) || after.line != r->line || structural(&after);
	if (r->ncells != full || r->cell[full - 1].line != r->line || !ends)
		goto no;
	memcpy(r->name, above->name, sizeof r->name);
	r->key = above->key;
	r->from_line = above->from_line ? above->from_line : above->line;
	r->nlat = read_latency(c, r->lat);
	r->bonnie_rows = pass_detail_rows(c);
	return true;
no:
	*c = save;
	return false;
}

/* A row of the table: its own, or one left blank under the row above. A
 * file row whose first cell is not the count above is tried as the latter
 * first (a count of its own would be read from its first rate). */
static bool read_any_row(struct tcur *c, struct row *r, const struct row *above, bool io, bool no_seeks)
{
	struct tok t;

	if (!io && above && tok_peek(c, &t) &&
	    !(t.n == above->key.n && memcmp(t.p, above->key.p, t.n) == 0) && read_continued(c, r, above, io, no_seeks))
		return true;
	return read_row(c, r, io, no_seeks) || read_continued(c, r, above, io, no_seeks);
}

/* Moves c past an I/O row that is not readable to the file header that
 * follows it (within a row's tokens), if one does. */
static void skip_bad_row(struct tcur *c, struct text_table *tb)
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

/* On a page that lost its line breaks an unreadable row and the rows after
 * it are one line: moves c token by token past the row (a row's worth of
 * tokens at most, six rates among them, no table word) to where a readable
 * row starts with no cell of the one passed over in its name. */
static bool next_row_on_line(struct tcur *c, const struct text_table *tb, unsigned line)
{
	struct tok t, next;
	struct row probe;
	int rates = 0;

	for (int k = 0; k < 2 * CELLS + 8 && tok_next(c, &t); k++) {
		struct tok cell = tok_clean(t);
		if (t.line != line || structural(&t))
			return false;
		rates += tok_rate_like(&cell);
		if (rates < 6 || !tok_peek(c, &next))
			continue;
		struct tok first = tok_clean(next);
		struct tcur at = *c;
		if (!tok_rate_like(&first) && !tok_cpu_like(&first) && read_row(&at, &probe, true, tb->no_seeks))
			return true;
	}
	return false;
}

/* An I/O row that cannot be read, followed by one that can: passed over
 * as a hole in the table (its runs then read on, and the reader says where
 * it was), not the table's end. */
static bool pass_bad_row(struct tcur *c, struct text_table *tb)
{
	struct tcur save = *c, at;
	struct row *r = &tb->io[tb->nio];
	unsigned line;

	if (!tok_skip_row_line(c, &line))
		return false;
	at = *c;
	if (!read_row(&at, r, true, tb->no_seeks)) {
		*c = save;
		if (!next_row_on_line(c, tb, line)) {
			*c = save;
			return false;
		}
	}
	memset(r, 0, sizeof *r);
	r->bad = true;
	r->line = line;
	return true;
}

static bool parse_table(struct tcur *c, struct text_table *tb)
{
	struct tcur save;

	memset(tb, 0, sizeof *tb);
	read_version(c, tb->version, sizeof tb->version);
	if ((tb->io_head = io_header(c, tb)))
		while (tb->nio < MAX_ROWS &&
		       (read_any_row(c, &tb->io[tb->nio], tb->nio ? &tb->io[tb->nio - 1] : NULL, true, tb->no_seeks) ||
		        pass_bad_row(c, tb)))
			tb->nio++;
	if (tb->io_head && tb->nio == 0)
		skip_bad_row(c, tb);
	save = *c;
	read_version(c, tb->version, sizeof tb->version);
	if (file_header(c, tb))
		while (tb->nfile < MAX_ROWS &&
		       read_any_row(c, &tb->file[tb->nfile], tb->nfile ? &tb->file[tb->nfile - 1] : NULL, false, false))
			tb->nfile++;
	if (tb->nfile == 0)
		*c = save;
	return tb->nio > 0 || tb->nfile > 0;
}


/* "------Sequential" opens a table that has no Version line. */
static bool opens_section(const struct tok *t)
{
	size_t i = 0;

	while (i < t->n && t->p[i] == '-')
		i++;
	return t->n - i >= 10 && memcmp(t->p + i, "Sequential", 10) == 0;
}

int input_tables(struct text_table_set *ts, const char *name, const char *text, size_t len)
{
	struct text_table *tb = malloc(sizeof *tb);
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

void input_tables_free(struct text_table_set *ts)
{
	free(ts->run);
	memset(ts, 0, sizeof *ts);
}
