/* Anonymous mappings for large zeroed blocks; see mmap_alloc.h. */
#if defined(__linux__)
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#else
#undef _POSIX_C_SOURCE /* MAP_ANON on macOS/BSD */
#undef _XOPEN_SOURCE
#endif
#include "mmap_alloc.h"

#include <stdlib.h>
#include <sys/mman.h>

#if !defined(MAP_ANONYMOUS) && defined(MAP_ANON)
#define MAP_ANONYMOUS MAP_ANON
#endif

#if defined(MAP_ANONYMOUS)
void *mmap_alloc(size_t len)
{
	void *p = mmap(NULL, len ? len : 1, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

void mmap_free(void *p, size_t len)
{
	if (p != NULL)
		munmap(p, len ? len : 1);
}
#else
void *mmap_alloc(size_t len)
{
	return calloc(1, len ? len : 1);
}

void mmap_free(void *p, size_t len)
{
	(void)len;
	free(p);
}
#endif
