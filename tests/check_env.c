/* What-was-tested probing: the alignment rule, block-device facts read
 * from a fake sysfs tree (partitions aligned and not, whole disks, loop,
 * dm), the stat counters, the device stack that "From device" counts
 * (loop -> backing file -> its device, dm and md -> slaves), and
 * mountinfo lines. */
#include "suites.h"
#include "../env/env.h"
#include "../env/mountinfo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/sysmacros.h> /* major(), minor() */
#endif

#include "util_fs.h"

static char root[256];

/* A file of a fake sysfs/proc tree under root. */
static void put(const char *rel, const char *text)
{
	put_file_under(root, rel, text);
}

static void link_dev(const char *majmin, const char *target)
{
	char path[1024];

	snprintf(path, sizeof path, "%s/sys/dev", root);
	mkdir(path, 0755);
	snprintf(path, sizeof path, "%s/sys/dev/block", root);
	mkdir(path, 0755);
	snprintf(path, sizeof path, "%s/sys/dev/block/%s", root, majmin);
	ck_assert_int_eq(symlink(target, path), 0);
}

/* A 512e SATA disk "sda" with a misaligned sda1 (sector 63) and an aligned
 * sda2 (sector 2048), an NVMe disk with 4K sectors, a loop and a dm device. */
static void setup(void)
{
	const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	const char *sda = "sys/devices/pci0/ata1/block/sda";

	snprintf(root, sizeof root, "%s/bonnie-sysfs.XXXXXX", tmp);
	ck_assert_ptr_nonnull(mkdtemp(root));
	{
		char p[512];

		snprintf(p, sizeof p, "%s/sys", root);
		mkdir(p, 0755);
		snprintf(p, sizeof p, "%s/queue/logical_block_size", sda); put(p, "512\n");
		snprintf(p, sizeof p, "%s/queue/physical_block_size", sda); put(p, "4096\n");
		snprintf(p, sizeof p, "%s/queue/rotational", sda); put(p, "1\n");
		snprintf(p, sizeof p, "%s/queue/scheduler", sda); put(p, "none [mq-deadline] bfq\n");
		snprintf(p, sizeof p, "%s/queue/write_cache", sda); put(p, "write back\n");
		snprintf(p, sizeof p, "%s/queue/read_ahead_kb", sda); put(p, "8192\n");
		snprintf(p, sizeof p, "%s/alignment_offset", sda); put(p, "0\n");
		snprintf(p, sizeof p, "%s/device/model", sda); put(p, "WDC WD40EFRX-68N   \n");
		snprintf(p, sizeof p, "%s/device/vendor", sda); put(p, "ATA     \n");
		snprintf(p, sizeof p, "%s/stat", sda); put(p, "    5720     3231   523674     1501      688     1494    37408      426        0      852     2190\n");
		snprintf(p, sizeof p, "%s/sda1/partition", sda); put(p, "1\n");
		snprintf(p, sizeof p, "%s/sda1/start", sda); put(p, "63\n");
		snprintf(p, sizeof p, "%s/sda1/stat", sda); put(p, "10 0 80 0 20 0 160 0 0 0 0\n");
		snprintf(p, sizeof p, "%s/sda2/partition", sda); put(p, "2\n");
		snprintf(p, sizeof p, "%s/sda2/start", sda); put(p, "2048\n");
		snprintf(p, sizeof p, "%s/sda2/stat", sda); put(p, "0 0 0 0 0 0 0 0 0 0 0\n");
	}
	put("sys/devices/pci1/nvme/nvme0/nvme0n1/queue/logical_block_size", "4096\n");
	put("sys/devices/pci1/nvme/nvme0/nvme0n1/queue/physical_block_size", "4096\n");
	put("sys/devices/pci1/nvme/nvme0/nvme0n1/queue/rotational", "0\n");
	put("sys/devices/pci1/nvme/nvme0/nvme0n1/device/model", "Samsung SSD 980 PRO 1TB\n");
	put("sys/devices/virtual/block/loop3/queue/logical_block_size", "512\n");
	put("sys/devices/virtual/block/loop3/queue/physical_block_size", "512\n");
	put("sys/devices/virtual/block/loop3/loop/backing_file", "/var/tmp/disk.img\n");
	put("sys/devices/virtual/block/dm-0/queue/logical_block_size", "512\n");
	put("sys/devices/virtual/block/dm-0/queue/physical_block_size", "4096\n");
	put("sys/devices/virtual/block/dm-0/alignment_offset", "3584\n");
	put("sys/devices/virtual/block/dm-0/dm/name", "vg0-data\n");
	link_dev("8:0", "../../devices/pci0/ata1/block/sda");
	link_dev("8:1", "../../devices/pci0/ata1/block/sda/sda1");
	link_dev("8:2", "../../devices/pci0/ata1/block/sda/sda2");
	link_dev("259:0", "../../devices/pci1/nvme/nvme0/nvme0n1");
	link_dev("7:3", "../../devices/virtual/block/loop3");
	link_dev("253:0", "../../devices/virtual/block/dm-0");
}

