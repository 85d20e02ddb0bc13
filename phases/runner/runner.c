/* The phase pipeline and its clock; see runner.h. */
#include "runner.h"
#include "../qd.h"
#include "../loop/io_common.h"
#include "../loop/start_line.h"
#include "../files/files.h"
#include "../loop/phase_timeline.h"
#include "../interface/accumulate.h"
#include "../../env/env.h"
#include "../../lib/platform.h"
#include "../../lib/signals.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define PHASE_ENTRY(id, name, title, words, group, unit, sym, block, col, chart, flags, needs, shape) &phase_##sym,
const struct phase *const phase_table[PHASE_COUNT] = {PHASES(PHASE_ENTRY)};
#undef PHASE_ENTRY

void runner_result_init(struct phase_result *res)
{
	phase_result_init(res);
}

/* What the block devices moved while the phase ran: their sysfs counters
 * before and after (other activity on the same devices counts too). */
void runner_device_before(const struct env_counters *c, struct dev_io *before)
{
	before->valid = c && env_counters_read(c, &before->read_bytes, &before->write_bytes) == 0;
	before->own_valid = before->valid && env_self_io(&before->own_read_bytes, &before->own_write_bytes) == 0;
}

void runner_device_delta(const struct dev_io *before, const struct env_counters *c, struct dev_io *out)
{
	struct dev_io after = {0};

	if (!before->valid || env_counters_read(c, &after.read_bytes, &after.write_bytes) != 0)
		return;
	out->valid = true;
	out->caveat = (uint8_t)c->caveat;
	out->read_ahead_kb = c->read_ahead_kb;
	snprintf(out->read_ahead_dev, sizeof out->read_ahead_dev, "%.31s", c->read_ahead_dev);
	out->read_bytes = after.read_bytes - before->read_bytes;
	out->write_bytes = after.write_bytes - before->write_bytes;
	out->write_copies_pct = (uint16_t)(c->write_copies_pct > UINT16_MAX ? 0 : c->write_copies_pct);
	snprintf(out->layout, sizeof out->layout, "%s", c->layout);
	if (before->own_valid && env_self_io(&after.own_read_bytes, &after.own_write_bytes) == 0) {
		out->own_valid = true;
		out->own_read_bytes = after.own_read_bytes - before->own_read_bytes;
		out->own_write_bytes = after.own_write_bytes - before->own_write_bytes;
	}
}

/* The ARC's hits and misses over a phase, and (a data-file read) whether
 * it may hold the whole file: ZFS's cache, which evicting the page cache
 * leaves as it is. After a phase that wrote the data file, the dataset's
 * compressratio. */
/* The file a phase works on: the profile's own size for its phases
 * (qd_file_size), -s for bonnie++'s. */
static uint64_t arc_file_bytes(const struct phase_ctx *ctx, enum phase_id id)
{
	return qd_is(id) ? qd_file_size(ctx->cfg, ctx->data_size) : ctx->cfg->file_size;
}

void runner_arc_before(const struct phase_ctx *ctx, struct zfs_arc *before)
{
	memset(before, 0, sizeof *before);
	if (ctx->zfs)
		zfs_arc_read(ctx->zfs, "", before);
}

void runner_arc_delta(const struct phase_ctx *ctx, enum phase_id id, const struct zfs_arc *before,
                      struct phase_result *res)
{
	struct zfs_arc after;

	/* ZFS's own threads (zfs-fuse's daemon) do the disks' I/O: the kernel
	 * charges none of it to bonnie, so /proc/self/io says nothing of it */
	if (ctx->zfs)
		res->dev.own_valid = false;
	if (ctx->zfs && phase_is(id, FACT_WRITES) && phase_is(id, FACT_DATA_FILE)) {
		double ratio = zfs_compressratio(ctx->zfs, &res->zfs.referenced);
		res->zfs.compressratio = ratio > 0 ? ratio : 0.0;
	}
	if (ctx->zfs == NULL || zfs_arc_read(ctx->zfs, "", &after) != 0)
		return;
	res->arc.max_bytes = after.c_max + after.l2_size;
	res->arc.file_bytes = arc_file_bytes(ctx, id);
	if (before->has_hits && after.has_hits && after.hits >= before->hits && after.misses >= before->misses) {
		res->arc.counted = true;
		res->arc.hits = after.hits - before->hits;
		res->arc.misses = after.misses - before->misses;
	}
	/* every reader of the data file has its eviction moment (the phase
	 * table's test): bonnie++'s reads and the profile's alike */
	if (phase_evict_moment(id) != EVICT_NEVER && zfs_arc_may_hold(&after, res->arc.file_bytes))
		res->flags |= RESULT_ARC_HOLDS;
}

