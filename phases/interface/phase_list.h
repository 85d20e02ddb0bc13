/* The pipeline, in bonnie++'s order, written once: every fact about a
 * phase is a column here or derived from one, so adding a phase is one row
 * plus its file. The enum's order is the order phases run in; nothing else
 * may read meaning into it (ask phase_facts_of() instead).
 *
 * Each X(ID, name, title, words, group, unit, sym, block, col, chart,
 * flags, needs, shape) expands into the phase enum, the fact table and the
 * descriptor declarations:
 *   name   the CSV/JSON key; title the progress text; words the one human
 *          phrase every page, table and message uses;
 *   group  the bonnie++ table group it stands in; unit what the rate counts
 *          (BYTES: KiB/s, SEEKS: seeks/s, FILES: files/s);
 *   sym    its descriptor, phase_<sym> (phase.h);
 *   block, col  where the text table shows it: bonnie++'s I/O block (IO),
 *          its file block (FILES), each six columns, the block of phases
 *          bonnie++ never had (OTHER), or the queue-depth profile's (QD); bonnie++'s CSV fields follow its
 *          table, so IO and FILES also place its CSV fields;
 *   chart  the HTML rate chart that draws it;
 *   flags  FACT_* below, 0 for none;
 *   needs  the phases a --phases choice of it brings along (NEED(ID) | ...);
 *   shape  a queue-depth phase's block size, depth and order
 *          (QD_SHAPE(SEQ or RND, depth)), NO_SHAPE for every other. */
#ifndef BONNIE_PHASE_LIST_H
#define BONNIE_PHASE_LIST_H

#include <stdbool.h>
#include <stdint.h>

#define NEED(id) (1u << PHASE_##id)

/* The queue-depth profile's block sizes and orders (KDiskMark's SEQ1M and
 * RND4K), for the shape column: QD_SHAPE(SEQ, 8) is 1 MiB blocks in order,
 * 8 in flight. */
#define QD_SEQ_BLOCK (1u << 20)
#define QD_RND_BLOCK 4096u
#define QD_SEQ_RANDOM false
#define QD_RND_RANDOM true
#define QD_SHAPE(order, depth) {QD_##order##_BLOCK, (depth), QD_##order##_RANDOM}
#define NO_SHAPE {0, 0, false}

