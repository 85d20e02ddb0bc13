/* Results as the compare tests paste them: real and constructed CSV lines
 * of each layout, and the parts of bonnie's JSON document compare reads. */
#ifndef BONNIE_TESTS_COMPARE_SAMPLES_H
#define BONNIE_TESTS_COMPARE_SAMPLES_H

/* Real bonnie++ 2.00a output (-s 512m -n 4 -z 12345). */
#define L198 "1.98,2.00a,vm,1,12345,512M,,8192,5,535,99,319590,78,631440,65,518,99,+++++,+++,8816,32,4,,,,," \
             "3691,92,+++++,+++,+++++,+++,1918,68,+++++,+++,+++++,+++,28168us,598us,279us,23885us,705us," \
             "21617us,17315us,185us,1085us,37609us,147us,11964us"
/* The same run in the 1.97/1.96 layout (bonnie-format.md section 4: 1.98
 * without fields 7 and 8), constructed, not captured. */
#define L197 "1.97,2.00a,vm,1,12345,512M,,535,99,319590,78,631440,65,518,99,+++++,+++,8816,32,4,,,,," \
             "3691,92,+++++,+++,+++++,+++,1918,68,+++++,+++,+++++,+++,28168us,598us,279us,23885us,705us," \
             "21617us,17315us,185us,1085us,37609us,147us,11964us"
/* 1.0x: name,size, six rate pairs, num_files, six rate pairs (constructed). */
#define L10X "vm,512M,535,99,319590,78,631440,65,518,99,+++++,+++,8816,32,4,3691,92,+++++,+++,+++++,+++," \
             "1918,68,+++++,+++,+++++,+++"

/* The parts of bonnie's JSON document compare reads, in its layout. */
#define JDOC "{\n  \"tool\": \"bonnie\",\n  \"version\": \"0.1.0\",\n  \"config\": {\"machine\": \"j1\", " \
	"\"file_size_bytes\": 268435456, \"chunk_bytes\": 8192, \"seeks\": 8192, \"seek_workers\": 5, " \
	"\"files\": 1024, \"file_kind\": \"files\", \"file_max_bytes\": 0, \"file_min_bytes\": 0, " \
	"\"file_dirs\": 1, \"file_chunk_bytes\": 8192, \"seed\": 7, \"concurrency\": 1},\n" \
	"  \"runs\": [{\"run\": 1, \"phases\": [\n" \
	"    {\"name\": \"putc\", \"status\": \"not_run\"},\n" \
	"    {\"name\": \"put_block\", \"status\": \"done\", \"cpu_percent\": 60, \"rate_kib_s\": 627105.5, " \
	"\"low_confidence\": false, \"latency_ns\": {\"count\": 10, \"max\": 571000, \"p99_9\": 1}},\n" \
	"    {\"name\": \"seeks\", \"status\": \"done\", \"cpu_percent\": 3, \"rate_seeks_s\": 812.25, " \
	"\"low_confidence\": true, \"latency_ns\": {\"count\": 1, \"max\": 8715000}},\n" \
	"    {\"name\": \"ran_del\", \"status\": \"failed\"}\n  ]}]\n}\n"

/* A kept run (tests/compare/cached.json and .csv: -s 256m -n 1 -r 32m on
 * a 23.5 GiB VM): its table marked seeks c (from the page cache) and the
 * file phases ~ (under 0.5 s). The JSON cut to three of its phases, and
 * its CSV line whole. */
#define JMARKS "{\"tool\":\"bonnie\",\"version\":\"0.1.0\",\"config\":{\"machine\":\"vm\"," \
	"\"file_size_bytes\":268435456,\"chunk_bytes\":8192,\"seeks\":8192,\"seek_workers\":5,\"files\":1024," \
	"\"file_kind\":\"files\",\"seed\":188420017,\"concurrency\":1},\"runs\":[{\"run\":1,\"phases\":[" \
	"{\"name\":\"put_block\",\"status\":\"done\",\"cpu_percent\":31,\"rate_kib_s\":482352.597," \
	"\"low_confidence\":false,\"latency_ns\":{\"max\":4729539},\"confidence\":{\"reasons\":[],\"mark\":\"\"}}," \
	"{\"name\":\"seeks\",\"status\":\"done\",\"cpu_percent\":55,\"rate_seeks_s\":54248.369," \
	"\"low_confidence\":false,\"latency_ns\":{\"max\":96091256},\"confidence\":{\"reasons\":[\"cached\"]," \
	"\"mark\":\"c\"}},{\"name\":\"seq_create\",\"status\":\"done\",\"cpu_percent\":37," \
	"\"rate_files_s\":31421.692,\"low_confidence\":true,\"latency_ns\":{\"max\":7879049}," \
	"\"confidence\":{\"reasons\":[\"short\"],\"mark\":\"~\"}}]}]}\n"
#define CMARKS "1.98,0.1.0,vm,1,188420017,256M,8k,153845,5,306,52,482352,31,121932,44,246,38,147277,36," \
	"54248,55,1,,,,,31421,37,325987,99,37201,72,50125,55,146957,42,53648,39,45390us,4729us,17169us," \
	"63996us,29088us,96091us,7879us,351us,14210us,3670us,4093us,2955us\n"

#endif
