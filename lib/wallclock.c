/* The wall clock, --start-at's time and the clock's state; see wallclock.h. */
#define _DEFAULT_SOURCE /* timegm, adjtimex */
#include "wallclock.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#if defined(__linux__)
#include <sys/timex.h>
#endif

uint64_t wallclock_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* "1796220000" or "1796220000.25": digits, at most 9 after the point. */
static int parse_seconds(const char *s, uint64_t *ns)
{
	uint64_t sec = 0, frac = 0, scale = 1000000000u;
	size_t i = 0;

	for (; isdigit((unsigned char)s[i]); i++) {
		if (i >= 11)
			return -1; /* past the year 5000: a typo */
		sec = sec * 10 + (uint64_t)(s[i] - '0');
	}
	if (i == 0)
		return -1;
	if (s[i] == '.') {
		size_t d = ++i;
		for (; isdigit((unsigned char)s[i]) && i - d < 9; i++) {
			frac = frac * 10 + (uint64_t)(s[i] - '0');
			scale /= 10;
		}
		if (i == d)
			return -1;
	}
	if (s[i] != '\0')
		return -1;
	*ns = sec * 1000000000u + frac * scale;
	return 0;
}

/* "2026-12-02T14:00:00Z": UTC only, so every host reads the same instant. */
static int parse_iso(const char *s, uint64_t *ns)
{
	struct tm tm;
	int y, mo, d, h, mi, sec, used = 0;
	time_t t;

	memset(&tm, 0, sizeof tm);
	if (strlen(s) != 20 || sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2dZ%n", &y, &mo, &d, &h, &mi, &sec, &used) != 6 ||
	    used != 20)
		return -1;
	if (y < 1970 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 59)
		return -1;
	tm.tm_year = y - 1900;
	tm.tm_mon = mo - 1;
	tm.tm_mday = d;
	tm.tm_hour = h;
	tm.tm_min = mi;
	tm.tm_sec = sec;
	t = timegm(&tm);
	if (t < 0 || tm.tm_mday != d) /* 31 November rolls over: refused */
		return -1;
	*ns = (uint64_t)t * 1000000000u;
	return 0;
}

int wallclock_parse(const char *when, uint64_t *ns)
{
	if (when == NULL || *when == '\0')
		return -1;
	return strchr(when, 'T') ? parse_iso(when, ns) : parse_seconds(when, ns);
}

void wallclock_state(struct wallclock_state *st)
{
	st->sync = WALLCLOCK_UNKNOWN;
	st->max_error_us = st->est_error_us = -1;
#if defined(__linux__)
	struct timex tx;
	int rc;

	memset(&tx, 0, sizeof tx); /* modes 0: read only */
	rc = adjtimex(&tx);
	if (rc < 0)
		return;
	st->sync = (rc == TIME_ERROR || (tx.status & STA_UNSYNC)) ? WALLCLOCK_UNSYNCED : WALLCLOCK_SYNCED;
	st->max_error_us = tx.maxerror;
	st->est_error_us = tx.esterror;
#endif
}

const char *wallclock_sync_name(enum wallclock_sync s)
{
	return s == WALLCLOCK_SYNCED ? "synchronised" : s == WALLCLOCK_UNSYNCED ? "unsynchronised" : "unknown";
}

void wallclock_utc_text(char *buf, size_t len)
{
	time_t now = time(NULL);
	struct tm tm;

	if (gmtime_r(&now, &tm) == NULL || strftime(buf, len, "%Y-%m-%d %H:%M UTC", &tm) == 0)
		snprintf(buf, len, "unknown date");
}
