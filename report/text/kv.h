/* The key=value report (kv.c): a run's view, one fact a line. */
#ifndef BONNIE_KV_H
#define BONNIE_KV_H

#include <stdio.h>

#include "../model/view.h"

/* The view v of the n-th run in the file as run.n.* lines. */
void report_kv_run(FILE *out, unsigned n, const struct run_view *v);

#endif
