/* options: defaults, every short and long option with good values, a table
 * of bad command lines (each must name the option in a one-line message),
 * machine-name sanitizing, and repeated parsing (getopt state reset). */
#include "suites.h"
#include "../options/config.h"
#include "../lib/operr.h"
#include "../options/options.h"
#include "../lib/privs.h"
#include "../lib/str.h"

#include <errno.h>
#include <pwd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define MIB ((uint64_t)1 << 20)
#define GIB ((uint64_t)1 << 30)
#define MAX_ARGS 16

/* 10, 64 and 128/129-byte strings for the length limits */
#define A10 "aaaaaaaaaa"
#define A64 A10 A10 A10 A10 A10 A10 "aaaa"
#define A128 A64 A64
#define A129 A128 "a"

/* argv must be writable and must outlive the config (dir and json_path
 * point into it), so it lives here. */
static char arg_store[MAX_ARGS + 1][512];
static char *arg_vec[MAX_ARGS + 2];

static struct config cfg;
static char err[256];

/* Runs options_parse on "bonnie" followed by the NULL-terminated args. */
static enum opt_result parse_with(const char *const *args, const char *machine)
{
	int argc = 0;

	snprintf(arg_store[0], sizeof arg_store[0], "bonnie");
	arg_vec[argc++] = arg_store[0];
	for (; args[argc - 1] != NULL; argc++) {
		ck_assert_int_le(argc, MAX_ARGS);
		ck_assert_uint_lt(strlen(args[argc - 1]), sizeof arg_store[argc]);
		strcpy(arg_store[argc], args[argc - 1]);
		arg_vec[argc] = arg_store[argc];
	}
	arg_vec[argc] = NULL;
	memset(err, 0, sizeof err);
	return options_parse(argc, arg_vec, machine, &cfg, err, sizeof err);
}

static enum opt_result parse(const char *const *args)
{
	return parse_with(args, "testhost");
}

#define ARGS(...) ((const char *const[]){__VA_ARGS__, NULL})
#define NO_ARGS ((const char *const[]){NULL})

/* Asserts a successful parse and shows the message if it was not. */
#define ASSERT_RUN(args) \
	ck_assert_msg(parse(args) == OPT_RUN, "expected OPT_RUN, got error \"%s\"", err)

START_TEST(defaults_without_options)
{
	ASSERT_RUN(NO_ARGS);
	ck_assert_str_eq(cfg.dir, ".");
	ck_assert_uint_eq(cfg.file_size, 0);
	ck_assert(!cfg.file_size_given);
	ck_assert_uint_eq(cfg.chunk, 8192);
	ck_assert_uint_eq(cfg.seeks, 8192);
	ck_assert_uint_eq(cfg.seek_procs, 5);
	ck_assert_uint_eq(cfg.perchar_size, 3 * MIB);
	ck_assert_uint_eq(cfg.files_k, 16);
	ck_assert_uint_eq((uint64_t)cfg.files_k * 1024, 16 * 1024);
	ck_assert_int_eq(cfg.file_max, 0);
	ck_assert_int_eq(cfg.file_min, 0);
	ck_assert_uint_eq(cfg.file_dirs, 0);
	ck_assert_uint_eq(cfg.file_chunk, 8192);
	ck_assert(!cfg.ram_given);
	ck_assert_str_eq(cfg.machine, "testhost");
	ck_assert_uint_eq(cfg.runs, 1);
	ck_assert(!cfg.quiet);
	ck_assert(!cfg.sync_each);
	ck_assert(!cfg.direct);
	ck_assert(!cfg.seed_given);
	ck_assert_uint_eq(cfg.concurrency, 1);
	ck_assert_str_eq(cfg.user, "");
	ck_assert_str_eq(cfg.group, "");
	ck_assert_ptr_null(cfg.json_path);
	ck_assert(!cfg.verify);
	ck_assert_int_eq(cfg.align_probe, -1);
	ck_assert(cfg.evict);
}
END_TEST

/* Counts not given are sized by bonnie; -s with a seeks field and -n are
 * bonnie++'s exact counts. */
START_TEST(given_counts)
{
	const char *none[] = {NULL};
	const char *size_only[] = {"-s", "64m", NULL};
	const char *seeks[] = {"-s", "64m:8k:100", NULL};
	const char *empty_seeks[] = {"-s", "64m:8k::3", NULL};
	const char *files[] = {"-n", "4", NULL};

	ASSERT_RUN(none);
	ck_assert(!cfg.seeks_given && !cfg.files_given);
	ASSERT_RUN(size_only);
	ck_assert(!cfg.seeks_given && !cfg.files_given);
	ASSERT_RUN(seeks);
	ck_assert(cfg.seeks_given);
	ck_assert_uint_eq(cfg.seeks, 100);
	ASSERT_RUN(empty_seeks);
	ck_assert(!cfg.seeks_given);
	ASSERT_RUN(files);
	ck_assert(cfg.files_given && !cfg.seeks_given);
	ck_assert_uint_eq(cfg.files_k, 4);
}
END_TEST

START_TEST(dir_option)
{
	ASSERT_RUN(ARGS("-d", "/mnt/scratch"));
	ck_assert_str_eq(cfg.dir, "/mnt/scratch");
	ASSERT_RUN(ARGS("-d/tmp"));
	ck_assert_str_eq(cfg.dir, "/tmp");
}
END_TEST

struct seq_case {
	const char *arg;
	uint64_t size;
	uint32_t chunk, seeks, procs;
};

