/* Cutting back a standard output that could not be written in full; see
 * reportstdout.h. */
#include "reportstdout.h"

#include <fcntl.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* A duplicate of standard output (it outlives fclose(stdout), which may
 * still fail writing what stdio kept) and where it began; -1: none. */
static int stdout_dup = -1;
static off_t stdout_start;

void report_stdout_begin(void)
{
	struct stat out, err;
	int flags = fcntl(STDOUT_FILENO, F_GETFL);

	if (stdout_dup >= 0 || flags < 0 || fstat(STDOUT_FILENO, &out) != 0 || !S_ISREG(out.st_mode))
		return;
	if (fstat(STDERR_FILENO, &err) == 0 && err.st_dev == out.st_dev && err.st_ino == out.st_ino)
		return;
	stdout_start = flags & O_APPEND ? out.st_size : lseek(STDOUT_FILENO, 0, SEEK_CUR);
	if (stdout_start >= 0)
		stdout_dup = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
}

void report_stdout_end(bool failed)
{
	int rc = 0;

	if (stdout_dup < 0)
		return;
	if (failed)
		rc = ftruncate(stdout_dup, stdout_start);
	(void)rc; /* not cut: left as it is, the write error is still what is said */
	close(stdout_dup);
	stdout_dup = -1;
}
