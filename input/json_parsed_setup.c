/* The parsed_run's setup from a mapped bonnie JSON run: the parts of the
 * document that say how a run was set up (the
 * I/O mode, the file system, the device) and what stands behind a phase's
 * figures (its operations, elapsed time and latency percentiles), read
 * for compare, which states setup differences and weighs percentiles by
 * their evidence. json_parsed_run.c hands the mapped run (json_run.h). */
#include "internal.h"
#include "json_run.h"
#include "like.h"
#include "../lib/str.h"

#include <stdio.h>
#include <string.h>

uint64_t input_json_u64(const char *v)
{
	double d;

	return input_parse_decimal(v, strlen(v), &d) == 0 && d < 1.8e19 ? (uint64_t)d : 0;
}

/* environment.file_system's type, then its source: "ext4 on /dev/vda1" */
static void file_system(struct parsed_run *t, const char *type, const char *source)
{
	char clean[PARSED_META_LEN];
	size_t used;

	if (!type[0] || strcmp(type, "null") == 0)
		return;
	str_sanitize(t->file_system, sizeof t->file_system, type);
	used = strlen(t->file_system);
	if (!source[0] || strcmp(source, "null") == 0)
		return;
	str_sanitize(clean, sizeof clean, source);
	if (!strstr(t->file_system, " on ") && used + 4 + strlen(clean) < sizeof t->file_system) {
		memcpy(t->file_system + used, " on ", 4);
		memcpy(t->file_system + used + 4, clean, strlen(clean) + 1);
	}
}

/* like_options: kept only when every character is one an option of
 * bonnie's settings is written with (report/text/like_options.c), so it is
 * never a control sequence nor a path to hand to the option parser. */
static void settings(struct parsed_run *t, const char *v)
{
	size_t n = strlen(v);

	if (n < sizeof t->settings && strspn(v, LIKE_CHARS) == n)
		memcpy(t->settings, v, n + 1);
}

void input_json_setup(struct parsed_run *t, const struct json_run *jr)
{
	const char *v = json_text(&jr->v[JS_DIRECT_IO]);

	if (jr->like_given)
		settings(t, jr->like_options);
	if (jr->v[JS_QD_FILE_SIZE].given)
		t->qd_size_bytes = input_json_u64(jr->v[JS_QD_FILE_SIZE].text);
	if (v && (strcmp(v, "true") == 0 || strcmp(v, "false") == 0))
		str_copy(t->io_mode, sizeof t->io_mode, v[0] == 't' ? "O_DIRECT" : "buffered");
	file_system(t, jr->v[JS_FS_TYPE].text, jr->v[JS_FS_SOURCE].text);
	v = jr->v[JS_DEVICE].text;
	if (v[0] && strcmp(v, "null") != 0)
		str_sanitize(t->device, sizeof t->device, v);
}

/* The run's I/O mode is its -D (config.direct_io); the queue-depth
 * profile runs O_DIRECT whatever -D says (buffered where O_DIRECT is
 * refused), so where its phases ran otherwise the mode says both, and a
 * profile-only run's mode is the profile's. */
void input_json_profile_mode(struct parsed_run *run)
{
	enum parsed_io qd = PARSED_IO_UNKNOWN;
	bool others = false;

	for (int i = 0; i < PHASE_COUNT; i++) {
		const struct parsed_phase *ph = &run->phase[i];
		if (ph->state != CELL_VALUE || ph->io == PARSED_IO_UNKNOWN)
			continue;
		if (phase_group((enum phase_id)i) != GROUP_QD)
			others = true;
		else if (qd == PARSED_IO_UNKNOWN || qd == ph->io)
			qd = ph->io;
		else
			return; /* the profile itself mixed: the run's mode alone */
	}
	if (qd == PARSED_IO_UNKNOWN)
		return;
	const char *mode = qd == PARSED_IO_DIRECT ? "O_DIRECT" : "buffered";
	if (!others)
		str_copy(run->io_mode, sizeof run->io_mode, mode);
	else if (run->io_mode[0] && strcmp(run->io_mode, mode) != 0)
		snprintf(run->io_mode + strlen(run->io_mode), sizeof run->io_mode - strlen(run->io_mode),
		         ", profile %s", mode);
}

void input_json_phase_measures(struct parsed_phase *ph, const char *key, const char *sub, const char *v)
{
	uint64_t n = input_json_u64(v);

	if (sub == NULL) {
		if (strcmp(key, "operations") == 0)
			ph->operations = n;
		else if (strcmp(key, "elapsed_ns") == 0)
			ph->elapsed_ns = n;
	} else if (strcmp(key, "latency_ns") == 0 && n > 0 && n < INT64_MAX) {
		if (strcmp(sub, "p50") == 0)
			ph->p50_ns = (int64_t)n, ph->known |= READ_LAT_P50;
		else if (strcmp(sub, "p99") == 0)
			ph->p99_ns = (int64_t)n, ph->known |= READ_LAT_P99;
		else if (strcmp(sub, "mean") == 0)
			ph->mean_ns = (int64_t)n, ph->known |= READ_LAT_MEAN;
	}
}

bool input_json_nothing_timed(const struct parsed_phase *ph)
{
	/* bonnie 0.1.0's queue-depth rows cut before their first I/O said
	 * "done" at 0 operations and a rate of 0: no measurement, not a 0 */
	return ph->rate == 0 && ph->operations == 0 && ph->elapsed_ns > 0;
}
