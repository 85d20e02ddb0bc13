/* What a bonnie --json document is, for its one mapping (json_run.c, under
 * compare's json_parsed_run.c and merge's host_read.c): both parse it with
 * json_tree.c and find its parts here, so a document that one of them takes
 * for bonnie's the other does too. */
#ifndef BONNIE_INPUT_BONNIE_DOC_H
#define BONNIE_INPUT_BONNIE_DOC_H

#include <stdbool.h>
#include <stddef.h>

#include "json_tree.h"
#include "../phases/interface/phase_list.h"

/* The bulk of a document (each phase's histogram and timeline), for
 * jt_parse_part's skip: compare's memory follows the figures it reads.
 * A skipped histogram keeps its text and is read alone (json_run.c), one
 * at a time; the timeline compare does not read. Merge keeps both. */
extern const char *const bonnie_doc_bulk[];

/* The document's "tool" is "bonnie". */
bool bonnie_doc_is(const struct jt *t);
/* Run number i of the document (node), or -1. */
int bonnie_doc_run(const struct jt *t, size_t i);
/* How many runs the document holds. */
size_t bonnie_doc_runs(const struct jt *t);
/* The phase a phase object names ("name"), or PHASE_COUNT for none. */
enum phase_id bonnie_doc_phase(const struct jt *t, int node);

#endif
