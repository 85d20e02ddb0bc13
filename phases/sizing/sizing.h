/* Sizing a run against its file system, before anything is written: the
 * default file size without -s, the free-space and inode check, and when
 * reads may come from the page cache. Pure functions; every product and
 * sum is overflow-checked, so no -s/-n combination can wrap to "fits". */
#ifndef BONNIE_SIZING_H
#define BONNIE_SIZING_H

#include <stdbool.h>
#include <stdint.h>

#include "../interface/client_part.h"
#include "../../options/config.h"
#include "../../lib/operr.h"
#include "../../lib/free_space.h"

/* Without -s: with the cache dropped before reads, 4 GiB keeps every bulk
 * phase on the device for seconds on fast disks and the default run well
 * under three minutes on this class of machine (README "Default size").
 * With under twice that free, a quarter of the free space is used. */
#define SIZING_DEFAULT_FILE_SIZE (4ull << 30)

/* Free space one instance with its part needs (the whole run's, or a
 * client's: client_part.h), as an upper bound: the data file and the file tests'
 * data rounded up to whole blocks of fs_block bytes, their directories,
 * and the alignment probe's file when it will run. Returns false (and
 * UINT64_MAX in *bytes) if the sum does not fit in 64 bits. */
bool sizing_bytes_needed(const struct config *cfg, const struct part *part, uint64_t fs_block, bool align_probe,
                         uint64_t *bytes);

/* Inodes one instance needs: the file tests' files and directories, plus
 * a few (its scratch directory, data file, probe files). */
uint64_t sizing_inodes_needed(const struct config *cfg, const struct part *part);

/* The same for the whole run at n clients (n <= 1: one instance): the sum
 * of what each client's part (part_of_client) needs, plus the parent's
 * scratch directory and, once, the probe's file. */
bool sizing_run_bytes(const struct config *cfg, uint32_t n, uint64_t fs_block, bool align_probe, uint64_t *bytes);
uint64_t sizing_run_inodes(const struct config *cfg, uint32_t n);

/* The -s size to use when none was given, for the space sp reports:
 * SIZING_DEFAULT_FILE_SIZE, or a quarter of what the rest of the run
 * leaves free when that is less than twice as much (a whole number of MiB
 * and of chunks); at least one chunk per client (clients_min_size, for
 * the most clients the run starts). *reduced says which. */
uint64_t sizing_default_size(const struct config *cfg, const struct space *sp, bool align_probe, bool *reduced);

/* 0 if the run fits in sp at every client count it uses (-c, or each
 * --clients count); -1 with e filled ("not enough space under <dir>: need
 * X, have Y ...", or inodes) if it does not. */
int sizing_check(const struct config *cfg, const struct space *sp, bool align_probe, struct op_error *e);

/* The largest single file the run writes at any of its client counts:
 * the data file (per-char included) or one file of -n (*data says which);
 * the alignment probe's file is left out (the run goes on without the
 * probe). For the file size limit (RLIMIT_FSIZE), checked before anything
 * is written. */
uint64_t sizing_largest_file(const struct config *cfg, bool *data);

/* Whether reads of the data file may come from the page cache: it cannot
 * be evicted (no eviction, or evict false) nor read directly, and it is
 * under twice ram bytes (0: unknown, no claim). */
bool sizing_reads_may_be_cached(const struct config *cfg, uint64_t ram, bool can_evict);

#endif