/* -s size:chunk:seeks:procs; a bare size is MiB, empty fields keep defaults */
static const struct seq_case seq_cases[] = {
	{"512", 512 * MIB, 8192, 8192, 5},
	{"512m", 512 * MIB, 8192, 8192, 5},
	{"512M", 512 * MIB, 8192, 8192, 5},
	{"2g", 2 * GIB, 8192, 8192, 5},
	{"4096k", 4 * MIB, 8192, 8192, 5},
	{"0", 0, 8192, 8192, 5},
	{"1g:4k", GIB, 4096, 8192, 5},
	{"1g:256", GIB, 256, 8192, 5},       /* smallest chunk */
	{"1g:1m", GIB, 1u << 20, 8192, 5},   /* largest chunk */
	{"1g:1M", GIB, 1u << 20, 8192, 5},
	{"1g:65536", GIB, 65536, 8192, 5},
	{"2g:256:100:3", 2 * GIB, 256, 100, 3},
	{"1g::50", GIB, 8192, 50, 5},
	{"1g:::7", GIB, 8192, 8192, 7},
	{"1g:8k:1:1", GIB, 8192, 1, 1},
	{"1g:8k:1000000000:256", GIB, 8192, 1000000000u, 256},
	{"12k:4k", 12 * 1024, 4096, 8192, 5}, /* a multiple of a smaller chunk */
	{"1t", (uint64_t)1 << 40, 8192, 8192, 5},
};

#define NSEQ_CASES ((int)(sizeof seq_cases / sizeof seq_cases[0]))

START_TEST(seq_sizes_table)
{
	const struct seq_case *c = &seq_cases[_i];

	ck_assert_msg(parse(ARGS("-s", c->arg)) == OPT_RUN, "-s %s: %s", c->arg, err);
	ck_assert(cfg.file_size_given);
	ck_assert_msg(cfg.file_size == c->size, "-s %s: size %llu", c->arg,
	              (unsigned long long)cfg.file_size);
	ck_assert_uint_eq(cfg.chunk, c->chunk);
	ck_assert_uint_eq(cfg.seeks, c->seeks);
	ck_assert_uint_eq(cfg.seek_procs, c->procs);
}
END_TEST

START_TEST(seq_size_attached)
{
	ASSERT_RUN(ARGS("-s1g:16k"));
	ck_assert_uint_eq(cfg.file_size, GIB);
	ck_assert_uint_eq(cfg.chunk, 16384);
}
END_TEST

struct files_case {
	const char *arg;
	uint32_t files_k;
	int64_t max, min;
	uint32_t dirs, chunk;
};

/* -n num:max:min:dirs:chunk; sizes are bytes unless suffixed */
static const struct files_case files_cases[] = {
	{"0", 0, 0, 0, 0, 8192},
	{"16", 16, 0, 0, 0, 8192},
	{"65536", 65536, 0, 0, 0, 8192},
	{"32:1m:1k:10:4k", 32, 1 << 20, 1024, 10, 4096},
	{"1:100:100", 1, 100, 100, 0, 8192},   /* min == max is fine */
	{"1:1k", 1, 1024, 0, 0, 8192},
	{"1:-1", 1, FILES_HARD_LINKS, 0, 0, 8192},
	{"1:-2", 1, FILES_SYMLINKS, 0, 0, 8192},
	{"1:-1:0", 1, FILES_HARD_LINKS, 0, 0, 8192},
	{"1:1k:0:99999", 1, 1024, 0, 99999, 8192},
	{"1:::5", 1, 0, 0, 5, 8192},
	{"1::::256", 1, 0, 0, 0, 256},
	{"1::::1m", 1, 0, 0, 0, 1 << 20},
};

#define NFILES_CASES ((int)(sizeof files_cases / sizeof files_cases[0]))

START_TEST(file_tests_table)
{
	const struct files_case *c = &files_cases[_i];

	ck_assert_msg(parse(ARGS("-n", c->arg)) == OPT_RUN, "-n %s: %s", c->arg, err);
	ck_assert_uint_eq(cfg.files_k, c->files_k);
	ck_assert_int_eq(cfg.file_max, c->max);
	ck_assert_int_eq(cfg.file_min, c->min);
	ck_assert_uint_eq(cfg.file_dirs, c->dirs);
	ck_assert_uint_eq(cfg.file_chunk, c->chunk);
	/* -n leaves the -s chunk alone */
	ck_assert_uint_eq(cfg.chunk, 8192);
}
END_TEST

START_TEST(perchar_option)
{
	/* -f takes its value only when attached; bare -f skips per-char tests */
	ASSERT_RUN(ARGS("-f"));
	ck_assert_uint_eq(cfg.perchar_size, 0);
	ASSERT_RUN(ARGS("-f5"));
	ck_assert_uint_eq(cfg.perchar_size, 5 * MIB);
	ASSERT_RUN(ARGS("-f512k"));
	ck_assert_uint_eq(cfg.perchar_size, 512 * 1024);
	ASSERT_RUN(ARGS("-f1G"));
	ck_assert_uint_eq(cfg.perchar_size, GIB);
	ASSERT_RUN(ARGS("-f0"));
	ck_assert_uint_eq(cfg.perchar_size, 0);
}
END_TEST

START_TEST(ram_option)
{
	ASSERT_RUN(ARGS("-r", "2048"));
	ck_assert(cfg.ram_given);
	ck_assert_uint_eq(cfg.ram_bytes, 2 * GIB);
	ASSERT_RUN(ARGS("-r", "4g"));
	ck_assert_uint_eq(cfg.ram_bytes, 4 * GIB);
	/* 0 is given, and means "no RAM checks" */
	ASSERT_RUN(ARGS("-r", "0"));
	ck_assert(cfg.ram_given);
	ck_assert_uint_eq(cfg.ram_bytes, 0);
}
END_TEST

