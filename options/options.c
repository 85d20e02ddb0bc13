/* bonnie++-compatible option parsing (getopt_long) with strict validation:
 * the option table, the parse loop and the usage; the values themselves
 * are parsed in options_values.c. */
#include "options.h"
#include "options_values.h"
#include "../lib/reportfile.h"
#include "../lib/str.h"
#include "../lib/units.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__APPLE__) || defined(__FreeBSD__) || defined(__NetBSD__) || defined(__OpenBSD__)
extern int optreset;
#endif

enum long_only {
	OPT_LONG_HELP = 256,
	OPT_LONG_VERSION,
	OPT_LONG_JSON,
	OPT_LONG_VERIFY,
	OPT_LONG_ALIGN,
	OPT_LONG_NO_ALIGN,
	OPT_LONG_NO_EVICT,
	OPT_LONG_LIST_PHASES,
	OPT_LONG_SHARE,
	OPT_LONG_HTML,
	OPT_LONG_CLIENTS,
	OPT_LONG_PHASES,
	OPT_LONG_KNEE,
	OPT_LONG_LAG_FLOOR,
	OPT_LONG_LEVEL_TIME,
	OPT_LONG_QD,
	OPT_LONG_QD_TIME,
	OPT_LONG_QD_ENGINE,
	OPT_LONG_START_AT,
	OPT_LONG_KV,
	OPT_LONG_LIKE,
};

static const struct option long_options[] = {
	{"help", no_argument, NULL, OPT_LONG_HELP},
	{"version", no_argument, NULL, OPT_LONG_VERSION},
	{"json", required_argument, NULL, OPT_LONG_JSON},
	{"verify", no_argument, NULL, OPT_LONG_VERIFY},
	{"align-probe", no_argument, NULL, OPT_LONG_ALIGN},
	{"no-align-probe", no_argument, NULL, OPT_LONG_NO_ALIGN},
	{"no-evict", no_argument, NULL, OPT_LONG_NO_EVICT},
	{"list-phases", no_argument, NULL, OPT_LONG_LIST_PHASES},
	{"share", no_argument, NULL, OPT_LONG_SHARE},
	{"html", required_argument, NULL, OPT_LONG_HTML},
	{"clients", required_argument, NULL, OPT_LONG_CLIENTS},
	{"phases", required_argument, NULL, OPT_LONG_PHASES},
	{"knee-factor", required_argument, NULL, OPT_LONG_KNEE},
	{"lag-floor", required_argument, NULL, OPT_LONG_LAG_FLOOR},
	{"level-time", required_argument, NULL, OPT_LONG_LEVEL_TIME},
	{"qd", no_argument, NULL, OPT_LONG_QD},
	{"qd-time", required_argument, NULL, OPT_LONG_QD_TIME},
	{"qd-engine", required_argument, NULL, OPT_LONG_QD_ENGINE},
	{"start-at", required_argument, NULL, OPT_LONG_START_AT},
	{"kv", required_argument, NULL, OPT_LONG_KV},
	{"like", required_argument, NULL, OPT_LONG_LIKE},
	{NULL, 0, NULL, 0},
};

/* '+': stop at the first non-option (no argv permutation); ':': report
 * missing arguments as ':' so we print our own message. */
static const char short_options[] = "+:d:s:n:f::r:m:x:qbDz:c:u:g:";

static void defaults(struct config *c, const char *machine)
{
	memset(c, 0, sizeof *c);
	c->dir = ".";
	c->chunk = DEFAULT_CHUNK;
	c->seeks = DEFAULT_SEEKS;
	c->seek_procs = DEFAULT_SEEK_PROCS;
	c->perchar_size = DEFAULT_PERCHAR_BYTES;
	c->files_k = DEFAULT_FILES_K;
	c->file_dirs = 0;
	c->file_chunk = DEFAULT_CHUNK;
	c->runs = 1;
	c->concurrency = 1;
	c->knee_factor = DEFAULT_KNEE_FACTOR;
	c->lag_floor_ns = DEFAULT_LAG_FLOOR_NS;
	c->align_probe = -1;
	c->evict = true;
	c->qd_ns = DEFAULT_QD_NS;
	options_sanitize_name(c->machine, sizeof c->machine, machine ? machine : "localhost");
}

