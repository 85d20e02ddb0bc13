/* Shared between the input/ files: the CSV decoder (layouts: csv_layout.h), the JSON
 * reader, and the result/warning collector. Not for use outside input/. */
#ifndef BONNIE_INPUT_INTERNAL_H
#define BONNIE_INPUT_INTERNAL_H

#include "csv_layout.h"
#include "input.h"
#include "run_read.h"

/* Whether the input states a figure of p: bit (enum read_known) of its
 * known, set where the reader sets the figure, cleared where it unsets it. */
static inline void input_stated(struct parsed_phase *p, uint32_t bit, bool stated)
{
	p->known = stated ? p->known | bit : p->known & ~bit;
}

struct jt; /* json_tree.h: a parsed JSON document */
struct json_run; /* json_run.h: a bonnie --json run, mapped */

/* What a decoded line had to leave out: rates too large to show
 * (INPUT_MAX_RATE), the first of them in words. */
struct csv_note {
	int cut;        /* how many */
	char text[160]; /* "field 11 (block write rate) is '...': too large ..." */
};

/* Decodes fields f[0..n) (NUL-terminated strings) laid out as l into
 * run (origin left alone). Returns 0 (note says what was left out), or -1
 * with why (cap bytes) naming the first field that is not what the layout
 * says. */
int input_csv_decode(const struct csv_layout *l, char **f, int n, struct parsed_run *run, char *why,
                     size_t cap, struct csv_note *note);

/* A line of layout l at p (len bytes to the end of its line) whose machine
 * name has blanks, as bonnie++ and bonnie write one ("1.98,2.00a,web
 * server,..."): the length of the line, when it has l's number of fields
 * and no blank outside the name; else cut, where a blank cut it. */
size_t input_csv_named_len(const struct csv_layout *l, const char *p, size_t len, size_t cut);

/* Takes off the markup and quotes a page glued to a line's ends
 * ("11964us</code>", "38[/COLOR]", "<code>name,", "#tb6,..."): no field
 * holds them. Moves *text and shortens *length. */
void input_strip_markup(const char **text, size_t *length);

/* Empties run (no phase run, every latency and %CPU unknown), keeping its
 * origin. */
void input_run_clear(struct parsed_run *run);

/* A file count as bonnie++ writes it ("16", "16:100000:16/64") into the
 * run's num_files, max, min and dirs. Returns 0, or -1 if it is not one. */
int input_files_meta(const char *v, struct parsed_run *run);

/* Reads a JSON document starting at text[0] ('{'): bonnie's or fio's.
 * Appends its runs to set with origin "name:line" (line numbers from
 * first_line). Returns the bytes consumed (> 0), 0 when it is JSON but
 * neither's, or -1 with
 * why when it does not parse. *seen is set to how far the parser read, so
 * the objects inside are not tried again as documents of their own. */
long input_json_doc(struct parsed_set *set, const char *name, unsigned first_line, const char *text,
                    size_t len, size_t *seen, char *why, size_t cap);
/* input_json_doc's answer when memory ran out reading a document that
 * parsed (fio's). */
#define INPUT_JSON_NO_MEMORY (-2)

/* json_parsed_setup.c: a JSON number as a count (0 when it is not one). */
uint64_t input_json_u64(const char *v);
/* The document's setup facts (like_options, config.qd_file_size_bytes,
 * config.direct_io, environment.file_system.type/source,
 * environment.device.name) onto t's settings, qd_size_bytes, io_mode,
 * file_system, device. */
void input_json_setup(struct parsed_run *t, const struct json_run *jr);
/* Adds the queue-depth profile's I/O mode to run->io_mode where its
 * phases ran otherwise than the run's -D (a profile-only run: its mode). */
void input_json_profile_mode(struct parsed_run *run);
/* A phase's key (and .sub, NULL for none) when it is operations,
 * elapsed_ns or latency_ns.p50/.p99, onto ph. */
void input_json_phase_measures(struct parsed_phase *ph, const char *key, const char *sub, const char *v);
/* Whether a done phase's figure has nothing behind it: a rate of 0 over a
 * timed region in which no operation was timed. */
bool input_json_nothing_timed(const struct parsed_phase *ph);

/* csv_find.c: the CSV lines in text, appended to set in order
 * (read_stream.c finds the JSON documents; read_piece.c does the rest:
 * mail encoding, tables, joining, join.c). */
int input_csv_find(struct parsed_set *set, const char *name, const char *text, size_t len);

