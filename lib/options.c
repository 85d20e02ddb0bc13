/* bonnie++-compatible option parsing (getopt_long) with strict validation. */
#include "options.h"
#include "reportfile.h"
#include "str.h"
#include "units.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__APPLE__) || defined(__FreeBSD__) || defined(__NetBSD__) || defined(__OpenBSD__)
extern int optreset;
#endif

#define MAX_FIELDS 5
#define MAX_FILE_SIZE (1ull << 50)     /* 1 PiB: far beyond any disk, well inside 64 bits */
#define MAX_FILES_K 65536u             /* 64 Mi files */
#define MAX_SEEKS 1000000000u
#define MAX_SEEK_PROCS 256u
#define MAX_RUNS 100000u
/* --html keeps each run's results (361 KiB with the histograms) */
#define MAX_HTML_RUNS 1000u
#define MAX_CONCURRENCY 4096u
#define MAX_DIRS 99999u              /* five-digit directory names, as bonnie++ */
#define MIN_CHUNK 256u
#define MAX_CHUNK (1u << 20)

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
	{NULL, 0, NULL, 0},
};

/* '+': stop at the first non-option (no argv permutation); ':': report
 * missing arguments as ':' so we print our own message. */
static const char short_options[] = "+:d:s:n:f::r:m:x:qbDz:c:u:g:";

struct parser {
	struct config *cfg;
	char *err;
	size_t errlen;
	int bare_f_end; /* optind just after a bare -f, 0 if none */
	bool c_given;   /* -c was on the command line */
};

/* Every message quotes what the user typed: sanitized, so a value with a
 * newline or an escape sequence stays one harmless line. */
static int fail(struct parser *p, const char *fmt, ...)
{
	char raw[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(raw, sizeof raw, fmt, ap);
	va_end(ap);
	if (p->errlen > 0)
		str_sanitize(p->err, p->errlen, raw);
	return -1;
}

/* A character of a machine name that must become '_': a comma, a control
 * character (C0, DEL, C1 U+0080..U+009F) or a byte that is not UTF-8. */
static bool name_char_unsafe(const unsigned char *s, size_t n)
{
	return n == 0 || (n == 1 && (s[0] == ',' || s[0] < 0x20 || s[0] == 0x7f)) ||
	       (n == 2 && s[0] == 0xc2 && s[1] <= 0x9f);
}

void options_sanitize_name(char *dst, size_t cap, const char *name)
{
	const unsigned char *s = (const unsigned char *)name;
	size_t i = 0;

	if (cap == 0)
		return;
	while (*s) {
		size_t n = str_char_len((const char *)s);
		bool unsafe = name_char_unsafe(s, n);
		size_t out = unsafe ? 1 : n;

		if (i + out >= cap)
			break; /* never half a character */
		if (unsafe)
			dst[i] = '_';
		else
			memcpy(dst + i, s, n);
		i += out;
		s += n ? n : 1;
	}
	dst[i] = '\0';
}

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
	c->align_probe = -1;
	c->evict = true;
	options_sanitize_name(c->machine, sizeof c->machine, machine ? machine : "localhost");
}

/* Splits s at ':' into at most max fields (pointers into buf). */
static int split_fields(const char *s, char *buf, size_t cap, char **fields, int max)
{
	int n = 0;
	char *q;

	if (strlen(s) >= cap)
		return -1;
	strcpy(buf, s);
	fields[n++] = buf;
	for (q = buf; *q; q++) {
		if (*q != ':')
			continue;
		if (n == max)
			return -1;
		*q = '\0';
		fields[n++] = q + 1;
	}
	return n;
}

static int parse_size(struct parser *p, const char *opt, const char *what, const char *s,
                      unsigned shift, uint64_t max, uint64_t *out)
{
	enum units_err e = units_parse_size(s, shift, out);

	if (e == UNITS_OK && *out > max)
		e = UNITS_OVERFLOW;
	if (e != UNITS_OK)
		return fail(p, "%s: %s '%s': %s", opt, what, s, units_strerror(e));
	return 0;
}

