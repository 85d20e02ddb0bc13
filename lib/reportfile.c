/* Opening the report files: checked first, created or truncated after;
 * see reportfile.h. */
#include "reportfile.h"
#include "exitcodes.h"
#include "limit_reason.h"
#include "signals.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int report_path_fd(const char *path)
{
	const char *p = path + strlen("/dev/fd/");
	long n = 0;

	if (strcmp(path, "-") == 0 || strcmp(path, "/dev/stdout") == 0)
		return 1;
	if (strcmp(path, "/dev/stderr") == 0)
		return 2;
	if (strncmp(path, "/dev/fd/", strlen("/dev/fd/")) != 0 || *p == '\0')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++)
		n = n < INT_MAX / 10 ? n * 10 + (*p - '0') : INT_MAX; /* too big: a descriptor never open */
	return *p == '\0' ? (int)n : -1;
}

bool report_path_is_stdout(const char *path)
{
	return path != NULL && report_path_fd(path) == 1;
}

int report_path_split(const char *path, char **dir, const char **base)
{
	const char *slash = strrchr(path, '/');
	size_t len = slash == NULL ? 1 : slash == path ? 1 : (size_t)(slash - path);

	*base = slash == NULL ? path : slash + 1;
	*dir = malloc(len + 1);
	if (*dir == NULL)
		return -1;
	memcpy(*dir, slash == NULL ? "." : path, len);
	(*dir)[len] = '\0';
	return 0;
}

#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static int file_err(int status, const struct report_file *f, char *err, size_t errlen, const char *fmt, ...)
{
	char what[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	snprintf(err, errlen, "%s %s: %s", f->opt, f->path, what);
	return status;
}

/* Why a file of this type is not written to, or NULL when it is. */
static const char *refusal(mode_t mode)
{
	if (S_ISREG(mode) || S_ISFIFO(mode) || S_ISCHR(mode))
		return NULL;
	if (S_ISLNK(mode))
		return "a symbolic link, not followed";
	if (S_ISDIR(mode))
		return "a directory, not written";
	if (S_ISSOCK(mode))
		return "a socket, not written";
	if (S_ISBLK(mode))
		return "a block device, not written";
	return "not a regular file, not written";
}

/* A FIFO with no reader yet: wait for one, as the shell's > would, but let
 * SIGINT, SIGTERM, SIGQUIT and SIGHUP end the wait (bonnie's handlers restart
 * interrupted calls). */
static int open_fifo_waiting(int dirfd, const char *base)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGQUIT, SIGHUP};
	struct sigaction old[4], sa;
	int fd = -1, saved;

	for (int i = 0; i < 4; i++) {
		sigaction(sigs[i], NULL, &old[i]);
		sa = old[i];
		sa.sa_flags &= ~SA_RESTART;
		sigaction(sigs[i], &sa, NULL);
	}
	errno = EINTR;
	if (signals_stop_level() == STOP_NONE)
		fd = openat(dirfd, base, O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
	saved = errno;
	for (int i = 0; i < 4; i++)
		sigaction(sigs[i], &old[i], NULL);
	errno = saved;
	return fd;
}

/* An open that failed without O_CREAT: what the name is decides. */
static int open_failed(struct report_file *f, char *err, size_t errlen)
{
	int e = errno;
	struct stat st;

	if (e == ENOENT) { /* O_NOFOLLOW: a dangling link is ELOOP, so nothing is there */
		f->create = true;
		if (faccessat(f->dirfd, ".", W_OK, AT_EACCESS) != 0)
			return file_err(EXIT_REPORT, f, err, errlen, "%s", strerror(errno));
		return EXIT_OK;
	}
	if (fstatat(f->dirfd, f->base, &st, AT_SYMLINK_NOFOLLOW) != 0)
		return file_err(EXIT_REPORT, f, err, errlen, "%s", strerror(e));
	if (e == ENXIO && S_ISFIFO(st.st_mode)) {
		f->fd = open_fifo_waiting(f->dirfd, f->base);
		if (f->fd >= 0)
			return EXIT_OK;
		if (errno == EINTR)
			return file_err(EXIT_INTERRUPTED, f, err, errlen, "interrupted while waiting for a reader");
		return file_err(EXIT_REPORT, f, err, errlen, "%s", strerror(errno));
	}
	if (refusal(st.st_mode) != NULL)
		return file_err(EXIT_USAGE, f, err, errlen, "%s", refusal(st.st_mode));
	return file_err(EXIT_REPORT, f, err, errlen, "%s", strerror(e));
}

/* A file name: its directory, then the name in it without following it
 * (non-blocking, so a FIFO without a reader or a device cannot hang it). */
