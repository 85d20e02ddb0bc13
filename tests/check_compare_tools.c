/* input/: the disk benchmark tools' texts of the sixth held-out set
 * (tests/compare-qd-sixth, docs/compare-corpus.md), one test per rule:
 * fio's decimal rates and which of its figures is the more precise, a
 * mixed job's two sides, a command's size (wrapped, or none), a job line a
 * mailer wrapped, fio 2's layout, results with no job line, and
 * CrystalDiskMark's [Mix] rows and KDiskMark's ports; and the seventh
 * set's (tests/compare-qd-seventh): the I/O over the run time, commands
 * quoted or run by path and whose jobs their size is, a KDiskMark header
 * without version, two results side by side, fio's JSON inside a line
 * with no job line. The texts are cut
 * from those posts. And compare's tables of such runs: their mean
 * latencies. */
#include "suites.h"
#include "util_parsed.h"
#include "../input/input.h"
#include "../input/run_read.h"
#include "../report/compare/compare.h"
#include "../report/compare/compare_cells.h"
#include "../phases/interface/phase_list.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct parsed_set set;

static void teardown(void)
{
	input_free(&set);
}


#define JOB4K(rw, depth) \
	"t: (g=0): rw=" rw ", bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=libaio, iodepth=" depth "\n"
#define JOB1M(rw) "t: (g=0): rw=" rw ", bs=(R) 1024KiB-1024KiB, (W) 1024KiB-1024KiB, ioengine=posixaio, iodepth=64\n"

/* fio 3.25 and 3.41 (notes pages): a BW with decimals (42.7MiB/s) is read;
 * of IOPS x block and BW, the one written with more digits is taken */
START_TEST(fio_rate_from_its_more_precise_figure)
{
	parsed_parse(&set, JOB4K("randwrite", "1") "fio-3.25\nStarting 1 process\n"
	             "  write: IOPS=10.9k, BW=42.7MiB/s (44.8MB/s)(854MiB/20001msec); 0 zone resets\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].meta[META_VERSION], "fio-3.25");
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "rnd4k_q1t1_write"), 42.7 * 1048576 / 1e6, 1e-9);

	parsed_parse(&set, JOB1M("read") "Starting 1 process\n"
	             "  read: IOPS=87, BW=87.5MiB/s (91.7MB/s)(10.3GiB/120171msec)\n\n" JOB4K("read", "1")
	             "  read: IOPS=3302, BW=12.9MiB/s (13.5MB/s)(129MiB/10005msec)\n");
	ck_assert_uint_eq(set.count, 2);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "seq1m_q64t1_read"), 87.5 * 1048576 / 1e6, 1e-9); /* not 87 MiB/s */
	ck_assert_double_eq_tol(parsed_mbps(&set.run[1], "seq4k_q1t1_read"), 3302 * 4096 / 1e6, 1e-9);  /* not 12.9 MiB/s */
}
END_TEST

/* fio 3.25 (ESXi notes): a randrw job is one result of two rows */
START_TEST(fio_mixed_job_both_sides)
{
	parsed_parse(&set, JOB4K("randrw", "64") "fio-3.25\nStarting 1 process\ntest: Laying out IO file (1 file / 4096MiB)\n"
	             "  read: IOPS=43.4k, BW=170MiB/s (178MB/s)(3070MiB/18105msec)\n"
	             "   bw (  KiB/s): min=74112, max=184904, per=100.00%, avg=173749.11\n"
	             "  write: IOPS=14.5k, BW=56.7MiB/s (59.4MB/s)(1026MiB/18105msec); 0 zone resets\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].meta[META_SIZE], "4G");
	/* each side from its I/O over the run time, written with more digits than BW (170MiB/s is 169.5 to 170.5) */
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "mixrnd4k_q64t1_read"), 3070.0 * 1048576 / 18.105 / 1e6, 1e-6);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "mixrnd4k_q64t1_write"), 1026.0 * 1048576 / 18.105 / 1e6, 1e-6);
	ck_assert_int_eq(set.run[0].nother, 2);
}
END_TEST

/* a command's words run to its job's line (a terminal wrapped it inside a
 * word); a later command that gives no size gives the next job none */