static int parse_count(struct parser *p, const char *opt, const char *what, const char *s,
                       uint64_t min, uint64_t max, uint32_t *out)
{
	uint64_t v;
	enum units_err e = units_parse_uint(s, &v);

	if (e != UNITS_OK)
		return fail(p, "%s: %s '%s': %s", opt, what, s, units_strerror(e));
	if (v < min || v > max)
		return fail(p, "%s: %s '%s': must be between %llu and %llu", opt, what, s,
		            (unsigned long long)min, (unsigned long long)max);
	*out = (uint32_t)v;
	return 0;
}

static int parse_chunk(struct parser *p, const char *opt, const char *s, uint32_t *out)
{
	uint64_t v;

	if (parse_size(p, opt, "chunk size", s, 0, UINT32_MAX, &v) != 0)
		return -1;
	if (v < MIN_CHUNK || v > MAX_CHUNK || (v & (v - 1)) != 0)
		return fail(p, "%s: chunk size '%s': must be a power of two from 256 to 1m", opt, s);
	*out = (uint32_t)v;
	return 0;
}

static int set_seq_sizes(struct parser *p, const char *arg)
{
	struct config *c = p->cfg;
	char buf[256], *f[4];
	int n = split_fields(arg, buf, sizeof buf, f, 4);

	if (n < 0)
		return fail(p, "-s: '%s': expected size[:chunk[:seeks[:procs]]]", arg);
	if (n > 1 && *f[1] && parse_chunk(p, "-s", f[1], &c->chunk) != 0)
		return -1;
	if (n > 2 && *f[2] && parse_count(p, "-s", "seeks", f[2], 1, MAX_SEEKS, &c->seeks) != 0)
		return -1;
	c->seeks_given = c->seeks_given || (n > 2 && *f[2]);
	if (n > 3 && *f[3] &&
	    parse_count(p, "-s", "seek processes", f[3], 1, MAX_SEEK_PROCS, &c->seek_procs) != 0)
		return -1;
	if (parse_size(p, "-s", "size", f[0], 20, MAX_FILE_SIZE, &c->file_size) != 0)
		return -1;
	if (c->file_size != 0 && c->file_size % c->chunk != 0)
		return fail(p, "-s: size '%s' is not a multiple of the chunk size %u", f[0], c->chunk);
	c->file_size_given = true;
	return 0;
}

/* -n max: a byte size, or -1 (hard links) / -2 (symlinks). */
static int parse_file_max(struct parser *p, const char *s, int64_t *out)
{
	uint64_t v;

	if (strcmp(s, "-1") == 0 || strcmp(s, "-2") == 0) {
		*out = strcmp(s, "-1") == 0 ? FILES_HARD_LINKS : FILES_SYMLINKS;
		return 0;
	}
	if (s[0] == '-')
		return fail(p, "-n: max size '%s': must be a size, -1 (hard links) or -2 (symlinks)", s);
	if (parse_size(p, "-n", "max size", s, 0, MAX_FILE_SIZE, &v) != 0)
		return -1;
	*out = (int64_t)v;
	return 0;
}

static int set_file_tests(struct parser *p, const char *arg)
{
	struct config *c = p->cfg;
	char buf[256], *f[MAX_FIELDS];
	uint64_t v;
	int n = split_fields(arg, buf, sizeof buf, f, MAX_FIELDS);

	if (n < 0)
		return fail(p, "-n: '%s': expected num[:max[:min[:dirs[:chunk]]]]", arg);
	if (parse_count(p, "-n", "number of files (x1024)", f[0], 0, MAX_FILES_K, &c->files_k) != 0)
		return -1;
	c->files_given = true;
	c->file_max = c->file_min = 0;
	if (n > 1 && *f[1] && parse_file_max(p, f[1], &c->file_max) != 0)
		return -1;
	if (n > 2 && *f[2]) {
		if (parse_size(p, "-n", "min size", f[2], 0, MAX_FILE_SIZE, &v) != 0)
			return -1;
		c->file_min = (int64_t)v;
	}
	if (n > 3 && *f[3] && parse_count(p, "-n", "directories", f[3], 0, MAX_DIRS, &c->file_dirs) != 0)
		return -1;
	if (n > 4 && *f[4] && parse_chunk(p, "-n", f[4], &c->file_chunk) != 0)
		return -1;
	if (c->file_max < 0 && c->file_min != 0)
		return fail(p, "-n: min size must be 0 with links (max -1 or -2)");
	if (c->file_max >= 0 && c->file_min > c->file_max)
		return fail(p, "-n: min size %lld is larger than max size %lld",
		            (long long)c->file_min, (long long)c->file_max);
	return 0;
}

