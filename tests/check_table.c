/* The human table: bonnie++ 2.00a's layout, exact text for a hand-computed
 * run, blank cells for phases that did not run, the low-confidence mark,
 * and the same text under a comma-decimal locale. */
#include "suites.h"
#include "util_synth.h"
#include "../options/options.h"
#include "../lib/str.h"
#include "../lib/units.h"
#include "../input/bonnie_heads.h"
#include "../input/input.h"
#include "../report/report.h"
#include "../report/model/view.h"

#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MS 1000000ull

static struct run_result run;
static struct config cfg;

static void setup(void)
{
	synth_config(&cfg);
	synth_full_run(&run);
	/* 99%, not the synthetic 100%: a marked cell with a two-digit %CPU,
	 * so the table keeps bonnie++'s layout (a three-digit one widens its
	 * block: mark_stays_apart_from_three_digit_cpu) */
	run.phase[PHASE_RAN_STAT].cpu_ns = 9900000;
}

/* "Version x.y.z" padded to bonnie++'s 20-column label. */
static const char *version_label(void)
{
	static char buf[64];

	snprintf(buf, sizeof buf, "%-19s ", "Version " BONNIE_VERSION);
	return buf;
}

static char *expected_full(void)
{
	static char buf[4096];

	snprintf(buf, sizeof buf,
	         "%s------Sequential Output------ --Sequential Input- --Random-\n"
	         "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
	         "Name:Size etc        /sec %%CP  /sec %%CP  /sec %%CP  /sec %%CP  /sec %%CP  /sec %%CP\n"
	         "vm             512M  512k  99  320m  78  640m  65  512k  99  2.0g~ 40  8816  32\n"
	         "Latency             28168us     598us     279us   23885us     705us   21617us\n"
	         "  p99               28168us     598us     279us   23885us     705us   21617us\n"
	         "  median            28168us     598us     279us   23885us     705us   21617us\n"
	         "Before sync /sec               427m      800m\n"
	         "Sync time                       400ms     160ms\n"
	         "%s------Sequential Create------ --------Random Create--------\n"
	         "vm                  -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
	         "              files  /sec %%CP  /sec %%CP  /sec %%CP  /sec %%CP  /sec %%CP  /sec %%CP\n"
	         "                  4  4096  92 40960~ 99  8192  50  2048  68  409k~ 99 16384~ 80\n"
	         "Latency             17315us     185us    1085us   37609us     147us   11964us\n"
	         "  p99               17315us     185us    1085us   37609us     147us   11964us\n"
	         "  median            17315us     185us    1085us   37609us     147us   11964us\n"
	         "Before sync /sec     8192                          4096\n"
	         "Sync time             500ms                        1000ms\n"
	         "~  ran under 0.5 s: low confidence\n"
	         "   data file: its size was given with -s; a larger -s runs longer\n"
	         "   file phases: their count was given with -n; a larger -n runs them longer\n",
	         version_label(), version_label());
	return buf;
}

START_TEST(full_table_exact)
{
	char *text = synth_capture_table(&cfg, &run);

	ck_assert_str_eq(text, expected_full());
	free(text);
}
END_TEST

/* Every line has bonnie++'s width: 19 + 6 x 10 columns, and its Latency
 * rows 18 + 9 + 5 x 10 (as bon_csv2txt prints them). */
START_TEST(rows_keep_their_columns)
{
	char *text = synth_capture_table(&cfg, &run), *line, *save;
	int rows = 0;

	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '~' || (strncmp(line, "   ", 3) == 0 && line[3] != ' '))
			continue; /* the legend and, under '~', what sized the short phases */
		bool lat_row = strncmp(line, "Latency", 7) == 0 || strncmp(line, "  p", 3) == 0 ||
		               strncmp(line, "  median", 8) == 0;
		size_t want = lat_row ? 77 : 79;
		if (strncmp(line, "Before", 6) == 0 || strncmp(line, "Sync", 4) == 0)
			continue; /* our own rows, trailing blanks trimmed */
		ck_assert_msg(strlen(line) == want, "line of %zu columns: '%s'", strlen(line), line);
		rows++;
	}
	ck_assert_int_eq(rows, 14);
	free(text);
}
END_TEST

