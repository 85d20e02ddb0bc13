/* The storage members of a phase's JSON (json_storage.h). */
#include "json_storage.h"
#include "../model/device_why.h"
#include "../model/metrics.h"
#include "../model/view.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* The layout the figures are read against, bonnie's own storage I/O, and
 * why the share is far from what the layout makes of it (null: not far). */
static void device_why_json(struct json *j, const struct phase_view *v, const struct phase_result *r)
{
	char why[VIEW_WHY_MAX];
	enum device_why w = v->dev_why;
	const char *cause = v->dev_why_cause;

	if (r->dev.layout[0])
		json_string(j, "layout", r->dev.layout);
	else
		json_null(j, "layout");
	json_u64(j, "expected_write_percent", v->expected_write_pct);
	if (r->dev.own_valid) {
		json_u64(j, "process_read_bytes", r->dev.own_read_bytes);
		json_u64(j, "process_write_bytes", r->dev.own_write_bytes);
	} else {
		json_null(j, "process_read_bytes");
		json_null(j, "process_write_bytes");
	}
	if (w == DEV_WHY_NONE) {
		json_null(j, "why");
		json_null(j, "why_text");
	} else {
		json_string(j, "why", device_why_word(w));
		snprintf(why, sizeof why, "%s", v->dev_why_text);
		if (cause) { /* the phase's sentence whole, the cause with it */
			size_t n = strlen(why);
			snprintf(why + n, sizeof why - n, ". %c%s", toupper((unsigned char)cause[0]), cause + 1);
		}
		json_string(j, "why_text", why);
	}
}

/* What the block device did during the phase (null without counters). */
void report_device_json(struct json *j, const struct phase_view *v, const struct phase_result *r)
{
	if (!r->dev.valid) {
		json_null(j, "device");
		return;
	}
	json_object_begin(j, "device");
	json_u64(j, "read_bytes", r->dev.read_bytes);
	json_u64(j, "write_bytes", r->dev.write_bytes);
	if (v->conf.device_pct >= 0)
		json_u64(j, "served_percent", (uint64_t)v->conf.device_pct); /* uncapped */
	if (r->dev.read_ahead_kb)
		json_u64(j, "read_ahead_kb", r->dev.read_ahead_kb);
	else
		json_null(j, "read_ahead_kb");
	json_bool(j, "cached", v->cached);
	json_bool(j, "device_true", r->dev.caveat == 0);
	device_why_json(j, v, r);
	json_object_end(j);
}

/* ZFS's ARC over the phase: only on ZFS, so other documents keep their shape. */
void report_arc_json(struct json *j, const struct phase_view *v, const struct phase_result *r)
{
	if (!r->arc.counted && r->arc.max_bytes == 0)
		return;
	json_object_begin(j, "arc");
	if (r->arc.counted) {
		json_u64(j, "hits", r->arc.hits);
		json_u64(j, "misses", r->arc.misses);
	} else {
		json_null(j, "hits");
		json_null(j, "misses");
	}
	if (v->arc_hit_pct >= 0)
		json_u64(j, "hit_percent", (uint64_t)v->arc_hit_pct);
	else
		json_null(j, "hit_percent");
	json_u64(j, "max_bytes", r->arc.max_bytes);
	json_bool(j, "may_hold_data_file", (r->flags & RESULT_ARC_HOLDS) != 0);
	json_object_end(j);
}

/* The dataset after a data-file write on ZFS: only where it was read. */
void report_zfs_after_json(struct json *j, const struct phase_result *r)
{
	if (r->zfs.compressratio <= 0)
		return;
	json_object_begin(j, "zfs_dataset");
	json_double(j, "compressratio", r->zfs.compressratio, 2);
	if (r->zfs.referenced)
		json_u64(j, "referenced_bytes", r->zfs.referenced);
	else
		json_null(j, "referenced_bytes");
	json_object_end(j);
}

