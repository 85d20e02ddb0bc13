/* input/: bonnie++'s human tables read back (every version's layout, whole,
 * flattened, blank-collapsed, wrapped, quoted), quoted-printable mail, and
 * one run per result (a table and its CSV line, a repost). The tables are
 * built from the layouts bonnie++ prints and the numbers of public posts
 * listed in docs/compare-corpus.md. */
#include "suites.h"
#include "util_parsed.h"
#include "../input/input.h"
#include "../input/run_read.h"
#include "../report/compare/compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct parsed_set set;

static void teardown(void)
{
	input_free(&set);
}

static void parse(const char *text)
{
	parsed_parse(&set, text);
}

/* bonnie++ 1.03 (a linux-kernel post, 2004). */
#define T103 \
	"Version  1.03       ------Sequential Output------ --Sequential Input- --Random-\n" \
	"                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n" \
	"Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n" \
	"mindpipe         1G  3002  88 31164  60 13485  29  3035  84 32838  36  56.7   0\n" \
	"                    ------Sequential Create------ --------Random Create--------\n" \
	"                    -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n" \
	"              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n" \
	"                 16    94  40 +++++ +++ 15510  66   204  86 +++++ +++   906  83 \n"
#define C103 "mindpipe,1G,3002,88,31164,60,13485,29,3035,84,32838,36,56.7,0,16,94,40,+++++,+++,15510,66,204,86," \
             "+++++,+++,906,83"
#define W103 "1.98,1.03,mindpipe,,,1G,,,,3002,88,31164,60,13485,29,3035,84,32838,36,56.7,0,16,,,,,94,40,+++++,+++," \
             "15510,66,204,86,+++++,+++,906,83,,,,,,,,,,,,"

/* bonnie++ 1.96 flattened onto one line by a blog (its layout and numbers). */
#define T196FLAT \
	"Version 1.96 ------Sequential Output------ --Sequential Input- --Random- Concurrency 1 -Per Chr- " \
	"--Block-- -Rewrite- -Per Chr- --Block-- --Seeks-- Machine Size K/sec %CP K/sec %CP K/sec %CP K/sec " \
	"%CP K/sec %CP /sec %CP copper.smecti 3544M 128 99 162523 40 120427 30 405 99 359213 45 56.2 37 " \
	"Latency 776ms 1163ms 1750ms 80935us 404ms 4326ms Version 1.96 ------Sequential Create------ " \
	"--------Random Create-------- copper.smectic.com -Create-- --Read--- -Delete-- -Create-- --Read--- " \
	"-Delete-- files /sec %CP /sec %CP /sec %CP /sec %CP /sec %CP /sec %CP 16 21001 95 +++++ +++ 30337 95 " \
	"30320 97 +++++ +++ 29914 94 Latency 11618us 113us 183us 22433us 36us 69us"
#define C196 "1.96,1.96,copper.smectic,1,1292716694,3544M,,128,99,162523,40,120427,30,405,99,359213,45,56.2,37," \
             "16,,,,,21001,95,+++++,+++,30337,95,30320,97,+++++,+++,29914,94,776ms,1163ms,1750ms,80935us,404ms," \
             "4326ms,11618us,113us,183us,22433us,36us,69us"

/* bonnie++ 2.00a's own output (-s 512m -n 4 -z 12345), table and CSV line. */
#define T200A \
	"Version 2.00a       ------Sequential Output------ --Sequential Input- --Random-\n" \
	"                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n" \
	"Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n" \
	"vm             512M  535k  99  312m  78  617m  65  518k  99 +++++ +++  8816  32\n" \
	"Latency             28168us     598us     279us   23885us     705us   21617us\n" \
	"Version 2.00a       ------Sequential Create------ --------Random Create--------\n" \
	"vm                  -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n" \
	"              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n" \
	"                  4  4096  92 +++++ +++ +++++ +++  4096  68 +++++ +++ +++++ +++\n" \
	"Latency             17315us     185us    1085us   37609us     147us   11964us\n"
#define C200A "1.98,2.00a,vm,1,12345,512M,,8192,5,535,99,319590,78,631440,65,518,99,+++++,+++,8816,32,4,,,,," \
              "3691,92,+++++,+++,+++++,+++,1918,68,+++++,+++,+++++,+++,28168us,598us,279us,23885us,705us," \
              "21617us,17315us,185us,1085us,37609us,147us,11964us"

