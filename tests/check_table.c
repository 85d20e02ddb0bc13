/* The human table: bonnie++ 2.00a's layout, exact text for a hand-computed
 * run, blank cells for phases that did not run, the low-confidence mark,
 * and the same text under a comma-decimal locale. */
#include "suites.h"
#include "util_synth.h"
#include "../lib/options.h"
#include "../report/report.h"

#include <locale.h>
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
	         "Before sync /sec               427m      800m\n"
	         "Sync time                       400ms     160ms\n"
	         "%s------Sequential Create------ --------Random Create--------\n"
	         "vm                  -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
	         "              files  /sec %%CP  /sec %%CP  /sec %%CP  /sec %%CP  /sec %%CP  /sec %%CP\n"
	         "                  4  4096  92 40960~ 99  8192  50  2048  68  410k~100 16384~ 80\n"
	         "Latency             17315us     185us    1085us   37609us     147us   11964us\n"
	         "Before sync /sec     8192                          4096\n"
	         "Sync time             500ms                        1000ms\n"
	         "~  ran under 0.5 s: low confidence, use a larger -s or -n\n",
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
		if (line[0] == '~')
			continue;
		size_t want = strncmp(line, "Latency", 7) == 0 ? 77 : 79;
		if (strncmp(line, "Before", 6) == 0 || strncmp(line, "Sync", 4) == 0)
			continue; /* our own rows, trailing blanks trimmed */
		ck_assert_msg(strlen(line) == want, "line of %zu columns: '%s'", strlen(line), line);
		rows++;
	}
	ck_assert_int_eq(rows, 10);
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

START_TEST(comma_locale_does_not_change_the_table)
{
	char *after;

	ck_assert_msg(setlocale(LC_ALL, "de_DE.UTF-8") != NULL,
	              "locale de_DE.UTF-8 is missing: run tests/deps.sh as root");
	after = synth_capture_table(&cfg, &run);
	setlocale(LC_ALL, "C");
	ck_assert_str_eq(after, expected_full());
	free(after);
}
END_TEST

Suite *suite_table(void)
{
	Suite *s = suite_create("table");
	TCase *tc = tcase_create("format");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, full_table_exact);
	tcase_add_test(tc, rows_keep_their_columns);
	tcase_add_test(tc, io_only_and_files_only);
	tcase_add_test(tc, phases_not_run_are_blank);
	tcase_add_test(tc, no_mark_no_note_when_all_long_enough);
	tcase_add_test(tc, long_machine_name_is_cut_to_fit);
	tcase_add_test(tc, notes_for_buffered_and_not_evicted);
	tcase_add_test(tc, comma_locale_does_not_change_the_table);
	suite_add_tcase(s, tc);
	return s;
}
