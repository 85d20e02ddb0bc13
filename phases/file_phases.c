/* The six file phases: sequential create / stat+read / delete, then random
 * create / stat+read / delete. Create and delete end by syncing only the
 * tested file system (syncfs), inside the timed region. The directories
 * are made before and removed after the timed region (each with its own
 * untimed sync), so every rate counts file operations only. */
#include "file_tree.h"
#include "files.h"
#include "io_common.h"
#include "phase_timeline.h"
#include "../lib/fileio.h"
#include "../lib/signals.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SHUFFLE_STAT 0x7374617473ULL
#define SHUFFLE_DEL 0x64656c6574ULL

static bool files_enabled(const struct config *cfg)
{
	return cfg->files_k > 0;
}

static bool links_mode(const struct file_plan *fp)
{
	return fp->max < 0;
}

static int file_fail_detail(struct file_plan *fp, struct phase_result *res, const char *op,
                            const char *name, const char *why)
{
	char path[4096 + FILES_NAME_MAX];

	snprintf(path, sizeof path, "%s/%s", fp->toppath, name);
	op_error_set_detail(&res->error, op, path, -1, why);
	res->status = PHASE_FAILED;
	return -1;
}

/* fsync of the directory holding file index (-b). */
static int sync_dir_of(struct file_plan *fp, struct phase_result *res, uint64_t index)
{
	int fd = file_tree_open_subdir(fp, files_dir_of(fp, index)), rc;

	if (fd < 0)
		return file_tree_fail(fp, res, "open directory", "");
	rc = io_fsync(fd);
	close(fd);
	return rc == 0 ? 0 : file_tree_fail(fp, res, "fsync directory", "");
}

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

/* Without -n, a stat phase passes over the files again until it has run
 * FILES_STAT_AUTO_NS; every stat counts, so the rate stays files / time. */
static bool stat_again(const struct file_plan *fp, const struct phase_result *res, uint64_t t0)
{
	return fp->auto_count && fp->count > 0 && res->status == PHASE_NOT_RUN && !phase_deadline_passed() &&
	       clock_now_ns() - t0 < FILES_STAT_AUTO_NS;
}

/* Writes the data of file index through fd in chunk-sized writes. */
static int write_contents(struct file_plan *fp, struct phase_result *res, int fd, uint64_t index,
                          const char *name)
{
	uint64_t size = files_size_of(fp, index), key = index << 40;

	for (uint64_t off = 0; off < size; off += fp->chunk) {
		size_t len = size - off < fp->chunk ? (size_t)(size - off) : fp->chunk;
		const unsigned char *data = pattern_block(&fp->pat, key + off, FILES_DATA_GEN, len);

		if (io_write_all(fd, data, len) != 0)
			return file_tree_fail_at(fp, res, "write", name, (int64_t)off);
		res->bytes += len;
	}
	return 0;
}

static int create_link(struct file_plan *fp, struct phase_result *res, uint64_t index, const char *name,
                       bool random_first)
{
	char first[FILES_NAME_MAX], target[FILES_NAME_MAX + 4];

	files_name(fp, 0, random_first, first);
	if (fp->max == FILES_HARD_LINKS) {
		if (linkat(fp->topfd, first, fp->topfd, name, 0) != 0)
			return file_tree_fail(fp, res, "link", name);
	} else {
		/* the target is relative to the link's own directory */
		snprintf(target, sizeof target, "%s%s", fp->dirs > 1 ? "../" : "", first);
		if (symlinkat(target, fp->topfd, name) != 0)
			return file_tree_fail(fp, res, "symlink", name);
	}
	return fp->sync_each ? sync_dir_of(fp, res, index) : 0;
}

