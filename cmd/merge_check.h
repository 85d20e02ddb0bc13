/* bonnie merge's checks of its FILEs (cmd/merge_check.c): each host once,
 * each read of one setup with the first, and every phase the hosts planned
 * measured on every host or said why not. */
#ifndef BONNIE_MERGE_CHECK_H
#define BONNIE_MERGE_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "../input/host_read.h"

/* EXIT_OK, or EXIT_USAGE said when two of files[0..n) are one file (one
 * path twice, or two paths of one file), before any is read. */
int merge_files_apart(char **files, size_t n);

/* Run number run of each host (texts[i] of files[i]) into hosts[0..n):
 * EXIT_OK, or the status said: EXIT_SETUP unless of one setup with the
 * first, EXIT_USAGE when two are one host's result (the same machine name
 * on the one --start-at schedule every merged host has). */
int merge_read_hosts(struct host_read *hosts, char **texts, char **files, size_t n, size_t run);

/* Says, one line per phase, each phase the hosts planned (or a host ran)
 * that a host did not measure, and why; *partial is set when it says one.
 * EXIT_OK, or EXIT_IO said when no phase was measured on every host
 * (nothing to merge). sweep: the hosts ran --clients (the lines say the
 * count). */
int merge_check_measured(const struct host_read *hosts, char **files, size_t n, bool sweep, bool *partial);

#endif