START_TEST(fio_command_size_wrapped_or_none)
{
	parsed_parse(&set, "$ fio --filename=./file --direct=1 --rw=randwrite --bs=4k --iodepth=1  --gro\n"
	             "up_reporting --name=4ktestwrite --size=20M --runtime=20 --time_based\n" JOB4K("randwrite", "1")
	             "  write: IOPS=10.9k, BW=42.7MiB/s (44.8MB/s)(854MiB/20001msec)\n\n"
	             "fio --filename=./f --rw=read --bs=1M --iodepth=64 --name=t\n" JOB1M("read")
	             "  read: IOPS=87, BW=87.5MiB/s (91.7MB/s)(10.3GiB/120171msec)\n");
	ck_assert_uint_eq(set.count, 2);
	ck_assert_str_eq(set.run[0].meta[META_SIZE], "20M");
	ck_assert_str_eq(set.run[1].meta[META_SIZE], "");
}
END_TEST

/* fio 3.16 (a bcache mail, the seventh set): BW=46.0MiB/s printed for
 * 1024MiB in 21810 msec (46.95 MiB/s, 2% more): of the line's figures the
 * I/O over the run time, written with the most digits, is taken */
START_TEST(fio_rate_from_io_over_run_time)
{
	parsed_parse(&set, JOB4K("randwrite", "1") "Starting 1 process\n"
	             "  write: IOPS=12.0k, BW=46.0MiB/s (49.2MB/s)(1024MiB/21810msec); 0 zone resets\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "rnd4k_q1t1_write"), 1024.0 * 1048576 / 21.810 / 1e6, 1e-6);
}
END_TEST

/* the seventh set's commands: one quoted in prose ("`fio ... -size=1G`"),
 * "./fio"; a command's size is its own jobs' (fio prints their lines before
 * their results), so a job after a result without a command of its own has
 * none, and a command without a size gives none */
START_TEST(fio_command_forms_and_scope)
{
	parsed_parse(&set, "Running `fio -filename=f -direct=1 -rw=randwrite -bs=4k -size=1G\n-name=t`, I got:\n"
	             JOB4K("randwrite", "1") "  write: IOPS=710, BW=2841KiB/s (2909kB/s)(166MiB/60001msec)\n"
	             "Run status group 0 (all jobs):\n\n" JOB4K("randwrite", "1")
	             "  write: IOPS=12.0k, BW=46.0MiB/s (49.2MB/s)(1024MiB/21810msec)\nRun status group 0 (all jobs):\n"
	             "./fio --filename=f --size=4G --rw=randwrite --bs=4K --iodepth=4 --name=t\n" JOB4K("randwrite", "4")
	             "  write: IOPS=3065, BW=11.0MiB/s (12.6MB/s)(3593MiB/300002msec)\nRun status group 0 (all jobs):\n"
	             "./fio --filename=f --rw=randread --bs=4K --iodepth=4 --name=t\n" JOB4K("randread", "4")
	             "   read: IOPS=5269, BW=20.6MiB/s (21.6MB/s)(4096MiB/198990msec)\n");
	ck_assert_uint_eq(set.count, 4);
	ck_assert_str_eq(set.run[0].meta[META_SIZE], "1G");
	ck_assert_str_eq(set.run[1].meta[META_SIZE], "");
	ck_assert_str_eq(set.run[2].meta[META_SIZE], "4G");
	ck_assert_str_eq(set.run[3].meta[META_SIZE], "");
}
END_TEST

/* KDiskMark's README of 2020: its header names no version */
START_TEST(diskmark_header_without_version)
{
	parsed_parse(&set, "                             KDiskMark: https://github.com/JonMagon/KDiskMark\n"
	             "[Read]\nSequential 1 MiB (Q= 8, T= 1):   528.053 MB/s [    528.1 IOPS] < 14449.94 us>\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].meta[META_VERSION], "KDiskMark");
}
END_TEST

/* a README posting two CrystalDiskMark results side by side, a column each */
START_TEST(diskmark_two_results_side_by_side)
{
	parsed_parse(&set, "[Read]                           *Single*           *Mirrored*\n"
	             "Sequential 1MiB (Q=  8, T= 1):   160.497 MB/s [    153.1 IOPS]   282.983 MB/s [    269.9 IOPS]\n"
	             "    Random 4KiB (Q=  1, T= 1):     0.527 MB/s [    128.7 IOPS]    21.189 MB/s [   5173.1 IOPS]\n"
	             "[Write]\nSequential 1MiB (Q=  8, T= 1):   153.896 MB/s [    146.8 IOPS]   226.825 MB/s [    216.3 IOPS]\n");
	ck_assert_uint_eq(set.count, 2);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "seq1m_q8t1_read"), 160.497, 1e-6);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "rnd4k_q1t1_read"), 0.527, 1e-6);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "seq1m_q8t1_write"), 153.896, 1e-6);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[1], "seq1m_q8t1_read"), 282.983, 1e-6);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[1], "rnd4k_q1t1_read"), 21.189, 1e-6);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[1], "seq1m_q8t1_write"), 226.825, 1e-6);
}
END_TEST

