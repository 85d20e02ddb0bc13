/* The queue-depth profile (KDiskMark's default, CrystalDiskMark's rows):
 * the shape of each of its phases and the size of the file it works on. */
#ifndef BONNIE_QD_H
#define BONNIE_QD_H

#include <stdbool.h>
#include <stdint.h>

#include "../options/constants.h"
#include "interface/phase_list.h"

struct config; /* options/config.h: pointers alone here */

struct qd_shape {
	uint32_t block;  /* bytes an operation */
	unsigned depth;  /* operations in flight, from one thread */
	bool random;     /* offsets drawn uniformly over the file's blocks; else in order */
	bool write;      /* the phase table's FACT_WRITES */
};

/* Whether id is a phase of the profile (the phase table's group QD: the
 * one question, asked here), and its shape (zero when not): its row's
 * shape column, with the row's FACT_WRITES. QD_SEQ_BLOCK and QD_RND_BLOCK
 * are phase_list.h's. */
bool qd_is(enum phase_id id);
struct qd_shape qd_shape_of(enum phase_id id);
/* The deepest and shallowest queue depths of the profile's phases in mask
 * (bits 1u << id; 0: all of them), from the shapes; 0 and 0 where none. */
void qd_depth_span(uint32_t mask, unsigned *deepest, unsigned *shallowest);

/* The bit mask of the profile's phases (what --phases qd and --qd add). */
uint32_t qd_mask(void);

/* The profile's file size: data_size when block write made the data file,
 * else -s when given, else DEFAULT_QD_SIZE; rounded down to QD_SEQ_BLOCK. */
uint64_t qd_file_size(const struct config *cfg, uint64_t data_size);

/* The profile's file size as the plan cfg makes it (0 when the profile
 * does not run): the data file's when block write runs before it, else
 * qd_file_size's without one. The one answer for the run's note, its
 * JSON and its --like settings. */
uint64_t qd_planned_size(const struct config *cfg);

/* The offset of the n-th operation of a sequential phase over a file of
 * blocks blocks: going round the file again when a pass ends. */
uint64_t qd_seq_offset(struct qd_shape shape, uint64_t blocks, uint64_t n);

/* Whether a phase that has submitted submitted operations goes on: until
 * deadline (clock_now_ns) when there is one, but at least until its first
 * depth requests are out, else for one pass of blocks. */
bool qd_goes_on(uint64_t deadline, uint64_t now, uint64_t submitted, uint64_t blocks, unsigned depth);

#endif
