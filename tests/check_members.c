/* members: a btrfs file system's devices and data profile, and an md
 * array's level, read from a fake sysfs tree (every member's stack counted,
 * the layout and the bytes written per byte given); and "From device"
 * explained from synthetic phases: a mirror's 200% by its layout, a figure
 * far above it with bonnie's own written bytes and what cannot be told
 * apart, reads as before. */
#include "suites.h"
#include "util_synth.h"
#include "../env/env.h"
#include "../lib/str.h"
#include "../report/model/device_why.h"
#include "../report/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/sysmacros.h> /* major(), minor() */
#endif

#include "util_fs.h"

#define MIB (1024ull * 1024)

static char root[256];

/* A file of a fake sysfs/proc tree under root. */
static void put(const char *rel, const char *text)
{
	put_file_under(root, rel, text);
}

static void link_abs(const char *rel, const char *target)
{
	char path[1024], to[1024];

	snprintf(path, sizeof path, "%s/%s", root, rel);
	snprintf(to, sizeof to, "%s/%s", root, target);
	ck_assert_int_eq(symlink(to, path), 0);
}

static void devpath(char *buf, size_t len, const char *rel)
{
	snprintf(buf, len, "%s/%s", root, rel);
}

/* Two SATA disks sdb and sdc with their own counters, and a btrfs file
 * system over them (devices/sdb, devices/sdc). */
static void setup(void)
{
	const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";

	snprintf(root, sizeof root, "%s/bonnie-members.XXXXXX", tmp);
	ck_assert_ptr_nonnull(mkdtemp(root));
	put("sys/devices/pci0/ata2/block/sdb/stat", "1 0 100 0 1 0 1000 0 0 0 0\n");
	put("sys/devices/pci0/ata3/block/sdc/stat", "1 0 300 0 1 0 1000 0 0 0 0\n");
	put("sys/fs/btrfs/features/raid1c34", "0\n");
	put("sys/fs/btrfs/0b1c/devices/.keep", "");
	link_abs("sys/fs/btrfs/0b1c/devices/sdc", "sys/devices/pci0/ata3/block/sdc");
	link_abs("sys/fs/btrfs/0b1c/devices/sdb", "sys/devices/pci0/ata2/block/sdb");
}

static void teardown(void)
{
	char cmd[512];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	ck_assert_int_eq(system(cmd), 0);
}

/* The counters as the mounted device alone gives them (what bonnie had
 * before it looked for the other members). */
static void mounted_only(struct env_counters *c)
{
	char sdb[512];

	devpath(sdb, sizeof sdb, "sys/devices/pci0/ata2/block/sdb");
	env_counters_probe(c, root, sdb);
	ck_assert_uint_eq(c->count, 1);
}

START_TEST(btrfs_raid1_counts_both_members)
{
	struct env_counters c;
	uint64_t rd, wr;

	put("sys/fs/btrfs/0b1c/allocation/data/raid1/total_bytes", "1073741824\n");
	mounted_only(&c);
	c.read_ahead_kb = 128;
	ck_assert_int_eq(env_members_btrfs(&c, root, "sdb"), 0);
	ck_assert_uint_eq(c.members, 2);
	ck_assert_str_eq(c.member[0], "sdb"); /* sorted */
	ck_assert_str_eq(c.member[1], "sdc");
	ck_assert_uint_eq(c.count, 2);
	ck_assert_int_eq(env_counters_read(&c, &rd, &wr), 0);
	ck_assert_uint_eq(rd, (100ull + 300) * 512); /* both members, not sdb alone */
	ck_assert_str_eq(c.layout, "btrfs raid1 over 2");
	ck_assert_uint_eq(c.write_copies_pct, 200);
	ck_assert_uint_eq(c.read_ahead_kb, 128); /* kept */
	ck_assert_int_eq(c.caveat, ENV_DEVICE_TRUE);
}
END_TEST

START_TEST(btrfs_profiles)
{
	static const struct {
		const char *profile;
		const char *layout;
		unsigned copies;
	} cases[] = {
		{"raid0", "btrfs raid0 over 2", 100},   {"raid10", "btrfs raid10 over 2", 200},
		{"raid1c3", "btrfs raid1c3 over 2", 300}, {"dup", "btrfs dup over 2", 200},
		{"raid5", "btrfs raid5 over 2", 200},   {"single", "btrfs single over 2", 100},
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct env_counters c;
		char rel[256], cmd[600];

		snprintf(cmd, sizeof cmd, "rm -rf '%s/sys/fs/btrfs/0b1c/allocation'", root);
		ck_assert_int_eq(system(cmd), 0);
		snprintf(rel, sizeof rel, "sys/fs/btrfs/0b1c/allocation/data/%s/total_bytes", cases[i].profile);
		put(rel, "8388608\n");
		mounted_only(&c);
		ck_assert_int_eq(env_members_btrfs(&c, root, "sdc"), 0);
		ck_assert_str_eq(c.layout, cases[i].layout);
		ck_assert_uint_eq(c.write_copies_pct, cases[i].copies);
	}
}
END_TEST