/* One create operation: a new file with its data (or a link to file 0). */
static int create_one(struct file_plan *fp, struct phase_result *res, uint64_t index, bool random_first)
{
	char name[FILES_NAME_MAX];
	int fd, rc;

	files_name(fp, index, random_first, name);
	if (links_mode(fp) && index > 0)
		return create_link(fp, res, index, name, random_first);
	fd = openat(fp->topfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return file_tree_fail(fp, res, "create", name);
	rc = write_contents(fp, res, fd, index, name);
	if (rc == 0 && fp->sync_each && io_fsync(fd) != 0)
		rc = file_tree_fail(fp, res, "fsync", name);
	if (close(fd) != 0 && rc == 0)
		rc = file_tree_fail(fp, res, "close", name);
	if (rc == 0 && fp->sync_each)
		rc = sync_dir_of(fp, res, index);
	return rc;
}

/* The timed final sync of create and delete, its time kept apart. */
static int files_sync(struct phase_ctx *ctx, struct phase_result *res)
{
	uint64_t t0 = clock_now_ns(), t1;
	int rc;

	phase_timeline_stop(ctx, t0);
	rc = file_tree_sync(ctx);
	t1 = clock_now_ns();
	res->sync_ns += t1 - t0;
	phase_timeline_sync(ctx, t0, t1);
	return rc == 0 ? 0 : file_tree_fail(ctx->files, res, "sync", "");
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
	phase_stonewall_raise();
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
 * with every client holding the mean or more. These files are not claimed
 * from the pool: all the top-ups together make at most what the creates
 * made (clients_config counts both). Up to the most any client made could
 * cost as much again as the create. Every create has ended in every client
 * by now: the stat phase's barrier is between. */
static int top_up(struct phase_ctx *ctx, struct phase_result *res)
{
	struct file_plan *fp = ctx->files;
	struct files_made *all = made_here(ctx);
	uint64_t want, bytes = res->bytes;
	uint32_t clients;

	if (all == NULL || (clients = atomic_load(&all->clients)) == 0)
		return 0;
	want = (atomic_load(&all->files) + clients - 1) / clients;
	if (want <= fp->count)
		return 0;
	for (uint64_t i = fp->count; i < want; i++) {
		if (signals_stop_level() != STOP_NONE) {
			res->status = PHASE_INTERRUPTED;
			return -1;
		}
		if (create_one(fp, res, i, fp->random_names) != 0)
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
		if (phase_stop_requested(res)) {
			if (res->status == PHASE_INTERRUPTED)
				return 0;
			break; /* the level's end: the files made so far are synced */
		}
		if (!claim_file(ctx))
			break;
		if (create_one(fp, res, i, random_first) != 0)
			return -1;
		res->units++;
		op_timer_lap(&t, &res->latency);
		/* without -n the first create sets the count by time */
		if (!fp->count_fixed && files_auto_create_done(fp, i + 1, clock_now_ns() - t0)) {
			i++;
			break;
		}
	}
	create_ended(ctx, res, i);
	return files_sync(ctx, res);
}

static int seq_create_run(struct phase_ctx *ctx, struct phase_result *res)
{
	return create_all(ctx, res, false);
}

static int ran_create_run(struct phase_ctx *ctx, struct phase_result *res)
{
	return create_all(ctx, res, true);
}

static int verify_chunk(struct file_plan *fp, struct phase_result *res, const char *name,
                        uint64_t key, size_t len)
{
	struct pattern_mismatch m;
	char why[160];

	if (pattern_check(&fp->pat, fp->buf, len, key, FILES_DATA_GEN, &m) == 0)
		return 0;
	res->flags |= RESULT_MISMATCH;
	snprintf(why, sizeof why, "data differs at byte %llu: expected 0x%02x, found 0x%02x",
	         (unsigned long long)(m.offset & ((1ull << 40) - 1)), m.expected, m.found);
	return file_fail_detail(fp, res, "verify", name, why);
}

static int read_contents(struct file_plan *fp, struct phase_result *res, int fd, const char *name,
                         uint64_t index, uint64_t size)
{
	for (uint64_t off = 0; off < size; off += fp->chunk) {
		size_t want = size - off < fp->chunk ? (size_t)(size - off) : fp->chunk, got;

		if (io_read_full(fd, fp->buf, want, &got) != 0)
			return file_tree_fail_at(fp, res, "read", name, (int64_t)off);
		if (got != want)
			return file_fail_detail(fp, res, "read", name, "file ends before its size");
		res->bytes += got;
		res->read_bytes += got;
		if (fp->verify && verify_chunk(fp, res, name, (index << 40) + off, got) != 0)
			return -1;
	}
	return 0;
}

/* One stat operation: stat and, for files with data, open and read all of
 * it. Only with -n max -2 does stat follow symlinks: those bonnie made. */
static int stat_one(struct file_plan *fp, struct phase_result *res, int dirfd, const char *name,
                    const char *shown, uint64_t index)
{
	uint64_t want = files_size_of(fp, index);
	struct stat st;
	char why[96];
	int fd, rc;

	if (fstatat(dirfd, name, &st, fp->max == FILES_SYMLINKS ? 0 : AT_SYMLINK_NOFOLLOW) != 0)
		return file_tree_fail(fp, res, "stat", shown);
	if ((uint64_t)st.st_size != want) {
		snprintf(why, sizeof why, "size %lld, expected %llu", (long long)st.st_size,
		         (unsigned long long)want);
		return file_fail_detail(fp, res, "stat", shown, why);
	}
	if (st.st_size == 0)
		return 0;
	fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return file_tree_fail(fp, res, "open", shown);
	rc = read_contents(fp, res, fd, shown, index, want);
	close(fd);
	return rc;
}

/* Calls fn on every entry of subdirectory d in readdir order, repeating
 * passes until one finds nothing new to do (deleting while reading may
 * hide entries). Each pass lists a directory opened for it: a rewound
 * listing may keep what a share showed before. Returns the number of
 * entries handled, or -1. */
typedef int (*entry_fn)(struct file_plan *fp, struct phase_result *res, int dirfd, const char *name,
                        struct op_timer *t);

static int64_t walk_pass(struct file_plan *fp, struct phase_result *res, uint32_t d, entry_fn fn,
                         struct op_timer *t)
{
	int fd = file_tree_open_subdir(fp, d);
	int64_t pass = 0;
	struct dirent *ent;
	DIR *dir;

	if (fd < 0 || (dir = fdopendir(fd)) == NULL) {
		if (fd >= 0)
			close(fd);
		return file_tree_fail(fp, res, "opendir", "");
	}
	while ((ent = readdir(dir)) != NULL && !phase_stop_requested(res)) {
		if (ent->d_name[0] == '.')
			continue; /* our names never start with a dot */
		if (fn(fp, res, dirfd(dir), ent->d_name, t) != 0) {
			closedir(dir);
			return -1;
		}
		pass++;
	}
	closedir(dir);
	return pass;
}

static int64_t walk_subdir(struct file_plan *fp, struct phase_result *res, uint32_t d, entry_fn fn,
                           bool repeat, struct op_timer *t)
{
	int64_t done = 0, pass;

	do {
		pass = walk_pass(fp, res, d, fn, t);
		if (pass < 0)
			return -1;
		done += pass;
	} while (repeat && pass > 0 && res->status == PHASE_NOT_RUN);
	return done;
}

static int stat_entry(struct file_plan *fp, struct phase_result *res, int dirfd, const char *name,
                      struct op_timer *t)
{
	int64_t index = files_index_of(name, fp->random_names);

	if (index < 0 || (uint64_t)index >= fp->count)
		return file_fail_detail(fp, res, "stat", name, "a file bonnie did not create");
	if (stat_one(fp, res, dirfd, name, name, (uint64_t)index) != 0)
		return -1;
	res->units++;
	op_timer_lap(t, &res->latency);
	return 0;
}

static int unlink_entry(struct file_plan *fp, struct phase_result *res, int dirfd, const char *name,
                        struct op_timer *t)
{
	if (io_unlinkat_settled(dirfd, name, 0) != 0)
		return file_tree_fail(fp, res, "unlink", name);
	if (fp->sync_each && io_fsync(dirfd) != 0)
		return file_tree_fail(fp, res, "fsync directory", name);
	res->units++;
	op_timer_lap(t, &res->latency);
	return 0;
}

/* Every file must be seen exactly once: anything else is a file-system error. */
static int check_count(struct file_plan *fp, struct phase_result *res, uint64_t seen)
{
	char why[96];

	if (res->status != PHASE_NOT_RUN || seen == fp->count || phase_deadline_passed())
		return res->status == PHASE_FAILED ? -1 : 0;
	snprintf(why, sizeof why, "found %llu files, expected %llu", (unsigned long long)seen,
	         (unsigned long long)fp->count);
	return file_fail_detail(fp, res, "readdir", "", why);
}

static int walk_all(struct phase_ctx *ctx, struct phase_result *res, entry_fn fn, bool repeat)
{
	struct file_plan *fp = ctx->files;
	struct op_timer t;
	uint64_t seen = 0;

	op_timer_begin(&t, ctx->timeline);
	for (uint32_t d = 0; d < fp->dirs && res->status == PHASE_NOT_RUN && !phase_deadline_passed(); d++) {
		int64_t n;
		/* a directory no file went into was not touched by create either */
		if (!files_dir_used(fp, d))
			continue;
		n = walk_subdir(fp, res, d, fn, repeat, &t);
		if (n < 0)
			return -1;
		seen += (uint64_t)n;
	}
	return check_count(fp, res, seen);
}

static int seq_stat_run(struct phase_ctx *ctx, struct phase_result *res)
{
	uint64_t t0 = clock_now_ns();

	do {
		if (walk_all(ctx, res, stat_entry, false) != 0)
			return -1;
	} while (stat_again(ctx->files, res, t0));
	return 0;
}

/* The end of a delete's loop: all of the files gone (the stonewall goes
 * up), or a pass cut by the level's end or the stonewall, whose files the
 * untimed tidying removes (file_tree_remove). */
static void delete_ended(struct file_plan *fp, struct phase_result *res)
{
	if (res->units < fp->count)
		fp->leftovers = true;
	else
		phase_stonewall_raise();
	if (res->units == 0 && fp->count > 0)
		res->flags |= RESULT_STARVED; /* cut before its first delete */
}

static int seq_del_run(struct phase_ctx *ctx, struct phase_result *res)
{
	if (walk_all(ctx, res, unlink_entry, true) != 0 || res->status != PHASE_NOT_RUN)
		return res->status == PHASE_INTERRUPTED ? 0 : -1;
	delete_ended(ctx->files, res);
	return files_sync(ctx, res);
}

static int shuffle_for_stat(struct phase_ctx *ctx, struct phase_result *res)
{
	(void)res;
	files_shuffle(ctx->files, SHUFFLE_STAT);
	return 0;
}

static int shuffle_for_delete(struct phase_ctx *ctx, struct phase_result *res)
{
	if (top_up(ctx, res) != 0)
		return -1;
	files_shuffle(ctx->files, SHUFFLE_DEL);
	return 0;
}

static int ran_stat_run(struct phase_ctx *ctx, struct phase_result *res)
{
	struct file_plan *fp = ctx->files;
	char name[FILES_NAME_MAX];
	struct op_timer t;
	uint64_t t0 = clock_now_ns();

	do {
		op_timer_begin(&t, ctx->timeline);
		for (uint64_t i = 0; i < fp->count && !phase_stop_requested(res); i++) {
			uint32_t index = fp->order[i];

			files_name(fp, index, true, name);
			if (stat_one(fp, res, fp->topfd, name, name, index) != 0)
				return -1;
			res->units++;
			op_timer_lap(&t, &res->latency);
		}
	} while (stat_again(fp, res, t0));
	return 0;
}

static int ran_del_run(struct phase_ctx *ctx, struct phase_result *res)
{
	struct file_plan *fp = ctx->files;
	char name[FILES_NAME_MAX];
	struct op_timer t;

	op_timer_begin(&t, ctx->timeline);
	for (uint64_t i = 0; i < fp->count; i++) {
		uint32_t index = fp->order[i];

		if (phase_stop_requested(res)) {
			if (res->status == PHASE_INTERRUPTED)
				return 0;
			break;
		}
		files_name(fp, index, true, name);
		if (io_unlinkat_settled(fp->topfd, name, 0) != 0)
			return file_tree_fail(fp, res, "unlink", name);
		if (fp->sync_each && sync_dir_of(fp, res, index) != 0)
			return -1;
		res->units++;
		op_timer_lap(&t, &res->latency);
	}
	delete_ended(fp, res);
	return files_sync(ctx, res);
}

const struct phase phase_seq_create = {
	.id = PHASE_SEQ_CREATE, .flags = PHASE_STONEWALL, .enabled = files_enabled, .prepare = make_seq_tree, .run = seq_create_run,
};
const struct phase phase_seq_stat = {
	.id = PHASE_SEQ_STAT, .flags = PHASE_REPEATS, .enabled = files_enabled, .run = seq_stat_run,
};
const struct phase phase_seq_del = {
	.id = PHASE_SEQ_DEL, .flags = PHASE_STONEWALL, .enabled = files_enabled, .prepare = top_up,
	.run = seq_del_run, .finish = file_tree_remove,
};
const struct phase phase_ran_create = {
	.id = PHASE_RAN_CREATE, .flags = PHASE_STONEWALL, .enabled = files_enabled, .prepare = make_ran_tree, .run = ran_create_run,
};
const struct phase phase_ran_stat = {
	.id = PHASE_RAN_STAT, .flags = PHASE_REPEATS, .enabled = files_enabled, .prepare = shuffle_for_stat,
	.run = ran_stat_run,
};
const struct phase phase_ran_del = {
	.id = PHASE_RAN_DEL, .flags = PHASE_STONEWALL, .enabled = files_enabled, .prepare = shuffle_for_delete, .run = ran_del_run,
	.finish = file_tree_remove,
};
