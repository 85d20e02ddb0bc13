/* Concurrent clients' timelines (-c N): each client hands its phase's
 * timeline to the parent through a file in the parent's scratch directory
 * ("timeline.<client>", written before the client says the phase is done);
 * the parent merges them on the common monotonic clock into its own, one
 * client at a time (one buffer, whatever the number of clients), removes
 * each file, and judges the merged timeline. The clients' timelines carry
 * no device bytes: the parent reads the devices once around the phase. */
#ifndef BONNIE_CLIENT_TIMELINE_H
#define BONNIE_CLIENT_TIMELINE_H

#include <stdint.h>

#include "../interface/phase.h"

/* Client side, once its bench is open: it records timelines but keeps no
 * finished ones and judges none (the parent does, on the merged one). */
void client_timeline_own(struct phase_ctx *ctx);

/* Client side: phase id's timeline (ctx's recorder) into topfd. */
void client_timeline_put(const struct phase_ctx *ctx, int topfd, uint32_t client, enum phase_id id);

/* Parent side: the files of clients 0..n-1 for phase id merged into ctx's
 * timeline from res->start_ns (res merged already), kept for the run, and
 * res->verdict set. */
void client_timeline_merge(struct phase_ctx *ctx, int topfd, uint32_t n, enum phase_id id, struct phase_result *res);

#endif
