/* The first error of a phase: which operation, on which path, at which
 * offset, and why. Filled by phases, printed by main, stored in results. */
#ifndef BONNIE_OPERR_H
#define BONNIE_OPERR_H

#include <stddef.h>
#include <stdint.h>

/* Sized for what bonnie puts there, so that no message is cut: the
 * longest operation ("calibrate file creation in"), a path under the
 * scratch directory (itself at most 4095 bytes) and the longest reason
 * (the limit lines of lib/limit_reason.h). */
#define OP_NAME_MAX 48
#define OP_PATH_MAX (4096 + 128)
#define OP_DETAIL_MAX 320

struct op_error {
	int err;           /* errno value; 0 means no error recorded */
	int64_t offset;    /* file offset, or -1 when not meaningful */
	char op[OP_NAME_MAX]; /* "write", "open", "verify", ... */
	char path[OP_PATH_MAX];
	char detail[OP_DETAIL_MAX]; /* replaces strerror(err) when non-empty */
};

/* Room for op_error_format's text, whole: every byte of the fields may be
 * escaped (\xHH, four bytes for one), plus the offset and strerror. */
#define OP_ERROR_TEXT_MAX (4 * (OP_NAME_MAX + OP_PATH_MAX + OP_DETAIL_MAX + 256))

/* Records an error unless one is already recorded (the first one wins). */
void op_error_set(struct op_error *e, int err, const char *op, const char *path, int64_t offset);

/* Same with a free-text reason instead of an errno string. */
void op_error_set_detail(struct op_error *e, const char *op, const char *path, int64_t offset,
                         const char *detail);

/* "write /d/bonnie.x/data (offset 8192): No space left on device". */
void op_error_format(const struct op_error *e, char *buf, size_t len);

#endif
