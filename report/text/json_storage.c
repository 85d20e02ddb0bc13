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
static void device_why_json(struct json *j, const struct phase_view *v)
{
	char why[VIEW_WHY_MAX];
	enum device_why w = v->dev_why;
	const char *cause = v->dev_why_cause;

	if (v->dev_layout[0])
		json_string(j, "layout", v->dev_layout);
	else
		json_null(j, "layout");
	json_u64(j, "expected_write_percent", v->expected_write_pct);
	if (v->dev_own_valid) {
		json_u64(j, "process_read_bytes", v->dev_own_read_bytes);
		json_u64(j, "process_write_bytes", v->dev_own_write_bytes);
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
void report_device_json(struct json *j, const struct phase_view *v)
{
	if (!v->dev_valid) {
		json_null(j, "device");
		return;
	}
	json_object_begin(j, "device");
	json_u64(j, "read_bytes", v->dev_read_bytes);
	json_u64(j, "write_bytes", v->dev_write_bytes);
	if (v->conf.device_pct >= 0)
		json_u64(j, "served_percent", (uint64_t)v->conf.device_pct); /* uncapped */
	if (v->dev_read_ahead_kb)
		json_u64(j, "read_ahead_kb", v->dev_read_ahead_kb);
	else
		json_null(j, "read_ahead_kb");
	json_bool(j, "cached", v->cached);
	json_bool(j, "device_true", v->dev_caveat == 0);
	device_why_json(j, v);
	json_object_end(j);
}

/* ZFS's ARC over the phase: only on ZFS, so other documents keep their shape. */
void report_arc_json(struct json *j, const struct phase_view *v)
{
	if (!v->arc_counted && v->arc_max_bytes == 0)
		return;
	json_object_begin(j, "arc");
	if (v->arc_counted) {
		json_u64(j, "hits", v->arc_hits);
		json_u64(j, "misses", v->arc_misses);
	} else {
		json_null(j, "hits");
		json_null(j, "misses");
	}
	if (v->arc_hit_pct >= 0)
		json_u64(j, "hit_percent", (uint64_t)v->arc_hit_pct);
	else
		json_null(j, "hit_percent");
	json_u64(j, "max_bytes", v->arc_max_bytes);
	json_bool(j, "may_hold_data_file", (v->flags & RESULT_ARC_HOLDS) != 0);
	json_object_end(j);
}

/* The dataset after a data-file write on ZFS: only where it was read. */
void report_zfs_after_json(struct json *j, const struct phase_view *v)
{
	if (v->zfs_compressratio <= 0)
		return;
	json_object_begin(j, "zfs_dataset");
	json_double(j, "compressratio", v->zfs_compressratio, 2);
	if (v->zfs_referenced)
		json_u64(j, "referenced_bytes", v->zfs_referenced);
	else
		json_null(j, "referenced_bytes");
	json_object_end(j);
}

