/* One host's result for bonnie merge, read from its --json document: the
 * setup that must agree across hosts and, per phase, what the merge sums. */
#ifndef BONNIE_INPUT_HOST_H
#define BONNIE_INPUT_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../lib/config.h"
#include "../lib/hist.h"
#include "../phases/phase_list.h"

/* The timeline's intervals, relative to the phase's wall start, ns. */
struct host_interval {
	uint64_t start_ns, length_ns, bytes, operations;
};

/* One client's start and end (ns after the phase's start) and its units,
 * from the phase's "clients" (a host's -c N > 1). */
struct host_client {
	uint64_t start_ns, end_ns, units;
};

struct host_phase {
	bool done;                           /* listed "done" with every value a count */
	char why[96];                        /* listed but not done: why ("status \"interrupted\"",
	                                        "bytes is -5e8, not a count"); "" otherwise */
	uint64_t bytes, operations, units, elapsed_ns, cpu_ns;
	uint64_t sync_ns;                    /* the final sync, the end of elapsed_ns */
	uint64_t wall_start_ns, planned_ns;
	struct hist latency;                 /* rebuilt from histogram_ns */
	struct host_interval *tl;            /* NULL: no timeline */
	size_t tl_n;
	struct host_client *client;          /* NULL: no per-client results */
	size_t client_n;
};

struct host_result {
	char name[4 * MAX_MACHINE_NAME + 1]; /* -m (JSON-decoded, then str_sanitize'd as compare
	                                        shows names: room for every byte escaped), or "" */
	char version[32];
	uint64_t file_size, chunk, files, phase_mask, start_at_ns, slot_ns, level_ns, clients;
	uint64_t seeks, seek_workers;         /* the run's seeks done, its seek processes */
	uint64_t cpus;                        /* the host's cores (environment.cpus; 0: not said) */
	struct host_phase phase[PHASE_COUNT];
	size_t runs;                          /* the document's runs (a --clients sweep: one per count) */
	char **argv;                          /* the host's own command_line (argc strings) */
	size_t argc;
};

/* Reads run number run (0: the first; a sweep's count) of host JSON text
 * into h (calloc'd by the caller); 0, or -1 with why in err (not JSON, not
 * a bonnie document, not run with --start-at, run with -x 2 or more, no
 * such run, a phase listed twice, a setup value that is not a count). A
 * phase listed but not done, or done with a value that is not a count,
 * is read as not done with why in its why. */
int host_read(struct host_result *h, const char *text, size_t run, char *err, size_t err_cap);
void host_free(struct host_result *h);

/* The JSON key of the first setup field in which a and b differ (version,
 * file_size_bytes, chunk_bytes, files, phase_mask, start_at_ns, slot_ns,
 * level_time_ns, clients, runs), or NULL when they agree. */
const char *host_setup_differs(const struct host_result *a, const struct host_result *b);

#endif