#define PHASES(X)                                                                                                                    \
	X(PUTC, "putc", "Writing a byte at a time", "per-char write", SEQ_OUTPUT, BYTES, perchar_write, IO, 0,                       \
	  PERCHAR, FACT_WRITES | FACT_DATA_FILE | FACT_PERCHAR | FACT_BONNIE_CSV, 0, NO_SHAPE)                                       \
	X(PUT_BLOCK, "put_block", "Writing intelligently", "block write", SEQ_OUTPUT, BYTES, block_write, IO, 1,                     \
	  BLOCK, FACT_WRITES | FACT_SYNC_SPLIT | FACT_DATA_FILE | FACT_BONNIE_CSV | FACT_LOADS_SERVER, 0, NO_SHAPE)                  \
	X(REWRITE, "rewrite", "Rewriting", "rewrite", SEQ_OUTPUT, BYTES, rewrite, IO, 2, BLOCK,                                      \
	  FACT_WRITES | FACT_SYNC_SPLIT | FACT_READS_DATA | FACT_DATA_FILE | FACT_BONNIE_CSV | FACT_EVICT_BEFORE,                    \
	  NEED(PUT_BLOCK), NO_SHAPE)                                                                                                 \
	X(GETC, "getc", "Reading a byte at a time", "per-char read", SEQ_INPUT, BYTES, perchar_read, IO, 3, PERCHAR,                 \
	  FACT_READS_DATA | FACT_DATA_FILE | FACT_PERCHAR | FACT_BONNIE_CSV | FACT_EVICT_BEFORE, NEED(PUT_BLOCK), NO_SHAPE)          \
	X(GET_BLOCK, "get_block", "Reading intelligently", "block read", SEQ_INPUT, BYTES, block_read, IO, 4, BLOCK,                 \
	  FACT_READS_DATA | FACT_DATA_FILE | FACT_BONNIE_CSV | FACT_EVICT_BEFORE | FACT_LOADS_SERVER, NEED(PUT_BLOCK), NO_SHAPE)     \
	X(SEEKS, "seeks", "start 'em", "random seeks", SEEKS, SEEKS, seeks, IO, 5, SEEKS,                                            \
	  FACT_READS_DATA | FACT_DATA_FILE | FACT_BONNIE_CSV | FACT_NO_FALL_CAUSE | FACT_EVICT_BEFORE, NEED(PUT_BLOCK), NO_SHAPE)    \
	X(SEQ_CREATE, "seq_create", "Create files in sequential order", "sequential create", SEQ_CREATE, FILES,                      \
	  seq_create, FILES, 0, FILES, FACT_WRITES | FACT_SYNC_SPLIT | FACT_BONNIE_CSV | FACT_LOADS_SERVER | FACT_CREATES,    \
	  NEED(SEQ_DEL), NO_SHAPE)                                                                                                   \
	X(SEQ_STAT, "seq_stat", "Stat files in sequential order", "sequential stat", SEQ_CREATE, FILES, seq_stat,                    \
	  FILES, 1, FILES, FACT_BONNIE_CSV | FACT_REVISITS | FACT_LOADS_SERVER, NEED(SEQ_CREATE) | NEED(SEQ_DEL), NO_SHAPE)          \
	X(SEQ_DEL, "seq_del", "Delete files in sequential order", "sequential delete", SEQ_CREATE, FILES, seq_del,                   \
	  FILES, 2, FILES, FACT_BONNIE_CSV | FACT_DELETES | FACT_LOADS_SERVER, NEED(SEQ_CREATE), NO_SHAPE)                           \
	X(RAN_CREATE, "ran_create", "Create files in random order", "random create", RAN_CREATE, FILES, ran_create,                  \
	  FILES, 3, FILES, FACT_WRITES | FACT_SYNC_SPLIT | FACT_BONNIE_CSV | FACT_LOADS_SERVER | FACT_CREATES, NEED(RAN_DEL),        \
	  NO_SHAPE)                                                                                                                  \
	X(RAN_STAT, "ran_stat", "Stat files in random order", "random stat", RAN_CREATE, FILES, ran_stat, FILES, 4,                  \
	  FILES, FACT_BONNIE_CSV | FACT_REVISITS | FACT_LOADS_SERVER, NEED(RAN_CREATE) | NEED(RAN_DEL), NO_SHAPE)                    \
	X(RAN_DEL, "ran_del", "Delete files in random order", "random delete", RAN_CREATE, FILES, ran_del, FILES, 5,                 \
	  FILES, FACT_BONNIE_CSV | FACT_DELETES | FACT_LOADS_SERVER, NEED(RAN_CREATE), NO_SHAPE)                                     \
	PHASES_QD(X)                                                                                                                 \
	PHASES_TEST(X)

/* The queue-depth profile (--qd, --phases qd; phases/qd.c): KDiskMark's
 * default rows, in its order, in a block of their own; not in bonnie++'s CSV. */
#define PHASES_QD(X)                                                                                                                 \
	X(SEQ1M_Q8T1_READ, "seq1m_q8t1_read", "Reading 1 MiB blocks in order, 8 in flight", "SEQ1M Q8T1 read", QD, BYTES,            \
	  seq1m_q8t1_read, QD, 0, QD, FACT_DATA_FILE | FACT_EVICT_PREPARED, 0, QD_SHAPE(SEQ, 8))                                     \
	X(SEQ1M_Q8T1_WRITE, "seq1m_q8t1_write", "Writing 1 MiB blocks in order, 8 in flight", "SEQ1M Q8T1 write", QD, BYTES,         \
	  seq1m_q8t1_write, QD, 1, QD, FACT_WRITES | FACT_DATA_FILE, 0, QD_SHAPE(SEQ, 8))                                            \
	X(SEQ1M_Q1T1_READ, "seq1m_q1t1_read", "Reading 1 MiB blocks in order, 1 in flight", "SEQ1M Q1T1 read", QD, BYTES,            \
	  seq1m_q1t1_read, QD, 2, QD, FACT_DATA_FILE | FACT_EVICT_PREPARED, 0, QD_SHAPE(SEQ, 1))                                     \
	X(SEQ1M_Q1T1_WRITE, "seq1m_q1t1_write", "Writing 1 MiB blocks in order, 1 in flight", "SEQ1M Q1T1 write", QD, BYTES,         \
	  seq1m_q1t1_write, QD, 3, QD, FACT_WRITES | FACT_DATA_FILE, 0, QD_SHAPE(SEQ, 1))                                            \
	X(RND4K_Q32T1_READ, "rnd4k_q32t1_read", "Reading 4 KiB blocks at random, 32 in flight", "RND4K Q32T1 read", QD, BYTES,       \
	  rnd4k_q32t1_read, QD, 4, QD, FACT_DATA_FILE | FACT_EVICT_PREPARED, 0, QD_SHAPE(RND, 32))                                   \
	X(RND4K_Q32T1_WRITE, "rnd4k_q32t1_write", "Writing 4 KiB blocks at random, 32 in flight", "RND4K Q32T1 write", QD, BYTES,    \
	  rnd4k_q32t1_write, QD, 5, QD, FACT_WRITES | FACT_DATA_FILE, 0, QD_SHAPE(RND, 32))                                          \
	X(RND4K_Q1T1_READ, "rnd4k_q1t1_read", "Reading 4 KiB blocks at random, 1 in flight", "RND4K Q1T1 read", QD, BYTES,           \
	  rnd4k_q1t1_read, QD, 6, QD, FACT_DATA_FILE | FACT_EVICT_PREPARED, 0, QD_SHAPE(RND, 1))                                     \
	X(RND4K_Q1T1_WRITE, "rnd4k_q1t1_write", "Writing 4 KiB blocks at random, 1 in flight", "RND4K Q1T1 write", QD, BYTES,        \
	  rnd4k_q1t1_write, QD, 7, QD, FACT_WRITES | FACT_DATA_FILE, 0, QD_SHAPE(RND, 1))

