/* See util_fs.h. */
#include "util_fs.h"
#include "suites.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int dir_entries(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)) != NULL)
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

static int remove_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	return remove(path);
}

void tree_remove(const char *path)
{
	if (path[0] != '\0')
		(void)nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

int path_exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

void make_empty_file(const char *dir, const char *name)
{
	char p[4096];
	int fd;

	ck_assert(snprintf(p, sizeof p, "%s/%s", dir, name) < (int)sizeof p);
	fd = open(p, O_WRONLY | O_CREAT | O_EXCL, 0600);
	ck_assert_msg(fd >= 0, "create %s: %s", p, strerror(errno));
	ck_assert_int_eq(close(fd), 0);
}

void put_file_under(const char *root, const char *rel, const char *text)
{
	char path[1024], dir[1024], *slash;
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", root, rel);
	snprintf(dir, sizeof dir, "%s", path);
	for (slash = strchr(dir + strlen(root) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(dir, 0755);
		*slash = '/';
	}
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}