/* Drops the phase's data file from the page cache when its row says so at
 * this moment (phase_evict_moment): bonnie++'s reads before their
 * preparation, the profile's after theirs, which may lay the file out, and
 * only where that found it read through the cache (O_DIRECT reads pass it
 * by). The one reader of that fact. */
static int evict_at(struct phase_ctx *ctx, enum phase_id id, struct phase_result *res, enum evict_moment at)
{
	if (phase_evict_moment(id) != at)
		return 0;
	if (at == EVICT_AFTER_PREPARE && !(res->flags & RESULT_BUFFERED))
		return 0;
	return data_evict(ctx, res);
}

/* A create or delete of a time-based level: one pass, cut at the deadline
 * or by the stonewall (phase_stonewall_raise). */
static int run_walled(struct phase_ctx *ctx, const struct phase *ph, struct phase_result *res)
{
	int rc;

	phase_deadline_set(ctx, ctx->until_ns);
	phase_stonewall_arm(ctx, true);
	rc = ph->run(ctx, res);
	phase_start_line_cross(ctx); /* ended without an operation: the others need not wait */
	phase_stonewall_arm(ctx, false);
	phase_deadline_set(ctx, 0);
	return rc;
}

/* The phase's run(): one pass, or with ctx->until_ns (a client of a
 * time-based level) passes of a PHASE_REPEATS phase until that time, as
 * fio's time_based does: every pass ends at the deadline, so every client
 * ends within an operation of it, except the first pass of a
 * PHASE_WHOLE_FIRST phase (it makes the data file the phases after need),
 * which is whole unless the run keeps a shared schedule (--start-at):
 * there a phase past its slot would start every later phase of the host
 * late, so the file is what that pass wrote by the deadline (at least one
 * chunk; the phases after work on ctx->data_size); the later passes
 * rewrite or reread the same data in place (ctx->pass > 0). A reading phase's file is dropped from the page cache
 * again before each further pass (inside the timed region: a small cost),
 * so no pass reads what the previous one cached. The seeks' active spans
 * add up. --verify keeps one pass (a second rewrite would find its own
 * stamps). */
static int run_passes(struct phase_ctx *ctx, const struct phase *ph, struct phase_result *res)
{
	bool level = ctx->until_ns != 0 && !ctx->cfg->verify;
	bool timed = (ph->flags & PHASE_REPEATS) && level;
	uint64_t span = 0, units;
	int rc;

	if ((ph->flags & PHASE_STONEWALL) && level)
		return run_walled(ctx, ph, res);

	if (timed && (!(ph->flags & PHASE_WHOLE_FIRST) || ctx->cfg->start_at_ns != 0))
		phase_deadline_set(ctx, ctx->until_ns);
	for (ctx->pass = 0;; ctx->pass++) {
		units = res->units;
		res->span_ns = 0;
		rc = ph->run(ctx, res);
		span += res->span_ns;
		/* a pass with nothing to do (a part of 0) is not repeated */
		if (rc != 0 || res->status != PHASE_NOT_RUN || !timed || res->units == units ||
		    clock_now_ns() >= ctx->until_ns || signals_stop_level() != STOP_NONE)
			break;
		/* the pass's flush stopped the timeline: the next pass's operations
		 * are at their own time (they all went into the first pass's last
		 * interval, and a preempted one made a "stall" there) */
		phase_timeline_resume(ctx);
		if (evict_at(ctx, ph->id, res, EVICT_BEFORE_PREPARE) != 0) { /* as before the first */
			rc = -1;
			break;
		}
		phase_deadline_set(ctx, ctx->until_ns);
	}
	phase_deadline_set(ctx, 0);
	ctx->pass = 0;
	res->span_ns = span;
	return rc;
}

/* Where a client's time-based level ended the phase for all: the
 * stonewall's time when it went up, else the deadline (0: not a client
 * of such a level, or a phase that is not cut). */