static void teardown(void)
{
	char cmd[512];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	ck_assert_int_eq(system(cmd), 0);
}

START_TEST(alignment_rule)
{
	static const struct {
		uint64_t start;
		uint32_t phys, aoff;
		int want;
	} cases[] = {
		{0, 4096, 0, 1},        {2048 * 512, 4096, 0, 1}, {63 * 512, 4096, 0, 0},
		{63 * 512, 512, 0, 1},  {4096, 0, 0, -1},         {3584, 4096, 3584, 1},
		{0, 4096, 3584, 0},     {7 * 512, 4096, 3584, 1}, {1 << 20, 4096, 0, 1},
		{1 << 20, 65536, 0, 1}, {(1 << 20) + 512, 4096, 0, 0},
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		ck_assert_msg(env_alignment(cases[i].start, cases[i].phys, cases[i].aoff) == cases[i].want,
		              "case %zu", i);
}
END_TEST

START_TEST(misaligned_512e_partition)
{
	struct env_device d;

	ck_assert_int_eq(env_device_probe(&d, root, 8, 1), 0);
	ck_assert(d.present);
	ck_assert(d.is_partition);
	ck_assert_str_eq(d.name, "sda1");
	ck_assert_str_eq(d.disk, "sda");
	ck_assert_str_eq(d.kind, "scsi");
	ck_assert_str_eq(d.model, "ATA WDC WD40EFRX-68N");
	ck_assert_uint_eq(d.logical_block, 512);
	ck_assert_uint_eq(d.physical_block, 4096);
	ck_assert_int_eq(d.rotational, 1);
	ck_assert_str_eq(d.scheduler, "mq-deadline");
	ck_assert_str_eq(d.write_cache, "write back");
#if defined(__linux__)
	/* a partition reads ahead by its disk's queue setting */
	ck_assert_uint_eq(d.counters.read_ahead_kb, 8192);
	ck_assert_str_eq(d.counters.read_ahead_dev, "sda");
#endif
	ck_assert_uint_eq(d.start_bytes, 63 * 512);
	ck_assert_int_eq(d.aligned, 0);
	ck_assert_ptr_nonnull(strstr(d.stat_path, "/sda1/stat"));
}
END_TEST

START_TEST(aligned_partition_and_whole_disk)
{
	struct env_device d;

	ck_assert_int_eq(env_device_probe(&d, root, 8, 2), 0);
	ck_assert_uint_eq(d.start_bytes, 2048 * 512);
	ck_assert_int_eq(d.aligned, 1);
	ck_assert_int_eq(env_device_probe(&d, root, 8, 0), 0);
	ck_assert(!d.is_partition);
	ck_assert_str_eq(d.name, "sda");
	ck_assert_uint_eq(d.start_bytes, 0);
	ck_assert_int_eq(d.aligned, 1);
}
END_TEST

START_TEST(nvme_loop_and_dm)
{
	struct env_device d;

	ck_assert_int_eq(env_device_probe(&d, root, 259, 0), 0);
	ck_assert_str_eq(d.kind, "nvme");
	ck_assert_str_eq(d.model, "Samsung SSD 980 PRO 1TB");
	ck_assert_int_eq(d.rotational, 0);
	ck_assert_uint_eq(d.logical_block, 4096);
	ck_assert_str_eq(d.scheduler, "unknown"); /* no scheduler file: degrade, not fail */
	ck_assert_uint_eq(d.counters.read_ahead_kb, 0); /* nor a read_ahead_kb file */
	ck_assert_int_eq(env_device_probe(&d, root, 7, 3), 0);
	ck_assert_str_eq(d.kind, "loop");
	ck_assert_str_eq(d.detail, "/var/tmp/disk.img");
	ck_assert_str_eq(d.model, "unknown");
	ck_assert_int_eq(d.rotational, -1);
	ck_assert_int_eq(env_device_probe(&d, root, 253, 0), 0);
	ck_assert_str_eq(d.kind, "dm");
	ck_assert_str_eq(d.detail, "vg0-data");
	ck_assert_uint_eq(d.alignment_offset, 3584);
	ck_assert_int_eq(d.aligned, 0); /* a dm device stacked 3584 bytes off its disk's alignment */
}
END_TEST

START_TEST(unknown_device_fails_cleanly)
{
	struct env_device d;

	ck_assert_int_eq(env_device_probe(&d, root, 9, 9), -1);
	ck_assert(!d.present);
}
END_TEST

START_TEST(stat_counters_in_bytes)
{
	struct env_device d;
	uint64_t rd, wr;

	ck_assert_int_eq(env_device_probe(&d, root, 8, 0), 0);
	ck_assert_int_eq(env_device_counters(d.stat_path, &rd, &wr), 0);
	ck_assert_uint_eq(rd, 523674ull * 512);
	ck_assert_uint_eq(wr, 37408ull * 512);
	ck_assert_int_eq(env_device_counters("/nonexistent/stat", &rd, &wr), -1);
}
END_TEST

START_TEST(mountinfo_lines)
{
	struct mount_entry e;

	ck_assert_int_eq(mountinfo_parse_line("36 35 98:0 /mnt1 /mnt\\040two rw,noatime master:1 - ext4 "
	                                      "/dev/sda2 rw,errors=continue,noatime\n", &e), 0);
	ck_assert_uint_eq(e.major, 98);
	ck_assert_uint_eq(e.minor, 0);
	ck_assert_str_eq(e.mount_point, "/mnt two");
	ck_assert_str_eq(e.fs_type, "ext4");
	ck_assert_str_eq(e.source, "/dev/sda2");
	ck_assert_str_eq(e.options, "rw,noatime,errors=continue");
	ck_assert_int_eq(mountinfo_parse_line("garbage\n", &e), -1);
	ck_assert_int_eq(mountinfo_parse_line("1 2 x:y / / rw - ext4 /dev/x rw\n", &e), -1);
	ck_assert_int_eq(mountinfo_parse_line("1 2 0:5 / /a rw\n", &e), -1); /* no separator */
}
END_TEST

START_TEST(mountinfo_picks_the_deepest_mount)
{
	char path[512];
	struct mount_entry e;
	FILE *f;

	snprintf(path, sizeof path, "%s/mountinfo", root);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("1 0 8:2 / / rw - ext4 /dev/sda2 rw\n"
	      "2 1 0:30 / /tmp rw - tmpfs tmpfs rw,size=8192k\n"
	      "3 1 8:2 /srv /data rw - ext4 /dev/sda2 rw\n", f);
	fclose(f);
	ck_assert_int_eq(mountinfo_find(path, 8, 2, "/data/x/y", &e), 0);
	ck_assert_str_eq(e.mount_point, "/data");
	ck_assert_int_eq(mountinfo_find(path, 8, 2, "/home/u", &e), 0);
	ck_assert_str_eq(e.mount_point, "/");
	ck_assert_int_eq(mountinfo_find(path, 0, 30, "/tmp/q", &e), 0);
	ck_assert_str_eq(e.fs_type, "tmpfs");
	/* a device no line names (a btrfs subvolume): the deepest path wins */
	ck_assert_int_eq(mountinfo_find(path, 0, 99, "/tmp/q", &e), 0);
	ck_assert_str_eq(e.mount_point, "/tmp");
	ck_assert_int_eq(mountinfo_find("/nonexistent", 0, 99, "/tmp/q", &e), -1);
}
END_TEST

/* A symlink root/rel -> root/target (sysfs slaves/ entries). */
static void link_abs(const char *rel, const char *target)
{
	char path[1024], to[1024];

	snprintf(path, sizeof path, "%s/%s", root, rel);
	snprintf(to, sizeof to, "%s/%s", root, target);
	ck_assert_int_eq(symlink(to, path), 0);
}

/* A loop device loopN in the fake tree backed by file, with loop/dio. */
static void fake_loop(int n, const char *file, const char *dio)
{
	char p[256], majmin[32], target[128];

	snprintf(p, sizeof p, "sys/devices/virtual/block/loop%d/loop/backing_file", n);
	put(p, file);
	snprintf(p, sizeof p, "sys/devices/virtual/block/loop%d/loop/dio", n);
	put(p, dio);
	snprintf(p, sizeof p, "sys/devices/virtual/block/loop%d/stat", n);
	put(p, "9 0 9000 0 9 0 9000 0 0 0 0\n");
	snprintf(majmin, sizeof majmin, "7:%d", n);
	snprintf(target, sizeof target, "../../devices/virtual/block/loop%d", n);
	link_dev(majmin, target);
}

/* The stack's bottom for loops: a real file in the fake root, whose real
 * st_dev is made to name the partition vdz1 of a fake disk. Returns the
 * name the counters should give (vdz1, or the fixture's device that
 * happens to have the same numbers). */
static const char *backing_file(char *file, size_t len)
{
	static char name[64];
	char majmin[32], link[1024], real[1024];
	struct stat st;

	snprintf(file, len, "%s/disk.img", root);
	put("disk.img", "data");
	ck_assert_int_eq(stat(file, &st), 0);
	put("sys/devices/pci2/block/vdz/vdz1/partition", "1\n");
	put("sys/devices/pci2/block/vdz/vdz1/stat", "1 0 2 0 3 0 4 0 0 0 0\n");
	snprintf(majmin, sizeof majmin, "%u:%u", major(st.st_dev), minor(st.st_dev));
	snprintf(link, sizeof link, "%s/sys/dev/block/%s", root, majmin);
	if (access(link, F_OK) != 0)
		link_dev(majmin, "../../devices/pci2/block/vdz/vdz1");
	ck_assert_ptr_nonnull(realpath(link, real));
	snprintf(name, sizeof name, "%s", strrchr(real, '/') + 1);
	return name;
}

START_TEST(stack_loop_to_the_device_under_its_file)
{
	char file[512], line[600];
	const char *bottom = backing_file(file, sizeof file);
	struct env_device d;

	snprintf(line, sizeof line, "%s\n", file);
	fake_loop(5, line, "0\n");
	fake_loop(6, line, "1\n");
	ck_assert_int_eq(env_device_probe(&d, root, 7, 5), 0);
	ck_assert_uint_eq(d.counters.count, 1);
	ck_assert_str_eq(d.counters.name[0], bottom); /* not loop5 */
	ck_assert_int_eq(d.counters.caveat, ENV_LOOP_BUFFERED);
	ck_assert_ptr_nonnull(strstr(d.counters.why, "loop5 reads and writes"));
	ck_assert_ptr_nonnull(strstr(d.counters.why, "(no direct I/O)"));
	ck_assert_int_eq(env_device_probe(&d, root, 7, 6), 0); /* direct I/O: device-true */
	ck_assert_uint_eq(d.counters.count, 1);
	ck_assert_str_eq(d.counters.name[0], bottom);
	ck_assert_int_eq(d.counters.caveat, ENV_DEVICE_TRUE);
}
END_TEST

START_TEST(stack_loop_that_cannot_be_followed)
{
	struct env_device d;
	uint64_t rd, wr;

	fake_loop(7, "/nonexistent/gone.img (deleted)\n", "0\n");
	ck_assert_int_eq(env_device_probe(&d, root, 7, 7), 0);
	ck_assert_uint_eq(d.counters.count, 1);
	ck_assert_str_eq(d.counters.name[0], "loop7"); /* its own counters, said so */
	ck_assert_int_eq(d.counters.caveat, ENV_STACK_UNFOLLOWED);
	ck_assert_ptr_nonnull(strstr(d.counters.why, "cannot follow loop7 to its backing file"));
	ck_assert_int_eq(env_counters_read(&d.counters, &rd, &wr), 0);
	ck_assert_uint_eq(rd, 9000ull * 512);
}
END_TEST

START_TEST(stack_dm_and_md_sum_their_slaves)
{
	struct env_device d;
	uint64_t rd, wr;

	put("sys/devices/pci1/nvme/nvme0/nvme0n1/stat", "1 0 100 0 1 0 300 0 0 0 0\n");
	put("sys/devices/virtual/block/dm-1/dm/name", "vg0-striped\n");
	put("sys/devices/virtual/block/dm-1/stat", "5 0 99999 0 5 0 99999 0 0 0 0\n");
	put("sys/devices/virtual/block/dm-1/slaves/.keep", "");
	link_abs("sys/devices/virtual/block/dm-1/slaves/sda1", "sys/devices/pci0/ata1/block/sda/sda1");
	link_abs("sys/devices/virtual/block/dm-1/slaves/nvme0n1", "sys/devices/pci1/nvme/nvme0/nvme0n1");
	link_dev("253:1", "../../devices/virtual/block/dm-1");
	ck_assert_int_eq(env_device_probe(&d, root, 253, 1), 0);
	ck_assert_uint_eq(d.counters.count, 2);
	ck_assert_int_eq(d.counters.caveat, ENV_DEVICE_TRUE);
	ck_assert_int_eq(env_counters_read(&d.counters, &rd, &wr), 0);
	ck_assert_uint_eq(rd, (80ull + 100) * 512); /* sda1 + nvme0n1, not dm-1's own */
	ck_assert_uint_eq(wr, (160ull + 300) * 512);

	/* md RAID1 over two partitions, one of them a dm device's slave too:
	 * an md partition is followed through its disk */
	put("sys/devices/virtual/block/md0/md/level", "raid1\n");
	put("sys/devices/virtual/block/md0/md0p1/partition", "1\n");
	put("sys/devices/virtual/block/md0/slaves/.keep", "");
	link_abs("sys/devices/virtual/block/md0/slaves/sda1", "sys/devices/pci0/ata1/block/sda/sda1");
	link_abs("sys/devices/virtual/block/md0/slaves/sda2", "sys/devices/pci0/ata1/block/sda/sda2");
	link_dev("259:9", "../../devices/virtual/block/md0/md0p1");
	ck_assert_int_eq(env_device_probe(&d, root, 259, 9), 0);
	ck_assert_str_eq(d.name, "md0p1");
	ck_assert_uint_eq(d.counters.count, 2);
	ck_assert(strcmp(d.counters.name[0], "sda1") == 0 || strcmp(d.counters.name[1], "sda1") == 0);
	ck_assert(strcmp(d.counters.name[0], "sda2") == 0 || strcmp(d.counters.name[1], "sda2") == 0);
	ck_assert_int_eq(d.counters.caveat, ENV_DEVICE_TRUE);
}
END_TEST

START_TEST(stack_plain_partition_counts_itself)
{
	struct env_device d;

	ck_assert_int_eq(env_device_probe(&d, root, 8, 1), 0);
	ck_assert_uint_eq(d.counters.count, 1);
	ck_assert_str_eq(d.counters.name[0], "sda1");
	ck_assert_int_eq(d.counters.caveat, ENV_DEVICE_TRUE);
}
END_TEST

/* On the real machine: every field has some value, none crashes. */
START_TEST(probe_this_machine)
{
	struct env_info env;

	env_probe(&env, ".", "");
	ck_assert_uint_gt(env.cpus, 0);
	ck_assert_uint_gt(env.ram_bytes, 0);
	ck_assert_str_ne(env.fs_type, "");
	ck_assert_str_ne(env.kernel, "");
	env_probe(&env, "/nonexistent/dir", "");
	ck_assert_str_eq(env.fs_type, "unknown");
	ck_assert(!env.dev.present);
}
END_TEST

Suite *suite_env(void)
{
	Suite *s = suite_create("env");
	TCase *tc = tcase_create("sysfs");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, alignment_rule);
	tcase_add_test(tc, misaligned_512e_partition);
	tcase_add_test(tc, aligned_partition_and_whole_disk);
	tcase_add_test(tc, nvme_loop_and_dm);
	tcase_add_test(tc, unknown_device_fails_cleanly);
	tcase_add_test(tc, stat_counters_in_bytes);
	tcase_add_test(tc, mountinfo_lines);
	tcase_add_test(tc, mountinfo_picks_the_deepest_mount);
	tcase_add_test(tc, probe_this_machine);
	tcase_add_test(tc, stack_loop_to_the_device_under_its_file);
	tcase_add_test(tc, stack_loop_that_cannot_be_followed);
	tcase_add_test(tc, stack_dm_and_md_sum_their_slaves);
	tcase_add_test(tc, stack_plain_partition_counts_itself);
	suite_add_tcase(s, tc);
	return s;
}