/* getopt keeps global state; reset it so parsing can run more than once. */
static void getopt_restart(void)
{
#if defined(__APPLE__) || defined(__FreeBSD__) || defined(__NetBSD__) || defined(__OpenBSD__)
	optreset = 1;
	optind = 1;
#else
	optind = 0; /* glibc and musl: full re-initialisation */
#endif
	opterr = 0;
}

static int apply_short(struct parser *p, int opt, const char *arg)
{
	struct config *c = p->cfg;
	uint64_t v;

	switch (opt) {
	case 'd':
		if (arg[0] == '\0')
			return options_fail(p, "-d: directory must not be empty");
		c->dir = arg;
		return 0;
	case 's': return options_set_seq_sizes(p, arg);
	case 'n': return options_set_file_tests(p, arg);
	case 'f': return options_set_perchar(p, arg);
	case 'r':
		if (options_parse_size(p, "-r", "RAM size", arg, 20, MAX_FILE_SIZE, &v) != 0)
			return -1;
		c->ram_bytes = v;
		c->ram_given = true;
		return 0;
	case 'm': return options_set_machine(p, arg);
	case 'x': return options_parse_count(p, "-x", "number of runs", arg, 1, MAX_RUNS, &c->runs);
	case 'q': c->quiet = true; return 0;
	case 'b': c->sync_each = true; return 0;
	case 'D': c->direct = true; return 0;
	case 'z':
		if (options_parse_count(p, "-z", "seed", arg, 0, UINT32_MAX, &c->seed) != 0)
			return -1;
		c->seed_given = true;
		return 0;
	case 'c':
		c->concurrency_given = true;
		return options_parse_count(p, "-c", "concurrency", arg, 1, MAX_CONCURRENCY, &c->concurrency);
	case 'g':
		return options_copy_name(p, "-g", "group", arg, strlen(arg), c->group, sizeof c->group);
	case 'u':
		return options_set_user(p, arg);
	}
	return options_fail(p, "internal: unhandled option -%c", opt);
}

static int apply_long(struct parser *p, int opt, const char *arg)
{
	struct config *c = p->cfg;

	switch (opt) {
	case OPT_LONG_JSON:
		if (arg[0] == '\0')
			return options_fail(p, "--json: file name must not be empty (use - for stdout)");
		c->json_path = arg;
		return 0;
	case OPT_LONG_VERIFY: c->verify = true; return 0;
	case OPT_LONG_ALIGN: c->align_probe = 1; return 0;
	case OPT_LONG_NO_ALIGN: c->align_probe = 0; return 0;
	case OPT_LONG_NO_EVICT: c->evict = false; return 0;
	case OPT_LONG_SHARE: c->share = true; return 0;
	case OPT_LONG_KV:
		if (arg[0] == '\0')
			return options_fail(p, "--kv: file name must not be empty (use - for stdout)");
		c->kv_path = arg;
		return 0;
	case OPT_LONG_HTML:
		if (arg[0] == '\0')
			return options_fail(p, "--html: file name must not be empty");
		c->html_path = arg;
		return 0;
	case OPT_LONG_CLIENTS: return options_set_sweep(p, arg);
	case OPT_LONG_PHASES: c->phases_arg = arg; return 0;
	case OPT_LONG_KNEE: return options_set_knee(p, arg);
	case OPT_LONG_LAG_FLOOR: return options_set_lag_floor(p, arg);
	case OPT_LONG_LEVEL_TIME: return options_set_level_time(p, arg);
	case OPT_LONG_QD: c->qd = true; return 0;
	case OPT_LONG_QD_TIME: return options_set_qd_time(p, arg);
	case OPT_LONG_QD_ENGINE: return options_set_qd_engine(p, arg);
	case OPT_LONG_START_AT: return options_set_start_at(p, arg);
	case OPT_LONG_LIKE:
		if (arg[0] == '\0')
			return options_fail(p, "--like: file name must not be empty");
		c->like_path = arg;
		return 0;
	}
	return options_fail(p, "internal: unhandled long option");
}