START_TEST(btrfs_mixed_profiles_leave_copies_unknown)
{
	struct env_counters c;

	put("sys/fs/btrfs/0b1c/allocation/data/raid1/total_bytes", "1073741824\n");
	put("sys/fs/btrfs/0b1c/allocation/data/single/total_bytes", "8388608\n");
	put("sys/fs/btrfs/0b1c/allocation/data/raid0/total_bytes", "0\n"); /* empty: not a profile in use */
	mounted_only(&c);
	ck_assert_int_eq(env_members_btrfs(&c, root, "sdb"), 0);
	ck_assert_str_eq(c.layout, "btrfs raid1 and another over 2");
	ck_assert_uint_eq(c.write_copies_pct, 0);
}
END_TEST

/* What was tested, as the text says it, for a device whose counters are c. */
static const char *env_text_of(const struct env_counters *c)
{
	static char text[4096];
	struct env_info env;
	FILE *m;

	memset(&env, 0, sizeof env);
	env.dev.present = true;
	snprintf(env.dev.name, sizeof env.dev.name, "vdd");
	env.dev.counters = *c;
	str_copy(env.dev.counters.member[1], sizeof env.dev.counters.member[1], "vdd");
	m = fmemopen(text, sizeof text, "w");
	ck_assert_ptr_nonnull(m);
	report_env(m, &env);
	fclose(m);
	return text;
}

START_TEST(btrfs_single_device_has_no_layout)
{
	struct env_counters c;

	put("sys/devices/virtual/block/vdd/stat", "1 0 8 0 1 0 8 0 0 0 0\n");
	put("sys/fs/btrfs/77aa/devices/.keep", "");
	put("sys/fs/btrfs/77aa/allocation/data/single/total_bytes", "8388608\n");
	link_abs("sys/fs/btrfs/77aa/devices/vdd", "sys/devices/virtual/block/vdd");
	mounted_only(&c);
	ck_assert_int_eq(env_members_btrfs(&c, root, "vdd"), 0);
	ck_assert_uint_eq(c.count, 1);
	ck_assert_str_eq(c.name[0], "vdd");
	ck_assert_str_eq(c.layout, "");
	ck_assert_uint_eq(c.write_copies_pct, 100);
	ck_assert_ptr_null(strstr(env_text_of(&c), "Members:")); /* nothing to say beyond the Device line */
	c.members = 2;
	snprintf(c.layout, sizeof c.layout, "btrfs raid1 over 2");
	ck_assert_ptr_nonnull(strstr(env_text_of(&c), "\nMembers:     vdd + vdd; btrfs raid1 over 2: the members write "));
}
END_TEST

START_TEST(btrfs_not_listed_leaves_counters_alone)
{
	struct env_counters c;

	mounted_only(&c);
	ck_assert_int_eq(env_members_btrfs(&c, root, "sdz"), -1);
	ck_assert_uint_eq(c.count, 1);
	ck_assert_str_eq(c.name[0], "sdb");
	ck_assert_uint_eq(c.members, 0);
}
END_TEST

START_TEST(md_levels)
{
	static const struct {
		const char *level, *disks, *layout_value, *layout;
		unsigned copies;
	} cases[] = {
		{"raid1", "2", "0", "md raid1, mirror of 2", 200},
		{"raid1", "3", "0", "md raid1, mirror of 3", 300},
		{"raid5", "4", "2", "md raid5 over 4", 133},
		{"raid6", "4", "2", "md raid6 over 4", 200},
		{"raid10", "4", "258", "md raid10 over 4", 200}, /* near 2, far 1 */
		{"raid0", "2", "0", "md raid0 over 2", 100},
	};
	char md[512];

	devpath(md, sizeof md, "sys/devices/virtual/block/md7");
	put("sys/devices/virtual/block/md7/slaves/.keep", "");
	link_abs("sys/devices/virtual/block/md7/slaves/sdc", "sys/devices/pci0/ata3/block/sdc");
	link_abs("sys/devices/virtual/block/md7/slaves/sdb", "sys/devices/pci0/ata2/block/sdb");
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct env_counters c;

		put("sys/devices/virtual/block/md7/md/level", cases[i].level);
		put("sys/devices/virtual/block/md7/md/raid_disks", cases[i].disks);
		put("sys/devices/virtual/block/md7/md/layout", cases[i].layout_value);
		env_counters_probe(&c, root, md);
		env_members_md(&c, md);
		ck_assert_uint_eq(c.count, 2);
		ck_assert_uint_eq(c.members, 2);
		ck_assert_str_eq(c.member[0], "sdb");
		ck_assert_str_eq(c.layout, cases[i].layout);
		ck_assert_uint_eq(c.write_copies_pct, cases[i].copies);
	}
}
END_TEST

