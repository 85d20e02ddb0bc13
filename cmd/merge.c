/* bonnie merge: reads each host's --json result, refuses results of
 * different setups (exit 2, naming the first field that differs), merges
 * them (report/model/merge_model.c) and writes the run's table and CSV line of
 * the merged phases with the merge's facts, and --json the run's document
 * with a "merged" member. */
#include "merge_cmd.h"
#include "merge_check.h"
#include "say.h"

#include "../input/host_read.h"
#include "../input/input.h"
#include "../options/config.h"
#include "../lib/exitcodes.h"
#include "../lib/json.h"
#include "../lib/reportfile.h"
#include "../report/formats.h"
#include "../report/model/merge_model.h"
#include "../report/merge/merge_out.h"
#include "../report/report.h"
#include "../report/sweep/sweep.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* --json and --html, checked and made together (lib/reportfile.h). */
#define MERGE_REPORTS 2

static const struct option merge_options[] = {
	{"json", required_argument, NULL, 'j'},
	{"html", required_argument, NULL, 'H'},
	{"help", no_argument, NULL, 'h'},
	{NULL, 0, NULL, 0},
};

static void usage(FILE *out)
{
	fputs("usage: bonnie merge [--json FILE] [--html FILE] [-q] FILE...\n"
	      "  FILE       a host's --json result; every one of the same options and --start-at\n"
	      "  --json F   also write the merged result as JSON (- for stdout; the table goes to stderr)\n"
	      "  --html F   also write the merged run's HTML page with the merge's facts (- for stdout)\n"
	      "  -q         write only the CSV line (no table, no merge facts)\n"
	      "Exit status: 0 merged, 1 usage (or a report FILE refused: a symbolic link, an input;\n"
	      "or one host's result twice), 2 results not of one setup (or not bonnie --start-at\n"
	      "results of -x 1), 3 a FILE could not be read, or a phase the hosts planned was not\n"
	      "measured on every host (the rest merged), 5 report not written.\n",
	      out);
}

/* The whole of path ("-": standard input) in *text; EXIT_OK, or EXIT_IO
 * said (never a part of the file: a failed read or allocation is no
 * document). */
static int read_text(const char *path, char **text)
{
	bool in = strcmp(path, "-") == 0;
	FILE *f = in ? stdin : fopen(path, "rb");
	size_t len;
	int rc, err;

	*text = NULL;
	if (!f)
		return say_status(EXIT_IO, "merge: cannot read %s: %s", path, strerror(errno));
	rc = input_read_all(input_from_stdio, f, text, &len);
	err = errno;
	if (!in)
		fclose(f);
	if (rc == -1)
		return say_status(EXIT_IO, "merge: cannot read %s: out of memory", path);
	if (rc != 0)
		return say_status(EXIT_IO, "merge: cannot read %s: %s", path, strerror(err));
	return EXIT_OK;
}

/* The reports are checked (lib/reportfile.h: never through a symbolic
 * link, never one of the inputs) before anything is read, and made only
 * once the hosts merged. EXIT_OK, or the status said. */
static int check_reports(struct report_file *rf, char **files, size_t n)
{
	char err[1200];
	struct stat st;
	bool to_stdout = report_path_is_stdout(rf[0].path) || report_path_is_stdout(rf[1].path);
	int status = report_files_check(rf, MERGE_REPORTS, err, sizeof err);

	if (status == EXIT_OK &&
	    (status = report_files_apart(rf, MERGE_REPORTS, to_stdout ? NULL : "the table", err, sizeof err)) != EXIT_OK)
		report_files_release(rf, MERGE_REPORTS);
	for (size_t i = 0; i < n && status == EXIT_OK; i++) {
		bool in = strcmp(files[i], "-") == 0;
		if ((in ? fstat(STDIN_FILENO, &st) : stat(files[i], &st)) != 0)
			continue;
		for (int k = 0; k < MERGE_REPORTS && status == EXIT_OK; k++)
			if (report_file_is(&rf[k], &st)) {
				snprintf(err, sizeof err, "%s %s: also an input (%s), not overwritten", rf[k].opt, rf[k].path,
				         files[i]);
				report_files_release(rf, MERGE_REPORTS);
				status = EXIT_USAGE;
			}
	}
	if (status != EXIT_OK)
		say("%s", err);
	return status;
}

static int close_report(struct report_file *f, bool bad)
{
	char why[200];

	if (report_file_close(f, bad) == 0)
		return EXIT_OK;
	report_write_why(errno, why, sizeof why);
	return say_status(EXIT_REPORT, "%s %s: cannot write: %s", f->opt, f->path, why);
}