START_TEST(io_only_and_files_only)
{
	char *text;
	char argv_s0[][8] = {"bonnie", "-s", "0", "-n", "2", "-m", "vm"};
	char argv_n0[][8] = {"bonnie", "-s", "512m", "-n", "0", "-m", "vm"};
	char *a0[] = {argv_s0[0], argv_s0[1], argv_s0[2], argv_s0[3], argv_s0[4], argv_s0[5], argv_s0[6], NULL};
	char *a1[] = {argv_n0[0], argv_n0[1], argv_n0[2], argv_n0[3], argv_n0[4], argv_n0[5], argv_n0[6], NULL};
	char err[256];

	ck_assert_int_eq(options_parse(7, a0, "x", &cfg, err, sizeof err), OPT_RUN);
	text = synth_capture_table(&cfg, &run);
	ck_assert_ptr_null(strstr(text, "Sequential Output"));
	ck_assert_ptr_nonnull(strstr(text, "Sequential Create"));
	ck_assert_ptr_nonnull(strstr(text, "\n                  2  4096  92"));
	free(text);
	ck_assert_int_eq(options_parse(7, a1, "x", &cfg, err, sizeof err), OPT_RUN);
	text = synth_capture_table(&cfg, &run);
	ck_assert_ptr_nonnull(strstr(text, "Sequential Output"));
	ck_assert_ptr_null(strstr(text, "Sequential Create"));
	free(text);
}
END_TEST

/* A run stopped before bonnie sized its file count shows no file block:
 * its count would be the default the sizing starts from, never used. */
START_TEST(no_file_block_before_the_count_was_sized)
{
	char *text;
	char args[][8] = {"bonnie", "-s", "512m", "-m", "vm"};
	char *a[] = {args[0], args[1], args[2], args[3], args[4], NULL};
	char err[256];

	ck_assert_int_eq(options_parse(5, a, "x", &cfg, err, sizeof err), OPT_RUN);
	run.interrupted = true;
	run.counts.files_auto = true;
	run.counts.files_k = 0;
	for (int i = PHASE_SEQ_CREATE; i < PHASE_COUNT; i++)
		run.phase[i].status = PHASE_NOT_RUN;
	text = synth_capture_table(&cfg, &run);
	ck_assert_ptr_nonnull(strstr(text, "Sequential Output"));
	ck_assert_ptr_null(strstr(text, "Sequential Create"));
	free(text);
}
END_TEST

START_TEST(phases_not_run_are_blank)
{
	char *text;

	run.phase[PHASE_PUTC].status = PHASE_NOT_RUN;
	run.phase[PHASE_GETC].status = PHASE_FAILED;
	text = synth_capture_table(&cfg, &run);
	ck_assert_ptr_nonnull(strstr(text, "\nvm             512M            320m  78  640m  65            2.0g~ 40  8816  32\n"));
	ck_assert_ptr_nonnull(strstr(text, "\nLatency                         598us     279us               705us   21617us\n"));
	free(text);
}
END_TEST

START_TEST(no_mark_no_note_when_all_long_enough)
{
	char *text;

	for (int i = 0; i < PHASE_COUNT; i++)
		if (run.phase[i].elapsed_ns < 500 * MS)
			run.phase[i].elapsed_ns = 500 * MS;
	text = synth_capture_table(&cfg, &run);
	ck_assert_ptr_null(strchr(text, '~'));
	free(text);
}
END_TEST

START_TEST(long_machine_name_is_cut_to_fit)
{
	char *text;

	snprintf(cfg.machine, sizeof cfg.machine, "a-very-long-machine-name.example.org");
	text = synth_capture_table(&cfg, &run);
	ck_assert_ptr_nonnull(strstr(text, "\na-very-long-ma 512M  512k"));
	ck_assert_ptr_nonnull(strstr(text, "\na-very-long-machine -Create--"));
	free(text);
}
END_TEST

START_TEST(notes_for_buffered_and_not_evicted)
{
	char *text;

	run.phase[PHASE_PUTC].flags |= RESULT_BUFFERED;
	run.phase[PHASE_GET_BLOCK].flags |= RESULT_NOT_EVICTED;
	text = synth_capture_table(&cfg, &run);
	ck_assert_ptr_nonnull(strstr(text, "per-char phases cannot use O_DIRECT and ran buffered"));
	ck_assert_ptr_nonnull(strstr(text, "page cache not dropped"));
	free(text);
}
END_TEST

