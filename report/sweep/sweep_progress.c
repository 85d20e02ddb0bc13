/* The sweep's progress line: which client count and phase, how much of
 * the sweep is done and an estimate of the time left. */
#include "sweep.h"

void report_sweep_progress(FILE *out, bool live, const struct sweep_step *st)
{
	char eta[32] = "?";

	if (st->done > 0 && st->total > st->done) {
		uint64_t left = st->elapsed_s * (st->total - st->done) / st->done;
		snprintf(eta, sizeof eta, "%llum%02llus", (unsigned long long)(left / 60),
		         (unsigned long long)(left % 60));
	} else if (st->total == st->done) {
		snprintf(eta, sizeof eta, "0m00s");
	}
	fprintf(out, "%sbonnie: %u client%s (%u of %u counts), %s: %u%% done, ETA %s%s", live ? "\r\033[K" : "",
	        st->clients, st->clients == 1 ? "" : "s", st->level + 1, st->levels, phase_name(st->phase),
	        st->total ? (unsigned)(100 * st->done / st->total) : 0, eta, live ? "" : "\n");
	fflush(out);
}