START_TEST(table_103_read_alone)
{
	parse("My numbers:\n\n" T103 "\nthat is all\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_uint_eq(set.nwarn, 0);
	ck_assert_str_eq(set.run[0].format, "table");
	ck_assert_str_eq(set.run[0].origin, "t.txt:6 (table)");
	ck_assert_str_eq(parsed_csv_of(&set.run[0]), W103);
	/* the table carries no seed, no latency, no seek count */
	ck_assert_str_eq(set.run[0].meta[META_SEED], "");
	ck_assert_str_eq(set.run[0].meta[META_SEEKS], "");
	/* a 1.03 table states a rate and %CPU, nothing else; "+++++ +++" neither */
	ck_assert_uint_eq(set.run[0].phase[PHASE_PUTC].known, READ_RATE | READ_CPU_PCT);
	ck_assert_uint_eq(set.run[0].phase[PHASE_SEQ_STAT].known, 0);
}
END_TEST

/* Flattened onto one line, blanks collapsed: the same numbers. */
START_TEST(table_196_flattened)
{
	const struct parsed_run *r;

	parse("backup server results. " T196FLAT " fast enough.\n");
	ck_assert_uint_eq(set.count, 1);
	r = &set.run[0];
	ck_assert_str_eq(r->format, "table");
	ck_assert_str_eq(r->meta[META_NAME], "copper.smectic.com"); /* the create header's, the row cut it */
	ck_assert_str_eq(r->meta[META_VERSION], "1.96");
	ck_assert_str_eq(r->meta[META_CONCURRENCY], "1");
	ck_assert_str_eq(r->meta[META_SIZE], "3544M");
	ck_assert_double_eq(r->phase[PHASE_SEEKS].rate, 56.2);
	ck_assert_int_eq(r->phase[PHASE_PUT_BLOCK].latency_ns, 1163000000);
	ck_assert_int_eq(r->phase[PHASE_SEQ_STAT].state, CELL_TOO_FAST);
	ck_assert_int_eq(r->phase[PHASE_SEQ_STAT].latency_ns, 113000);
	ck_assert_double_eq(r->phase[PHASE_RAN_DEL].rate, 29914);
}
END_TEST

/* The whole 1.96 table wrapped at 72 columns and quoted: one token stream. */
START_TEST(table_wrapped_and_quoted)
{
	char text[4096], *out = text;
	const char *in = T196FLAT;
	int col = 0;

	out += sprintf(out, "> ");
	for (; *in; in++) {
		if (*in == ' ' && col > 60) {
			out += sprintf(out, "\n> ");
			col = 0;
			continue;
		}
		*out++ = *in;
		col++;
	}
	*out = '\0';
	parse(text);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].origin, "t.txt:4 (table)"); /* where its row is */
	ck_assert_double_eq(set.run[0].phase[PHASE_GET_BLOCK].rate, 359213);
	ck_assert_int_eq(set.run[0].phase[PHASE_SEEKS].latency_ns, 4326000000);
}
END_TEST

/* 2.00a: k/m/g rates; its table prints the file count where file-test
 * rates belong, so those are unknown (their %CPU is kept). */
START_TEST(table_200a_units_and_file_rates)
{
	const struct parsed_run *r;

	parse(T200A);
	ck_assert_uint_eq(set.count, 1);
	r = &set.run[0];
	ck_assert_double_eq(r->phase[PHASE_PUTC].rate, 535);
	ck_assert_double_eq(r->phase[PHASE_PUT_BLOCK].rate, 312 * 1024);
	ck_assert_int_eq(r->phase[PHASE_GET_BLOCK].state, CELL_TOO_FAST);
	ck_assert_int_eq(r->phase[PHASE_SEQ_CREATE].state, CELL_UNKNOWN);
	ck_assert_int_eq(r->phase[PHASE_SEQ_CREATE].cpu, 92);
	ck_assert_int_eq(r->phase[PHASE_SEQ_STAT].state, CELL_TOO_FAST);
	ck_assert_int_eq(r->phase[PHASE_RAN_DEL].latency_ns, 11964000);
}
END_TEST

