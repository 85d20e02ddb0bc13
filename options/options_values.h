/* Inside options/options.c: the parser's state, the limits of each value and
 * the value parsers (options_values.c) that the option table
 * (options.c) applies. Not for use outside options/options*.c. */
#ifndef BONNIE_OPTIONS_VALUES_H
#define BONNIE_OPTIONS_VALUES_H

#include "config.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MAX_FIELDS 5
#define MAX_FILE_SIZE (1ull << 50)     /* 1 PiB: far beyond any disk, well inside 64 bits */
#define MAX_FILES_K 65536u             /* 64 Mi files */
#define MAX_SEEKS 1000000000u
#define MAX_SEEK_PROCS 256u
#define MAX_RUNS 100000u
/* --html keeps each run's results (361 KiB with the histograms) */
#define MAX_HTML_RUNS 1000u
#define MAX_CONCURRENCY 4096u
#define MAX_DIRS 99999u              /* five-digit directory names, as bonnie++ */
#define MIN_CHUNK 256u
#define MAX_CHUNK (1u << 20)

struct parser {
	struct config *cfg;
	char *err;
	size_t errlen;
	int bare_f_end; /* optind just after a bare -f, 0 if none */
};

#if defined(__GNUC__)
#define OPTIONS_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define OPTIONS_PRINTF(a, b)
#endif

/* The message for p->err, sanitized; returns -1. */
int options_fail(struct parser *p, const char *fmt, ...) OPTIONS_PRINTF(2, 3);

/* The values of -s, -n, -f, -r, -m, -x, -z, -c, -u, -g, --clients and
 * --knee-factor into p->cfg. Each returns 0, or -1 after options_fail. */
int options_parse_size(struct parser *p, const char *opt, const char *what, const char *s,
                       unsigned shift, uint64_t max, uint64_t *out);
int options_parse_count(struct parser *p, const char *opt, const char *what, const char *s,
                        uint64_t min, uint64_t max, uint32_t *out);
int options_copy_name(struct parser *p, const char *opt, const char *what, const char *s,
                      size_t len, char *dst, size_t cap);
int options_set_seq_sizes(struct parser *p, const char *arg);
int options_set_file_tests(struct parser *p, const char *arg);
int options_set_perchar(struct parser *p, const char *arg);
int options_set_machine(struct parser *p, const char *arg);
int options_set_user(struct parser *p, const char *arg);
int options_set_sweep(struct parser *p, const char *arg);
int options_set_knee(struct parser *p, const char *arg);
/* --lag-floor TIME: a decimal number with us, ms or s (0 alone: no floor). */
int options_set_lag_floor(struct parser *p, const char *arg);
int options_set_level_time(struct parser *p, const char *arg);
int options_set_start_at(struct parser *p, const char *arg);

/* --qd-time S (seconds, 0 to 3600) and --qd-engine auto|io_uring|threads. */
int options_set_qd_time(struct parser *p, const char *arg);
int options_set_qd_engine(struct parser *p, const char *arg);

#endif
