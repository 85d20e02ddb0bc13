/* -u user[:group]: switch to another user before anything is created. */
#ifndef BONNIE_PRIVS_H
#define BONNIE_PRIVS_H

#include <stddef.h>

/* Resolves user and group (names or numbers; group defaults to the user's
 * primary group) and switches to them for good. With an empty user only
 * the group changes (-g alone). A non-root caller may only "switch" to
 * itself. Returns 0, or -1 with a one-line reason in err. */
int privs_drop(const char *user, const char *group, char *err, size_t errlen);

#endif
