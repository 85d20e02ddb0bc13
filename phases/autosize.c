/* Sizing once per invocation; see autosize.h. */
#include "autosize.h"
#include "client_share.h"
#include "phase.h"

#include <errno.h>
#include <string.h>

static bool perchar_wanted(const struct config *cfg)
{
	return !cfg->perchar_given && cfg->perchar_size > 0 && cfg->file_size > 0 &&
	       (phase_wanted(cfg, &phase_perchar_write) || phase_wanted(cfg, &phase_perchar_read));
}

/* One process sizes its files in its first create, whose stop rule also
 * holds it to at least FILES_AUTO_MIN_CREATE_NS (files.h), and keeps the
 * count for every -x run; clients cannot each do that (each would decide
 * its own count at every sweep level), so for them it is decided here. */
static bool files_wanted(const struct config *cfg)
{
	return !cfg->files_given && cfg->files_k > 0 && config_most_clients(cfg) > 1 &&
	       (phase_wanted(cfg, &phase_seq_create) || phase_wanted(cfg, &phase_ran_create));
}

/* The instance's part and file plan were made for the sizes before the
 * plan's last step (cmd/plan.h); they are made again for the decided ones. */
int autosize_apply(struct bench *b, const struct autosize *as, struct op_error *e)
{
	b->ctx.part = part_whole(b->cfg);
	if (!as->files_ran || !b->have_files)
		return 0;
	files_plan_free(&b->files);
	b->have_files = false;
	b->ctx.files = NULL;
	if (files_plan_init(&b->files, b->cfg, &b->ctx.part, b->scratch.path, b->ctx.mem_align) != 0) {
		op_error_set(e, errno, "allocate", "the file-test plan", -1);
		return -1;
	}
	b->have_files = true;
	b->ctx.files = &b->files;
	return 0;
}

int autosize_run(const struct bench *b, bool data_by_time, struct autosize *as, struct op_error *e)
{
	const struct config *cfg = b->cfg;

	memset(as, 0, sizeof *as);
	if (data_by_time && cfg->decided.file_size_auto && cfg->file_size > 0) {
		if (data_auto_calibrate(b->scratch.dirfd, cfg->chunk, &as->data) != 0) {
			op_error_set(e, errno, "calibrate block writes in", b->scratch.path, -1);
			return -1;
		}
		as->data_ran = true;
	}
	if (perchar_wanted(cfg)) {
		if (perchar_auto_calibrate(b->scratch.dirfd, &as->perchar) != 0) {
			op_error_set(e, errno, "calibrate per-char I/O in", b->scratch.path, -1);
			return -1;
		}
		as->perchar_ran = true;
	}
	if (files_wanted(cfg)) {
		if (files_auto_calibrate(b->scratch.dirfd, b->scratch.path, &as->files) != 0) {
			op_error_set(e, errno, "calibrate file creation in", b->scratch.path, -1);
			return -1;
		}
		as->files_ran = true;
	}
	return 0;
}