/* -f: no per-char cells, four latencies; a size label with chunk and no name. */
START_TEST(table_f_blanks)
{
	const struct parsed_run *r;

	parse("Version  2.00       ------Sequential Output------ --Sequential Input- --Random-\n"
	      "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
	      "Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
	      "64G:4k::65536                 15.8m  19 60.5m  26            218m  31 279.1  13\n"
	      "Latency                         659ms     517ms             61146us    3052ms\n");
	ck_assert_uint_eq(set.count, 1);
	r = &set.run[0];
	ck_assert_str_eq(r->meta[META_NAME], "");
	ck_assert_str_eq(r->meta[META_SIZE], "64G");
	ck_assert_str_eq(r->meta[META_CHUNK], "4k");
	ck_assert_int_eq(r->phase[PHASE_PUTC].state, CELL_NOT_RUN);
	ck_assert_int_eq(r->phase[PHASE_GETC].state, CELL_NOT_RUN);
	ck_assert_double_eq_tol(r->phase[PHASE_PUT_BLOCK].rate, 15.8 * 1024, 1e-9);
	ck_assert_int_eq(r->phase[PHASE_PUT_BLOCK].latency_ns, 659000000);
	ck_assert_int_eq(r->phase[PHASE_GET_BLOCK].latency_ns, 61146000);
	ck_assert_int_eq(r->phase[PHASE_SEEKS].latency_ns, 3052000000);
	ck_assert_int_eq(r->phase[PHASE_SEQ_CREATE].state, CELL_NOT_RUN);
}
END_TEST

/* bon_csv2txt: every machine's I/O row, then every machine's file row; a
 * files:max:min label; markup a page put around a cell. */
START_TEST(table_csv2txt_rows)
{
	parse("Version  1.02b      ------Sequential Output------ --Sequential Input- --Random-\n"
	      "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
	      "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
	      "Gaia         1G:32k           26895  41 10177  13           25450  16 145.5   3\n"
	      "Gaia         1G:32k           26636  42  9849  12           **25920**  17 146.4   3\n"
	      "                    ------Sequential Create------ --------Random Create--------\n"
	      "                    -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
	      "files:max:min        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
	      "Gaia             16:100000:16/64   340  97 +++++ +++ 16450  79   340  97 +++++ +++  1861  96\n"
	      "Gaia             16   267  77 +++++ +++ 12301  62   240  69 +++++ +++  1339  69\n");
	ck_assert_uint_eq(set.count, 2);
	ck_assert_str_eq(set.run[0].origin, "t.txt:4 (table)");
	ck_assert_str_eq(set.run[1].origin, "t.txt:5 (table)");
	ck_assert_double_eq(set.run[0].phase[PHASE_SEQ_CREATE].rate, 340);
	ck_assert_str_eq(set.run[0].meta[META_MAX_SIZE], "100000");
	ck_assert_str_eq(set.run[0].meta[META_NUM_DIRS], "64");
	ck_assert_double_eq(set.run[1].phase[PHASE_GET_BLOCK].rate, 25920);
	ck_assert_double_eq(set.run[1].phase[PHASE_SEQ_CREATE].rate, 267);
}
END_TEST

/* A table and its CSV line are one run, with the CSV's values; 2.00a's
 * rounded 312m agrees with 319590. */
START_TEST(table_and_csv_are_one_run)
{
	char text[4096];

	parse("mine:\n" T200A C200A "\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].format, "1.98");
	ck_assert_str_eq(set.run[0].origin, "t.txt:5 (table) + t.txt:12");
	ck_assert_str_eq(parsed_csv_of(&set.run[0]), C200A);
	/* what either states: 2.00a's table shows a file count where the
	 * creates' rate belongs, its CSV line the rate */
	ck_assert_uint_eq(set.run[0].phase[PHASE_PUT_BLOCK].known, READ_RATE | READ_CPU_PCT | READ_LAT_MAX);
	ck_assert_uint_eq(set.run[0].phase[PHASE_SEQ_CREATE].known, READ_RATE | READ_CPU_PCT | READ_LAT_MAX);
	/* the same when the CSV line comes first or the table is flattened */
	parse(C196 "\n" T196FLAT "\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].origin, "t.txt:1 + t.txt:2 (table)");
	parse(T196FLAT " " C196 "\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].origin, "t.txt:1 (table) + t.txt:1");
	/* a 1.0x line takes the version its table shows, a nameless one its name */
	parse(T103 C103 "\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].meta[META_VERSION], "1.03");
	snprintf(text, sizeof text, "%s%s\n", T103, strchr(C103, ','));
	parse(text);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].format, "1.0x");
	ck_assert_str_eq(set.run[0].meta[META_NAME], "mindpipe");
}
END_TEST

/* Every line break of a text left out, and the blank before it (an HTML
 * copy whose code block lost its breaks, held-out text unseen/05): the
 * header words run into the next line ("%CPmindpipe", "--Seeks--Machine")
 * and the last cell into the CSV line ("83mindpipe,1G,..."). */
static void glue_lines(char *dst, size_t cap, const char *src)
{
	size_t n = 0;

	for (const char *p = src; *p && n + 1 < cap; p++)
		if (*p != '\n' && !(*p == ' ' && p[1] == '\n'))
			dst[n++] = *p;
	dst[n] = '\0';
}

START_TEST(table_lines_glued_without_blanks)
{
	char text[4096];

	glue_lines(text, sizeof text, "# bonnie++ -d /data/tmp\n" T103 C103 "\n## sync\n");
	parse(text);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].meta[META_NAME], "mindpipe");
	ck_assert_str_eq(set.run[0].origin, "t.txt:1 (table) + t.txt:1");
	/* "tmpVersion": the version is lost with the blank, the figures are not */
	ck_assert_str_eq(parsed_csv_of(&set.run[0]) + strlen("1.98,1.0x"), &W103[strlen("1.98,1.03")]);
}
END_TEST

