/* Sizing once per invocation (phases/sizing/autosize.h): the per-char size from
 * its calibration, the data file by time on a share, the file count fixed
 * for every run and client, a failed calibration reported with the errno
 * of what failed (never a made-up one), the share detection by file
 * system type and the link probe. */
#include "suites.h"
#include "util_fs.h"
#include "util_synth.h"
#include "../env/netshare.h"
#include "../phases/sizing/autosize.h"
#include "../phases/runner/bench.h"
#include "../phases/sizing/data_auto.h"
#include "../phases/files/files.h"
#include "../phases/probes/link_probe.h"
#include "../phases/sizing/perchar_auto.h"
#include "../env/env.h"
#include "../options/options.h"
#include "../report/model/confidence.h"
#include "../report/model/metrics.h"
#include "../report/report.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* One-byte calls in 150 ms: the calibration's record of a rate. */
static struct perchar_cal cal_at(double write_bps, double read_bps)
{
	struct perchar_cal c = {(uint64_t)(write_bps * 0.15), 150000000ull, (uint64_t)(read_bps * 0.15), 150000000ull};
	return c;
}

/* How long a phase of bytes takes at bps. */
static double seconds(uint64_t bytes, double bps)
{
	return (double)bytes / bps;
}

/* 200000 one-byte writes a second, 600000 reads: the faster, the read,
 * runs the 2.5 s aimed at (1.5 MB in whole KiB), the write 7.5 s. */
START_TEST(perchar_from_the_faster_rate)
{
	struct perchar_cal c = cal_at(200000, 600000);
	struct perchar_size p;

	perchar_auto_size(&c, 8192, 0, &p);
	ck_assert_uint_eq(p.bytes, 1499136);
	ck_assert(!p.skip_write && !p.skip_read);
	perchar_auto_size(&c, 8192, 65536, &p); /* never past the data file */
	ck_assert_uint_eq(p.bytes, 65536);
	c = cal_at(1000000, 100000); /* reads slower: the write decides, the read is held to 15 s */
	perchar_auto_size(&c, 8192, 0, &p);
	ck_assert_uint_eq(p.bytes, 1499136);
}
END_TEST

/* Issue 34: sized by 2 s alone, per-char at 300 KiB/s did 75 chunks of
 * 8 KiB and was marked '#'. Whatever the rate, a phase that is not skipped
 * does at least the operations the mark needs and lasts long enough to be
 * judged over time. */
START_TEST(perchar_gives_a_trusted_figure)
{
	static const double rates[] = {300 * 1024, 100 * 1024, 80000, 1e6, 5e6, 60e6};
	static const uint32_t chunks[] = {8192, 256, 65536};

	for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++)
		for (size_t k = 0; k < sizeof chunks / sizeof chunks[0]; k++) {
			struct perchar_cal c = cal_at(rates[i], rates[i] * 1.5);
			struct perchar_size p;

			perchar_auto_size(&c, chunks[k], 0, &p);
			if (p.skip_write)
				continue;
			ck_assert_uint_ge(p.bytes / chunks[k], CONF_MIN_OPS);
			ck_assert_double_ge(seconds(p.bytes, rates[i] * 1.5), (double)VERDICT_MIN_NS / 1e9);
			ck_assert_double_le(seconds(p.bytes, rates[i]), (double)PERCHAR_MAX_NS / 1e9 + 0.01);
		}
	{
		struct perchar_cal c = cal_at(300 * 1024, 300 * 1024);
		struct perchar_size p;

		perchar_auto_size(&c, 8192, 0, &p);
		ck_assert_uint_eq(p.bytes, 1u << 20); /* the floor: 128 chunks, not 750 KiB */
	}
}
END_TEST

/* Through sshfs one byte a call wrote at about 2 KiB/s: 128 chunks would
 * take minutes, so the write is skipped and the read, far faster, sized
 * alone; both skipped leaves no per-char size. */
