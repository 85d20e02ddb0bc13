/* The null phase; see null.h. */
#include "null.h"

#include <errno.h>

static bool null_enabled(const struct config *cfg)
{
	(void)cfg;
	return true;
}

static bool null_disabled(const struct config *cfg)
{
	(void)cfg;
	return false;
}

static int null_succeed(struct phase_ctx *ctx, struct phase_result *res)
{
	(void)ctx;
	res->units = 1;
	hist_add(&res->latency, 0);
	return 0;
}

static int null_fail(struct phase_ctx *ctx, struct phase_result *res)
{
	(void)ctx;
	op_error_set(&res->error, EIO, "null", "", -1);
	res->status = PHASE_FAILED;
	return -1;
}

static int null_interrupt(struct phase_ctx *ctx, struct phase_result *res)
{
	(void)ctx;
	res->status = PHASE_INTERRUPTED;
	return 0;
}

struct phase null_phase(enum phase_id id, enum null_behaviour b)
{
	struct phase p = {.id = id, .flags = 0, .enabled = null_enabled, .prepare = NULL, .run = null_succeed};

	switch (b) {
	case NULL_SUCCEED: break;
	case NULL_FAIL: p.run = null_fail; break;
	case NULL_INTERRUPT: p.run = null_interrupt; break;
	case NULL_DISABLED: p.enabled = null_disabled; break;
	}
	return p;
}
