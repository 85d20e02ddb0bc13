/* ZFS: the parsers over recorded texts (zfs-fuse 0.7 outputs captured on
 * this machine; Linux OpenZFS and FreeBSD ones written in their documented
 * formats, tests/zfs/), the rules (ashift under the disks' sectors, an ARC
 * that may hold the data file, the default size past it), the cached mark
 * and its sentence, the "what was tested" lines, and the tool runner. */
#define _GNU_SOURCE /* O_DIRECT, for a fake fdinfo */
#include "suites.h"
#include "util_fs.h"
#include "util_synth.h"
#include "../env/env.h"
#include "../lib/tool.h"
#include "../env/zfs.h"
#include "../phases/interface/phase_list.h"
#include "../report/model/confidence.h"
#include "../report/model/device_why.h"
#include "../report/model/metrics.h"
#include "../report/report.h"
#include "../report/text/forum_post.h"
#include "../report/model/view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#define GIB (1ull << 30)

/* A fixture's text (tests/zfs/NAME), run from the source tree as make does. */
static char *fixture(const char *name)
{
	char path[256];
	FILE *f;
	char *buf = calloc(1, 1 << 16);
	size_t n;

	snprintf(path, sizeof path, "tests/zfs/%s", name);
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	ck_assert_ptr_nonnull(buf);
	n = fread(buf, 1, (1 << 16) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void layout_of(const char *name, const char *pool, struct zfs_layout *l)
{
	char *text = fixture(name);

	ck_assert_int_eq(zfs_parse_status(text, pool, l), 0);
	free(text);
}

static unsigned data_vdevs(const struct zfs_layout *l)
{
	unsigned n = 0;

	for (unsigned i = 0; i < l->nvdev; i++)
		n += l->vdev[i].data;
	return n;
}

START_TEST(status_zfs_fuse_file)
{
	struct zfs_layout l;

	layout_of("zfs-fuse-status-file.txt", "tank", &l);
	ck_assert_uint_eq(l.nvdev, 1);
	ck_assert_str_eq(l.vdev[0].name, "/work/tmp/zfs/vdev0");
	ck_assert(l.vdev[0].is_file);
	ck_assert(l.vdev[0].data);
	ck_assert_str_eq(l.words, "single disk");
	ck_assert_uint_eq(l.write_copies_pct, 100);
}
END_TEST

START_TEST(status_zfs_fuse_mirror_and_raidz)
{
	struct zfs_layout l;

	layout_of("zfs-fuse-status-mirror.txt", "mir", &l);
	ck_assert_uint_eq(l.nvdev, 2);
	ck_assert_str_eq(l.vdev[1].name, "loop3");
	ck_assert_str_eq(l.vdev[1].group, "mirror-0");
	ck_assert(!l.vdev[1].is_file);
	ck_assert_str_eq(l.words, "mirror of 2");
	ck_assert_uint_eq(l.write_copies_pct, 200);
	layout_of("zfs-fuse-status-raidz1.txt", "rz", &l);
	ck_assert_uint_eq(data_vdevs(&l), 3);
	ck_assert_str_eq(l.words, "raidz1 of 3");
	ck_assert_uint_eq(l.write_copies_pct, 150);
}
END_TEST

START_TEST(status_linux_mirrors_logs_cache)
{
	struct zfs_layout l;

	layout_of("linux-status-2mirrors.txt", "tank", &l);
	ck_assert_uint_eq(l.nvdev, 6);
	ck_assert_uint_eq(data_vdevs(&l), 4);
	ck_assert_str_eq(l.vdev[0].name, "/dev/sdb1");
	ck_assert(!l.vdev[0].is_file); /* a /dev path is a device, not a file vdev */
	ck_assert_str_eq(l.vdev[4].group, "logs");
	ck_assert_str_eq(l.vdev[5].group, "cache");
	ck_assert(!l.vdev[5].data);
	ck_assert_str_eq(l.words, "2 x mirror of 2");
	ck_assert_uint_eq(l.write_copies_pct, 200);
}
END_TEST

START_TEST(status_linux_raidz2_replacing_spare)
{
	struct zfs_layout l;

	layout_of("linux-status-raidz2-byid.txt", "data", &l);
	ck_assert_uint_eq(l.nvdev, 8);
	ck_assert_uint_eq(data_vdevs(&l), 7); /* both disks of the replacing pair are written */
	ck_assert(l.vdev[4].extra);
	ck_assert_str_eq(l.vdev[7].group, "spares");
	ck_assert_str_eq(l.words, "raidz2 of 6");
	ck_assert_uint_eq(l.write_copies_pct, 150);
}
END_TEST

START_TEST(status_freebsd_two_pools)
{
	struct zfs_layout l;
	char *text = fixture("freebsd-status-raidz1.txt");

	layout_of("freebsd-status-raidz1.txt", "storage", &l);
	ck_assert_uint_eq(data_vdevs(&l), 5);
	ck_assert_str_eq(l.vdev[5].name, "ada0p2");
	ck_assert(!l.vdev[5].data);
	ck_assert_str_eq(l.words, "raidz1 of 5");
	ck_assert_uint_eq(l.write_copies_pct, 125);
	layout_of("freebsd-status-raidz1.txt", "zroot", &l);
	ck_assert_uint_eq(l.nvdev, 1);
	ck_assert_str_eq(l.vdev[0].name, "ada0p3");
	ck_assert_int_eq(zfs_parse_status(text, "missing", &l), -1);
	ck_assert_int_eq(zfs_parse_status("", "tank", &l), -1);
	free(text);
}
END_TEST

START_TEST(layout_rule)
{
	struct zfs_layout l = {0};

	/* two plain disks: a stripe, each byte once */
	l.nvdev = 2;
	l.vdev[0].data = l.vdev[1].data = true;
	zfs_layout_describe(&l);
	ck_assert_str_eq(l.words, "stripe of 2");
	ck_assert_uint_eq(l.write_copies_pct, 100);
	/* a mirror beside a plain disk: mixed, copies unknown */
	strcpy(l.vdev[1].group, "mirror-1");
	l.nvdev = 3;
	l.vdev[2] = l.vdev[1];
	zfs_layout_describe(&l);
	ck_assert_str_eq(l.words, "mixed");
	ck_assert_uint_eq(l.write_copies_pct, 0);
}
END_TEST

START_TEST(ashift_texts)
{
	char *t;

	t = fixture("zfs-fuse-zdb-raidz1.txt");
	ck_assert_int_eq(zfs_parse_zdb_ashift(t), 12);
	free(t);
	t = fixture("linux-zdb-C-mirror.txt");
	ck_assert_int_eq(zfs_parse_zdb_ashift(t), 9); /* the smaller of 9 and 12 */
	free(t);
	t = fixture("zfs-fuse-get-ashift.txt");
	ck_assert_int_eq(zfs_parse_pool_ashift(t), 9);
	free(t);
	t = fixture("linux-get-ashift-default.txt");
	ck_assert_int_eq(zfs_parse_pool_ashift(t), -1); /* 0: chosen per vdev, ask zdb */
	free(t);
	ck_assert_int_eq(zfs_parse_zdb_ashift("no config here\n"), -1);
}
END_TEST

START_TEST(props_texts)
{
	struct env_zfs z;
	char *t;

	memset(&z, 0, sizeof z);
	strcpy(z.sync, "unknown");
	t = fixture("zfs-fuse-props.txt");
	ck_assert_int_eq(zfs_parse_props(t, &z), 3); /* zfs-fuse 0.7 has no sync property */
	ck_assert_str_eq(z.recordsize, "131072");
	ck_assert_str_eq(z.compression, "off");
	ck_assert_str_eq(z.primarycache, "all");
	ck_assert_str_eq(z.sync, "unknown");
	ck_assert_double_eq_tol(zfs_parse_compressratio(t), 1.0, 1e-9);
	free(t);
	t = fixture("linux-props.txt");
	ck_assert_int_eq(zfs_parse_props(t, &z), 4);
	ck_assert_str_eq(z.recordsize, "1048576");
	ck_assert_str_eq(z.compression, "lz4");
	ck_assert_str_eq(z.sync, "standard");
	ck_assert_double_eq_tol(zfs_parse_compressratio(t), 1.0, 1e-9);
	free(t);
	ck_assert(zfs_parse_compressratio("compressratio\t1.37x\n") > 1.36);
	ck_assert(zfs_parse_compressratio("used\t12\n") < 0);
}
END_TEST

START_TEST(arc_texts)
{
	struct zfs_arc a, b;
	struct env_zfs z;
	char *t;

	t = fixture("linux-arcstats.txt");
	ck_assert_int_eq(zfs_parse_arcstats(t, &a), 0);
	free(t);
	ck_assert(a.valid && a.has_hits);
	ck_assert_uint_eq(a.c_max, 8259215360ull);
	ck_assert_uint_eq(a.size, 6912503352ull);
	ck_assert_uint_eq(a.hits, 183462991ull);
	ck_assert_uint_eq(a.misses, 4417205ull); /* not l2_misses, nor demand_data_misses */
	ck_assert_uint_eq(a.l2_size, 0);
	t = fixture("freebsd-arcstats-sysctl.txt");
	ck_assert_int_eq(zfs_parse_arc_sysctl(t, &b), 0);
	free(t);
	ck_assert_uint_eq(b.c_max, 8160437862ull);
	ck_assert_uint_eq(b.l2_size, 38654705664ull);
	ck_assert_uint_eq(b.hits, 402951177ull);
	ck_assert_uint_eq(b.misses, 12733012ull);
	ck_assert_int_eq(zfs_parse_arcstats("nothing\n", &a), -1);
	/* zfs-fuse: one file per counter, as captured from /zfs-kstat */
	memset(&z, 0, sizeof z);
	z.arc_kind = ZFS_ARC_DIR;
	strcpy(z.arc_path, "tests/zfs/zfs-fuse-kstat/zfs/arcstats");
	ck_assert_int_eq(zfs_arc_read(&z, "", &a), 0);
	ck_assert_uint_eq(a.c_max, 64ull << 20);
	ck_assert(a.has_hits && a.size > 0);
}
END_TEST

START_TEST(arc_hit_ratio)
{
	struct zfs_arc a = {.has_hits = true, .hits = 100, .misses = 50};
	struct zfs_arc b = {.has_hits = true, .hits = 190, .misses = 60};
	struct zfs_arc none = {0};

	ck_assert_int_eq(zfs_arc_hit_pct(&a, &b), 90);
	ck_assert_int_eq(zfs_arc_hit_pct(&a, &a), -1);
	ck_assert_int_eq(zfs_arc_hit_pct(&none, &b), -1);
}
END_TEST

static void vdev_on(struct env_zfs *z, int ashift, uint32_t physical)
{
	memset(z, 0, sizeof *z);
	z->present = true;
	z->ashift = ashift;
	z->layout.nvdev = 1;
	z->layout.vdev[0].data = true;
	z->layout.vdev[0].logical = 512;
	z->layout.vdev[0].physical = 512;
	z->layout.vdev[0].under_physical = physical; /* a loop or file on a 512e disk */
}

START_TEST(ashift_rule)
{
	struct env_zfs z;

	vdev_on(&z, 9, 4096);
	ck_assert_uint_eq(zfs_largest_physical(&z), 4096);
	ck_assert_int_eq(zfs_ashift_short(&z), 1);
	vdev_on(&z, 12, 4096);
	ck_assert_int_eq(zfs_ashift_short(&z), 0);
	vdev_on(&z, 9, 512);
	ck_assert_int_eq(zfs_ashift_short(&z), 0);
	vdev_on(&z, -1, 4096);
	ck_assert_int_eq(zfs_ashift_short(&z), -1);
	vdev_on(&z, 9, 0);
	z.layout.vdev[0].physical = 0;
	ck_assert_int_eq(zfs_ashift_short(&z), -1);
}
END_TEST

START_TEST(arc_size_rules)
{
	struct zfs_arc a = {.valid = true, .c_max = 8160437862ull};

	ck_assert(zfs_arc_may_hold(&a, 4 * GIB));
	ck_assert(!zfs_arc_may_hold(&a, 16 * GIB));
	a.l2_size = 36 * GIB; /* the L2ARC holds what the ARC lets go */
	ck_assert(zfs_arc_may_hold(&a, 16 * GIB));
	a.l2_size = 0;
	ck_assert_uint_eq(zfs_default_size(&a, 4 * GIB), 16 * GIB);
	a.c_max = 64ull << 20;
	ck_assert_uint_eq(zfs_default_size(&a, 4 * GIB), 4 * GIB);
	a.valid = false;
	ck_assert(!zfs_arc_may_hold(&a, 1));
	ck_assert_uint_eq(zfs_default_size(&a, 4 * GIB), 4 * GIB);
}
END_TEST

/* A get_block that the ARC may hold, with or without the devices' word. */
static void arc_phase(struct phase_result *r, bool counted, uint64_t dev_read)
{
	memset(r, 0, sizeof *r);
	r->status = PHASE_DONE;
	r->bytes = r->read_bytes = 4 * GIB;
	r->flags = RESULT_ARC_HOLDS;
	r->arc.max_bytes = 8160437862ull;
	r->arc.file_bytes = 4 * GIB;
	r->dev.valid = counted;
	r->dev.read_bytes = dev_read;
	r->elapsed_ns = 10000000000ull; /* long and many: no other mark before 'c' */
	r->latency.count = 1000;
}

START_TEST(arc_marks_cached)
{
	struct phase_result r;
	struct phase_view v;

	arc_phase(&r, false, 0); /* no counters: the ARC's size alone marks it */
	ck_assert(metric_cached(PHASE_GET_BLOCK, &r));
	view_of_phase(PHASE_GET_BLOCK, &r, -1.0, &v);
	ck_assert_int_eq(v.mark, 'c');
	arc_phase(&r, true, 4 * GIB); /* the members served it all: not cached */
	ck_assert(!metric_cached(PHASE_GET_BLOCK, &r));
	r.dev.caveat = ENV_LOOP_BUFFERED; /* ... by counters that count other traffic too: no proof */
	ck_assert(metric_cached(PHASE_GET_BLOCK, &r));
	r.dev.caveat = 0;
	arc_phase(&r, true, GIB / 10);
	ck_assert(metric_cached(PHASE_GET_BLOCK, &r));
	r.flags = 0; /* larger than the ARC, and the devices did not serve it: still cached */
	ck_assert(metric_cached(PHASE_GET_BLOCK, &r));
}
END_TEST

START_TEST(arc_note_says_why)
{
	struct config cfg;
	struct run_result run;
	char *text;

	synth_config(&cfg);
	synth_full_run(&run);
	arc_phase(&run.phase[PHASE_GET_BLOCK], false, 0);
	run.phase[PHASE_GET_BLOCK].units = run.phase[PHASE_GET_BLOCK].bytes;
	run.phase[PHASE_GET_BLOCK].arc.counted = true;
	run.phase[PHASE_GET_BLOCK].arc.hits = 970;
	run.phase[PHASE_GET_BLOCK].arc.misses = 30;
	text = synth_capture_table(&cfg, &run);
	ck_assert_ptr_nonnull(strstr(text, "cached: get_block: the ARC may hold the whole file: max 7.6 GiB, file 4.0 GiB\n"));
	ck_assert_ptr_nonnull(strstr(text, "ARC hits"));
	ck_assert_ptr_nonnull(strstr(text, "97%"));
	ck_assert_ptr_nonnull(strstr(text, "c  read most of its data from a cache, not the device"));
	free(text);
}
END_TEST

static char *env_text(const struct env_info *env)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(out);
	report_env(out, env);
	fclose(out);
	return text;
}

static void zfs_env(struct env_info *env, int ashift)
{
	memset(env, 0, sizeof *env);
	strcpy(env->fs_type, "zfs");
	strcpy(env->mount_source, "tank/bench");
	vdev_on(&env->zfs, ashift, 4096);
	strcpy(env->zfs.pool, "tank");
	strcpy(env->zfs.dataset, "tank/bench");
	strcpy(env->zfs.layout.vdev[0].name, "sdb1");
	strcpy(env->zfs.layout.vdev[0].group, "mirror-0");
	env->zfs.layout.vdev[1] = env->zfs.layout.vdev[0];
	strcpy(env->zfs.layout.vdev[1].name, "sdc1");
	env->zfs.layout.nvdev = 2;
	zfs_layout_describe(&env->zfs.layout);
	strcpy(env->zfs.recordsize, "131072");
	strcpy(env->zfs.compression, "on");
	strcpy(env->zfs.primarycache, "all");
	strcpy(env->zfs.sync, "standard");
	env->dev.counters.count = 2;
	strcpy(env->dev.counters.name[0], "sdb");
	strcpy(env->dev.counters.name[1], "sdc");
}

START_TEST(tested_lines)
{
	struct env_info env;
	char *t;

	zfs_env(&env, 9);
	t = env_text(&env);
	ck_assert_ptr_null(strstr(t, "Device:      none found"));
	ck_assert_ptr_nonnull(strstr(t, "Pool:        tank, mirror of 2: the vdevs write 200 B per 100 B given\n"));
	ck_assert_ptr_nonnull(strstr(t, "Vdev:        sdc1 (mirror-0): 512 B logical / 512 B physical sectors"));
	ck_assert_ptr_nonnull(strstr(t, "Alignment:   WARNING ashift 9 (512 B blocks) is under the vdevs' 4096 B "
	                                "physical sectors: every write smaller than 4 KiB"));
	ck_assert_ptr_nonnull(strstr(t, "recordsize 128 KiB, compression on (bonnie's data does not compress"));
	ck_assert_ptr_nonnull(strstr(t, "Counted:     sdb + sdc (the devices under pool tank)\n"));
	ck_assert_ptr_nonnull(strstr(t, "ARC:         size unknown"));
	free(t);
	zfs_env(&env, 12);
	t = env_text(&env);
	ck_assert_ptr_null(strstr(t, "WARNING"));
	ck_assert_ptr_nonnull(strstr(t, "Alignment:   ashift 12 (4096 B blocks) fits the vdevs' 4096 B physical"));
	free(t);
}
END_TEST

START_TEST(share_names_the_pool)
{
	struct env_info env;
	struct config cfg;
	char *text = NULL, *argv[] = {"bonnie", NULL};
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(out);
	synth_config(&cfg);
	zfs_env(&env, 9);
	report_share_env(out, &env, "2026-12-06", synth_session(&cfg), 1, argv);
	fclose(out);
	ck_assert_ptr_null(strstr(text, "none found"));
	ck_assert_ptr_nonnull(strstr(text, "- Pool: ZFS pool tank, mirror of 2, ashift 9 (blocks under the disks' "
	                                   "physical sectors: read-modify-write); recordsize 131072, compression on"));
	free(text);
}
END_TEST

START_TEST(tool_runs_bounded)
{
	char path[64], out[64];
	char *argv[4];
	const char *why;

	ck_assert(!tool_find("no-such-tool-bonnie", path, sizeof path));
	ck_assert(tool_find("echo", path, sizeof path));
	ck_assert(path[0] == '/');
	argv[0] = path;
	argv[1] = "tank/a b";
	argv[2] = "$HOME;"; /* no shell: the words arrive as they are */
	argv[3] = NULL;
	ck_assert_int_eq(tool_run(argv, out, sizeof out, 2000, &why), 0);
	ck_assert_str_eq(out, "tank/a b $HOME;\n");
	ck_assert(tool_find("sleep", path, sizeof path));
	argv[1] = "10";
	argv[2] = NULL;
	ck_assert_int_eq(tool_run(argv, out, sizeof out, 100, &why), -1);
	ck_assert_str_eq(why, "timed out");
}
END_TEST

/* A FreeBSD root pool on two GPT-labelled partitions (zpool status names
 * them by label): a mirror of two devices, neither a file vdev. */
START_TEST(status_freebsd_gpt_mirror)
{
	struct zfs_layout l;

	layout_of("freebsd-status-gpt-mirror.txt", "zroot", &l);
	ck_assert_uint_eq(l.nvdev, 2);
	ck_assert_uint_eq(data_vdevs(&l), 2);
	ck_assert_str_eq(l.vdev[0].name, "gpt/zfs0");
	ck_assert_str_eq(l.vdev[1].group, "mirror-0");
	ck_assert(!l.vdev[0].is_file && !l.vdev[1].is_file);
	ck_assert_str_eq(l.words, "mirror of 2");
	ck_assert_uint_eq(l.write_copies_pct, 200);
}
END_TEST

/* A cell marked c names the cache device_why names: the ARC on ZFS,
 * never the page cache alone; the page cache off ZFS. */
START_TEST(cached_cell_names_the_arc)
{
	struct phase_result r;
	struct confidence c;
	char buf[160], why[512];

	arc_phase(&r, false, 0); /* the ARC may hold the file */
	confidence_of(PHASE_GET_BLOCK, &r, -1, &c);
	buf[0] = '\0';
	confidence_words(&c, buf, sizeof buf);
	ck_assert_str_eq(buf, " (the ARC may hold the file)");
	ck_assert_ptr_nonnull(strstr(device_cached_reason(&r), "the ARC"));
	ck_assert_int_eq(device_why(PHASE_GET_BLOCK, &r, why, sizeof why), DEV_WHY_CACHED);
	ck_assert_ptr_nonnull(strstr(why, "the ARC may hold the whole file"));
	arc_phase(&r, true, GIB / 10); /* larger than the ARC may hold; the devices served a tenth */
	r.flags = 0;
	confidence_of(PHASE_GET_BLOCK, &r, -1, &c);
	buf[0] = '\0';
	confidence_words(&c, buf, sizeof buf);
	ck_assert_str_eq(buf, " (from the ARC or the page cache)");
	ck_assert_ptr_nonnull(strstr(device_cached_reason(&r), "the ARC's"));
	r.arc.max_bytes = 0; /* not ZFS */
	confidence_of(PHASE_GET_BLOCK, &r, -1, &c);
	buf[0] = '\0';
	confidence_words(&c, buf, sizeof buf);
	ck_assert_str_eq(buf, " (from the page cache)");
	ck_assert_ptr_null(strstr(device_cached_reason(&r), "ARC"));
	c.cached_words = NULL; /* a parsed run does not say which cache */
	buf[0] = '\0';
	confidence_words(&c, buf, sizeof buf);
	ck_assert_str_eq(buf, " (from the page cache)");
}
END_TEST

START_TEST(referenced_text)
{
	ck_assert_uint_eq(zfs_parse_referenced("compressratio\t1.00x\nreferenced\t100663296\n"), 100663296ull);
	ck_assert_uint_eq(zfs_parse_referenced("compressratio\t1.00x\n"), 0);
}
END_TEST

/* A fake /proc with one process: its name and NUL-separated arguments. */
static void fake_daemon(const char *root, const char *comm, const char *args, size_t len)
{
	char path[512];
	FILE *f;

	put_file_under(root, "proc/4242/comm", comm);
	snprintf(path, sizeof path, "%s/proc/4242/cmdline", root);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(args, 1, len, f), len);
	fclose(f);
}