/* A test build (make phase-test) appends one trivial phase that bonnie++
 * never had (phases/test_phase.c), to show a new row reaches every output. */
#ifdef BONNIE_TEST_PHASE
#define PHASES_TEST(X) X(TEST_STAT, "test_stat", "Stat the scratch directory", "test stat", TEST, FILES, \
	                 test_stat, OTHER, 0, FILES, 0, 0, NO_SHAPE)
#else
#define PHASES_TEST(X)
#endif

enum phase_id {
#define PHASE_ENUM(id, name, title, words, group, unit, sym, block, col, chart, flags, needs, shape) PHASE_##id,
	PHASES(PHASE_ENUM)
#undef PHASE_ENUM
	PHASE_COUNT
};

/* The phase in each column of a block, named by both: PHASE_AT_IO_1 is
 * block write's. bonnie++'s CSV layouts name their fields so
 * (input/csv_layout.c); two rows in one column do not compile. */
enum phase_at {
#define PHASE_AT(id, name, title, words, group, unit, sym, block, col, chart, flags, needs, shape) \
	PHASE_AT_##block##_##col = PHASE_##id,
	PHASES(PHASE_AT)
#undef PHASE_AT
};

/* Phase masks are uint32_t, one bit (1u << id) a phase. */
_Static_assert(PHASE_COUNT < 32, "a phase mask holds every phase, and (1u << PHASE_COUNT) - 1 all of them");

enum rate_unit {
	RATE_BYTES, /* reported in KiB/s */
	RATE_SEEKS,
	RATE_FILES,
};

/* bonnie++'s table groups, in table order; a group's phases are adjacent
 * in the pipeline (a unit test holds it). */
enum phase_group {
	GROUP_SEQ_OUTPUT,
	GROUP_SEQ_INPUT,
	GROUP_SEEKS,
	GROUP_SEQ_CREATE,
	GROUP_RAN_CREATE,
	GROUP_QD,
#ifdef BONNIE_TEST_PHASE
	GROUP_TEST,
#endif
	GROUP_COUNT
};

/* The text table's blocks: bonnie++'s two, then one for phases it never had. */
enum table_block {
	BLOCK_IO,
	BLOCK_FILES,
	BLOCK_OTHER,
	BLOCK_QD,   /* the queue-depth profile's rows (report/text/table_qd.c) */
	BLOCK_COUNT
};

/* The longest phase name and its NUL: readers of names keep buffers this
 * size (input/json_parsed_run.c); phase_list.c holds every name to it. */
#define PHASE_NAME_MAX 24

/* Columns in each of bonnie++'s blocks (and in its CSV line's spans). */
#define BLOCK_COLUMNS 6

/* The HTML report's rate charts, in page order. Per-char rates (KiB/s)
 * get their own: beside block rates on one linear axis they would vanish. */
enum phase_chart {
	CHART_BLOCK,
	CHART_PERCHAR,
	CHART_SEEKS,
	CHART_FILES,
	CHART_QD,
	CHART_COUNT
};

