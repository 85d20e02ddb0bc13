/* input/: the kinds of posted text of issue 53, one test per rule (each
 * named in docs/compare-corpus.md): bonnie++ 1.92a CSV lines, a file count
 * written as -n's num:max:min:dirs, and the rules added after them. The
 * texts are built from the layouts and numbers of the posts in
 * tests/compare-fifth and tests/compare-qd. */
#include "suites.h"
#include "util_parsed.h"
#include "../input/input.h"
#include "../phases/interface/phase_list.h"

#include <stdio.h>
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

/* bonnie++ 1.92a, linux-kernel 2001: 46 fields, no concurrency, no chunk */
#define C192A "1.92a,1.92a,SunWave1,1001286857,1248M,79,97,16034,21,5719,6,147,98,22904,16,269.0,4,16,,,,," \
              "6121,75,+++++,+++,12753,95,8422,80,+++++,+++,11152,95,138ms,2546ms,201ms,97838us,58940us,3207ms," \
              "26126us,11425us,11879us,5325us,12082us,13025us"
#define W192A "1.98,1.92a,SunWave1,,1001286857,1248M,,,,79,97,16034,21,5719,6,147,98,22904,16,269.0,4,16,,,,," \
              "6121,75,+++++,+++,12753,95,8422,80,+++++,+++,11152,95,138ms,2546ms,201ms,97838us,58940us,3207ms," \
              "26126us,11425us,11879us,5325us,12082us,13025us"

START_TEST(format_192a_line)
{
	parse("A result:\n" C192A "\n");
	ck_assert_uint_eq(set.nwarn, 0);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].format, "1.92a");
	ck_assert_str_eq(parsed_csv_of(&set.run[0]), W192A);
	/* its seek settings are not guessed */
	ck_assert_str_eq(set.run[0].meta[META_SEEKS], "");
}
END_TEST

/* bon_csv2txt's files:max:min cell as -n takes it, dirs after a colon
 * (linux-fsdevel 2022: "imesrv1   30:1:1:10") */