/* The fake daemon's fd 3: the vdev file under root, open with flags. */
static void fake_vdev_fd(const char *root, int flags)
{
	char target[512], link[512], info[64];

	snprintf(target, sizeof target, "%s/vdevs/v0", root);
	snprintf(link, sizeof link, "%s/proc/4242/fd/3", root);
	put_file_under(root, "vdevs/v0", "");
	put_file_under(root, "proc/4242/fd/.keep", "");
	unlink(link);
	ck_assert_int_eq(symlink(target, link), 0);
	snprintf(info, sizeof info, "pos:\t0\nflags:\t0%o\nmnt_id:\t21\n", (unsigned)flags);
	put_file_under(root, "proc/4242/fdinfo/3", info);
}

START_TEST(fuse_block_cache)
{
	static const char on[] = "zfs-fuse\0--pidfile\0/run/zfs-fuse.pid\0--max-arc-size\0" "64";
	static const char off[] = "zfs-fuse\0--max-arc-size\0" "16\0--disable-block-cache";
	const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	char root[200];
	struct env_zfs z;

	snprintf(root, sizeof root, "%s/bonnie-zfsfuse.XXXXXX", tmp);
	ck_assert_ptr_nonnull(mkdtemp(root));
	memset(&z, 0, sizeof z);
	z.layout.nvdev = 1;
	z.layout.vdev[0].data = true;
	strcpy(z.layout.vdev[0].name, "v0");
	snprintf(z.layout.vdev[0].path, sizeof z.layout.vdev[0].path, "%s/vdevs/v0", root);
	put_file_under(root, "proc/self/comm", "check_bonnie\n");
	zfs_fuse_probe(&z, root);
	ck_assert_int_eq(z.block_cache, -1); /* no daemon: unknown */
	ck_assert_int_eq(z.daemon_pid, -1);
	fake_daemon(root, "zfs-fuse\n", on, sizeof on);
	zfs_fuse_probe(&z, root);
	ck_assert_int_eq(z.daemon_pid, 4242);
	ck_assert_int_eq(z.disable_asked, 0);
	ck_assert_int_eq(z.block_cache, 1); /* no fd seen; without the option nothing is direct */
	put_file_under(root, "etc/zfs/zfsrc", "# the daemon's options\nmax-arc-size = 64\n  disable-block-cache\n");
	zfs_fuse_probe(&z, root);
	ck_assert_int_eq(z.disable_asked, 1); /* its config file asks for it */
	ck_assert_int_eq(z.block_cache, -1);  /* ... but how the vdev is open was not seen */
	put_file_under(root, "etc/zfs/zfsrc", "# disable-block-cache\nmax-arc-size = 64\n");
	zfs_fuse_probe(&z, root);
	ck_assert_int_eq(z.disable_asked, 0); /* a comment is not a setting */
	fake_daemon(root, "zfs-fuse\n", off, sizeof off);
	fake_vdev_fd(root, O_RDWR | O_DIRECT);
	zfs_fuse_probe(&z, root);
	ck_assert_int_eq(z.disable_asked, 1);
	ck_assert_int_eq(z.block_cache, 0); /* its one data vdev open with O_DIRECT */
	fake_vdev_fd(root, O_RDWR); /* asked for, yet the file vdev is not direct (zfs-fuse 0.7) */
	zfs_fuse_probe(&z, root);
	ck_assert_int_eq(z.block_cache, 1);
	ck_assert_str_eq(z.cached_vdev, "v0");
	fake_daemon(root, "zfs-fused\n", off, sizeof off); /* another program's name */
	zfs_fuse_probe(&z, root);
	ck_assert_int_eq(z.block_cache, -1);
	tree_remove(root);
}
END_TEST

