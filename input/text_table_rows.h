/* The rows of a human table as the reader holds them (text_table.c reads
 * them, text_table_runs.c makes runs of them). Not for use outside input/. */
#ifndef BONNIE_INPUT_TEXT_TABLE_ROWS_H
#define BONNIE_INPUT_TEXT_TABLE_ROWS_H

#include "text_table.h"

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
	unsigned from_line; /* a row under another that left its name and size (or file
	                       count) blank, as bon_csv2txt prints -x runs: that row's line */
	bool bad; /* not readable, passed over: a hole that keeps the rows' order */
	bool bonnie_rows; /* bonnie's own rows under it (p99, From device): its cells' marks are all there are */
};

struct text_table {
	char version[16], concurrency[8], file_name[PARSED_META_LEN];
	bool per_sec; /* "/sec" headers (1.98 on): I/O rates carry k, m or g */
	bool no_seeks; /* an I/O table cut before its Seeks column: ten cells */
	bool io_head;  /* the I/O header was read */
	struct row io[MAX_ROWS], file[MAX_ROWS];
	int nio, nfile;
};

/* The table's runs into ts, its unreadable I/O rows counted there. */
int table_runs(struct text_table_set *ts, const struct text_table *tb, const char *name);

#endif