START_TEST(files_cell_with_colon_dirs)
{
	parse("                     ------Sequential Create------ --------Random Create--------\n"
	      "                     -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
	      "       files:max:min  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
	      "imesrv1   30:1:1:10  8043  30 12100  44 14024  22  7791  28  9238  43  9871  25\n"
	      "Latency               235us    3982us    3201us     240us     277us     355ms\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].meta[META_NUM_FILES], "30");
	ck_assert_str_eq(set.run[0].meta[META_MAX_SIZE], "1");
	ck_assert_str_eq(set.run[0].meta[META_MIN_SIZE], "1");
	ck_assert_str_eq(set.run[0].meta[META_NUM_DIRS], "10");
}
END_TEST

/* bon_csv2html 1.97's source pasted into a Markdown post (2015): its
 * header rows and one result's rows, as the page has them */
#define HTML_HEAD \
	"<table border=\"3\" cellpadding=\"2\" cellspacing=\"1\"><tr><td colspan=\"2\" class=\"header\"><font size=+1>" \
	"<b>Version 1.97</b></font></td><td colspan=\"6\" class=\"header\"><font size=+2><b>Sequential Output</b>" \
	"</font></td><td colspan=\"4\" class=\"header\"><font size=+2><b>Sequential Input</b></font></td>" \
	"<td colspan=\"2\" rowspan=\"2\" class=\"header\"><font size=+2><b>Random<br>Seeks</b></font></td>" \
	"<td colspan=\"1\" class=\"header\"></td><td colspan=\"6\" class=\"header\"><font size=+2><b>Sequential " \
	"Create</b></font></td><td colspan=\"6\" class=\"header\"><font size=+2><b>Random Create</b></font></td></tr>\n" \
	"<tr><td></td><td>Size</td><td colspan=\"2\">Per Char</td><td colspan=\"2\">Block</td><td colspan=\"2\">" \
	"Rewrite</td><td colspan=\"2\">Per Char</td><td colspan=\"2\">Block</td><td>Num Files</td><td colspan=\"2\">" \
	"Create</td><td colspan=\"2\">Read</td><td colspan=\"2\">Delete</td><td colspan=\"2\">Create</td>" \
	"<td colspan=\"2\">Read</td><td colspan=\"2\">Delete</td></tr><tr><td colspan=\"2\"></td>" \
	KSEC KSEC KSEC KSEC KSEC "<td class=\"ksec\"><font size=-2>/sec</font></td><td class=\"ksec\"><font " \
	"size=-2>% CPU</font></td><td colspan=\"1\"></td>" SEC SEC SEC SEC SEC SEC "</tr>\n"
#define KSEC "<td class=\"ksec\"><font size=-2>K/sec</font></td><td class=\"ksec\"><font size=-2>% CPU</font></td>"
#define SEC "<td class=\"ksec\"><font size=-2>/sec</font></td><td class=\"ksec\"><font size=-2>% CPU</font></td>"
#define HTML_ROW \
	"<tr><td rowspan=\"2\" bgcolor=\"#FFFFFF\" class=\"rowheader\"><font size=+1>SSD</td><td class=\"size\" " \
	"bgcolor=\"#FFFFFF\">999M</td><td>898</td><td>99</td><td>504473</td><td>33</td><td>507579</td><td>22</td>" \
	"<td>2123</td><td>99</td><td>+++++</td><td>+++</td><td>+++++</td><td>+++</td><td class=\"size\" " \
	"bgcolor=\"#FFFFFF\">16</td><td>26658</td><td>91</td><td>+++++</td><td>+++</td><td>28598</td><td>84</td>" \
	"<td>23456</td><td>88</td><td>+++++</td><td>+++</td><td>15481</td><td>57</td></tr>\n" \
	"<tr><td class=\"size\" bgcolor=\"#FFFFFF\" colspan=\"1\">Latency</td><td colspan=\"2\">10082us</td>" \
	"<td colspan=\"2\">20351us</td><td colspan=\"2\">21497us</td><td colspan=\"2\">4014us</td><td colspan=\"2\">" \
	"7us</td><td colspan=\"2\">1962us</td><td class=\"size\" bgcolor=\"#FFFFFF\" colspan=\"1\">Latency</td>" \
	"<td colspan=\"2\">1160us</td><td colspan=\"2\">25us</td><td colspan=\"2\">1241us</td><td colspan=\"2\">" \
	"2175us</td><td colspan=\"2\">12us</td><td colspan=\"2\">13363us</td></tr>\n</table>\n"
#define W_HTML "1.98,1.97,SSD,,,999M,,,,898,99,504473,33,507579,22,2123,99,+++++,+++,+++++,+++,16,,,,,26658,91," \
               "+++++,+++,28598,84,23456,88,+++++,+++,15481,57,10082us,20351us,21497us,4014us,7us,1962us,1160us," \
               "25us,1241us,2175us,12us,13363us"

START_TEST(markup_table_read_from_its_cells)
{
	char flat[sizeof HTML_HEAD HTML_ROW];

	parse("# SSD drive\n\n" HTML_HEAD HTML_ROW "\nA line of prose.\n");
	ck_assert_uint_eq(set.nwarn, 0);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(parsed_csv_of(&set.run[0]), W_HTML);
	ck_assert_str_eq(set.run[0].origin, "t.txt:5 (table)"); /* the result row's own line */
	/* the same page without its line breaks */
	strcpy(flat, HTML_HEAD HTML_ROW);
	for (char *c = flat; *c; c++)
		*c = *c == '\n' ? ' ' : *c;
	parse(flat);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(parsed_csv_of(&set.run[0]), W_HTML);
	ck_assert_str_eq(set.run[0].origin, "t.txt:1 (table)");
	/* a text table indented with tabs is read, and nothing says it was in a page's cells */
	parse("\t\tVersion  1.03       ------Sequential Output------ --Sequential Input- --Random-\n"
	      "\t\t                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
	      "\t\tMachine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
	      "\t\tmindpipe         1G  3002  88 31164  60 13485  29  3035  84 32838  36  56.7   0\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_uint_eq(set.nwarn, 0);
}
END_TEST

/* -x 3 results as bon_csv2txt prints them: the rows after the first leave
 * the machine and size (file count) cells blank; here quoted in a reply */
#define X3 \
	"> Version  1.97       ------Sequential Output------ --Sequential Input- --Random-\n" \
	"> Concurrency   1     -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n" \
	"> Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n" \
	"> nfs-worker1      2G  1113  97 78993   7 75546  11  2102  92 271440  13  6863  53\n" \
	"> Latency             21103us     801ms    1565ms   19930us   21978us    9956us\n" \
	">                     1120  96 80011   8 74012  12  2099  93 268112  14  6711  51\n" \
	"> Latency             20013us     799ms    1601ms   18811us   22010us   10230us\n" \
	">                     1109  97 79450   7 75101  11  2111  92 270001  13  6802  52\n" \
	"> Latency             21544us     812ms    1544ms   19002us   21860us    9711us\n" \
	"> Version  1.97       ------Sequential Create------ --------Random Create--------\n" \
	"> nfs-worker1         -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n" \
	">               files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n" \
	">                  16   407   7 +++++ +++  1328  12   526   6 +++++ +++  1704  13\n" \
	"> Latency             65891us   18799us   81134us   31558us    3596us   10771us\n" \
	">                      411   7 +++++ +++  1302  12   530   6 +++++ +++  1699  13\n" \
	"> Latency             64001us   18532us   80112us   30998us    3601us   10212us\n" \
	">                      398   6 +++++ +++  1345  13   519   6 +++++ +++  1711  14\n" \
	"> Latency             66712us   18811us   82001us   31023us    3588us   10655us\n"

START_TEST(continued_rows_take_the_row_above)
{
	parse(X3);
	ck_assert_uint_eq(set.nwarn, 0);
	ck_assert_uint_eq(set.count, 3);
	ck_assert_str_eq(parsed_csv_of(&set.run[0]),
	                 "1.98,1.97,nfs-worker1,1,,2G,,,,1113,97,78993,7,75546,11,2102,92,271440,13,6863,53,16,,,,,"
	                 "407,7,+++++,+++,1328,12,526,6,+++++,+++,1704,13,21103us,801ms,1565ms,19930us,21978us,"
	                 "9956us,65891us,18799us,81134us,31558us,3596us,10771us");
	ck_assert_str_eq(parsed_csv_of(&set.run[1]),
	                 "1.98,1.97,nfs-worker1,1,,2G,,,,1120,96,80011,8,74012,12,2099,93,268112,14,6711,51,16,,,,,"
	                 "411,7,+++++,+++,1302,12,530,6,+++++,+++,1699,13,20013us,799ms,1601ms,18811us,22010us,"
	                 "10230us,64001us,18532us,80112us,30998us,3601us,10212us");
	ck_assert_str_eq(set.run[0].origin, "t.txt:4 (table)");
	/* the origin says the name and size are the first row's */
	ck_assert_str_eq(set.run[1].origin, "t.txt:6 (name and size from line 4) (table)");
	ck_assert_str_eq(set.run[2].origin, "t.txt:8 (name and size from line 4) (table)");
	ck_assert_str_eq(set.run[2].meta[META_NUM_FILES], "16");
	ck_assert_double_eq(set.run[2].phase[PHASE_SEQ_CREATE].rate, 398);
	/* on a page that lost its line breaks, each blank row ends at its Latency row */
	char flat[sizeof X3];
	strcpy(flat, X3);
	for (char *c = flat; *c; c++)
		*c = *c == '\n' ? ' ' : *c;
	parse(flat);
	ck_assert_uint_eq(set.count, 3);
	ck_assert_str_eq(set.run[2].origin, "t.txt:1 (name and size from line 1) (table)");
	ck_assert_double_eq(set.run[2].phase[PHASE_PUT_BLOCK].rate, 79450);
	ck_assert_double_eq(set.run[2].phase[PHASE_SEQ_CREATE].rate, 398);

	/* a row of its own after a file row is not taken for a blank one, and
	 * a row cut short under a first row is not read as one */
	parse("                    ------Sequential Create------ --------Random Create--------\n"
	      "                    -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
	      "files:max:min        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
	      "Gaia             16   340  97 +++++ +++ 16450  79   340  97 +++++ +++  1861  96\n"
	      "Gaia             32   267  77 +++++ +++ 12301  62   240  69 +++++ +++  1339  69\n"
	      "                      311  80 +++++ +++ 12001  60   251  70 +++++ +++\n");
	ck_assert_uint_eq(set.count, 2);
	ck_assert_str_eq(set.run[1].meta[META_NUM_FILES], "32");
	ck_assert_str_eq(set.run[1].origin, "t.txt:5 (table)");
}
END_TEST

/* a label and colon glued before a 1.0x line ("noop:", a scheduler's
 * name) is no part of the machine name */
START_TEST(label_before_a_line_not_in_the_name)
{
	parse("deadline:mindpipe,1G,3002,88,31164,60,13485,29,3035,84,32838,36,56.7,0,16,94,40,+++++,+++,15510,66,"
	      "204,86,+++++,+++,906,83\n"
	      "noop:mindpipe,1G,2902,87,30164,59,13285,28,3005,83,32538,35,55.7,0,16,93,40,+++++,+++,15410,65,"
	      "203,85,+++++,+++,901,82\n");
	ck_assert_uint_eq(set.count, 2);
	ck_assert_str_eq(set.run[0].meta[META_NAME], "mindpipe");
	ck_assert_str_eq(set.run[1].meta[META_NAME], "mindpipe");
	ck_assert_double_eq(set.run[1].phase[PHASE_PUT_BLOCK].rate, 30164);
	/* a name that holds colons of its own is kept */
	parse("fe80::1,1G,3002,88,31164,60,13485,29,3035,84,32838,36,56.7,0,16,94,40,+++++,+++,15510,66,"
	      "204,86,+++++,+++,906,83\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].meta[META_NAME], "fe80::1");
}
END_TEST

/* a CSV line kept in code: a string literal continued with a backslash at
 * each line end and indented, or adjacent literals, in a statement */
#define W197 "1.98,1.97,nfs-worker1,1,1545782353,2G,,8192,5,1113,97,78993,7,75546,11,2102,92,271440,13,6863,53,16," \
             ",,,,407,7,+++++,+++,1328,12,526,6,+++++,+++,1704,13,21103us,801ms,1565ms,19930us,21978us,9956us," \
             "65891us,18799us,81134us,31558us,3596us,10771us"
START_TEST(code_string_pieces_joined)
{
	static const char *const texts[] = {
		"static const char *line = \"1.97,1.97,nfs-worker1,1,1545782353,2G,,1113,97,78993,7,75546,11,2102,92,\\\n"
		"    271440,13,6863,53,16,,,,,407,7,+++++,+++,1328,12,526,6,+++++,+++,1704,13,21103us,801ms,\\\n"
		"    1565ms,19930us,21978us,9956us,65891us,18799us,81134us,31558us,3596us,10771us\";\n",
		"    line = (\"1.97,1.97,nfs-worker1,1,1545782353,2G,,1113,97,78993,7,75546,11,2102,92,\"\n"
		"            \"271440,13,6863,53,16,,,,,407,7,+++++,+++,1328,12,526,6,+++++,+++,1704,13,21103us,801ms,\"\n"
		"            \"1565ms,19930us,21978us,9956us,65891us,18799us,81134us,31558us,3596us,10771us\")\n",
	};
	char flat[1024];

	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		parse(texts[i]);
		ck_assert_uint_eq(set.nwarn, 0);
		ck_assert_uint_eq(set.count, 1);
		ck_assert_str_eq(parsed_csv_of(&set.run[0]), W197);
		ck_assert_str_eq(set.run[0].origin, "t.txt:1");
		/* and on a page that lost its line breaks */
		snprintf(flat, sizeof flat, "%s", texts[i]);
		for (char *c = flat; *c; c++)
			*c = *c == '\n' ? ' ' : *c;
		parse(flat);
		ck_assert_uint_eq(set.count, 1);
		ck_assert_str_eq(parsed_csv_of(&set.run[0]), W197);
	}
}
END_TEST


/* CrystalDiskMark 8 (a blog, 2024), 6 (in a source file's comments, 2018)
 * and 7 (rows alone), KDiskMark 1.6 (a README): each row into bonnie's
 * phase of its block, depth and threads, or a row of its own */
START_TEST(diskmark_rows_into_queue_depth_rows)
{
	parse("CrystalDiskMark 8.0.4 Shizuku Edition x64 (C) 2007-2021 hiyohiyo\n"
	      "* MB/s = 1,000,000 bytes/s [SATA/600 = 600,000,000 bytes/s]\n\n[Read]\n"
	      "  SEQ    1MiB (Q=  8, T= 1):   384.064 MB/s [    366.3 IOPS] < 21765.43 us>\n"
	      "  RND    4KiB (Q= 32, T= 1):    21.640 MB/s [   5283.2 IOPS] <  6020.22 us>\n\n[Write]\n"
	      "  SEQ    1MiB (Q=  8, T= 1):   361.390 MB/s [    344.6 IOPS] < 23093.08 us>\n\n"
	      "Profile: Default\n   Test: 1 GiB (x1) [F: 0% (0/119GiB)]\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].format, "tool");
	ck_assert_str_eq(set.run[0].meta[META_VERSION], "CrystalDiskMark 8.0.4");
	ck_assert_str_eq(set.run[0].meta[META_SIZE], "1G");
	ck_assert_str_eq(set.run[0].origin, "t.txt:5");
	/* 384.064 MB/s is 375062.5 KiB/s */
	ck_assert_double_eq_tol(set.run[0].phase[PHASE_SEQ1M_Q8T1_READ].rate, 375062.5, 1e-6);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "rnd4k_q32t1_read"), 21.640, 1e-9);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "seq1m_q8t1_write"), 361.390, 1e-9);
	ck_assert_int_eq(set.run[0].nother, 0);

	parse("// CrystalDiskMark 6.0.2 x64 (C) 2007-2018 hiyohiyo\n"
	      "//    Sequential Read (Q= 32,T= 1) :   471.231 MB/s\n"
	      "//   Random Read 4KiB (Q=  8,T= 8) :   393.900 MB/s [  96167.0 IOPS]\n"
	      "//   Random Read 4KiB (Q= 32,T= 1) :   384.970 MB/s [  93986.8 IOPS]\n"
	      "//          Sequential Read (T= 1) :   156.034 MB/s\n"
	      "//   Test : 1024 MiB [C: 26.4% (122.8/465.2 GiB)] (x5)  [Interval=5 sec]\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].meta[META_SIZE], "1G");
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "rnd4k_q32t1_read"), 384.970, 1e-9);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "seq1m_q1t1_read"), 156.034, 1e-9);
	/* rows of their own: the 128 KiB sequential row and Q8T8 */
	ck_assert_int_eq(set.run[0].nother, 2);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "seq128k_q32t1_read"), 471.231, 1e-9);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "rnd4k_q8t8_read"), 393.900, 1e-9);

	/* two drives' rows without a header: a row the run has starts the next */
	parse("Samsung SSD 980 PRO 1TB\n\n[Read]\n"
	      "Sequential 1MiB (Q=  8, T= 1):  6835.432 MB/s [   6518.8 IOPS] <  1225.31 us>\n"
	      "Random 4KiB (Q= 32, T=16):  4345.706 MB/s [1060963.4 IOPS] <   481.82 us>\n\n"
	      "KXG60ZNV512G KIOXIA\n\n[Read]\n"
	      "Sequential 1MiB (Q=  8, T= 1):  3250.798 MB/s [   3100.2 IOPS] <  2578.73 us>\n");
	ck_assert_uint_eq(set.count, 2);
	ck_assert_str_eq(set.run[1].origin, "t.txt:10");
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "rnd4k_q32t16_read"), 4345.706, 1e-9);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[1], "seq1m_q8t1_read"), 3250.798, 1e-9);
	ck_assert_str_eq(set.run[1].meta[META_SIZE], "");

	/* KDiskMark, on a page that lost its line breaks */
	parse("KDiskMark (1.6.0): https://github.com/JonMagon/KDiskMark [Read] "
	      "Sequential 1 MiB (Q= 8, T= 1):   542.516 MB/s [    529.8 IOPS] < 14415.61 us> "
	      "[Write] Sequential 1 MiB (Q= 8, T= 1):   513.605 MB/s [    501.6 IOPS] < 15319.33 us> "
	      "Profile: Default    Test: 32 MiB (x5) [Interval: 5 sec]");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].meta[META_VERSION], "KDiskMark 1.6.0");
	ck_assert_str_eq(set.run[0].meta[META_SIZE], "32M");
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "seq1m_q8t1_write"), 513.605, 1e-9);

	/* prose that names a kind is no row */
	parse("Sequential Read (the big number) is what vendors print; Random 4KiB matters more.\n");
	ck_assert_uint_eq(set.count, 0);
	ck_assert_uint_eq(set.nwarn, 0);
}
END_TEST