Suite *suite_zfs(void)
{
	Suite *s = suite_create("zfs");
	TCase *tc = tcase_create("zfs");

	tcase_add_test(tc, status_zfs_fuse_file);
	tcase_add_test(tc, status_zfs_fuse_mirror_and_raidz);
	tcase_add_test(tc, status_linux_mirrors_logs_cache);
	tcase_add_test(tc, status_linux_raidz2_replacing_spare);
	tcase_add_test(tc, status_freebsd_two_pools);
	tcase_add_test(tc, layout_rule);
	tcase_add_test(tc, ashift_texts);
	tcase_add_test(tc, props_texts);
	tcase_add_test(tc, arc_texts);
	tcase_add_test(tc, arc_hit_ratio);
	tcase_add_test(tc, ashift_rule);
	tcase_add_test(tc, arc_size_rules);
	tcase_add_test(tc, arc_marks_cached);
	tcase_add_test(tc, arc_note_says_why);
	tcase_add_test(tc, tested_lines);
	tcase_add_test(tc, share_names_the_pool);
	tcase_add_test(tc, tool_runs_bounded);
	tcase_add_test(tc, status_freebsd_gpt_mirror);
	tcase_add_test(tc, cached_cell_names_the_arc);
	tcase_add_test(tc, referenced_text);
	tcase_add_test(tc, fuse_block_cache);
	suite_add_tcase(s, tc);
	return s;
}
