/* The text table's block for the queue-depth profile (phase_list.h:
 * BLOCK_QD), in CrystalDiskMark's terms: a row per phase under its row
 * name (SEQ1M Q8T1 read...), the rate in MiB/s (bonnie's unit in the
 * HTML page and --share; CrystalDiskMark's MB/s are 1.048576 times as
 * many) and in operations a second, %CPU and the latency percentiles; the
 * heading says how depth was kept and whether the file system took
 * O_DIRECT; under the rows, the depth gain of each pair (qd_gain.h). */
#include "../report.h"
#include "../model/qd_gain.h"
#include "../model/view.h"
#include "../../lib/qdio.h"
#include "../../lib/units.h"
#include "../../phases/qd.h"

#define LABEL_WIDTH 19

/* After "buffered": whether this host's cache was dropped before the
 * buffered reads (RESULT_EVICTED), so a reader knows they are not cache hits. */
static const char *buffered_reads(int evicted, int kept)
{
	if (kept > 0)
		return evicted > 0 ? "; this host's cache dropped before some reads only" :
		                     "; this host's cache could not be dropped before the reads";
	return evicted > 0 ? "; this host's cache dropped before each read" : "";
}

/* The engine words: the deeper rows' engine, and the Q1 rows' psync
 * beside it ("io_uring, Q1 rows psync"). */
static void engine_words(int engine, bool q1_psync, char *buf, size_t len)
{
	const char *deep = engine < 0 ? NULL : engine == 99 ? "engines mixed" : qdio_engine_name((enum qdio_engine)engine);

	if (deep == NULL)
		snprintf(buf, len, "%s", q1_psync ? "psync" : "engine unknown");
	else
		snprintf(buf, len, "%s%s", deep, q1_psync ? ", Q1 rows psync" : "");
}

/* How the rows that ran were run: "io_uring, Q1 rows psync, O_DIRECT",
 * "threads, buffered: ..." ("mixed" when the rows differ). */
void report_qd_how(const struct run_view *run, char *buf, size_t len)
{
	enum phase_id ids[PHASE_COUNT];
	int n = phase_block_columns(BLOCK_QD, ids);
	int engine = -1;
	bool q1_psync = false;
	int direct = -1;
	char how[48];
	int evicted = 0, kept = 0;

	for (int i = 0; i < n; i++) {
		const struct phase_view *r = &run->phase[ids[i]];
		int d;

		if (r->qd_engine == 0)
			continue;
		d = (r->flags & RESULT_DIRECT) != 0;
		if (r->qd_engine == QDIO_SYNC) /* only ever a Q1 row: lib/qdio_sync.c */
			q1_psync = true;
		else
			engine = engine < 0 || engine == r->qd_engine ? r->qd_engine : 99;
		direct = direct < 0 || direct == d ? d : 99;
		if (!d && r->read_bytes > 0 && (r->flags & RESULT_EVICTED))
			evicted++;
		else if (!d && r->read_bytes > 0)
			kept++;
	}
	engine_words(engine, q1_psync, how, sizeof how);
	snprintf(buf, len, "%s, %s%s", how,
	         direct < 0 ? "direct I/O unknown" : direct == 99 ? "O_DIRECT on some rows" :
	         direct ? "O_DIRECT" : "buffered: the file system refused O_DIRECT",
	         buffered_reads(evicted, kept));
}

static void qd_line(FILE *out, const struct phase_view *p)
{
	static const enum view_pct shown[] = {VIEW_P50, VIEW_P99, VIEW_MAX};
	double bytes_s = p->rate * 1024.0;

	fprintf(out, "%-*s", LABEL_WIDTH, phase_words(p->id));
	if (p->state != CELL_VALUE) {
		/* a row that ran and has no figure says why, never shows a 0 */
		if (p->status != PHASE_NOT_RUN)
			fprintf(out, " not measured: %s", p->status == PHASE_INTERRUPTED ? "interrupted" : "failed");
		fputc('\n', out);
		return;
	}
	fprintf(out, " %9.1f%c %9.0f %3d", bytes_s / 1048576.0, p->mark, p->iops,
	        p->cpu_pct);
	for (unsigned i = 0; i < sizeof shown / sizeof shown[0]; i++) {
		char lat[32] = "";

		if (view_has_pct(p, shown[i]))
			units_format_latency((uint64_t)p->pct_ns[shown[i]], lat, sizeof lat);
		fprintf(out, " %9s", lat);
	}
	fputc('\n', out);
}

void report_table_qd(FILE *out, const struct run_view *run)
{
	enum phase_id ids[PHASE_COUNT];
	int n = phase_block_columns(BLOCK_QD, ids);
	bool any = false;
	char how[192];

	for (int i = 0; i < n; i++)
		any = any || run->phase[ids[i]].status != PHASE_NOT_RUN;
	if (!any)
		return;
	report_qd_how(run, how, sizeof how);
	fprintf(out, "Queue-depth profile (%s)\n", how);
	fprintf(out, "%-*s %10s %9s %3s %9s %9s %9s\n", LABEL_WIDTH, "", "MiB/s", "IOPS", "%CP", "p50", "p99", "max");
	for (int i = 0; i < n; i++)
		qd_line(out, &run->phase[ids[i]]);
	report_qd_gains(out, run, "depth gain, ");
}

size_t report_qd_gains(FILE *out, const struct run_view *run, const char *lead)
{
	const struct qd_gain *g = run->qd_gain;
	size_t n = run->nqd_gains;
	char line[256];

	for (size_t i = 0; i < n; i++) {
		qd_gain_sentence(&g[i], run, line, sizeof line);
		fprintf(out, "%s%s\n", lead, line);
	}
	return n;
}

/* Under the block on a network share: what its rows can and cannot show.
 * The header's caveat (env_text.c) is the whole run's; depth is the profile's
 * own question there, since a request in flight crosses the share client,
 * the network and the server before any device. */
void report_table_qd_share(FILE *out, const struct run_view *run, const char *client)
{
	enum phase_id ids[PHASE_COUNT];
	int n = phase_block_columns(BLOCK_QD, ids);
	bool any = false;

	for (int i = 0; i < n; i++)
		any = any || run->phase[ids[i]].status == PHASE_DONE;
	if (!any)
		return;
	fprintf(out, "On a share (%s) the profile's rows measure this host, the share client, the network and the "
	        "server together. O_DIRECT or not, reads may come from the server's cache and the server's device "
	        "is not counted: the rows cannot tell an SSD from a disk behind the server. Q%u against Q%u shows "
	        "what the share's path gains from requests in flight, not what the server's device would.\n",
	        client, run->qd_deepest, run->qd_shallowest);
}