/* A mark next to a three-digit %CPU would read as one number ("409k~100",
 * "93821c104"): that block's %CP columns are one wider, its headings and
 * rows with them, and the other block keeps bonnie++'s layout. */
START_TEST(mark_stays_apart_from_three_digit_cpu)
{
	char *text;

	run.phase[PHASE_RAN_STAT].cpu_ns = 10 * MS;
	text = synth_capture_table(&cfg, &run);
	ck_assert_ptr_nonnull(strstr(text, "\nvm             512M  512k  99  320m  78  640m  65  512k  99  2.0g~ 40  8816  32\n"));
	ck_assert_msg(strstr(text, "------Sequential Create--------- --------Random Create-----------\n"
	                           "vm                  -Create--- --Read---- -Delete--- -Create--- --Read---- -Delete---\n"
	                           "              files  /sec  %CP  /sec  %CP  /sec  %CP  /sec  %CP  /sec  %CP  /sec  %CP\n"
	                           "                  4  4096   92 40960~  99  8192   50  2048   68  409k~ 100 16384~  80\n"
	                           "Latency              17315us      185us     1085us    37609us      147us    11964us\n")
	              != NULL, "no wider file block in:\n%s", text);
	ck_assert_ptr_nonnull(strstr(text, "\nBefore sync /sec     8192                             4096\n"));
	ck_assert_ptr_null(strstr(text, "~100"));
	free(text);
}
END_TEST

START_TEST(comma_locale_does_not_change_the_table)
{
	char *after;

	synth_enter_comma_locale();
	after = synth_capture_table(&cfg, &run);
	setlocale(LC_ALL, "C");
	ck_assert_str_eq(after, expected_full());
	free(after);
}
END_TEST

/* The line of text starting with label, copied into buf. */
static void line_of(const char *text, const char *label, char *buf, size_t len)
{
	const char *p = strstr(text, label);

	ck_assert_ptr_nonnull(p);
	snprintf(buf, len, "%.*s", (int)strcspn(p, "\n"), p);
}

/* Cells of a latency-style row: label in 17 columns, then " %9s" each,
 * trailing blanks dropped. */
static void expect_row(char *buf, size_t len, const char *label, const char *const cells[6])
{
	size_t n = (size_t)snprintf(buf, len, "%-17s", label);

	for (int i = 0; i < 6; i++)
		n += (size_t)snprintf(buf + n, len - n, " %9s", cells[i]);
	while (n > 0 && buf[n - 1] == ' ')
		buf[--n] = '\0';
}

static const char *pct_text(const struct phase_result *r, double p, char *buf, size_t len)
{
	units_format_latency(hist_percentile(&r->latency, p), buf, len);
	return buf;
}

/* 1000 block writes of 1..1000 us, 999 seeks of 10..9990 us, the other
 * phases 100 operations of one latency: p99.9 needs 1000 operations, p99
 * a hundred. */
START_TEST(percentile_rows)
{
	char *text, got[256], want[256], a[32], b[32], c[32];
	struct phase_result *w = &run.phase[PHASE_PUT_BLOCK], *sk = &run.phase[PHASE_SEEKS];

	hist_init(&w->latency);
	for (uint64_t i = 1; i <= 1000; i++)
		hist_add(&w->latency, i * 1000);
	hist_init(&sk->latency);
	for (uint64_t i = 1; i <= 999; i++)
		hist_add(&sk->latency, i * 10000);
	text = synth_capture_table(&cfg, &run);
	{
		const char *cells[6] = {"", pct_text(w, 99.9, a, sizeof a), "", "", "", ""};
		expect_row(want, sizeof want, "  p99.9", cells);
		line_of(text, "  p99.9", got, sizeof got);
		ck_assert_str_eq(got, want);
	}
	{
		const char *cells[6] = {"28168us", pct_text(w, 99, a, sizeof a), "279us", "23885us", "705us",
		                        pct_text(sk, 99, b, sizeof b)};
		expect_row(want, sizeof want, "  p99", cells);
		line_of(text, "  p99 ", got, sizeof got);
		ck_assert_str_eq(got, want);
	}
	{
		const char *cells[6] = {"28168us", pct_text(w, 50, a, sizeof a), "279us", "23885us", "705us",
		                        pct_text(sk, 50, c, sizeof c)};
		expect_row(want, sizeof want, "  median", cells);
		line_of(text, "  median", got, sizeof got);
		ck_assert_str_eq(got, want);
	}
	/* the histogram's answers are within its error bound (1/128) of the true
	 * values: the 500th of 1..1000 us, the 990th of 10..9990 us */
	ck_assert_uint_le(labs((long)hist_percentile(&w->latency, 50) - 500000), 500000 / 128);
	ck_assert_uint_le(labs((long)hist_percentile(&sk->latency, 99) - 9900000), 9900000 / 128);
	free(text);
}
END_TEST

