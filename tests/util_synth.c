/* Synthetic results for the formatter tests. The values are chosen so
 * that every figure is exact: e.g. 512 MiB in 1.6 s is 327680 KiB/s. */
#include "util_synth.h"
#include "../lib/options.h"
#include "../phases/runner.h"
#include "../report/report.h"

#include <check.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MS 1000000ull
#define US 1000ull

void synth_phase(struct run_result *run, enum phase_id id, uint64_t units, uint64_t elapsed_ns,
                 uint64_t cpu_ns, uint64_t lat_ns)
{
	struct phase_result *r = &run->phase[id];

	runner_result_init(r);
	r->status = PHASE_DONE;
	r->units = units;
	r->bytes = phase_unit(id) == RATE_BYTES ? units : 0;
	r->elapsed_ns = elapsed_ns;
	r->cpu_ns = cpu_ns;
	/* CONF_MIN_OPS operations, all alike: enough samples for no '#' mark */
	for (int i = 0; i < 100; i++)
		hist_add(&r->latency, lat_ns);
}

void synth_config(struct config *cfg)
{
	char a0[] = "bonnie", a1[] = "-s", a2[] = "512m", a3[] = "-n", a4[] = "4", a5[] = "-z",
	     a6[] = "12345", a7[] = "-m", a8[] = "vm";
	char *argv[] = {a0, a1, a2, a3, a4, a5, a6, a7, a8, NULL};
	char err[256];

	if (options_parse(9, argv, "host", cfg, err, sizeof err) != OPT_RUN)
		abort();
}

void synth_full_run(struct run_result *run)
{
	memset(run, 0, sizeof *run);
	for (int i = 0; i < PHASE_COUNT; i++)
		runner_result_init(&run->phase[i]);
	run->index = 1;
	run->seed = 12345;
	/* 3 MiB in 6 s = 512 KiB/s, 99% CPU */
	synth_phase(run, PHASE_PUTC, 3ull << 20, 6000 * MS, 5940 * MS, 28168 * US);
	/* 512 MiB in 1.6 s = 327680 KiB/s (320m), 78% */
	synth_phase(run, PHASE_PUT_BLOCK, 512ull << 20, 1600 * MS, 1248 * MS, 598 * US);
	/* 512 MiB in 0.8 s = 655360 KiB/s (640m), 65% */
	synth_phase(run, PHASE_REWRITE, 512ull << 20, 800 * MS, 520 * MS, 279 * US);
	synth_phase(run, PHASE_GETC, 3ull << 20, 6000 * MS, 5940 * MS, 23885 * US);
	/* 512 MiB in 0.25 s = 2097152 KiB/s (2.0g), 40%, under 0.5 s */
	synth_phase(run, PHASE_GET_BLOCK, 512ull << 20, 250 * MS, 100 * MS, 705 * US);
	/* 8816 seeks in 1 s, 32% */
	synth_phase(run, PHASE_SEEKS, 8816, 1000 * MS, 320 * MS, 21617 * US);
	/* 4096 files: 1 s, 0.1 s, 0.5 s, 2 s, 0.01 s, 0.25 s */
	synth_phase(run, PHASE_SEQ_CREATE, 4096, 1000 * MS, 920 * MS, 17315 * US);
	synth_phase(run, PHASE_SEQ_STAT, 4096, 100 * MS, 99 * MS, 185 * US);
	synth_phase(run, PHASE_SEQ_DEL, 4096, 500 * MS, 250 * MS, 1085 * US);
	synth_phase(run, PHASE_RAN_CREATE, 4096, 2000 * MS, 1360 * MS, 37609 * US);
	synth_phase(run, PHASE_RAN_STAT, 4096, 10 * MS, 10 * MS, 147 * US);
	synth_phase(run, PHASE_RAN_DEL, 4096, 250 * MS, 200 * MS, 11964 * US);
	/* final syncs: 512 MiB in 1.2 s before it = 427m; in 0.64 s = 800m;
	 * 4096 files in 0.5 s = 8192/s; in 1 s = 4096/s */
	run->phase[PHASE_PUT_BLOCK].sync_ns = 400 * MS;
	run->phase[PHASE_REWRITE].sync_ns = 160 * MS;
	run->phase[PHASE_SEQ_CREATE].sync_ns = 500 * MS;
	run->phase[PHASE_RAN_CREATE].sync_ns = 1000 * MS;
}

int synth_split_csv(char *buf, char **fields, int max)
{
	int n = 0;
	char *p = buf;

	buf[strcspn(buf, "\n")] = '\0';
	for (;;) {
		char *comma = strchr(p, ',');
		if (n < max)
			fields[n] = p;
		n++;
		if (comma == NULL)
			break;
		*comma = '\0';
		p = comma + 1;
	}
	return n;
}

static char *capture(void (*fn)(FILE *, const struct config *, const struct run_result *),
                     const struct config *cfg, const struct run_result *run)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL)
		abort();
	fn(f, cfg, run);
	fclose(f);
	return buf;
}

char *synth_capture_csv(const struct config *cfg, const struct run_result *run)
{
	return capture(report_csv, cfg, run);
}

char *synth_capture_table(const struct config *cfg, const struct run_result *run)
{
	return capture(report_table, cfg, run);
}

void synth_enter_comma_locale(void)
{
	char probe[16];

	ck_assert_msg(setlocale(LC_ALL, "de_DE.UTF-8") != NULL,
	              "locale de_DE.UTF-8 is missing: run tests/deps.sh as root");
	snprintf(probe, sizeof probe, "%.1f", 1.5);
	ck_assert_str_eq(probe, "1,5"); /* the locale really uses a comma */
}
