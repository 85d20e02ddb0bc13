/* fileio: full-length read/write helpers on real files, sockets and pipes
 * (round trip, short read at EOF, errno on bad descriptors); operr: first
 * error wins and the one-line "op path (offset N): why" format. */
#include "suites.h"
#include "../lib/fileio.h"
#include "../lib/operr.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#define PATH_CAP 4096

/* Made before the tests fork, removed after them even if one failed. */
static char base[PATH_CAP];

static void base_setup(void)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(base, sizeof base, "%s/check_fileio.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (mkdtemp(base) == NULL)
		base[0] = '\0';
}

/* Tests only create plain files directly in base. */
static void base_teardown(void)
{
	static const char *const names[] = {"roundtrip", "eof", "positioned", "modes", "empty"};
	char p[PATH_CAP];

	if (base[0] == '\0')
		return;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (snprintf(p, sizeof p, "%s/%s", base, names[i]) < (int)sizeof p)
			unlink(p);
	}
	rmdir(base);
}

/* Creates (truncating) base/name for reading and writing. */
static int open_temp(const char *name, char *path)
{
	int fd;

	ck_assert_msg(base[0] != '\0', "no temporary directory");
	ck_assert(snprintf(path, PATH_CAP, "%s/%s", base, name) < PATH_CAP);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	ck_assert_msg(fd >= 0, "open %s: %s", path, strerror(errno));
	return fd;
}

static void fill(unsigned char *buf, size_t len, unsigned salt)
{
	for (size_t i = 0; i < len; i++)
		buf[i] = (unsigned char)((i * 7 + salt) % 251);
}

START_TEST(write_read_round_trip)
{
	const size_t len = (1u << 20) + 123;
	unsigned char *out = malloc(len), *in = malloc(len);
	char path[PATH_CAP];
	struct stat st;
	size_t got = 0;
	int fd = open_temp("roundtrip", path);

	ck_assert_ptr_nonnull(out);
	ck_assert_ptr_nonnull(in);
	fill(out, len, 1);
	ck_assert_int_eq(io_write_all(fd, out, len), 0);
	ck_assert_int_eq(io_fsync(fd), 0);
	ck_assert_int_eq(fstat(fd, &st), 0);
	ck_assert_int_eq(st.st_size, (off_t)len);
	ck_assert_int_eq(lseek(fd, 0, SEEK_CUR), (off_t)len);

	ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
	memset(in, 0, len);
	ck_assert_int_eq(io_read_full(fd, in, len, &got), 0);
	ck_assert_uint_eq(got, len);
	ck_assert_mem_eq(in, out, len);

	ck_assert_int_eq(close(fd), 0);
	ck_assert_int_eq(unlink(path), 0);
	free(out);
	free(in);
}
END_TEST

START_TEST(short_read_at_eof)
{
	unsigned char out[1000], in[4096];
	char path[PATH_CAP];
	size_t got = 12345;
	int fd = open_temp("eof", path);

	fill(out, sizeof out, 2);
	ck_assert_int_eq(io_write_all(fd, out, sizeof out), 0);
	ck_assert_int_eq(lseek(fd, 400, SEEK_SET), 400);

	/* asks for more than is left: succeeds with what there is */
	ck_assert_int_eq(io_read_full(fd, in, sizeof in, &got), 0);
	ck_assert_uint_eq(got, 600);
	ck_assert_mem_eq(in, out + 400, 600);
	/* at EOF: nothing, still no error */
	got = 12345;
	ck_assert_int_eq(io_read_full(fd, in, sizeof in, &got), 0);
	ck_assert_uint_eq(got, 0);

	/* the same through pread, which does not move the file offset */
	ck_assert_int_eq(io_pread_full(fd, in, sizeof in, 900, &got), 0);
	ck_assert_uint_eq(got, 100);
	ck_assert_mem_eq(in, out + 900, 100);
	ck_assert_int_eq(io_pread_full(fd, in, sizeof in, 1000, &got), 0);
	ck_assert_uint_eq(got, 0);
	ck_assert_int_eq(io_pread_full(fd, in, 10, 5000, &got), 0);
	ck_assert_uint_eq(got, 0);

	ck_assert_int_eq(close(fd), 0);
	ck_assert_int_eq(unlink(path), 0);
}
END_TEST