/* The hosts' results merged: one level, or per count of a --clients sweep
 * (each host's runs in order, the same counts on every host). */
struct merged {
	size_t n, levels;
	struct host_read *hosts[MAX_SWEEP_LEVELS]; /* per level, n hosts */
	struct merge_result *m;                     /* per level */
	struct run_result *run;                     /* per level */
	struct run_view *views;                     /* per level, its run's (merge_views_of), for every writer */
	struct sweep *sw;                           /* levels > 1: the counts as a sweep */
	uint32_t counts[MAX_SWEEP_LEVELS];          /* each level's clients, all hosts' */
};

/* --json and --html: their formats' merge writers (report/formats.h). */
static int write_reports(struct report_file *rf, const struct merge_doc *d)
{
	static const char *const format_of[MERGE_REPORTS] = {"json", "html"};
	char err[1200];
	int rc = report_files_commit(rf, MERGE_REPORTS, err, sizeof err);

	if (rc != EXIT_OK)
		return say_status(rc, "%s", err);
	for (int k = 0; k < MERGE_REPORTS; k++)
		if (rf[k].path) {
			int rck = close_report(&rf[k], format_named(format_of[k])->merge(rf[k].out, d) != 0);
			rc = rc != EXIT_OK ? rc : rck;
		}
	return rc;
}

/* Every level of every host read (texts: the files' contents), or the
 * status said. */
static int read_levels(struct merged *g, char **texts, char **files)
{
	int rc = EXIT_OK;

	g->levels = 1;
	for (size_t l = 0; l < g->levels && rc == EXIT_OK; l++) {
		if ((g->hosts[l] = calloc(g->n, sizeof *g->hosts[l])) == NULL)
			return say_status(EXIT_SETUP, "merge: out of memory");
		rc = merge_read_hosts(g->hosts[l], texts, files, g->n, l);
		if (l == 0 && rc == EXIT_OK && g->hosts[0][0].runs > MAX_SWEEP_LEVELS)
			return say_status(EXIT_SETUP, "merge: %s: %zu runs, at most %d (one per --clients count)", files[0],
			                  g->hosts[0][0].runs, MAX_SWEEP_LEVELS);
		if (l == 0 && rc == EXIT_OK)
			g->levels = g->hosts[0][0].runs ? g->hosts[0][0].runs : 1;
	}
	return rc;
}

/* Level l merged into a run; of a sweep, added to it as its point reads a
 * merged level (merge_sweep_view). -1: out of memory. */
static int merge_level(struct merged *g, size_t l)
{
	const struct host_read *hosts = g->hosts[l];
	struct run_result *run = &g->run[l];
	struct run_view *v;
	int rc;

	if (merge_hosts(&g->m[l], hosts, g->n, run) != 0)
		return -1;
	run->index = (uint32_t)l + 1;
	g->counts[l] = run->clients;
	if (!g->sw)
		return 0;
	v = malloc(sizeof *v);
	if (!v)
		return -1;
	if ((rc = merge_sweep_view(run, hosts, g->n, v)) == 0)
		sweep_add(g->sw, v);
	free(v);
	return rc;
}

/* The cores of every host together, for the sweep's whole-host CPU rule
 * (a count is CPU-bound when its clients' CPU nears every core the load
 * had); 0, which turns that rule off, when any host does not say. */
static uint32_t hosts_cores(const struct merged *g)
{
	uint64_t sum = 0;

	for (size_t i = 0; i < g->n; i++) {
		if (g->hosts[0][i].setup.cpus == 0)
			return 0;
		sum += g->hosts[0][i].setup.cpus;
	}
	return sum > UINT32_MAX ? UINT32_MAX : (uint32_t)sum;
}

static void merged_free(struct merged *g)
{
	for (size_t l = 0; l < MAX_SWEEP_LEVELS; l++) {
		for (size_t i = 0; g->hosts[l] && i < g->n; i++)
			host_read_free(&g->hosts[l][i]);
		free(g->hosts[l]);
	}
	for (size_t l = 0; g->m && l < g->levels; l++)
		merge_result_free(&g->m[l]);
	free(g->m);
	free(g->run);
	free(g->views);
	free(g->sw);
	free(g);
}

