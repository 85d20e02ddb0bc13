/* Reading sysfs attribute files (sysfs.c); shared by block_device.c and
 * device_stack.c. A stat file's counters: env_device_counters(), env.h. */
#ifndef BONNIE_SYSFS_H
#define BONNIE_SYSFS_H

#include <stddef.h>

/* Reads the first line of dir/name into buf, without its newline and
 * trailing blanks (sysfs pads some model strings). 0, or -1 if the file
 * cannot be read or is empty. */
int sysfs_line(const char *dir, const char *name, char *buf, size_t len);

/* The read-ahead window of the block queue in queue_dir
 * (<queue_dir>/read_ahead_kb), KiB; 0 where unknown or not Linux. */
unsigned sysfs_read_ahead_kb(const char *queue_dir);

#endif
