/* An array that grows as items are added: the one rule for the lists the
 * readers and models build (runs read, warnings, JSON nodes, samples). */
#ifndef BONNIE_LIB_GROW_H
#define BONNIE_LIB_GROW_H

#include <stddef.h>

/* Room for item number count in items, an array of *cap items of size
 * bytes: items itself while count < *cap, else the array moved to twice
 * the room (first items when it has none yet) and *cap set to it. NULL
 * when memory ran out or the room would overflow; items and *cap are then
 * as they were, and still the caller's to free. */
void *grow(void *items, size_t *cap, size_t count, size_t size, size_t first);

#endif
