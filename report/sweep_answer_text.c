/* The whole sweep's answer in words (sweep_answer_sentence, sweep.h):
 * about the storage from the phases a file server is loaded by, or that
 * this host's CPU was the limit, or "Inconclusive" and why. */
#include "sweep.h"

#include <string.h>

const char *sweep_plural(uint32_t n)
{
	return n == 1 ? "" : "s";
}

void sweep_cpu_words(const struct sweep *sw, uint32_t l, enum phase_id id, char *buf, size_t len)
{
	double cpu = sw->point[l][id].cpu;
	uint32_t n = sw->clients[l];

	if (n == 1)
		snprintf(buf, len, "one client used %.0f%% of a core", cpu * 100);
	else if (cpu / n >= SWEEP_CPU_CLIENT)
		snprintf(buf, len, "each client used %.0f%% of a core on average", cpu * 100 / n);
	else
		snprintf(buf, len, "the clients used %.2g of %u cores", cpu, sw->cores);
}

static uint32_t bits_set(uint32_t mask)
{
	uint32_t n = 0;

	for (; mask; mask &= mask - 1)
		n++;
	return n;
}

/* "put_block, get_block and seq_create": the phases of mask. */
static size_t phase_list(uint32_t mask, char *buf, size_t len)
{
	size_t n = 0;
	uint32_t left = bits_set(mask);

	buf[0] = '\0';
	for (int i = 0; i < PHASE_COUNT && n < len; i++) {
		if (!(mask & (1u << i)))
			continue;
		left--;
		n += (size_t)snprintf(buf + n, len - n, "%s%s", phase_name((enum phase_id)i),
		                      left == 0 ? "" : left == 1 ? " and " : ", ");
	}
	return n;
}

/* " This host's CPU was the limit for seq_create from 4 clients (...)." */
static void cpu_note(const struct sweep *sw, const struct sweep_answer *a, char *buf, size_t len)
{
	char why[96], others[48] = "";
	uint32_t more = bits_set(a->cpu) - 1;

	buf[0] = '\0';
	if (a->cpu == 0)
		return;
	for (uint32_t l = 0; l < sw->levels; l++)
		if (sw->clients[l] == a->cpu_at)
			sweep_cpu_words(sw, l, a->cpu_phase, why, sizeof why);
	if (more)
		snprintf(others, sizeof others, " (and %u other phase%s)", more, sweep_plural(more));
	snprintf(buf, len, " This host's CPU was the limit for %s%s from %u client%s (%s).",
	         phase_name(a->cpu_phase), others, a->cpu_at, sweep_plural(a->cpu_at), why);
}

/* " (counts marked ~, # or ! not counted; the run at 4 clients did not
 * finish)": the counts "up to" leaves out, and why ("" when none). */
static const char *not_counted(const struct sweep_answer *a, char *buf, size_t len)
{
	char cut[64] = "";

	if (a->unfinished)
		snprintf(cut, sizeof cut, "the run at %u client%s did not finish", a->unfinished,
		         sweep_plural(a->unfinished));
	snprintf(buf, len, "%s%s%s%s%s", a->skipped || a->unfinished ? " (" : "",
	         a->skipped ? "counts marked ~, # or ! not counted" : "", a->skipped && a->unfinished ? "; " : "", cut,
	         a->skipped || a->unfinished ? ")" : "");
	return buf;
}

void sweep_answer_sentence(const struct sweep *sw, double factor, char *buf, size_t len)
{
	struct sweep_answer a;
	char judged[160], others[48] = "", floor[32] = "", cpu[256], notes[128];

	sweep_answer(sw, factor, &a);
	if (!sweep_levels_finished(sw)) {
		snprintf(buf, len, "No client count finished: no answer.");
		return;
	}
	if (a.judged == 0) {
		snprintf(buf, len, "Inconclusive: none of the phases a file server is loaded by (block write and "
		         "read, file create, stat and delete) completed at two client counts.");
		return;
	}
	phase_list(a.judged, judged, sizeof judged);
	cpu_note(sw, &a, cpu, sizeof cpu);
	if (sw->lag_floor_ns > 0)
		snprintf(floor, sizeof floor, " and %g ms", (double)sw->lag_floor_ns / 1e6);
	if (a.lags) {
		if (a.others)
			snprintf(others, sizeof others, " (and %u other phase%s)", a.others, sweep_plural(a.others));
		snprintf(buf, len, "This server takes up to %u client%s before p99 latency of %s%s passes %gx%s "
		         "(at %u clients); judged from %s.%s", a.upto, sweep_plural(a.upto), phase_name(a.phase),
		         others, factor, floor, a.at, judged, cpu);
	} else if (a.upto > 0) {
		snprintf(buf, len, "No storage lag: p99 latency of %s does not pass %gx%s up to %u clients%s.%s", judged,
		         factor, floor, a.upto, not_counted(&a, notes, sizeof notes), cpu);
	} else if (a.unfinished && !a.cpu && !a.skipped) { /* only a count that did not finish */
		snprintf(buf, len, "Inconclusive: no count after the first of %s finished (the run at %u client%s did "
		         "not).", judged, a.unfinished, sweep_plural(a.unfinished));
	} else {
		snprintf(notes, sizeof notes, " The run at %u client%s did not finish.", a.unfinished,
		         sweep_plural(a.unfinished));
		snprintf(buf, len, "Inconclusive: no count after the first of %s shows the storage: %s.%s%s", judged,
		         a.cpu && !a.skipped ? "this host's CPU was the limit"
		         : a.cpu ? "this host's CPU was the limit, or they are marked ~, # or !"
		         : "they are marked ~, # or ! (short, few operations, or the clients not all running together)",
		         a.unfinished ? notes : "", cpu);
	}
}
