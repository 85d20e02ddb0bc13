/* One phase's knee in words (sweep_knee_sentence, sweep.h): short
 * sentences, one claim each, each naming the rule that decided it, with
 * the numbers and their units. The rule's words come from the same
 * constants as the rule (SWEEP_MIN_GAIN, the knee factor, the lag floor,
 * SWEEP_MIN_OVERLAP), and a count the rule left out (SWEEP_UNTRUSTED, low
 * overlap) is named as left out, never used. */
#include "sweep.h"
#include "../../lib/str.h"
#include "../text/rate_text.h"
#include "../model/metrics.h"
#include "../../lib/units.h"

#include <stdarg.h>
#include <string.h>

static void rate_of(const struct sweep *sw, int l, enum phase_id id, char *buf, size_t len)
{
	rate_text(id, sw->point[l][id].rate, true, buf, len);
}

static void p99_of(const struct sweep *sw, int l, enum phase_id id, char *buf, size_t len)
{
	units_format_latency_human((double)sw->point[l][id].p99, buf, len);
}

/* The mark that left level l out, as the table shows it. */
char sweep_left_out_mark(const struct sweep *sw, uint32_t l, enum phase_id id)
{
	return sw->point[l][id].left_mark;
}

/* A mark's few words, the confidence table's (as the page says them) or
 * the overlap's: one mark, one wording in every output of the sweep. */
const char *sweep_mark_words(char mark)
{
	for (int i = 0; i < CONF_REASONS; i++)
		if (confidence_reason_mark(i) == mark)
			return confidence_reason_brief(i);
	return SWEEP_OVERLAP_WORDS;
}

/* "Left out: 1 client (~ under 0.5 s); 50 and 100 clients (< ...)." */
static void left_out_text(const struct sweep *sw, enum phase_id id, const struct sweep_knee *k, char *buf,
                          size_t cap)
{
	static const char marks[] = {MARK_SHORT, MARK_FEW_OPS, MARK_CACHED, MARK_NOT_EVICTED, MARK_OVERLAP, '\0'};
	bool first_group = true;

	if (!k->left_out)
		return;
	str_appendf(buf, cap, " Left out:");
	for (const char *m = marks; *m; m++) {
		uint32_t n = 0, last = 0, count = 0;
		for (uint32_t l = 0; l < sw->levels; l++)
			if (((k->left_out >> l) & 1u) && sweep_left_out_mark(sw, l, id) == *m)
				count++;
		if (count == 0)
			continue;
		str_appendf(buf, cap, "%s ", first_group ? "" : ";");
		for (uint32_t l = 0; l < sw->levels; l++) {
			if (!((k->left_out >> l) & 1u) || sweep_left_out_mark(sw, l, id) != *m)
				continue;
			n++;
			last = sw->clients[l];
			str_appendf(buf, cap, "%s%u", str_list_sep(n - 1, count), last);
		}
		str_appendf(buf, cap, " client%s (%c %s)", sweep_plural(count > 1 ? 2 : last), *m, sweep_mark_words(*m));
		first_group = false;
	}
	str_appendf(buf, cap, ".");
}

/* "within 25% of the highest", or the repeats' rule. */
static const char *noise_words(const struct sweep *sw, char *buf, size_t len)
{
	if (sweep_runs(sw) > 1)
		snprintf(buf, len, "its runs' range overlaps that of the highest");
	else
		snprintf(buf, len, "within %.0f%% of the highest", (SWEEP_MIN_GAIN - 1) * 100);
	return buf;
}

static void peak_text(const struct sweep *sw, enum phase_id id, const struct sweep_knee *k, char *buf, size_t cap)
{
	char best[48], peak[48], noise[64];
	uint32_t n = sw->clients[k->peak];

	rate_of(sw, k->best, id, best, sizeof best);
	rate_of(sw, k->peak, id, peak, sizeof peak);
	if (k->kind == SWEEP_PEAK_NO_KNEE)
		str_appendf(buf, cap, " Throughput shows no knee: at every count from %u to %u clients it is %s (%s at %u "
		    "client%s).", sw->clients[k->first], sw->clients[k->last], sweep_runs(sw) > 1
		    ? "within the runs' spread of the highest" : noise_words(sw, noise, sizeof noise), best,
		    sw->clients[k->best], sweep_plural(sw->clients[k->best]));
	else if (k->still_rising)
		str_appendf(buf, cap, " Throughput still rises at %u client%s, the last count: %s, the highest rate.", n,
		    sweep_plural(n), peak);
	else if (k->kind == SWEEP_PEAK_HIGHEST)
		str_appendf(buf, cap, " Throughput peaks at %u client%s: %s, the highest rate.", n, sweep_plural(n), peak);
	else
		str_appendf(buf, cap, " Throughput levels off at %u client%s: %s, %s (%s at %u clients).", n, sweep_plural(n),
		    peak, noise_words(sw, noise, sizeof noise), best, sw->clients[k->best]);
}