static int check_name(struct report_file *f, char *err, size_t errlen)
{
	int flags;

	if (report_path_split(f->path, &f->dir, &f->base) != 0)
		return file_err(EXIT_REPORT, f, err, errlen, "%s", strerror(errno));
	if (f->base[0] == '\0')
		return file_err(EXIT_USAGE, f, err, errlen, "ends in /, not a file name");
	if (strcmp(f->base, ".") == 0 || strcmp(f->base, "..") == 0)
		return file_err(EXIT_USAGE, f, err, errlen, "a directory, not written");
	f->dirfd = open(f->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (f->dirfd < 0)
		return file_err(EXIT_REPORT, f, err, errlen, "%s", strerror(errno));
	f->fd = openat(f->dirfd, f->base, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (f->fd < 0) {
		int status = open_failed(f, err, errlen);
		if (status != EXIT_OK || f->create)
			return status;
	}
	flags = fcntl(f->fd, F_GETFL);
	if (flags < 0 || fcntl(f->fd, F_SETFL, flags & ~O_NONBLOCK) != 0)
		return file_err(EXIT_REPORT, f, err, errlen, "%s", strerror(errno));
	return EXIT_OK;
}

/* "-", /dev/stdout, /dev/stderr, /dev/fd/N: the descriptor as it is. */
static int check_descriptor(struct report_file *f, int n, char *err, size_t errlen)
{
	int flags = fcntl(n, F_GETFL);

	if (flags < 0 || (flags & O_ACCMODE) == O_RDONLY)
		return file_err(EXIT_USAGE, f, err, errlen, "descriptor %d is not open for writing", n);
	f->on_stdout = n == STDOUT_FILENO;
	f->fd = fcntl(n, F_DUPFD_CLOEXEC, 3); /* for fstat, and a stream of its own */
	if (f->fd < 0)
		return file_err(EXIT_REPORT, f, err, errlen, "%s", strerror(errno));
	return EXIT_OK;
}

static int check_one(struct report_file *f, char *err, size_t errlen)
{
	int n = report_path_fd(f->path), status;
	struct stat st;

	status = n >= 0 ? check_descriptor(f, n, err, errlen) : check_name(f, err, errlen);
	if (status != EXIT_OK)
		return status;
	if (fstat(f->create ? f->dirfd : f->fd, &st) != 0)
		return file_err(EXIT_REPORT, f, err, errlen, "%s", strerror(errno));
	f->mode = st.st_mode;
	f->dev = st.st_dev;
	f->ino = st.st_ino;
	if (n < 0 && !f->create && refusal(st.st_mode) != NULL)
		return file_err(EXIT_USAGE, f, err, errlen, "%s", refusal(st.st_mode));
	return EXIT_OK;
}

/* Two reports into one file would give a file that is neither. Terminals
 * and /dev/null may take both; one descriptor may not. */
static bool same_file(const struct report_file *a, const struct report_file *b)
{
	int na = report_path_fd(a->path), nb = report_path_fd(b->path);

	if (na >= 0 && na == nb)
		return true;
	if (a->create != b->create || a->dev != b->dev || a->ino != b->ino)
		return false;
	if (a->create)
		return strcmp(a->base, b->base) == 0;
	return !S_ISCHR(a->mode);
}

/* True when f writes where descriptor fd does: named by it, or the same
 * file (character devices such as terminals and /dev/null excepted). */
static bool writes_to(const struct report_file *f, int fd)
{
	struct stat st;

	if (!f->checked)
		return false;
	if (report_path_fd(f->path) == fd)
		return true;
	if (f->create || S_ISCHR(f->mode) || fstat(fd, &st) != 0)
		return false;
	return st.st_dev == f->dev && st.st_ino == f->ino;
}

int report_files_apart(struct report_file *f, size_t n, const char *on_stdout, char *err, size_t errlen)
{
	for (size_t i = 0; i < n; i++) {
		if (writes_to(&f[i], STDERR_FILENO))
			return file_err(EXIT_USAGE, &f[i], err, errlen, "the same file as standard error, where bonnie's messages go");
		if (on_stdout != NULL && writes_to(&f[i], STDOUT_FILENO))
			return file_err(EXIT_USAGE, &f[i], err, errlen, "the same file as standard output, where %s goes", on_stdout);
	}
	return EXIT_OK;
}

int report_files_check(struct report_file *f, size_t n, char *err, size_t errlen)
{
	int status = EXIT_OK;

	for (size_t i = 0; i < n; i++) {
		f[i].checked = f[i].path != NULL;
		f[i].out = NULL;
		f[i].fd = f[i].dirfd = -1;
		f[i].dir = NULL;
		f[i].create = f[i].created = f[i].on_stdout = false;
	}
	for (size_t i = 0; i < n && status == EXIT_OK; i++) {
		if (!f[i].checked)
			continue;
		status = check_one(&f[i], err, errlen);
		for (size_t j = 0; j < i && status == EXIT_OK; j++)
			if (f[j].checked && same_file(&f[j], &f[i]))
				status = file_err(EXIT_USAGE, &f[i], err, errlen, "the same file as %s %s", f[j].opt,
				                  f[j].path);
	}
	if (status != EXIT_OK)
		report_files_release(f, n);
	return status;
}

bool report_file_is(const struct report_file *f, const struct stat *st)
{
	return f->checked && !f->create && !S_ISCHR(f->mode) && f->dev == st->st_dev && f->ino == st->st_ino;
}

/* Creates, truncates and gives f its stream. */
static int commit_one(struct report_file *f, char *err, size_t errlen)
{
	if (f->on_stdout) {
		f->out = stdout;
		return EXIT_OK;
	}
	if (f->create) {
		f->fd = openat(f->dirfd, f->base, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
		if (f->fd < 0)
			return file_err(EXIT_REPORT, f, err, errlen, "%s", strerror(errno));
		f->created = true;
	} else if (S_ISREG(f->mode) && ftruncate(f->fd, 0) != 0) {
		return file_err(EXIT_REPORT, f, err, errlen, "%s", strerror(errno));
	}
	f->out = fdopen(f->fd, "w");
	if (f->out == NULL)
		return file_err(EXIT_REPORT, f, err, errlen, "%s", strerror(errno));
	f->fd = -1; /* the stream's now */
	signals_guard_stream(fileno(f->out));
	return EXIT_OK;
}

int report_files_commit(struct report_file *f, size_t n, char *err, size_t errlen)
{
	int status = EXIT_OK;

	/* the files to create first: a name taken meanwhile fails before any file is emptied */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < n && status == EXIT_OK; i++)
			if (f[i].checked && f[i].create == (pass == 0))
				status = commit_one(&f[i], err, errlen);
	if (status == EXIT_OK) {
		for (size_t i = 0; i < n; i++)
			/* only a failed commit needed it, or a failed write of a file commit created */
			if (f[i].checked && f[i].dirfd >= 0 && !f[i].created) {
				close(f[i].dirfd);
				f[i].dirfd = -1;
			}
		return EXIT_OK;
	}
	for (size_t i = 0; i < n; i++)
		if (f[i].checked && f[i].created)
			unlinkat(f[i].dirfd, f[i].base, 0);
	report_files_release(f, n);
	return status;
}

static void release(struct report_file *f)
{
	if (!f->checked)
		return;
	if (f->out != NULL && f->out != stdout) {
		signals_unguard_stream(fileno(f->out));
		fclose(f->out);
	}
	if (f->fd >= 0)
		close(f->fd);
	if (f->dirfd >= 0)
		close(f->dirfd);
	free(f->dir);
	f->out = NULL;
	f->fd = f->dirfd = -1;
	f->dir = NULL;
	f->checked = false;
}

/* A report that could not be written in full is not left looking whole:
 * one that commit created is removed (while its name is still this file),
 * one it truncated is emptied. */
static void discard(struct report_file *f)
{
	struct stat mine, named;
	int fd = fileno(f->out);

	if (fstat(fd, &mine) != 0 || !S_ISREG(mine.st_mode))
		return;
	if (f->created && f->dirfd >= 0 && fstatat(f->dirfd, f->base, &named, AT_SYMLINK_NOFOLLOW) == 0 &&
	    named.st_dev == mine.st_dev && named.st_ino == mine.st_ino)
		unlinkat(f->dirfd, f->base, 0);
	else if (ftruncate(fd, 0) != 0)
		return; /* left as it is: the write error is still what is said */
}

int report_file_close(struct report_file *f, bool failed)
{
	bool bad = failed;
	int saved = errno;

	if (f->out != NULL && f->out != stdout) {
		if (fflush(f->out) != 0 || ferror(f->out))
			bad = true;
		saved = errno;
		if (signals_stream_cut(fileno(f->out))) { /* what followed went to /dev/null */
			bad = true;
			saved = EINTR;
		}
		signals_unguard_stream(fileno(f->out));
		if (bad)
			discard(f);
		if (fclose(f->out) != 0 && !bad) {
			bad = true;
			saved = errno;
		}
	}
	f->out = NULL;
	release(f);
	errno = saved;
	return bad ? -1 : 0;
}

void report_write_why(int err, char *why, size_t len)
{
	if (err == EINTR)
		snprintf(why, len, "%s", REPORT_CUT_WHY);
	else if (!file_size_limit_why(err, why, len))
		snprintf(why, len, "%s", strerror(err));
}

void report_files_release(struct report_file *f, size_t n)
{
	for (size_t i = 0; i < n; i++)
		release(&f[i]);
}