/* A table and its CSV line kept in a program's comments ("\t\t#tb6 ...",
 * "#tb6,16G,...", held-out text unseen/04): one run, named without '#'. */
START_TEST(commented_table_and_csv)
{
	char text[4096] = "", line[256];

	for (const char *p = T103 C103 "\n"; *p;) {
		const char *nl = strchr(p, '\n');
		snprintf(line, sizeof line, "\t\t\t#%.*s\n", (int)(nl - p), p);
		strcat(text, line);
		p = nl + 1;
	}
	parse(text);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].meta[META_NAME], "mindpipe");
	ck_assert_str_eq(set.run[0].origin, "t.txt:4 (table) + t.txt:9");
	ck_assert_str_eq(parsed_csv_of(&set.run[0]), W103);
}
END_TEST

/* A figure off by more than the table's rounding, another size, another
 * name: two runs. */
START_TEST(table_and_other_csv_are_two_runs)
{
	static const struct {
		const char *from, *to;
	} edits[] = {{",319590,", ",329590,"}, {",512M,", ",256M,"}, {",vm,", ",vn,"}, {",28168us,", ",28169us,"}};
	char csv[1024], text[4096], *p;

	for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++) {
		snprintf(csv, sizeof csv, "%s", C200A);
		p = strstr(csv, edits[i].from);
		ck_assert_ptr_nonnull(p);
		memcpy(p, edits[i].to, strlen(edits[i].to));
		snprintf(text, sizeof text, "%s%s\n", T200A, csv);
		parse(text);
		ck_assert_msg(set.count == 2, "edit %zu: %zu runs", i, set.count);
		ck_assert_str_eq(set.run[0].format, "table");
		ck_assert_str_eq(set.run[1].format, "1.98");
	}
}
END_TEST

/* A poster who renamed the table's row (compare-fresh/07: 'bach' over the
 * CSV line's 'myhost', every figure the same) posted one result: with at
 * least 8 figures agreeing the names may differ, and the CSV's is kept.
 * T200A shows 7 (its other cells are +++++), so its renamed CSV line above
 * stays another run. */
