/* The bonnie++ CSV layouts as data: for each version, what every field of
 * its line holds (the version tag, a setting and how it is written, or a
 * phase's rate, %CPU or maximum latency), in order. A phase's fields are
 * named by its column in bonnie++'s I/O or file block, so which phase
 * they hold is the phase table's (phase_list.h); each version says only
 * where a block's columns start. The one 1.98 writer
 * (report/text/csv_line.c) and compare's reader (csv_formats.c, csv_find.c,
 * csv_shape.c) both walk these descriptions; no field number is written
 * anywhere else. A phase no field names is not in the layout: nothing is
 * written or read for it. */
#ifndef BONNIE_CSV_LAYOUT_H
#define BONNIE_CSV_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "input.h"

/* The most fields any layout has, and so the most a reader splits a line
 * into (csv_layout.c asserts every layout fits). */
#define CSV_MAX_FIELDS 64

/* What one field holds. */
enum csv_holds {
	CSV_HOLDS_TAG,     /* the layout's tag, "1.98" */
	CSV_HOLDS_SETTING, /* a setting (.what: enum parsed_meta), written as .notation says */
	CSV_HOLDS_RATE,    /* a phase's rate (.what: enum phase_id), "+++++" when too fast */
	CSV_HOLDS_CPU,     /* that phase's %CPU, "+++" when too fast */
	CSV_HOLDS_LATENCY, /* that phase's maximum latency ("598us") */
};

/* How a setting is written. */
enum csv_notation {
	CSV_TEXT,      /* free text (program version, machine name) */
	CSV_COUNT,     /* digits, or empty */
	CSV_SIZE,      /* the file size: digits and a k/m/g/t suffix (bare: MiB) */
	CSV_CHUNK,     /* digits and an optional suffix (bare: bytes), or empty */
	CSV_FILES,     /* the file count; 1.0x may write "num:max:min/dirs" */
	CSV_FILE_SIZE, /* a file size limit: digits, "link", "symlink", or empty */
};

struct csv_field {
	enum csv_holds holds;
	int what;                   /* enum parsed_meta or enum phase_id; 0 for the tag */
	enum csv_notation notation; /* settings only */
};

/* A setting a layout has no field for, taken as the version's default
 * (when the line gives a file size, if only_with_size). */
struct csv_default {
	enum parsed_meta setting;
	const char *value;
	bool only_with_size;
};

struct csv_layout {
	const char *tag;   /* field 0 ("1.98"); NULL when the line has none (1.0x) */
	const char *label; /* as reported: "1.98", "1.0x" */
	int nfields;
	const struct csv_field *field; /* nfields of them */
	const struct csv_default *defaults;
	int ndefaults;
	/* bonnie++ 1.96 writes a files-only (-s 0) line with one of its empty
	 * fields from the file size up to the file count left out */
	bool files_only_one_short;
};

/* The layouts bonnie reads, newest first; the last has no tag (1.0x). */
extern const struct csv_layout *const csv_layouts[];
extern const int csv_layout_count;

/* The layout bonnie writes (bonnie++ 1.98, 2.00a). */
extern const struct csv_layout csv_layout_198;

/* The field of l that holds (holds, what), or -1 when none does. */
int csv_layout_find(const struct csv_layout *l, enum csv_holds holds, int what);

/* A phase's rate, %CPU and latency fields in l (0-based, as bonnie.1 and
 * bonnie++ number them); -1 for each it has none of. Returns whether l has
 * a rate for the phase. */
bool csv_layout_phase_fields(const struct csv_layout *l, enum phase_id id, int *rate, int *cpu, int *latency);

/* bytes as the 1.98 CSV writes a file size ("512M", "16G") into buf. */
void input_size_meta(uint64_t bytes, char *buf, size_t cap);

#endif
