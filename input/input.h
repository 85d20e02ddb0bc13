/* Results read back from text: bonnie++ CSV lines of every version, the
 * human tables of every version and bonnie's JSON documents, found wherever
 * they stand in pasted text (also quoted-printable mail). A pure function of
 * its input (read through a callback), so it is fuzzed and golden-tested. */
#ifndef BONNIE_INPUT_H
#define BONNIE_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../phases/interface/phase_list.h"

/* Room for every confidence reason name of a phase, blank-separated. */
#define PARSED_REASONS_LEN 96

/* What a pasted cell says about a phase. */
enum cell_state {
	CELL_NOT_RUN = 0,  /* empty field: the phase was not run */
	CELL_VALUE,        /* a measured rate */
	CELL_TOO_FAST,     /* "+++++": too fast for bonnie++ to measure; no number */
	CELL_FAILED,       /* bonnie JSON: failed or interrupted */
	CELL_UNKNOWN,      /* a table that shows no usable rate (bonnie++ 2.00's
	                      tables print the file count for file-test rates) */
};

struct parsed_phase {
	enum cell_state state;
	double rate;        /* KiB/s (I/O phases), seeks/s or files/s */
	int cpu;            /* percent; -1 unknown ("+++" or absent) */
	int64_t latency_ns; /* maximum latency; -1 unknown or not printed */
	bool low_confidence; /* bonnie JSON: ran under 0.5 s */
	/* Why the figure is doubtful, as bonnie's JSON names the reasons
	 * (confidence.reasons: "short cached", blank-separated; report/
	 * confidence.c owns the names, marks and words), and whether the input
	 * says at all: only bonnie's JSON does; a CSV line carries no marks,
	 * and a table's are not read, so there they are unknown, not none. */
	char reasons[PARSED_REASONS_LEN];
	bool reasons_known;
	/* bonnie JSON only (0 elsewhere: unknown): the operations timed, the
	 * phase's elapsed time and its latency percentiles, so a percentile is
	 * weighed by the operations and time behind it. */
	uint64_t operations, elapsed_ns;
	int64_t p50_ns, p99_ns;
	/* the mean latency, ns, where the input prints one (CrystalDiskMark's
	 * "< 1225.31 us>", fio's "lat (usec): ... avg=" and its terse lines,
	 * bonnie's JSON latency_ns.mean); 0 unknown */
	int64_t mean_ns;
	/* bonnie JSON only: how the phase did its I/O (its direct_io), which
	 * can differ from the run's -D (the queue-depth profile is O_DIRECT) */
	enum parsed_io { PARSED_IO_UNKNOWN, PARSED_IO_BUFFERED, PARSED_IO_DIRECT } io;
	/* which of the figures above the input states (enum read_known's
	 * stated bits, run_read.h): what it does not state is unknown */
	uint32_t known;
};

/* The run's settings as 1.98 CSV fields (2..8, 21..25), already converted
 * to 1.98 notation, so any run can be written back as a 1.98 line. */
enum parsed_meta {
	META_VERSION, META_NAME, META_CONCURRENCY, META_SEED, META_SIZE, META_CHUNK,
	META_SEEKS, META_SEEK_PROCS, META_NUM_FILES, META_MAX_SIZE, META_MIN_SIZE,
	META_NUM_DIRS, META_FILE_CHUNK, META_COUNT
};

/* The largest rate read (KiB/s, seeks/s or files/s): twelve digits, past
 * any device and as wide as compare's table cells have room for. A larger
 * one is warned about and left out, as if the phase had not run. */
#define INPUT_MAX_RATE 1e12

#define PARSED_META_LEN 64
#define PARSED_ORIGIN_LEN 320
#define PARSED_SETTINGS_LEN 1024

/* A queue-depth row a disk-benchmark text has that is none of bonnie's
 * (CrystalDiskMark's 4 KiB Q8T8 and 128 KiB sequential rows, KDiskMark's
 * RND4K Q32T16, a mixed row, a fio job of another shape): kept as a row
 * of its own, named as bonnie names its profile's rows. */
#define PARSED_OTHER_ROWS 12
struct parsed_row {
	char name[32]; /* "rnd4k_q32t16_read", "seq128k_q32t1_write" */
	double rate;   /* KiB/s */
};

