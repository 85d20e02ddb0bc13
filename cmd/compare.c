/* `bonnie compare`: reads files (or standard input), finds every bonnie and
 * bonnie++ result in them (input/), and prints the comparison (report/).
 * Bad lines are warned about, one line each, and the rest is compared. */
#include "compare_cmd.h"
#include "say.h"

#include "../input/input.h"
#include "../lib/exitcodes.h"
#include "../options/options.h"
#include "../lib/platform.h"
#include "../lib/reportfile.h"
#include "../report/formats.h"
#include "../report/model/marks.h"

#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { CMP_BASE = 256, CMP_THRESHOLD, CMP_FORMAT, CMP_HELP, CMP_HTML };

static const struct option compare_options[] = {
	{"base", required_argument, NULL, CMP_BASE},
	{"threshold", required_argument, NULL, CMP_THRESHOLD},
	{"format", required_argument, NULL, CMP_FORMAT},
	{"help", no_argument, NULL, CMP_HELP},
	{"html", required_argument, NULL, CMP_HTML},
	{NULL, 0, NULL, 0},
};

static void usage(FILE *out)
{
	fputs("usage: bonnie compare [--base N] [--threshold X] [--format text|markdown|csv|json]\n"
	      "                      [--html OUT.html] FILE...\n"
	      "  FILE       any text holding bonnie++ CSV lines (1.98, 1.97, 1.96, 1.0x),\n"
	      "             bonnie++ tables or bonnie JSON documents; - reads standard input\n"
	      "  --base N   compare against the N-th run found (default 1)\n"
	      "  --threshold X  mark " MARK_BEYOND_S " a ratio at or beyond X either way (default 1.5)\n"
	      "  --format F text (default), markdown, csv (1.98 lines) or json\n"
	      "  --html OUT also write the comparison as an HTML page with charts\n"
	      "             (- for stdout; the comparison then goes to stderr)\n"
	      "Exit status: 0 compared, 1 usage, 2 fewer than two runs found, 5 report not written.\n",
	      out);
}

/* A format compare writes as --format NAME: one with a compare writer
 * that is not the page --html alone writes (report/formats.c). */
static bool by_format(const struct format *f)
{
	return f->compare != NULL && !f->compare_to_file;
}

/* --format's names: the formats compare writes as --format (by_format),
 * as "text, markdown, csv or json". */
static void format_names(char *buf, size_t len)
{
	size_t used = 0, n = 0, k = 0;

	for (size_t i = 0; i < formats_count; i++)
		n += by_format(&formats[i]);
	buf[0] = '\0';
	for (size_t i = 0; i < formats_count && used < len; i++)
		if (by_format(&formats[i])) {
			k++;
			used += (size_t)snprintf(buf + used, len - used, "%s%s", k == 1 ? "" : k == n ? " or " : ", ",
			                         formats[i].name);
		}
}

static int parse_format(const char *s, const struct format **f)
{
	char names[200];

	*f = format_named(s);
	if (*f != NULL && by_format(*f))
		return 0;
	format_names(names, sizeof names);
	return say_status(-1, "compare --format: '%s' is not %s", s, names);
}

/* Options into o and *base1 (1-based). Returns -1 after saying why, 1 for --help. */
static int parse_args(int argc, char **argv, struct compare_opts *o, const struct format **fmt, unsigned long *base1,
                      const char **html)
{
	int opt;
	char *end;

	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "+:", compare_options, NULL)) != -1) {
		errno = 0;
		switch (opt) {
		case CMP_BASE:
			*base1 = strtoul(optarg, &end, 10);
			if (*end || *base1 == 0 || errno || optarg[0] == '-')
				return say_status(-1, "compare --base: '%s' is not a run number (1, 2, ...)", optarg);
			break;
		case CMP_THRESHOLD:
			if (options_decimal(optarg, &o->threshold) != 0 || !(o->threshold > 1 && o->threshold < 1e9))
				return say_status(-1, "compare --threshold: '%s' is not a ratio above 1", optarg);
			break;
		case CMP_FORMAT:
			if (parse_format(optarg, fmt) != 0)
				return -1;
			break;
		case CMP_HELP:
			return 1;
		case CMP_HTML:
			if (optarg[0] == '\0')
				return say_status(-1, "compare --html: file name must not be empty");
			*html = optarg;
			break;
		default:
			return say_status(-1, "compare: %s: %s", argv[optind - 1],
			                  opt == ':' ? "missing value" : "unknown option (bonnie compare --help lists them)");
		}
	}
	if (optind >= argc)
		return say_status(-1, "compare: no FILE given (- reads standard input)");
	return 0;
}

/* Warnings are said as they are found (input/ has sanitized them already;
 * sanitizing again leaves them as they are). */
static void print_warning(const char *msg, void *arg)
{
	(void)arg;
	say("%s", msg);
}

/* Every run in every file (or stdin for "-"), read as it is scanned:
 * memory holds the runs found, not the files. */
