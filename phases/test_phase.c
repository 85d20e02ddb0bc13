/* The test build's extra phase (make phase-test, -DBONNIE_TEST_PHASE): it
 * stats the scratch directory TEST_STATS times, one latency entry each,
 * timed like any phase. It measures nothing worth knowing; it is there so
 * a row appended to PHASES(X) runs through every output under ASan. One
 * call in TEST_SLOW_EVERY also sleeps TEST_SLOW_NS: 2% of the calls, so
 * the p99 is a sleep's (>= 200 us) and the median a stat's (about 1 us),
 * and an output that swapped the two would show it. */
#include "loop/io_common.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>

#define TEST_STATS 20000
#define TEST_SLOW_EVERY 50
#define TEST_SLOW_NS 200000L

static bool test_stat_enabled(const struct config *cfg)
{
	(void)cfg;
	return true;
}

static int test_stat_run(struct phase_ctx *ctx, struct phase_result *res)
{
	struct op_timer t;
	struct stat st;

	op_timer_begin(&t, ctx->timeline);
	for (uint64_t i = 0; i < TEST_STATS && !phase_stop_requested(ctx, res); i++) {
		if (fstatat(ctx->dirfd, ".", &st, 0) != 0) {
			op_error_set(&res->error, errno, "stat", ctx->dirpath, -1);
			res->status = PHASE_FAILED;
			return -1;
		}
		if (i % TEST_SLOW_EVERY == TEST_SLOW_EVERY - 1) {
			struct timespec slow = { 0, TEST_SLOW_NS };
			nanosleep(&slow, NULL); /* a signal cuts it short: the stop is checked next */
		}
		op_timer_lap(&t, &res->latency);
		res->units++;
	}
	return 0;
}

const struct phase phase_test_stat = {
	.id = PHASE_TEST_STAT,
	.enabled = test_stat_enabled,
	.run = test_stat_run,
};