START_TEST(positioned_round_trip)
{
	enum { LEN = 8192 };
	static unsigned char a[LEN], b[LEN], in[LEN];
	char path[PATH_CAP];
	size_t got = 0;
	int fd = open_temp("positioned", path);
	struct stat st;

	fill(a, LEN, 3);
	fill(b, LEN, 4);
	/* out of order, with a hole before the second block */
	ck_assert_int_eq(io_pwrite_all(fd, b, LEN, 3 * LEN), 0);
	ck_assert_int_eq(io_pwrite_all(fd, a, LEN, 0), 0);
	ck_assert_int_eq(lseek(fd, 0, SEEK_CUR), 0);
	ck_assert_int_eq(fstat(fd, &st), 0);
	ck_assert_int_eq(st.st_size, 4 * LEN);

	ck_assert_int_eq(io_pread_full(fd, in, LEN, 3 * LEN, &got), 0);
	ck_assert_uint_eq(got, LEN);
	ck_assert_mem_eq(in, b, LEN);
	ck_assert_int_eq(io_pread_full(fd, in, LEN, 0, &got), 0);
	ck_assert_uint_eq(got, LEN);
	ck_assert_mem_eq(in, a, LEN);
	/* the hole reads back as zeros */
	ck_assert_int_eq(io_pread_full(fd, in, LEN, LEN, &got), 0);
	ck_assert_uint_eq(got, LEN);
	for (size_t i = 0; i < LEN; i++)
		ck_assert_uint_eq(in[i], 0);
	/* an unaligned read from the end of the first block into the hole */
	ck_assert_int_eq(io_pread_full(fd, in, 100, LEN - 50, &got), 0);
	ck_assert_uint_eq(got, 100);
	ck_assert_mem_eq(in, a + LEN - 50, 50);
	for (size_t i = 50; i < 100; i++)
		ck_assert_uint_eq(in[i], 0);
	ck_assert_int_eq(lseek(fd, 0, SEEK_CUR), 0);

	ck_assert_int_eq(close(fd), 0);
	ck_assert_int_eq(unlink(path), 0);
}
END_TEST

START_TEST(zero_length)
{
	char path[PATH_CAP];
	unsigned char c = 0;
	size_t got = 99;
	int fd = open_temp("empty", path);

	ck_assert_int_eq(io_write_all(fd, &c, 0), 0);
	ck_assert_int_eq(io_pwrite_all(fd, &c, 0, 100), 0);
	ck_assert_int_eq(io_read_full(fd, &c, 0, &got), 0);
	ck_assert_uint_eq(got, 0);
	got = 99;
	ck_assert_int_eq(io_pread_full(fd, &c, 0, 0, &got), 0);
	ck_assert_uint_eq(got, 0);
	ck_assert_int_eq(lseek(fd, 0, SEEK_END), 0);
	ck_assert_int_eq(close(fd), 0);
	ck_assert_int_eq(unlink(path), 0);
}
END_TEST

/* A SOCK_SEQPACKET read returns one record at a time, so collecting three
 * records into one buffer needs the retry loop; then EOF ends it early. */
START_TEST(read_full_collects_short_reads)
{
	int sv[2];
	char in[100];
	size_t got = 0;

	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv), 0);
	ck_assert_int_eq(write(sv[1], "abc", 3), 3);
	ck_assert_int_eq(write(sv[1], "defg", 4), 4);
	ck_assert_int_eq(write(sv[1], "h", 1), 1);
	ck_assert_int_eq(close(sv[1]), 0);
	ck_assert_int_eq(io_read_full(sv[0], in, sizeof in, &got), 0);
	ck_assert_uint_eq(got, 8);
	ck_assert_mem_eq(in, "abcdefgh", 8);
	ck_assert_int_eq(close(sv[0]), 0);

	/* and it stops as soon as len is reached */
	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv), 0);
	ck_assert_int_eq(write(sv[1], "12", 2), 2);
	ck_assert_int_eq(write(sv[1], "34", 2), 2);
	ck_assert_int_eq(io_read_full(sv[0], in, 4, &got), 0);
	ck_assert_uint_eq(got, 4);
	ck_assert_mem_eq(in, "1234", 4);
	close(sv[0]);
	close(sv[1]);
}
END_TEST

