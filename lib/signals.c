/* Signal handlers that only record a stop request; see signals.h. */
#include "signals.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define GUARDED_MAX 8

static volatile sig_atomic_t level;
static volatile sig_atomic_t first;
/* the streams of signals_guard_stream: descriptor + 1 (0: a free place), and
 * whether the handler put /dev/null in its place */
static volatile sig_atomic_t guarded[GUARDED_MAX];
static volatile sig_atomic_t cut[GUARDED_MAX];

/* In the handler: a guarded stream that cannot take a byte now is one a
 * write waits on (or would) for a reader that does not read; /dev/null in
 * its place ends that write (restarted by SA_RESTART, it goes nowhere).
 * /dev/null is opened only then: a run at a low ulimit -n keeps every
 * descriptor for its work (at the limit the stream stays as it is). poll,
 * open, dup2 and close are async-signal-safe; errno is the interrupted
 * code's. */
static void cut_stuck_streams(void)
{
	int saved = errno;

	for (int i = 0; i < GUARDED_MAX; i++) {
		struct pollfd p = {guarded[i] - 1, POLLOUT, 0};
		int null_fd;
		if (guarded[i] == 0 || cut[i] || poll(&p, 1, 0) != 0)
			continue;
		null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
		if (null_fd >= 0 && dup2(null_fd, p.fd) >= 0)
			cut[i] = 1;
		if (null_fd >= 0)
			close(null_fd);
	}
	errno = saved;
}

static void on_signal(int sig)
{
	if (first == 0)
		first = sig;
	if (sig == SIGHUP || level >= STOP_GRACEFUL)
		level = STOP_NOW;
	else
		level = STOP_GRACEFUL;
	cut_stuck_streams();
}

void signals_ignore_file_size(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_IGN;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGXFSZ, &sa, NULL);
}

void signals_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	/* Ctrl-\ would otherwise kill the run where it stands, leaving the
	 * scratch directory and an empty report file: it stops as Ctrl-C does */
	sigaction(SIGQUIT, &sa, NULL);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);
	signals_ignore_file_size();
}

void signals_guard_stream(int fd)
{
	struct stat st;

	if (fd < 0 || fstat(fd, &st) != 0 || S_ISREG(st.st_mode) || S_ISBLK(st.st_mode))
		return;
	for (int i = 0; i < GUARDED_MAX; i++)
		if (guarded[i] == fd + 1)
			return;
	for (int i = 0; i < GUARDED_MAX; i++)
		if (guarded[i] == 0) {
			cut[i] = 0;
			guarded[i] = fd + 1;
			return;
		}
}

void signals_unguard_stream(int fd)
{
	for (int i = 0; i < GUARDED_MAX; i++)
		if (guarded[i] == fd + 1)
			guarded[i] = 0;
}

void signals_unguard_all(void)
{
	for (int i = 0; i < GUARDED_MAX; i++)
		guarded[i] = 0;
}

bool signals_stream_cut(int fd)
{
	for (int i = 0; i < GUARDED_MAX; i++)
		if (guarded[i] == fd + 1 && cut[i])
			return true;
	return false;
}

enum stop_level signals_stop_level(void)
{
	return (enum stop_level)level;
}

int signals_first(void)
{
	return first;
}

void signals_reset(void)
{
	level = STOP_NONE;
	first = 0;
	for (int i = 0; i < GUARDED_MAX; i++)
		cut[i] = 0;
}
