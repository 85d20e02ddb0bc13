/* bonnie's version, its defaults and its limits: plain constants, apart
 * from the options (config.h) so that the writers, which read no config,
 * state them without including it (tests/structure.sh). */
#ifndef BONNIE_CONSTANTS_H
#define BONNIE_CONSTANTS_H

#define BONNIE_VERSION "0.1.0"

#define DEFAULT_CHUNK 8192u
#define DEFAULT_SEEKS 8192u
#define DEFAULT_SEEK_PROCS 5u
#define DEFAULT_PERCHAR_BYTES (3ull << 20) /* until sized by time (no -f: autosize.h) */
#define DEFAULT_FILES_K 16u
#define MAX_MACHINE_NAME 128u
#define MAX_SWEEP_LEVELS 32u        /* --clients list entries */
#define MAX_SWEEP_RUNS 16u          /* -x with --clients: the runs a sweep keeps per count */
/* The knee rule's defaults, plain literals so that --help states them
 * from the same constants (STR_OF, lib/str.h). */
#define DEFAULT_KNEE_FACTOR 2       /* --knee-factor */
#define DEFAULT_LAG_FLOOR_MS 10     /* --lag-floor, see bonnie(1) */
#define DEFAULT_LAG_FLOOR_NS (DEFAULT_LAG_FLOOR_MS * 1000000u)
#define DEFAULT_QD_SIZE (1ull << 30)      /* the queue-depth profile's file without -s: KDiskMark's 1 GiB */
#define DEFAULT_QD_NS (5ull * 1000000000) /* each profile phase's cut without --qd-time: KDiskMark's 5 s */

/* -n max values with a special meaning */
#define FILES_HARD_LINKS (-1)
#define FILES_SYMLINKS (-2)

#endif