struct parsed_run {
	char format[8];                 /* "1.98", "1.97", "1.96", "1.0x", "json", "table"; "tool": a
	                                   disk benchmark's text (CrystalDiskMark, KDiskMark, fio) */
	/* "file:line" where it starts; a table's is "file:line (table)"; a run
	 * found more than once (its table and its CSV line, a quoted repost)
	 * lists every place: "file:3 (table) + file:14" */
	char origin[PARSED_ORIGIN_LEN];
	uint64_t size_bytes;            /* data file size; 0 when not given */
	/* bonnie JSON only ("" elsewhere: the input cannot say): the I/O mode
	 * ("buffered", "O_DIRECT"; the profile's added where it differs), the file system ("ext4 on /dev/vda1") and
	 * the device's name ("vda1"). */
	char io_mode[32]; /* "buffered, profile O_DIRECT": the queue-depth profile's own mode */
	char file_system[PARSED_META_LEN];
	char device[PARSED_META_LEN];
	char meta[META_COUNT][PARSED_META_LEN];
	/* bonnie JSON only (0 elsewhere): the queue-depth profile's file size
	 * (config.qd_file_size_bytes), its setup where -s is not used */
	uint64_t qd_size_bytes;
	/* bonnie JSON only ("" elsewhere): the run's settings as options
	 * ("like_options", report/model/like_options.h), which bonnie --like takes */
	char settings[PARSED_SETTINGS_LEN];
	struct parsed_phase phase[PHASE_COUNT];
	struct parsed_row other[PARSED_OTHER_ROWS];
	int nother;
	/* bonnie JSON only (NULL elsewhere): the run as a measured run's model
	 * (input/run_read.h), owned by the set (input_free frees it); what
	 * the fields above hold is what the document states, as given */
	struct run_read *result;
};

struct parsed_set {
	struct parsed_run *run;
	size_t count, cap;
	char **warning;    /* "file:line: why", one per rejected candidate */
	size_t nwarn, warncap;
	/* When set, each warning goes here as it is found (sanitized, for a
	 * terminal) instead of into warning[], which then stays empty. */
	void (*on_warning)(const char *msg, void *arg);
	void *warning_arg;
};

/* Where input_read gets its text: up to cap bytes into buf. Returns how
 * many (0 at the end), or -1 on an error with errno set. */
typedef long (*input_source)(void *ctx, char *buf, size_t cap);

/* Lines longer than this are warned about and not searched; a JSON
 * document longer than INPUT_MAX_JSON is warned about and skipped. */
#define INPUT_MAX_LINE (1u << 20)
#define INPUT_MAX_JSON (64u << 20)

/* The text is read as a stream in pieces (read_stream.c): runs of lines of at
 * least INPUT_CHUNK_MIN bytes, cut at a blank line (or at a line once they
 * reach INPUT_CHUNK_MAX), each read whole for CSV lines, tables and
 * quoted-printable mail. A table and its CSV line, or a repost, in two
 * pieces are two runs; an input under INPUT_CHUNK_MIN is one piece. */
#define INPUT_CHUNK_MIN (1u << 20)
#define INPUT_CHUNK_MAX (4u << 20)

/* Finds every result in the text src gives and appends them to set, in
 * order; name is the file name used in origins and warnings. A
 * quoted-printable text is decoded first. A table and a CSV line of the
 * same run, and identical results posted twice, are one run (within one
 * piece, INPUT_CHUNK_MIN). Rejected candidates add one warning each and do
 * not stop the scan. The text is read as it is scanned: what is held is
 * the runs found, the piece being read (at most INPUT_CHUNK_MAX and a
 * line) or one JSON document, so memory does not grow with the input.
 * Returns 0; -1 when memory ran out or -2 when src failed (errno set);
 * set holds what was found before. */
int input_read(struct parsed_set *set, const char *name, input_source src, void *ctx);

/* An input_source reading the FILE * ctx (a read error is -1, errno set). */
long input_from_stdio(void *ctx, char *buf, size_t cap);

/* Reads everything src gives into *text, NUL-terminated, *len bytes
 * before the NUL (the caller frees *text). Returns 0; -1 when memory ran
 * out or -2 when src failed (errno set), and then *text is NULL: a
 * failure is never a part of the input. */
int input_read_all(input_source src, void *ctx, char **text, size_t *len);

/* input_read over text[0..len) (need not be NUL-terminated). Returns 0,
 * or -1 when memory ran out. */
int input_parse(struct parsed_set *set, const char *name, const char *text, size_t len);

/* Frees what input_read allocated (each run's result too) and empties
 * set (on_warning too). */
void input_free(struct parsed_set *set);

/* Latency text as bonnie++ versions write it ("598us", "28ms", "12s",
 * "1.5 ms", "300ns") in ns. Returns 0, or -1 if it is not one. */
int input_parse_latency(const char *s, int64_t *ns);

#endif
