/* "What was tested", above the table and in the JSON. */
#include "../report.h"
#include "clocale.h"
#include "../../lib/str.h"

#include <string.h>

/* Names from the mount table and sysfs (a mount point under the user's -d
 * may hold any byte): sanitized for the terminal, one per call site. */
struct safe_text {
	char s[1024];
};

static const char *safe(struct safe_text *t, const char *s)
{
	str_sanitize(t->s, sizeof t->s, s);
	return t->s;
}

static const char *yes_no_unknown(int v, const char *yes, const char *no)
{
	return v < 0 ? "rotational flag unknown" : v ? yes : no;
}

static void device_lines(FILE *out, const struct env_device *d)
{
	struct safe_text name, model;

	fprintf(out, "Device:      %s (%s%s%s), model %s, %s\n", safe(&name, d->name), d->kind,
	        d->detail[0] ? " " : "", d->detail, safe(&model, d->model),
	        yes_no_unknown(d->rotational, "rotational", "non-rotational"));
	fprintf(out, "Sectors:     %u B logical / %u B physical; scheduler %s; cache %s\n", d->logical_block,
	        d->physical_block, d->scheduler, d->write_cache);
	if (d->aligned < 0)
		fprintf(out, "Alignment:   unknown (no physical sector size)\n");
	else if (d->aligned)
		fprintf(out, "Alignment:   %s starts at byte %llu: aligned to %u B physical sectors\n",
		        d->is_partition ? "partition" : "whole device", (unsigned long long)d->start_bytes,
		        d->physical_block);
	else
		fprintf(out, "Alignment:   WARNING misaligned: partition %s starts at byte %llu, not on a %u B "
		        "physical sector; writes pay a read-modify-write\n",
		        d->name, (unsigned long long)d->start_bytes, d->physical_block);
}

/* The file system's or array's own devices and how they hold the data:
 * what a write phase's "From device" is read against. */
static void members_line(FILE *out, const struct env_device *d)
{
	const struct env_counters *c = &d->counters;
	struct safe_text name, layout;

	if (c->members < 2 && c->layout[0] == '\0') /* one device: the Device line says it */
		return;
	fprintf(out, "Members:     ");
	for (unsigned i = 0; i < c->members; i++)
		fprintf(out, "%s%s", i ? " + " : "", safe(&name, c->member[i]));
	if (c->layout[0])
		fprintf(out, "%s%s", c->members ? "; " : "", safe(&layout, c->layout));
	if (c->write_copies_pct)
		fprintf(out, ": the members write %u%% of what the file system is given\n", c->write_copies_pct);
	else
		fprintf(out, ": how much the members write per byte given is unknown\n");
}

/* Only the tested device itself, counted as it is? */
static bool counts_itself(const struct env_device *d)
{
	return d->counters.count == 1 && strcmp(d->counters.name[0], d->name) == 0;
}

/* Which devices "From device" counts, when not simply the device itself,
 * and why the figures are not device-true when they are not. */
static void counters_line(FILE *out, const struct env_device *d)
{
	const struct env_counters *c = &d->counters;

	if (counts_itself(d) && c->caveat == ENV_DEVICE_TRUE)
		return;
	fprintf(out, "Counted:     ");
	for (unsigned i = 0; i < c->count; i++)
		fprintf(out, "%s%s", i ? " + " : "", c->name[i]);
	if (c->caveat == ENV_DEVICE_TRUE && c->members > 1)
		fprintf(out, " (the devices under its %u members)\n", c->members);
	else if (c->caveat == ENV_DEVICE_TRUE)
		fprintf(out, " (the devices under %s)\n", d->name);
	else
		fprintf(out, "; not device-true: %s\n", c->why);
}

const char *report_caveat_text(unsigned caveat)
{
	switch (caveat) {
	case ENV_LOOP_BUFFERED:
		return "the host page cache is in the device stack (a loop device without direct I/O, or zfs-fuse's "
		       "vdevs, which the daemon reads and writes through it), and serves or delays part of its I/O";
	case ENV_STACK_UNFOLLOWED:
		return "a layer of the device stack could not be followed, so its own counters were read";
	case ENV_FILE_MEMBER:
		return "a member is a file, and the disk under its file system also counts that file system's other I/O";
	}
	return "";
}

const char *report_share_caveat(void)
{
	return "reads may come from the server's cache, which bonnie cannot evict from here, and the "
	       "server's device cannot be counted";
}

/* A network share: which, and what it cannot prove (no device row). */
static void share_lines(FILE *out, const struct env_info *env)
{
	const struct env_share *sh = &env->share;
	struct safe_text type, server, export_;

	fprintf(out, "Share:       %s (%s), server %s, export %s\n", sh->client, safe(&type, env->fs_type),
	        sh->server[0] ? safe(&server, sh->server) : "unknown",
	        sh->export_[0] ? safe(&export_, sh->export_) : "unknown");
	fprintf(out, "             %s\n", report_share_caveat());
}

