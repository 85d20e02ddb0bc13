/* limit_reason: which limit the limit line blames when a thread cannot
 * start. RLIMIT_NPROC is judged by the tasks counted before the threads
 * started plus those started, not by a count made after some of them
 * ended; it is never blamed where the kernel lets the process past it
 * (root). Each case runs in a child of its own, which sets the limit (and
 * drops to nobody), so that the test process keeps its own. */
#include "suites.h"
#include "../lib/limit_reason.h"

#include <errno.h>
#include <pwd.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define NPROC_LINE "the process limit (RLIMIT_NPROC) is 4: raise it with ulimit -u"

/* Runs fn in a child under RLIMIT_NPROC 4, as nobody when as_nobody;
 * fn's true is the child's success. */
static void in_child(bool as_nobody, bool (*fn)(void))
{
	struct rlimit rl = {4, 4};
	int st;
	pid_t pid = fork();

	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct passwd *pw = as_nobody ? getpwnam("nobody") : NULL;
		bool ok = !as_nobody || (pw && setgid(pw->pw_gid) == 0 && setuid(pw->pw_uid) == 0);

		ok = ok && setrlimit(RLIMIT_NPROC, &rl) == 0 && fn();
		_exit(ok ? 0 : 1);
	}
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

/* nobody, this child its one task (or a few more of other tests): the
 * fourth thread failed after three started since a count of one, so the
 * limit of four was reached, though the three may have ended since. */
static bool started_reach_the_limit(void)
{
	char why[320];
	long long before = proc_limit_tasks();

	thread_limit_why_after(EAGAIN, before, (unsigned)(before >= 4 ? 0 : 4 - before), why, sizeof why);
	return before >= 1 && strstr(why, NPROC_LINE) != NULL;
}

/* Root is let past RLIMIT_NPROC: its many tasks do not make it the cause. */
static bool root_is_not_held(void)
{
	char why[320];

	thread_limit_why(EAGAIN, why, sizeof why);
	return proc_limit_tasks() == -1 && strstr(why, "RLIMIT_NPROC") == NULL &&
	       strstr(why, "the system's process or thread limit") != NULL;
}

START_TEST(nproc_judged_by_started_threads)
{
	ck_assert_msg(getuid() == 0, "check_limit_reason needs root (to drop to nobody)");
	in_child(true, started_reach_the_limit);
}
END_TEST

START_TEST(nproc_not_blamed_for_root)
{
	ck_assert_msg(getuid() == 0, "check_limit_reason needs root");
	in_child(false, root_is_not_held);
}
END_TEST

Suite *suite_limit_reason(void)
{
	Suite *s = suite_create("limit_reason");
	TCase *tc = tcase_create("limit_reason");

	tcase_add_test(tc, nproc_judged_by_started_threads);
	tcase_add_test(tc, nproc_not_blamed_for_root);
	suite_add_tcase(s, tc);
	return s;
}