START_TEST(renamed_table_and_its_csv_are_one_run)
{
	parse("Version 1.96       ------Sequential Output------ --Sequential Input- --Random-\n"
	      "Concurrency   1     -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
	      "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
	      "bach            32G  2165  93 108640  10 70209  19  5469  97 285324  31 488.6  23\n"
	      "Latency             14746us     646ms    1855ms   16424us     165ms   90728us\n"
	      "Version 1.96       ------Sequential Create------ --------Random Create--------\n"
	      "myhost              -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
	      "              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
	      "                 16   323   2 +++++ +++   318   2   353   2 +++++ +++   246   1\n"
	      "Latency               226ms     246us     164ms     105ms      61us     325ms\n"
	      "1.96,1.96,myhost,1,1285582173,32G,,2165,93,108640,10,70209,19,5469,97,285324,31,488.6,23,16,,,,,"
	      "323,2,+++++,+++,318,2,353,2,+++++,+++,246,1,14746us,646ms,1855ms,16424us,165ms,90728us,226ms,"
	      "246us,164ms,105ms,61us,325ms\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].meta[META_NAME], "myhost");
	ck_assert_str_eq(set.run[0].origin, "t.txt:4 (table) + t.txt:11");
	/* one figure off: two results, whatever the names */
	parse("Version 1.96       ------Sequential Output------ --Sequential Input- --Random-\n"
	      "Concurrency   1     -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
	      "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
	      "bach            32G  2165  93 108641  10 70209  19  5469  97 285324  31 488.6  23\n"
	      "Latency             14746us     646ms    1855ms   16424us     165ms   90728us\n"
	      "1.96,1.96,myhost,1,1285582173,32G,,2165,93,108640,10,70209,19,5469,97,285324,31,488.6,23,16,,,,,"
	      "323,2,+++++,+++,318,2,353,2,+++++,+++,246,1,14746us,646ms,1855ms,16424us,165ms,90728us,226ms,"
	      "246us,164ms,105ms,61us,325ms\n");
	ck_assert_uint_eq(set.count, 2);
}
END_TEST

/* A name that fills its column runs into the size after a ')' (compare-
 * fresh/03, "Raid0 (8 disk)15744M"): the name keeps its blanks, the size
 * is read, and the rows after it are read too. After a letter the two
 * cannot be told apart, and the row is not read as that size. */
START_TEST(name_glued_to_its_size)
{
	static const char head[] =
		"Version  1.03        ------Sequential Output------ --Sequential Input- --Random-\n"
		"                      -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
		"Machine         Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n";
	char text[2048];

	snprintf(text, sizeof text, "%s%s", head,
	         "Raid0 (8 disk)15744M 54406  96 247419 90 100752 25 60266  98 226651 29 830.2   1\n"
	         "/dev/sdc      15744M 53861  95 102270 35 25718   6 37273  60 76275   8 377.0   0\n");
	parse(text);
	ck_assert_uint_eq(set.count, 2);
	ck_assert_str_eq(set.run[0].meta[META_NAME], "Raid0 (8 disk)");
	ck_assert_str_eq(set.run[0].meta[META_SIZE], "15744M");
	ck_assert_double_eq(set.run[0].phase[PHASE_PUT_BLOCK].rate, 247419);
	ck_assert_str_eq(set.run[1].meta[META_NAME], "/dev/sdc");
	snprintf(text, sizeof text, "%s%s", head,
	         "host115744M 54406  96 247419 90 100752 25 60266  98 226651 29 830.2   1\n");
	parse(text);
	for (size_t i = 0; i < set.count; i++)
		ck_assert_str_ne(set.run[i].meta[META_SIZE], "115744M");
}
END_TEST

/* A row that cannot be read (a name glued to its size with nothing to
 * split it at) between readable ones is passed over with one warning that
 * says where: the rows after it are read, none is made of it; and its file
 * row, which would be a files-only run of a lost machine, is not a run. */
START_TEST(unreadable_row_passed_over)
{
	static const char head[] =
		"Version  1.03        ------Sequential Output------ --Sequential Input- --Random-\n"
		"                      -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
		"Machine         Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n";
	static const char rows[] =
		"/dev/sdc      15744M 53861  95 102270 35 25718   6 37273  60 76275   8 377.0   0\n"
		"Raid0s4disk15744M 54406  96 247419 90 100752 25 60266  98 226651 29 830.2   1\n"
		"/dev/sdd      15744M 50000  95 200000 80 90000  28 50000  90 250000 40 400.1   1\n";
	char text[4096];

	snprintf(text, sizeof text, "%s%s", head, rows);
	parse(text);
	ck_assert_uint_eq(set.count, 2);
	ck_assert_str_eq(set.run[0].meta[META_NAME], "/dev/sdc");
	ck_assert_str_eq(set.run[1].meta[META_NAME], "/dev/sdd");
	ck_assert_double_eq(set.run[1].phase[PHASE_PUT_BLOCK].rate, 200000);
	ck_assert_uint_eq(set.nwarn, 1);
	ck_assert_ptr_nonnull(strstr(set.warning[0], ":5: table row skipped"));
	/* the unreadable row first: the rows after it are read all the same */
	snprintf(text, sizeof text, "%s%s", head, strchr(rows, '\n') + 1);
	parse(text);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].meta[META_NAME], "/dev/sdd");
	ck_assert_uint_eq(set.nwarn, 1);
	/* a page that lost its line breaks: the rows after it on the same line */
	snprintf(text, sizeof text, "%s%s", head, rows);
	for (char *p = text; (p = strchr(p, '\n')) != NULL;)
		*p = ' ';
	parse(text);
	ck_assert_uint_eq(set.count, 2);
	ck_assert_str_eq(set.run[1].meta[META_NAME], "/dev/sdd");
	ck_assert_double_eq(set.run[1].phase[PHASE_PUT_BLOCK].rate, 200000);
	ck_assert_uint_eq(set.nwarn, 1);
	ck_assert_ptr_nonnull(strstr(set.warning[0], ":1: table row skipped"));
}
END_TEST

