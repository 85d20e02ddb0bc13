/* Cutting back a standard output that could not be written in full; see
 * reportstdout.h. */
#include "reportstdout.h"

#include <fcntl.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* Where standard output began, when it is a file to cut back (noted);
 * and a duplicate of it, taken only at the end (report_stdout_hold) so
 * that a run holds no descriptor for it: under ulimit -n every one is
 * counted. The duplicate outlives fclose(stdout), which may still fail
 * writing what stdio kept; -1: none. */
static bool noted;
static off_t stdout_start;
static int stdout_dup = -1;

void report_stdout_begin(void)
{
	struct stat out, err;
	int flags = fcntl(STDOUT_FILENO, F_GETFL);

	if (noted || flags < 0 || fstat(STDOUT_FILENO, &out) != 0 || !S_ISREG(out.st_mode))
		return;
	if (fstat(STDERR_FILENO, &err) == 0 && err.st_dev == out.st_dev && err.st_ino == out.st_ino)
		return;
	stdout_start = flags & O_APPEND ? out.st_size : lseek(STDOUT_FILENO, 0, SEEK_CUR);
	noted = stdout_start >= 0;
}

void report_stdout_hold(void)
{
	if (noted && stdout_dup < 0)
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
