/* A phase's verdict as a bonnie --json document states it
 * (report/text/timeline_json.c writes it): read back, not judged again
 * (the document's timeline is not kept by compare, and its verdict is
 * what bonnie judged of the whole timeline when it ran). The document
 * does not state the operations' span (span_ns), which is left 0. */
#ifndef BONNIE_INPUT_JSON_VERDICT_H
#define BONNIE_INPUT_JSON_VERDICT_H

#include "json_tree.h"
#include "../verdict/verdict.h"

/* The verdict object at node into v: every figure it gives, the rest 0;
 * kind VERDICT_NONE when node is not an object or names no kind bonnie
 * writes. */
void json_verdict_read(const struct jt *t, int node, struct verdict *v);

#endif
