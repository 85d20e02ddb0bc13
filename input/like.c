/* The settings of a result as options (like.h). */
#include "like.h"

#include "../lib/str.h"
#include "../lib/units.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static void missing(struct like_derived *d, const char *what)
{
	snprintf(d->missing + strlen(d->missing), sizeof d->missing - strlen(d->missing), "%s%s",
	         d->missing[0] ? ", " : "", what);
}

/* A recorded value an option may take as it stands: a number, with a
 * size's suffix or a decimal point at most ("16M", "8k", "1.5"). */
static bool plain(const char *v)
{
	size_t n = strlen(v);

	return n > 0 && strspn(v, "0123456789.kKmMgGtT") == n && v[0] >= '0' && v[0] <= '9';
}

int like_share_line(const char *text, size_t len, char *out, size_t cap)
{
	size_t mark = strlen(LIKE_MARK);
	int found = 0;

	for (size_t i = 0; i + mark <= len; i++) {
		if (memcmp(text + i, LIKE_MARK, mark) != 0)
			continue;
		const char *v = text + i + mark;
		size_t n = 0;
		while (i + mark + n < len && v[n] != '`' && v[n] != '\n')
			n++;
		if (i + mark + n >= len || v[n] != '`' || n >= cap || strspn(v, LIKE_CHARS) < n)
			return -1;
		if (found && (strlen(out) != n || memcmp(out, v, n) != 0))
			return -1;
		memcpy(out, v, n);
		out[n] = '\0';
		found = 1;
		i += mark + n;
	}
	return found;
}

/* The phases r has a cell for (run, too fast or failed: planned). */
static uint32_t ran_mask(const struct parsed_run *r)
{
	uint32_t mask = 0;

	for (int i = 0; i < PHASE_COUNT; i++)
		if (r->phase[i].state != CELL_NOT_RUN)
			mask |= 1u << i;
	return mask;
}

static bool any_of(uint32_t mask, bool data_file)
{
	for (int i = 0; i < PHASE_COUNT; i++)
		if ((mask & (1u << i)) && phase_is((enum phase_id)i, FACT_BONNIE_CSV) &&
		    phase_is((enum phase_id)i, FACT_DATA_FILE) == data_file)
			return true;
	return false;
}

/* The queue-depth profile's rows: in bonnie's JSON only. */
static uint32_t qd_rows(void)
{
	uint32_t rows = 0;

	for (int i = 0; i < PHASE_COUNT; i++)
		if (phase_group((enum phase_id)i) == GROUP_QD)
			rows |= 1u << i;
	return rows;
}

/* A profile run alone: its file is -s (the JSON's qd_file_size_bytes). */
static void qd_size(const struct parsed_run *r, struct like_derived *d)
{
	char size[32];

	if (!r->qd_size_bytes)
		return;
	units_format_size_lower(r->qd_size_bytes, size, sizeof size);
	str_append_word(d->options, sizeof d->options, "-s %s", size);
}

/* -s size:chunk:seeks:procs, each field as recorded ("" where not). */
static void data_options(const struct parsed_run *r, uint32_t mask, struct like_derived *d)
{
	const char(*m)[PARSED_META_LEN] = r->meta;
	char size[PARSED_META_LEN];
	bool seeks;

	if (!any_of(mask, true) && !r->qd_size_bytes && (mask & qd_rows()))
		missing(d, "queue-depth profile size");
	if (!any_of(mask, true) && (mask & qd_rows())) {
		qd_size(r, d);
		return;
	}
	if (!any_of(mask, true)) {
		str_append_word(d->options, sizeof d->options, "-s 0");
		return;
	}
	if (r->size_bytes > 0 && r->size_bytes % 1024 == 0)
		units_format_size_lower(r->size_bytes, size, sizeof size);
	else
		str_copy(size, sizeof size, m[META_SIZE]);
	if (!plain(size)) {
		missing(d, "file size");
		return;
	}
	if (!plain(m[META_CHUNK]))
		missing(d, "chunk size");
	/* a run without seeks records none (bonnie writes 0 there) */
	seeks = (mask & (1u << PHASE_SEEKS)) && plain(m[META_SEEKS]) && strcmp(m[META_SEEKS], "0") != 0;
	if ((mask & (1u << PHASE_SEEKS)) && !seeks)
		missing(d, "seek count");
	str_append_word(d->options, sizeof d->options, "-s %s:%s:%s:%s", size, plain(m[META_CHUNK]) ? m[META_CHUNK] : "",
	    seeks ? m[META_SEEKS] : "", plain(m[META_SEEK_PROCS]) ? m[META_SEEK_PROCS] : "");
	if (!(mask & phase_mask_is(FACT_PERCHAR)))
		str_append_word(d->options, sizeof d->options, "-f");
	else
		missing(d, "per-char size");
}