static uint64_t level_cut(const struct phase_ctx *ctx, const struct phase *ph)
{
	uint64_t wall;

	if (ctx->until_ns == 0 || ctx->cfg->verify || !(ph->flags & (PHASE_STONEWALL | PHASE_REPEATS)))
		return 0;
	if ((ph->flags & PHASE_STONEWALL) && ctx->end.wall && (wall = atomic_load(ctx->end.wall)) != 0)
		return wall;
	return ctx->until_ns;
}

/* How many threads a phase runs its work in: one, but for seeks with more
 * than one seeker and the profile's phases, whose engine may use a thread
 * per request in flight (0: not bounded here). */
static unsigned phase_threads(const struct phase_ctx *ctx, enum phase_id id)
{
	if (qd_is(id) || (id == PHASE_SEEKS && ctx->part.seek_procs > 1))
		return 0;
	return 1;
}

static int run_timed(struct phase_ctx *ctx, const struct phase *ph, struct phase_result *res)
{
	struct dev_io before = {0};
	struct zfs_arc arc;
	uint64_t c0, t0, t1, c1, began;
	int rc;

	runner_arc_before(ctx, &arc);
	runner_device_before(ctx->counters, &before);
	/* The CPU clock is read inside the wall-clock window (t0 c0 .. c1 t1):
	 * the CPU interval is then a sub-interval of the timed one, so one
	 * thread can never be charged more CPU than the time measured. The
	 * reverse nesting (c0 t0 .. t1 c1) charged the CPU clock's own reads,
	 * a system call each, to the phase and showed %CP up to 125 on phases
	 * of tens of microseconds. The error is now the other way round and
	 * bounded: about one CPU-clock read is timed but not charged. What the
	 * two clocks' disagreement still adds is cut to what the phase's
	 * threads can use (clock_cpu_bounded). */
	t0 = began = clock_now_ns();
	if (ctx->gate_ns != 0 && ctx->gate_ns <= t0)
		t0 = ctx->gate_ns; /* a client: the clients' common start (client_sync_gate) */
	ctx->gate_ns = 0;
	phase_timeline_begin(ctx, res, t0);
	c0 = clock_cpu_ns();
	rc = run_passes(ctx, ph, res);
	c1 = clock_cpu_ns();
	t1 = clock_now_ns();
	res->cut_ns = level_cut(ctx, ph);
	phase_timeline_end(ctx, ph->id, res, t1);
	runner_device_delta(&before, ctx->counters, &res->dev);
	runner_arc_delta(ctx, ph->id, &arc, res);
	res->start_ns = t0;
	res->began_ns = began;
	res->elapsed_ns = t1 - t0;
	res->cpu_ns = clock_cpu_bounded(c1 > c0 ? c1 - c0 : 0, res->elapsed_ns, phase_threads(ctx, ph->id));
	if (rc == 0 && res->status == PHASE_NOT_RUN)
		res->status = PHASE_DONE;
	return res->status == PHASE_DONE ? 0 : -1;
}

int runner_run_phase(struct phase_ctx *ctx, const struct phase *ph, struct phase_result *res,
                     const struct runner_hooks *hooks)
{
	int rc = evict_at(ctx, ph->id, res, EVICT_BEFORE_PREPARE);

	if (rc == 0 && ph->prepare)
		rc = ph->prepare(ctx, res);
	if (rc == 0)
		rc = evict_at(ctx, ph->id, res, EVICT_AFTER_PREPARE);
	if (rc == 0 && hooks && hooks->before_timed && hooks->before_timed(hooks->arg, ph->id) != 0) {
		res->status = PHASE_INTERRUPTED;
		rc = -1;
	}
	if (rc == 0)
		rc = run_timed(ctx, ph, res);
	if (rc == 0 && ph->finish)
		rc = ph->finish(ctx, res);
	return rc;
}

int runner_check_measured(const struct phase_ctx *ctx, enum phase_id id, struct phase_result *res, int rc)
{
	char why[OP_DETAIL_MAX];
	uint64_t level = ctx->cfg->level_ns;

	if (res->status != PHASE_DONE || res->latency.count > 0)
		return rc;
	/* on a busy machine a level can pass before the first operation (seek
	 * threads still starting, an open held up): nothing was measured, and
	 * a rate of 0 would say the device did nothing */
	if (level > 0)
		snprintf(why, sizeof why, "%s completed no operation in its level's %.3g s (--level-time): nothing measured",
		         phase_words(id), (double)level / 1e9);
	else
		snprintf(why, sizeof why, "%s completed no operation: nothing measured", phase_words(id));
	op_error_set_detail(&res->error, "measure", ctx->dirpath, -1, why);
	res->status = PHASE_FAILED;
	return -1;
}

