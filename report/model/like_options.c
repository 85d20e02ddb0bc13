/* A run's settings as options (like_options.h): a model, pure. Only what changes what is
 * measured is written; where a phase is not planned, its setting is left
 * out, so the options say what the run did and nothing it did not use. */
#include "like_options.h"
#include "../../options/config.h"
#include "../model/view.h"
#include "../../lib/str.h"

#include "../../lib/qdio.h"
#include "../../lib/units.h"
#include "../../phases/interface/phase_list.h"
#include "../../phases/phase_select.h"
#include "../../phases/qd.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* A size the option parser reads back as these bytes: a bare number is
 * MiB to -s and -f, so a suffix is always written; the data file is a
 * whole number of chunks, and a size under or off 1 KiB (a chunk of 256
 * or 512 sized by time on a share) is written down to whole KiB chunks. */
static void size_text(uint64_t bytes, uint32_t chunk, char *out, size_t cap)
{
	uint64_t unit = chunk > 1024 ? chunk : 1024;

	units_format_size_lower(bytes - bytes % unit, out, cap);
}

/* Nanoseconds as the plain decimal seconds --qd-time and --level-time take. */
static void seconds_text(uint64_t ns, char *out, size_t cap)
{
	size_t n = (size_t)snprintf(out, cap, "%llu.%09llu", (unsigned long long)(ns / 1000000000u),
	                            (unsigned long long)(ns % 1000000000u));

	while (n > 0 && n < cap && out[n - 1] == '0')
		out[--n] = '\0';
	if (n > 0 && n < cap && out[n - 1] == '.')
		out[--n] = '\0';
}

static void data_options(const struct config *cfg, char *buf, size_t cap)
{
	char size[32], chunk[16];
	uint64_t qd = qd_planned_size(cfg);

	if (cfg->file_size > 0 && phase_select_asks_bonnie(cfg, true)) {
		size_text(cfg->file_size, cfg->chunk, size, sizeof size);
		units_format_size_lower(cfg->chunk, chunk, sizeof chunk);
		if (cfg->seeks_given)
			str_append_word(buf, cap, "-s %s:%s:%u:%u", size, chunk, cfg->seeks, cfg->seek_procs);
		else /* the seeks by time, as this run's were */
			str_append_word(buf, cap, "-s %s:%s::%u", size, chunk, cfg->seek_procs);
	} else if (qd > 0) {
		size_text(qd, QD_SEQ_BLOCK, size, sizeof size);
		str_append_word(buf, cap, "-s %s", size);
	} else
		str_append_word(buf, cap, "-s 0");
}

static void file_options(const struct config *cfg, const struct run_view *run, char *buf, size_t cap)
{
	/* in a time-based level of clients the creates end at the deadline:
	 * what they made is a measure, the setting is the plan's count (the
	 * pool's base); a sweep's last level made 22x1024 of -n 1 */
	bool timed = run && run->clients > 1 && config_level_timed(cfg);
	uint32_t k = run && run->counts.files_k && !timed ? run->counts.files_k : cfg->files_k;
	char chunk[16];

	if (!phase_select_asks_bonnie(cfg, false))
		return;
	if (k == 0) {
		str_append_word(buf, cap, "-n 0");
		return;
	}
	units_format_size_lower(cfg->file_chunk, chunk, sizeof chunk);
	str_append_word(buf, cap, "-n %u:%lld:%lld:%u:%s", k, (long long)cfg->file_max, (long long)cfg->file_min,
	    cfg->file_dirs ? cfg->file_dirs : 1u, chunk);
}

static void perchar_options(const struct config *cfg, const struct run_view *run, char *buf, size_t cap)
{
	uint32_t mask = cfg->decided.phase_mask;
	uint64_t bytes = run && run->counts.perchar_bytes ? run->counts.perchar_bytes : cfg->perchar_size;
	char size[32];

	if (mask && !(mask & phase_mask_is(FACT_PERCHAR)))
		bytes = 0; /* not planned (or left out as too slow): no calibration either */
	if (bytes == 0 || cfg->file_size == 0) {
		str_append_word(buf, cap, "-f");
		return;
	}
	size_text(bytes, 1024, size, sizeof size);
	str_append_word(buf, cap, "-f%s", size);
}

static void client_options(const struct config *cfg, char *buf, size_t cap)
{
	char list[MAX_SWEEP_LEVELS * 6] = "", s[32];

	if (cfg->sweep_levels) {
		for (uint32_t i = 0; i < cfg->sweep_levels; i++)
			snprintf(list + strlen(list), sizeof list - strlen(list), "%s%u", i ? "," : "", cfg->sweep[i]);
		str_append_word(buf, cap, "--clients %s", list);
	} else if (cfg->concurrency > 1)
		str_append_word(buf, cap, "-c %u", cfg->concurrency);
	if (cfg->level_given) {
		seconds_text(cfg->level_ns, s, sizeof s);
		str_append_word(buf, cap, "--level-time %s", s);
	}
}

/* --phases as the plan has it (with what the chosen phases need); the
 * whole profile as "qd". */
static void phase_options(const struct config *cfg, char *buf, size_t cap)
{
	uint32_t mask = cfg->decided.phase_mask, qd = qd_mask();
	char list[PHASE_COUNT * 20] = "", s[32];

	if (mask == 0 && cfg->qd)
		str_append_word(buf, cap, "--qd");
	for (int i = 0; mask && i < PHASE_COUNT; i++)
		if ((mask & (1u << i)) && !((mask & qd) == qd && qd_is((enum phase_id)i)))
			snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", list[0] ? "," : "",
			         phase_name((enum phase_id)i));
	if (mask && (mask & qd) == qd)
		snprintf(list + strlen(list), sizeof list - strlen(list), "%sqd", list[0] ? "," : "");
	if (list[0])
		str_append_word(buf, cap, "--phases %s", list);
	if (!cfg->qd)
		return;
	if (cfg->qd_ns != DEFAULT_QD_NS) {
		seconds_text(cfg->qd_ns, s, sizeof s);
		str_append_word(buf, cap, "--qd-time %s", s);
	}
	if (cfg->qd_engine != QDIO_AUTO)
		str_append_word(buf, cap, "--qd-engine %s", qdio_engine_name((enum qdio_engine)cfg->qd_engine));
}

void like_options_of(const struct config *cfg, const struct run_view *run, char *buf, size_t cap)
{
	if (cap == 0)
		return;
	buf[0] = '\0';
	data_options(cfg, buf, cap);
	file_options(cfg, run, buf, cap);
	perchar_options(cfg, run, buf, cap);
	str_append_word(buf, cap, "-z %u", cfg->seed);
	client_options(cfg, buf, cap);
	if (cfg->direct)
		str_append_word(buf, cap, "-D");
	if (cfg->sync_each)
		str_append_word(buf, cap, "-b");
	if (!cfg->evict)
		str_append_word(buf, cap, "--no-evict");
	if (cfg->verify)
		str_append_word(buf, cap, "--verify");
	phase_options(cfg, buf, cap);
}