/* a tool's text that prints no test size: the run's legend says the size
 * was not given; "no I/O tests" is bonnie++'s blank size (-s 0), and
 * would say these rows were never measured */
START_TEST(tool_run_without_size_legend)
{
	char legend[512];

	parsed_parse(&set, "[Read]\nSequential 1MiB (Q=  8, T= 1):   160.497 MB/s [    153.1 IOPS]\n");
	ck_assert_uint_eq(set.count, 1);
	parsed_legend(&set.run[0], legend, sizeof legend);
	ck_assert_ptr_nonnull(strstr(legend, "size not given"));
	ck_assert_ptr_null(strstr(legend, "no I/O tests"));
}
END_TEST

/* fio's JSON inside a line (a Python string on a page that lost its line
 * breaks) is read with no job line before it */
START_TEST(fio_json_inside_a_line_without_job_line)
{
	parsed_parse(&set, "# sample SAMPLE_DATA = \"\"\" { \"fio version\" : \"fio-3.1\", \"jobs\" : [ { \"jobname\" : \"test\", "
	             "\"job options\" : { \"size\" : \"1073741824\", \"iodepth\" : \"4\", \"bs\" : \"4096\", \"rw\" : \"write\" }, "
	             "\"write\" : { \"bw\" : 1753471 } } ] } \"\"\" ");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "seq4k_q4t1_write"), 1753471.0 * 1024 / 1e6, 1e-6);
}
END_TEST

/* fio 3.27 in a mail (linux-kernel, 2021): the job line wrapped after "(T)" */
START_TEST(fio_job_line_wrapped_by_a_mailer)
{
	parsed_parse(&set, "test: (g=0): rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T)\n"
	             "4096B-4096B, ioengine=io_uring, iodepth=64\nfio-3.27\nStarting 1 process\n"
	             "  read: IOPS=393k, BW=1536MiB/s (1611MB/s)(15.0GiB/10001msec)\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].origin, "t.txt:1");
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "rnd4k_q64t1_read"), 1536 * 1048576 / 1e6, 1e-9);
}
END_TEST

/* fio 2.8 (a results page, 2016): "bs=4K-4K/...", "io=..., bw=396769B/s",
 * "read : io=...", bw in KB of 1024 bytes, the layout line's MB */
START_TEST(fio2_layout)
{
	parsed_parse(&set, "f: (g=0): rw=write, bs=4K-4K/4K-4K/4K-4K, ioengine=libaio, iodepth=16\nfio-2.8-1-g87a0\n"
	             "Starting 1 process\n\nf: (groupid=0, jobs=1): err= 0: pid=24007\n"
	             "  write: io=7768.0KB, bw=396769B/s, iops=96, runt= 20048msec\n\n"
	             "f: (g=0): rw=read, bs=4K-4K/4K-4K/4K-4K, ioengine=libaio, iodepth=16\nfio-2.8-1-g87a0\n"
	             "Starting 1 process\nf: Laying out IO file(s) (1 file(s) / 5120MB)\n\n"
	             "  read : io=169860KB, bw=8492.6KB/s, iops=2123, runt= 20001msec\n");
	ck_assert_uint_eq(set.count, 2);
	ck_assert_str_eq(set.run[0].meta[META_VERSION], "fio-2.8-1-g87a0");
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "seq4k_q16t1_write"), 0.396769, 1e-9);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[1], "seq4k_q16t1_read"), 8492.6 * 1024 / 1e6, 1e-9);
	ck_assert_str_eq(set.run[1].meta[META_SIZE], "5G");
}
END_TEST