static void read_inputs(struct parsed_set *set, int n, char **files)
{
	set->on_warning = print_warning;
	for (int i = 0; i < n; i++) {
		bool in = strcmp(files[i], "-") == 0;
		FILE *f = in ? stdin : fopen(files[i], "rb");
		int rc;

		if (f == NULL) {
			say("compare: cannot read %s: %s", files[i], strerror(errno));
			continue;
		}
		rc = input_read(set, in ? "(stdin)" : files[i], input_from_stdio, f);
		if (rc == -2)
			say("compare: cannot read %s: %s", files[i], strerror(errno));
		else if (rc != 0)
			say("compare: %s: out of memory, later results skipped", files[i]);
		if (!in)
			fclose(f);
	}
}

/* --html: checked like bonnie's reports (lib/reportfile.h), and never one
 * of the inputs, which it would empty before they are read. Returns 0, or
 * an exit status after saying why. */
static int open_html(struct report_file *rf, int nfiles, char **files)
{
	char err[1200];
	struct stat st;
	int status = report_files_check(rf, 1, err, sizeof err);

	if (status == EXIT_OK &&
	    (status = report_files_apart(rf, 1, rf->on_stdout ? NULL : "the comparison", err, sizeof err)) != EXIT_OK)
		report_files_release(rf, 1);
	for (int i = 0; i < nfiles && status == EXIT_OK; i++) {
		bool is_stdin = strcmp(files[i], "-") == 0;
		if ((is_stdin ? fstat(STDIN_FILENO, &st) : stat(files[i], &st)) == 0 && report_file_is(rf, &st)) {
			snprintf(err, sizeof err, "%s %s: also an input (%s), not overwritten", rf->opt, rf->path,
			         files[i]);
			report_files_release(rf, 1);
			status = EXIT_USAGE;
		}
	}
	if (status == EXIT_OK)
		status = report_files_commit(rf, 1, err, sizeof err);
	if (status != EXIT_OK)
		say("%s", err);
	return status;
}

/* --html: the page of what was found, by formats.c's html row (with no run
 * a page saying so); one not written is exit 5. Closes it. */
static int write_html(struct report_file *rf, const struct compare_result *r, int status)
{
	int bad_write = format_named("html")->compare(rf->out, r);

	if (report_file_close(rf, bad_write) != 0) {
		char why[200];
		report_write_why(errno, why, sizeof why);
		return say_status(EXIT_REPORT, "compare --html %s: cannot write: %s", rf->path, why);
	}
	return status;
}

/* The width text and Markdown lines stay within (and 200): COLUMNS when it
 * is a plain number (it overrides, as for ls and man), else the width of
 * the terminal the comparison goes to (bash sets COLUMNS but does not
 * export it), else 200 (a pipe or a file). */
static void set_width(FILE *out, struct compare_opts *o)
{
	const char *c = getenv("COLUMNS");
	char *end;
	unsigned long cols;

	if (c != NULL && *c >= '0' && *c <= '9') {
		errno = 0;
		cols = strtoul(c, &end, 10);
		if (*end == '\0' && errno == 0) {
			o->width = cols;
			return;
		}
	}
	o->width = plat_terminal_columns(fileno(out));
}

int compare_main(int argc, char **argv)
{
	struct compare_opts o = {.base = 0, .threshold = 1.5};
	const struct format *fmt = format_named("text");
	struct parsed_set set = {0};
	struct compare_result r;
	unsigned long base1 = 1;
	const char *html = NULL;
	struct report_file rf = {.opt = "compare --html"};
	int rc = parse_args(argc, argv, &o, &fmt, &base1, &html), status;

	if (rc != 0) {
		if (rc > 0)
			usage(stdout);
		return rc > 0 ? EXIT_OK : EXIT_USAGE;
	}
	rf.path = html;
	if (html && (status = open_html(&rf, argc - optind, argv + optind)) != EXIT_OK)
		return status;
	read_inputs(&set, argc - optind, argv + optind);
	if (set.count > 0 && base1 > set.count) {
		status = say_status(EXIT_USAGE, "compare --base %lu: only %zu runs found", base1, set.count);
		input_free(&set);
		report_files_release(&rf, 1);
		return status;
	}
	o.base = base1 - 1;
	set_width(rf.on_stdout ? stderr : stdout, &o);
	/* the comparison, made once for --format and --html */
	if (compare_result_of(set.run, set.count, &o, &r) != 0) {
		input_free(&set);
		report_files_release(&rf, 1);
		return say_status(EXIT_REPORT, "compare: out of memory");
	}
	fmt->compare(rf.on_stdout ? stderr : stdout, &r); /* with no runs: JSON alone writes */
	if (set.count == 0)
		say("compare: no bonnie or bonnie++ result found");
	if (set.count == 1)
		say("compare: only one run found: nothing to compare it with");
	status = set.count >= 2 ? EXIT_OK : EXIT_SETUP;
	if (rf.out)
		status = write_html(&rf, &r, status);
	compare_result_free(&r);
	input_free(&set);
	return status;
}
