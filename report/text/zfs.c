/* "What was tested" on a ZFS dataset: the pool, its layout and vdevs,
 * ashift against the disks' sectors, the dataset's properties and the
 * ARC, in the text (and so the page) and the JSON. Only prints what
 * zfs_probe read. */
#include "../report.h"
#include "../model/view.h"
#include "../../lib/str.h"
#include "../../lib/units.h"

#include <stdlib.h>
#include <string.h>

struct safe {
	char s[512];
};

static const char *safe(struct safe *t, const char *s)
{
	str_sanitize(t->s, sizeof t->s, s);
	return t->s;
}

/* recordsize as zfs get -p gives it (bytes) in KiB where it is a number. */
static void record_words(const char *v, char *buf, size_t len)
{
	char *end;
	unsigned long n = strtoul(v, &end, 10);

	if (end != v && *end == '\0' && n >= 1024 && n % 1024 == 0)
		snprintf(buf, len, "%lu KiB", n / 1024);
	else
		snprintf(buf, len, "%s", v);
}

static void sectors(char *buf, size_t len, uint32_t logical, uint32_t physical)
{
	if (logical && physical)
		snprintf(buf, len, "%u B logical / %u B physical sectors", logical, physical);
	else
		snprintf(buf, len, "sector sizes unknown");
}

static void vdev_line(FILE *out, const struct zfs_vdev *v)
{
	char sec[96], under[64] = "";
	struct safe name, group;

	sectors(sec, sizeof sec, v->logical, v->physical);
	if (v->under_physical > v->physical && !v->is_file)
		snprintf(under, sizeof under, "; the disk under it has %u B physical", v->under_physical);
	fprintf(out, "Vdev:        %s%s%s%s: %s%s%s%s\n", safe(&name, v->name), v->group[0] ? " (" : "",
	        safe(&group, v->group), v->group[0] ? ")" : "", v->is_file ? "a file; its disk has " : "", sec, under,
	        v->data ? "" : "; not counted (no data of the pool on it)");
}

static int log2_of(uint32_t v)
{
	int n = 0;

	while (v > 1) {
		v >>= 1;
		n++;
	}
	return n;
}

static void ashift_line(FILE *out, const struct env_zfs *z)
{
	uint32_t phys = zfs_largest_physical(z);
	int shortfall = zfs_ashift_short(z);

	if (z->ashift < 0)
		fprintf(out, "Alignment:   unknown: the pool's ashift could not be read\n");
	else if (shortfall < 0)
		fprintf(out, "Alignment:   ashift %d (%u B blocks); the vdevs' physical sector size is unknown\n", z->ashift,
		        1u << z->ashift);
	else if (shortfall)
		fprintf(out, "Alignment:   WARNING ashift %d (%u B blocks) is under the vdevs' %u B physical sectors: "
		        "every write smaller than %u KiB, or not on a %u KiB boundary, costs the disk a read-modify-write "
		        "(a pool made with ashift=%d avoids it)\n",
		        z->ashift, 1u << z->ashift, phys, phys / 1024, phys / 1024, log2_of(phys));
	else
		fprintf(out, "Alignment:   ashift %d (%u B blocks) fits the vdevs' %u B physical sectors\n", z->ashift,
		        1u << z->ashift, phys);
}

static void counted_line(FILE *out, const struct env_zfs *z, const struct env_counters *c)
{
	struct safe pool;

	fprintf(out, "Counted:     ");
	if (c->count == 0)
		fprintf(out, "nothing: no vdev of pool %s could be followed to a device\n", safe(&pool, z->pool));
	for (unsigned i = 0; i < c->count; i++)
		fprintf(out, "%s%s", i ? " + " : "", c->name[i]);
	if (c->count && c->caveat == ENV_DEVICE_TRUE)
		fprintf(out, " (the devices under pool %s)\n", safe(&pool, z->pool));
	else if (c->count)
		fprintf(out, "; not device-true: %s\n", c->why);
}