START_TEST(count_options)
{
	ASSERT_RUN(ARGS("-x", "3"));
	ck_assert_uint_eq(cfg.runs, 3);
	ASSERT_RUN(ARGS("-x", "100000"));
	ck_assert_uint_eq(cfg.runs, 100000);
	ASSERT_RUN(ARGS("-c", "1"));
	ck_assert_uint_eq(cfg.concurrency, 1);
	ASSERT_RUN(ARGS("-c", "4096"));
	ck_assert_uint_eq(cfg.concurrency, 4096);
	ck_assert_uint_eq(cfg.sweep_levels, 0);
	ck_assert(cfg.knee_factor == 2.0);
	ASSERT_RUN(ARGS("--clients", "1,10,50,100,300,700", "--knee-factor", "1.5"));
	ck_assert_uint_eq(cfg.sweep_levels, 6);
	ck_assert_uint_eq(cfg.sweep[0], 1);
	ck_assert_uint_eq(cfg.sweep[5], 700);
	ck_assert(cfg.knee_factor == 1.5);
	ASSERT_RUN(ARGS("--clients", "7", "--knee-factor", "1000"));
	ck_assert_uint_eq(cfg.sweep_levels, 1);
	ck_assert_uint_eq(cfg.sweep[0], 7);
	ck_assert(cfg.knee_factor == 1000.0);
	ASSERT_RUN(ARGS("--clients", "1,2", "-x", "16")); /* the most a sweep keeps */
	ck_assert_uint_eq(cfg.runs, MAX_SWEEP_RUNS);
	ASSERT_RUN(ARGS("-x", "17")); /* without --clients, -x goes on to 100000 */
	ck_assert_uint_eq(cfg.runs, 17);
	ASSERT_RUN(ARGS("--knee-factor", "2.25"));
	ck_assert(cfg.knee_factor == 2.25);
	ck_assert_uint_eq(cfg.lag_floor_ns, 10000000u); /* the default, bonnie.1 */
	ASSERT_RUN(ARGS("--lag-floor", "2.5ms"));
	ck_assert_uint_eq(cfg.lag_floor_ns, 2500000u);
	ASSERT_RUN(ARGS("--lag-floor", "500us"));
	ck_assert_uint_eq(cfg.lag_floor_ns, 500000u);
	ASSERT_RUN(ARGS("--lag-floor", "0.1s"));
	ck_assert_uint_eq(cfg.lag_floor_ns, 100000000u);
	ASSERT_RUN(ARGS("--lag-floor", "0"));
	ck_assert_uint_eq(cfg.lag_floor_ns, 0);
	ck_assert(!cfg.level_given);
	ASSERT_RUN(ARGS("--clients", "1,2", "--level-time", "0.25"));
	ck_assert(cfg.level_given);
	ck_assert_uint_eq(cfg.level_ns, 250000000u);
	ASSERT_RUN(ARGS("-c", "2", "--level-time", "0"));
	ck_assert(cfg.level_given);
	ck_assert_uint_eq(cfg.level_ns, 0);
	ASSERT_RUN(ARGS("--level-time", "3600"));
	ck_assert_uint_eq(cfg.level_ns, 3600000000000u);
	ASSERT_RUN(ARGS("--phases", "put_block,seeks"));
	ck_assert_str_eq(cfg.phases_arg, "put_block,seeks");
	ASSERT_RUN(ARGS("-z", "0"));
	ck_assert(cfg.seed_given);
	ck_assert_uint_eq(cfg.seed, 0);
	ASSERT_RUN(ARGS("-z", "4294967295"));
	ck_assert(cfg.seed_given);
	ck_assert_uint_eq(cfg.seed, UINT32_MAX);
}
END_TEST

START_TEST(flag_options)
{
	ASSERT_RUN(ARGS("-q"));
	ck_assert(cfg.quiet && !cfg.sync_each && !cfg.direct);
	ASSERT_RUN(ARGS("-b"));
	ck_assert(!cfg.quiet && cfg.sync_each && !cfg.direct);
	ASSERT_RUN(ARGS("-D"));
	ck_assert(!cfg.quiet && !cfg.sync_each && cfg.direct);
	ASSERT_RUN(ARGS("-qbD"));
	ck_assert(cfg.quiet && cfg.sync_each && cfg.direct);
}
END_TEST

START_TEST(user_group_options)
{
	ASSERT_RUN(ARGS("-u", "nobody"));
	ck_assert_str_eq(cfg.user, "nobody");
	ck_assert_str_eq(cfg.group, "");
	ASSERT_RUN(ARGS("-u", "nobody:nogroup"));
	ck_assert_str_eq(cfg.user, "nobody");
	ck_assert_str_eq(cfg.group, "nogroup");
	ASSERT_RUN(ARGS("-g", "wheel"));
	ck_assert_str_eq(cfg.user, "");
	ck_assert_str_eq(cfg.group, "wheel");
	ASSERT_RUN(ARGS("-u", "nobody", "-g", "staff"));
	ck_assert_str_eq(cfg.user, "nobody");
	ck_assert_str_eq(cfg.group, "staff");
	/* the longest names that fit the 64-byte fields */
	ASSERT_RUN(ARGS("-u", A10 A10 A10 A10 A10 A10 "abc"));
	ck_assert_uint_eq(strlen(cfg.user), 63);
}
END_TEST

