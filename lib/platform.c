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
#include <stdio.h>
#include <sys/ioctl.h> /* TIOCGWINSZ, and FS_IOC_* below */
#include <sys/stat.h>
#include <unistd.h>

#if defined(__linux__) || defined(__FreeBSD__) || defined(__NetBSD__) || defined(__OpenBSD__) || \
	defined(__DragonFly__) || defined(__APPLE__)
#define PLAT_HAVE_MINCORE 1
#include <sys/mman.h>
#endif


size_t plat_page_size(void)
{
	long ps = sysconf(_SC_PAGESIZE);

	return ps > 0 ? (size_t)ps : 4096;
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

#if defined(__linux__)
/* <linux/fs.h>'s values, spelled out: musl builds have no kernel headers */
#define PLAT_IOC_GETFLAGS _IOR('f', 1, long)
#define PLAT_IOC_SETFLAGS _IOW('f', 2, long)
#define PLAT_TOPDIR_FL 0x00020000
#endif

int plat_spread_subdirs(int dirfd)
{
#if defined(__linux__)
	int flags = 0; /* the kernel reads and writes an int, whatever the macro says */
	/* variables, not constants: musl's ioctl takes an int request, and
	 * these values only fit it by a (well-defined here) conversion */
	unsigned long get = PLAT_IOC_GETFLAGS, set = PLAT_IOC_SETFLAGS;

	if (ioctl(dirfd, get, &flags) != 0)
		return -1;
	if (flags & PLAT_TOPDIR_FL)
		return 0;
	flags |= PLAT_TOPDIR_FL;
	return ioctl(dirfd, set, &flags);
#else
	(void)dirfd;
	errno = ENOSYS;
	return -1;
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

#if defined(PLAT_HAVE_MINCORE)
#define RESIDENT_WINDOW (1u << 20) /* bytes mapped and asked about at a time */
#define RESIDENT_WINDOWS 64u       /* at most this many, spread over the file */

/* Resident pages among the len bytes of fd at off (page-aligned), asked
 * through a read-only mapping that is never touched, so nothing is read
 * in. Adds to *sampled and *resident; 0 or -1. */
static int resident_window(int fd, off_t off, size_t len, uint64_t *sampled, uint64_t *resident)
{
	size_t page = plat_page_size(), pages = (len + page - 1) / page;
#if defined(__linux__)
	unsigned char vec[RESIDENT_WINDOW / 512];
#else
	char vec[RESIDENT_WINDOW / 512];
#endif
	void *map;
	int rc;

	if (pages > sizeof vec)
		return -1;
	map = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, off);
	if (map == MAP_FAILED)
		return -1;
	rc = mincore(map, len, vec);
	munmap(map, len);
	if (rc != 0)
		return -1;
	for (size_t i = 0; i < pages; i++)
		*resident += vec[i] & 1;
	*sampled += pages;
	return 0;
}
#endif

int plat_resident_pages(int fd, uint64_t *sampled, uint64_t *resident)
{
	*sampled = *resident = 0;
#if defined(PLAT_HAVE_MINCORE)
	{
		struct stat st;
		uint64_t size, stride, page = plat_page_size();

		if (fstat(fd, &st) != 0 || st.st_size <= 0)
			return -1;
		size = (uint64_t)st.st_size;
		/* the whole file in windows while it fits in RESIDENT_WINDOWS of
		 * them, else that many windows evenly spread */
		stride = RESIDENT_WINDOW;
		if (size > (uint64_t)RESIDENT_WINDOWS * RESIDENT_WINDOW)
			stride = size / RESIDENT_WINDOWS / page * page;
		for (uint64_t off = 0; off < size; off += stride) {
			size_t len = size - off < RESIDENT_WINDOW ? (size_t)(size - off) : RESIDENT_WINDOW;
			if (resident_window(fd, (off_t)off, len, sampled, resident) != 0)
				return -1;
		}
		return 0;
	}
#else
	(void)fd;
	errno = ENOSYS;
	return -1;
#endif
}

unsigned plat_terminal_columns(int fd)
{
#if defined(TIOCGWINSZ)
	struct winsize ws;
	unsigned long req = TIOCGWINSZ; /* musl's ioctl takes an int request: see above */

	if (isatty(fd) && ioctl(fd, req, &ws) == 0)
		return ws.ws_col;
#else
	(void)fd;
#endif
	return 0;
}

/* Large O_DIRECT buffers in transparent huge pages where Linux has them:
 * a 1 MiB buffer in 4 KiB pages scattered over memory is 256 segments,
 * above a virtio disk's 254, and the kernel splits every request in two
 * (measured: 511 KiB average requests against fio's 1024 KiB, docs/qd.md).
 * Advice only: where it is refused or unknown the buffer stays as it is. */
void plat_advise_huge(void *p, size_t len)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	(void)madvise(p, len, MADV_HUGEPAGE);
#else
	(void)p;
	(void)len;
#endif
}

/* /proc/thread-self/schedstat: time on the CPU, time waiting on a run
 * queue, time slices (ns, ns, count). */
int64_t plat_run_wait_ns(void)
{
#if defined(__linux__)
	char buf[96];
	unsigned long long on_cpu, waited;
	int fd = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	if (sscanf(buf, "%llu %llu", &on_cpu, &waited) != 2)
		return -1;
	return (int64_t)waited;
#else
	return -1;
#endif
}
