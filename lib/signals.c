/* Signal handlers that only record a stop request; see signals.h. */
#include "signals.h"

#include <signal.h>
#include <string.h>

static volatile sig_atomic_t level;
static volatile sig_atomic_t first;

static void on_signal(int sig)
{
	if (first == 0)
		first = sig;
	if (sig == SIGHUP || level >= STOP_GRACEFUL)
		level = STOP_NOW;
	else
		level = STOP_GRACEFUL;
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
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);
	sigaction(SIGXFSZ, &sa, NULL);
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
}
