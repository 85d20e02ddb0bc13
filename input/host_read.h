/* bonnie merge's one record of a host: its --json document (one run of
 * it, a --clients sweep's count) read back as the run it measured (struct
 * run_read: the run_result and what the document recorded of it), with
 * what merging needs beyond a result: per phase whether merge may sum it
 * (or why not), the timeline's intervals and each client's start, end and
 * units; the setup's counts the hosts must share; the machine's name and
 * the host's own command line. compare reads the same documents into a
 * run_read alone (json_parsed_run.c): the intervals are held only here, for a
 * merge's hosts. */
#ifndef BONNIE_INPUT_HOST_READ_H
#define BONNIE_INPUT_HOST_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "run_read.h"

/* What merge reads of a phase beyond its phase_result. */
struct host_phase {
	bool done;                   /* listed "done" with every value a count: merge sums it */
	char why[96];                /* else why not ("status \"interrupted\"", "bytes is -5e8,
	                                not a count"); "" when not listed */
	struct json_interval *tl;    /* the timeline's intervals (NULL: none), owned */
	size_t tl_n;
	struct json_client *client;  /* each client's start, end and units (a host's -c N > 1;
	                                NULL: none), owned */
	size_t client_n;
};

/* The setup's counts, each 0 when not given. */
struct host_setup {
	char version[32];
	uint64_t file_size, chunk, files, phase_mask, start_at_ns, slot_ns, level_ns;
	uint64_t clients;                  /* the run's clients (runs[r].clients; not the run_read's
	                                      run.clients, compare's, which falls back to
	                                      config.concurrency) */
	uint64_t seek_workers;             /* the run's seek processes */
	uint64_t cpus;                     /* the host's cores (environment.cpus; 0: not said) */
};

struct host_read {
	struct run_read read;              /* per phase: status, bytes, units, elapsed, CPU, the
	                                      final sync, wall and planned start, the histogram
	                                      as its buckets rebuild it; run.counts.seeks the
	                                      seeks done (0 when not a count merge can sum) */
	struct host_phase phase[PHASE_COUNT];
	struct host_setup setup;
	char name[4 * MAX_MACHINE_NAME + 1]; /* config.machine as compare shows it, or "" */
	char **argv;                       /* the document's command_line (argc strings), owned */
	size_t argc;
	size_t runs;                       /* the document's runs (a --clients sweep: one per count) */
};

/* Reads run number run (0: the first; a sweep's count) of host JSON text
 * into h (calloc'd by the caller: the pages of the phases that did not run
 * are never touched); 0, or -1 with why in err (not JSON, not a bonnie
 * document, not run with --start-at, run with -x 2 or more, no such run, a
 * phase listed twice, a setup value that is not a count). A phase listed
 * but not done, or done with a value that is not a count, is read as not
 * done with why in its why. host_read_free frees h's parts either way. */
int host_read(struct host_read *h, const char *text, size_t run, char *err, size_t err_cap);
void host_read_free(struct host_read *h);

/* The JSON key of the first setup field in which a and b differ (runs,
 * version, file_size_bytes, chunk_bytes, files, phase_mask, start_at_ns,
 * slot_ns, level_time_ns, clients), or NULL when they agree. */
const char *host_setup_differs(const struct host_read *a, const struct host_read *b);

#endif
