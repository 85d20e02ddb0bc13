/* input_parse_piece: every result in one piece of the input (read_stream.c
 * cuts them). A quoted-printable piece is decoded first (origins and
 * warnings still name the lines of the file as given); then its CSV lines
 * (csv_find.c) and its tables (text_table.c) are read (from each side of a
 * diff, diff.c), and join.c makes one run of each result. */
#include "text_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appends s[0..n) to buf (cap bytes), keeping it NUL-terminated. */
static void append(char *buf, size_t cap, size_t *used, const char *s, size_t n)
{
	if (*used + 1 >= cap)
		return;
	if (n > cap - 1 - *used)
		n = cap - 1 - *used;
	memcpy(buf + *used, s, n);
	*used += n;
	buf[*used] = '\0';
}

/* Where a piece's line numbers go: through the decoded text's map (when
 * decoded) and down the file by the lines before the piece. */
struct line_map {
	const unsigned *map;
	size_t nlines;
	unsigned base; /* lines of the file before the piece */
};

/* "name:L..." with L, a line of the piece (decoded), made the file's. */
static void remap_piece(char *buf, size_t cap, size_t *used, const char *p, size_t n, const char *name,
                        const struct line_map *m)
{
	size_t nl = strlen(name);
	char num[16], *end;
	unsigned long l;

	if (n <= nl || strncmp(p, name, nl) != 0 || p[nl] != ':') {
		append(buf, cap, used, p, n);
		return;
	}
	l = strtoul(p + nl + 1, &end, 10);
	snprintf(num, sizeof num, "%u", (m->map && l >= 1 && l <= m->nlines ? m->map[l - 1] : (unsigned)l) + m->base);
	append(buf, cap, used, p, nl + 1);
	append(buf, cap, used, num, strlen(num));
	append(buf, cap, used, end, (size_t)(p + n - end));
}

static void remap_origin(char *origin, const char *name, const struct line_map *m)
{
	char out[PARSED_ORIGIN_LEN] = "";
	size_t used = 0;

	for (const char *p = origin;;) {
		const char *next = strstr(p, " + ");
		size_t n = next ? (size_t)(next - p) : strlen(p);
		remap_piece(out, sizeof out, &used, p, n, name, m);
		if (next == NULL)
			break;
		append(out, sizeof out, &used, " + ", 3);
		p = next + 3;
	}
	memcpy(origin, out, sizeof out);
}

static void remap(struct parsed_set *set, size_t first, size_t wfirst, const char *name, const struct line_map *m)
{
	for (size_t i = first; i < set->count; i++)
		remap_origin(set->run[i].origin, name, m);
	for (size_t w = wfirst; w < set->nwarn; w++) {
		if (strlen(set->warning[w]) <= strlen(name))
			continue;
		size_t cap = strlen(set->warning[w]) + 16, used = 0;
		char *s = malloc(cap);
		if (s == NULL)
			continue; /* left with the decoded text's line */
		s[0] = '\0';
		const char *colon = strchr(set->warning[w] + strlen(name) + 1, ':');
		size_t head = colon ? (size_t)(colon - set->warning[w]) : 0;
		remap_piece(s, cap, &used, set->warning[w], head, name, m);
		append(s, cap, &used, set->warning[w] + head, strlen(set->warning[w] + head));
		free(set->warning[w]);
		set->warning[w] = s;
	}
}

/* The piece's warnings, held while its line numbers were fixed, go out
 * to the caller's on_warning now. */
static void hand_out(struct parsed_set *set, size_t wfirst, void (*cb)(const char *, void *))
{
	if (cb == NULL)
		return;
	for (size_t w = wfirst; w < set->nwarn; w++) {
		cb(set->warning[w], set->warning_arg);
		free(set->warning[w]);
	}
	set->nwarn = wfirst;
}

/* The CSV lines and tables of text, or of each side of it when it is a
 * diff (identical results of the two sides are joined later). */