START_TEST(long_options)
{
	ck_assert_int_eq(parse(ARGS("--help")), OPT_HELP);
	ck_assert_int_eq(parse(ARGS("-q", "--help")), OPT_HELP);
	ck_assert_int_eq(parse(ARGS("--version")), OPT_VERSION);

	ASSERT_RUN(ARGS("--json", "out.json"));
	ck_assert_str_eq(cfg.json_path, "out.json");
	ASSERT_RUN(ARGS("--json=-"));
	ck_assert_str_eq(cfg.json_path, "-");

	ASSERT_RUN(ARGS("--verify"));
	ck_assert(cfg.verify);
	ASSERT_RUN(ARGS("--align-probe"));
	ck_assert_int_eq(cfg.align_probe, 1);
	ASSERT_RUN(ARGS("--no-align-probe"));
	ck_assert_int_eq(cfg.align_probe, 0);
	/* the last of the pair wins */
	ASSERT_RUN(ARGS("--no-align-probe", "--align-probe"));
	ck_assert_int_eq(cfg.align_probe, 1);
	ASSERT_RUN(ARGS("--no-evict"));
	ck_assert(!cfg.evict);
	ck_assert(!cfg.verify);
}
END_TEST

START_TEST(files_without_io_and_io_without_files)
{
	/* only both at zero leaves nothing to do */
	ASSERT_RUN(ARGS("-s", "0"));
	ck_assert_uint_eq(cfg.file_size, 0);
	ASSERT_RUN(ARGS("-n", "0"));
	ck_assert_uint_eq(cfg.files_k, 0);
	ASSERT_RUN(ARGS("-s", "0", "-n", "1"));
	ASSERT_RUN(ARGS("-s", "1g", "-n", "0"));
}
END_TEST

struct bad_case {
	const char *args[6];
	const char *names; /* must appear in the message */
};