/* A member that is a file (a ZFS file vdev): the disk under its file
 * system is counted, and it is said that this disk counts other I/O too,
 * in words that fit a file (not a loop device's). */
START_TEST(file_member_is_said_as_a_file)
{
#if defined(__linux__)
	char file[512], majmin[32], link[1024];
	struct env_counters c;
	struct stat st;

	snprintf(file, sizeof file, "%s/vdev0", root);
	put("vdev0", "x");
	ck_assert_int_eq(stat(file, &st), 0);
	snprintf(majmin, sizeof majmin, "%u:%u", major(st.st_dev), minor(st.st_dev));
	put("sys/dev/block/.keep", "");
	snprintf(link, sizeof link, "sys/dev/block/%s", majmin);
	link_abs(link, "sys/devices/pci0/ata3/block/sdc");
	memset(&c, 0, sizeof c);
	env_counters_add_file(&c, root, file);
	ck_assert_uint_eq(c.count, 1);
	ck_assert_str_eq(c.name[0], "sdc");
	ck_assert_int_eq(c.caveat, ENV_FILE_MEMBER);
	ck_assert_ptr_nonnull(strstr(c.why, "vdev0 is a file on a file system that may carry other traffic"));
	ck_assert_ptr_null(strstr(report_caveat_text(c.caveat), "loop"));
	ck_assert_ptr_nonnull(strstr(report_caveat_text(c.caveat), "a member is a file"));
	env_counters_add_file(&c, root, file); /* a second file member: counted and said once */
	ck_assert_uint_eq(c.count, 1);
	ck_assert_ptr_null(strstr(strstr(c.why, "vdev0") + 1, "vdev0"));
#endif
}
END_TEST

/* A network block device is a leaf bonnie can count only as the client
 * sees it: said, as a layer not followed. */
START_TEST(network_member_is_said)
{
	char nbd[512];
	struct env_counters c;

	put("sys/devices/virtual/block/nbd0/stat", "1 0 8 0 1 0 8 0 0 0 0\n");
	devpath(nbd, sizeof nbd, "sys/devices/virtual/block/nbd0");
	mounted_only(&c);
	env_counters_add(&c, root, nbd);
	ck_assert_uint_eq(c.count, 2);
	ck_assert_int_eq(c.caveat, ENV_STACK_UNFOLLOWED);
	ck_assert_str_eq(c.why, "nbd0 is a network block device: its counters are what this machine sent, not its "
	                        "server's disks");
}
END_TEST

/* --- From device explained, on synthetic phases */

static struct run_result run;

static struct phase_result *writer(enum phase_id id, uint64_t bytes, uint64_t dev_written, unsigned copies)
{
	struct phase_result *r = &run.phase[id];

	synth_full_run(&run);
	r->bytes = bytes;
	r->read_bytes = 0;
	memset(&r->dev, 0, sizeof r->dev);
	r->dev.valid = true;
	r->dev.write_bytes = dev_written;
	r->dev.write_copies_pct = (uint16_t)copies;
	if (copies)
		snprintf(r->dev.layout, sizeof r->dev.layout, "btrfs raid1 over 2");
	return r;
}

/* The run's notes, as the table prints them. */
static char *notes_of(const struct run_result *rr)
{
	static struct config cfg;
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(m);
	synth_config(&cfg);
	report_run_notes(m, synth_view(&cfg, rr), false);
	fclose(m);
	return text;
}