void report_env(FILE *out, const struct env_info *env)
{
	struct safe_text host, cpu, type, source, point, options;
	struct c_locale loc;

	c_locale_enter(&loc);
	fprintf(out, "bonnie %s on %s: %s %s %s, %u x %s, %.1f GiB RAM\n", BONNIE_VERSION, safe(&host, env->host),
	        env->os, env->kernel, env->arch, env->cpus, safe(&cpu, env->cpu_model),
	        (double)env->ram_bytes / (1u << 30));
	fprintf(out, "File system: %s on %s at %s (%s)\n", safe(&type, env->fs_type),
	        safe(&source, env->mount_source), safe(&point, env->mount_point), safe(&options, env->mount_options));
	if (env->share.is_share) {
		share_lines(out, env);
	} else if (env->dev.present) {
		device_lines(out, &env->dev);
		members_line(out, &env->dev);
		counters_line(out, &env->dev);
	} else if (env->zfs.present) {
		report_zfs(out, env);
	} else {
		fprintf(out, "Device:      none found (no block device under %s)\n", safe(&type, env->fs_type));
	}
	if (env->space_unknown)
		fprintf(out, "Space:       %s reports no size (statvfs: 0 blocks): the free-space check could not "
		        "be made\n", safe(&type, env->fs_type));
	c_locale_leave(&loc);
}

static void u64_or_null(struct json *j, const char *key, uint64_t v)
{
	if (v)
		json_u64(j, key, v);
	else
		json_null(j, key);
}

static void tri_state(struct json *j, const char *key, int v)
{
	if (v < 0)
		json_null(j, key);
	else
		json_bool(j, key, v != 0);
}

static void device_json(struct json *j, const struct env_device *d)
{
	if (!d->present) {
		json_null(j, "device");
		return;
	}
	json_object_begin(j, "device");
	json_string(j, "name", d->name);
	json_string(j, "disk", d->disk);
	json_string(j, "kind", d->kind);
	json_string(j, "model", d->model);
	json_string(j, "detail", d->detail);
	tri_state(j, "rotational", d->rotational);
	u64_or_null(j, "logical_sector_bytes", d->logical_block);
	u64_or_null(j, "physical_sector_bytes", d->physical_block);
	json_u64(j, "alignment_offset_bytes", d->alignment_offset);
	json_string(j, "scheduler", d->scheduler);
	json_string(j, "write_cache", d->write_cache);
	json_bool(j, "partition", d->is_partition);
	json_u64(j, "start_bytes", d->start_bytes);
	tri_state(j, "aligned", d->aligned);
	json_array_begin_inline(j, "counted_devices");
	for (unsigned i = 0; i < d->counters.count; i++)
		json_string(j, NULL, d->counters.name[i]);
	json_array_end(j);
	json_array_begin_inline(j, "members");
	for (unsigned i = 0; i < d->counters.members; i++)
		json_string(j, NULL, d->counters.member[i]);
	json_array_end(j);
	if (d->counters.layout[0])
		json_string(j, "layout", d->counters.layout);
	else
		json_null(j, "layout");
	u64_or_null(j, "write_copies_percent", d->counters.write_copies_pct);
	json_bool(j, "device_true", d->counters.caveat == ENV_DEVICE_TRUE);
	if (d->counters.caveat == ENV_DEVICE_TRUE)
		json_null(j, "not_device_true_because");
	else
		json_string(j, "not_device_true_because", d->counters.why);
	json_object_end(j);
}

static void share_json(struct json *j, const struct env_share *sh)
{
	json_object_begin(j, "share");
	json_string(j, "client", sh->client);
	json_string(j, "server", sh->server);
	json_string(j, "export", sh->export_);
	json_bool(j, "reads_may_be_server_cached", true);
	json_bool(j, "device_true", false);
	json_string(j, "not_device_true_because", report_share_caveat());
	json_object_end(j);
}

void report_env_json(struct json *j, const struct env_info *env)
{
	json_object_begin(j, "environment");
	json_string(j, "host", env->host);
	json_string(j, "os", env->os);
	json_string(j, "kernel", env->kernel);
	json_string(j, "arch", env->arch);
	json_string(j, "cpu_model", env->cpu_model);
	u64_or_null(j, "cpus", env->cpus);
	u64_or_null(j, "ram_bytes", env->ram_bytes);
	json_object_begin(j, "file_system");
	json_string(j, "type", env->fs_type);
	json_string(j, "source", env->mount_source);
	json_string(j, "mount_point", env->mount_point);
	json_string(j, "options", env->mount_options);
	json_bool(j, "space_checked", !env->space_unknown);
	json_object_end(j);
	if (env->share.is_share) {
		share_json(j, &env->share);
		json_null(j, "device");
	} else {
		json_null(j, "share");
		device_json(j, &env->dev);
	}
	report_zfs_json(j, env);
	json_object_end(j);
}