static void p99_text(const struct sweep *sw, enum phase_id id, const struct sweep_knee *k, char *buf, size_t cap)
{
	double factor = sw->factor;
	char rule[48], factor_only[16], at[32], base[32], why[96];
	uint32_t last = sw->clients[k->last];

	sweep_rule_words(sw, rule, sizeof rule);
	snprintf(factor_only, sizeof factor_only, "%gx", factor);
	if (k->p99_over >= 0 || k->p99_factor >= 0) {
		int over = k->p99_over >= 0 ? k->p99_over : k->p99_factor;
		int b = k->p99_over >= 0 ? k->base : k->factor_base;
		p99_of(sw, over, id, at, sizeof at);
		p99_of(sw, b, id, base, sizeof base);
		str_appendf(buf, cap, " p99 latency passes %s at %u clients: %s against %s at %u client%s.",
		    k->p99_over >= 0 ? rule : factor_only, sw->clients[over], at,
		    base, sw->clients[b], sweep_plural(sw->clients[b]));
	}
	if (k->p99_over < 0 && k->p99_factor >= 0)
		str_appendf(buf, cap, " That is under the %g ms floor, and no count up to %u clients passes both: no latency knee.",
		    (double)sw->lag_floor_ns / 1e6, last);
	else if (k->p99_over < 0)
		str_appendf(buf, cap, " p99 latency stays within %gx of its lowest earlier value up to %u clients.", factor, last);
	if (k->cpu_at < 0)
		return;
	sweep_cpu_words(sw, (uint32_t)k->cpu_at, id, why, sizeof why);
	str_appendf(buf, cap, " This host's CPU was the limit from %u client%s (%s)%s", sw->clients[k->cpu_at],
	    sweep_plural(sw->clients[k->cpu_at]), why, k->cpu_knee ? ", so that rise is no storage knee." : ".");
}

void sweep_knee_sentence(const struct sweep *sw, enum phase_id id, char *buf, size_t len)
{
	const struct sweep_knee k = sw->knee[id];
	bool has = k.has;

	snprintf(buf, len, "%s:", phase_name(id));
	if (!has && !k.left_out) {
		str_appendf(buf, len, " Ran at one client count only: no knee.");
		return;
	}
	if (!has)
		str_appendf(buf, len, " Fewer than two counts can be used: no knee.");
	else
		peak_text(sw, id, &k, buf, len);
	if (has)
		p99_text(sw, id, &k, buf, len);
	left_out_text(sw, id, &k, buf, len);
}

/* The knee table's p99 cell: "50", "50 (this host's CPU the limit)",
 * "2x at 4, under the 10 ms floor", "within 2x", "no knee (too few counts)". */
void sweep_p99_cell(const struct sweep *sw, enum phase_id id, char *buf, size_t len)
{
	const struct sweep_knee k = sw->knee[id];
	double factor = sw->factor;

	if (!k.has)
		snprintf(buf, len, "no knee (under two counts to use)");
	else if (k.p99_over >= 0 && k.cpu_knee)
		snprintf(buf, len, "%u (this host's CPU the limit)", sw->clients[k.p99_over]);
	else if (k.p99_over >= 0)
		snprintf(buf, len, "%u", sw->clients[k.p99_over]);
	else if (k.p99_factor >= 0)
		snprintf(buf, len, "%gx at %u, under the %g ms floor", factor, sw->clients[k.p99_factor],
		         (double)sw->lag_floor_ns / 1e6);
	else
		snprintf(buf, len, "not passed (within %gx)", factor);
}