/* fio's normal output without its job line (a CI page): not read, said once */
START_TEST(fio_results_without_job_line_said)
{
	parsed_parse(&set, "rw = randread, bs = 4k\n\nrandread: (groupid=0, jobs=1): err= 0: pid=12125\n"
	             "  read: IOPS=35.6k, BW=139MiB/s (146MB/s)(1392MiB/10001msec)\n"
	             "randwrite: (groupid=1, jobs=1): err= 0: pid=12128\n"
	             "  write: IOPS=22.1k, BW=86.3MiB/s (90.5MB/s)(863MiB/10001msec)\n");
	ck_assert_uint_eq(set.count, 0);
	ck_assert_uint_eq(set.nwarn, 1);
	ck_assert_str_eq(set.warning[0], "t.txt:3: fio results not read: no job line (\"name: (g=0): rw=..., bs=..., "
	                 "iodepth=...\") before them says their shape");
}
END_TEST

/* CrystalDiskMark 8.0.4's NVMe profile (a notes page, quoted): a [Mix]
 * row is the total of both directions; a port of KDiskMark names itself */
START_TEST(diskmark_mix_total_and_ports)
{
	parsed_parse(&set, "> CrystalDiskMark 8.0.4 x64 (C) 2007-2021 hiyohiyo\n> [Read]\n"
	             ">   SEQ    1MiB (Q=  8, T= 1):  7427.749 MB/s [   7083.7 IOPS] <   987.81 us>\n"
	             "> [Mix] Read 70%/Write 30%\n"
	             ">   SEQ    1MiB (Q=  8, T= 1):  3635.544 MB/s [   3467.1 IOPS] <  2303.51 us>\n"
	             ">   RND    4KiB (Q=  1, T= 1):    70.461 MB/s [  17202.4 IOPS] <    58.03 us>\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "mixseq1m_q8t1_rw"), 3635.544, 1e-9);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "mixrnd4k_q1t1_rw"), 70.461, 1e-9);
	ck_assert(parsed_mbps(&set.run[0], "mixseq1m_q8t1_read") < 0);

	parsed_parse(&set, "                      tdeDiskMark (1.0): https://github.com/seb3773/tdediskmark\n[Read]\n"
	             "Sequential   1 MiB (Q=  8, T= 1):   508.897 MB/s [    497.0 IOPS] < 13840.05 us>\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].meta[META_VERSION], "tdeDiskMark 1.0");
}
END_TEST

/* fio 3.32 (a notes page) and 2.8 (a results page): the whole I/O's max
 * latency (lat, not clat), the completion percentiles p50 and p99 in their
 * header's unit, the I/Os issued behind them; an fsync's percentiles and
 * the latency distribution lines ("lat (usec)   : 250=95.13%") say nothing */
START_TEST(fio_latencies_into_the_row)
{
	parsed_parse(&set, JOB4K("randread", "1") "Starting 1 process\n"
	             "  read: IOPS=3337, BW=13.0MiB/s (13.7MB/s)(130MiB/10001msec)\n"
	             "    clat (usec): min=189, max=14700, avg=298.42, stdev=348.28\n"
	             "     lat (usec): min=189, max=14701, avg=298.53, stdev=348.28\n"
	             "    clat percentiles (usec):\n"
	             "     |  1.00th=[  206],  5.00th=[  215], 50.00th=[  255], 60.00th=[  265],\n"
	             "     | 99.00th=[ 1352], 99.50th=[ 2999]\n"
	             "  lat (usec)   : 250=45.23%, 500=51.86%\n"
	             "    sync percentiles (usec):\n     | 50.00th=[ 9999], 99.00th=[99999]\n"
	             "     issued rwts: total=33383,0,0,0 short=0,0,0,0 dropped=0,0,0,0\n");
	ck_assert_uint_eq(set.count, 1);
	const struct parsed_phase *ph = &set.run[0].phase[PHASE_RND4K_Q1T1_READ];
	ck_assert_int_eq(ph->latency_ns, 14701000);
	ck_assert_int_eq(ph->p50_ns, 255000);
	ck_assert_int_eq(ph->p99_ns, 1352000);
	ck_assert_uint_eq(ph->operations, 33383);

	parsed_parse(&set, "f: (g=0): rw=randwrite, bs=4K-4K/4K-4K/4K-4K, ioengine=libaio, iodepth=1\nStarting 1 process\n"
	             "  write: io=7768.0KB, bw=396769B/s, iops=96, runt= 20048msec\n"
	             "    clat (usec): min=5, max=650714, avg=154131.73, stdev=82426.87\n"
	             "     lat (msec): min=49, max=734, avg=164.45, stdev=85.80\n"
	             "    clat percentiles (msec):\n     |  1.00th=[  126], 50.00th=[  126], 99.00th=[  494]\n"
	             "     issued    : total=r=0/w=1942/d=0, short=r=0/w=0/d=0\n");
	ck_assert_uint_eq(set.count, 1);
	ph = &set.run[0].phase[PHASE_RND4K_Q1T1_WRITE];
	ck_assert_int_eq(ph->latency_ns, 734000000);
	ck_assert_int_eq(ph->p99_ns, 494000000);
	ck_assert_uint_eq(ph->operations, 1942);
}
END_TEST

/* issue 53's point 3: the mean latency the tools print, into the row:
 * CrystalDiskMark's and KDiskMark's "< us>", fio's "lat ... avg=" (the
 * whole I/O's, as its max), and fio's terse line (seventh set 01: clat
 * percentiles 18-37, lat max 39 and mean 40, in usec) */
START_TEST(tool_mean_latencies_into_the_row)
{
	const struct parsed_phase *ph;

	parsed_parse(&set, "KDiskMark (2.3.0): https://github.com/JonMagon/KDiskMark\n[Read]\n"
	             "Sequential 1 MiB (Q= 8, T= 1):   550.145 MB/s [    537.3 IOPS] < 14840.12 us>\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_int_eq(set.run[0].phase[PHASE_SEQ1M_Q8T1_READ].mean_ns, 14840120);
	/* a disk benchmark's row states a rate and its mean, no %CPU */
	ck_assert_uint_eq(set.run[0].phase[PHASE_SEQ1M_Q8T1_READ].known, READ_RATE | READ_LAT_MEAN);

	parsed_parse(&set, JOB4K("randread", "1") "Starting 1 process\n"
	             "  read: IOPS=3337, BW=13.0MiB/s (13.7MB/s)(130MiB/10001msec)\n"
	             "    clat (usec): min=189, max=14700, avg=298.42, stdev=348.28\n"
	             "     lat (usec): min=189, max=14701, avg=298.53, stdev=348.28\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_int_eq(set.run[0].phase[PHASE_RND4K_Q1T1_READ].mean_ns, 298530);

	parsed_parse(&set, JOB4K("randread", "1") "fio-3.1\nStarting 1 process\n"
	             "3;fio-3.1;t;0;0;2097152;14790;3697;141787;2;108;8.432369;3.213270;311;35648;525.634168;809.391753;"
	             "1.000000%=354;5.000000%=366;10.000000%=378;20.000000%=395;30.000000%=407;40.000000%=419;50.000000%=428;"
	             "60.000000%=440;70.000000%=452;80.000000%=473;90.000000%=518;95.000000%=643;99.000000%=2211;99.500000%=8224;"
	             "99.900000%=10944;99.950000%=11075;99.990000%=16449;0%=0;0%=0;0%=0;328;35667;534.512884;810.705574;383;8944;"
	             "50.317445%;7441.950178;2275.304448;0;0;0;0;0;0;0.000000;0.000000;0;0;0.000000;0.000000;1.000000%=0;"
	             "5.000000%=0;10.000000%=0;20.000000%=0;30.000000%=0;40.000000%=0;50.000000%=0;60.000000%=0;70.000000%=0;"
	             "80.000000%=0;90.000000%=0;95.000000%=0;99.000000%=0;99.500000%=0;99.900000%=0;99.950000%=0;99.990000%=0;"
	             "0%=0;0%=0;0%=0;0;0;0.000000;0.000000;0;0;0.000000%;0.000000;0.000000\n");
	ck_assert_uint_eq(set.count, 1);
	ph = &set.run[0].phase[PHASE_RND4K_Q1T1_READ];
	ck_assert_int_eq(ph->p50_ns, 428000);
	ck_assert_int_eq(ph->p99_ns, 2211000);
	ck_assert_int_eq(ph->latency_ns, 35667000);
	ck_assert_int_eq(ph->mean_ns, 534512);
	ck_assert_uint_eq(ph->known, READ_RATE | READ_LAT_MAX | READ_LAT_P50 | READ_LAT_P99 | READ_LAT_MEAN);
}
END_TEST

/* Two results side by side, each with its "< us>" (two KDiskMark 2.3.0
 * exports of the seventh set's sources, laid out as qd-seventh 03's README
 * lays two CrystalDiskMark results): each column's mean is its own; a
 * column that prints none has none (not its neighbour's) */
START_TEST(diskmark_side_by_side_means)
{
	parsed_parse(&set, "[Read]                            *first*                                     *second*\n"
	             "Sequential 1 MiB (Q= 8, T= 1):   542.516 MB/s [    529.8 IOPS] < 14415.61 us>   "
	             "550.145 MB/s [    537.3 IOPS] < 14840.12 us>\n"
	             "Sequential 1 MiB (Q= 1, T= 1):   452.596 MB/s [    442.0 IOPS] <  2248.08 us>   "
	             "456.261 MB/s [    445.6 IOPS]\n"
	             "    Random 4 KiB (Q= 1, T= 1):    43.252 MB/s [  10813.1 IOPS]   "
	             " 43.042 MB/s [  10760.6 IOPS] <    90.69 us>\n");
	ck_assert_uint_eq(set.count, 2);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[1], "seq1m_q8t1_read"), 550.145, 1e-6);
	ck_assert_int_eq(set.run[0].phase[PHASE_SEQ1M_Q8T1_READ].mean_ns, 14415610);
	ck_assert_int_eq(set.run[1].phase[PHASE_SEQ1M_Q8T1_READ].mean_ns, 14840120);
	ck_assert_int_eq(set.run[0].phase[PHASE_SEQ1M_Q1T1_READ].mean_ns, 2248080);
	ck_assert_int_eq(set.run[1].phase[PHASE_SEQ1M_Q1T1_READ].mean_ns, 0);
	ck_assert_int_eq(set.run[0].phase[PHASE_RND4K_Q1T1_READ].mean_ns, 0);
	ck_assert_int_eq(set.run[1].phase[PHASE_RND4K_Q1T1_READ].mean_ns, 90690);
}
END_TEST

/* two results that both print their means: compare says the mean latency,
 * of the rate's evidence (a tool's is weaker: its cache state and time are
 * unknown), in the differences and on a line of its own */
START_TEST(compare_says_mean_latency_where_both_have_it)
{
	struct compare_opts o = {.base = 0, .threshold = 1.5, .format = COMPARE_TEXT};
	struct compare_diff *all;
	size_t nd, means = 0;
	char *buf = NULL;
	size_t len = 0;
	FILE *m;

	parsed_parse(&set, "CrystalDiskMark 8.0.4 x64\n[Read]\n"
	             "SEQ    1MiB (Q=  8, T= 1):   384.159 MB/s [    366.4 IOPS] < 21765.43 us>\n"
	             "RND    4KiB (Q=  1, T= 1):     0.561 MB/s [    137.0 IOPS] <  7281.82 us>\n\n"
	             "CrystalDiskMark 8.0.4 x64\n[Read]\n"
	             "SEQ    1MiB (Q=  8, T= 1):   194.805 MB/s [    185.8 IOPS] < 42919.40 us>\n"
	             "RND    4KiB (Q=  1, T= 1):    20.805 MB/s [   5079.3 IOPS] <   196.51 us>\n");
	ck_assert_uint_eq(set.count, 2);
	all = parsed_diffs(set.run, 2, &o, &nd);
	for (size_t i = 0; i < nd; i++)
		if (all[i].mean) {
			means++;
			ck_assert(all[i].latency);
			ck_assert_int_ne(all[i].evidence, EVIDENCE_ENOUGH);
			if (all[i].phase == PHASE_RND4K_Q1T1_READ)
				ck_assert_double_eq_tol(all[i].ratio, 196.51 / 7281.82, 1e-9);
		}
	ck_assert_uint_eq(means, 2);
	free(all);
	m = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(m);
	report_compare_summary(m, set.run, 2, &o);
	fclose(m);
	ck_assert_ptr_nonnull(strstr(buf, "Mean latencies ("));
	ck_assert_ptr_nonnull(strstr(buf, "RND4K Q1T1 read mean latency 37x better on B"));
	free(buf);
}
END_TEST

/* CrystalDiskMark's window retyped (a blog, 2024): read and write side by
 * side, one run per grid, in the unit named before it; a grid in IOPS is
 * its block times them, and after a grid in MB/s the same results in IOPS
 * are not read twice; a grid without a unit is not read; an export row in
 * IOPS alone, or in GB/s */
START_TEST(diskmark_grid_and_iops_rows)
{
	parsed_parse(&set, "#### MB/s\n\n||Read|Write|\n|:----|:----|:----|\n|SEQ1M Q8T1|1141.20|2032.80|\n"
	             "|RND4K Q32T16|47.43|78.44|\n\n#### IOPS\n||Read|Write|\n|RND4K Q32T16|12141.00|20079.60|\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].meta[META_VERSION], "DiskMark grid");
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "seq1m_q8t1_write"), 2032.80, 1e-9);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "rnd4k_q32t16_read"), 47.43, 1e-9);
	ck_assert_uint_eq(set.nwarn, 1);
	ck_assert_str_eq(set.warning[0], "t.txt:9: disk benchmark grid in IOPS not read: the text gives its results in MB/s too");

	parsed_parse(&set, "IOPS\n            Write     Read\nRND4K Q1T1  13513.00  13627.00\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "rnd4k_q1t1_read"), 13627.00 * 4096 / 1e6, 1e-9);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "rnd4k_q1t1_write"), 13513.00 * 4096 / 1e6, 1e-9);

	parsed_parse(&set, "||Read|Write|\n|SEQ1M Q8T1|1141.20|2032.80|\n");
	ck_assert_uint_eq(set.count, 0);
	ck_assert_str_eq(set.warning[0], "t.txt:1: disk benchmark grid (Read, Write) not read: no unit (MB/s, GB/s, IOPS) "
	                 "is named before it");

	parsed_parse(&set, "[Read]\n  RND    4KiB (Q= 32, T= 1):   5283.2 IOPS\n  SEQ    1MiB (Q=  8, T= 1):  7.428 GB/s\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "rnd4k_q32t1_read"), 5283.2 * 4096 / 1e6, 1e-9);
	ck_assert_double_eq_tol(parsed_mbps(&set.run[0], "seq1m_q8t1_read"), 7428, 1e-9);
}
END_TEST

/* s written by fn over runs: the table compare prints in one format */
static char *written(int (*html)(FILE *, const struct parsed_run *, size_t, const struct compare_opts *),
                     const struct parsed_run *runs, size_t n, const struct compare_opts *o)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(m);
	if (html != NULL)
		ck_assert_int_eq(html(m, runs, n, o), 0);
	else
		report_compare(m, runs, n, o);
	fclose(m);
	return buf;
}

