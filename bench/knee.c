/* bench/knee.c: the knee of a tool's per-count figures by bonnie's own
 * sweep rule, for tools that report no p99 (dbench) and for bonnie's max
 * latency next to them. The rule is not restated here: the figures go
 * into a struct sweep (one run per count) and report/model/sweep_model.c's
 * sweep_knee judges them, with the max latency where the sweep has its
 * p99. Only the sentence is this program's.
 *
 * Usage: knee K < lines of "count rate max_latency_ms"
 * Prints one line, e.g.
 *   peaks at 10 (within 25% of the highest, at 50); max latency passes 2x its 1-client value at 100
 * Exit status: 0, 1 on a bad argument or line. */
#include "../report/model/sweep_model.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Any one phase carries the figures; the rule reads no other. */
#define KNEE_PHASE ((enum phase_id)0)

static int bad(const char *why)
{
	fprintf(stderr, "knee: %s\n", why);
	return 1;
}

/* "count rate ms" lines into sw as single runs; -1 on a bad line. */
static int read_points(FILE *in, struct sweep *sw)
{
	long count;
	double rate, ms;
	int got;

	while ((got = fscanf(in, "%ld %lf %lf", &count, &rate, &ms)) == 3) {
		struct sweep_point *p;
		if (sw->levels >= MAX_SWEEP_LEVELS || count < 1 || (unsigned long)count > UINT32_MAX || !(rate >= 0) ||
		    !(ms >= 0) || ms > 1e9)
			return -1;
		sw->clients[sw->levels] = (uint32_t)count;
		p = &sw->point[sw->levels++][KNEE_PHASE];
		p->ran = true;
		p->runs = 1;
		p->rate = rate;
		p->p99 = (uint64_t)llround(ms * 1e6);
		/* the tool's clients are taken as busy together and its runs as
		 * done: the rule leaves out counts with low overlap, and an
		 * unset overlap (0) left out every count but the first */
		p->overlap = 1;
		sw->finished[sw->levels - 1] = true;
	}
	return got == EOF ? 0 : -1;
}

static void print_peak(const struct sweep *sw, const struct sweep_knee *k)
{
	unsigned gain = (unsigned)lround((SWEEP_MIN_GAIN - 1) * 100);

	if (k->kind == SWEEP_PEAK_NO_KNEE)
		printf("no clear knee (%u-%u within %u%%)", sw->clients[k->first], sw->clients[k->last], gain);
	else if (k->still_rising)
		printf("still rises at %u (highest, the last count)", sw->clients[k->peak]);
	else if (k->kind == SWEEP_PEAK_HIGHEST)
		printf("peaks at %u (highest)", sw->clients[k->peak]);
	else
		printf("peaks at %u (within %u%% of the highest, at %u)", sw->clients[k->peak], gain,
		       sw->clients[k->best]);
}

int main(int argc, char **argv)
{
	static struct sweep sw;
	struct sweep_knee k;
	char *end;
	double factor = argc == 2 ? strtod(argv[1], &end) : 0;

	if (argc != 2 || *end || !(factor > 1 && factor < 1e6))
		return bad("usage: knee K (a factor above 1) < lines of \"count rate max_latency_ms\"");
	if (read_points(stdin, &sw) != 0)
		{
		fprintf(stderr, "knee: each line is \"count rate max_latency_ms\" (at most %u lines, counts from 1)\n",
		        MAX_SWEEP_LEVELS);
		return 1;
	}
	if (sw.levels == 0) {
		printf("no counts\n");
		return 0;
	}
	if (!sweep_knee(&sw, KNEE_PHASE, factor, &k)) {
		printf("one count only (%u), no knee\n", sw.clients[0]);
		return 0;
	}
	print_peak(&sw, &k);
	if (k.p99_over >= 0)
		printf("; max latency passes %gx its %u-client value at %u\n", factor, sw.clients[k.base],
		       sw.clients[k.p99_over]);
	else
		printf("; max latency stays within %gx up to %u\n", factor, sw.clients[k.last]);
	return 0;
}