/* csv_shape.c: a token of n fields that is no good line but looks like a
 * bonnie++ line in an unknown layout, or like a damaged line of l (1.0x). */
bool input_csv_unknown_version(const char *p, size_t len, int n);
bool input_csv_near_miss(const struct csv_layout *l, const char *p, size_t len, int n);
/* whether field i of the line at p (len bytes) starts with a digit */
bool input_csv_field_is_number(const char *p, size_t len, int i);
/* fields f[0..n) of an l line: n, or l's count for a 1.96 -s 0 line one short */
int input_csv_short_196(const struct csv_layout *l, char **f, int n);

/* read_piece.c: every result in one piece of the input, text[0..len), whose
 * first line is line first_line of the file; *qp says the file is
 * quoted-printable (set once a piece shows it). Warnings go out as
 * input_warn's do, with the file's line numbers. Returns 0 or -1 (memory). */
int input_parse_piece(struct parsed_set *set, const char *name, const char *text, size_t len,
                      unsigned first_line, bool *qp);

/* quoted_printable.c: whether text is quoted-printable (its header says so, or it has
 * soft line breaks and no '=' that is not an escape; *flat when the header
 * stands after a blank, as in a page that lost its line breaks, where each
 * soft break is "= "), and the decoded text (malloc'ed, NUL-terminated)
 * with, for each of its lines, the line of the original it starts at
 * (line_map[0] is 1). Returns 0 or -1 (memory). */
bool input_qp_detect(const char *text, size_t len, bool *flat);
int input_qp_decode(const char *text, size_t len, bool flat, char **out, size_t *out_len, unsigned **line_map,
                    size_t *nlines);

/* cells.c: whether text holds HTML table rows with cells (<tr>, <td>),
 * and the text with each row made one line of its cells a tab apart, the
 * rest as given (malloc'ed, NUL-terminated), with for each of its lines
 * the line of text it comes from (line_map[0] is 1). Returns 0 or -1
 * (memory). */
bool input_cells_detect(const char *text, size_t len);
int input_cells_decode(const char *text, size_t len, char **out, size_t *out_len, unsigned **line_map,
                       size_t *nlines);
/* Whether the line at p is a bonnie++ text table's column-names line in a
 * page's cell ("<TD>... -Per Chr- --Block--", or a tab apart from other
 * cells), and whether one of the n lines from p is. */
bool input_table_in_cell(const char *p, const char *end);
bool input_table_in_cells_below(const char *p, const char *end, int n);

/* qd_rows.c: one row of a disk benchmark's result (its rate in KiB/s). */
enum qd_kind { QD_SEQ, QD_RND, QD_MIX_SEQ, QD_MIX_RND };
struct qd_row {
	enum qd_kind kind;
	uint32_t block; /* bytes */
	unsigned depth, threads;
	bool write;
	bool both; /* a mixed row's total of both directions (CrystalDiskMark's [Mix]) */
	double kib_s;
	/* the tool's latencies when it prints them (fio): its maximum and its
	 * p50, p99, in ns; 0 unknown. Kept where the row is a profile phase. */
	int64_t max_ns, p50_ns, p99_ns;
	int64_t mean_ns; /* the tool's mean latency (CrystalDiskMark's "< us>", fio's avg), 0 unknown */
	uint64_t ops; /* the operations they are of, 0 unknown */
};
/* Puts r into run: the profile's phase of its shape (one thread, bonnie's
 * block size, depth and direction) or a row of its own. Returns 0, 1 when
 * run has that row already (a new run starts there) or -1 when run has no
 * room for another row of its own. */
int input_qd_row(struct parsed_run *run, const struct qd_row *r);
/* fio_lat.c: a latency line of fio's normal output at p (its whole I/O's
 * max; its completion percentiles, p50 and p99, in the header's unit) into
 * l, the side of the result line above it. */
struct fio_lat {
	int64_t max_ns, p50_ns, p99_ns, mean_ns;
	int64_t pct_unit; /* ns per unit of the percentiles being read, 0 none */
};
void input_fio_lat(const char *text, const char *p, const char *e, struct fio_lat *l);
/* "issued rwts: total=R,W,..." at p: the reads and writes issued, into ops */
bool input_fio_issued(const char *p, const char *e, uint64_t ops[2]);
/* A terse line's latencies (version 3, in usec): each side's whole I/O
 * max and mean (lat), its completion p50 and p99 (clat percentiles). */
