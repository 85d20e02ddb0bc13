/* Recording and printing the first failed operation of a phase. */
#include "operr.h"
#include "limit_reason.h"
#include "str.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static void copy(char *dst, size_t cap, const char *src)
{
	str_copy(dst, cap, src ? src : "");
}

void op_error_set(struct op_error *e, int err, const char *op, const char *path, int64_t offset)
{
	if (e->err != 0)
		return;
	e->err = err ? err : EIO;
	e->offset = offset;
	copy(e->op, sizeof e->op, op);
	copy(e->path, sizeof e->path, path);
	e->detail[0] = '\0';
	file_size_limit_why(e->err, e->detail, sizeof e->detail); /* EFBIG: name the limit */
}

void op_error_set_detail(struct op_error *e, const char *op, const char *path, int64_t offset,
                         const char *detail)
{
	if (e->err != 0)
		return;
	op_error_set(e, EIO, op, path, offset);
	copy(e->detail, sizeof e->detail, detail);
}

void op_error_format(const struct op_error *e, char *buf, size_t len)
{
	const char *why = e->detail[0] ? e->detail : strerror(e->err);
	char where[48] = "";
	char raw[OP_NAME_MAX + OP_PATH_MAX + OP_DETAIL_MAX + 256];

	if (e->offset >= 0)
		snprintf(where, sizeof where, " (offset %lld)", (long long)e->offset);
	/* the path comes from -d: no control character reaches a terminal */
	snprintf(raw, sizeof raw, "%s %s%s: %s", e->op, e->path, where, why);
	if (len > 0)
		str_sanitize(buf, len, raw);
}
