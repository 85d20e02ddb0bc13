/* The queue-depth profile's shapes; see qd.h. Which phases are the
 * profile's, which of them write and each one's block size, depth and
 * order are the phase table's (group QD, FACT_WRITES, its shape column). */
#include "qd.h"
#include "../options/config.h"

struct qd_shape qd_shape_of(enum phase_id id)
{
	struct qd_shape none = {0, 0, false, false};
	const struct phase_shape *s = &phase_facts_of(id)->shape;

	if (!qd_is(id))
		return none;
	return (struct qd_shape){s->block, s->depth, s->random, phase_is(id, FACT_WRITES)};
}

bool qd_is(enum phase_id id)
{
	return phase_group(id) == GROUP_QD;
}

uint32_t qd_mask(void)
{
	uint32_t m = 0;

	for (int id = 0; id < PHASE_COUNT; id++)
		if (qd_is((enum phase_id)id))
			m |= 1u << id;
	return m;
}

uint64_t qd_file_size(const struct config *cfg, uint64_t data_size)
{
	uint64_t size = data_size ? data_size : cfg->file_size_given ? cfg->file_size : DEFAULT_QD_SIZE;

	return size / QD_SEQ_BLOCK * QD_SEQ_BLOCK;
}

uint64_t qd_planned_size(const struct config *cfg)
{
	uint32_t mask = cfg->decided.phase_mask;
	/* with block write in the run, the profile works on its data file */
	uint64_t data = (!mask || (mask & (1u << PHASE_PUT_BLOCK))) ? cfg->file_size : 0;

	return cfg->qd && cfg->concurrency <= 1 && !cfg->sweep_levels ? qd_file_size(cfg, data) : 0;
}

uint64_t qd_seq_offset(struct qd_shape shape, uint64_t blocks, uint64_t n)
{
	return blocks ? n % blocks * shape.block : 0;
}

bool qd_goes_on(uint64_t deadline, uint64_t now, uint64_t submitted, uint64_t blocks, unsigned depth)
{
	/* timed, the first queue always goes out whole: however short the time
	 * (or late the thread), a row has operations and its depth is reached */
	return deadline == 0 ? submitted < blocks : submitted < depth || now < deadline;
}

void qd_depth_span(uint32_t mask, unsigned *deepest, unsigned *shallowest)
{
	*deepest = *shallowest = 0;
	for (int i = 0; i < PHASE_COUNT; i++) {
		unsigned d = qd_shape_of((enum phase_id)i).depth;

		if (!qd_is((enum phase_id)i) || (mask && !(mask & (1u << i))))
			continue;
		if (d > *deepest)
			*deepest = d;
		if (*shallowest == 0 || d < *shallowest)
			*shallowest = d;
	}
}
