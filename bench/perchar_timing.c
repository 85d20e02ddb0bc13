/* What it costs to time every 1-byte write(2) instead of timing per chunk.
 *
 * usage: perchar_timing FILE BYTES PAIRS [CHUNK]
 *
 * Writes BYTES bytes to FILE with one write(2) of one byte each, in three
 * modes, interleaved PAIRS times (the order rotates each round: none,
 * per-call, per-chunk; per-call, per-chunk, none; ...), the file truncated
 * before each pass:
 *   none       no clock read inside the loop (the loop bonnie -DBONNIE_NO_LATENCY runs)
 *   per_call   clock_gettime(CLOCK_MONOTONIC) after every write(2)
 *   per_chunk  clock_gettime(CLOCK_MONOTONIC) once per CHUNK bytes (what bonnie does)
 * Each pass is timed as a whole with CLOCK_MONOTONIC. Prints one line per
 * pass, then "result" lines with the median of the per-pair ratios
 * (mode time / none time), which bench/run.sh reads, and the cost of one
 * clock_gettime(CLOCK_MONOTONIC) call alone (median of PAIRS loops of
 * 10^7 calls). Exit 0, or 1 on any error (with a message naming the call
 * and the file). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum mode { MODE_NONE, MODE_PER_CALL, MODE_PER_CHUNK, MODE_COUNT };

static const char *const mode_name[MODE_COUNT] = {"none", "per_call", "per_chunk"};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Keeps the per-call clock reads from being optimised away. */
static volatile uint64_t sink;

static int one_pass(const char *path, uint64_t bytes, uint64_t chunk, enum mode m, uint64_t *ns)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	uint64_t t0, acc = 0, last, left = chunk;
	unsigned char c = 'x';

	if (fd < 0) {
		fprintf(stderr, "perchar_timing: open %s: %s\n", path, strerror(errno));
		return -1;
	}
	t0 = now_ns();
	last = t0;
	for (uint64_t i = 0; i < bytes; i++) {
		ssize_t n;

		do
			n = write(fd, &c, 1);
		while (n < 0 && errno == EINTR);
		if (n != 1) {
			fprintf(stderr, "perchar_timing: write %s (offset %llu): %s\n", path,
			        (unsigned long long)i, n < 0 ? strerror(errno) : "short write");
			close(fd);
			return -1;
		}
		/* a count-down, not i % chunk: a division per byte would cost more than the clock */
		if (m == MODE_PER_CALL || (m == MODE_PER_CHUNK && --left == 0)) {
			uint64_t t = now_ns();
			acc += t - last; /* what a histogram insert would be fed */
			last = t;
			left = chunk;
		}
	}
	*ns = now_ns() - t0;
	sink = acc;
	if (close(fd) != 0) {
		fprintf(stderr, "perchar_timing: close %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

int main(int argc, char **argv)
{
	uint64_t bytes, chunk = 8192;
	int pairs;
	double *ratio[MODE_COUNT], *ns_per[MODE_COUNT];

	if (argc < 4 || argc > 5) {
		fprintf(stderr, "usage: perchar_timing FILE BYTES PAIRS [CHUNK]\n");
		return 1;
	}
	bytes = strtoull(argv[2], NULL, 10);
	pairs = atoi(argv[3]);
	if (argc == 5)
		chunk = strtoull(argv[4], NULL, 10);
	if (bytes == 0 || pairs <= 0 || chunk == 0) {
		fprintf(stderr, "perchar_timing: BYTES, PAIRS and CHUNK must be positive\n");
		return 1;
	}
	for (int m = 0; m < MODE_COUNT; m++) {
		ratio[m] = calloc((size_t)pairs, sizeof(double));
		ns_per[m] = calloc((size_t)pairs, sizeof(double));
		if (ratio[m] == NULL || ns_per[m] == NULL) {
			fprintf(stderr, "perchar_timing: out of memory\n");
			return 1;
		}
	}
	for (int p = 0; p < pairs; p++) {
		uint64_t ns[MODE_COUNT];

		/* the order rotates from pair to pair so no mode always runs first */
		for (int k = 0; k < MODE_COUNT; k++) {
			int m = (k + p) % MODE_COUNT;

			if (one_pass(argv[1], bytes, chunk, (enum mode)m, &ns[m]) != 0)
				return 1;
			printf("pass %d %s %llu bytes %llu ns %.1f ns/byte\n", p + 1, mode_name[m],
			       (unsigned long long)bytes, (unsigned long long)ns[m], (double)ns[m] / (double)bytes);
		}
		for (int m = 0; m < MODE_COUNT; m++) {
			ratio[m][p] = (double)ns[m] / (double)ns[MODE_NONE];
			ns_per[m][p] = (double)ns[m] / (double)bytes;
		}
	}
	{
		double *per = calloc((size_t)pairs, sizeof(double));
		const int calls = 10000000;

		if (per == NULL) {
			fprintf(stderr, "perchar_timing: out of memory\n");
			return 1;
		}
		for (int p = 0; p < pairs; p++) {
			uint64_t t0 = now_ns(), acc = 0;

			for (int i = 0; i < calls; i++)
				acc += now_ns();
			sink = acc;
			per[p] = (double)(now_ns() - t0) / calls;
		}
		printf("result clock ns_per_call %.2f median_of_loops %d\n", median(per, pairs), pairs);
		free(per);
	}
	if (unlink(argv[1]) != 0) {
		fprintf(stderr, "perchar_timing: unlink %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	for (int m = 0; m < MODE_COUNT; m++)
		printf("result %s median_ns_per_byte %.2f median_ratio_vs_none %.4f\n", mode_name[m],
		       median(ns_per[m], pairs), median(ratio[m], pairs));
	return 0;
}