static const struct bad_case bad_cases[] = {
	/* -s size */
	{{"-s", ""}, "-s"},
	{{"-s", "-5"}, "-s"},
	{{"-s", "1.5g"}, "-s"},
	{{"-s", "2,5m"}, "-s"},
	{{"-s", "12q"}, "-s"},
	{{"-s", "1kk"}, "-s"},
	{{"-s", "18446744073709551616"}, "-s"},
	{{"-s", "17592186044416"}, "-s"},   /* 2^44 MiB overflows 64 bits */
	{{"-s", "2048t"}, "-s"},            /* 2 PiB: beyond any disk */
	/* -s chunk: power of two in [256, 1m] */
	{{"-s", "1g:3000"}, "-s"},
	{{"-s", "1g:12k"}, "-s"},
	{{"-s", "1g:128"}, "-s"},
	{{"-s", "1g:255"}, "-s"},
	{{"-s", "1g:0"}, "-s"},
	{{"-s", "1g:2m"}, "-s"},
	{{"-s", "1g:-8k"}, "-s"},
	{{"-s", "1g:8.5k"}, "-s"},
	/* -s seeks and procs */
	{{"-s", "1g:8k:0"}, "-s"},
	{{"-s", "1g:8k:x"}, "-s"},
	{{"-s", "1g:8k:1000000001"}, "-s"},
	{{"-s", "1g:8k:100:0"}, "-s"},
	{{"-s", "1g:8k:100:257"}, "-s"},
	{{"-s", "1g:8k:100:5:9"}, "-s"},     /* a fifth field */
	/* size not a multiple of the chunk */
	{{"-s", "12k:8k"}, "-s"},
	{{"-s", "1001k"}, "-s"},
	/* -n */
	{{"-n", ""}, "-n"},
	{{"-n", "-1"}, "-n"},
	{{"-n", "1.5"}, "-n"},
	{{"-n", "16k"}, "-n"},
	{{"-n", "65537"}, "-n"},
	{{"-n", "4294967296"}, "-n"},
	{{"-n", "1:10:20"}, "-n"},           /* min > max */
	{{"-n", "1:1k:2k"}, "-n"},
	{{"-n", "1:-1:5"}, "-n"},            /* links take no min */
	{{"-n", "1:-2:1k"}, "-n"},
	{{"-n", "1:-3"}, "-n"},
	{{"-n", "1:1x"}, "-n"},
	{{"-n", "1:1.5k"}, "-n"},
	{{"-n", "1:1k:0:100000"}, "-n"},     /* five-digit directory names */
	{{"-n", "1:1k:0:-1"}, "-n"},
	{{"-n", "1:1k:0:10:3000"}, "-n"},
	{{"-n", "1:1k:0:10:128"}, "-n"},
	{{"-n", "1:1k:0:10:4m"}, "-n"},
	{{"-n", "1:1k:0:10:4k:9"}, "-n"},
	/* -f (attached value only) */
	{{"-f5x"}, "-f"},
	{{"-f-1"}, "-f"},
	{{"-f1.5"}, "-f"},
	{{"-f2048t"}, "-f"},
	/* -r */
	{{"-r", ""}, "-r"},
	{{"-r", "-1"}, "-r"},
	{{"-r", "1.5"}, "-r"},
	{{"-r", "abc"}, "-r"},
	{{"-r", "18446744073709551615"}, "-r"},
	/* -m */
	{{"-m", ""}, "-m"},
	{{"-m", A129}, "-m"},
	/* -x */
	{{"-x", "0"}, "-x"},
	{{"-x", "-1"}, "-x"},
	{{"-x", "100001"}, "-x"},
	{{"-x", "2k"}, "-x"},
	{{"-x", "1.5"}, "-x"},
	{{"-x", ""}, "-x"},
	/* -z: 32 bits */
	{{"-z", "4294967296"}, "-z"},
	{{"-z", "-1"}, "-z"},
	{{"-z", ""}, "-z"},
	{{"-z", "1.5"}, "-z"},
	{{"-z", "0x10"}, "-z"},
	/* -c: 1..4096; --clients: increasing counts; --knee-factor above 1 */
	{{"-c", "0"}, "-c"},
	{{"-c", "4097"}, "-c"},
	{{"--clients", "2,1"}, "--clients"},
	{{"--clients", "0,1"}, "--clients"},
	{{"--clients", ""}, "--clients"},
	{{"--clients", "1,x"}, "--clients"},
	{{"--clients", "1,4097"}, "--clients"},
	{{"--clients", "1,,2"}, "--clients"},  /* an empty count */
	{{"--clients", "1,2,"}, "--clients"},
	{{"--clients", ",1"}, "--clients"},
	{{"--clients", ","}, "--clients"},
	{{"--clients", "0x10"}, "--clients"},
	{{"--clients", "+1,2"}, "--clients"},
	{{"--clients", "1, 2"}, "--clients"},
	{{"-c", "2", "--clients", "1,2"}, "--clients"}, /* which count wins? refused */
	{{"--clients", "1,2", "-c", "2"}, "-c"},
	{{"--clients", "1,2", "-x", "17"}, "at most -x 16"}, /* a sweep keeps 16 runs a count */
	{{"-x", "100000", "--clients", "1"}, "at most -x 16"},
	{{"--knee-factor", "1"}, "--knee-factor"},
	{{"--knee-factor", "x"}, "--knee-factor"},
	{{"--knee-factor", "2x"}, "--knee-factor"},
	{{"--knee-factor", "0x10"}, "--knee-factor"}, /* strtod's hex */
	{{"--knee-factor", "inf"}, "--knee-factor"},
	{{"--knee-factor", "nan"}, "--knee-factor"},
	{{"--knee-factor", "1e1"}, "--knee-factor"},
	{{"--knee-factor", " 2"}, "--knee-factor"},
	{{"--knee-factor", "2."}, "--knee-factor"},
	{{"--knee-factor", ".5"}, "--knee-factor"},
	{{"--knee-factor", "+2"}, "--knee-factor"},
	{{"--lag-floor", "10"}, "--lag-floor"}, /* no unit: which? refused */
	{{"--lag-floor", "10 ms"}, "--lag-floor"},
	{{"--lag-floor", "ms"}, "--lag-floor"},
	{{"--lag-floor", "-1ms"}, "--lag-floor"},
	{{"--lag-floor", "1e1ms"}, "--lag-floor"},
	{{"--lag-floor", "10min"}, "--lag-floor"},
	{{"--lag-floor", "3601s"}, "--lag-floor"},
	{{"--level-time", "3600.5"}, "--level-time"},
	{{"--level-time", "-1"}, "--level-time"},
	{{"--level-time", "x"}, "--level-time"},
	{{"--level-time", ""}, "--level-time"},
	{{"--level-time", "1e1"}, "--level-time"},
	{{"-c", "x"}, "-c"},
	{{"-c", "-1"}, "-c"},
	/* -d, -u, -g */
	{{"-d", ""}, "-d"},
	{{"-u", ""}, "-u"},
	{{"-u", ":staff"}, "-u"},
	{{"-u", "nobody:"}, "-u"},
	{{"-u", A64}, "-u"},
	{{"-u", "nobody:" A64}, "-u"},
	{{"-g", ""}, "-g"},
	{{"-g", A64}, "-g"},
	/* --json */
	{{"--json", ""}, "--json"},
	{{"--json="}, "--json"},
	/* --share and another report on standard output */
	{{"--share", "--json", "-"}, "--share and --json -"},
	{{"--share", "--html", "-"}, "--share and --html -"},
	{{"--share", "--html", "/dev/stdout"}, "--share and --html /dev/stdout"},
	/* unknown options */
	{{"-k"}, "-k"},
	{{"-qk"}, "-k"},
	{{"--frobnicate"}, "--frobnicate"},
	/* missing values */
	{{"-s"}, "-s"},
	{{"-n"}, "-n"},
	{{"-x"}, "-x"},
	{{"-q", "-d"}, "-d"},
	{{"--json"}, "--json"},
	/* a value given to a flag */
	{{"--verify=yes"}, "--verify"},
	/* positional arguments are not accepted (named in the message) */
	{{"positional"}, "'positional'"},
	{{"-q", "extra"}, "'extra'"},
	{{"-f", "5"}, "-f5"}, /* -f takes no separate value */
	/* nothing left to test */
	{{"-s", "0", "-n", "0"}, "-s"},
};

#define NBAD_CASES ((int)(sizeof bad_cases / sizeof bad_cases[0]))

START_TEST(bad_command_lines)
{
	const struct bad_case *c = &bad_cases[_i];
	const char *args[8];
	size_t n = 0;
	char shown[128] = "";

	for (; n < sizeof c->args / sizeof c->args[0] && c->args[n] != NULL; n++) {
		args[n] = c->args[n];
		if (strlen(shown) + strlen(c->args[n]) + 4 < sizeof shown) {
			strcat(shown, " '");
			strcat(shown, c->args[n]);
			strcat(shown, "'");
		}
	}
	args[n] = NULL;

	ck_assert_msg(parse(args) == OPT_ERROR, "%s: accepted", shown);
	ck_assert_msg(err[0] != '\0', "%s: empty message", shown);
	ck_assert_msg(strstr(err, c->names) != NULL, "%s: message \"%s\" does not name %s", shown,
	              err, c->names);
	/* one printable line: no newline or other control character */
	for (const char *p = err; *p; p++)
		ck_assert_msg((unsigned char)*p >= 0x20 && *p != 0x7f,
		              "%s: control character 0x%02x in \"%s\"", shown, (unsigned char)*p, err);
}
END_TEST

/* Every client needs one chunk of data file: a smaller -s is refused with
 * one line naming the least size (issue 20), never silently enlarged. */