/* Every client needs one chunk of data file (phases/interface/client_part.h): a
 * smaller -s than the most clients can share is refused, not enlarged. */
static int check_clients_size(struct parser *p)
{
	const struct config *c = p->cfg;
	uint32_t n = config_most_clients(c);
	char least[32], chunk[32];

	if (!c->file_size_given || c->file_size == 0 || c->file_size / c->chunk >= n)
		return 0;
	units_format_size_lower((uint64_t)c->chunk * n, least, sizeof least);
	units_format_size_lower(c->chunk, chunk, sizeof chunk);
	return options_fail(p, "%s %u: -s must be at least %s (one %s chunk per client)",
	                    c->sweep_levels ? "--clients" : "-c", n, least, chunk);
}

/* "--ver": the long options that a typed prefix (without "=value")
 * matches, comma-separated into buf. Returns how many match; an exact
 * match counts alone. */
static int long_matches(const char *typed, char *buf, size_t cap)
{
	size_t len = strcspn(typed, "=");
	int n = 0;

	buf[0] = '\0';
	for (const struct option *o = long_options; o->name; o++) {
		if (strncmp(o->name, typed, len) != 0)
			continue;
		if (strlen(o->name) == len) {
			snprintf(buf, cap, "--%s", o->name);
			return 1;
		}
		snprintf(buf + strlen(buf), cap - strlen(buf), "%s--%s", n ? ", " : "", o->name);
		n++;
	}
	return n;
}

/* getopt_long's '?' for a long option: ambiguous, given a value it does
 * not take, or unknown. */
static void bad_long_option(struct parser *p, const char *typed)
{
	char names[256];
	int n = long_matches(typed + 2, names, sizeof names);
	size_t len = strcspn(typed, "=");

	if (n > 1)
		options_fail(p, "ambiguous option: %.*s (%s)", (int)len, typed, names);
	else if (n == 1 && typed[len] == '=')
		options_fail(p, "%s: takes no value (got %s)", names, typed);
	else
		options_fail(p, "%.*s: unknown option (bonnie --help lists them)", (int)len, typed);
}

/* Names the option getopt complained about: "-k", or "--frob" as typed
 * (without "=value"). For long options optopt holds an internal number or
 * 0, so the word comes from argv. */
static void bad_option_name(char **argv, int optc, char *buf, size_t cap)
{
	const char *cur = optind > 0 ? argv[optind - 1] : NULL;

	if (optc > 0 && optc < 128) { /* a short option, maybe inside a cluster */
		snprintf(buf, cap, "-%c", optc);
		return;
	}
	snprintf(buf, cap, "%s", cur ? cur : "?");
	buf[strcspn(buf, "=")] = '\0';
}

enum opt_result options_parse(int argc, char **argv, const char *machine_default,
                              struct config *cfg, char *err, size_t errlen)
{
	struct parser p = {cfg, err, errlen, 0};
	int opt, idx;

