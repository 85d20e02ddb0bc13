/* The words the sweep's answer, its knees and its page share (sweep.h):
 * the latency rule, why a level was CPU-bound, a plural. One file below
 * the sentences, so the answer's and the knees' writers do not call each
 * other. */
#include "sweep.h"

#include <stdio.h>

const char *sweep_plural(uint32_t n)
{
	return n == 1 ? "" : "s";
}

void sweep_cpu_words(const struct sweep *sw, uint32_t l, enum phase_id id, char *buf, size_t len)
{
	const struct sweep_point *p = &sw->point[l][id];

	/* the words of the rule that fired (the model's); one client is one */
	if (sw->clients[l] == 1)
		snprintf(buf, len, "one client used %.0f%% of a core", p->cpu_client * 100);
	else if (p->cpu_rule == SWEEP_CPU_A_CLIENT)
		snprintf(buf, len, "each client used %.0f%% of a core on average", p->cpu_client * 100);
	else
		snprintf(buf, len, "the clients used %.2g of %u cores", p->cpu, sw->cores);
}

/* "2x and 10 ms", "2x" without a floor. */
void sweep_rule_words(const struct sweep *sw, char *buf, size_t len)
{
	double factor = sw->factor;

	if (sw->lag_floor_ns > 0)
		snprintf(buf, len, "%gx and %g ms", factor, (double)sw->lag_floor_ns / 1e6);
	else
		snprintf(buf, len, "%gx", factor);
}
