/* Dropping root privileges for -u, as bonnie++ does (but never required). */
/* setgroups() is not POSIX: ask every libc for its full interface here. */
#undef _POSIX_C_SOURCE
#undef _XOPEN_SOURCE
#define _DEFAULT_SOURCE
#define _DARWIN_C_SOURCE
#include "privs.h"
#include "str.h"
#include "units.h"

#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int is_number(const char *s, uint64_t *v)
{
	return units_parse_uint(s, v) == UNITS_OK;
}

static int resolve_user(const char *user, uid_t *uid, gid_t *gid, int *has_gid, char *err, size_t len)
{
	struct passwd *pw;
	uint64_t n;

	errno = 0;
	pw = is_number(user, &n) ? getpwuid((uid_t)n) : getpwnam(user);
	if (pw != NULL) {
		*uid = pw->pw_uid;
		*gid = pw->pw_gid;
		*has_gid = 1;
		return 0;
	}
	if (is_number(user, &n) && n < (uint64_t)(uid_t)-1) {
		*uid = (uid_t)n;
		*has_gid = 0;
		return 0;
	}
	snprintf(err, len, "-u: no such user '%s'", user);
	return -1;
}

static int resolve_group(const char *group, gid_t *gid, char *err, size_t len)
{
	struct group *gr;
	uint64_t n;

	if (is_number(group, &n) && n < (uint64_t)(gid_t)-1) {
		*gid = (gid_t)n;
		return 0;
	}
	gr = getgrnam(group);
	if (gr == NULL) {
		snprintf(err, len, "-u/-g: no such group '%s'", group);
		return -1;
	}
	*gid = gr->gr_gid;
	return 0;
}

/* -g alone: change the group, keep the user. */
static int drop_group_only(const char *group, char *err, size_t len)
{
	gid_t gid;

	if (resolve_group(group, &gid, err, len) != 0)
		return -1;
	if (geteuid() != 0) {
		if (gid == getegid())
			return 0;
		snprintf(err, len, "-g: only root can switch to group %s", group);
		return -1;
	}
	if (setgroups(1, &gid) != 0 || setgid(gid) != 0) {
		snprintf(err, len, "-g: cannot switch to group %s: %s", group, strerror(errno));
		return -1;
	}
	return 0;
}

/* A non-root caller can only "switch" to itself: name what differs. */
static int check_unprivileged(const char *user, const char *group, uid_t uid, gid_t gid, char *err,
                              size_t len)
{
	if (uid != geteuid())
		snprintf(err, len, "-u: only root can switch to user %s", user);
	else if (gid != getegid() && group && group[0])
		snprintf(err, len, "-u: only root can switch to group %s", group);
	else if (gid != getegid())
		snprintf(err, len, "-u: only root can switch to the group of user %s", user);
	else
		return 0;
	return -1;
}

static int drop(const char *user, const char *group, char *err, size_t len)
{
	uid_t uid;
	gid_t gid = getegid();
	int has_gid = 0;

	if (user == NULL || user[0] == '\0')
		return group && group[0] ? drop_group_only(group, err, len) : 0;
	if (resolve_user(user, &uid, &gid, &has_gid, err, len) != 0)
		return -1;
	if (group && group[0] && resolve_group(group, &gid, err, len) != 0)
		return -1;
	if (!has_gid && !(group && group[0])) {
		snprintf(err, len, "-u: user %s has no passwd entry; give a group as -u %s:group", user, user);
		return -1;
	}
	if (geteuid() != 0)
		return check_unprivileged(user, group, uid, gid, err, len);
	if (setgroups(1, &gid) != 0 || setgid(gid) != 0 || setuid(uid) != 0) {
		snprintf(err, len, "-u: cannot switch to %s: %s", user, strerror(errno));
		return -1;
	}
	if (uid != 0 && setuid(0) == 0) {
		snprintf(err, len, "-u: privileges could not be dropped for good");
		return -1;
	}
	return 0;
}

int privs_drop(const char *user, const char *group, char *err, size_t len)
{
	char raw[512];
	int rc = drop(user, group, raw, sizeof raw);

	/* the messages quote the names as typed */
	if (rc != 0 && len > 0)
		str_sanitize(err, len, raw);
	return rc;
}
