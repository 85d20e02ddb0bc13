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

#endif