/* fio 3.32 (a notes page, 2022): a job's line gives its shape; its terse
 * line and its normal text are one result */
START_TEST(fio_terse_and_normal_one_run)
{
	static char text[4096];
	snprintf(text, sizeof text, "%s", "[root@Centos8 fio-3.32]# fio -fimename=/dev/sdc1 -direct=1 -rw=randread -iodepth=1 -bs=4k -size=2G "
	      "-numjobs=1 -name=name\n"
	      "name: (g=0): rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=psync, "
	      "iodepth=1\nfio-3.32\nStarting 1 process\n"
	      "3;fio-3.32;name;0;0;133532;13351;3337;10001;0;0;0.000000;0.000000;189;14700;298.421947;348.277458;"
	      "1.000000%=205;5.000000%=214;10.000000%=220;20.000000%=228;30.000000%=234;40.000000%=244;"
	      "50.000000%=254;60.000000%=264;70.000000%=272;80.000000%=284;90.000000%=313;95.000000%=350;"
	      "99.000000%=1351;99.500000%=2998;99.900000%=4947;99.950000%=5734;99.990000%=8585;0%=0;0%=0;0%=0;"
	      "189;14700;298.527259;348.284972;9536;15608;99.468205%;13280.000000;1775.100874;0;0;0;0;0;0;"
	      "0.000000;0.000000;0;0;0.000000;0.000000\n\n"
	      "name: (groupid=0, jobs=1): err= 0: pid=1305109: Fri Sep 30 11:45:59 2022\n"
	      "  read: IOPS=3337, BW=13.0MiB/s (13.7MB/s)(130MiB/10001msec)\n"
	      "name: (g=0): rw=read, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=psync, "
	      "iodepth=1\nStarting 1 process\n"
	      "name: (groupid=0, jobs=1): err= 0: pid=1302977: Fri Sep 30 11:41:06 2022\n"
	      "  read: IOPS=3302, BW=12.9MiB/s (13.5MB/s)(129MiB/10005msec)\n");
	parse(text);
	ck_assert_uint_eq(set.count, 2);
	ck_assert_str_eq(set.run[0].meta[META_VERSION], "fio-3.32");
	ck_assert_str_eq(set.run[0].meta[META_SIZE], "2G");
	ck_assert_str_eq(set.run[0].origin, "t.txt:2");
	/* terse: 13351 KiB/s */
	ck_assert_double_eq_tol(set.run[0].phase[PHASE_RND4K_Q1T1_READ].rate, 13351, 1e-9);
	/* normal text only: IOPS times the block, a row of its own (4 KiB in order) */
	ck_assert_int_eq(set.run[1].nother, 1);
	ck_assert_str_eq(set.run[1].other[0].name, "seq4k_q1t1_read");
	ck_assert_double_eq_tol(set.run[1].other[0].rate, 3302.0 * 4, 1e-9);
	/* and on a page that lost its line breaks */
	for (char *c = text; *c; c++)
		*c = *c == '\n' ? ' ' : *c;
	parse(text);
	ck_assert_uint_eq(set.count, 2);
	ck_assert_double_eq_tol(set.run[0].phase[PHASE_RND4K_Q1T1_READ].rate, 13351, 1e-9);
	ck_assert_str_eq(set.run[0].meta[META_SIZE], "2G");
	ck_assert_double_eq_tol(set.run[1].other[0].rate, 3302.0 * 4, 1e-9);
}
END_TEST