void input_fio_terse_lat(const char *p, const char *e, struct fio_lat lat[2]);
/* Whether run holds a row of the profile or one of its own. */
bool input_qd_has_rows(const struct parsed_run *run);

/* diskmark.c and fio_text.c: the results of CrystalDiskMark 5 to 8 and
 * KDiskMark text exports, and of fio's terse and normal output, in text
 * into set (origin "name:line (tool)"). Returns 0 or -1 (memory). */
int input_diskmark(struct parsed_set *set, const char *name, const char *text, size_t len);
/* diskmark_grid.c: CrystalDiskMark's rows retyped as a grid, read and write
 * side by side under a "Read Write" header, in the unit named before it. */
int input_diskmark_grid(struct parsed_set *set, const char *name, const char *text, size_t len);
int input_fio_text(struct parsed_set *set, const char *name, const char *text, size_t len);
/* fio_words.c: an amount with fio's units ("4096B", "42.7MiB", "2G") at
 * p (to e, or its end when e is NULL) in bytes, 0 when none; the same as a
 * whole size (0 below 1 byte); an rw= value as a row's kind for one
 * direction (false when rw does not do it). */
double input_fio_amount(const char *p, const char *e);
uint64_t input_fio_size(const char *p, const char *e);
bool input_fio_kind(const char *rw, bool write, enum qd_kind *kind);
/* fio_json.c: a parsed JSON document (json_parsed_run.c parsed it), its jobs as
 * runs (origin "name:line") when it is fio's. Returns 1 when it is fio's,
 * 0 when not, -1 when memory ran out. */
int input_fio_json(struct parsed_set *set, const char *name, unsigned line, const struct jt *t);
/* The same of fio's document text[0..len) (its whole length), found
 * inside fio's text output: len when it is fio's, 0 when not, -1 when
 * memory ran out. */
long input_fio_json_text(struct parsed_set *set, const char *name, unsigned line, const char *text, size_t len);

/* diff.c: whether text holds results posted as a diff (table rows marked
 * '-' and others marked '+'), and one side of it ('-' or '+'): its marked
 * lines and the context unmarked, the other side's lines left empty (so
 * line numbers stay). Returns the side (malloc'ed, NUL-terminated) or NULL
 * (memory). */
bool input_diff_detect(const char *text, size_t len);
char *input_diff_side(const char *text, size_t len, char sign, size_t *out_len);

/* parsed_set.c: appends a copy of run / a formatted warning. Return 0 or
 * -1 (memory). */
int input_add_run(struct parsed_set *set, const struct parsed_run *run);
int input_warn(struct parsed_set *set, const char *name, unsigned line, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

/* The bytes of the input being looked at (stream_window.c): buf[0..len)
 * read from src, the already scanned front dropped now and then. */
struct stream_window {
	input_source src;
	void *ctx;
	char *buf;
	size_t len, cap;
	bool eof;
	int read_errno; /* the source failed (then eof is set) */
};

/* Reads the next piece of the source onto the end. Returns 0 (eof set at
 * the end), or -1 when memory ran out. */
int stream_window_more(struct stream_window *w);

/* Drops buf[0..n): offsets into the window move down by n. */
void stream_window_drop(struct stream_window *w, size_t n);

enum { STREAM_LINE_OK, STREAM_LINE_END, STREAM_LINE_LONG, STREAM_LINE_NOMEM };

/* The offset after the line starting at pos (after its '\n', or the end
 * of the input), reading as needed. *status: STREAM_LINE_END when there
 * is no line at pos, _LONG (and what is there) when the line goes on past
 * max bytes, _NOMEM when memory ran out. */
size_t stream_window_line_end(struct stream_window *w, size_t pos, size_t max, int *status);

/* Skips to after the next '\n' from pos, reading as needed and keeping
 * nothing of the line. Returns the offset after it (or the end). */
size_t stream_window_skip_line(struct stream_window *w, size_t pos);

void stream_window_free(struct stream_window *w);

/* number_text.c: parses a non-negative decimal "12", "12.5" (no sign, no
 * blanks) of len bytes. Returns 0 or -1. */
int input_parse_decimal(const char *s, size_t len, double *out);

/* A rate as every reader takes one (a CSV field, a JSON value): a plain
 * decimal (input_parse_decimal: no sign, no exponent) into *out. Returns
 * 0, -1 when it is not one, or 1 when it is past INPUT_MAX_RATE. Either
 * failure leaves the phase out with a warning, never a rate of 0. */
int input_parse_rate(const char *s, double *out);

#endif