/* Markdown hard breaks: a quote whose every line ends in one backslash
 * (a notes page) is read as if they were not there, table and CSV line
 * alike; a line that ends in two is not a break and stays as it is. */
START_TEST(markdown_hard_breaks_ignored)
{
	char text[4096], *o = text;
	const char *in = T103 C103 "\n";

	for (const char *p = in; *p; p++) {
		if (*p == '\n')
			*o++ = '\\';
		*o++ = *p;
	}
	*o = '\0';
	parse(text);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_ptr_nonnull(strstr(set.run[0].origin, "(table) + t.txt:"));
	ck_assert_uint_eq(set.nwarn, 0);
}
END_TEST

/* The same result posted twice (a quoted repost) is one run listing both
 * places; the same machine with another seed is another run. */
START_TEST(identical_results_joined)
{
	char other[1024], text[2048];

	parse(C196 "\n> " C196 "\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].origin, "t.txt:1 + t.txt:2");
	parse(T103 C103 "\n\n> " C103 "\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].origin, "t.txt:4 (table) + t.txt:9 + t.txt:11");
	snprintf(other, sizeof other, "%s", C196);
	memcpy(strstr(other, "1292716694"), "1292716695", 10);
	snprintf(text, sizeof text, "%s\n%s\n", C196, other);
	parse(text);
	ck_assert_uint_eq(set.count, 2);
}
END_TEST

/* Quoted-printable mail: decoded when its header says so, and when it
 * only has soft line breaks; origins name the lines as given. */
START_TEST(quoted_printable_decoded)
{
	const char *qp = "Subject: x\n"
	                 "Content-Transfer-Encoding: quoted-printable\n"
	                 "\n"
	                 "a=3Db\n"
	                 "1.98,2.00a,vm,1,12345,512M,,8192,5,535,99,319590,78,631440,65,518,99,+++++,+=\n"
	                 "++,8816,32,4,,,,,3691,92,+++++,+++,+++++,+++,1918,68,+++++,+++,+++++,+++,2816=\n"
	                 "8us,598us,279us,23885us,705us,21617us,17315us,185us,1085us,37609us,147us,1196=\n"
	                 "4us\n"
	                 "Version 2.00a       ------Sequential Output------ --Sequential Input- --Ran=\n"
	                 "dom-\n";

	parse(qp);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_uint_eq(set.nwarn, 0);
	ck_assert_str_eq(set.run[0].origin, "t.txt:5");
	ck_assert_str_eq(parsed_csv_of(&set.run[0]), C200A);
	parse(strstr(qp, "a=3Db")); /* no header: the soft breaks say it */
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].origin, "t.txt:2");
}
END_TEST

/* A quoted-printable mail on a page that lost its line breaks: each soft
 * break is "= " and the header stands after a blank among the part's other
 * headers; decoded so. The same header named in prose (no Content-Type:
 * before it) changes nothing: "x = 1" stays as it is. */
START_TEST(quoted_printable_flattened)
{
	const char *qp = "Subject: x Content-Type: text/plain; charset=us-ascii "
	                 "Content-Transfer-Encoding: quoted-printable  a=3Db "
	                 "1.98,2.00a,vm,1,12345,512M,,8192,5,535,99,319590,78,631440,65,518,99,+++++,+= "
	                 "++,8816,32,4,,,,,3691,92,+++++,+++,+++++,+++,1918,68,+++++,+++,+++++,+++,2816= "
	                 "8us,598us,279us,23885us,705us,21617us,17315us,185us,1085us,37609us,147us,1196= "
	                 "4us Version 2.00a       ------Sequential Output------ --Sequential Input- --Ran= dom- ";
	const char *prose = "Our mailer sets Content-Transfer-Encoding: quoted-printable and x = 1 here: " C196 "\n";

	parse(qp);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(parsed_csv_of(&set.run[0]), C200A);
	parse(prose);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].meta[META_NAME], "copper.smectic");
	parse(strstr(qp, "Content-Transfer")); /* no Content-Type before it: not trusted, not decoded */
	ck_assert_uint_eq(set.count, 0);
}
END_TEST

