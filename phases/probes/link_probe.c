/* The link probe; see link_probe.h. */
#include "link_probe.h"
#include "../../lib/fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

int link_probe(int scratch_fd, bool symbolic, const char **what)
{
	int fd = openat(scratch_fd, LINK_PROBE_FILE, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	int rc, err = 0;

	*what = "create";
	if (fd < 0)
		return errno;
	close(fd);
	*what = "make";
	rc = symbolic ? symlinkat(LINK_PROBE_FILE, scratch_fd, LINK_PROBE_LINK)
	              : linkat(scratch_fd, LINK_PROBE_FILE, scratch_fd, LINK_PROBE_LINK, 0);
	if (rc != 0)
		err = errno;
	else
		io_unlinkat_settled(scratch_fd, LINK_PROBE_LINK, 0);
	io_unlinkat_settled(scratch_fd, LINK_PROBE_FILE, 0);
	return err;
}
