/* Large zeroed blocks whose pages become resident only when touched. */
#ifndef BONNIE_MMAP_ALLOC_H
#define BONNIE_MMAP_ALLOC_H

#include <stddef.h>

/* len zeroed bytes straight from the system (an anonymous mapping), or
 * NULL with errno. calloc cannot promise this: glibc raises its mmap
 * threshold after a large block is freed (a new client frees the
 * parent's file plan), then takes blocks of up to that size from the
 * heap and clears, that is touches, every page. A client's timelines
 * (about 1 MiB each, mostly never reached) were resident whole that way,
 * 11 MB of RSS per client in a sweep. */
void *mmap_alloc(size_t len);

/* Returns a block of mmap_alloc (len as given there); NULL is fine. */
void mmap_free(void *p, size_t len);

#endif
