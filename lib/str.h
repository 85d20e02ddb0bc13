/* Bounded string copying: never overflows, always terminates, and says
 * whether the source was cut. */
#ifndef BONNIE_STR_H
#define BONNIE_STR_H

#include <stdbool.h>
#include <stddef.h>

/* Copies src into dst (cap bytes, cap > 0), truncating. Returns true if all of src fit. */
bool str_copy(char *dst, size_t cap, const char *src);

#endif