enum phase_fact_flag {
	FACT_WRITES = 1u << 0,     /* writes the data file or the files: a fall there may have a cause */
	FACT_SYNC_SPLIT = 1u << 1, /* ends in an fsync/sync whose time is reported apart */
	FACT_READS_DATA = 1u << 2, /* reads the data file (a cache, ZFS's ARC, may hold it) */
	FACT_DATA_FILE = 1u << 3,  /* works on the data file (-s), so the device counters tell
	                              whether its reads came from the cache */
	FACT_PERCHAR = 1u << 4,    /* a byte a call: sizing may skip it, compare may call it not comparable */
	FACT_BONNIE_CSV = 1u << 5, /* has rate, %CPU and latency fields in bonnie++'s CSV line */
	/* When its data file is dropped from the page cache (phase_evict_moment;
	 * at most one of the two): */
	FACT_EVICT_BEFORE = 1u << 6,   /* before its preparation, and again before each further
	                                  pass: bonnie++'s reads, of the file a writer left cached */
	FACT_EVICT_PREPARED = 1u << 7, /* after its preparation, where that found the file read
	                                  through the cache (RESULT_BUFFERED: no O_DIRECT): the
	                                  profile's reads, whose preparation may lay the file out */
	FACT_REVISITS = 1u << 8,       /* may pass over the files again (a stat without -n): its
	                                  operations are stats, not distinct files */
	FACT_LOADS_SERVER = 1u << 9,   /* loads a file server as its clients mostly do, block data
	                                  or file metadata: the sweep's answer reads only these
	                                  (per-char is one client's CPU, a byte a call; rewrite and
	                                  seeks are not what a share's clients mostly do) */
	FACT_NO_FALL_CAUSE = 1u << 10, /* its device counters cannot tell why its rate fell (seeks
	                                  write back some of what they read, and their workers end
	                                  one after another): its verdict names no cause */
	FACT_DELETES = 1u << 11,       /* removes the files: the fastest such rate sizes a later
	                                  sweep level's delete pool (bench_note_delete) */
	FACT_CREATES = 1u << 12,       /* makes the files: the most any such phase made is the
	                                  run's file count (runner_note_counts) */
};

/* When the runner drops a phase's data file from the page cache. */
enum evict_moment {
	EVICT_NEVER,
	EVICT_BEFORE_PREPARE,
	EVICT_AFTER_PREPARE,
};

/* A queue-depth phase's shape (its row's shape column); all zero for a
 * phase of no queue depth. */
struct phase_shape {
	uint32_t block; /* bytes an operation */
	unsigned depth; /* operations in flight, from one thread */
	bool random;    /* offsets drawn uniformly over the file's blocks; else in order */
};

/* Everything known about one phase, from its row. */
struct phase_facts {
	const char *name, *title, *words;
	enum phase_group group;
	enum rate_unit unit;
	enum table_block block;
	int col; /* column in its block, from 0 */
	enum phase_chart chart;
	unsigned flags; /* FACT_* */
	uint32_t needs; /* bits 1u << id */
	struct phase_shape shape;
};

const struct phase_facts *phase_facts_of(enum phase_id id);

/* Whether phase id has every FACT_* flag of f. */
bool phase_is(enum phase_id id, unsigned f);

/* The bit mask of the phases that have every FACT_* flag of f. */
uint32_t phase_mask_is(unsigned f);

/* When phase id's data file is evicted: its FACT_EVICT_* flag. */
enum evict_moment phase_evict_moment(enum phase_id id);

/* CSV/JSON key ("put_block"), progress title ("Writing intelligently"),
 * words ("block write"), group and rate unit of a phase. */
const char *phase_name(enum phase_id id);
const char *phase_title(enum phase_id id);
const char *phase_words(enum phase_id id);
enum phase_group phase_group(enum phase_id id);
enum rate_unit phase_unit(enum phase_id id);
/* A rate of phase id (units per second) as shown: KiB/s for a phase rated
 * in bytes, else as it is (seeks, files per second). */
double phase_rate_shown(enum phase_id id, double per_s);

/* A group in words: "sequential output", "random create". */
const char *phase_group_words(enum phase_group g);

/* The phases of block b in column order into cols (room for PHASE_COUNT);
 * returns how many. */
int phase_block_columns(enum table_block b, enum phase_id *cols);

/* mask with, until nothing changes, what its phases need. */
uint32_t phase_with_needs(uint32_t mask);

#endif