START_TEST(device_row_and_cached_note)
{
	char *text, got[256], want[256];
	const char *cells[6] = {"", "100%", "", "", "cached", ""};

	run.phase[PHASE_PUT_BLOCK].dev = (struct dev_io){.valid = true, .write_bytes = 512ull << 20};
	run.phase[PHASE_GET_BLOCK].read_bytes = 512ull << 20;
	run.phase[PHASE_GET_BLOCK].dev = (struct dev_io){.valid = true, .read_bytes = 16ull << 20};
	text = synth_capture_table(&cfg, &run);
	expect_row(want, sizeof want, "From device", cells);
	line_of(text, "From device", got, sizeof got);
	ck_assert_str_eq(got, want);
	ck_assert_ptr_nonnull(strstr(text, "cached: get_block read 3% of its data from the device"));
	free(text);
}
END_TEST

/* A read phase whose device read more than the phase: the note names the
 * read-ahead and its device, with the share uncapped, and so does the cell
 * (it stopped at 999% with no mark while the note said 2000%). */
static void json_of_run(char **text)
{
	size_t len;
	struct json j;
	FILE *out = open_memstream(text, &len);

	ck_assert_ptr_nonnull(out);
	json_init(&j, out);
	struct run_records *rec = view_records_new();
	ck_assert_ptr_nonnull(rec);
	view_records_of(&run, NULL, rec);
	report_json_run(&j, synth_view(&cfg, &run), rec, NULL);
	free(rec);
	fclose(out);
}

/* The queue-depth profile in one unit (MiB/s, as the HTML page and
 * --share have it; the text said MB/s, 3317.98 where the page said
 * 3164.3 MiB/s) with IOPS, and the depth gain of each pair of rows under
 * it: the profile's answer. A pair with a short row is inconclusive. */
START_TEST(qd_block_in_mib_with_depth_gains)
{
	const uint64_t s = 1000 * MS, mib = 1ull << 20;
	char *text;

	synth_phase(&run, PHASE_SEQ1M_Q8T1_READ, 3000 * mib, s, s / 10, 1000);
	synth_phase(&run, PHASE_SEQ1M_Q1T1_READ, 1000 * mib, s, s / 10, 1000);
	synth_phase(&run, PHASE_SEQ1M_Q8T1_WRITE, 900 * mib, s, s / 10, 1000);
	synth_phase(&run, PHASE_SEQ1M_Q1T1_WRITE, 1000 * mib, s, s / 10, 1000);
	synth_phase(&run, PHASE_RND4K_Q32T1_READ, 37000 * 4096ull, s, s / 10, 1000);
	synth_phase(&run, PHASE_RND4K_Q1T1_READ, 10000 * 4096ull, s, s / 10, 1000);
	synth_phase(&run, PHASE_RND4K_Q32T1_WRITE, 4000 * 4096ull, 400 * MS, s / 10, 1000); /* short: '~' */
	synth_phase(&run, PHASE_RND4K_Q1T1_WRITE, 3000 * 4096ull, s, s / 10, 1000);
	text = synth_capture_table(&cfg, &run);
	ck_assert_ptr_nonnull(strstr(text, "MiB/s      IOPS %CP"));
	ck_assert_ptr_null(strstr(text, "MB/s"));
	ck_assert_ptr_nonnull(strstr(text, "\nSEQ1M Q8T1 read        3000.0       3000 "));
	ck_assert_ptr_nonnull(strstr(text, "\nRND4K Q32T1 read        144.5      37000 "));
	ck_assert_ptr_nonnull(strstr(text, "\ndepth gain, SEQ1M read: 3.0x the IOPS at Q8 as at Q1 (3000 against 1000 IOPS)\n"
	                                   "depth gain, SEQ1M write: 0.9x the IOPS at Q8 as at Q1 (900 against 1000 IOPS)\n"
	                                   "depth gain, RND4K read: 3.7x the IOPS at Q32 as at Q1 (37000 against 10000 IOPS)\n"
	                                   "depth gain, RND4K write: Q32 against Q1 is inconclusive: a row is marked (under "
	                                   "0.5 s)\n"));
	free(text);
}
END_TEST