static int set_perchar(struct parser *p, const char *arg)
{
	if (arg == NULL) {
		p->cfg->perchar_size = 0;
		return 0;
	}
	return parse_size(p, "-f", "per-char size", arg, 20, MAX_FILE_SIZE, &p->cfg->perchar_size);
}

static int set_machine(struct parser *p, const char *arg)
{
	if (arg[0] == '\0')
		return fail(p, "-m: machine name must not be empty");
	if (strlen(arg) > MAX_MACHINE_NAME)
		return fail(p, "-m: machine name longer than %u bytes", MAX_MACHINE_NAME);
	options_sanitize_name(p->cfg->machine, sizeof p->cfg->machine, arg);
	return 0;
}

static int copy_name(struct parser *p, const char *opt, const char *what, const char *s,
                     size_t len, char *dst, size_t cap)
{
	if (len == 0)
		return fail(p, "%s: %s must not be empty", opt, what);
	if (len >= cap)
		return fail(p, "%s: %s longer than %zu bytes", opt, what, cap - 1);
	memcpy(dst, s, len);
	dst[len] = '\0';
	return 0;
}

static int set_user(struct parser *p, const char *arg)
{
	const char *colon = strchr(arg, ':');
	size_t ulen = colon ? (size_t)(colon - arg) : strlen(arg);
	struct config *c = p->cfg;

	if (copy_name(p, "-u", "user", arg, ulen, c->user, sizeof c->user) != 0)
		return -1;
	if (colon)
		return copy_name(p, "-u", "group", colon + 1, strlen(colon + 1), c->group, sizeof c->group);
	return 0;
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
			return fail(p, "-d: directory must not be empty");
		c->dir = arg;
		return 0;
	case 's': return set_seq_sizes(p, arg);
	case 'n': return set_file_tests(p, arg);
	case 'f': return set_perchar(p, arg);
	case 'r':
		if (parse_size(p, "-r", "RAM size", arg, 20, MAX_FILE_SIZE, &v) != 0)
			return -1;
		c->ram_bytes = v;
		c->ram_given = true;
		return 0;
	case 'm': return set_machine(p, arg);
	case 'x': return parse_count(p, "-x", "number of runs", arg, 1, MAX_RUNS, &c->runs);
	case 'q': c->quiet = true; return 0;
	case 'b': c->sync_each = true; return 0;
	case 'D': c->direct = true; return 0;
	case 'z':
		if (parse_count(p, "-z", "seed", arg, 0, UINT32_MAX, &c->seed) != 0)
			return -1;
		c->seed_given = true;
		return 0;
	case 'c':
		return parse_count(p, "-c", "concurrency", arg, 1, MAX_CONCURRENCY, &c->concurrency);
	case 'g':
		return copy_name(p, "-g", "group", arg, strlen(arg), c->group, sizeof c->group);
	case 'u':
		return set_user(p, arg);
	}
	return fail(p, "internal: unhandled option -%c", opt);
}

/* --clients 1,2,4: increasing client counts, one sweep level each;
 * strictly N(,N)*: no empty count, no leading or trailing comma. */
static int set_sweep(struct parser *p, const char *arg)
{
	struct config *c = p->cfg;
	char buf[512], *f[MAX_SWEEP_LEVELS], *q = buf;
	uint32_t n = 0;

	if (strlen(arg) >= sizeof buf || arg[0] == '\0')
		return fail(p, "--clients: expected a list like 1,2,4,8 (at most %u counts)", MAX_SWEEP_LEVELS);
	strcpy(buf, arg);
	for (;;) {
		char *comma = strchr(q, ',');
		if (n == MAX_SWEEP_LEVELS)
			return fail(p, "--clients: at most %u client counts", MAX_SWEEP_LEVELS);
		if (comma)
			*comma = '\0';
		if (*q == '\0')
			return fail(p, "--clients: '%s': an empty count (expected a list like 1,2,4,8)", arg);
		f[n++] = q;
		if (comma == NULL)
			break;
		q = comma + 1;
	}
	for (uint32_t i = 0; i < n; i++) {
		if (parse_count(p, "--clients", "client count", f[i], 1, MAX_CONCURRENCY, &c->sweep[i]) != 0)
			return -1;
		if (i > 0 && c->sweep[i] <= c->sweep[i - 1])
			return fail(p, "--clients: counts must increase ('%s' after %u)", f[i], c->sweep[i - 1]);
	}
	c->sweep_levels = n;
	return 0;
}

