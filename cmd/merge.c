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
#include "../report/merge_model.h"
#include "../report/merge_out.h"
#include "../report/report.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct option merge_options[] = {
	{"json", required_argument, NULL, 'j'},
	{"help", no_argument, NULL, 'h'},
	{NULL, 0, NULL, 0},
};

static void usage(FILE *out)
{
	fputs("usage: bonnie merge [--json FILE] [-q] FILE...\n"
	      "  FILE       a host's --json result; every one of the same options and --start-at\n"
	      "  --json F   also write the merged result as JSON (- for stdout; the table goes to stderr)\n"
	      "  -q         write only the CSV line (no table, no merge facts)\n"
	      "Exit status: 0 merged, 1 usage, 2 results not of one setup (or not bonnie --start-at\n"
	      "results), 3 a FILE could not be read, 5 report not written.\n",
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
}

static int write_json(const char *path, char **argv, int argc, const struct merge_result *m,
                      const struct host_result *hosts, const struct run_result *run)
{
	FILE *out = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
	struct json j;

	if (!out)
		return say_status(EXIT_REPORT, "merge: cannot write %s", path);
	json_init(&j, out);
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
	bool bad = ferror(out) != 0;
	if (out != stdout)
		bad |= fclose(out) != 0;
	return bad ? say_status(EXIT_REPORT, "merge: cannot write %s", path) : EXIT_OK;
}

static int merge_files(char **files, size_t n, const char *json, bool quiet, int argc, char **argv)
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
		FILE *text = json && strcmp(json, "-") == 0 ? stderr : stdout;
		if (!quiet) {
			report_table(text, &cfg, run);
			report_merge_text(text, m, hosts);
		}
		report_csv(text, &cfg, run);
		if (json)
			rc = write_json(json, argv, argc, m, hosts, run);
	}
	for (size_t i = 0; hosts && i < n; i++)
		host_free(&hosts[i]);
	free(hosts);
	free(m);
	free(run);
	return rc;
}

int merge_main(int argc, char **argv)
{
	const char *json = NULL;
	bool quiet = false;
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "q", merge_options, NULL)) != -1) {
		if (c == 'j')
			json = optarg;
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
	return merge_files(argv + optind, (size_t)(argc - optind), json, quiet, argc, argv);
}