START_TEST(mirror_write_is_explained_by_its_layout)
{
	char why[640], *notes;

	writer(PHASE_PUT_BLOCK, 512 * MIB, 1054 * MIB, 200);
	ck_assert_int_eq(device_why(PHASE_PUT_BLOCK, &run.phase[PHASE_PUT_BLOCK], why, sizeof why), DEV_WHY_LAYOUT);
	ck_assert_str_eq(why, "during put_block the devices wrote 205% of its data: btrfs raid1 over 2 writes every byte 2 "
	                      "times (200%)");
	notes = notes_of(&run);
	ck_assert_ptr_nonnull(strstr(notes, "layout: during put_block the devices wrote 205% of its data: btrfs raid1 over 2"));
	free(notes);
	/* on one disk the same 205% is not the layout's */
	writer(PHASE_PUT_BLOCK, 512 * MIB, 1054 * MIB, 0);
	ck_assert_int_eq(device_why(PHASE_PUT_BLOCK, &run.phase[PHASE_PUT_BLOCK], why, sizeof why), DEV_WHY_OTHER_WRITES);
	ck_assert_ptr_nonnull(strstr(why, "more than the 100% one device writes"));
}
END_TEST

START_TEST(far_above_the_layout_names_what_cannot_be_told_apart)
{
	struct phase_result *r = writer(PHASE_PUTC, 7600000, 119 * MIB, 0);
	const char *cause;
	char why[640], *notes;

	ck_assert_int_eq(device_why(PHASE_PUTC, r, why, sizeof why), DEV_WHY_OTHER_WRITES);
	ck_assert_str_eq(why, "during putc the devices wrote 1641% of its data (119.0 MiB for 7.2 MiB), more than the 100% "
	                      "one device writes");
	cause = device_why_cause(DEV_WHY_OTHER_WRITES, r); /* bonnie's own share unknown: its pages count among them */
	ck_assert_ptr_nonnull(cause);
	ck_assert_ptr_nonnull(strstr(cause, "bonnie's pages written back and dirtied again, another process's writes"));
	ck_assert_ptr_nonnull(strstr(cause, "journal and metadata"));
	ck_assert_ptr_nonnull(strstr(cause, "the counters cannot tell these apart"));
	run.phase[PHASE_PUT_BLOCK] = *r; /* two such phases: the cause is said once */
	run.phase[PHASE_PUT_BLOCK].dev.write_bytes = 70 * MIB;
	notes = notes_of(&run);
	ck_assert_ptr_nonnull(strstr(notes, "other writes: during putc the devices wrote 1641%"));
	ck_assert_ptr_nonnull(strstr(notes, "other writes: during put_block the devices wrote"));
	ck_assert_ptr_nonnull(strstr(notes, "other writes: what the devices wrote beyond"));
	ck_assert_ptr_null(strstr(strstr(notes, "other writes: what the devices") + 1, "other writes: what the devices"));
	free(notes);

	r->dev.own_valid = true; /* bonnie had 7.3 MiB written: 111.7 MiB are not its own */
	r->dev.own_write_bytes = 7654604;
	device_why(PHASE_PUTC, r, why, sizeof why);
	ck_assert_ptr_nonnull(strstr(why, "; bonnie itself had 7.3 MiB written, so 111.7 MiB came from elsewhere"));
	ck_assert_ptr_nonnull(strstr(device_why_cause(DEV_WHY_OTHER_WRITES, r), "beyond bonnie's own share is another "
	                                                                         "process's writes to the same devices"));

	r->dev.own_write_bytes = 110 * MIB; /* its own pages written back and dirtied again */
	device_why(PHASE_PUTC, r, why, sizeof why);
	ck_assert_ptr_nonnull(strstr(why, "; bonnie itself had 110.0 MiB written"));
	ck_assert_ptr_nonnull(strstr(why, "which accounts for most of it"));
	ck_assert_ptr_null(device_why_cause(DEV_WHY_OTHER_WRITES, r)); /* nothing left to explain */
}
END_TEST

/* A small phase's figures in their own unit: MiB to one decimal said
 * "(0.0 MiB for 0.0 MiB)" and "0.0 MiB came from elsewhere" of 8 KiB. */
START_TEST(small_phase_sizes_keep_their_figures)
{
	struct phase_result *r = writer(PHASE_PUT_BLOCK, 8192, 28672, 0);
	char why[640];

	r->dev.own_valid = true;
	r->dev.own_write_bytes = 8192;
	ck_assert_int_eq(device_why(PHASE_PUT_BLOCK, r, why, sizeof why), DEV_WHY_OTHER_WRITES);
	ck_assert_str_eq(why, "during put_block the devices wrote 350% of its data (28.0 KiB for 8.0 KiB), more than the "
	                      "100% one device writes; bonnie itself had 8.0 KiB written, so 20.0 KiB came from elsewhere");
}
END_TEST