static int read_sides(struct parsed_set *set, struct text_table_set *ts, const char *name, const char *text,
                      size_t len)
{
	int rc = 0;

	if (!input_diff_detect(text, len)) {
		rc = input_csv_find(set, name, text, len);
		return rc == 0 ? input_tables(ts, name, text, len) : rc;
	}
	for (const char *sign = "-+"; *sign && rc == 0; sign++) {
		size_t n;
		char *side = input_diff_side(text, len, *sign, &n);
		if (side == NULL)
			return -1;
		rc = input_csv_find(set, name, side, n);
		if (rc == 0)
			rc = input_tables(ts, name, side, n);
		free(side);
	}
	return rc;
}

/* HTML table markup read as its cells (cells.c), after quoted-printable:
 * the text, its map and its line count become the decoded ones, the map
 * through the one before. Returns 0 or -1 (memory). */
static int decode_cells(const char **text, size_t *len, char **decoded, unsigned **map, size_t *nlines)
{
	char *cells;
	unsigned *cmap;
	size_t n, clines;

	if (!input_cells_detect(*text, *len))
		return 0;
	if (input_cells_decode(*text, *len, &cells, &n, &cmap, &clines) != 0)
		return -1;
	for (size_t i = 0; *map && i < clines; i++)
		cmap[i] = cmap[i] >= 1 && cmap[i] <= *nlines ? (*map)[cmap[i] - 1] : cmap[i];
	free(*decoded);
	free(*map);
	*decoded = cells;
	*map = cmap;
	*nlines = clines;
	*text = cells;
	*len = n;
	return 0;
}

int input_parse_piece(struct parsed_set *set, const char *name, const char *text, size_t len,
                      unsigned first_line, bool *qp)
{
	size_t first = set->count, wfirst = set->nwarn, nlines = 0;
	void (*cb)(const char *, void *) = set->on_warning;
	struct text_table_set ts = {0};
	char *decoded = NULL;
	unsigned *map = NULL;
	int rc;

	set->on_warning = NULL; /* held until their lines are the file's */
	bool flat = false;
	if (input_qp_detect(text, len, &flat) || *qp) {
		*qp = true;
		if (input_qp_decode(text, len, flat, &decoded, &len, &map, &nlines) != 0) {
			set->on_warning = cb;
			return -1;
		}
		text = decoded;
	}
	if (decode_cells(&text, &len, &decoded, &map, &nlines) != 0) {
		free(decoded);
		free(map);
		set->on_warning = cb;
		return -1;
	}
	rc = read_sides(set, &ts, name, text, len);
	if (rc == 0)
		rc = input_html_copies(set, &ts, name, text, len);
	if (rc == 0) /* the queue-depth tools' texts: CrystalDiskMark, KDiskMark, fio */
		rc = input_diskmark(set, name, text, len);
	if (rc == 0)
		rc = input_diskmark_grid(set, name, text, len);
	if (rc == 0)
		rc = input_fio_text(set, name, text, len);
	if (rc == 0 && ts.damaged &&
	    input_warn(set, name, ts.damaged_line, "table skipped: its I/O row is not readable%s",
	               ts.damaged > 1 ? " (and more tables like it)" : "") != 0)
		rc = -1;
	for (unsigned i = 0; rc == 0 && i < ts.bad_rows && i < sizeof ts.bad_row_line / sizeof ts.bad_row_line[0]; i++)
		if (input_warn(set, name, ts.bad_row_line[i], "table row skipped: not readable as a bonnie++ row "
		               "(its name, size or cells); the table's other rows are read") != 0)
			rc = -1;
	if (rc == 0)
		rc = input_join(set, first, &ts, name);
	if (map || first_line > 1) {
		struct line_map m = {map, nlines, first_line - 1};
		remap(set, first, wfirst, name, &m);
	}
	set->on_warning = cb;
	hand_out(set, wfirst, cb);
	input_tables_free(&ts);
	free(decoded);
	free(map);
	return rc;
}
