/* statvfs wrapper: free bytes and inodes for an unprivileged writer. */
#include "free_space.h"

#include <sys/statvfs.h>

int space_of(const char *dir, struct space *sp)
{
	struct statvfs st;

	if (statvfs(dir, &st) != 0)
		return -1;
	sp->block = st.f_frsize ? st.f_frsize : st.f_bsize;
	/* ramfs and some pseudo file systems report no size at all: no limit we can check */
	sp->unlimited = st.f_blocks == 0;
	/* saturated: a (network) file system may report more than 64 bits hold */
	sp->bytes_free = sp->block && (uint64_t)st.f_bavail > UINT64_MAX / sp->block ? UINT64_MAX
	                                                                              : (uint64_t)st.f_bavail * sp->block;
	/* file systems without an inode limit (btrfs, some network ones) report 0 total */
	sp->inodes_free = st.f_files ? (uint64_t)st.f_favail : 0;
	return 0;
}

int space_read_only(const char *dir)
{
	struct statvfs st;

	if (statvfs(dir, &st) != 0)
		return 0;
	return (st.f_flag & ST_RDONLY) != 0;
}