static void arc_line(FILE *out, const struct env_zfs *z)
{
	char size[32], most[32], l2[48] = "";

	if (!z->arc.valid) {
		fprintf(out, "ARC:         size unknown (not published here)\n");
		return;
	}
	units_format_human(z->arc.size, size, sizeof size);
	units_format_human(z->arc.c_max, most, sizeof most);
	if (z->arc.l2_size) {
		char l2s[32];
		units_format_human(z->arc.l2_size, l2s, sizeof l2s);
		snprintf(l2, sizeof l2, ", L2ARC %s", l2s);
	}
	fprintf(out, "ARC:         holds %s, at most %s%s (%s)\n", size, most, l2,
	        z->arc_kind == ZFS_ARC_SYSCTL ? "sysctl kstat.zfs.misc.arcstats" : z->arc_path);
}

/* zfs-fuse's block cache: a cache under the ARC that dropping the data
 * file's pages does not empty. */
static void daemon_line(FILE *out, const struct env_zfs *z)
{
	char who[96];
	struct safe vdev;

	if (z->daemon_pid < 0) {
		fprintf(out, "Daemon:      zfs-fuse: whether its block cache (the host page cache under its vdevs) is on "
		        "is unknown: no zfs-fuse process found\n");
		return;
	}
	snprintf(who, sizeof who, "zfs-fuse (pid %ld, started with%s --disable-block-cache)", z->daemon_pid,
	         z->disable_asked ? "" : "out");
	if (z->block_cache == 0)
		fprintf(out, "Daemon:      %s: every data vdev is open with direct I/O (its /proc fdinfo)\n", who);
	else if (z->block_cache > 0 && z->cached_vdev[0])
		fprintf(out, "Daemon:      %s keeps its block cache: %s is open without direct I/O, so the host page "
		        "cache holds its blocks and may serve reads\n", who, safe(&vdev, z->cached_vdev));
	else if (z->block_cache > 0)
		fprintf(out, "Daemon:      %s keeps its block cache: it reads and writes the vdevs through the host "
		        "page cache, which may serve reads\n", who);
	else
		fprintf(out, "Daemon:      %s: whether its vdevs are open with direct I/O is unknown (their open files "
		        "could not be seen)\n", who);
}

void report_zfs(FILE *out, const struct env_info *env)
{
	const struct env_zfs *z = &env->zfs;
	const struct zfs_layout *l = &z->layout;
	struct safe pool, ds, words;
	char rs[32], copies[64] = "";

	if (l->write_copies_pct && l->write_copies_pct != 100)
		snprintf(copies, sizeof copies, ": the vdevs write %u B per 100 B given", l->write_copies_pct);
	fprintf(out, "Pool:        %s, %s%s%s\n", safe(&pool, z->pool), safe(&words, l->words), copies,
	        z->fuse ? " (served by the zfs-fuse daemon)" : "");
	if (z->fuse)
		daemon_line(out, z);
	for (unsigned i = 0; i < l->nvdev; i++)
		vdev_line(out, &l->vdev[i]);
	ashift_line(out, z);
	record_words(z->recordsize, rs, sizeof rs);
	fprintf(out, "Dataset:     %s: recordsize %s, compression %s%s, primarycache %s, sync %s\n", safe(&ds, z->dataset),
	        rs, z->compression,
	        strcmp(z->compression, "off") && strcmp(z->compression, ENV_UNKNOWN)
	            ? " (bonnie's data does not compress: it cannot flatter the rates)" : "",
	        z->primarycache, z->sync);
	arc_line(out, z);
	counted_line(out, z, &env->dev.counters);
	if (z->unread[0])
		fprintf(out, "Not read:    %s\n", z->unread);
}

