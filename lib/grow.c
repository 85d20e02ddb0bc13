/* grow: see grow.h. */
#include "grow.h"

#include <stdint.h>
#include <stdlib.h>

void *grow(void *items, size_t *cap, size_t count, size_t size, size_t first)
{
	size_t want = *cap ? *cap : first;
	void *moved;

	if (count < *cap)
		return items;
	if (*cap) {
		if (want > SIZE_MAX / 2)
			return NULL;
		want *= 2;
	}
	if (size == 0 || want > SIZE_MAX / size)
		return NULL;
	moved = realloc(items, want * size);
	if (moved != NULL)
		*cap = want;
	return moved;
}