	defaults(cfg, machine_default);
	getopt_restart();
	while ((opt = getopt_long(argc, argv, short_options, long_options, &idx)) != -1) {
		char name[64];
		int rc;

		if (opt == OPT_LONG_HELP)
			return OPT_HELP;
		if (opt == OPT_LONG_VERSION)
			return OPT_VERSION;
		if (opt == OPT_LONG_LIST_PHASES)
			return OPT_LIST_PHASES;
		/* a long option getopt refused sets optopt to 0 or to its value */
		if (opt == '?' && (optopt == 0 || optopt >= OPT_LONG_HELP) && optind > 0 &&
		    strncmp(argv[optind - 1], "--", 2) == 0) {
			bad_long_option(&p, argv[optind - 1]);
			return OPT_ERROR;
		}
		if (opt == '?' || opt == ':') {
			bad_option_name(argv, optopt, name, sizeof name);
			/* -h is many tools' help: name the one bonnie has */
			options_fail(&p, opt == ':' ? "%s: missing value" : "%s: unknown option (bonnie --help lists them)",
			             name);
			return OPT_ERROR;
		}
		if (opt >= OPT_LONG_HELP)
			rc = apply_long(&p, opt, optarg);
		else
			rc = apply_short(&p, opt, optarg);
		if (rc != 0)
			return OPT_ERROR;
		p.bare_f_end = opt == 'f' && optarg == NULL ? optind : 0;
	}
	if (optind < argc && optind == p.bare_f_end && argv[optind][0] >= '0' && argv[optind][0] <= '9') {
		options_fail(&p, "-f: the per-char size must be attached, as in -f%s (not -f %s)", argv[optind],
		             argv[optind]);
		return OPT_ERROR;
	}
	if (optind < argc) {
		options_fail(&p, "unexpected argument '%s' (options take the form -s 512m)", argv[optind]);
		return OPT_ERROR;
	}
	if (cfg->share && (report_path_is_stdout(cfg->json_path) || report_path_is_stdout(cfg->html_path))) {
		options_fail(&p, "--share and %s %s: only one of them can have standard output",
		             report_path_is_stdout(cfg->json_path) ? "--json" : "--html",
		             report_path_is_stdout(cfg->json_path) ? cfg->json_path : cfg->html_path);
		return OPT_ERROR;
	}
	if (cfg->share && report_path_is_stdout(cfg->kv_path)) {
		options_fail(&p, "--share and --kv %s: only one of them can have standard output", cfg->kv_path);
		return OPT_ERROR;
	}
	if (cfg->concurrency_given && cfg->sweep_levels) {
		options_fail(&p, "-c and --clients: give one of them (--clients sets the client count of each step)");
		return OPT_ERROR;
	}
	if (cfg->sweep_levels && cfg->runs > MAX_SWEEP_RUNS) {
		/* the sweep keeps each count's runs for its spread: more would be
		 * left out of the median it prints */
		options_fail(&p, "--clients keeps each count's runs for its spread: at most -x %u", MAX_SWEEP_RUNS);
		return OPT_ERROR;
	}
	if (cfg->file_size == 0 && cfg->files_k == 0 && cfg->file_size_given) {
		options_fail(&p, "-s 0 and -n 0: nothing to test");
		return OPT_ERROR;
	}
	if (check_clients_size(&p) != 0)
		return OPT_ERROR;
	if (cfg->html_path && cfg->runs > MAX_HTML_RUNS) {
		options_fail(&p, "--html keeps every run in memory: at most -x %u", MAX_HTML_RUNS);
		return OPT_ERROR;
	}
	return OPT_RUN;
}

