/* File-system helpers the unit suites share. */
#ifndef BONNIE_TEST_UTIL_FS_H
#define BONNIE_TEST_UTIL_FS_H

/* Entries in directory path other than "." and ".." (the test fails when
 * it cannot be opened). */
int dir_entries(const char *path);

/* Removes path and everything under it, depth first, never following a
 * link; nothing when path is "". */
void tree_remove(const char *path);

/* Whether path names anything (a link itself counts; never followed). */
int path_exists(const char *path);

/* Creates the empty file dir/name, which must not exist (the test fails
 * otherwise). */
void make_empty_file(const char *dir, const char *name);

/* Writes text to root/rel, making the directories between them (a fake
 * sysfs or /proc tree; the test fails when the file cannot be made). */
void put_file_under(const char *root, const char *rel, const char *text);

#endif
