/* Sizing once per invocation (phases/autosize.h): the per-char size from
 * its calibration, the data file by time on a share, the file count fixed
 * for every run and client, a failed calibration reported with the errno
 * of what failed (never a made-up one), the share detection by file
 * system type and the link probe. */
#include "suites.h"
#include "util_fs.h"
#include "../lib/share.h"
#include "../phases/autosize.h"
#include "../phases/bench.h"
#include "../phases/data_auto.h"
#include "../phases/files.h"
#include "../phases/link_probe.h"
#include "../phases/perchar_auto.h"
#include "../lib/env.h"
#include "../lib/options.h"
#include "../report/report.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* 30000 one-byte writes in 150 ms: 200000/s, 400000 bytes in the 2 s a
 * phase aims at, in whole KiB; the slower of write and read decides. */
START_TEST(perchar_from_the_slower_rate)
{
	struct perchar_cal c = {30000, 150000000ull, 90000, 150000000ull};

	ck_assert_uint_eq(perchar_auto_bytes(&c, 0), 399360);
	c.read_calls = 3000; /* reads slower: 40000 bytes, 39 KiB */
	ck_assert_uint_eq(perchar_auto_bytes(&c, 0), 39936);
	ck_assert_uint_eq(perchar_auto_bytes(&c, 8192), 8192); /* never past the data file */
	c.write_calls = 10; /* a share at a few hundred a second: at least 1 KiB */
	ck_assert_uint_eq(perchar_auto_bytes(&c, 0), PERCHAR_AUTO_MIN);
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

/* 20 MB/s for 4 s: 80 MB, in whole MiB; at least 8 MiB, at most the default. */
START_TEST(data_file_by_time)
{
	ck_assert_uint_eq(data_auto_size(8000000, 400000000ull, 8192, 8192, 4ull << 30), 76ull << 20);
	ck_assert_uint_eq(data_auto_size(1000, 400000000ull, 8192, 8192, 4ull << 30), DATA_AUTO_MIN);
	ck_assert_uint_eq(data_auto_size(1000, 400000000ull, 8192, 64ull << 20, 4ull << 30), 64ull << 20);
	ck_assert_uint_eq(data_auto_size(UINT64_MAX / 4, 1, 8192, 8192, 4ull << 30), 4ull << 30);
	ck_assert_uint_eq(data_auto_size(1000, 400000000ull, 8192, 8192, 4ull << 20), 4ull << 20);
}
END_TEST

/* Decided once, a count has no create stop rule to trim it: the delete
 * target, bounded by what creating does in FILES_AUTO_MAX_CREATE_NS. */
START_TEST(files_decided_once)
{
	/* deleting 8 us a file: 184 x 1024; creating 20 us: 8 s make 390 x 1024 */
	ck_assert_uint_eq(files_auto_decide_k(8000, 20000, 512), 184);
	/* creating 100 us a file: 8 s make 78 x 1024 */
	ck_assert_uint_eq(files_auto_decide_k(8000, 100000, 512), 78);
	/* creating 50 ms a file (a slow share): still one 1024 */
	ck_assert_uint_eq(files_auto_decide_k(8000, 50000000, 512), 1);
	ck_assert_uint_eq(files_auto_decide_k(8000, 0, 512), 184);
	ck_assert_uint_eq(files_auto_decide_k(8000, UINT64_MAX, 512), 1);
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
	ck_assert_int_eq(files_plan_init(&fp, &cfg, dir, 64), 0);
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
		cfg.file_size_auto = true;
		cfg.perchar_size = 1 << 20;
		cfg.perchar_given = !cal[i].per_char; /* else it is calibrated first */
		ck_assert_int_eq(autosize_run(b, &cfg, cal[i].by_time, &as, &e), -1);
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
	report_sizes(f, cfg);
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
	cfg.file_size_timed = true;
	cfg.perchar_size = 14336;
	cfg.perchar_timed = true;
	h = header_of(&env, &cfg);
	ck_assert_ptr_nonnull(strstr(h, "\nShare:       smbnetfs (fuse.smbnetfs), server srv, export media\n"));
	ck_assert_ptr_nonnull(strstr(h, "reads may come from the server's cache"));
	ck_assert_ptr_null(strstr(h, "Device:"));
	ck_assert_ptr_nonnull(strstr(h, "\nSpace:       fuse.smbnetfs reports no size"));
	ck_assert_ptr_nonnull(strstr(h, "\nSized:       data file 96M by time on a share (no -s); per-char 14K by time (no -f), "
	                                "once for every run and client\n"));
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

Suite *suite_autosize(void)
{
	Suite *s = suite_create("autosize");
	TCase *t = tcase_create("once");

	tcase_add_checked_fixture(t, NULL, limit_restore);
	tcase_add_test(t, perchar_from_the_slower_rate);
	tcase_add_test(t, perchar_calibration_cleans_up);
	tcase_add_test(t, data_file_by_time);
	tcase_add_test(t, files_decided_once);
	tcase_add_test(t, calibration_failure_keeps_its_errno);
	tcase_add_test(t, calibration_decides_a_count);
	tcase_add_test(t, calibration_messages_whole);
	tcase_add_test(t, shares_by_file_system_type);
	tcase_add_test(t, link_probe_on_a_local_disk);
	tcase_add_test(t, share_header_lines);
	suite_add_tcase(s, t);
	return s;
}