void options_usage(FILE *out)
{
	fputs(
	"usage: bonnie [-d dir] [-s size[:chunk[:seeks[:procs]]]]\n"
	"              [-n num[:max[:min[:dirs[:chunk]]]]] [-f[size]] [-r ram]\n"
	"              [-m name] [-x runs] [-z seed] [-c clients] [-u user[:group]]\n"
	"              [-q] [-b] [-D] [--json FILE] [--verify] [--[no-]align-probe]\n"
	"              [--no-evict] [--share] [--html FILE] [--kv FILE] [--list-phases]\n"
	"              [--clients LIST] [--phases LIST] [--knee-factor K]\n"
	"              [--lag-floor TIME] [--level-time S] [--start-at WHEN]\n"
	"              [--qd] [--qd-time S] [--qd-engine auto|io_uring|threads]\n"
	"              [--like RESULT]\n"
	"              [--help] [--version]\n"
	"       bonnie compare [--base N] [--threshold X] [--format F]\n"
	"                      [--html FILE] FILE...\n"
	"       bonnie merge [--json FILE] [--html FILE] [-q] FILE...\n"
	"\n"
	"  -d dir     test in a new scratch directory under dir (default: the current\n"
	"             directory), removed at the end\n"
	"  -s size    data file size, MiB unless suffixed k/m/g/t (0 skips I/O tests;\n"
	"             default 4g, a quarter of the free space where less than twice\n"
	"             that is free, 1g a count with --clients, sized by time on a\n"
	"             network share);\n"
	"             chunk: I/O size, power of two 256..1m (default 8k);\n"
	"             seeks (default: as many as 2.5 s allows) shared by procs\n"
	"             workers (default 5)\n"
	"  -n num     file tests with num*1024 files (default: sized so deletes, the\n"
	"             fastest, run about 3.5 s, within a cap on creating time; 0\n"
	"             skips); sizes\n"
	"             uniform in [min, max] bytes (max -1: hard links, -2: symlinks);\n"
	"             dirs subdirectories; chunk: per-file I/O size (default 8k)\n"
	"  -f[size]   bare: skip per-char tests; else per-char size (default: what\n"
	"             2.5 s does, at least 128 chunks; skipped if that takes >15 s)\n"
	"  -r ram     RAM size in MiB to assume for the page-cache warning (0: none)\n"
	"  -m name    machine name for the report (default: short host name)\n"
	"  -x runs    run everything this many times, one CSV line per run, then\n"
	"             a summary: median, min-max, CV, median latencies\n"
	"  -z seed    random seed (echoed in the CSV)\n"
	"  -c clients run N client processes at once, 1..4096 (-s, -f, -n and a\n"
	"             seek count are split exactly; -s needs a chunk per client)\n"
	"  -u user    drop privileges to user[:group] (-g group also accepted)\n"
	"  -q         quiet: CSV alone on stdout, table on stderr\n"
	"  -b         fsync after every write and file operation\n"
	"  -D         O_DIRECT for block write, rewrite, block read and seeks\n"
	, out);
	/* the long options apart: one literal would pass C's 4095-byte floor */
	fputs(
	"  --json FILE      also write results as JSON (- for stdout)\n"
	"  --verify         check every block read back against what was written\n"
	"  --align-probe    measure aligned vs misaligned 4 KiB direct writes\n"
	"  --no-align-probe skip the probe even on 512e (4K physical) disks\n"
	"  --no-evict       do not drop the data file from the page cache before reads\n"
	"  --share          print a paste-ready Markdown block (environment, I/O mode,\n"
	"                   options, table, notes, CSV line) on stdout; progress and\n"
	"                   table go to stderr\n"
	"  --list-phases    print the phases: name, title, unit, CSV fields (from 0),\n"
	"                   words, group; then exit\n"
	"  --html FILE      also write a self-contained HTML report with charts\n"
	"  --kv FILE        also write each run as key=value lines (- for stdout)\n"
	"  --clients LIST   sweep: run at each client count (1,2,4,8) and find the knee\n"
	"  --phases LIST    run only these phases (putc,put_block,...; see bonnie(1))\n"
	"  --knee-factor K  the knee: p99 latency passes K x its lowest before (" STR_OF(DEFAULT_KNEE_FACTOR) ")\n"
	"  --lag-floor TIME ... and this p99, a lag a person notices (" STR_OF(DEFAULT_LAG_FLOOR_MS) "ms; us, ms or\n"
	"                   s; 0: none)\n"
	"  --level-time S   with clients, every phase works for S seconds (creates and\n"
	"                   deletes: or until the first client is done; --clients: 5,\n"
	"                   -c: 0 = one pass, the sizes split)\n"
	"  --qd             add the queue-depth profile (KDiskMark's SEQ1M Q8T1 ...\n"
	"                   RND4K Q1T1; --phases qd: only it)\n"
	"  --qd-time S      end each profile phase after S seconds (5; 0 = one pass)\n"
	"  --qd-engine E    how depth is kept: auto (io_uring, else threads),\n"
	"                   io_uring or threads\n"
	"  --start-at WHEN  start each phase at a planned wall-clock time, the same on\n"
	"                   every host with the same options (UNIX seconds or\n"
	"                   2026-12-02T14:00:00Z); a host started later refuses (2)\n"
	"  --like RESULT    run with the settings of a bonnie JSON, --share post or\n"
	"                   bonnie++ CSV line or table (sizes, counts, phases, -D,\n"
	"                   clients, seed); an option given beside it wins, said\n"
	"\n"
	"With no options, bonnie writes a 4 GiB data file and the file tests' files\n"
	"into a scratch directory under the current directory, which it removes.\n"
	"\n"
	"Exit status: 0 ok, 1 usage, 2 setup, 3 I/O error, 4 interrupted,\n"
	"5 report not written, 6 verification failed.\n", out);
}
