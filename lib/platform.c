/* Non-POSIX services behind small functions; see platform.h. */
#if defined(__linux__)
#define _GNU_SOURCE /* O_DIRECT, syncfs, statx */
#else
#undef _POSIX_C_SOURCE /* expose F_NOCACHE and friends on macOS/BSD */
#undef _XOPEN_SOURCE
#endif
#include "platform.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>


size_t plat_page_size(void)
{
	long ps = sysconf(_SC_PAGESIZE);

	return ps > 0 ? (size_t)ps : 4096;
}

bool plat_has_direct_io(void)
{
#if defined(O_DIRECT) || defined(F_NOCACHE)
	return true;
#else
	return false;
#endif
}

int plat_open(int dirfd, const char *name, int flags, mode_t mode, bool direct)
{
	int fd;

	flags |= O_NOFOLLOW | O_CLOEXEC;
#if defined(O_DIRECT)
	if (direct)
		flags |= O_DIRECT;
#endif
	fd = openat(dirfd, name, flags, mode);
#if !defined(O_DIRECT) && defined(F_NOCACHE)
	if (fd >= 0 && direct && fcntl(fd, F_NOCACHE, 1) != 0) {
		int saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
#endif
	return fd;
}

void plat_direct_alignment(int fd, size_t fallback_io, size_t *mem_align, size_t *io_align)
{
	size_t page = plat_page_size();

	*mem_align = page;
	*io_align = fallback_io ? fallback_io : page;
#if defined(__linux__) && defined(STATX_DIOALIGN)
	{
		struct statx stx;
		if (statx(fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &stx) == 0 &&
		    (stx.stx_mask & STATX_DIOALIGN) && stx.stx_dio_offset_align != 0) {
			if (stx.stx_dio_mem_align > *mem_align)
				*mem_align = stx.stx_dio_mem_align;
			*io_align = stx.stx_dio_offset_align;
		}
	}
#else
	(void)fd;
#endif
}

int plat_evict(int fd)
{
#if defined(POSIX_FADV_DONTNEED) && defined(__linux__)
	int rc;

	do
		rc = fdatasync(fd);
	while (rc != 0 && errno == EINTR);
	if (rc != 0)
		return -1;
	rc = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	if (rc != 0) {
		errno = rc;
		return -1;
	}
	return 1;
#else
	/* Other systems accept the advice but may ignore it; say we cannot. */
	if (fsync(fd) != 0)
		return -1;
	return 0;
#endif
}

bool plat_can_evict(void)
{
#if defined(POSIX_FADV_DONTNEED) && defined(__linux__)
	return true;
#else
	return false;
#endif
}

int plat_syncfs(int fd)
{
#if defined(__linux__)
	int rc;

	do
		rc = syncfs(fd);
	while (rc != 0 && errno == EINTR);
	return rc;
#else
	(void)fd;
	errno = ENOSYS;
	return -1;
#endif
}
