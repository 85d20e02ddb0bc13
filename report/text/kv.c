/* --kv FILE: each run's view as plain key=value lines, one fact a line,
 * for shell scripts (grep, cut -d=, `while IFS== read -r k v`) and
 * monitoring agents that take such files, with no JSON parser. Keys are
 * run.N.FACT and run.N.PHASE.FACT, N counting the runs in the file; a
 * fact the view does not have (a rate of a phase that did not finish, a
 * percentile too few operations support) has no line. Only what the
 * view holds is printed. */
#include "kv.h"
#include "../outputs.h"

#include "clocale.h"
#include "../report.h"
#include "../model/view.h"
#include "../../lib/units.h"

#include <stdio.h>

static void kv_phase(FILE *out, unsigned n, const struct phase_view *p)
{
	const char *name = phase_name(p->id);

	fprintf(out, "run.%u.%s.status=%s\n", n, name, phase_status_name(p->status));
	if (p->state == CELL_VALUE) {
		/* cut as the JSON's (lib/units.h), so both cut to the CSV's integer */
		fprintf(out, "run.%u.%s.rate=%.3f\n", n, name, units_cut(p->rate, 3));
		fprintf(out, "run.%u.%s.unit=%s\n", n, name, report_unit_name(phase_unit(p->id)));
	}
	if (p->cpu_pct >= 0)
		fprintf(out, "run.%u.%s.cpu_percent=%d\n", n, name, p->cpu_pct);
	for (int k = 0; k < VIEW_PCTS; k++)
		if (view_has_pct(p, (enum view_pct)k))
			fprintf(out, "run.%u.%s.latency_%s_ns=%lld\n", n, name, view_pcts[k].key, (long long)p->pct_ns[k]);
	if (p->operations > 0)
		fprintf(out, "run.%u.%s.operations=%llu\n", n, name, (unsigned long long)p->operations);
	if (p->mark != ' ')
		fprintf(out, "run.%u.%s.mark=%c\n", n, name, p->mark);
	fprintf(out, "run.%u.%s.low_confidence=%d\n", n, name, p->low_confidence ? 1 : 0);
}

void report_kv_run(FILE *out, unsigned n, const struct run_view *v)
{
	struct c_locale loc;

	c_locale_enter(&loc);
	fprintf(out, "run.%u.index=%u\n", n, v->index);
	fprintf(out, "run.%u.clients=%u\n", n, (unsigned)v->clients);
	if (v->seed_known)
		fprintf(out, "run.%u.seed=%u\n", n, (unsigned)v->seed);
	fprintf(out, "run.%u.status=%s\n", n, phase_status_name(v->status));
	for (int i = 0; i < PHASE_COUNT; i++)
		if (v->phase[i].status != PHASE_NOT_RUN)
			kv_phase(out, n, &v->phase[i]);
	c_locale_leave(&loc);
}

/* The run's output table entry (formats.c's "kv" row). */
static bool kv_wanted(const struct report_ctx *c)
{
	return c->files[OUT_FILE_KV].path != NULL;
}

static void kv_run(struct report_ctx *c)
{
	report_kv_run(c->files[OUT_FILE_KV].out, c->shown + 1, &c->view);
}

static int kv_end(struct report_ctx *c, char *err, size_t errlen)
{
	return outputs_close_file(&c->files[OUT_FILE_KV], false, err, errlen);
}

const struct output output_kv = {
	.name = "kv",
	.wanted = kv_wanted,
	.run = kv_run,
	.end = kv_end,
};
