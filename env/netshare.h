/* Whether the tested directory is on a network share, told by the file
 * system type (a FUSE file system passing through to a local disk, such as
 * bindfs, is not one), and which server and export: from the mount source
 * ("user@host:/path", "host:/path", "//host/share"), or for smbnetfs, whose
 * source is just "smbnetfs", from the first two path parts under its mount
 * point (MOUNT/host/share). */
#ifndef BONNIE_NETSHARE_H
#define BONNIE_NETSHARE_H

#include <stdbool.h>

struct env_share {
	bool is_share;
	char client[32];     /* "sshfs", "smbnetfs", "cifs", "nfs" ... */
	char server[256];    /* "root@127.0.0.1", "127.0.0.1"; "" when not known */
	char export_[512];   /* "/srv/export", "share"; "" when not known */
};

/* The client named by a network file system type, or NULL: fuse.sshfs ->
 * "sshfs", nfs4 -> "nfs4", a local FUSE file system -> NULL. */
const char *share_client_of(const char *fs_type);

/* Fills out for a directory real_dir (resolved) on a mount of fs_type
 * from source at mount_point. Pure; never fails. */
void share_detect(const char *fs_type, const char *source, const char *mount_point, const char *real_dir,
                  struct env_share *out);

#endif