START_TEST(clients_need_a_chunk_each)
{
	ck_assert_int_eq(parse(ARGS("-s", "1m", "-c", "1024")), OPT_ERROR);
	ck_assert_str_eq(err, "-c 1024: -s must be at least 8m (one 8k chunk per client)");
	ck_assert_int_eq(parse(ARGS("-s", "1m", "-c", "129")), OPT_ERROR);
	ck_assert_str_eq(err, "-c 129: -s must be at least 1032k (one 8k chunk per client)");
	ck_assert_int_eq(parse(ARGS("-s", "1m", "--clients", "1,2,1500")), OPT_ERROR);
	ck_assert_str_eq(err, "--clients 1500: -s must be at least 12000k (one 8k chunk per client)");
	ASSERT_RUN(ARGS("-s", "1m", "-c", "128"));   /* exactly one chunk each */
	ASSERT_RUN(ARGS("-s", "1m:256", "-c", "4096"));
	ASSERT_RUN(ARGS("-s", "0", "-c", "4096"));    /* no data file at all */
	ASSERT_RUN(ARGS("-c", "4096"));               /* the default size is sized for them */
	ASSERT_RUN(ARGS("-s", "1m", "-n", "1", "-c", "128", "-s", "1m:8k:1")); /* one seek, 128 clients */
}
END_TEST

START_TEST(error_message_respects_errlen)
{
	char small[12];
	char *argv[] = {arg_store[0], arg_store[1], arg_store[2], NULL};

	strcpy(arg_store[0], "bonnie");
	strcpy(arg_store[1], "-s");
	strcpy(arg_store[2], "this-is-not-a-size");
	memset(small, 'X', sizeof small);
	ck_assert_int_eq(options_parse(3, argv, "h", &cfg, small, 8), OPT_ERROR);
	ck_assert_uint_eq(strlen(small), 7);
	ck_assert_int_eq(small[8], 'X');
	ck_assert_int_eq(small[11], 'X');
}
END_TEST

struct name_case {
	const char *in;
	const char *out;
};

static const struct name_case name_cases[] = {
	{"host", "host"},
	{"web-01.example.com", "web-01.example.com"},
	{"a,b", "a_b"},
	{",,", "__"},
	{"a\nb", "a_b"},
	{"a\r\n", "a__"},
	{"tab\there", "tab_here"},
	{"bell\a", "bell_"},
	{"del\x7f", "del_"},
	{"\x1f", "_"},
	{"caf\xc3\xa9", "caf\xc3\xa9"}, /* UTF-8 is neither a comma nor a control */
	{"a\xc2\x9b" "b", "a_b"},          /* C1 control (CSI) in UTF-8 form: one '_' */
	{"a\xff" "b\x9b", "a_b_"},         /* bytes that are not UTF-8 */
	{"\xe4\xb8", "__"},             /* an incomplete sequence */
	{"", ""},
};

#define NNAME_CASES ((int)(sizeof name_cases / sizeof name_cases[0]))

START_TEST(sanitize_name_table)
{
	const struct name_case *c = &name_cases[_i];
	char out[64];

	options_sanitize_name(out, sizeof out, c->in);
	ck_assert_str_eq(out, c->out);
}
END_TEST

START_TEST(sanitize_name_truncates)
{
	char out[8];

	memset(out, 'X', sizeof out);
	options_sanitize_name(out, 4, "abcdef");
	ck_assert_str_eq(out, "abc");
	ck_assert_int_eq(out[4], 'X');
	/* a UTF-8 character that does not fit is left out whole */
	options_sanitize_name(out, 5, "ab\xe4\xb8\xad");
	ck_assert_str_eq(out, "ab");
	/* cap 0 writes nothing */
	options_sanitize_name(out + 5, 0, "abc");
	ck_assert_int_eq(out[5], 'X');
}
END_TEST

START_TEST(machine_names)
{
	/* the default host name is made CSV-safe too */
	ck_assert_int_eq(parse_with(NO_ARGS, "my,host\n"), OPT_RUN);
	ck_assert_str_eq(cfg.machine, "my_host_");

	ASSERT_RUN(ARGS("-m", "rack 3,slot\t4"));
	ck_assert_str_eq(cfg.machine, "rack 3_slot_4");
	ck_assert_ptr_null(strchr(cfg.machine, ','));

	/* exactly MAX_MACHINE_NAME bytes is accepted whole */
	ck_assert_uint_eq(strlen(A128), MAX_MACHINE_NAME);
	ASSERT_RUN(ARGS("-m", A128));
	ck_assert_str_eq(cfg.machine, A128);

	/* a too long default is cut to fit rather than rejected */
	ck_assert_int_eq(parse_with(NO_ARGS, A129 A10), OPT_RUN);
	ck_assert_uint_le(strlen(cfg.machine), MAX_MACHINE_NAME);
	ck_assert_int_eq(strncmp(cfg.machine, A128, strlen(cfg.machine)), 0);
}
END_TEST