START_TEST(read_ahead_note_gives_the_whole_share)
{
	char *text, row[256];

	run.phase[PHASE_GETC].read_bytes = 1ull << 20;
	run.phase[PHASE_GETC].dev = (struct dev_io){.valid = true, .read_bytes = 3303015, .read_ahead_kb = 8192};
	snprintf(run.phase[PHASE_GETC].dev.read_ahead_dev, sizeof run.phase[PHASE_GETC].dev.read_ahead_dev, "vda");
	run.phase[PHASE_GET_BLOCK].read_bytes = 1ull << 20;
	run.phase[PHASE_GET_BLOCK].dev = (struct dev_io){.valid = true, .read_bytes = 20ull << 20};
	run.phase[PHASE_REWRITE].read_bytes = 32ull << 20;
	run.phase[PHASE_REWRITE].dev = (struct dev_io){.valid = true, .read_bytes = 161ull << 20, .read_ahead_kb = 8192};
	snprintf(run.phase[PHASE_REWRITE].dev.read_ahead_dev, sizeof run.phase[PHASE_REWRITE].dev.read_ahead_dev, "vda");
	text = synth_capture_table(&cfg, &run);
	/* 129 MiB more than rewrite read: more than two 8 MiB windows */
	ck_assert_ptr_nonnull(strstr(text, "other reads: rewrite read 503% of its data from the device, more than "
	                                   "read_ahead_kb 8192 on /dev/vda explains: other readers of the device count too\n"));
	ck_assert_ptr_nonnull(strstr(text, "readahead: getc read 315% of its data from the device (read_ahead_kb 8192 on "
	                                   "/dev/vda)\n"));
	/* no read_ahead_kb known: the reason without the figure */
	ck_assert_ptr_nonnull(strstr(text, "other reads: get_block read 2000% of its data from the device: read-ahead or "
	                                   "other readers of the device\n"));
	line_of(text, "From device", row, sizeof row);
	ck_assert_ptr_nonnull(strstr(row, " 315%"));
	ck_assert_ptr_nonnull(strstr(row, " 2000%"));
	ck_assert_ptr_null(strstr(row, "999%"));
	ck_assert_ptr_null(strstr(text, "From device >"));
	free(text);
	json_of_run(&text);
	/* the JSON gives the share whole, and the read-ahead behind it */
	ck_assert_ptr_nonnull(strstr(text, "\"served_percent\": 2000,\n"));
	ck_assert_ptr_nonnull(strstr(text, "\"served_percent\": 315,\n        \"read_ahead_kb\": 8192,"));
	free(text);
}
END_TEST

/* A write phase whose devices wrote more than a 9-character cell holds:
 * the cell says over (">9999999%"), a line says what the mark means, and
 * the note gives the figure whole. */
START_TEST(device_share_over_the_cell)
{
	char *text, row[256];

	run.phase[PHASE_PUT_BLOCK].bytes = 1ull << 20;
	run.phase[PHASE_PUT_BLOCK].dev = (struct dev_io){.valid = true, .write_bytes = 1ull << 40};
	text = synth_capture_table(&cfg, &run);
	line_of(text, "From device", row, sizeof row);
	ck_assert_ptr_nonnull(strstr(row, " >9999999%"));
	ck_assert_ptr_nonnull(strstr(text, "other writes: during put_block the devices wrote 104857600% of its data"));
	ck_assert_ptr_nonnull(strstr(text, "\nFrom device >9999999%: more than the cell holds; the notes above give each "
	                                   "figure\n"));
	free(text);
}
END_TEST

/* ---- alignment with long -n labels and multibyte machine names ---- */

/* The synthetic run's cells after the 19-column label of each data row. */
#define IO_CELLS "  512k  99  320m  78  640m  65  512k  99  2.0g~ 40  8816  32"
#define FILE_CELLS "  4096  92 40960~ 99  8192  50  2048  68  409k~ 99 16384~ 80"
#define CREATE_HEAD " -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--"