START_TEST(perchar_too_slow_is_skipped)
{
	struct perchar_cal c = cal_at(2000, 1e6);
	struct perchar_size p;

	perchar_auto_size(&c, 8192, 0, &p);
	ck_assert(p.skip_write);
	ck_assert(!p.skip_read);
	ck_assert_uint_eq(p.floor_bytes, 128 * 8192);
	ck_assert_uint_eq(p.bytes, 2500000 / 1024 * 1024);
	c = cal_at(2000, 3000);
	perchar_auto_size(&c, 8192, 0, &p);
	ck_assert(p.skip_write && p.skip_read);
	ck_assert_uint_eq(p.bytes, 0);
	c = cal_at(2000, 3000); /* a data file of 16 KiB: the floor is the file */
	perchar_auto_size(&c, 8192, 16384, &p);
	ck_assert(!p.skip_write && !p.skip_read);
	ck_assert_uint_eq(p.bytes, 16384);
}
END_TEST

START_TEST(perchar_calibration_cleans_up)
{
	char dir[] = "/tmp/bonnie-autosize.XXXXXX";
	struct perchar_cal c;
	int fd;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	fd = open(dir, O_RDONLY | O_DIRECTORY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(perchar_auto_calibrate(fd, &c), 0);
	ck_assert_uint_gt(c.write_calls, 0);
	ck_assert_uint_gt(c.read_calls, 0);
	ck_assert_uint_gt(c.write_ns, 0);
	ck_assert_uint_gt(c.read_ns, 0);
	ck_assert_int_eq(dir_entries(dir), 0);
	close(fd);
	rmdir(dir);
}
END_TEST

static struct data_cal data_cal_of(uint64_t wrote, uint64_t write_ns, uint64_t read, uint64_t read_ns)
{
	struct data_cal c = {wrote, write_ns, read, read_ns, 0, 0};
	return c;
}

/* 20 MB/s for 2.5 s: 50 MB, in whole MiB; at least 8 MiB, at most the default. */
START_TEST(data_file_by_time)
{
	struct data_cal c = data_cal_of(8000000, 400000000ull, 8000000, 400000000ull);

	ck_assert_uint_eq(data_auto_size(&c, 8192, 8192, 4ull << 30), 47ull << 20);
	c = data_cal_of(1000, 400000000ull, 1000, 400000000ull);
	ck_assert_uint_eq(data_auto_size(&c, 8192, 8192, 4ull << 30), DATA_AUTO_MIN);
	ck_assert_uint_eq(data_auto_size(&c, 8192, 64ull << 20, 4ull << 30), 64ull << 20);
	ck_assert_uint_eq(data_auto_size(&c, 8192, 8192, 4ull << 20), 4ull << 20);
	c = data_cal_of(UINT64_MAX / 4, 1, 0, 0);
	ck_assert_uint_eq(data_auto_size(&c, 8192, 8192, 4ull << 30), 4ull << 30);
}
END_TEST

/* Issue 34: through sshfs the calibration's fsync once took 6.8 s, the
 * file was sized 8 MiB and the block read ran 0.22 s (marked '~'). The
 * read back sizes the file so the block read lasts DATA_READ_NS, within
 * DATA_MAX_NS of writing. */
START_TEST(data_file_long_enough_to_read)
{
	/* wrote 8 MB in 7.2 s (a stalled fsync), read 14.4 MB in 0.4 s: 36 MB/s */
	struct data_cal c = data_cal_of(8000000, 7200000000ull, 14400000, 400000000ull);
	uint64_t size = data_auto_size(&c, 8192, 8192, 4ull << 30);

	ck_assert_uint_eq(size, 21ull << 20); /* held to 20 s of writing at the stalled rate */
	ck_assert_double_ge((double)size / 36e6, (double)METRIC_MIN_TRUSTED_NS / 1e9);
	c.write_ns = 800000000ull; /* 10 MB/s without the stall: the read's 1 s, over 2.5 s of writing */
	ck_assert_uint_eq(data_auto_size(&c, 8192, 8192, 4ull << 30), 34ull << 20);
	/* reads from a cache at 2 GB/s: no more than 20 s of writing at 20 MB/s */
	c = data_cal_of(8000000, 400000000ull, 800000000, 400000000ull);
	ck_assert_uint_eq(data_auto_size(&c, 8192, 8192, 4ull << 30), 381ull << 20);
}
END_TEST

/* Through sshfs the rewrite ran at a tenth of the block write's rate
 * (2.5 against 17.6 MB/s in the calibration): the file is held to what
 * DATA_REWRITE_MAX_NS rewrites, 15 s, but not below the block read's 1 s
 * (under 0.5 s its figure is marked '~': seen with a rewrite of 0.7 MB/s,
 * which made the file 8 MiB and the block read 0.3 s). */
START_TEST(data_file_rewritten_in_bounded_time)
{
	struct data_cal c = data_cal_of(7040000, 400000000ull, 12000000, 400000000ull);

	c.rewrite_bytes = 1000000;
	c.rewrite_ns = 400000000ull;
	ck_assert_uint_eq(data_auto_size(&c, 8192, 8192, 4ull << 30), 35ull << 20); /* 37.5 MB */
	c.rewrite_bytes = 160000; /* 0.4 MB/s: 6 MB in 15 s, but the read needs 30 MB */
	ck_assert_uint_eq(data_auto_size(&c, 8192, 8192, 4ull << 30), 28ull << 20);
	c.rewrite_bytes = 40000000; /* a disk: rewrites as fast as writes, the write decides */
	ck_assert_uint_eq(data_auto_size(&c, 8192, 8192, 4ull << 30), 41ull << 20); /* 44 MB */
}
END_TEST

/* Decided once, a count has no create stop rule to trim it: the delete
 * target, bounded by what creating does in FILES_AUTO_MAX_CREATE_NS, but
 * never under what deleting takes FILES_AUTO_FLOOR_NS to remove (before,
 * a slow calibration create made 5 x 1024 files whose deletes ran 0.2 s,
 * marked '~'); *bound says which. */
START_TEST(files_decided_once)
{
	enum files_bound b;

	/* deleting 8 us a file: 428 x 1024 in 3.5 s; creating 20 us: 8 s make 390 x 1024 */
	ck_assert_uint_eq(files_auto_decide_k(8000, 20000, 512, false, &b), 390);
	ck_assert_int_eq(b, FILES_BOUND_CREATE_TIME);
	ck_assert_uint_eq(files_auto_decide_k(8000, 10000, 512, false, &b), 428);
	ck_assert_int_eq(b, FILES_BOUND_DELETE_AIM);
	/* creating 100 us a file: 8 s make 78 x 1024, under the 1 s of deletes of 123 x 1024 */
	ck_assert_uint_eq(files_auto_decide_k(8000, 100000, 512, false, &b), 123);
	ck_assert_int_eq(b, FILES_BOUND_DELETE_FLOOR);
	ck_assert_uint_eq(files_auto_decide_k(8000, 50000000, 512, false, &b), 123);
	ck_assert_uint_eq(files_auto_decide_k(8000, UINT64_MAX, 512, false, &b), 123);
	ck_assert_uint_eq(files_auto_decide_k(8000, 0, 512, false, &b), 428);
	ck_assert_int_eq(b, FILES_BOUND_DELETE_AIM);
	/* deleting 1 us a file wants 3418 x 1024: the cap, the inodes' or bonnie's most */
	ck_assert_uint_eq(files_auto_decide_k(1000, 1000, 300, true, &b), 300);
	ck_assert_int_eq(b, FILES_BOUND_INODES);
	ck_assert_uint_eq(files_auto_decide_k(1000, 1000, 512, false, &b), 512);
	ck_assert_int_eq(b, FILES_BOUND_MAX);
	/* a slow share deletes and creates alike: the floor is the cap's */
	ck_assert_uint_eq(files_auto_decide_k(20000000, 20000000, 512, false, &b), 1);
}
END_TEST

/* A batch's time is what a file costs when nothing else got in the way:
 * one stalled batch (a journal commit) slows the whole calibration down
 * but not the fastest batch. */
START_TEST(calibration_rate_from_the_fastest_batch)
{
	/* 256 files in 4 batches: three of 64 us, one stalled 100 ms */
	uint64_t total = 3 * 64000 + 100000000;

	ck_assert_uint_eq(files_auto_per_file_ns(total, 64000, 256), 1000);
	ck_assert_uint_gt(total / 256, 100 * 1000);
	/* no whole batch: the whole's time */
	ck_assert_uint_eq(files_auto_per_file_ns(40000, 0, 40), 1000);
	ck_assert_uint_eq(files_auto_per_file_ns(0, 0, 0), 0);
}
END_TEST

static struct rlimit saved_limit;
static bool limit_lowered;

static void limit_restore(void)
{
	if (limit_lowered && setrlimit(RLIMIT_NOFILE, &saved_limit) == 0)
		limit_lowered = false;
}

/* The calibration's first file cannot be opened (no descriptor left): the
 * error is EMFILE, what open(2) said, not a made-up EIO; nothing is left. */
START_TEST(calibration_failure_keeps_its_errno)
{
	char dir[] = "/tmp/bonnie-autosize.XXXXXX";
	char a0[] = "bonnie", a1[] = "-s", a2[] = "0";
	char *argv[] = {a0, a1, a2, NULL};
	struct config cfg;
	struct file_plan fp;
	struct rlimit rl;
	char err[256];
	int fd, lowest;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_int_eq(options_parse(3, argv, "h", &cfg, err, sizeof err), OPT_RUN);
	ck_assert_int_eq(files_plan_init(&fp, &cfg, (struct part[]){part_whole(&cfg)}, dir, 64), 0);
	fd = open(dir, O_RDONLY | O_DIRECTORY);
	ck_assert_int_ge(fd, 0);
	lowest = dup(0);
	ck_assert_int_ge(lowest, 0);
	close(lowest);
	ck_assert_int_eq(getrlimit(RLIMIT_NOFILE, &saved_limit), 0);
	rl = saved_limit;
	rl.rlim_cur = (rlim_t)lowest + 1; /* the calibration directory's descriptor, no more */
	ck_assert_int_eq(setrlimit(RLIMIT_NOFILE, &rl), 0);
	limit_lowered = true;
	errno = 0;
	ck_assert_int_eq(files_auto_size(&fp, fd, dir), -1);
	ck_assert_int_eq(errno, EMFILE);
	limit_restore();
	ck_assert(!fp.sized);
	ck_assert_int_eq(dir_entries(dir), 0);
	files_plan_free(&fp);
	close(fd);
	rmdir(dir);
}
END_TEST

START_TEST(calibration_decides_a_count)
{
	char dir[] = "/tmp/bonnie-autosize.XXXXXX";
	struct files_cal cal;
	int fd;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	fd = open(dir, O_RDONLY | O_DIRECTORY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(files_auto_calibrate(fd, dir, &cal), 0);
	ck_assert_uint_ge(cal.created, FILES_AUTO_CAL_MIN);
	ck_assert(!cal.slow);
	ck_assert_uint_ge(cal.decided_k, 1);
	ck_assert_uint_le(cal.decided_k, cal.target_k);
	ck_assert_uint_le(cal.target_k, cal.cap_k);
	ck_assert_int_eq(dir_entries(dir), 0);
	close(fd);
	rmdir(dir);
}
END_TEST

/* Each calibration that fails in a scratch directory with a long path
 * (here: no descriptor, EBADF) says so whole: "calibrate <what> in <dir>:
 * <reason>", what bonnie.1 documents after "cannot ", never cut. */
START_TEST(calibration_messages_whole)
{
	static const struct {
		const char *arg, *op;
		bool by_time, per_char;
	} cal[] = {
		{"-q", "calibrate block writes in", true, false},
		{"-q", "calibrate per-char I/O in", false, true},
		{"-c2", "calibrate file creation in", false, false},
	};
	char a0[] = "bonnie", arg[16], want[OP_ERROR_TEXT_MAX], got[OP_ERROR_TEXT_MAX], err[256];
	struct bench *b = calloc(1, sizeof *b);
	struct autosize as;

	ck_assert_ptr_nonnull(b);
	b->scratch.dirfd = -1;
	memset(b->scratch.path, 'd', 3000);
	memcpy(b->scratch.path, "/tmp/", 5);
	snprintf(b->scratch.path + 3000, sizeof b->scratch.path - 3000, "/bonnie.AbCdEf");
	for (size_t i = 0; i < sizeof cal / sizeof cal[0]; i++) {
		char *argv[] = {a0, arg, NULL};
		struct op_error e = {.offset = -1};
		struct config cfg;

		snprintf(arg, sizeof arg, "%s", cal[i].arg);
		ck_assert_int_eq(options_parse(2, argv, "h", &cfg, err, sizeof err), OPT_RUN);
		cfg.file_size = 1 << 20; /* the data and per-char calibrations' */
		cfg.decided.file_size_auto = true;
		cfg.perchar_size = 1 << 20;
		cfg.perchar_given = !cal[i].per_char; /* else it is calibrated first */
		ck_assert_int_eq(autosize_run(&b->scratch, &cfg, cal[i].by_time, &as, &e), -1);
		op_error_format(&e, got, sizeof got);
		snprintf(want, sizeof want, "%s %s: %s", cal[i].op, b->scratch.path, strerror(EBADF));
		/* check cannot pass messages this long: where they part */
		size_t at = 0;
		while (got[at] != '\0' && got[at] == want[at])
			at++;
		ck_assert_msg(got[at] == want[at], "case %zu parts at byte %zu: got '%.30s', want '%.30s'", i, at, got + at,
		              want + at);
	}
	free(b);
}
END_TEST

static void detect(const char *type, const char *source, const char *point, const char *dir, struct env_share *s)
{
	share_detect(type, source, point, dir, s);
}

START_TEST(shares_by_file_system_type)
{
	struct env_share s;

	detect("fuse.sshfs", "root@127.0.0.1:/srv/export", "/mnt/s", "/mnt/s/d", &s);
	ck_assert(s.is_share);
	ck_assert_str_eq(s.client, "sshfs");
	ck_assert_str_eq(s.server, "root@127.0.0.1");
	ck_assert_str_eq(s.export_, "/srv/export");
	/* smbnetfs: the source says nothing; MOUNT/host/share/... does */
	detect("fuse.smbnetfs", "smbnetfs", "/mnt/smb", "/mnt/smb/127.0.0.1:4445/share/sub", &s);
	ck_assert(s.is_share);
	ck_assert_str_eq(s.server, "127.0.0.1:4445");
	ck_assert_str_eq(s.export_, "share");
	detect("fuse.smbnetfs", "smbnetfs", "/mnt/smb", "/mnt/smb", &s);
	ck_assert(s.is_share);
	ck_assert_str_eq(s.server, "");
	detect("cifs", "//fs1/media", "/mnt/m", "/mnt/m", &s);
	ck_assert_str_eq(s.client, "cifs");
	ck_assert_str_eq(s.server, "fs1");
	ck_assert_str_eq(s.export_, "media");
	detect("nfs4", "[fd00::1]:/export", "/n", "/n", &s);
	ck_assert_str_eq(s.server, "[fd00::1]");
	ck_assert_str_eq(s.export_, "/export");
	/* a FUSE pass-through to a local disk, and a local file system: no share */
	detect("fuse.bindfs", "/srv/data", "/mnt/b", "/mnt/b", &s);
	ck_assert(!s.is_share);
	detect("ext4", "/dev/vda", "/", "/tmp", &s);
	ck_assert(!s.is_share);
	ck_assert_ptr_null(share_client_of("fuse"));
	ck_assert_str_eq(share_client_of("nfs"), "nfs");
}
END_TEST

START_TEST(link_probe_on_a_local_disk)
{
	char dir[] = "/tmp/bonnie-autosize.XXXXXX";
	const char *what;
	int fd;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	fd = open(dir, O_RDONLY | O_DIRECTORY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(link_probe(fd, false, &what), 0);
	ck_assert_int_eq(link_probe(fd, true, &what), 0);
	ck_assert_int_eq(dir_entries(dir), 0);
	/* the probe's file already there (not ours to replace): its errno */
	close(openat(fd, LINK_PROBE_FILE, O_WRONLY | O_CREAT, 0600));
	ck_assert_int_eq(link_probe(fd, false, &what), EEXIST);
	ck_assert_str_eq(what, "create");
	unlinkat(fd, LINK_PROBE_FILE, 0);
	close(fd);
	rmdir(dir);
}
END_TEST

/* What report_env and report_sizes print for env and cfg; the caller frees. */
static char *header_of(const struct env_info *env, const struct config *cfg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	report_env(f, env);
	report_sizes(f, synth_session(cfg));
	fclose(f);
	return buf;
}

/* A share: the Share line and its caveat instead of the device lines; no
 * size from statvfs: the Space line; what bonnie sized: the Sized line. */
START_TEST(share_header_lines)
{
	static struct env_info env;
	struct config cfg;
	char *h;

	memset(&env, 0, sizeof env);
	memset(&cfg, 0, sizeof cfg);
	snprintf(env.fs_type, sizeof env.fs_type, "fuse.smbnetfs");
	share_detect("fuse.smbnetfs", "smbnetfs", "/m", "/m/srv/media/x", &env.share);
	env.space_unknown = true;
	cfg.file_size = 96u << 20;
	cfg.decided.file_size_timed = true;
	cfg.perchar_size = 14336;
	cfg.decided.perchar_timed = true;
	h = header_of(&env, &cfg);
	ck_assert_ptr_nonnull(strstr(h, "\nShare:       smbnetfs (fuse.smbnetfs), server srv, export media\n"));
	ck_assert_ptr_nonnull(strstr(h, "reads may come from the server's cache"));
	ck_assert_ptr_null(strstr(h, "Device:"));
	ck_assert_ptr_nonnull(strstr(h, "\nSpace:       fuse.smbnetfs reports no size"));
	ck_assert_ptr_nonnull(strstr(h, "\nSized:       data file 96M by time on a share (no -s)\n"
	                                "             per-char 14K by time (no -f)\n"
	                                "             the same sizes for every run and client\n"));
	free(h);
	/* a local disk with sizes given: neither line */
	memset(&env, 0, sizeof env);
	memset(&cfg, 0, sizeof cfg);
	snprintf(env.fs_type, sizeof env.fs_type, "ext4");
	h = header_of(&env, &cfg);
	ck_assert_ptr_null(strstr(h, "Share:"));
	ck_assert_ptr_null(strstr(h, "Space:"));
	ck_assert_ptr_null(strstr(h, "Sized:"));
	ck_assert_ptr_nonnull(strstr(h, "Device:      none found"));
	free(h);
}
END_TEST

/* The Sized line, one item a line: a count bonnie chose says what set
 * it (the old line ran "files 31 x 1024 by the delete rate (no -n), a
 * time-based level's creates up to 1995 x 1024, once for every run and
 * client", and said "by the delete rate" when the create rate had set it). */
START_TEST(sized_files_say_what_bounded_them)
{
	static struct env_info env;
	struct config cfg;
	char *h;

	memset(&env, 0, sizeof env);
	memset(&cfg, 0, sizeof cfg);
	cfg.files_k = 31;
	cfg.decided.files_by_rate = true;
	cfg.decided.files_bound = FILES_BOUND_CREATE_TIME;
	cfg.decided.files_pool_k = 1995;
	h = header_of(&env, &cfg);
	ck_assert_ptr_nonnull(strstr(h, "\nSized:       files 31 x 1024 (no -n), capped by 8 s of creates at the "
	                                "calibration's rate (3.5 s of deletes needed more)\n"
	                                "             each level's creates make up to 1995 x 1024 files, ending at its "
	                                "level time\n"
	                                "             the same sizes for every run and client\n"));
	ck_assert_ptr_null(strstr(h, "by the delete rate"));
	free(h);
	cfg.decided.files_bound = FILES_BOUND_DELETE_AIM;
	cfg.decided.files_pool_k = 0;
	h = header_of(&env, &cfg);
	ck_assert_ptr_nonnull(strstr(h, "\nSized:       files 31 x 1024 (no -n), enough for 3.5 s of deletes at the "
	                                "calibration's rate\n"));
	free(h);
}
END_TEST

/* A file count sized once the run had started never reached the header:
 * the notes under the table say what set it and how long the sequential
 * delete, the phase sized to the aim, then took (a run said nothing while
 * its random delete ran 14.4 s against --help's 3.5 s). */
START_TEST(files_sized_during_the_run_are_told)
{
	static struct run_result run;
	static struct config cfg;
	char *text = NULL;
	size_t len = 0;
	FILE *m;

	synth_config(&cfg);
	synth_full_run(&run);
	run.phase[PHASE_SEQ_DEL].elapsed_ns = 5340000000ull;
	run.counts = (struct run_counts){.files_k = 299, .files_auto = true, .files_in_run = true,
	                                 .files_bound = FILES_BOUND_DELETE_AIM};
	m = open_memstream(&text, &len);
	ck_assert_ptr_nonnull(m);
	report_run_notes(m, synth_view(&cfg, &run), false);
	fclose(m);
	ck_assert_ptr_nonnull(strstr(text, "files: bonnie chose 299 x 1024 during the run (no -n), enough for 3.5 s of "
	                                   "deletes at the calibration's rate; the sequential delete took 5.3 s\n"));
	free(text);
	/* sized before the run (the header says it) or given: no such line */
	run.counts.files_in_run = false;
	text = NULL;
	m = open_memstream(&text, &len);
	ck_assert_ptr_nonnull(m);
	report_run_notes(m, synth_view(&cfg, &run), false);
	fclose(m);
	ck_assert_ptr_null(strstr(text, "files: bonnie chose"));
	free(text);
}
END_TEST

static char *advice_of(const struct run_counts *c, uint32_t mask)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	report_short_advice(f, "   ", c, mask);
	fclose(f);
	return buf;
}

/* '~' told every user "use a larger -s or -n", options they had not set:
 * the advice names what bonnie chose and what bounded it, and "a larger
 * -n" only when -n was given. */
START_TEST(short_advice_names_who_chose)
{
	struct run_counts c;
	char *a;
	uint32_t files = (1u << PHASE_SEQ_CREATE) | (1u << PHASE_SEQ_DEL);

	memset(&c, 0, sizeof c);
	c.files_auto = true;
	c.files_k = 86;
	c.files_bound = FILES_BOUND_INODES;
	c.size_auto = true;
	a = advice_of(&c, files);
	ck_assert_str_eq(a, "   file phases: bonnie chose 86 x 1024 files (no -n), capped by a quarter of the free "
	                    "inodes; -n sets a larger count\n");
	free(a);
	c.files_auto = false;
	a = advice_of(&c, files | (1u << PHASE_PUT_BLOCK));
	ck_assert_str_eq(a, "   data file: bonnie chose its size (no -s); -s sets a larger one\n"
	                    "   file phases: their count was given with -n; a larger -n runs them longer\n");
	free(a);
	c.size_auto = false;
	a = advice_of(&c, 1u << PHASE_GET_BLOCK);
	ck_assert_ptr_nonnull(strstr(a, "given with -s"));
	free(a);
	a = advice_of(&c, 0);
	ck_assert_str_eq(a, "");
	free(a);
	ck_assert_ptr_null(strstr(confidence_reason_text(0), "-n"));
	ck_assert_ptr_null(strstr(confidence_reason_text(0), "-s"));
}
END_TEST

Suite *suite_autosize(void)
{
	Suite *s = suite_create("autosize");
	TCase *t = tcase_create("once");

	tcase_add_checked_fixture(t, NULL, limit_restore);
	tcase_add_test(t, perchar_from_the_faster_rate);
	tcase_add_test(t, perchar_gives_a_trusted_figure);
	tcase_add_test(t, perchar_too_slow_is_skipped);
	tcase_add_test(t, perchar_calibration_cleans_up);
	tcase_add_test(t, data_file_by_time);
	tcase_add_test(t, data_file_long_enough_to_read);
	tcase_add_test(t, data_file_rewritten_in_bounded_time);
	tcase_add_test(t, files_decided_once);
	tcase_add_test(t, calibration_rate_from_the_fastest_batch);
	tcase_add_test(t, calibration_failure_keeps_its_errno);
	tcase_add_test(t, calibration_decides_a_count);
	tcase_add_test(t, calibration_messages_whole);
	tcase_add_test(t, shares_by_file_system_type);
	tcase_add_test(t, link_probe_on_a_local_disk);
	tcase_add_test(t, share_header_lines);
	tcase_add_test(t, sized_files_say_what_bounded_them);
	tcase_add_test(t, short_advice_names_who_chose);
	tcase_add_test(t, files_sized_during_the_run_are_told);
	suite_add_tcase(s, t);
	return s;
}
