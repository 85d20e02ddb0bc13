/* Notes on the scratch directories earlier runs left in -d (scratch/leftover.h). */
#ifndef BONNIE_CMD_LEFTOVERS_H
#define BONNIE_CMD_LEFTOVERS_H

#include "../scratch/scratch.h"

#include <stdbool.h>

/* One "bonnie: note: ..." line per leftover beside own, the run's scratch
 * directory (not counted); share: -d is on a network share, where a lock
 * of a run on another host may not be seen. */
void leftovers_note(const struct scratch *own, bool share);

#endif
