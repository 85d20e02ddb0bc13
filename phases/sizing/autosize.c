/* Sizing once per invocation; see autosize.h. */
#include "autosize.h"
#include "../interface/phase.h"

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

int autosize_run(const struct scratch *sc, const struct config *cfg, bool data_by_time, struct autosize *as,
                 struct op_error *e)
{
	memset(as, 0, sizeof *as);
	if (data_by_time && cfg->decided.file_size_auto && cfg->file_size > 0) {
		if (data_auto_calibrate(sc->dirfd, cfg->chunk, &as->data) != 0) {
			op_error_set(e, errno, "calibrate block writes in", sc->path, -1);
			return -1;
		}
		as->data_ran = true;
	}
	if (perchar_wanted(cfg)) {
		if (perchar_auto_calibrate(sc->dirfd, &as->perchar) != 0) {
			op_error_set(e, errno, "calibrate per-char I/O in", sc->path, -1);
			return -1;
		}
		as->perchar_ran = true;
	}
	if (files_wanted(cfg)) {
		if (files_auto_calibrate(sc->dirfd, sc->path, &as->files) != 0) {
			op_error_set(e, errno, "calibrate file creation in", sc->path, -1);
			return -1;
		}
		as->files_ran = true;
	}
	return 0;
}
