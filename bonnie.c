/* bonnie: a disk and file-system microbenchmark in bonnie++'s tradition.
 * main() parses, prepares, runs the phase pipeline, reports and picks the
 * exit status; everything else lives in lib/, phases/ and report/. */
#include "lib/config.h"
#include "lib/exitcodes.h"
#include "lib/options.h"
#include "lib/pattern.h"
#include "lib/platform.h"
#include "lib/privs.h"
#include "lib/scratch.h"
#include "lib/signals.h"
#include "phases/files.h"
#include "phases/runner.h"
#include "report/report.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Without -s: big enough to take the device a few seconds per phase, small
 * enough for a default run of about three minutes (README "Default size"). */
#define DEFAULT_FILE_SIZE (1ull << 30)

struct session {
	struct config *cfg;
	struct scratch scratch;
	struct pattern pat;
	struct file_plan files;
	struct phase_ctx ctx;
	struct run_result *run;
	FILE *table_out;
	FILE *progress_out; /* NULL with -q */
};

static void machine_default(char *buf, size_t len)
{
	if (gethostname(buf, len) != 0)
		snprintf(buf, len, "localhost");
	buf[len - 1] = '\0';
	buf[strcspn(buf, ".")] = '\0'; /* short name, as bonnie++ prints it */
}

static uint32_t seed_default(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint32_t)(ts.tv_sec ^ ts.tv_nsec ^ ((long)getpid() << 16));
}

#if defined(__GNUC__)
#define PRINTF_LIKE __attribute__((format(printf, 1, 2)))
#else
#define PRINTF_LIKE
#endif

