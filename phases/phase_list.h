/* The pipeline, in bonnie++'s order, written once. Each X(ID, name, title,
 * unit, symbol) expands into the phase enum, the name tables and the
 * descriptor table. name is the CSV/JSON key, title the progress text, unit
 * what the rate counts (BYTES: KiB/s, SEEKS: seeks/s, FILES: files/s). */
#ifndef BONNIE_PHASE_LIST_H
#define BONNIE_PHASE_LIST_H

#define PHASES(X)                                                                  \
	X(PUTC, "putc", "Writing a byte at a time", BYTES, perchar_write)                  \
	X(PUT_BLOCK, "put_block", "Writing intelligently", BYTES, block_write)             \
	X(REWRITE, "rewrite", "Rewriting", BYTES, rewrite)                                 \
	X(GETC, "getc", "Reading a byte at a time", BYTES, perchar_read)                   \
	X(GET_BLOCK, "get_block", "Reading intelligently", BYTES, block_read)              \
	X(SEEKS, "seeks", "start 'em", SEEKS, seeks)                                       \
	X(SEQ_CREATE, "seq_create", "Create files in sequential order", FILES, seq_create) \
	X(SEQ_STAT, "seq_stat", "Stat files in sequential order", FILES, seq_stat)         \
	X(SEQ_DEL, "seq_del", "Delete files in sequential order", FILES, seq_del)          \
	X(RAN_CREATE, "ran_create", "Create files in random order", FILES, ran_create)     \
	X(RAN_STAT, "ran_stat", "Stat files in random order", FILES, ran_stat)             \
	X(RAN_DEL, "ran_del", "Delete files in random order", FILES, ran_del)

enum phase_id {
#define PHASE_ENUM(id, name, title, unit, sym) PHASE_##id,
	PHASES(PHASE_ENUM)
#undef PHASE_ENUM
	PHASE_COUNT
};

enum rate_unit {
	RATE_BYTES, /* reported in KiB/s */
	RATE_SEEKS,
	RATE_FILES,
};

/* CSV/JSON key ("put_block"), progress title, and rate unit of a phase. */
const char *phase_name(enum phase_id id);
const char *phase_title(enum phase_id id);
enum rate_unit phase_unit(enum phase_id id);

#endif