/* Plain decimal: digits, then an optional '.' and digits. Not strtod,
 * which also reads hex (0x10), inf and nan and follows the locale. */
static int parse_plain_decimal(const char *s, double *out)
{
	double v = 0, scale = 1;
	size_t i = 0;

	for (; s[i] >= '0' && s[i] <= '9' && i < 12; i++)
		v = v * 10 + (s[i] - '0');
	if (i == 0 || (s[i] >= '0' && s[i] <= '9'))
		return -1;
	if (s[i] == '.') {
		size_t frac = ++i;
		for (; s[i] >= '0' && s[i] <= '9' && i - frac < 12; i++)
			v += (s[i] - '0') * (scale /= 10);
		if (i == frac)
			return -1;
	}
	if (s[i] != '\0')
		return -1;
	*out = v;
	return 0;
}

static int set_knee(struct parser *p, const char *arg)
{
	double v;

	if (parse_plain_decimal(arg, &v) != 0 || !(v > 1.0 && v <= 1000.0))
		return fail(p, "--knee-factor: '%s': must be a decimal number above 1 and at most 1000", arg);
	p->cfg->knee_factor = v;
	return 0;
}

static int apply_long(struct parser *p, int opt, const char *arg)
{
	struct config *c = p->cfg;

	switch (opt) {
	case OPT_LONG_JSON:
		if (arg[0] == '\0')
			return fail(p, "--json: file name must not be empty (use - for stdout)");
		c->json_path = arg;
		return 0;
	case OPT_LONG_VERIFY: c->verify = true; return 0;
	case OPT_LONG_ALIGN: c->align_probe = 1; return 0;
	case OPT_LONG_NO_ALIGN: c->align_probe = 0; return 0;
	case OPT_LONG_NO_EVICT: c->evict = false; return 0;
	case OPT_LONG_SHARE: c->share = true; return 0;
	case OPT_LONG_HTML:
		if (arg[0] == '\0')
			return fail(p, "--html: file name must not be empty");
		c->html_path = arg;
		return 0;
	case OPT_LONG_CLIENTS: return set_sweep(p, arg);
	case OPT_LONG_PHASES: c->phases_arg = arg; return 0;
	case OPT_LONG_KNEE: return set_knee(p, arg);
	}
	return fail(p, "internal: unhandled long option");
}