static int merge_texts(char **texts, char **files, size_t n, struct report_file *rf, bool quiet, const char *prog,
                       int argc, char **argv)
{
	struct merged *g = calloc(1, sizeof *g);
	struct run_setup setup;
	int rc = g ? EXIT_OK : say_status(EXIT_SETUP, "merge: out of memory");

	if (rc == EXIT_OK) {
		g->n = n;
		rc = read_levels(g, texts, files);
	}
	bool partial = false;
	for (size_t l = 0; rc == EXIT_OK && l < g->levels; l++)
		rc = merge_check_measured(g->hosts[l], files, n, g->levels > 1, &partial);
	if (rc == EXIT_OK && ((g->m = calloc(g->levels, sizeof *g->m)) == NULL ||
	                      (g->run = calloc(g->levels, sizeof *g->run)) == NULL ||
	                      (g->levels > 1 && (g->sw = calloc(1, sizeof *g->sw)) == NULL)))
		rc = say_status(EXIT_SETUP, "merge: out of memory");
	if (rc == EXIT_OK) {
		if (g->sw)
			sweep_set_rule(g->sw, DEFAULT_LAG_FLOOR_NS, hosts_cores(g));
		for (size_t l = 0; l < g->levels && rc == EXIT_OK; l++)
			if (merge_level(g, l) != 0)
				rc = say_status(EXIT_SETUP, "merge: out of memory");
		if (rc == EXIT_OK && g->sw) /* every level in: the knees and the answer, once */
			sweep_judge(g->sw, DEFAULT_KNEE_FACTOR);
	}
	if (rc == EXIT_OK) {
		merge_setup_of(&g->hosts[0][0], n, &setup);
		if ((g->views = merge_views_of(&setup, g->run, g->levels)) == NULL)
			rc = say_status(EXIT_SETUP, "merge: out of memory");
	}
	if (rc == EXIT_OK) {
		struct merge_doc d = {&setup, prog, argv, argc, g->n, g->levels, g->hosts, g->m, g->run, g->views, g->sw,
		                      g->counts};
		bool to_stdout = report_path_is_stdout(rf[0].path) || report_path_is_stdout(rf[1].path);
		format_named(quiet ? "csv" : "text")->merge(to_stdout ? stderr : stdout, &d);
		rc = write_reports(rf, &d);
	} else
		report_files_release(rf, MERGE_REPORTS);
	if (g)
		merged_free(g);
	return rc == EXIT_OK && partial ? EXIT_IO : rc; /* merged, but not every planned phase */
}

static int merge_files(char **files, size_t n, struct report_file *rf, bool quiet, const char *prog, int argc,
                       char **argv)
{
	char **texts = calloc(n, sizeof *texts);
	int rc = texts ? EXIT_OK : say_status(EXIT_SETUP, "merge: out of memory");

	for (size_t i = 0; i < n && rc == EXIT_OK; i++)
		rc = read_text(files[i], &texts[i]);
	if (rc == EXIT_OK)
		rc = merge_texts(texts, files, n, rf, quiet, prog, argc, argv);
	else
		report_files_release(rf, MERGE_REPORTS);
	for (size_t i = 0; texts && i < n; i++)
		free(texts[i]);
	free(texts);
	return rc;
}

int merge_main(int argc, char **argv, const char *prog)
{
	struct report_file rf[MERGE_REPORTS] = {{.opt = "merge --json"}, {.opt = "merge --html"}};
	bool quiet = false;
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "q", merge_options, NULL)) != -1) {
		if (c == 'j' || c == 'H') {
			if (optarg[0] == '\0') {
				usage(stderr);
				return say_status(EXIT_USAGE, "merge: %s: file name must not be empty", c == 'j' ? "--json" : "--html");
			}
			rf[c == 'H'].path = optarg;
		}
		else if (c == 'q')
			quiet = true;
		else if (c == 'h') {
			usage(stdout);
			return EXIT_OK;
		} else {
			usage(stderr);
			return say_status(EXIT_USAGE, "merge: unknown option %s", argv[optind - 1]);
		}
	}
	if (argc - optind < 2) {
		usage(stderr);
		return say_status(EXIT_USAGE, "merge: two or more FILEs needed");
	}
	if ((size_t)(argc - optind) > MERGE_MAX_HOSTS)
		return say_status(EXIT_USAGE, "merge: at most %d FILEs", MERGE_MAX_HOSTS);
	int rc = merge_files_apart(argv + optind, (size_t)(argc - optind));
	if (rc == EXIT_OK)
		rc = check_reports(rf, argv + optind, (size_t)(argc - optind));
	return rc == EXIT_OK ? merge_files(argv + optind, (size_t)(argc - optind), rf, quiet, prog, argc, argv) : rc;
}
