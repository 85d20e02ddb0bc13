/* Whether dropping the data file from the page cache worked: asked of the
 * kernel (mincore) after the eviction, since file systems that live in
 * RAM (tmpfs, ramfs) accept the advice and keep every page. */
#ifndef BONNIE_EVICT_CHECK_H
#define BONNIE_EVICT_CHECK_H

#include "../interface/phase.h"

/* More than this part of the sampled pages still cached (per million)
 * means the eviction did not happen. */
#define EVICT_RESIDENT_MAX_PPM 10000u

/* After plat_evict() succeeded on fd: measures how much of the file is
 * still cached and marks res RESULT_EVICTED, or RESULT_NOT_EVICTED when
 * more than EVICT_RESIDENT_MAX_PPM stayed; with RESULT_RESIDENCY and
 * res->resident_ppm when it could be measured (where it cannot, the
 * eviction is taken on trust, as before). */
void evict_check(int fd, struct phase_result *res);

#endif
