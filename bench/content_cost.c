/* What the bytes written cost: the same block write (CHUNK-sized write(2)
 * calls, then one fsync) with four kinds of content, so a gap between
 * bonnie and bonnie++ can be split into "the tool" and "the data".
 *
 * usage: content_cost DIR MIB ROUNDS [CHUNK]
 *
 * Kinds, each from a buffer filled before the clock starts:
 *   zeros      every byte 0
 *   bonnie++   what bonnie++ 2.00a writes: a chunk that starts all zero, one
 *              byte of it incremented before each write, in turn (strace
 *              shows "\1\0\0...", "\1\1\0...", ...): almost all zeros
 *   random_chunk  the pool's first chunk, the same every write: random
 *              bytes from a buffer that stays in cache, as bonnie++'s does,
 *              to tell the content's cost from the source buffer's
 *   random     a 1 MiB pool of xorshift bytes, written round and round, as
 *              bonnie's pattern pool is: incompressible within any block
 * Each round writes MIB MiB of each kind to a new file in DIR (created with
 * O_EXCL, removed after), the order rotating from round to round; a pass is
 * timed from the first write to the fsync's return with CLOCK_MONOTONIC and
 * getrusage. Prints one line per pass ("pass ROUND KIND MIB/S CPU_S_PER_GIB")
 * and then per kind the median rate and CPU, and the median of the per-round
 * rate ratios to "random". Exit 0, or 1 on an error (message names the call).
 *
 * CONTENT_COST_TOUCH_MIB=N touches and frees N MiB before every pass, so
 * on a VM whose freed memory goes back to the host (free page reporting;
 * see BW_QUIET_MEMORY in bench/README.md) each pass starts on memory the
 * host backs. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

enum kind { KIND_ZEROS, KIND_BONNIEPP, KIND_RANDOM_CHUNK, KIND_RANDOM, KIND_COUNT };

static const char *const kind_name[KIND_COUNT] = {"zeros", "bonnie++", "random_chunk", "random"};

#define POOL (1u << 20)

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double cpu_s(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

static void fill_random(unsigned char *p, size_t len)
{
	uint64_t x = 0x9e3779b97f4a7c15u;
	size_t i;

	for (i = 0; i < len; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		p[i] = (unsigned char)(x >> 32);
	}
}

static int fail(const char *call, const char *path)
{
	fprintf(stderr, "content_cost: %s %s: ", call, path);
	perror(NULL);
	return -1;
}

/* One timed pass; rate in MiB/s and CPU seconds per GiB. */
static int pass(const char *dir, enum kind k, uint64_t bytes, size_t chunk, unsigned char *pool,
                double *rate, double *cpu_per_gib)
{
	char path[4096];
	unsigned char *zero = pool + POOL; /* a chunk-sized scratch buffer after the pool */
	double t0, c0;
	uint64_t off, n = 0;
	int fd;

	snprintf(path, sizeof(path), "%s/content_cost.%ld", dir, (long)getpid());
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		return fail("open", path);
	memset(zero, 0, chunk);
	c0 = cpu_s();
	t0 = now_s();
	for (off = 0; off < bytes; off += chunk, n++) {
		const unsigned char *src = zero;

		if (k == KIND_BONNIEPP)
			zero[n % chunk]++;
		else if (k == KIND_RANDOM_CHUNK)
			src = pool;
		else if (k == KIND_RANDOM)
			src = pool + off % POOL;
		if (write(fd, src, chunk) != (ssize_t)chunk) {
			close(fd);
			unlink(path);
			return fail("write", path);
		}
	}
	if (fsync(fd) != 0) {
		close(fd);
		unlink(path);
		return fail("fsync", path);
	}
	*rate = (double)bytes / 1048576.0 / (now_s() - t0);
	*cpu_per_gib = (cpu_s() - c0) / ((double)bytes / 1073741824.0);
	close(fd);
	if (unlink(path) != 0)
		return fail("unlink", path);
	return 0;
}

/* Touches mib MiB of fresh memory and frees it again. */
static int touch_memory(size_t mib)
{
	unsigned char *m;

	if (mib == 0)
		return 0;
	m = malloc(mib << 20);
	if (m == NULL)
		return fail("malloc", "touch memory");
	memset(m, 1, mib << 20);
	free(m);
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv)
{
	double rate[KIND_COUNT][64], cpu[KIND_COUNT][64], ratio[KIND_COUNT][64];
	unsigned char *pool;
	size_t chunk;
	uint64_t bytes;
	const char *touch = getenv("CONTENT_COST_TOUCH_MIB");
	int rounds, r, i, k;

	if (argc < 4 || argc > 5) {
		fprintf(stderr, "usage: content_cost DIR MIB ROUNDS [CHUNK]\n");
		return 1;
	}
	bytes = (uint64_t)strtoull(argv[2], NULL, 10) * 1048576u;
	rounds = atoi(argv[3]);
	chunk = argc == 5 ? (size_t)strtoul(argv[4], NULL, 10) : 8192;
	if (bytes == 0 || rounds < 1 || rounds > 64 || chunk == 0 || chunk > POOL || POOL % chunk != 0) {
		fprintf(stderr, "content_cost: need MIB > 0, 1 <= ROUNDS <= 64, CHUNK dividing 1 MiB\n");
		return 1;
	}
	pool = malloc(POOL + chunk);
	if (pool == NULL)
		return fail("malloc", "pool");
	fill_random(pool, POOL);
	for (r = 0; r < rounds; r++) {
		for (i = 0; i < KIND_COUNT; i++) {
			k = (i + r) % KIND_COUNT;
			if (touch_memory(touch != NULL ? (size_t)strtoul(touch, NULL, 10) : 0) != 0)
				return 1;
			if (pass(argv[1], (enum kind)k, bytes, chunk, pool, &rate[k][r], &cpu[k][r]) != 0)
				return 1;
			printf("pass %d %s %.1f %.3f\n", r + 1, kind_name[k], rate[k][r], cpu[k][r]);
			fflush(stdout);
		}
		for (k = 0; k < KIND_COUNT; k++)
			ratio[k][r] = rate[k][r] / rate[KIND_RANDOM][r];
	}
	for (k = 0; k < KIND_COUNT; k++)
		printf("result %s rate_mib_s %.1f cpu_s_per_gib %.3f rate_ratio_to_random %.3f\n", kind_name[k],
		       median(rate[k], rounds), median(cpu[k], rounds), median(ratio[k], rounds));
	free(pool);
	return 0;
}
