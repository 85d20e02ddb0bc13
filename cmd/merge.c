/* bonnie merge: reads each host's --json result, refuses results of
 * different setups (exit 2, naming the first field that differs), merges
 * them (report/merge_model.c) and writes the run's table and CSV line of
 * the merged phases with the merge's facts, and --json the run's document
 * with a "merged" member. */
#include "merge_cmd.h"
#include "say.h"

#include "../input/host.h"
#include "../input/input.h"
#include "../lib/config.h"
#include "../lib/exitcodes.h"
#include "../lib/json.h"
#include "../lib/reportfile.h"
#include "../report/html.h"
#include "../report/merge_model.h"
#include "../report/merge_out.h"
#include "../report/report.h"

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
	      "Exit status: 0 merged, 1 usage (or a report FILE refused: a symbolic link, an input),\n"
	      "2 results not of one setup (or not bonnie --start-at results), 3 a FILE could not be\n"
	      "read, 5 report not written.\n",
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

static int read_hosts(struct host_result *hosts, char **files, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char err[160];
		char *text;
		int rc = read_text(files[i], &text);
		if (rc != EXIT_OK)
			return rc;
		rc = host_read(&hosts[i], text, err, sizeof err);
		free(text);
		if (rc < 0)
			return say_status(EXIT_SETUP, "merge: %s: %s", files[i], err);
		if (!hosts[i].name[0])
			snprintf(hosts[i].name, sizeof hosts[i].name, "%s", files[i]);
		const char *differs = i ? host_setup_differs(&hosts[0], &hosts[i]) : NULL;
		if (differs)
			return say_status(EXIT_SETUP, "merge: %s and %s are not of one setup: %s differs", files[0],
			                  files[i], differs);
	}
	return EXIT_OK;
}

/* The run's table and CSV line read the size, the chunk and the file count. */
static void merged_config(struct config *cfg, const struct host_result *h, size_t n)
{
	memset(cfg, 0, sizeof *cfg);
	snprintf(cfg->machine, sizeof cfg->machine, "merged-%zu", n);
	cfg->file_size = h->file_size;
	cfg->chunk = (uint32_t)h->chunk;
	cfg->seek_procs = (uint32_t)h->seek_workers;
	cfg->files_k = (uint32_t)(h->files / 1024);
	cfg->file_chunk = DEFAULT_CHUNK;
	cfg->concurrency = (uint32_t)(h->clients * n);
	cfg->level_ns = h->level_ns;
	cfg->runs = 1;
	cfg->seed_given = true; /* the page's command line is the merge's: no seed to add to it */
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

static int write_json(struct report_file *f, char **argv, int argc, const struct merge_result *m,
                      const struct host_result *hosts, const struct run_result *run)
{
	struct json j;

	json_init(&j, f->out);
	json_object_begin(&j, NULL);
	json_string(&j, "tool", "bonnie");
	json_string(&j, "version", BONNIE_VERSION);
	json_u64(&j, "format_version", 1);
	json_array_begin_inline(&j, "command_line");
	for (int i = 0; i < argc; i++)
		json_string(&j, NULL, argv[i]);
	json_array_end(&j);
	report_merge_json(&j, m, hosts);
	json_array_begin(&j, "runs");
	report_json_run(&j, run, NULL, NULL);
	report_json_end(&j);
	return close_report(f, ferror(f->out) != 0);
}

/* The run's page (report/html.c) of the merged run, with the merge's facts. */
static int write_html(struct report_file *f, char **argv, int argc, const struct config *cfg,
                      const struct merge_result *m, const struct host_result *hosts, const struct run_result *run)
{
	char *line[argc + 1]; /* "How to reproduce": bonnie merge ... */
	struct html_report rep = {.cfg = cfg, .argc = argc + 1, .argv = line, .runs = run, .nruns = 1, .knee_factor = 2.0};
	struct merge_page pg = {m, hosts};
	char meta[160], bonnie[] = "bonnie";

	line[0] = bonnie;
	memcpy(line + 1, argv, (size_t)argc * sizeof *argv);

	snprintf(meta, sizeof meta, "bonnie merge of %zu hosts' --json results, %llu client%s each, on one --start-at "
	         "schedule.", m->hosts, (unsigned long long)hosts[0].clients, hosts[0].clients == 1 ? "" : "s");
	return close_report(f, report_html_merged(f->out, &rep, meta, report_merge_html, &pg) != 0);
}

static int write_reports(struct report_file *rf, char **argv, int argc, const struct config *cfg,
                         const struct merge_result *m, const struct host_result *hosts, const struct run_result *run)
{
	char err[1200];
	int rc = report_files_commit(rf, MERGE_REPORTS, err, sizeof err), rc2 = EXIT_OK;

	if (rc != EXIT_OK)
		return say_status(rc, "%s", err);
	if (rf[0].path)
		rc = write_json(&rf[0], argv, argc, m, hosts, run);
	if (rf[1].path)
		rc2 = write_html(&rf[1], argv, argc, cfg, m, hosts, run);
	return rc != EXIT_OK ? rc : rc2;
}

static int merge_files(char **files, size_t n, struct report_file *rf, bool quiet, int argc, char **argv)
{
	struct host_result *hosts = calloc(n, sizeof *hosts);
	struct merge_result *m = calloc(1, sizeof *m);
	struct run_result *run = calloc(1, sizeof *run);
	struct config cfg;
	int rc = hosts && m && run ? read_hosts(hosts, files, n) : say_status(EXIT_SETUP, "merge: out of memory");

	if (rc == EXIT_OK) {
		merge_hosts(m, hosts, n);
		merge_as_run(m, &hosts[0], run);
		run->counts.files_k = (uint32_t)(hosts[0].files / 1024);
		for (size_t i = 0; i < n; i++)
			run->counts.seeks += hosts[i].seeks; /* every host's seeks: the CSV's seeks field */
		merged_config(&cfg, &hosts[0], n);
		bool to_stdout = report_path_is_stdout(rf[0].path) || report_path_is_stdout(rf[1].path);
		FILE *text = to_stdout ? stderr : stdout;
		if (!quiet) {
			report_table(text, &cfg, run);
			report_merge_text(text, m, hosts);
		}
		report_csv(text, &cfg, run);
		rc = write_reports(rf, argv, argc, &cfg, m, hosts, run);
	} else
		report_files_release(rf, MERGE_REPORTS);
	for (size_t i = 0; hosts && i < n; i++)
		host_free(&hosts[i]);
	free(hosts);
	free(m);
	free(run);
	return rc;
}

int merge_main(int argc, char **argv)
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
	int rc = check_reports(rf, argv + optind, (size_t)(argc - optind));
	return rc == EXIT_OK ? merge_files(argv + optind, (size_t)(argc - optind), rf, quiet, argc, argv) : rc;
}
