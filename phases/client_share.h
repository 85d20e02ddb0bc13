/* How a run of n concurrent clients (-c N) is divided among them: what
 * each client writes, seeks and creates. The parts add up to exactly what
 * the options ask for, so the run as a whole moves what one process would
 * at -c 1 and needs the same disk (plus each client's directories). */
#ifndef BONNIE_CLIENT_SHARE_H
#define BONNIE_CLIENT_SHARE_H

#include <stdint.h>

#include "../lib/config.h"

/* Client i's part of total among n >= 1 clients: total / n, one more for
 * each of the first total % n clients. Some get 0 when total < n; the n
 * parts always add up to total. */
uint64_t client_part(uint64_t total, uint32_t n, uint32_t i);

/* The smallest -s that n clients can share: one chunk of data file each
 * (a client without one has nothing to read, rewrite or seek in). */
uint64_t clients_min_size(uint32_t chunk, uint32_t n);

/* Client i's configuration among n: the data file (-s) split in whole
 * chunks, the per-char bytes (-f), the seeks when given and the files
 * (-n) split by client_part into out's part_* fields (config.h); a part
 * may be 0, and the client still runs the phase and meets its barrier
 * (only the data file needs one chunk per client: the caller refuses a
 * smaller -s, see clients_min_size). In a time-based level the files part
 * is twice its split of the level's pool (config_files_pool): the parts
 * add up to what the creates and top-ups may make in all (files.h). Seeks sized
 * by time are the client's
 * own, with all its workers. Client i uses seed + i, so no two clients
 * write the same data. */
void clients_config(const struct config *cfg, uint32_t n, uint32_t i, struct config *out);

#endif