static void config_with(const char *nspec, const char *machine)
{
	char a0[] = "bonnie", a1[] = "-s", a2[] = "512m", a3[] = "-n", a4[96], a5[] = "-z", a6[] = "12345",
	     a7[] = "-m", a8[160];
	char *argv[] = {a0, a1, a2, a3, a4, a5, a6, a7, a8, NULL};
	char err[256];

	snprintf(a4, sizeof a4, "%s", nspec);
	snprintf(a8, sizeof a8, "%s", machine);
	ck_assert_msg(options_parse(9, argv, "host", &cfg, err, sizeof err) == OPT_RUN, "%s", err);
}

/* Every data and header row of both blocks is 79 screen columns wide. */
static void assert_rows_aligned(const char *text)
{
	char *copy = strdup(text), *line, *save;
	int rows = 0;

	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		size_t cols;
		if (strstr(line, "/sec %CP") == NULL && strstr(line, "-Per Chr-") == NULL &&
		    strstr(line, CREATE_HEAD) == NULL && strstr(line, IO_CELLS) == NULL && strstr(line, FILE_CELLS) == NULL)
			continue;
		str_fit_columns(line, SIZE_MAX, &cols);
		ck_assert_msg(cols == 79, "row of %zu columns: '%s'", cols, line);
		rows++;
	}
	ck_assert_int_eq(rows, 6);
	free(copy);
}

struct label_case {
	const char *nspec;
	const char *label; /* the file row's 19 columns */
	const char *note;  /* NULL: the full spec fits, no note */
};

static const struct label_case label_cases[] = {
	{"4", "                  4", NULL},
	{"1:100k:50k:2", "   1:102400:51200/2", NULL},
	{"16:0:0:99999:4k", "      16/99999:4096", NULL},
	/* too long with the chunk: bonnie++'s label, which never shows it */
	{"1:100k:50k:2:1m", "   1:102400:51200/2", "files: 1:102400:51200/2:1048576, shown as 1:102400:51200/2 to fit the table\n"},
	/* too long in bytes: sizes with suffixes */
	{"64:1g:1g:99999:1m", "     64:1g:1g/99999",
	 "files: 64:1073741824:1073741824/99999:1048576, shown as 64:1g:1g/99999 to fit the table\n"},
	/* nothing shorter: cut, ending in ".." (not a mark) */
	{"65536:1125899906842623:1125899906842622:99999", "65536:11258999068..",
	 "files: 65536:1125899906842623:1125899906842622/99999, shown as 65536:11258999068.. to fit the table\n"},
};

#define NLABEL_CASES ((int)(sizeof label_cases / sizeof label_cases[0]))

START_TEST(long_file_labels_keep_the_row_aligned)
{
	const struct label_case *c = &label_cases[_i];
	char want[256], *text;

	config_with(c->nspec, "vm");
	text = synth_capture_table(&cfg, &run);
	snprintf(want, sizeof want, "\n%s%s\n", c->label, FILE_CELLS);
	ck_assert_msg(strstr(text, want) != NULL, "no row '%s' in:\n%s", want, text);
	if (c->note)
		ck_assert_msg(strstr(text, c->note) != NULL, "no note '%s' in:\n%s", c->note, text);
	else
		ck_assert_ptr_null(strstr(text, "\nfiles: "));
	assert_rows_aligned(text);
	free(text);
}
END_TEST

struct name_case {
	const char *name;
	const char *io_label;   /* 19 columns before the I/O cells */
	const char *file_label; /* 19 columns before the Create header */
};

static const struct name_case name_cases[] = {
	{"\xc3\xa9", "\xc3\xa9              512M", "\xc3\xa9                  "},
	{"\xe4\xb8\xad\xe6\x96\x87", "\xe4\xb8\xad\xe6\x96\x87           512M",
	 "\xe4\xb8\xad\xe6\x96\x87               "},
	/* e + combining acute: one column */
	{"e\xcc\x81x", "e\xcc\x81x             512M", "e\xcc\x81x                 "},
	/* a wide character that would straddle the cut is left out whole: 14
	 * columns hold "a" and six of them, plus one blank */
	{"a\xe4\xb8\xad\xe6\x96\x87\xe4\xb8\xad\xe6\x96\x87\xe4\xb8\xad\xe6\x96\x87\xe4\xb8\xad\xe6\x96\x87\xe4\xb8\xad",
	 "a\xe4\xb8\xad\xe6\x96\x87\xe4\xb8\xad\xe6\x96\x87\xe4\xb8\xad\xe6\x96\x87  512M",
	 "a\xe4\xb8\xad\xe6\x96\x87\xe4\xb8\xad\xe6\x96\x87\xe4\xb8\xad\xe6\x96\x87\xe4\xb8\xad\xe6\x96\x87\xe4\xb8\xad"},
};

