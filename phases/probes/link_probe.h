/* -n with max -1 (hard links) or -2 (symbolic links) needs a file system
 * that makes them; some FUSE clients of network shares do not (smbnetfs:
 * EPERM for link(2), ENOSYS for symlink(2)). One probe link inside the
 * scratch directory tells before any phase runs. */
#ifndef BONNIE_LINK_PROBE_H
#define BONNIE_LINK_PROBE_H

#include <stdbool.h>
#include <stddef.h>

#define LINK_PROBE_FILE "link-probe"
#define LINK_PROBE_LINK "link-probe.l"

/* Makes LINK_PROBE_FILE and a hard (symbolic false) or symbolic link to it
 * under scratch_fd, then removes both. Returns 0 when the link could be
 * made, else the errno of what failed (and *what names it: "make"
 * for the link, "create" for the probe's file). */
int link_probe(int scratch_fd, bool symbolic, const char **what);

#endif
