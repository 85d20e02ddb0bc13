/* A phase's storage in the JSON result: what the devices did (the
 * "device" member, with why its share is far from what the layout makes
 * of the phase) and ZFS's ARC (the "arc" member, only on ZFS). */
#ifndef BONNIE_JSON_STORAGE_H
#define BONNIE_JSON_STORAGE_H

#include "../../lib/json.h"

struct phase_view; /* view.h: the storage counters as read, the percentages worked out once */

/* "device": the counters, served percent, cache mark and why (null without
 * counters). */
void report_device_json(struct json *j, const struct phase_view *v);

/* "arc": hits, misses, hit percent and whether it may hold the data file;
 * nothing off ZFS, so other documents keep their shape. */
void report_arc_json(struct json *j, const struct phase_view *v);

/* "zfs_dataset": after a phase that wrote the data file on ZFS, the
 * dataset's compressratio and the bytes it referenced then (the ratio
 * covers what ZFS had accounted); nothing elsewhere. */
void report_zfs_after_json(struct json *j, const struct phase_view *v);

#endif
