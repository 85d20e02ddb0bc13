/* The two create phases (sequential and random names), the tree each
 * makes first, and the untimed top-up before a time-based level's delete.
 * Create ends by syncing only the tested file system (syncfs), inside the
 * timed region; the directories are made before it (with their own
 * untimed sync), so every rate counts file operations only. */
#include "files/file_ops.h"
#include "files/file_tree.h"
#include "files/files.h"
#include "loop/io_common.h"
#include "loop/start_line.h"
#include "../lib/signals.h"

#include <time.h>

/* The sequential tree makes the random one's directory too, when the
 * random phases will run. */
static int make_seq_tree(struct phase_ctx *ctx, struct phase_result *res)
{
	return file_tree_make(ctx, res, phase_wanted(ctx->cfg, &phase_ran_create));
}

static int make_ran_tree(struct phase_ctx *ctx, struct phase_result *res)
{
	return file_tree_make(ctx, res, false);
}

/* A create by time (a client of a time-based level) makes files 0, 1, ...
 * until the deadline or until the clients have taken the level's pool
 * (fp->cap, claim_file); what it made is then the count that the stat and
 * delete phases after it use. */
static uint64_t create_limit(struct file_plan *fp)
{
	return fp->timed ? fp->cap : fp->count;
}

static struct files_made *made_here(struct phase_ctx *ctx)
{
	struct file_plan *fp = ctx->files;

	return fp->timed && ctx->made ? &ctx->made[fp->random_names ? 1 : 0] : NULL;
}

/* A claim on one file of the level's pool; false once it is all taken
 * (then the stonewall goes up: every client's create ends). Without a
 * pool (not a client of a time-based level), always true. */
static bool claim_file(struct phase_ctx *ctx)
{
	struct files_made *all = made_here(ctx);

	if (all == NULL || atomic_fetch_add_explicit(&all->taken, 1, memory_order_relaxed) < ctx->files->cap)
		return true;
	phase_stonewall_raise(ctx);
	return false;
}

static void create_ended(struct phase_ctx *ctx, struct phase_result *res, uint64_t made)
{
	struct file_plan *fp = ctx->files;
	struct files_made *all = made_here(ctx);

	if (!fp->timed)
		return;
	if (made == 0)
		res->flags |= RESULT_STARVED; /* the pool was taken or the level over before it began */
	fp->count = made;
	if (all != NULL) {
		atomic_fetch_add(&all->files, made);
		atomic_fetch_add(&all->clients, 1);
	}
}

/* Untimed, before a delete of a time-based level: the clients' creates
 * made very unequal counts (on this VM's ext4 one client's directory
 * takes files up to 70 times slower than another's), and a delete cut by
 * the stonewall would end when the one with the fewest files is done. So
 * a client with fewer than the clients' mean first makes files up to it,
 * as mdtest's stonewall wear-out does, and syncs them: the delete starts
 * with every client holding the mean or more. In a sweep, where a delete
 * rate was measured before, it makes files up to its share of what the
 * deletes remove in the level's time, when that is more (files_top_up_want,
 * files_delete_aim). These files are not claimed from the pool: all the
 * top-ups together make at most the pool again (part_of_client counts
 * both). Up to the most any client made could cost as much again as the
 * create. The mean is taken once every client's
 * create has ended: without the stat phases (--phases) no barrier is
 * between, and a client that came first took a mean of some of the
 * clients only (stonewall.sh saw a client topped up to 1725, not 2048). */
static int wait_for_creates(struct files_made *all, struct phase_result *res)
{
	struct timespec nap = {0, 1000000};

	while (atomic_load(&all->clients) < all->expected) {
		if (signals_stop_level() != STOP_NONE) {
			res->status = PHASE_INTERRUPTED;
			return -1;
		}
		nanosleep(&nap, NULL);
	}
	return 0;
}

int file_top_up(struct phase_ctx *ctx, struct phase_result *res)
{
	struct file_plan *fp = ctx->files;
	struct files_made *all = made_here(ctx);
	uint64_t want, bytes = res->bytes;
	uint32_t clients;

	if (all == NULL || atomic_load(&all->clients) == 0)
		return 0;
	if (wait_for_creates(all, res) != 0)
		return -1;
	clients = atomic_load(&all->clients);
	want = files_top_up_want(atomic_load(&all->files), clients, atomic_load(&all->aim), fp->cap);
	if (want <= fp->count)
		return 0;
	for (uint64_t i = fp->count; i < want; i++) {
		if (signals_stop_level() != STOP_NONE) {
			res->status = PHASE_INTERRUPTED;
			return -1;
		}
		if (file_create_one(fp, res, i, fp->random_names) != 0)
			return -1;
		fp->count = i + 1;
	}
	res->bytes = bytes; /* the file contents written here are not the delete's */
	return file_tree_sync(ctx) == 0 ? 0 : file_tree_fail(fp, res, "sync", "");
}

static int create_all(struct phase_ctx *ctx, struct phase_result *res, bool random_first)
{
	struct file_plan *fp = ctx->files;
	uint64_t t0 = clock_now_ns(), limit = create_limit(fp), i;
	struct op_timer t;

	fp->random_names = random_first;
	op_timer_begin(&t, ctx->timeline);
	for (i = 0; i < limit; i++) {
		if (phase_stop_requested(ctx, res)) {
			if (res->status == PHASE_INTERRUPTED)
				return 0;
			break; /* the level's end: the files made so far are synced */
		}
		if (!claim_file(ctx))
			break;
		if (file_create_one(fp, res, i, random_first) != 0)
			return -1;
		res->units++;
		op_timer_lap(&t, &res->latency);
		phase_start_line(ctx, &t);
		/* without -n the first create sets the count by time */
		if (!fp->count_fixed && files_auto_create_done(fp, i + 1, clock_now_ns() - t0)) {
			i++;
			break;
		}
	}
	create_ended(ctx, res, i);
	return file_phase_sync(ctx, res);
}

static int seq_create_run(struct phase_ctx *ctx, struct phase_result *res)
{
	return create_all(ctx, res, false);
}

static int ran_create_run(struct phase_ctx *ctx, struct phase_result *res)
{
	return create_all(ctx, res, true);
}

const struct phase phase_seq_create = {
	.id = PHASE_SEQ_CREATE, .flags = PHASE_STONEWALL, .enabled = file_phases_enabled, .prepare = make_seq_tree, .run = seq_create_run,
};
const struct phase phase_ran_create = {
	.id = PHASE_RAN_CREATE, .flags = PHASE_STONEWALL, .enabled = file_phases_enabled, .prepare = make_ran_tree, .run = ran_create_run,
};
