/* The pipeline, in bonnie++'s order, written once. Each X(ID, name, title,
 * words, group, unit, symbol) expands into the phase enum, the name tables
 * and the descriptor table. name is the CSV/JSON key, title the progress
 * text, words the one human phrase every page, table and message uses,
 * group the bonnie++ table group it stands in, unit what the rate counts
 * (BYTES: KiB/s, SEEKS: seeks/s, FILES: files/s). */
#ifndef BONNIE_PHASE_LIST_H
#define BONNIE_PHASE_LIST_H

#define PHASES(X)                                                                                         \
	X(PUTC, "putc", "Writing a byte at a time", "per-char write", SEQ_OUTPUT, BYTES, perchar_write)          \
	X(PUT_BLOCK, "put_block", "Writing intelligently", "block write", SEQ_OUTPUT, BYTES, block_write)        \
	X(REWRITE, "rewrite", "Rewriting", "rewrite", SEQ_OUTPUT, BYTES, rewrite)                                \
	X(GETC, "getc", "Reading a byte at a time", "per-char read", SEQ_INPUT, BYTES, perchar_read)             \
	X(GET_BLOCK, "get_block", "Reading intelligently", "block read", SEQ_INPUT, BYTES, block_read)           \
	X(SEEKS, "seeks", "start 'em", "random seeks", SEEKS, SEEKS, seeks)                                      \
	X(SEQ_CREATE, "seq_create", "Create files in sequential order", "sequential create", SEQ_CREATE, FILES,  \
	  seq_create)                                                                                             \
	X(SEQ_STAT, "seq_stat", "Stat files in sequential order", "sequential stat", SEQ_CREATE, FILES, seq_stat) \
	X(SEQ_DEL, "seq_del", "Delete files in sequential order", "sequential delete", SEQ_CREATE, FILES,        \
	  seq_del)                                                                                                \
	X(RAN_CREATE, "ran_create", "Create files in random order", "random create", RAN_CREATE, FILES,          \
	  ran_create)                                                                                             \
	X(RAN_STAT, "ran_stat", "Stat files in random order", "random stat", RAN_CREATE, FILES, ran_stat)        \
	X(RAN_DEL, "ran_del", "Delete files in random order", "random delete", RAN_CREATE, FILES, ran_del)

enum phase_id {
#define PHASE_ENUM(id, name, title, words, group, unit, sym) PHASE_##id,
	PHASES(PHASE_ENUM)
#undef PHASE_ENUM
	PHASE_COUNT
};

enum rate_unit {
	RATE_BYTES, /* reported in KiB/s */
	RATE_SEEKS,
	RATE_FILES,
};

/* bonnie++'s table groups, in table order; a group's phases are adjacent
 * in the pipeline. */
enum phase_group {
	GROUP_SEQ_OUTPUT,
	GROUP_SEQ_INPUT,
	GROUP_SEEKS,
	GROUP_SEQ_CREATE,
	GROUP_RAN_CREATE,
	GROUP_COUNT
};

/* CSV/JSON key ("put_block"), progress title ("Writing intelligently"),
 * words ("block write"), group and rate unit of a phase. */
const char *phase_name(enum phase_id id);
const char *phase_title(enum phase_id id);
const char *phase_words(enum phase_id id);
enum phase_group phase_group(enum phase_id id);
enum rate_unit phase_unit(enum phase_id id);

/* A group in words: "sequential output", "random create". */
const char *phase_group_words(enum phase_group g);

#endif