void report_zfs_after(FILE *out, const struct run_view *run)
{
	const struct phase_view *last = NULL;
	char ref[32];

	for (int i = 0; i < PHASE_COUNT; i++)
		if (run->phase[i].zfs_compressratio > 0)
			last = &run->phase[i];
	if (last == NULL)
		return;
	if (last->zfs_referenced)
		units_format_human(last->zfs_referenced, ref, sizeof ref);
	fprintf(out, "Compressed:  compressratio %.2fx after %s (%s%s)\n", last->zfs_compressratio,
	        phase_name(last->id), last->zfs_referenced ? ref : "referenced bytes unknown",
	        last->zfs_referenced ? " referenced then: ZFS counts data when its transaction group is written" : "");
}

static void u64_or_null(struct json *j, const char *key, uint64_t v)
{
	if (v)
		json_u64(j, key, v);
	else
		json_null(j, key);
}

static void vdev_json(struct json *j, const struct zfs_vdev *v)
{
	json_object_begin(j, NULL);
	json_string(j, "name", v->name);
	json_string(j, "group", v->group);
	json_string(j, "path", v->path);
	json_bool(j, "data", v->data);
	json_bool(j, "file", v->is_file);
	u64_or_null(j, "logical_sector_bytes", v->logical);
	u64_or_null(j, "physical_sector_bytes", v->physical);
	u64_or_null(j, "largest_physical_sector_under_bytes", v->under_physical);
	json_object_end(j);
}

static void arc_json(struct json *j, const struct env_zfs *z)
{
	if (!z->arc.valid) {
		json_null(j, "arc");
		return;
	}
	json_object_begin(j, "arc");
	json_u64(j, "size_bytes", z->arc.size);
	json_u64(j, "max_bytes", z->arc.c_max);
	json_u64(j, "l2_bytes", z->arc.l2_size);
	json_string(j, "source", z->arc_kind == ZFS_ARC_SYSCTL ? "sysctl kstat.zfs.misc.arcstats" : z->arc_path);
	json_object_end(j);
}

void report_zfs_json(struct json *j, const struct env_info *env)
{
	const struct env_zfs *z = &env->zfs;
	const struct env_counters *c = &env->dev.counters;
	int shortfall = zfs_ashift_short(z);

	if (!z->present)
		return; /* the member only where it is ZFS: other runs' documents stay as they were */
	json_object_begin(j, "zfs");
	json_string(j, "pool", z->pool);
	json_string(j, "dataset", z->dataset);
	json_bool(j, "fuse", z->fuse);
	if (z->fuse && z->block_cache >= 0)
		json_bool(j, "fuse_block_cache", z->block_cache != 0);
	else
		json_null(j, "fuse_block_cache");
	json_string(j, "layout", z->layout.words);
	u64_or_null(j, "write_copies_pct", z->layout.write_copies_pct);
	json_array_begin(j, "vdevs");
	for (unsigned i = 0; i < z->layout.nvdev; i++)
		vdev_json(j, &z->layout.vdev[i]);
	json_array_end(j);
	u64_or_null(j, "ashift", z->ashift > 0 ? (uint64_t)z->ashift : 0);
	if (shortfall < 0)
		json_null(j, "ashift_under_physical_sector");
	else
		json_bool(j, "ashift_under_physical_sector", shortfall != 0);
	json_string(j, "recordsize", z->recordsize);
	json_string(j, "compression", z->compression);
	json_string(j, "primarycache", z->primarycache);
	json_string(j, "sync", z->sync);
	arc_json(j, z);
	json_array_begin_inline(j, "counted_devices");
	for (unsigned i = 0; i < c->count; i++)
		json_string(j, NULL, c->name[i]);
	json_array_end(j);
	json_bool(j, "device_true", c->count && c->caveat == ENV_DEVICE_TRUE);
	if (c->caveat == ENV_DEVICE_TRUE)
		json_null(j, "not_device_true_because");
	else
		json_string(j, "not_device_true_because", c->why);
	if (z->unread[0])
		json_string(j, "not_read", z->unread);
	else
		json_null(j, "not_read");
	json_object_end(j);
}
