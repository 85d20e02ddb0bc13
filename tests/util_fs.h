/* File-system helpers the unit suites share. */
#ifndef BONNIE_TEST_UTIL_FS_H
#define BONNIE_TEST_UTIL_FS_H

/* Entries in directory path other than "." and ".." (the test fails when
 * it cannot be opened). */
int dir_entries(const char *path);

/* Removes path and everything under it, depth first, never following a
 * link; nothing when path is "". */
void tree_remove(const char *path);

#endif
