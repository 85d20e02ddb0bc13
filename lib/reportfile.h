/* The report files bonnie writes outside its scratch directory (--json,
 * --html, compare --html): the one way they are opened.
 *
 * report_files_check runs before anything is created. A name that is a
 * symbolic link (even a dangling one), a directory, a socket or a block
 * device is refused, as are two reports that name one file; a regular
 * file, a FIFO (waiting for its reader, as the shell's > does) or a
 * character device is accepted, and a name that does not exist is
 * remembered with its directory. "-", "/dev/stdout", "/dev/stderr" and
 * "/dev/fd/N" name descriptors, by these exact spellings: they are written
 * through the descriptor, whatever it is, once it is open for writing
 * (report_files_apart then refuses one on standard error, or on standard
 * output while that carries something else).
 * report_files_commit then creates (O_CREAT|O_EXCL|O_NOFOLLOW, in the
 * directory opened during the check) or truncates them: nothing is
 * created or emptied unless every report passed. */
#ifndef BONNIE_REPORTFILE_H
#define BONNIE_REPORTFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>

struct report_file {
	const char *opt;  /* how messages name it: "--json" */
	const char *path; /* as typed; NULL: not asked for */
	FILE *out;        /* after report_files_commit; stdout for fd 1 */
	/* the rest is report_files_check's */
	bool checked;
	int fd;           /* what was checked (a dup for a descriptor), or -1 */
	int dirfd;        /* the directory of a name that does not exist yet */
	char *dir;        /* NULL, or the directory part of path (malloc) */
	const char *base; /* the name in it */
	bool create;      /* base does not exist: commit creates it */
	bool created;     /* commit did, so a failure unlinks it */
	bool on_stdout;
	mode_t mode;      /* file type of what fd is */
	dev_t dev;        /* fd's file, or for create the directory's */
	ino_t ino;
};

/* The descriptor that path names ("-" and "/dev/stdout" 1, "/dev/stderr"
 * 2, "/dev/fd/N" N), or -1 for a file name. */
int report_path_fd(const char *path);

/* True when path (NULL: false) names standard output. */
bool report_path_is_stdout(const char *path);

/* Splits path into its directory part (".", "/" or what comes before the
 * last '/', malloc'd into *dir) and *base, the name after it (a pointer
 * into path; "" when path ends in '/'). Returns 0, or -1 (ENOMEM). */
int report_path_split(const char *path, char **dir, const char **base);

/* Checks the n reports (those with a path) as described above. Returns
 * EXIT_OK; EXIT_USAGE for a refused one; EXIT_REPORT when one cannot be
 * opened or its directory is not writable; EXIT_INTERRUPTED when a signal
 * ended the wait for a FIFO's reader. On failure err holds one line
 * ("--json out.json: a symbolic link, not followed"), unsanitized, and
 * nothing is kept open. */
int report_files_check(struct report_file *f, size_t n, char *err, size_t errlen);

/* After report_files_check: refuses a report that would be spliced with
 * another stream: one on standard error (named so, /dev/fd/2, or the same
 * file), where bonnie's messages go, and when on_stdout names what
 * standard output carries ("the table"; NULL: nothing), one on it.
 * Terminals and /dev/null are files that may take both, but not by the
 * descriptor's name. EXIT_OK, or EXIT_USAGE with err set ("--json
 * /dev/stderr: the same file as standard error, where bonnie's messages
 * go"); releases nothing. */
int report_files_apart(struct report_file *f, size_t n, const char *on_stdout, char *err, size_t errlen);

/* True when f was checked and is the file st describes (character devices
 * such as /dev/null excepted): for a caller with inputs of its own. */
bool report_file_is(const struct report_file *f, const struct stat *st);

/* Creates or truncates every checked report and gives each its stream.
 * Returns EXIT_OK, or EXIT_REPORT with err set, having removed what it
 * created and released them all. */
int report_files_commit(struct report_file *f, size_t n, char *err, size_t errlen);

/* Closes f's stream (standard output is only left to the caller, who
 * flushes and checks it last) and releases f. Returns 0, or -1 with errno
 * when what was written did not all reach the file (or failed: the
 * writer's own error). A regular file not written in full is removed when
 * commit created it, else emptied: no partial report is left. */
int report_file_close(struct report_file *f, bool failed);
/* (a stream the signal handler cut, lib/signals.h, fails with EINTR) */

/* Why a report write failed with err: strerror; for EFBIG under a file
 * size limit the limit line (lib/limit_reason.h); for EINTR (the stream was
 * cut, lib/signals.h) REPORT_CUT_WHY. */
void report_write_why(int err, char *why, size_t len);
#define REPORT_CUT_WHY "cut short: a signal ended a write that its reader did not take"

/* Releases the n reports, checked or not, without writing (a run that
 * ended before they were committed). Safe to call twice. */
void report_files_release(struct report_file *f, size_t n);

#endif