/* The line of s that starts with start and holds every one of the words
 * after it, in order (NULL-ended); false when there is none. */
static bool line_has(const char *s, const char *start, ...)
{
	for (const char *l = s; l != NULL && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		size_t end = strcspn(l, "\n");
		char line[512];
		const char *at = line, *w;
		va_list ap;
		bool all = true;
		if (strncmp(l, start, strlen(start)) != 0)
			continue;
		snprintf(line, sizeof line, "%.*s", (int)end, l);
		va_start(ap, start);
		while (all && (w = va_arg(ap, const char *)) != NULL)
			all = (at = strstr(at, w)) != NULL ? (at += strlen(w), true) : false;
		va_end(ap);
		if (all)
			return true;
	}
	return false;
}

/* compare's tables show each queue-depth row's mean latency on a row of
 * its own where an input prints one (two CrystalDiskMark exports), with
 * the ratio of two means; "-" for a run whose input prints none (a
 * retyped grid), never a figure made up; no such row when no input has a
 * mean */
START_TEST(compare_tables_show_mean_latency)
{
	struct compare_opts o = {.base = 0, .threshold = 1.5, .format = COMPARE_TEXT};
	char *s;

	parsed_parse(&set, "CrystalDiskMark 8.0.4 x64\n[Read]\n"
	             "SEQ    1MiB (Q=  8, T= 1):   384.064 MB/s [    366.3 IOPS] < 21765.43 us>\n\n"
	             "CrystalDiskMark 8.0.4 x64\n[Read]\n"
	             "SEQ    1MiB (Q=  8, T= 1):  3384.064 MB/s [   3227.3 IOPS] <  2765.43 us>\n\n"
	             "#### MB/s\n\n||Read|Write|\n|:----|:----|:----|\n|SEQ1M Q8T1|1141.20|2032.80|\n");
	ck_assert_uint_eq(set.count, 3);
	s = written(NULL, set.run, 3, &o);
	ck_assert_msg(line_has(s, "  mean latency", "21.8 ms", "2.8 ms (7.87x better >)", "-", NULL), "%s", s);
	ck_assert_msg(!line_has(s, "  mean latency", "-", "(", NULL), "%s", s); /* the grid's: no ratio */
	free(s);
	o.format = COMPARE_MARKDOWN;
	s = written(NULL, set.run, 3, &o);
	ck_assert_msg(line_has(s, "| mean latency", "| 21.8 ms", "| 2.8 ms", "| 7.87x better >", "| - |", NULL), "%s", s);
	free(s);
	s = written(report_compare_html, set.run, 3, &o);
	ck_assert_ptr_nonnull(strstr(s, "<td data-key=\"seq1m_q8t1_read_mean_latency\" data-run=\"1\" data-value=\"2765430\">"
	                                "2.8 ms <span class=\"ratio\">7.87x better &gt;</span></td>"));
	ck_assert_ptr_nonnull(strstr(s, "<td data-key=\"seq1m_q8t1_read_mean_latency\" data-run=\"2\">-</td>"));
	free(s);

	/* two grids: no input has a mean, so no row says one */
	parsed_parse(&set, "#### MB/s\n\n||Read|Write|\n|SEQ1M Q8T1|1141.20|2032.80|\n\n"
	             "#### MB/s\n\n||Read|Write|\n|SEQ1M Q8T1|141.20|232.80|\n");
	ck_assert_uint_eq(set.count, 2);
	o.format = COMPARE_TEXT;
	s = written(NULL, set.run, 2, &o);
	ck_assert_ptr_null(strstr(s, "mean latency"));
	free(s);
}
END_TEST

