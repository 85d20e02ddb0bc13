/* Telling a network share from a local file system; see netshare.h. */
#include "netshare.h"
#include "../lib/str.h"

#include <string.h>

/* Kernel and FUSE clients of network file systems. */
static const char *const network_types[] = {
	"nfs", "nfs4", "cifs", "smb3", "smbfs", "ncpfs", "afs", "ceph", "glusterfs", "lustre", "gfs2", "ocfs2",
	"9p", "davfs", "fuse.sshfs", "fuse.smbnetfs", "fuse.glusterfs", "fuse.ceph-fuse", "fuse.s3fs",
	"fuse.rclone", "fuse.curlftpfs", "fuse.davfs2", "fuse.gcsfuse", "fuse.juicefs", "fuse.goofys",
};

const char *share_client_of(const char *fs_type)
{
	for (size_t i = 0; i < sizeof network_types / sizeof network_types[0]; i++)
		if (strcmp(fs_type, network_types[i]) == 0)
			return strncmp(fs_type, "fuse.", 5) == 0 ? fs_type + 5 : fs_type;
	return NULL;
}

/* "//host/share/dir" (cifs): host, then the rest. */
static void from_unc(const char *src, struct env_share *out)
{
	const char *host = src + 2, *slash = strchr(host, '/');
	size_t n = slash ? (size_t)(slash - host) : strlen(host);

	if (n >= sizeof out->server)
		n = sizeof out->server - 1;
	memcpy(out->server, host, n);
	out->server[n] = '\0';
	str_copy(out->export_, sizeof out->export_, slash ? slash + 1 : "");
}

/* "user@host:/path" or "host:/path" (sshfs, nfs); "[::1]:/path" keeps its brackets. */
static void from_host_path(const char *src, struct env_share *out)
{
	const char *colon = src[0] == '[' ? strstr(src, "]:") : strchr(src, ':');
	size_t n;

	if (colon == NULL)
		return;
	if (src[0] == '[')
		colon++;
	n = (size_t)(colon - src);
	if (n >= sizeof out->server)
		n = sizeof out->server - 1;
	memcpy(out->server, src, n);
	out->server[n] = '\0';
	str_copy(out->export_, sizeof out->export_, colon + 1);
}

/* smbnetfs: MOUNT/host/share/...: the first two parts of real_dir under mount_point. */
static void from_path_parts(const char *mount_point, const char *real_dir, struct env_share *out)
{
	size_t m = strlen(mount_point);
	const char *rest, *slash;
	size_t n;

	if (strncmp(real_dir, mount_point, m) != 0 || (real_dir[m] != '/' && strcmp(mount_point, "/") != 0))
		return;
	rest = real_dir + m + strspn(real_dir + m, "/");
	slash = strchr(rest, '/');
	n = slash ? (size_t)(slash - rest) : strlen(rest);
	if (n == 0 || n >= sizeof out->server)
		return;
	memcpy(out->server, rest, n);
	out->server[n] = '\0';
	if (slash == NULL)
		return;
	rest = slash + 1;
	n = strcspn(rest, "/");
	if (n >= sizeof out->export_)
		n = sizeof out->export_ - 1;
	memcpy(out->export_, rest, n);
	out->export_[n] = '\0';
}

void share_detect(const char *fs_type, const char *source, const char *mount_point, const char *real_dir,
                  struct env_share *out)
{
	const char *client = share_client_of(fs_type);

	memset(out, 0, sizeof *out);
	if (client == NULL)
		return;
	out->is_share = true;
	str_copy(out->client, sizeof out->client, client);
	if (strcmp(fs_type, "fuse.smbnetfs") == 0)
		from_path_parts(mount_point, real_dir, out);
	else if (strncmp(source, "//", 2) == 0)
		from_unc(source, out);
	else
		from_host_path(source, out);
}
