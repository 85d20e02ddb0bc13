/* The phase pipeline and its clock; see runner.h. */
#include "runner.h"
#include "io_common.h"
#include "../lib/env.h"
#include "../lib/platform.h"
#include "../lib/signals.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#define PHASE_ENTRY(id, name, title, unit, sym) &phase_##sym,
const struct phase *const phase_table[PHASE_COUNT] = {PHASES(PHASE_ENTRY)};
#undef PHASE_ENTRY

void runner_result_init(struct phase_result *res)
{
	memset(res, 0, sizeof *res);
	hist_init(&res->latency);
	res->error.offset = -1;
}

/* Drops the data file from the page cache so the read that follows comes
 * from the device. Outside the timed region. */
static int evict_data(struct phase_ctx *ctx, struct phase_result *res)
{
	int fd, rc;

	if (!ctx->cfg->evict) {
		res->flags |= RESULT_NOT_EVICTED;
		return 0;
	}
	fd = data_open(ctx, res, O_RDONLY, false, false);
	if (fd < 0)
		return -1;
	rc = plat_evict(fd);
	if (rc < 0)
		data_fail(ctx, res, "fdatasync", -1);
	else
		res->flags |= rc == 0 ? RESULT_NOT_EVICTED : RESULT_EVICTED;
	close(fd);
	return rc < 0 ? -1 : 0;
}

/* What the block device moved while the phase ran: its sysfs counters
 * before and after (other activity on the same device counts too). */
static void device_delta(const struct dev_io *before, const char *path, struct dev_io *out)
{
	struct dev_io after = {false, 0, 0};

	if (!before->valid || env_device_counters(path, &after.read_bytes, &after.write_bytes) != 0)
		return;
	out->valid = true;
	out->read_bytes = after.read_bytes - before->read_bytes;
	out->write_bytes = after.write_bytes - before->write_bytes;
}

static int run_timed(struct phase_ctx *ctx, const struct phase *ph, struct phase_result *res)
{
	struct dev_io before = {false, 0, 0};
	uint64_t c0, t0, t1, c1;
	int rc;

	if (ctx->devstat_path)
		before.valid = env_device_counters(ctx->devstat_path, &before.read_bytes, &before.write_bytes) == 0;
	c0 = clock_cpu_ns();
	t0 = clock_now_ns();
	rc = ph->run(ctx, res);
	t1 = clock_now_ns();
	c1 = clock_cpu_ns();
	device_delta(&before, ctx->devstat_path, &res->dev);
	res->start_ns = t0;
	res->elapsed_ns = t1 - t0;
	res->cpu_ns = c1 > c0 ? c1 - c0 : 0;
	if (rc == 0 && res->status == PHASE_NOT_RUN)
		res->status = PHASE_DONE;
	return res->status == PHASE_DONE ? 0 : -1;
}

int runner_run(struct phase_ctx *ctx, struct run_result *run, const struct runner_hooks *hooks)
{
	run->interrupted = false;
	for (int i = 0; i < PHASE_COUNT; i++)
		runner_result_init(&run->phase[i]);
	for (int i = 0; i < PHASE_COUNT; i++) {
		const struct phase *ph = phase_table[i];
		struct phase_result *res = &run->phase[i];
		int rc;

		if (!ph->enabled(ctx->cfg) || (ctx->cfg->phase_mask && !(ctx->cfg->phase_mask & (1u << i))))
			continue;
		if (signals_stop_level() != STOP_NONE) {
			run->interrupted = true;
			return -1;
		}
		if (hooks && hooks->phase_begin)
			hooks->phase_begin(hooks->arg, ph->id);
		rc = (ph->flags & PHASE_READS_DATA) ? evict_data(ctx, res) : 0;
		if (rc == 0 && ph->prepare)
			rc = ph->prepare(ctx, res);
		if (rc == 0 && hooks && hooks->before_timed && hooks->before_timed(hooks->arg, ph->id) != 0) {
			res->status = PHASE_INTERRUPTED;
			rc = -1;
		}
		if (rc == 0)
			rc = run_timed(ctx, ph, res);
		if (hooks && hooks->phase_end)
			hooks->phase_end(hooks->arg, ph->id, res);
		if (res->status == PHASE_INTERRUPTED)
			run->interrupted = true;
		if (rc != 0)
			return -1;
	}
	return 0;
}