void runner_note_counts(const struct config *cfg, const struct file_plan *files, struct run_result *run)
{
	const struct phase_result *seeks = &run->phase[PHASE_SEEKS];
	uint64_t made = 0; /* the files the run made: the most any creating phase made */

	for (int i = 0; i < PHASE_COUNT; i++)
		if (phase_is((enum phase_id)i, FACT_CREATES) && run->phase[i].units > made)
			made = run->phase[i].units;
	memset(&run->counts, 0, sizeof run->counts);
	run->counts.seeks_auto = !cfg->seeks_given;
	run->counts.files_auto = !cfg->files_given;
	run->counts.perchar_auto = !cfg->perchar_given;
	run->counts.size_auto = !cfg->file_size_given;
	if (!cfg->files_given)
		run->counts.files_bound = cfg->decided.files_by_rate ? cfg->decided.files_bound
		                          : files && files->count_fixed ? (uint8_t)files->bound : FILES_BOUND_NONE;
	run->counts.files_in_run = !cfg->files_given && !cfg->decided.files_by_rate && files && files->count_fixed &&
	                           files->bound != FILES_BOUND_NONE;
	for (int i = 0; i < PHASE_COUNT; i++)
		if (phase_is((enum phase_id)i, FACT_PERCHAR) && run->phase[i].status != PHASE_NOT_RUN)
			run->counts.perchar_bytes = cfg->perchar_size;
	/* a given count is split exactly among clients; one sized by time is what all did */
	if (seeks->status != PHASE_NOT_RUN)
		run->counts.seeks = cfg->seeks_given ? cfg->seeks : seeks->units;
	if (cfg->files_k > 0 && run->clients > 1 && config_level_timed(cfg))
		run->counts.files_k = (uint32_t)((made + 1023) / 1024); /* the creates ran by time */
	else if (cfg->files_k > 0 && files && files->count_fixed)
		run->counts.files_k = (uint32_t)(files->count / 1024);
	else if (cfg->files_k > 0 && (cfg->files_given || cfg->decided.files_by_rate))
		run->counts.files_k = cfg->files_k;
	else if (cfg->files_k > 0) /* auto count never settled, or the clients' own: what the creates made */
		run->counts.files_k = (uint32_t)((made + 1023) / 1024);
}

int runner_loop(const struct config *cfg, const struct phase *const *table, size_t count, struct run_result *run,
                const struct runner_hooks *hooks, const struct phase_exec *exec)
{
	run->interrupted = false;
	for (int i = 0; i < PHASE_COUNT; i++)
		runner_result_init(&run->phase[i]);
	for (size_t i = 0; i < count; i++) {
		const struct phase *ph = table[i];
		struct phase_result *res = &run->phase[ph->id];
		int rc;

		if (!phase_wanted(cfg, ph))
			continue;
		if (signals_stop_level() != STOP_NONE) {
			run->interrupted = true;
			return -1;
		}
		if (hooks && hooks->phase_begin)
			hooks->phase_begin(hooks->arg, ph->id);
		rc = exec->run(exec->arg, ph, res);
		if (res->status == PHASE_INTERRUPTED) /* set after the timeline was judged */
			verdict_mark_interrupted(&res->verdict);
		if (hooks && hooks->phase_end)
			hooks->phase_end(hooks->arg, ph->id, res);
		if (res->status == PHASE_INTERRUPTED)
			run->interrupted = true;
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* The executor of one process: the phase right here. */
struct local_exec {
	struct phase_ctx *ctx;
	const struct runner_hooks *hooks;
};

static int run_local(void *arg, const struct phase *ph, struct phase_result *res)
{
	struct local_exec *l = arg;

	int rc = runner_run_phase(l->ctx, ph, res, l->hooks);

	/* a client's part may be 0: the parent judges the clients' sum */
	return l->ctx->part.client ? rc : runner_check_measured(l->ctx, ph->id, res, rc);
}

int runner_run(struct phase_ctx *ctx, const struct phase *const *table, size_t count, struct run_result *run,
               const struct runner_hooks *hooks)
{
	struct local_exec l = {ctx, hooks};
	struct phase_exec exec = {run_local, &l};
	int rc = runner_loop(ctx->cfg, table, count, run, hooks, &exec);

	runner_note_counts(ctx->cfg, ctx->files, run);
	return rc;
}
