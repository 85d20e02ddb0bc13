/* input_fio_json: fio's JSON output (--output-format=json) read back as
 * runs of bonnie's queue-depth rows, one run a job. A job's shape is its
 * "job options" over the document's "global options" (rw, bs, iodepth,
 * numjobs, size), fio's own defaults where neither names bs, iodepth or
 * numjobs (4k, 1, 1); a job that names no rw is skipped with a word, since
 * a job file may have set it where the JSON does not say. Its rates are
 * read.bw_bytes and write.bw_bytes (bytes a second), or read.bw and
 * write.bw (KiB/s) from fio 2. */
#include "internal.h"
#include "json_tree.h"
#include "../lib/str.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The option key of the job, else of the document, as text ("" for none). */
static void option(const struct jt *t, int job, int global, const char *key, char *out, size_t cap)
{
	int n = jt_get(t, jt_get(t, job, "job options"), key);

	if (n < 0)
		n = jt_get(t, global, key);
	jt_string(t, n, out, cap);
	if (n >= 0 && jt_is(t, n, JT_NUMBER))
		snprintf(out, cap, "%.*s", (int)t->node[n].len, t->node[n].text);
}

/* One side's rate in KiB/s, 0 when it did no I/O. */
static double side_rate(const struct jt *t, int job, const char *side)
{
	int s = jt_get(t, job, side), b = jt_get(t, s, "bw_bytes");

	if (b >= 0)
		return jt_double(t, b) / 1024;
	return jt_double(t, jt_get(t, s, "bw"));
}

static int job_run(struct parsed_set *set, const char *name, unsigned line, const struct jt *t, int job,
                   const char *version, int *skipped)
{
	int global = jt_get(t, 0, "global options");
	char rw[24], bs[24], depth[16], jobs[16], size[24], jobname[PARSED_META_LEN];
	struct parsed_run run;
	struct qd_row r;

	option(t, job, global, "rw", rw, sizeof rw);
	option(t, job, global, "bs", bs, sizeof bs);
	option(t, job, global, "iodepth", depth, sizeof depth);
	option(t, job, global, "numjobs", jobs, sizeof jobs);
	option(t, job, global, "size", size, sizeof size);
	if (!rw[0]) {
		(*skipped)++;
		return 0;
	}
	snprintf(run.origin, sizeof run.origin, "%s:%u", name, line);
	input_run_clear(&run);
	memset(&r, 0, sizeof r);
	r.block = (uint32_t)input_fio_size(bs[0] ? bs : "4k", NULL);
	r.depth = depth[0] ? (unsigned)strtoul(depth, NULL, 10) : 1;
	r.threads = jobs[0] ? (unsigned)strtoul(jobs, NULL, 10) : 1;
	for (int w = 0; w < 2; w++) {
		r.write = w;
		r.kib_s = side_rate(t, job, w ? "write" : "read");
		if (r.kib_s > 0 && r.block && r.depth && r.threads && input_fio_kind(rw, w, &r.kind) &&
		    input_qd_row(&run, &r) < 0)
			return 0;
	}
	if (!input_qd_has_rows(&run))
		return 0;
	str_copy(run.format, sizeof run.format, "tool");
	str_sanitize(run.meta[META_VERSION], PARSED_META_LEN, version[0] ? version : "fio");
	jt_string(t, jt_get(t, job, "jobname"), jobname, sizeof jobname);
	str_sanitize(run.meta[META_NAME], PARSED_META_LEN, jobname);
	if ((run.size_bytes = input_fio_size(size, NULL)) > 0)
		input_size_meta(run.size_bytes, run.meta[META_SIZE], PARSED_META_LEN);
	return input_add_run(set, &run);
}

int input_fio_json(struct parsed_set *set, const char *name, unsigned line, const struct jt *t)
{
	char version[32];
	int jobs, skipped = 0;

	if (jt_get(t, 0, "fio version") < 0 || (jobs = jt_get(t, 0, "jobs")) < 0)
		return 0;
	jt_string(t, jt_get(t, 0, "fio version"), version, sizeof version);
	for (size_t i = 0; i < jt_count(t, jobs); i++)
		if (job_run(set, name, line, t, jt_at(t, jobs, i), version, &skipped) != 0)
			return -1;
	if (skipped &&
	    input_warn(set, name, line, "fio JSON: %d job%s skipped: %s no rw, and a job file may have set it",
	               skipped, skipped == 1 ? "" : "s", skipped == 1 ? "its options name" : "their options name") != 0)
		return -1;
	return 1;
}

long input_fio_json_text(struct parsed_set *set, const char *name, unsigned line, const char *text, size_t len)
{
	struct jt t;
	const char *why;
	size_t used;
	int rc;

	if (jt_parse_part(&t, text, len, NULL, &used, &why) != 0)
		return 0;
	rc = used == len ? input_fio_json(set, name, line, &t) : 0;
	jt_free(&t);
	return rc < 0 ? -1 : rc > 0 ? (long)len : 0;
}
