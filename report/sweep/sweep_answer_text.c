/* The whole sweep's answer in words (sweep_answer_sentence, sweep.h):
 * about the storage from the phases a file server is loaded by, or that
 * this host's CPU was the limit, or "Inconclusive" and why. */
#include "sweep.h"
#include "../../lib/str.h"

#include <string.h>

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
	size_t n = 0, k = 0, count = bits_set(mask);

	buf[0] = '\0';
	for (int i = 0; i < PHASE_COUNT && n < len; i++)
		if (mask & (1u << i))
			n += (size_t)snprintf(buf + n, len - n, "%s%s", str_list_sep(k++, count), phase_name((enum phase_id)i));
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

/* " Left out: 9 points marked ~, #, c, ? or <." and the phases that
 * had too few trusted counts to judge. */
static void left_out_note(const struct sweep_answer *a, char *buf, size_t len)
{
	char names[160];
	size_t n = 0;

	buf[0] = '\0';
	if (a->left_out)
		n = (size_t)snprintf(buf, len, " Left out: %u point%s marked " MARK_SHORT_S ", " MARK_FEW_OPS_S ", " MARK_CACHED_S ", "
		                     MARK_NOT_EVICTED_S " or " MARK_OVERLAP_S " (see each phase).", a->left_out,
		                     sweep_plural(a->left_out));
	if (a->untrusted && n < len) {
		phase_list(a->untrusted, names, sizeof names);
		snprintf(buf + n, len - n, " Not judged, too few counts left: %s.", names);
	}
}

void sweep_answer_sentence(const struct sweep *sw, char *buf, size_t len)
{
	const struct sweep_answer a = sw->answer;
	char judged[160], rule[48], cpu[256], notes[320], cut[80] = "";

	if (!sweep_levels_finished(sw)) {
		snprintf(buf, len, "No client count finished: no answer.");
		return;
	}
	left_out_note(&a, notes, sizeof notes);
	if (a.judged == 0) {
		snprintf(buf, len, "Inconclusive: no phase a file server is loaded by (block write and read, file create, "
		         "stat and delete) has two client counts to use.%s", notes);
		return;
	}
	phase_list(a.judged, judged, sizeof judged);
	cpu_note(sw, &a, cpu, sizeof cpu);
	sweep_rule_words(sw, rule, sizeof rule);
	if (a.unfinished)
		snprintf(cut, sizeof cut, " The run at %u client%s did not finish.", a.unfinished,
		         sweep_plural(a.unfinished));
	if (a.lags) {
		char others[64] = "";
		if (a.others)
			snprintf(others, sizeof others, " %u other phase%s pass%s there too.", a.others,
			         sweep_plural(a.others), a.others == 1 ? "es" : "");
		snprintf(buf, len, "This server takes up to %u client%s: at %u clients the p99 latency of %s passes %s.%s "
		         "Judged from %s.%s%s", a.upto, sweep_plural(a.upto), a.at, phase_name(a.phase), rule, others,
		         judged, notes, cpu);
	} else if (a.upto > 0) {
		snprintf(buf, len, "No storage knee up to %u clients: the p99 latency of %s did not pass %s%s.%s%s%s",
		         a.upto, judged, rule, sw->lag_floor_ns > 0 ? " together" : "", cut, notes, cpu);
	} else if (a.unfinished && !a.cpu) {
		snprintf(buf, len, "Inconclusive: no count after the first of %s finished.%s%s", judged, cut, notes);
	} else {
		snprintf(buf, len, "Inconclusive: no count after the first of %s shows the storage.%s%s%s", judged, cut,
		         notes, cpu);
	}
}
