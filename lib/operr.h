/* The first error of a phase: which operation, on which path, at which
 * offset, and why. Filled by phases, printed by main, stored in results. */
#ifndef BONNIE_OPERR_H
#define BONNIE_OPERR_H

#include <stddef.h>
#include <stdint.h>

struct op_error {
	int err;           /* errno value; 0 means no error recorded */
	int64_t offset;    /* file offset, or -1 when not meaningful */
	char op[24];       /* "write", "open", "verify", ... */
	char path[256];
	char detail[160];  /* replaces strerror(err) when non-empty */
};

/* Records an error unless one is already recorded (the first one wins). */
void op_error_set(struct op_error *e, int err, const char *op, const char *path, int64_t offset);

/* Same with a free-text reason instead of an errno string. */
void op_error_set_detail(struct op_error *e, const char *op, const char *path, int64_t offset,
                         const char *detail);

/* "write /d/bonnie.x/data (offset 8192): No space left on device". */
void op_error_format(const struct op_error *e, char *buf, size_t len);

#endif