/* Each helper, on a descriptor that is not open: -1 and EBADF. */
static void assert_all_ebadf(int fd)
{
	unsigned char buf[16] = {0};
	size_t got;

	errno = 0;
	ck_assert_int_eq(io_write_all(fd, buf, sizeof buf), -1);
	ck_assert_int_eq(errno, EBADF);
	errno = 0;
	ck_assert_int_eq(io_read_full(fd, buf, sizeof buf, &got), -1);
	ck_assert_int_eq(errno, EBADF);
	errno = 0;
	ck_assert_int_eq(io_pwrite_all(fd, buf, sizeof buf, 0), -1);
	ck_assert_int_eq(errno, EBADF);
	errno = 0;
	ck_assert_int_eq(io_pread_full(fd, buf, sizeof buf, 0, &got), -1);
	ck_assert_int_eq(errno, EBADF);
	errno = 0;
	ck_assert_int_eq(io_fsync(fd), -1);
	ck_assert_int_eq(errno, EBADF);
}

START_TEST(bad_descriptors)
{
	int p[2];

	assert_all_ebadf(-1);
	/* a descriptor number that was open and is now closed */
	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_eq(close(p[0]), 0);
	ck_assert_int_eq(close(p[1]), 0);
	assert_all_ebadf(p[0]);
}
END_TEST

START_TEST(wrong_access_mode)
{
	char path[PATH_CAP];
	unsigned char buf[8] = {0};
	size_t got;
	int fd = open_temp("modes", path);

	ck_assert_int_eq(close(fd), 0);
	/* writing to a read-only descriptor and reading a write-only one */
	fd = open(path, O_RDONLY);
	ck_assert_int_ge(fd, 0);
	errno = 0;
	ck_assert_int_eq(io_write_all(fd, buf, sizeof buf), -1);
	ck_assert_int_eq(errno, EBADF);
	errno = 0;
	ck_assert_int_eq(io_pwrite_all(fd, buf, sizeof buf, 0), -1);
	ck_assert_int_eq(errno, EBADF);
	ck_assert_int_eq(close(fd), 0);
	fd = open(path, O_WRONLY);
	ck_assert_int_ge(fd, 0);
	errno = 0;
	ck_assert_int_eq(io_read_full(fd, buf, sizeof buf, &got), -1);
	ck_assert_int_eq(errno, EBADF);
	errno = 0;
	ck_assert_int_eq(io_pread_full(fd, buf, sizeof buf, 0, &got), -1);
	ck_assert_int_eq(errno, EBADF);
	ck_assert_int_eq(close(fd), 0);
	ck_assert_int_eq(unlink(path), 0);
}
END_TEST

START_TEST(positioned_io_on_pipe)
{
	int p[2];
	unsigned char buf[8] = {0};
	size_t got;

	/* a pipe has no offsets: ESPIPE, not a hang or a partial count */
	ck_assert_int_eq(pipe(p), 0);
	errno = 0;
	ck_assert_int_eq(io_pwrite_all(p[1], buf, sizeof buf, 0), -1);
	ck_assert_int_eq(errno, ESPIPE);
	errno = 0;
	ck_assert_int_eq(io_pread_full(p[0], buf, sizeof buf, 0, &got), -1);
	ck_assert_int_eq(errno, ESPIPE);
	close(p[0]);
	close(p[1]);
}
END_TEST

/* ---- operr ---- */

static void clear_error(struct op_error *e)
{
	memset(e, 0, sizeof *e);
}

START_TEST(operr_first_error_wins)
{
	struct op_error e;

	clear_error(&e);
	op_error_set(&e, ENOSPC, "write", "/d/data", 8192);
	op_error_set(&e, EIO, "read", "/d/other", 4096);
	op_error_set_detail(&e, "verify", "/d/third", 0, "mismatch");
	ck_assert_int_eq(e.err, ENOSPC);
	ck_assert_str_eq(e.op, "write");
	ck_assert_str_eq(e.path, "/d/data");
	ck_assert_int_eq(e.offset, 8192);
	ck_assert_str_eq(e.detail, "");

	/* a detail error recorded first is kept, detail and all */
	clear_error(&e);
	op_error_set_detail(&e, "verify", "/d/data", 512, "byte 3 differs");
	op_error_set(&e, ENOSPC, "write", "/d/data", 8192);
	ck_assert_int_ne(e.err, 0);
	ck_assert_str_eq(e.op, "verify");
	ck_assert_int_eq(e.offset, 512);
	ck_assert_str_eq(e.detail, "byte 3 differs");
}
END_TEST

