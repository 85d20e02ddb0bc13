/* The human tables bonnie++ prints, read back: a token cursor over pasted
 * text (text_table_tok.c), the table reader (text_table.c) and the joining
 * of tables with the CSV lines of the same runs (join.c). Not for use
 * outside input/. */
#ifndef BONNIE_INPUT_TEXT_TABLE_H
#define BONNIE_INPUT_TEXT_TABLE_H

#include "internal.h"

/* Reads text token by token, blanks and line ends alike, so a table reads
 * the same whole, with runs of blanks collapsed, glued onto one line or
 * wrapped by a mailer. Mail quote marks (">", "> >", ">>") are skipped
 * wherever they stand (a flattened page has them inside its one line), and
 * so are tokens of markup alone ("**", "[/COLOR]", "<b>"). */
struct tcur {
	const char *text;
	size_t len, pos;
	unsigned line; /* of the next token */
};

struct tok {
	const char *p;
	size_t n;
	unsigned line;
};

void tcur_init(struct tcur *c, const char *text, size_t len);
bool tok_next(struct tcur *c, struct tok *t);
bool tok_peek(const struct tcur *c, struct tok *t);
bool tok_is(const struct tok *t, const char *word);

/* Consumes the tokens whose letters, digits and '%', '/', ':' spell want
 * exactly (dashes and token breaks anywhere are ignored: "-Delet" "e--"
 * spells "Delete"), ending at a token's end. Leaves c alone and returns
 * false when they do not. */
bool tok_spell(struct tcur *c, const char *want);

/* t without markup a page put around a cell ("**88826**", "<b>9</b>"). */
struct tok tok_clean(struct tok t);

/* Rate and %CPU pairs, up to max tokens, into cell (cleaned of markup);
 * the last %CPU cell may run into the text after it ("38server,2G,...":
 * a flattened page lost the blank), which is then read on from there.
 * Returns how many. */
int tok_cells(struct tcur *c, struct tok *cell, int max);

/* The marks bonnie's own table puts after a rate ("400m~", "127kc"): one,
 * the first reason of report/model/confidence.c's (~ # ! c ?); TABLE_MARK_NAMES
 * are their names there, in the same order (check_table_input holds the
 * two to it: input/ is below report/). */
#define TABLE_MARKS "~#!c?"
#define TABLE_MARK_NAMES {"short", "few_operations", "unstable", "cached", "not_evicted"}
/* 1 when t is a rate with a mark after it, else 0. */
size_t tok_rate_mark(const struct tok *t);

/* What a token can be in a table. */
bool tok_rate_like(const struct tok *t);    /* "535", "359.4", "312m", "+++++", "400m~" */
bool tok_cpu_like(const struct tok *t);     /* "99", "+++" */
bool tok_size_like(const struct tok *t);    /* "512M", "1G:32k", "64G:4k::65536" */
/* Where a size glued to a name after a closing mark starts ("Raid0 (8
 * disk)15744M": at "15744M"), or 0. */
size_t tok_glued_size(const struct tok *t);
/* Whether eight cells after key are a -f row, not a row cut short. */
bool tok_blank_cells(const struct tok *key, const struct tok *cell, int ncells);
bool tok_files_like(const struct tok *t);   /* "16", "60:32:32", "20:384100:384100/20" */
bool tok_latency_like(const struct tok *t); /* "598us", "13595ms", "12s" */
bool tok_skip_row_line(struct tcur *c, unsigned *line);
/* t's text into dst, cut to cap - 1 bytes. */
void tok_copy(char *dst, size_t cap, const struct tok *t);

/* One run read from a table, with what the table shows of it (to tell
 * whether a CSV line is the same run: tables round and cut names). */
struct text_table_run {
	struct parsed_run run;
	unsigned line;
	double step[PHASE_COUNT]; /* the table's rounding step of each rate shown */
	bool shows_io, shows_files, io_latency, file_latency;
	char io_name[PARSED_META_LEN], file_name[PARSED_META_LEN];
};

struct text_table_set {
	struct text_table_run *run;
	size_t count, cap;
	unsigned damaged, damaged_line; /* tables skipped: their I/O row is not readable; the first's line */
	unsigned bad_rows, bad_row_line[8]; /* I/O rows passed over in a table whose other rows were read */
};

/* Every table in text[0..len) into ts (origins "name:line (table)").
 * Returns 0 or -1 (memory). */
int input_tables(struct text_table_set *ts, const char *name, const char *text, size_t len);
void input_tables_free(struct text_table_set *ts);
/* Appends a copy of tr to ts; -1 when out of memory. */
int input_table_add(struct text_table_set *ts, const struct text_table_run *tr);

/* html_copy.c: the runs of every table copied from a bon_csv2html page
 * (cells a tab apart) into ts as tables, with one warning per page saying
 * what its units lost; one warning per copy that cannot be read, and per
 * text table pasted into a page's cells. Returns 0 or -1 (memory). */
int input_html_copies(struct parsed_set *set, struct text_table_set *ts, const char *name, const char *text,
                      size_t len);

/* Joins the runs set got from this text (set->run[first..]) with the tables
 * ts holds: a table and a CSV line of the same run become the CSV's run
 * listing both origins; the other tables become runs of their own; then
 * identical results are kept once, and the runs are put in text order.
 * Returns 0 or -1 (memory). */
int input_join(struct parsed_set *set, size_t first, const struct text_table_set *ts, const char *name);

/* The line an origin piece of file name starts at ("name:17 ..." -> 17). */
unsigned input_origin_line(const char *origin, const char *name);

#endif