#define NNAME_CASES ((int)(sizeof name_cases / sizeof name_cases[0]))

START_TEST(multibyte_names_keep_the_row_aligned)
{
	const struct name_case *c = &name_cases[_i];
	char want[256], *text;

	config_with("4", c->name);
	text = synth_capture_table(&cfg, &run);
	snprintf(want, sizeof want, "\n%s%s\n", c->io_label, IO_CELLS);
	ck_assert_msg(strstr(text, want) != NULL, "no row '%s' in:\n%s", want, text);
	snprintf(want, sizeof want, "\n%s%s\n", c->file_label, CREATE_HEAD);
	ck_assert_msg(strstr(text, want) != NULL, "no row '%s' in:\n%s", want, text);
	assert_rows_aligned(text);
	free(text);
}
END_TEST

/* bonnie++'s headings are typed once (input/bonnie_heads.h): the table
 * prints them, and the reader of pasted tables finds them there: a
 * bonnie++ 1.03 table made of them is read to one run with its figures. */
static int read_back(const char *text, struct parsed_set *set)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int rc = input_read(set, "t.txt", input_from_stdio, f);

	fclose(f);
	return rc;
}

START_TEST(headings_printed_and_read_from_one_place)
{
	static const char t103[] =
		"Version  1.03       " BONNIE_IO_GROUPS "\n"
		"                    " BONNIE_IO_HEADS "\n"
		"Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
		"mindpipe         1G  3002  88 31164  60 13485  29  3035  84 32838  36  56.7   0\n"
		"                    " BONNIE_FILE_GROUPS "\n"
		"                    " BONNIE_FILE_HEADS "\n"
		"              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
		"                 16    94  40   120  50 15510  66   204  86   300  70   906  83\n";
	char *text = synth_capture_table(&cfg, &run);
	struct parsed_set set = {0};

	ck_assert_ptr_nonnull(strstr(text, BONNIE_IO_GROUPS "\n"));
	ck_assert_ptr_nonnull(strstr(text, BONNIE_IO_HEADS "\n"));
	ck_assert_ptr_nonnull(strstr(text, BONNIE_FILE_GROUPS "\n"));
	ck_assert_ptr_nonnull(strstr(text, BONNIE_FILE_HEADS "\n"));
	ck_assert_int_eq(read_back(t103, &set), 0);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_double_eq(set.run[0].phase[PHASE_SEEKS].rate, 56.7);
	ck_assert_double_eq(set.run[0].phase[PHASE_RAN_DEL].rate, 906);
	input_free(&set);
	free(text);
}
END_TEST

Suite *suite_table(void)
{
	Suite *s = suite_create("table");
	TCase *tc = tcase_create("format");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, full_table_exact);
	tcase_add_test(tc, headings_printed_and_read_from_one_place);
	tcase_add_test(tc, rows_keep_their_columns);
	tcase_add_test(tc, io_only_and_files_only);
	tcase_add_test(tc, phases_not_run_are_blank);
	tcase_add_test(tc, no_file_block_before_the_count_was_sized);
	tcase_add_test(tc, no_mark_no_note_when_all_long_enough);
	tcase_add_test(tc, long_machine_name_is_cut_to_fit);
	tcase_add_test(tc, notes_for_buffered_and_not_evicted);
	tcase_add_test(tc, comma_locale_does_not_change_the_table);
	tcase_add_test(tc, mark_stays_apart_from_three_digit_cpu);
	tcase_add_test(tc, percentile_rows);
	tcase_add_test(tc, device_row_and_cached_note);
	tcase_add_test(tc, read_ahead_note_gives_the_whole_share);
	tcase_add_test(tc, device_share_over_the_cell);
	tcase_add_test(tc, qd_block_in_mib_with_depth_gains);
	tcase_add_loop_test(tc, long_file_labels_keep_the_row_aligned, 0, NLABEL_CASES);
	tcase_add_loop_test(tc, multibyte_names_keep_the_row_aligned, 0, NNAME_CASES);
	suite_add_tcase(s, tc);
	return s;
}
