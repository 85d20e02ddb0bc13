/* The few non-POSIX services bonnie needs, each behind one small function
 * with a portable fallback: direct I/O, its alignment, page-cache eviction
 * and residency, and syncing one file system. Linux first; FreeBSD and
 * macOS build. */
#ifndef BONNIE_PLATFORM_H
#define BONNIE_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* openat() relative to dirfd with O_NOFOLLOW | O_CLOEXEC added, and direct
 * I/O (O_DIRECT, or F_NOCACHE on macOS) when direct is true. */
int plat_open(int dirfd, const char *name, int flags, mode_t mode, bool direct);

/* Alignment that direct I/O on the file open as fd needs. io_align (file
 * offsets and lengths) is statx(STATX_DIOALIGN)'s where the kernel reports
 * it, else fallback_io (the device's logical block size; 0 if unknown, then
 * the page size). mem_align (buffers) is never less than the page size. */
void plat_direct_alignment(int fd, size_t fallback_io, size_t *mem_align, size_t *io_align);

/* Flushes the file's dirty pages and asks the kernel to drop its cached
 * pages. Returns 1 if dropping is supported here, 0 if the platform has no
 * way to do it, -1 on an error (errno set). */
int plat_evict(int fd);

/* How much of the file open as fd is in the page cache: the pages of the
 * whole file, or of 64 windows of 1 MiB spread evenly over a larger one,
 * asked with mincore(2) through read-only mappings that are never
 * touched (so asking reads nothing in). Sets *sampled and *resident
 * (pages). Returns 0, or -1 where the platform has no mincore or mapping
 * the file failed (ENODEV: file systems that cannot be mapped). */
int plat_resident_pages(int fd, uint64_t *sampled, uint64_t *resident);

/* True when plat_evict can actually drop cached pages here. */
bool plat_can_evict(void);

/* Writes back everything on the file system holding fd (syncfs). 0, or -1
 * with errno; ENOSYS where the platform has no syncfs (callers then fsync
 * what they wrote). */
int plat_syncfs(int fd);

/* Asks the file system to place each new subdirectory of the directory
 * open as dirfd in a block group of its own, as it does for top-level
 * directories (ext2/3/4's "T" attribute, FS_TOPDIR_FL), so file trees made
 * one after another there do not share inodes freed a moment before.
 * 0, or -1 with errno (ENOTTY or EOPNOTSUPP where there is no such flag;
 * ENOSYS off Linux). Only ever used on bonnie's own scratch directory. */
int plat_spread_subdirs(int dirfd);

/* The width in columns of the terminal open as fd (TIOCGWINSZ); 0 when fd
 * is not a terminal, the terminal does not say, or the platform cannot ask. */
unsigned plat_terminal_columns(int fd);

/* Page size in bytes. */
size_t plat_page_size(void);

/* Nanoseconds the calling thread has spent runnable but waiting for a CPU
 * (Linux's schedstat run delay), or -1 where the system does not say. */
int64_t plat_run_wait_ns(void);

/* Asks for huge pages under a large buffer not yet touched (a hint). */
void plat_advise_huge(void *p, size_t len);
#define PLAT_HUGE_PAGE ((size_t)2 << 20)

#endif