START_TEST(operr_zero_errno_still_recorded)
{
	struct op_error e;

	/* err 0 means "nothing recorded", so a recorded error is never 0 */
	clear_error(&e);
	op_error_set(&e, 0, "close", "/d/x", -1);
	ck_assert_int_ne(e.err, 0);
	ck_assert_str_eq(e.op, "close");
	op_error_set(&e, ENOSPC, "write", "/d/y", -1);
	ck_assert_str_eq(e.op, "close");
}
END_TEST

START_TEST(operr_format_with_offset)
{
	struct op_error e;
	char buf[512], want[512];

	clear_error(&e);
	op_error_set(&e, ENOSPC, "write", "/d/bonnie.x/data", 8192);
	op_error_format(&e, buf, sizeof buf);
	snprintf(want, sizeof want, "write /d/bonnie.x/data (offset 8192): %s", strerror(ENOSPC));
	ck_assert_str_eq(buf, want);
	ck_assert_ptr_null(strchr(buf, '\n'));

	/* offset 0 is a real offset */
	clear_error(&e);
	op_error_set(&e, EIO, "read", "/f", 0);
	op_error_format(&e, buf, sizeof buf);
	ck_assert_ptr_nonnull(strstr(buf, "(offset 0)"));

	/* beyond 32 bits */
	clear_error(&e);
	op_error_set(&e, EIO, "read", "/f", (int64_t)1 << 40);
	op_error_format(&e, buf, sizeof buf);
	ck_assert_ptr_nonnull(strstr(buf, "(offset 1099511627776)"));
}
END_TEST

START_TEST(operr_format_without_offset)
{
	struct op_error e;
	char buf[512], want[512];

	clear_error(&e);
	op_error_set(&e, ENOENT, "open", "/d/missing", -1);
	op_error_format(&e, buf, sizeof buf);
	snprintf(want, sizeof want, "open /d/missing: %s", strerror(ENOENT));
	ck_assert_str_eq(buf, want);
	ck_assert_ptr_null(strstr(buf, "offset"));
}
END_TEST

START_TEST(operr_format_detail_replaces_strerror)
{
	struct op_error e;
	char buf[512];

	clear_error(&e);
	op_error_set_detail(&e, "verify", "/d/data", 4096, "expected 0x1f, found 0x00");
	op_error_format(&e, buf, sizeof buf);
	ck_assert_str_eq(buf, "verify /d/data (offset 4096): expected 0x1f, found 0x00");
	ck_assert_ptr_null(strstr(buf, strerror(e.err)));
}
END_TEST

START_TEST(operr_long_fields_truncated)
{
	struct op_error e;
	char path[OP_PATH_MAX + 100], buf[16];

	memset(path, 'p', sizeof path - 1);
	path[sizeof path - 1] = '\0';
	clear_error(&e);
	op_error_set(&e, EIO, "a-very-long-operation-name-indeed-longer-than-any-bonnie-uses", path, 1);
	ck_assert_uint_eq(strlen(e.op), sizeof e.op - 1);
	ck_assert_uint_eq(strlen(e.path), sizeof e.path - 1);
	ck_assert_int_eq(strncmp(e.path, path, sizeof e.path - 1), 0);
	/* formatting into a small buffer truncates instead of overflowing */
	memset(buf, 'X', sizeof buf);
	op_error_format(&e, buf, 8);
	ck_assert_uint_eq(strlen(buf), 7);
	ck_assert_int_eq(buf[8], 'X');
}
END_TEST

Suite *suite_fileio(void)
{
	Suite *s = suite_create("fileio");
	TCase *io = tcase_create("fileio");
	TCase *err = tcase_create("operr");

	tcase_add_unchecked_fixture(io, base_setup, base_teardown);
	tcase_add_test(io, write_read_round_trip);
	tcase_add_test(io, short_read_at_eof);
	tcase_add_test(io, positioned_round_trip);
	tcase_add_test(io, zero_length);
	tcase_add_test(io, read_full_collects_short_reads);
	tcase_add_test(io, bad_descriptors);
	tcase_add_test(io, wrong_access_mode);
	tcase_add_test(io, positioned_io_on_pipe);
	suite_add_tcase(s, io);

	tcase_add_test(err, operr_first_error_wins);
	tcase_add_test(err, operr_zero_errno_still_recorded);
	tcase_add_test(err, operr_format_with_offset);
	tcase_add_test(err, operr_format_without_offset);
	tcase_add_test(err, operr_format_detail_replaces_strerror);
	tcase_add_test(err, operr_long_fields_truncated);
	suite_add_tcase(s, err);
	return s;
}
