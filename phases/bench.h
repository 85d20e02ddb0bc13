/* One benchmark instance: its scratch directory, data pattern, file plan
 * and phase context, ready to run the pipeline any number of times. Used
 * by main and by the tests; prints nothing (errors come back as text). */
#ifndef BONNIE_BENCH_H
#define BONNIE_BENCH_H

#include <stddef.h>

#include "../lib/scratch.h"
#include "files.h"
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
};

/* Free space a run needs, as an upper bound: the data file, the file
 * tests' data rounded up to whole blocks of fs_block bytes, their
 * directories, and the alignment probe's file when it will run. */
uint64_t bench_bytes_needed(const struct config *cfg, uint64_t fs_block, bool align_probe);

/* Inodes a run needs: the file tests' files and directories, plus a few. */
uint64_t bench_inodes_needed(const struct config *cfg);

/* Creates the scratch directory under cfg->dir and everything the phases
 * need; with -D, checks O_DIRECT support and alignment first (logical_block
 * is the device's logical sector size, the alignment to assume where the
 * kernel cannot be asked; 0 if unknown). Returns an exit status (EXIT_OK,
 * EXIT_USAGE for a -D constraint, EXIT_SETUP) and on failure a one-line
 * reason in err; bench_close must still be called. */
int bench_open(struct bench *b, const struct config *cfg, size_t logical_block, char *err, size_t errlen);

/* Runs every enabled phase once into run. Returns runner_run's result. */
int bench_run(struct bench *b, struct run_result *run, const struct runner_hooks *hooks);

/* Frees everything and removes the scratch directory with all it holds
 * (nothing to do on a zeroed, never opened bench). Returns 0, or -1 with a
 * reason in err if something could not be removed. */
int bench_close(struct bench *b, char *err, size_t errlen);

#endif
