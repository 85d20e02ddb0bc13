/* Every output format bonnie writes, in one table: a format's name and the
 * writer each command has for it (NULL: that command does not write it).
 * The run calls its column's entries (report/outputs.h) at each moment,
 * in table order, which is the order on a shared stream; compare finds its
 * --format here and merge its reports. A new format is its file of writers
 * and one row in formats.c. */
#ifndef BONNIE_FORMATS_H
#define BONNIE_FORMATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "model/compare_model.h"
#include "merge/merge_out.h"
#include "outputs.h"

struct format {
	const char *name;
	/* the run: its output table entry (progress and share are the run's alone) */
	const struct output *run;
	/* compare --format NAME: the comparison r (compare_result_of, made once
	 * by compare) on out (r->n may be 0: a writer then writes what a
	 * document with no runs is, or nothing). Returns non-zero when out was
	 * not all written. */
	int (*compare)(FILE *out, const struct compare_result *r);
	/* merge: the merged hosts on out; non-zero when out was not all written */
	int (*merge)(FILE *out, const struct merge_doc *d);
	/* compare writes this one only to the file --html names (a page, besides
	 * the --format output), never as --format NAME */
	bool compare_to_file;
};

extern const struct format formats[];
extern const size_t formats_count;

/* The row called name, or NULL. */
const struct format *format_named(const char *name);

#endif