/* A blog's HTML keeps a -f table with its blanks collapsed and every line
 * ending in "<br />" (a tag with a blank inside, glued to the last cell),
 * the Latency line in "</p>": read whole, latencies too (compare-fresh/08). */
START_TEST(html_line_breaks_after_cells)
{
	parse("<p>Version 1.96 ------Sequential Output------ --Sequential Input- --Random-<br />\n"
	      "Concurrency 1 -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--<br />\n"
	      "Machine Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP /sec %CP<br />\n"
	      "TEST 24G 87606 15 55512 7 171794 9 288.1 14<br />\n"
	      "Latency 13726ms 992ms 69113us 151ms</p>\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_uint_eq(set.nwarn, 0);
	const struct parsed_run *r = &set.run[0];
	ck_assert_str_eq(r->meta[META_NAME], "TEST");
	ck_assert_int_eq(r->phase[PHASE_PUTC].state, CELL_NOT_RUN);
	ck_assert_double_eq(r->phase[PHASE_PUT_BLOCK].rate, 87606);
	ck_assert_double_eq(r->phase[PHASE_SEEKS].rate, 288.1);
	ck_assert_int_eq(r->phase[PHASE_SEEKS].cpu, 14);
	ck_assert_int_eq(r->phase[PHASE_PUT_BLOCK].latency_ns, 13726000000);
	ck_assert_int_eq(r->phase[PHASE_SEEKS].latency_ns, 151000000);
}
END_TEST

/* Text with '=' that is not quoted-printable is read as it stands. */
START_TEST(plain_text_not_decoded)
{
	parse("x=1 and y=2, a long line of prose that ends in an equals sign, as some do =\n"
	      "another long line of prose that also ends in an equals sign, for two of them =\n" C196 "\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].origin, "t.txt:3");
}
END_TEST

/* Hands out text[0..len) at most step bytes a read, as a pipe does. */
struct drip {
	const char *text;
	size_t len, off, step;
};

static long drip(void *ctx, char *buf, size_t cap)
{
	struct drip *d = ctx;
	size_t n = d->len - d->off;

	n = n < d->step ? n : d->step;
	n = n < cap ? n : cap;
	memcpy(buf, d->text + d->off, n);
	d->off += n;
	return (long)n;
}

/* junk lines of prose, more than INPUT_CHUNK_MIN in all, then tail;
 * *lines is how many lines come before tail. */
static char *after_junk(const char *tail, unsigned *lines)
{
	static const char junk[] = "some prose about the disks, 1.98 and 2.00a, nothing else\n";
	size_t n = INPUT_CHUNK_MIN / (sizeof junk - 1) + 100, at = 0;
	char *t = malloc(n * (sizeof junk - 1) + strlen(tail) + 2);

	ck_assert_ptr_nonnull(t);
	for (size_t i = 0; i < n; i++, at += sizeof junk - 1)
		memcpy(t + at, junk, sizeof junk - 1);
	t[at++] = '\n'; /* a blank line: the first piece may end here */
	strcpy(t + at, tail);
	*lines = (unsigned)n + 1;
	return t;
}

/* The input is read as a stream, in pieces: a table, its CSV line and a
 * quoted repost after more than a piece of prose are still one run, with
 * the file's line numbers, read whole or a few bytes at a time. */
START_TEST(tables_read_from_the_stream)
{
	static const size_t steps[] = {7, 4096, 1u << 20};
	unsigned n;
	char *text = after_junk(T103 C103 "\n\n> " C103 "\n", &n), want[128];

	snprintf(want, sizeof want, "t.txt:%u (table) + t.txt:%u + t.txt:%u", n + 4, n + 9, n + 11);
	for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
		struct drip d = {text, strlen(text), 0, steps[i]};
		input_free(&set);
		ck_assert_int_eq(input_read(&set, "t.txt", drip, &d), 0);
		ck_assert_uint_eq(set.count, 1);
		ck_assert_uint_eq(set.nwarn, 0);
		ck_assert_str_eq(set.run[0].origin, want);
		ck_assert_str_eq(parsed_csv_of(&set.run[0]), W103);
	}
	free(text);
}
END_TEST

/* A quoted-printable mail stays decoded past its first piece: its header
 * is in the first, the encoded line in a later one. */
START_TEST(quoted_printable_past_a_piece)
{
	unsigned n;
	/* one soft break alone would not say quoted-printable */
	char *text = after_junk("1.98,2.00a,vm,1,12345,512M,,8192,5,535,99,319590,78,631440,65,518,99,+++++,+=\n"
	                        "++,8816,32,4,,,,,3691,92,+++++,+++,+++++,+++,1918,68,+++++,+++,+++++,+++,2816"
	                        "8us,598us,279us,23885us,705us,21617us,17315us,185us,1085us,37609us,147us,1196"
	                        "4us\n",
	                        &n);
	char want[64];

	memcpy(text, "Content-Transfer-Encoding: quoted-printable\n", 44); /* one line more */
	parse(text);
	snprintf(want, sizeof want, "t.txt:%u", n + 2);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].origin, want);
	ck_assert_str_eq(parsed_csv_of(&set.run[0]), C200A);
	free(text);
}
END_TEST