/* -n num:max:min:dirs:chunk; "link" and "symlink" are -1 and -2. */
static void file_options(const struct parsed_run *r, uint32_t mask, struct like_derived *d)
{
	const char(*m)[PARSED_META_LEN] = r->meta;
	const char *max = m[META_MAX_SIZE];

	if (!any_of(mask, false)) {
		str_append_word(d->options, sizeof d->options, "-n 0");
		return;
	}
	if (!plain(m[META_NUM_FILES])) {
		missing(d, "file count");
		return;
	}
	max = strcmp(max, "link") == 0 ? "-1" : strcmp(max, "symlink") == 0 ? "-2" : plain(max) ? max : "";
	str_append_word(d->options, sizeof d->options, "-n %s:%s:%s:%s:%s", m[META_NUM_FILES], max,
	    plain(m[META_MIN_SIZE]) ? m[META_MIN_SIZE] : "", plain(m[META_NUM_DIRS]) ? m[META_NUM_DIRS] : "",
	    plain(m[META_FILE_CHUNK]) ? m[META_FILE_CHUNK] : "");
}

static void phase_options(uint32_t mask, struct like_derived *d)
{
	char list[PHASE_COUNT * 20] = "";
	uint32_t bonnie = 0;

	for (int i = 0; i < PHASE_COUNT; i++)
		if (phase_is((enum phase_id)i, FACT_BONNIE_CSV))
			bonnie |= 1u << i;
	if (mask == 0 || mask == bonnie)
		return;
	for (int i = 0; i < PHASE_COUNT; i++)
		if (mask & (1u << i))
			snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", list[0] ? "," : "",
			         phase_name((enum phase_id)i));
	str_append_word(d->options, sizeof d->options, "--phases %s", list);
}

static const char *kind_of(const struct parsed_run *r)
{
	if (strcmp(r->format, "json") == 0)
		return "this bonnie JSON (older than --like)";
	if (strcmp(r->format, "table") == 0)
		return "a bonnie++ table";
	return "a bonnie++ CSV line";
}

void like_derive(const struct parsed_run *r, struct like_derived *d)
{
	const char(*m)[PARSED_META_LEN] = r->meta;
	uint32_t mask = ran_mask(r);

	memset(d, 0, sizeof *d);
	d->kind = kind_of(r);
	data_options(r, mask, d);
	file_options(r, mask, d);
	if (plain(m[META_SEED]))
		str_append_word(d->options, sizeof d->options, "-z %s", m[META_SEED]);
	else
		missing(d, "seed");
	if (!plain(m[META_CONCURRENCY]))
		missing(d, "client count");
	else if (strcmp(m[META_CONCURRENCY], "1") != 0)
		str_append_word(d->options, sizeof d->options, "-c %s", m[META_CONCURRENCY]);
	if (!any_of(mask, true))
		; /* no -D phase ran (the profile is O_DIRECT by itself) */
	else if (strncmp(r->io_mode, "O_DIRECT", 8) == 0)
		str_append_word(d->options, sizeof d->options, "-D");
	else if (strncmp(r->io_mode, "buffered", 8) != 0)
		missing(d, "I/O mode (-D)");
	phase_options(mask, d);
}