/* fio 3.42's JSON (a harness's log, 2026): a job's options over the
 * global ones; one that names no rw is skipped with a word */
START_TEST(fio_json_jobs)
{
	parse("{\n  \"fio version\" : \"fio-3.42-6-g219f\",\n"
	      "  \"global options\" : {\"rw\" : \"randwrite\", \"bs\" : \"4096B\", \"iodepth\" : \"1\", \"numjobs\" : \"1\"},\n"
	      "  \"jobs\" : [\n"
	      "    {\"jobname\" : \"/dev/nvme8n13\", \"job options\" : {\"name\" : \"/dev/nvme8n13\"},\n"
	      "     \"read\" : {\"bw_bytes\" : 0, \"bw\" : 0}, \"write\" : {\"bw_bytes\" : 5096143, \"bw\" : 4976}},\n"
	      "    {\"jobname\" : \"seq\", \"job options\" : {\"rw\" : \"read\", \"bs\" : \"1M\", \"iodepth\" : \"8\", "
	      "\"size\" : \"1G\"},\n"
	      "     \"read\" : {\"bw_bytes\" : 1048576000}, \"write\" : {\"bw_bytes\" : 0}}\n  ]\n}\n"
	      "{\"fio version\" : \"fio-2.1.4\", \"jobs\" : [{\"jobname\" : \"random_read_test\", \"read\" : {\"bw\" : 1269}}]}\n");
	ck_assert_uint_eq(set.count, 2);
	ck_assert_str_eq(set.run[0].meta[META_VERSION], "fio-3.42-6-g219f");
	ck_assert_str_eq(set.run[0].origin, "t.txt:1");
	ck_assert_double_eq_tol(set.run[0].phase[PHASE_RND4K_Q1T1_WRITE].rate, 5096143.0 / 1024, 1e-9);
	ck_assert_str_eq(set.run[1].meta[META_NAME], "seq");
	ck_assert_str_eq(set.run[1].meta[META_SIZE], "1G");
	ck_assert_double_eq_tol(set.run[1].phase[PHASE_SEQ1M_Q8T1_READ].rate, 1024000, 1e-9);
	/* fio 2.1.4's jobs name no rw: skipped, said once */
	ck_assert_uint_eq(set.nwarn, 1);
	ck_assert_str_eq(set.warning[0], "t.txt:11: fio JSON: 1 job skipped: its options name no rw, and a job file may "
	                                 "have set it");
	/* a document inside a line (a page that lost its line breaks), after its job's line */
	parse("/dev/nvme8n13: (g=0): rw=randwrite, bs=(R) 4096B-4096B, ioengine=libaio, iodepth=1 fio-3.42 Starting 1 "
	      "process { \"fio version\" : \"fio-3.42\", \"global options\" : { \"rw\" : \"randwrite\", \"bs\" : "
	      "\"4096B\" }, \"jobs\" : [ { \"jobname\" : \"d\", \"read\" : { \"bw_bytes\" : 0 }, \"write\" : { "
	      "\"bw_bytes\" : 5096143 } } ] } /dev/nvme8n13: (groupid=0, jobs=1): err= 0: write: IOPS=1244, "
	      "BW=4977KiB/s (5096kB/s)");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_double_eq_tol(set.run[0].phase[PHASE_RND4K_Q1T1_WRITE].rate, 5096143.0 / 1024, 1e-9);
}
END_TEST

Suite *suite_compare_posted(void)
{
	Suite *s = suite_create("compare_posted");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, format_192a_line);
	tcase_add_test(tc, files_cell_with_colon_dirs);
	tcase_add_test(tc, markup_table_read_from_its_cells);
	tcase_add_test(tc, continued_rows_take_the_row_above);
	tcase_add_test(tc, label_before_a_line_not_in_the_name);
	tcase_add_test(tc, code_string_pieces_joined);
	tcase_add_test(tc, diskmark_rows_into_queue_depth_rows);
	tcase_add_test(tc, fio_terse_and_normal_one_run);
	tcase_add_test(tc, fio_json_jobs);
	suite_add_tcase(s, tc);
	return s;
}
