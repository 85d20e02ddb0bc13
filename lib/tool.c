/* Running a system tool for its output; see tool.h. fork and execve, no
 * shell: the arguments are pool and dataset names from the mount table. */
#include "tool.h"
#include "clock.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

bool tool_find(const char *name, char *path, size_t len)
{
	static const char *const dirs[] = {"/sbin", "/usr/sbin", "/usr/local/sbin", "/bin", "/usr/bin"};
	struct stat st;

	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
		if ((size_t)snprintf(path, len, "%s/%s", dirs[i], name) >= len)
			continue;
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0)
			return true;
	}
	path[0] = '\0';
	return false;
}

/* In the child: stdout to the pipe, the rest to /dev/null, then the tool. */
static void child(char *const argv[], int out_fd)
{
	static char *const envp[] = {"PATH=/sbin:/usr/sbin:/bin:/usr/bin", "LC_ALL=C", NULL};
	int null = open("/dev/null", O_RDWR);

	if (null < 0 || dup2(null, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(null, 2) < 0)
		_exit(127);
	execve(argv[0], argv, envp);
	_exit(127);
}

/* Reads the pipe until it closes or the deadline; false on the deadline. */
static bool drain(int fd, char *out, size_t cap, uint64_t deadline_ns)
{
	size_t have = 0;
	char sink[512];

	for (;;) {
		uint64_t now = clock_now_ns();
		struct pollfd p = {.fd = fd, .events = POLLIN};
		ssize_t n;
		if (now >= deadline_ns)
			return false;
		if (poll(&p, 1, (int)((deadline_ns - now) / 1000000u) + 1) < 0 && errno != EINTR)
			return false;
		if (p.revents == 0)
			continue;
		if (have + 1 < cap)
			n = read(fd, out + have, cap - 1 - have);
		else
			n = read(fd, sink, sizeof sink); /* past cap: read on, so the tool is not blocked */
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (have + 1 < cap)
			have += (size_t)n;
	}
	out[have] = '\0';
	return true;
}

int tool_run(char *const argv[], char *out, size_t cap, int timeout_ms, const char **why)
{
	int fds[2], status = 0;
	bool done;
	pid_t pid;

	out[0] = '\0';
	*why = "not started";
	if (pipe(fds) != 0)
		return -1;
	fcntl(fds[0], F_SETFD, FD_CLOEXEC);
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0)
		child(argv, fds[1]);
	close(fds[1]);
	done = drain(fds[0], out, cap, clock_now_ns() + (uint64_t)timeout_ms * 1000000u);
	close(fds[0]);
	if (!done)
		kill(pid, SIGKILL);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!done) {
		*why = "timed out";
		return -1;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) == 127) {
		*why = WIFEXITED(status) ? "could not be run" : "was killed";
		return -1;
	}
	*why = "";
	return WEXITSTATUS(status);
}