/* Every client needs one chunk of data file (phases/client_share.h): a
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
	return fail(p, "%s %u: -s must be at least %s (one %s chunk per client)", c->sweep_levels ? "--clients" : "-c",
	            n, least, chunk);
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
		fail(p, "ambiguous option: %.*s (%s)", (int)len, typed, names);
	else if (n == 1 && typed[len] == '=')
		fail(p, "%s: takes no value (got %s)", names, typed);
	else
		fail(p, "%.*s: unknown option", (int)len, typed);
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
	struct parser p = {cfg, err, errlen, 0, false};
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
			fail(&p, opt == ':' ? "%s: missing value" : "%s: unknown option", name);
			return OPT_ERROR;
		}
		if (opt >= OPT_LONG_HELP)
			rc = apply_long(&p, opt, optarg);
		else
			rc = apply_short(&p, opt, optarg);
		if (rc != 0)
			return OPT_ERROR;
		p.bare_f_end = opt == 'f' && optarg == NULL ? optind : 0;
		p.c_given = p.c_given || opt == 'c';
	}
	if (optind < argc && optind == p.bare_f_end && argv[optind][0] >= '0' && argv[optind][0] <= '9') {
		fail(&p, "-f: the per-char size must be attached, as in -f%s (not -f %s)", argv[optind],
		     argv[optind]);
		return OPT_ERROR;
	}
	if (optind < argc) {
		fail(&p, "unexpected argument '%s' (options take the form -s 512m)", argv[optind]);
		return OPT_ERROR;
	}
	if (cfg->share && (report_path_is_stdout(cfg->json_path) || report_path_is_stdout(cfg->html_path))) {
		fail(&p, "--share and %s %s: only one of them can have standard output",
		     report_path_is_stdout(cfg->json_path) ? "--json" : "--html",
		     report_path_is_stdout(cfg->json_path) ? cfg->json_path : cfg->html_path);
		return OPT_ERROR;
	}
	if (p.c_given && cfg->sweep_levels) {
		fail(&p, "-c and --clients: give one of them (--clients sets the client count of each step)");
		return OPT_ERROR;
	}
	if (cfg->file_size == 0 && cfg->files_k == 0 && cfg->file_size_given) {
		fail(&p, "-s 0 and -n 0: nothing to test");
		return OPT_ERROR;
	}
	if (check_clients_size(&p) != 0)
		return OPT_ERROR;
	if (cfg->html_path && cfg->runs > MAX_HTML_RUNS) {
		fail(&p, "--html keeps every run in memory: at most -x %u", MAX_HTML_RUNS);
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
	"              [--no-evict] [--share] [--html FILE] [--list-phases]\n"
	"              [--clients LIST] [--phases LIST] [--knee-factor K] [--help]\n"
	"              [--version]\n"
	"       bonnie compare [--base N] [--threshold X] [--format F]\n"
	"                      [--html FILE] FILE...\n"
	"\n"
	"  -d dir     test in a new scratch directory under dir (default: .)\n"
	"  -s size    data file size, MiB unless suffixed k/m/g/t (0 skips I/O tests);\n"
	"             chunk: I/O size, power of two 256..1m (default 8k);\n"
	"             seeks (default: as many as 1.2 s allows) shared by procs\n"
	"             workers (default 5)\n"
	"  -n num     file tests with num*1024 files (default: sized so each phase\n"
	"             runs over a second; 0 skips); sizes\n"
	"             uniform in [min, max] bytes (max -1: hard links, -2: symlinks);\n"
	"             dirs subdirectories; chunk: per-file I/O size (default 8k)\n"
	"  -f[size]   bare: skip per-char tests; else per-char size (default 3m)\n"
	"  -r ram     RAM size in MiB to assume (0: no RAM checks)\n"
	"  -m name    machine name for the report (default: host name)\n"
	"  -x runs    run everything this many times, one CSV line per run, then\n"
	"             a summary: median, min-max, CV, median latencies\n"
	"  -z seed    random seed (echoed in the CSV)\n"
	"  -c clients run N client processes at once, 1..4096 (-s, -f, -n and a\n"
	"             seek count are split exactly; -s needs a chunk per client)\n"
	"  -u user    drop privileges to user[:group] (-g group also accepted)\n"
	"  -q         quiet: CSV alone on stdout, table on stderr\n"
	"  -b         fsync after every write and file operation\n"
	"  -D         O_DIRECT for block write, rewrite, block read and seeks\n"
	"  --json FILE      also write results as JSON (- for stdout)\n"
	"  --verify         check every block read back against what was written\n"
	"  --align-probe    measure aligned vs misaligned 4 KiB direct writes\n"
	"  --no-align-probe skip the probe even on 512e (4K physical) disks\n"
	"  --no-evict       do not drop the data file from the page cache before reads\n"
	"  --share          print a paste-ready Markdown block (environment, table,\n"
	"                   CSV line) on stdout; progress and table go to stderr\n"
	"  --list-phases    print the phases: name, title, unit, CSV fields, words,\n"
	"                   group; then exit\n"
	"  --html FILE      also write a self-contained HTML report with charts\n"
	"  --clients LIST   sweep: run at each client count (1,2,4,8) and find the knee\n"
	"  --phases LIST    run only these phases (putc,put_block,...; see bonnie(1))\n"
	"  --knee-factor K  the knee is where p99 latency passes K x its first value (2)\n"
	"\n"
	"Exit status: 0 ok, 1 usage, 2 setup, 3 I/O error, 4 interrupted,\n"
	"5 report not written, 6 verification failed.\n", out);
}
