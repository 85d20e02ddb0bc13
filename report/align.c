/* The alignment probe's line above the table and its JSON object. */
#include "report.h"
#include "clocale.h"

static double rate_kib_s(const struct hist *h, uint32_t io_bytes)
{
	return h->sum ? (double)h->count * io_bytes / 1024.0 * 1e9 / (double)h->sum : 0.0;
}

/* Shifted rate over aligned rate: 1.0 means no penalty, a 512e drive that
 * reads and rewrites two physical sectors per shifted write shows about 0.5. */
static double ratio(const struct align_result *a)
{
	double al = rate_kib_s(&a->aligned, a->io_bytes);

	return al > 0 ? rate_kib_s(&a->shifted, a->io_bytes) / al : 0.0;
}

/* Why the probe measured nothing: the failed operation, or where nothing
 * failed but there was nothing to measure (no operation), the reason alone. */
static void not_measured(const struct align_result *a, char *buf, size_t len)
{
	if (a->error.op[0] == '\0')
		snprintf(buf, len, "%s", a->error.detail);
	else
		op_error_format(&a->error, buf, len);
}

void report_align_progress(FILE *out, const struct align_result *a)
{
	char msg[OP_ERROR_TEXT_MAX];

	if (a->ran) {
		fprintf(out, "done\n");
		return;
	}
	not_measured(a, msg, sizeof msg);
	fprintf(out, "not measured: %s\n", msg);
}

void report_align(FILE *out, const struct align_result *a)
{
	struct c_locale loc;
	char msg[1024];

	if (!a->ran && a->error.err == 0)
		return;
	c_locale_enter(&loc);
	if (!a->ran) {
		not_measured(a, msg, sizeof msg);
		fprintf(out, "Align probe: not measured: %s\n", msg);
	} else {
		fprintf(out, "Align probe: %u B direct+sync writes: aligned %.0f KiB/s, shifted by %u B %.0f KiB/s: "
		        "ratio %.2f%s\n",
		        a->io_bytes, rate_kib_s(&a->aligned, a->io_bytes), a->shift_bytes,
		        rate_kib_s(&a->shifted, a->io_bytes), ratio(a),
		        ratio(a) < 0.75 ? " (misaligned writes cost a read-modify-write)" : "");
	}
	c_locale_leave(&loc);
}

static void side_json(struct json *j, const char *key, const struct hist *h, uint32_t io_bytes)
{
	json_object_begin(j, key);
	json_u64(j, "operations", h->count);
	json_u64(j, "elapsed_ns", h->sum);
	json_double(j, "rate_kib_s", rate_kib_s(h, io_bytes), 3);
	json_u64(j, "latency_p50_ns", hist_percentile(h, 50));
	json_u64(j, "latency_p99_ns", hist_percentile(h, 99));
	json_u64(j, "latency_max_ns", h->max);
	json_object_end(j);
}

void report_align_json(struct json *j, const struct align_result *a)
{
	char msg[1024];

	if (!a->ran && a->error.err == 0) {
		json_null(j, "alignment_probe");
		return;
	}
	json_object_begin(j, "alignment_probe");
	json_bool(j, "measured", a->ran);
	if (a->ran) {
		json_u64(j, "io_bytes", a->io_bytes);
		json_u64(j, "shift_bytes", a->shift_bytes);
		side_json(j, "aligned", &a->aligned, a->io_bytes);
		side_json(j, "shifted", &a->shifted, a->io_bytes);
		json_double(j, "shifted_to_aligned_rate_ratio", ratio(a), 3);
	} else {
		/* no write was made: no size to report (0 would read as one) */
		json_null(j, "io_bytes");
		json_null(j, "shift_bytes");
		not_measured(a, msg, sizeof msg);
		json_string(j, "error", msg);
	}
	json_object_end(j);
}
