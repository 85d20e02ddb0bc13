/* A disk benchmark's row (CrystalDiskMark, KDiskMark, fio) into a run: the
 * queue-depth phase of bonnie's profile with the same block size, depth,
 * thread count and direction, or a row of its own (parsed_run.other). */
#include "internal.h"
#include "../phases/qd.h"

#include <stdio.h>
#include <string.h>

/* "seq1m_q8t1_read", "rnd4k_q32t16_write", "mixrnd4k_q1t1_rw" (a mixed
 * row's total; a fio randrw job's sides are _read and _write): kind,
 * block, depth, threads and direction, as bonnie names its rows */
static void row_name(const struct qd_row *r, char *buf, size_t cap)
{
	static const char *const kinds[] = {"seq", "rnd", "mixseq", "mixrnd"};
	static const char *const dirs[] = {"read", "write", "rw"};
	char block[16];

	if (r->block % (1u << 20) == 0)
		snprintf(block, sizeof block, "%um", r->block >> 20);
	else if (r->block % 1024 == 0)
		snprintf(block, sizeof block, "%uk", r->block >> 10);
	else
		snprintf(block, sizeof block, "%ub", r->block);
	snprintf(buf, cap, "%s%s_q%ut%u_%s", kinds[r->kind], block, r->depth, r->threads, dirs[r->both ? 2 : r->write]);
}

/* The profile's phase of r's shape, or PHASE_COUNT. */
static enum phase_id profile_phase(const struct qd_row *r)
{
	if (r->threads != 1 || r->kind > QD_RND)
		return PHASE_COUNT;
	for (int i = 0; i < PHASE_COUNT; i++) {
		struct qd_shape s = qd_shape_of((enum phase_id)i);
		if (s.block && s.block == r->block && s.depth == r->depth && s.random == (r->kind == QD_RND) &&
		    s.write == r->write)
			return (enum phase_id)i;
	}
	return PHASE_COUNT;
}

int input_qd_row(struct parsed_run *run, const struct qd_row *r)
{
	enum phase_id id = profile_phase(r);
	char name[sizeof run->other[0].name];

	if (id < PHASE_COUNT) {
		struct parsed_phase *p = &run->phase[id];
		if (p->state != CELL_NOT_RUN)
			return 1;
		p->state = CELL_VALUE;
		p->rate = r->kib_s;
		if (r->max_ns > 0)
			p->latency_ns = r->max_ns;
		p->p50_ns = r->p50_ns;
		p->p99_ns = r->p99_ns;
		p->mean_ns = r->mean_ns;
		input_stated(p, READ_RATE, true);
		input_stated(p, READ_LAT_MAX, p->latency_ns >= 0);
		input_stated(p, READ_LAT_P50, p->p50_ns > 0);
		input_stated(p, READ_LAT_P99, p->p99_ns > 0);
		input_stated(p, READ_LAT_MEAN, p->mean_ns > 0);
		p->operations = r->ops;
		return 0;
	}
	row_name(r, name, sizeof name);
	for (int i = 0; i < run->nother; i++)
		if (strcmp(run->other[i].name, name) == 0)
			return 1;
	if (run->nother == PARSED_OTHER_ROWS)
		return -1;
	memcpy(run->other[run->nother].name, name, sizeof name);
	run->other[run->nother++].rate = r->kib_s;
	return 0;
}

bool input_qd_has_rows(const struct parsed_run *run)
{
	if (run->nother)
		return true;
	for (int i = 0; i < PHASE_COUNT; i++)
		if (qd_is((enum phase_id)i) && run->phase[i].state == CELL_VALUE)
			return true;
	return false;
}
