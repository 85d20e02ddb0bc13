/* One benchmark instance: its scratch directory, data pattern, file plan
 * and phase context, ready to run the pipeline any number of times. Used
 * by main and by the tests; prints nothing (errors come back in an
 * op_error, as the phases report them). */
#ifndef BONNIE_BENCH_H
#define BONNIE_BENCH_H

#include "client_times.h"

#include <stddef.h>

#include "../../scratch/scratch.h"
#include "../files/files.h"
#include "runner.h"

struct bench {
	const struct config *cfg;
	struct scratch scratch;
	struct pattern pat;
	struct file_plan files;
	struct phase_ctx ctx;
	size_t logical_block;
	bool opened;       /* bench_open was called: there may be things to remove */
	bool have_pat;
	bool have_files;
	struct client_times *times; /* -c/--clients: each client's times, set by the session (NULL: not kept) */
	double delete_rate; /* the fastest delete rate (files/s over the work, phase_result_work_rate)
	                       this instance measured so far: a later time-based level's
	                       delete pool in a sweep (bench_delete_aim); 0: none yet */
};

/* Why bench_open failed; main maps these to exit statuses. */
enum bench_status {
	BENCH_OK = 0,
	BENCH_NO_SCRATCH,  /* the scratch directory could not be made under -d */
	BENCH_NO_DIRECT,   /* -D: the file system refuses O_DIRECT or the chunk size */
	BENCH_NO_MEMORY,   /* the data pattern or file plan could not be allocated */
};

/* Creates the scratch directory under cfg->dir (a client's: in its
 * part's directory) and everything the phases need for cfg: with -D,
 * checks O_DIRECT support and alignment first (logical_block is the
 * device's logical sector size, the alignment to assume where the kernel
 * cannot be asked; 0 if unknown). On failure returns why and fills e
 * (operation, path, reason); bench_close must still be called. The two
 * steps it takes: */
enum bench_status bench_open(struct bench *b, const struct config *cfg, const struct part *part, size_t logical_block,
                             struct op_error *e);

/* The scratch directory (and the -D check) alone, where the calibrations
 * run (autosize.h) before the plan that sizes the phases exists; cfg
 * (an earlier step's plan) is read for -d, -D and the chunk, not kept. */
enum bench_status bench_open_scratch(struct bench *b, const struct config *cfg, const struct part *part,
                                     size_t logical_block, struct op_error *e);

/* Makes b, its scratch directory open, ready for cfg, which it keeps: its
 * part (part, or part_whole(cfg)), data pattern and file plan. */
enum bench_status bench_ready(struct bench *b, const struct config *cfg, const struct part *part, struct op_error *e);

/* Runs every enabled phase once into run. Returns runner_run's result. */
int bench_run(struct bench *b, struct run_result *run, const struct runner_hooks *hooks);

/* After phase id ran into res (in this process, or merged from
 * processes clients): a delete's rate, when it is the fastest yet, goes
 * into b->delete_rate; one process's times the online cores, which
 * clients may all use. */
void bench_note_delete(struct bench *b, enum phase_id id, const struct phase_result *res, uint32_t processes);

/* The files a time-based level's delete should find in all
 * (files_delete_aim of b->delete_rate): only in a --clients sweep without
 * a --start-at schedule, whose phases have slots that a long top-up
 * would overrun; else 0 (each client tops up to the mean alone). */
uint64_t bench_delete_aim(const struct bench *b);

/* Frees everything and removes the scratch directory with all it holds
 * (nothing to do on a zeroed, never opened bench). Returns 0, or -1 with e
 * filled if something could not be removed. */
int bench_close(struct bench *b, struct op_error *e);

#endif
