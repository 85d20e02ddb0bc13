/* What one instance of the run does: the whole run's work, or, in a run
 * of n concurrent clients (-c N), client i's share of it: what it writes,
 * seeks and creates. The shares add up to exactly what the plan asks for,
 * so the run as a whole moves what one process would at -c 1 and needs
 * the same disk (plus each client's directories). An instance carries its
 * part in its phase context (phase.h); the config is never changed for it. */
#ifndef BONNIE_CLIENT_PART_H
#define BONNIE_CLIENT_PART_H

#include <stdbool.h>
#include <stdint.h>

#include "../../options/config.h"

struct part {
	uint64_t data_bytes;  /* the data file (-s; a client's: whole chunks of it) */
	uint64_t perchar;     /* per-char bytes (-f) */
	uint64_t seeks;       /* seeks, when a count was given (else they run by time) */
	uint32_t seek_procs;  /* seek workers */
	uint64_t files;       /* files the creates make at most */
	uint32_t seed;        /* the data's seed: the run's, plus i for client i */
	bool client;          /* one client's share of -c N */
	const char *dir;      /* where the instance makes its scratch directory: NULL, -d; a
	                         client's, the parent's scratch directory, held open as dir_fd
	                         and never made in by its path (-d may be renamed) */
	int dir_fd;
};

/* The whole run's work, done by one instance. */
struct part part_whole(const struct config *cfg);

/* Client i's part among n of whole (the run's, part_whole): the data file (-s) split in whole chunks, the
 * per-char bytes (-f), the seeks when given and the files (-n) split by
 * client_part; a part may be 0, and the client still runs the phase and
 * meets its barrier (only the data file needs one chunk per client: the
 * caller refuses a smaller -s, see clients_min_size). In a time-based
 * level the files part is twice its split of the level's pool
 * (config_files_pool): the parts add up to what the creates and top-ups
 * may make in all (files.h). Seeks sized by time are the client's own,
 * with all its workers. Client i uses seed + i, so no two clients write
 * the same data. */
struct part part_of_client(const struct config *cfg, const struct part *whole, uint32_t n, uint32_t i);

/* Client i's part of total among n >= 1 clients: total / n, one more for
 * each of the first total % n clients. Some get 0 when total < n; the n
 * parts always add up to total. */
uint64_t client_part(uint64_t total, uint32_t n, uint32_t i);

/* The smallest -s that n clients can share: one chunk of data file each
 * (a client without one has nothing to read, rewrite or seek in). */
uint64_t clients_min_size(uint32_t chunk, uint32_t n);

#endif