START_TEST(parse_twice)
{
	ASSERT_RUN(ARGS("-s", "1g", "-q", "-x", "4", "--verify"));
	ck_assert_uint_eq(cfg.runs, 4);

	/* a second parse starts from defaults and from argv[1] again */
	ASSERT_RUN(ARGS("-b"));
	ck_assert(cfg.sync_each);
	ck_assert(!cfg.quiet);
	ck_assert(!cfg.verify);
	ck_assert(!cfg.file_size_given);
	ck_assert_uint_eq(cfg.runs, 1);

	/* an error in the middle of an option cluster leaves getopt mid-word;
	 * the next parse must not continue from there */
	ck_assert_int_eq(parse(ARGS("-qkb")), OPT_ERROR);
	ASSERT_RUN(ARGS("-D"));
	ck_assert(cfg.direct);
	ck_assert(!cfg.quiet);
	ck_assert(!cfg.sync_each);

	/* and after a missing value at the end of argv */
	ck_assert_int_eq(parse(ARGS("-x")), OPT_ERROR);
	ASSERT_RUN(ARGS("-x", "7"));
	ck_assert_uint_eq(cfg.runs, 7);

	/* the same command line twice gives the same result */
	ASSERT_RUN(ARGS("-s", "2g:4k:99:2", "-n", "4:1k:0:3"));
	ck_assert_uint_eq(cfg.file_size, 2 * GIB);
	ASSERT_RUN(ARGS("-s", "2g:4k:99:2", "-n", "4:1k:0:3"));
	ck_assert_uint_eq(cfg.file_size, 2 * GIB);
	ck_assert_uint_eq(cfg.chunk, 4096);
	ck_assert_uint_eq(cfg.seeks, 99);
	ck_assert_uint_eq(cfg.seek_procs, 2);
	ck_assert_uint_eq(cfg.files_k, 4);
	ck_assert_uint_eq(cfg.file_dirs, 3);
}
END_TEST

/* Messages that say what is wrong, not just "unknown option". */
struct message_case {
	const char *args[4];
	const char *starts;   /* the message starts with this */
	const char *contains; /* and contains this (NULL: nothing more) */
};

static const struct message_case message_cases[] = {
	/* a prefix of several long options is ambiguous, not unknown */
	{{"--ver"}, "ambiguous option: --ver (", "--version"},
	{{"--ver"}, "ambiguous option: --ver (", "--verify"},
	{{"--no"}, "ambiguous option: --no (", "--no-align-probe"},
	{{"--no"}, "ambiguous option: --no (", "--no-evict"},
	{{"--no=1"}, "ambiguous option: --no (", "--no-evict"},
	{{"--verify=yes"}, "--verify: takes no value (got --verify=yes)", NULL},
	{{"--frob"}, "--frob: unknown option", NULL},
	{{"--frob=1"}, "--frob: unknown option", NULL},
	/* a short option after a long one is named as itself */
	{{"--verify", "-kq"}, "-k: unknown option", NULL},
	{{"--verify", "-s"}, "-s: missing value", NULL},
	/* -f's value is attached; a separate number gets told so */
	{{"-f", "5"}, "-f: the per-char size must be attached, as in -f5 (not -f 5)", NULL},
	{{"-qf", "64k"}, "-f: the per-char size must be attached, as in -f64k (not -f 64k)", NULL},
	{{"-f", "x"}, "unexpected argument 'x'", NULL},
	{{"-q", "5"}, "unexpected argument '5'", NULL},
	/* user input is quoted sanitized: escapes, not control characters */
	{{"-s", "1\n\x1b[31m"}, "-s: size '1\\n\\x1b[31m': ", NULL},
	{{"-n", "1:\t"}, "-n: max size '\\t': ", NULL},
	{{"-m", "\x9b"}, NULL, NULL}, /* accepted: -m makes its own '_' */
	{{"\xc2\x9b[2J"}, "unexpected argument '\\xc2\\x9b[2J'", NULL},
	{{"--\x1b[2J"}, "--\\x1b[2J: unknown option", NULL},
	/* -h is many tools' help: the refusal names bonnie's (it did not) */
	{{"-h"}, "-h: unknown option", "bonnie --help"},
	{{"--hlep"}, "--hlep: unknown option", "bonnie --help"},
};

#define NMESSAGE_CASES ((int)(sizeof message_cases / sizeof message_cases[0]))

START_TEST(messages_table)
{
	const struct message_case *c = &message_cases[_i];
	enum opt_result r = parse(c->args);

	if (c->starts == NULL) {
		ck_assert_msg(r == OPT_RUN, "%s: rejected: %s", c->args[0], err);
		return;
	}
	ck_assert_int_eq(r, OPT_ERROR);
	ck_assert_msg(strncmp(err, c->starts, strlen(c->starts)) == 0, "\"%s\" does not start with \"%s\"", err,
	              c->starts);
	if (c->contains)
		ck_assert_msg(strstr(err, c->contains) != NULL, "\"%s\" lacks \"%s\"", err, c->contains);
}
END_TEST

struct sanitize_case {
	const char *in;
	const char *out;
};

static const struct sanitize_case sanitize_cases[] = {
	{"/data/run 1", "/data/run 1"},
	{"a\nb", "a\\nb"},
	{"\t\r", "\\t\\r"},
	{"\x1b[31mred", "\\x1b[31mred"},
	{"del\x7f", "del\\x7f"},
	{"csi\xc2\x9b", "csi\\xc2\\x9b"},          /* UTF-8 encoded C1 control */
	{"caf\xc3\xa9 \xe4\xb8\xad", "caf\xc3\xa9 \xe4\xb8\xad"}, /* UTF-8 kept */
	{"bad\xff\x9b", "bad\\xff\\x9b"},         /* not UTF-8 */
	{"cut\xe4\xb8", "cut\\xe4\\xb8"},         /* incomplete sequence */
	{"back\\slash, comma", "back\\slash, comma"},
	{"evil\xe2\x80\xaetxt.exe", "evil\\xe2\\x80\\xaetxt.exe"}, /* U+202E right-to-left override */
	{"\xe2\x80\xaa\xe2\x81\xa6\xe2\x81\xa9\xd8\x9c", "\\xe2\\x80\\xaa\\xe2\\x81\\xa6\\xe2\\x81\\xa9\\xd8\\x9c"},
	{"line\xe2\x80\xa8sep", "line\\xe2\\x80\\xa8sep"},       /* U+2028 */
	{"\xe2\x80\x94 \xe2\x80\xaf", "\xe2\x80\x94 \xe2\x80\xaf"}, /* em dash, narrow no-break space: kept */
	{"", ""},
};

