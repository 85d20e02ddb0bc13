/* What each compared run records of its setup (I/O mode, file size, file
 * counts, chunk size, file system, device, version, clients), each as
 * text, "unknown" where its input cannot say. Pure: no output. */
#include "compare_model.h"
#include "../../lib/units.h"
#include "../../phases/qd.h"

#include <stdio.h>
#include <string.h>

const char *const compare_setup_names[COMPARE_SETUP_FACTS] = {
	"I/O mode", "file size", "file count", "chunk size", "file system", "device", "version", "clients",
};

/* A setting as recorded, or "unknown" when the input left it empty. */
static void given(const char *s, char *buf, size_t cap)
{
	snprintf(buf, cap, "%s", s[0] ? s : "unknown");
}

/* "4 (x1024)", "16:100000:16/64" (files, max, min size / dirs) */
static void files_given(const struct parsed_run *r, char *buf, size_t cap)
{
	const char(*meta)[PARSED_META_LEN] = r->meta;

	if (!meta[META_NUM_FILES][0])
		snprintf(buf, cap, "unknown");
	else if (!meta[META_MAX_SIZE][0] && !meta[META_MIN_SIZE][0] && !meta[META_NUM_DIRS][0])
		snprintf(buf, cap, "%sx1024", meta[META_NUM_FILES]);
	else
		snprintf(buf, cap, "%sx1024:%s:%s/%s", meta[META_NUM_FILES], meta[META_MAX_SIZE][0] ? meta[META_MAX_SIZE] : "0",
		         meta[META_MIN_SIZE][0] ? meta[META_MIN_SIZE] : "0", meta[META_NUM_DIRS][0] ? meta[META_NUM_DIRS] : "1");
}

/* Whether r ran the queue-depth profile and nothing else (--phases qd). */
static bool profile_only(const struct parsed_run *r)
{
	bool qd = false;

	for (int i = 0; i < PHASE_COUNT; i++) {
		if (r->phase[i].state == CELL_NOT_RUN)
			continue;
		if (phase_group((enum phase_id)i) != GROUP_QD)
			return false;
		qd = true;
	}
	return qd;
}

uint64_t compare_phase_file_size(const struct parsed_run *r, enum phase_id id)
{
	if (phase_group(id) != GROUP_QD)
		return r->size_bytes;
	return r->qd_size_bytes ? r->qd_size_bytes : profile_only(r) ? 0 : r->size_bytes;
}

/* A profile-only run's setup is the profile's: its file and the depths of
 * the rows it ran ("16M, depth 1/8/32"); it has no chunk. */
static void profile_setup(const struct parsed_run *r, enum compare_setup_fact f, char *buf, size_t cap)
{
	char size[32];
	size_t used;

	if (f == SETUP_CHUNK || !r->qd_size_bytes) {
		snprintf(buf, cap, "%s", f == SETUP_CHUNK ? "none (queue-depth profile)" : "unknown");
		return;
	}
	units_format_size(r->qd_size_bytes, size, sizeof size);
	used = (size_t)snprintf(buf, cap, "%s (queue-depth profile, depth", size);
	for (unsigned depth = 1, n = 0; depth <= 1024 && used < cap; depth *= 2)
		for (int i = 0; i < PHASE_COUNT; i++)
			if (r->phase[i].state != CELL_NOT_RUN && qd_shape_of((enum phase_id)i).depth == depth) {
				used += (size_t)snprintf(buf + used, cap - used, "%s%u", n++ ? "/" : " ", depth);
				break;
			}
	if (used < cap)
		snprintf(buf + used, cap - used, ")");
}

void compare_setup_value(const struct parsed_run *r, enum compare_setup_fact f, char *buf, size_t cap)
{
	bool json = strcmp(r->format, "json") == 0;

	if ((f == SETUP_FILE_SIZE || f == SETUP_CHUNK) && profile_only(r)) {
		profile_setup(r, f, buf, cap);
		return;
	}
	switch (f) {
	case SETUP_FILE_SIZE: given(r->meta[META_SIZE], buf, cap); return;
	case SETUP_FILE_COUNT: files_given(r, buf, cap); return;
	case SETUP_CHUNK: given(r->meta[META_CHUNK], buf, cap); return;
	case SETUP_CLIENTS: given(r->meta[META_CONCURRENCY], buf, cap); return;
	case SETUP_VERSION:
		if (!r->meta[META_VERSION][0])
			snprintf(buf, cap, "unknown");
		else
			snprintf(buf, cap, "%s%s", json ? "bonnie " : "", r->meta[META_VERSION]);
		return;
	/* a CSV line and a table do not record these: only bonnie's JSON does */
	case SETUP_IO_MODE: given(r->io_mode, buf, cap); return;
	case SETUP_FILE_SYSTEM: given(r->file_system, buf, cap); return;
	case SETUP_DEVICE: given(r->device, buf, cap); return;
	case COMPARE_SETUP_FACTS: given("", buf, cap); return;
	}
}

bool compare_setup_known(const char *value)
{
	return strcmp(value, "unknown") != 0;
}

/* Whether two runs differ in fact f: both say, and not the same (their
 * texts as compare_shown_of set them, compare_setup_value's). */
static bool differ(const struct compare_run *a, const struct compare_run *b, enum compare_setup_fact f)
{
	unsigned bit = 1u << f;

	return (a->shown.setup_known & bit) && (b->shown.setup_known & bit) &&
	       strcmp(compare_shown_text(a, f), compare_shown_text(b, f)) != 0;
}

unsigned compare_setup_facts_differ(const struct compare_run *runs, size_t n, size_t base)
{
	unsigned d = 0;

	for (size_t k = 0; k < n; k++)
		for (int f = 0; f < COMPARE_SETUP_FACTS; f++)
			if (k != base && differ(&runs[base], &runs[k], (enum compare_setup_fact)f))
				d |= 1u << f;
	return d;
}
