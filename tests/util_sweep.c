/* See util_sweep.h. */
#include "util_sweep.h"
#include "../report/model/view.h"

#include <stdlib.h>

void sweep_add_run(struct sweep *sw, const struct run_result *run)
{
	static const struct run_setup none;
	struct run_view *v = malloc(sizeof *v);

	if (v == NULL)
		abort();
	view_of_setup_run(&none, run, NULL, v);
	sweep_add(sw, v);
	free(v);
}

void judged_knee_sentence(struct sweep *sw, enum phase_id id, double k, char *buf, size_t len)
{
	sweep_judge(sw, k);
	sweep_knee_sentence(sw, id, buf, len);
}

void judged_answer_sentence(struct sweep *sw, double k, char *buf, size_t len)
{
	sweep_judge(sw, k);
	sweep_answer_sentence(sw, buf, len);
}

void judged_p99_cell(struct sweep *sw, enum phase_id id, double k, char *buf, size_t len)
{
	sweep_judge(sw, k);
	sweep_p99_cell(sw, id, buf, len);
}

enum sweep_cpu_rule judged_cpu_rule(struct sweep *sw, uint32_t l, enum phase_id id)
{
	sweep_judge(sw, DEFAULT_KNEE_FACTOR);
	return sw->point[l][id].cpu_rule;
}