/* A table's machine name is sanitized like a CSV line's. */
START_TEST(table_name_sanitized)
{
	char text[2048];

	snprintf(text, sizeof text, "%s", T103);
	memcpy(strstr(text, "mindpipe"), "mind\x1bipe", 8);
	parse(text);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].meta[META_NAME], "mind\\x1bipe");
}
END_TEST

/* Cut, mangled and half tables never crash, never give a wrong run. */
START_TEST(broken_tables_are_harmless)
{
	char text[4096];
	const char *t = T103;
	size_t n = strlen(t);

	for (size_t cut = 0; cut < n; cut += 7) {
		snprintf(text, sizeof text, "%.*s", (int)cut, t);
		parse(text);
		/* a row cut short is no run; the rows before it are */
		for (size_t i = 0; i < set.count; i++)
			ck_assert_double_eq(set.run[i].phase[PHASE_PUTC].rate, 3002);
	}
	/* cut right after eight cells: not a -f row */
	snprintf(text, sizeof text, "%.*s\n", (int)(strstr(t, "3035  84") + 8 - t), t);
	parse(text);
	ck_assert_uint_eq(set.count, 0);
	parse("Version 1.96 ------Sequential Output------ --Sequential Input- --Random- -Per Chr- --Block-- "
	      "-Rewrite- -Per Chr- --Block-- --Seeks-- Machine Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP "
	      "K/sec %CP /sec %CP box 1G 1 2 3 4 5 6 7\n");
	ck_assert_uint_eq(set.count, 0);
}
END_TEST

Suite *suite_table_input(void)
{
	Suite *s = suite_create("table_input");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, table_103_read_alone);
	tcase_add_test(tc, table_196_flattened);
	tcase_add_test(tc, table_wrapped_and_quoted);
	tcase_add_test(tc, table_200a_units_and_file_rates);
	tcase_add_test(tc, table_f_blanks);
	tcase_add_test(tc, table_csv2txt_rows);
	tcase_add_test(tc, table_and_csv_are_one_run);
	tcase_add_test(tc, table_lines_glued_without_blanks);
	tcase_add_test(tc, commented_table_and_csv);
	tcase_add_test(tc, table_and_other_csv_are_two_runs);
	tcase_add_test(tc, renamed_table_and_its_csv_are_one_run);
	tcase_add_test(tc, name_glued_to_its_size);
	tcase_add_test(tc, unreadable_row_passed_over);
	tcase_add_test(tc, markdown_hard_breaks_ignored);
	tcase_add_test(tc, identical_results_joined);
	tcase_add_test(tc, quoted_printable_decoded);
	tcase_add_test(tc, quoted_printable_flattened);
	tcase_add_test(tc, html_line_breaks_after_cells);
	tcase_add_test(tc, plain_text_not_decoded);
	tcase_add_test(tc, broken_tables_are_harmless);
	tcase_add_test(tc, tables_read_from_the_stream);
	tcase_add_test(tc, quoted_printable_past_a_piece);
	tcase_add_test(tc, table_name_sanitized);
	suite_add_tcase(s, tc);
	return s;
}