/* One line on stderr: "bonnie: <message>". */
static void say(const char *fmt, ...) PRINTF_LIKE;
static void say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("bonnie: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

static void say_error(const char *what, const struct op_error *e)
{
	char msg[1024];

	op_error_format(e, msg, sizeof msg);
	say("%s%s", what, msg);
}

static void on_phase_begin(void *arg, enum phase_id id)
{
	struct session *s = arg;

	if (s->progress_out)
		report_progress_begin(s->progress_out, id);
}

static void on_phase_end(void *arg, enum phase_id id, const struct phase_result *res)
{
	struct session *s = arg;

	(void)id;
	if (s->progress_out)
		report_progress_end(s->progress_out, res);
}

/* -D needs O_DIRECT on this file system and a chunk that is a multiple of
 * its direct-I/O alignment; find out with an empty probe file, before any
 * data is written. Returns 0, or -1 after printing why. */
static int check_direct(struct session *s)
{
	struct config *cfg = s->cfg;
	size_t mem_align, io_align;
	int fd = plat_open(s->scratch.dirfd, "direct-probe", O_RDWR | O_CREAT | O_EXCL, 0600, true);

	if (fd < 0) {
		say("-D: the file system under %s does not support O_DIRECT (%s)", cfg->dir, strerror(errno));
		unlinkat(s->scratch.dirfd, "direct-probe", 0);
		return -1;
	}
	plat_direct_alignment(fd, 0, &mem_align, &io_align);
	close(fd);
	unlinkat(s->scratch.dirfd, "direct-probe", 0);
	s->ctx.mem_align = mem_align;
	if (cfg->chunk % io_align != 0 || (cfg->files_k && cfg->file_chunk % io_align != 0)) {
		say("-D: chunk size %u is not a multiple of the %zu-byte direct I/O alignment of %s",
		    cfg->chunk % io_align ? cfg->chunk : cfg->file_chunk, io_align, cfg->dir);
		return -1;
	}
	return 0;
}

/* Scratch directory, data pattern and file plan. Returns an exit status. */
static int session_open(struct session *s)
{
	struct config *cfg = s->cfg;
	struct op_error e = {0};

	s->ctx.cfg = cfg;
	s->ctx.mem_align = plat_page_size();
	if (scratch_create(&s->scratch, cfg->dir, &e) != 0) {
		say_error("cannot create the scratch directory: ", &e);
		return EXIT_SETUP;
	}
	s->ctx.dirfd = s->scratch.dirfd;
	s->ctx.dirpath = s->scratch.path;
	if (cfg->direct && check_direct(s) != 0)
		return EXIT_USAGE;
	if (pattern_init(&s->pat, cfg->seed, cfg->chunk, s->ctx.mem_align) != 0 ||
	    (cfg->files_k && files_plan_init(&s->files, cfg, s->scratch.path, s->ctx.mem_align) != 0)) {
		say("cannot allocate memory: %s", strerror(errno));
		return EXIT_SETUP;
	}
	s->ctx.pat = &s->pat;
	s->ctx.files = cfg->files_k ? &s->files : NULL;
	s->run = calloc(1, sizeof *s->run);
	if (s->run == NULL) {
		say("cannot allocate memory: %s", strerror(errno));
		return EXIT_SETUP;
	}
	return EXIT_OK;
}

/* Removes everything bonnie made. Returns status, or EXIT_SETUP if the
 * scratch directory could not be removed and nothing worse happened. */
static int session_close(struct session *s, int status)
{
	struct op_error e = {0};

	if (s->ctx.files)
		files_plan_free(&s->files);
	pattern_free(&s->pat);
	free(s->run);
	if (scratch_remove(&s->scratch, &e) != 0) {
		say_error("cannot remove the scratch directory: ", &e);
		if (status == EXIT_OK)
			status = EXIT_SETUP;
	}
	return status;
}

/* The exit status a finished run deserves, and its error message. */
static int run_status(const struct run_result *run)
{
	for (int i = 0; i < PHASE_COUNT; i++) {
		const struct phase_result *r = &run->phase[i];
		if (r->status == PHASE_FAILED) {
			say_error("", &r->error);
			return (r->flags & RESULT_MISMATCH) ? EXIT_VERIFY : EXIT_IO;
		}
	}
	return signals_stop_level() != STOP_NONE ? EXIT_INTERRUPTED : EXIT_OK;
}

static int session_runs(struct session *s)
{
	struct runner_hooks hooks = {on_phase_begin, on_phase_end, s};
	int status = EXIT_OK;

	for (uint32_t i = 1; i <= s->cfg->runs && status == EXIT_OK; i++) {
		s->run->index = i;
		s->run->seed = s->cfg->seed;
		runner_run(&s->ctx, s->run, &hooks);
		if (signals_stop_level() == STOP_NOW)
			return EXIT_INTERRUPTED;
		report_table(s->table_out, s->cfg, s->run);
		report_csv(stdout, s->cfg, s->run);
		fflush(stdout);
		status = run_status(s->run);
	}
	return status;
}

/* Flushes and closes stdout: a report that could not be written is an error. */
static int finish(int status)
{
	if (fflush(stdout) != 0 || ferror(stdout) || fclose(stdout) != 0) {
		fprintf(stderr, "bonnie: cannot write the report to standard output: %s\n", strerror(errno));
		return status == EXIT_OK ? EXIT_REPORT : status;
	}
	return status;
}

int main(int argc, char **argv)
{
	struct config cfg;
	struct session s;
	char err[512], host[256];
	int status;

	machine_default(host, sizeof host);
	switch (options_parse(argc, argv, host, &cfg, err, sizeof err)) {
	case OPT_ERROR:
		say("%s", err);
		return EXIT_USAGE;
	case OPT_HELP:
		options_usage(stdout);
		return finish(EXIT_OK);
	case OPT_VERSION:
		printf("bonnie %s\n", BONNIE_VERSION);
		return finish(EXIT_OK);
	case OPT_RUN:
		break;
	}
	if (cfg.user[0] && privs_drop(cfg.user, cfg.group, err, sizeof err) != 0) {
		say("%s", err);
		return EXIT_USAGE;
	}
	if (!cfg.seed_given)
		cfg.seed = seed_default();
	if (!cfg.file_size_given)
		cfg.file_size = DEFAULT_FILE_SIZE;
	signals_install();

	memset(&s, 0, sizeof s);
	s.cfg = &cfg;
	s.scratch.dirfd = -1;
	s.table_out = cfg.quiet ? stderr : stdout;
	s.progress_out = cfg.quiet ? NULL : stdout;
	status = session_open(&s);
	if (status == EXIT_OK)
		status = session_runs(&s);
	status = session_close(&s, status);
	if (signals_stop_level() != STOP_NONE)
		status = EXIT_INTERRUPTED;
	return finish(status);
}