Suite *suite_compare_tools(void)
{
	Suite *s = suite_create("compare_tools");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, fio_rate_from_its_more_precise_figure);
	tcase_add_test(tc, fio_mixed_job_both_sides);
	tcase_add_test(tc, fio_command_size_wrapped_or_none);
	tcase_add_test(tc, fio_job_line_wrapped_by_a_mailer);
	tcase_add_test(tc, fio2_layout);
	tcase_add_test(tc, fio_results_without_job_line_said);
	tcase_add_test(tc, diskmark_mix_total_and_ports);
	tcase_add_test(tc, fio_latencies_into_the_row);
	tcase_add_test(tc, diskmark_grid_and_iops_rows);
	tcase_add_test(tc, fio_rate_from_io_over_run_time);
	tcase_add_test(tc, fio_command_forms_and_scope);
	tcase_add_test(tc, diskmark_header_without_version);
	tcase_add_test(tc, diskmark_two_results_side_by_side);
	tcase_add_test(tc, fio_json_inside_a_line_without_job_line);
	tcase_add_test(tc, tool_mean_latencies_into_the_row);
	tcase_add_test(tc, compare_says_mean_latency_where_both_have_it);
	tcase_add_test(tc, compare_tables_show_mean_latency);
	tcase_add_test(tc, diskmark_side_by_side_means);
	tcase_add_test(tc, tool_run_without_size_legend);
	suite_add_tcase(s, tc);
	return s;
}