#define NSANITIZE_CASES ((int)(sizeof sanitize_cases / sizeof sanitize_cases[0]))

START_TEST(sanitize_message_table)
{
	const struct sanitize_case *c = &sanitize_cases[_i];
	char out[64], again[64];

	ck_assert(str_sanitize(out, sizeof out, c->in));
	ck_assert_str_eq(out, c->out);
	/* idempotent: a message sanitized twice reads the same */
	ck_assert(str_sanitize(again, sizeof again, out));
	ck_assert_str_eq(again, out);
}
END_TEST

START_TEST(sanitize_message_truncates_whole)
{
	char out[16];

	memset(out, 'X', sizeof out);
	/* an escape or a UTF-8 character that does not fit is left out whole */
	ck_assert(!str_sanitize(out, 6, "abc\x1b"));
	ck_assert_str_eq(out, "abc");
	ck_assert(!str_sanitize(out, 6, "abcd\xe4\xb8\xad"));
	ck_assert_str_eq(out, "abcd");
	ck_assert(str_sanitize(out, 8, "abc\x1b"));
	ck_assert_str_eq(out, "abc\\x1b");
}
END_TEST

/* Paths in operation errors (-d and all below it) come out sanitized. */
START_TEST(operation_error_path_sanitized)
{
	struct op_error e = {0};
	char msg[256];

	op_error_set(&e, ENOENT, "stat", "/tmp/a\nb\x1b[2J", -1);
	op_error_format(&e, msg, sizeof msg);
	ck_assert_str_eq(msg, "stat /tmp/a\\nb\\x1b[2J: No such file or directory");
}
END_TEST

/* -u user:group by someone who is user but not in group: the group is
 * what only root can switch to. Root runs the check in a child that has
 * become nobody. */
START_TEST(unprivileged_group_is_named)
{
	struct passwd *pw = getpwnam("nobody");
	char msg[256] = "", user[64];
	int fds[2], status;
	pid_t pid;

	if (geteuid() != 0) {
		ck_assert_ptr_nonnull((pw = getpwuid(geteuid())));
		if (getegid() == 0)
			return; /* already in group root: nothing to refuse */
		snprintf(user, sizeof user, "%s", pw->pw_name);
		ck_assert_int_eq(privs_drop(user, "root", msg, sizeof msg), -1);
		ck_assert_str_eq(msg, "-u: only root can switch to group root");
		return;
	}
	ck_assert_ptr_nonnull(pw);
	ck_assert_int_eq(pipe(fds), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		int rc = -2;
		if (setgid(pw->pw_gid) == 0 && setuid(pw->pw_uid) == 0)
			rc = privs_drop("nobody", "root", msg, sizeof msg);
		if (write(fds[1], msg, strlen(msg) + 1) < 0 || rc != -1)
			_exit(1);
		_exit(0);
	}
	close(fds[1]);
	ck_assert_int_gt(read(fds[0], msg, sizeof msg - 1), 0);
	close(fds[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child: %s", msg);
	ck_assert_str_eq(msg, "-u: only root can switch to group root");
}
END_TEST

/* The run's --help lists each command's options as that command takes
 * them: merge writes --html (its own usage said so; the run's did not). */
START_TEST(help_lists_every_command_option)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(f);
	options_usage(f);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(text, "bonnie merge [--json FILE] [--html FILE] [-q] FILE...\n"));
	ck_assert_ptr_nonnull(strstr(text, "bonnie compare [--base N] [--threshold X] [--format F]\n"
	                                   "                      [--html FILE] FILE...\n"));
	free(text);
}
END_TEST

Suite *suite_options(void)
{
	Suite *s = suite_create("options");
	TCase *good = tcase_create("good");
	TCase *bad = tcase_create("bad");
	TCase *names = tcase_create("names");

	tcase_add_test(good, defaults_without_options);
	tcase_add_test(good, dir_option);
	tcase_add_test(good, given_counts);
	tcase_add_loop_test(good, seq_sizes_table, 0, NSEQ_CASES);
	tcase_add_test(good, seq_size_attached);
	tcase_add_loop_test(good, file_tests_table, 0, NFILES_CASES);
	tcase_add_test(good, perchar_option);
	tcase_add_test(good, ram_option);
	tcase_add_test(good, count_options);
	tcase_add_test(good, flag_options);
	tcase_add_test(good, user_group_options);
	tcase_add_test(good, long_options);
	tcase_add_test(good, files_without_io_and_io_without_files);
	tcase_add_test(good, parse_twice);
	suite_add_tcase(s, good);

	tcase_add_loop_test(bad, bad_command_lines, 0, NBAD_CASES);
	tcase_add_test(bad, clients_need_a_chunk_each);
	tcase_add_test(bad, error_message_respects_errlen);
	tcase_add_loop_test(bad, messages_table, 0, NMESSAGE_CASES);
	tcase_add_test(bad, help_lists_every_command_option);
	tcase_add_loop_test(bad, sanitize_message_table, 0, NSANITIZE_CASES);
	tcase_add_test(bad, sanitize_message_truncates_whole);
	tcase_add_test(bad, operation_error_path_sanitized);
	tcase_add_test(bad, unprivileged_group_is_named);
	suite_add_tcase(s, bad);

	tcase_add_loop_test(names, sanitize_name_table, 0, NNAME_CASES);
	tcase_add_test(names, sanitize_name_truncates);
	tcase_add_test(names, machine_names);
	suite_add_tcase(s, names);
	return s;
}