START_TEST(far_below_the_layout)
{
	struct phase_result *r = writer(PHASE_PUT_BLOCK, 512 * MIB, 520 * MIB, 200);
	char why[640];

	ck_assert_int_eq(device_why(PHASE_PUT_BLOCK, r, why, sizeof why), DEV_WHY_FEWER_WRITES);
	ck_assert_ptr_nonnull(strstr(why, "wrote 101% of its data, less than the 200% btrfs raid1 over 2 writes"));
	ck_assert_ptr_null(strstr(why, "not counted"));
	r->dev.caveat = ENV_STACK_UNFOLLOWED;
	device_why(PHASE_PUT_BLOCK, r, why, sizeof why);
	ck_assert_ptr_nonnull(strstr(why, "or a device is not counted as it is"));
}
END_TEST

START_TEST(near_one_copy_says_nothing)
{
	char why[640];

	writer(PHASE_PUT_BLOCK, 512 * MIB, 540 * MIB, 0);
	ck_assert_int_eq(device_why(PHASE_PUT_BLOCK, &run.phase[PHASE_PUT_BLOCK], why, sizeof why), DEV_WHY_NONE);
	ck_assert_str_eq(why, "");
}
END_TEST

START_TEST(reads_as_before_with_the_member_sum)
{
	struct phase_result *r = &run.phase[PHASE_GET_BLOCK];
	char why[640];

	synth_full_run(&run);
	r->read_bytes = r->bytes = 512 * MIB;
	memset(&r->dev, 0, sizeof r->dev);
	r->dev.valid = true;
	r->dev.read_bytes = 511 * MIB; /* both members' share summed */
	r->dev.write_copies_pct = 200;
	ck_assert_int_eq(device_why(PHASE_GET_BLOCK, r, why, sizeof why), DEV_WHY_NONE);
	r->dev.read_bytes = 10 * MIB;
	ck_assert_int_eq(device_why(PHASE_GET_BLOCK, r, why, sizeof why), DEV_WHY_CACHED);
	ck_assert_str_eq(why, "get_block read 1% of its data from the device; its rate is the page cache's");

	/* 18 MiB read from the device for a 5.6 MiB direct-I/O phase, within two
	 * read-ahead windows: without bonnie's own count that is read-ahead ... */
	r->read_bytes = r->bytes = 5873664;
	r->dev.read_bytes = 18718720;
	r->dev.read_ahead_kb = 8192;
	snprintf(r->dev.read_ahead_dev, sizeof r->dev.read_ahead_dev, "vda");
	ck_assert_int_eq(device_why(PHASE_GET_BLOCK, r, why, sizeof why), DEV_WHY_READ_AHEAD);
	/* ... but bonnie itself read only its 5.6 MiB: the rest was someone else's */
	r->dev.own_valid = true;
	r->dev.own_read_bytes = 5873664;
	ck_assert_int_eq(device_why(PHASE_GET_BLOCK, r, why, sizeof why), DEV_WHY_OTHER_READS);
	ck_assert_str_eq(why, "get_block read 318% of its data from the device; bonnie itself had 5.6 MiB read (its "
	                      "read-ahead included), so 12.2 MiB came from elsewhere: other readers of the device count too");
	r->dev.own_read_bytes = 18000000; /* its own read-ahead: said as before */
	ck_assert_int_eq(device_why(PHASE_GET_BLOCK, r, why, sizeof why), DEV_WHY_READ_AHEAD);
}
END_TEST

Suite *suite_members(void)
{
	Suite *s = suite_create("members");
	TCase *tc = tcase_create("sysfs");
	TCase *why = tcase_create("device_why");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, btrfs_raid1_counts_both_members);
	tcase_add_test(tc, btrfs_profiles);
	tcase_add_test(tc, btrfs_mixed_profiles_leave_copies_unknown);
	tcase_add_test(tc, btrfs_single_device_has_no_layout);
	tcase_add_test(tc, btrfs_not_listed_leaves_counters_alone);
	tcase_add_test(tc, md_levels);
	tcase_add_test(tc, file_member_is_said_as_a_file);
	tcase_add_test(tc, network_member_is_said);
	suite_add_tcase(s, tc);
	tcase_add_test(why, mirror_write_is_explained_by_its_layout);
	tcase_add_test(why, far_above_the_layout_names_what_cannot_be_told_apart);
	tcase_add_test(why, small_phase_sizes_keep_their_figures);
	tcase_add_test(why, far_below_the_layout);
	tcase_add_test(why, near_one_copy_says_nothing);
	tcase_add_test(why, reads_as_before_with_the_member_sum);
	suite_add_tcase(s, why);
	return s;
}
