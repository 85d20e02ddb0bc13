/* The view of a run read back (view.h, view_of_read): every input kind,
 * one builder. A run whose input records a measured result (bonnie's
 * JSON: p->result, input/run_read.h) is first viewed as a measured run is
 * (view_of_setup_run), so what the document records (every percentile of
 * the histogram, the verdict, the bytes, the rate without the final sync)
 * is there; what the input states (its `known` bits: the rate, %CPU, p50,
 * p99, maximum, mean, the confidence reasons, as the tool printed them)
 * stands over that; what it neither states nor records is unknown. A run
 * that records no time (a CSV line, a table) has its time and operations
 * derived from its settings and rate, flagged as derived. */
#include "view.h"
#include "metrics.h"
#include "qd_gain.h"
#include "../../input/run_read.h"
#include "../../phases/qd.h"
#include "../../lib/units.h"

#include <stdlib.h>
#include <string.h>

/* A whole number from a setting as read ("8192"); 0 when it is not one. */
static uint64_t meta_number(const char *s)
{
	char *end;
	unsigned long long v;

	if (*s < '0' || *s > '9')
		return 0;
	v = strtoull(s, &end, 10);
	return *end == '\0' ? (uint64_t)v : 0;
}

/* meta_number within 32 bits; 0 past them. */
static uint32_t meta_u32(const char *s)
{
	uint64_t v = meta_number(s);

	return v <= UINT32_MAX ? (uint32_t)v : 0;
}

/* The view of what a phase's input states, by its known bits; the rest
 * at the view's "unknown" values. */
static void stated_phase(enum phase_id id, const struct parsed_phase *p, struct phase_view *v)
{
	memset(v, 0, sizeof *v);
	v->id = id;
	v->state = p->state;
	v->status = p->state == CELL_VALUE ? PHASE_DONE : p->state == CELL_FAILED ? PHASE_FAILED : PHASE_NOT_RUN;
	v->rate = p->known & READ_RATE ? p->rate : 0;
	v->iops = view_qd_iops(id, v->rate);
	v->sync_split = metric_has_sync_split(id);
	v->rate_unsynced = -1;
	v->cpu_pct = p->known & READ_CPU_PCT ? p->cpu : -1;
	for (int k = 0; k < VIEW_PCTS; k++)
		v->pct_ns[k] = -1;
	v->pct_ns[VIEW_MAX] = p->known & READ_LAT_MAX ? p->latency_ns : -1;
	v->pct_ns[VIEW_P50] = p->known & READ_LAT_P50 ? p->p50_ns : -1;
	v->pct_ns[VIEW_P99] = p->known & READ_LAT_P99 ? p->p99_ns : -1;
	v->lat_mean_ns = p->known & READ_LAT_MEAN ? (double)p->mean_ns : 0;
	v->conf.device_pct = -1;
	v->conf.cv_pct = -1;
	v->reasons_unknown = !(p->known & READ_REASONS);
	v->conf.reasons = p->known & READ_REASONS ? confidence_reasons_named(p->reasons) : 0;
	if (p->low_confidence)
		v->conf.reasons |= CONF_SHORT;
	v->low_confidence = (v->conf.reasons & CONF_SHORT) != 0;
	v->mark = p->state == CELL_VALUE ? confidence_mark(v->conf.reasons) : ' ';
}

/* Whether a CSV line or table was written by bonnie++ (its version is
 * 1.x or 2.x), whose per-char phases move the whole data file; bonnie's
 * own (0.x) may size per-char by time, so there its bytes are unknown. */
static bool bonnie_plus_plus(const struct parsed_run *p)
{
	const char *v = p->meta[META_VERSION];

	return strcmp(p->format, "json") != 0 && (v[0] == '1' || v[0] == '2') && v[1] == '.';
}

/* The operations (0: unknown) and bytes (0: not a data phase or unknown)
 * phase id of p worked through, from the settings it records. */
static void parsed_work(const struct parsed_run *p, const struct run_view *v, enum phase_id id, uint64_t *ops,
                        uint64_t *bytes)
{
	uint64_t chunk = 0;

	if (p->meta[META_CHUNK][0] && units_parse_size(p->meta[META_CHUNK], 0, &chunk) != UNITS_OK)
		chunk = 0;
	*ops = *bytes = 0;
	if (phase_unit(id) == RATE_FILES)
		*ops = (uint64_t)v->files_k * 1024;
	else if (phase_unit(id) == RATE_SEEKS)
		*ops = v->seeks;
	else if (!phase_is(id, FACT_PERCHAR) || bonnie_plus_plus(p))
		*bytes = p->size_bytes;
	if (*bytes && phase_is(id, FACT_PERCHAR))
		*ops = *bytes;
	else if (*bytes && chunk > 0)
		*ops = *bytes / chunk;
}

/* A phase's operations and time: the time the input records (bonnie's
 * JSON, every version), else derived from the counts the run records and
 * its rate (time = work / rate: every version computes its rate so),
 * flagged as derived; and the one short-phase and few-operations rules
 * applied to them where the input states no reasons, so a CSV line's 0.05
 * s file phase carries the caveat a JSON document states. Nothing when
 * the count is not recorded or several clients shared the work. */
static void parsed_evidence(const struct parsed_run *p, const struct run_view *v, enum phase_id id,
                            struct phase_view *ph)
{
	uint64_t ops, bytes;
	double seconds;

	/* a disk benchmark's text (CrystalDiskMark, KDiskMark, fio) times each
	 * row for its own while (CrystalDiskMark: 5 s), not one pass of its
	 * test size: its work and time are unknown */
	if (ph->state != CELL_VALUE || ph->rate <= 0 || v->clients > 1 || strcmp(p->format, "tool") == 0)
		return;
	parsed_work(p, v, id, &ops, &bytes);
	/* an older JSON's per-char phase, whose bytes are unknown, is not of
	 * unknown time (its 13.7 s per-char write was said "time unknown") */
	if (p->phase[id].elapsed_ns > 0)
		seconds = (double)p->phase[id].elapsed_ns / 1e9;
	else if (bytes)
		seconds = (double)bytes / 1024.0 / ph->rate;
	else if (ops)
		seconds = (double)ops / ph->rate;
	else
		return;
	ph->operations = ph->conf.operations = ops;
	ph->duration_ns = ph->conf.duration_ns = (uint64_t)(seconds * 1e9);
	ph->derived = p->phase[id].elapsed_ns == 0 || p->phase[id].operations == 0;
	if (!ph->reasons_unknown) /* bonnie's JSON states its reasons, measured */
		return;
	if (ph->duration_ns < METRIC_MIN_TRUSTED_NS)
		ph->conf.reasons |= CONF_SHORT;
	if (ops > 0 && ops < CONF_MIN_OPS)
		ph->conf.reasons |= CONF_FEW_OPS;
	ph->low_confidence = (ph->conf.reasons & CONF_SHORT) != 0;
	ph->mark = confidence_mark(ph->conf.reasons);
}

/* The stated view of a phase (given) over the recorded one (m); a
 * percentile the input does not state is the histogram's, for a phase
 * with a rate only (as the stated ones are). */
static void stated_over(const struct phase_view *given, struct phase_view *m)
{
	static const enum view_pct stated_pcts[] = {VIEW_P50, VIEW_P99, VIEW_MAX};
	int64_t pct[VIEW_PCTS];

	for (int k = 0; k < VIEW_PCTS; k++)
		pct[k] = given->state == CELL_VALUE ? m->pct_ns[k] : -1;
	for (size_t k = 0; k < sizeof stated_pcts / sizeof stated_pcts[0]; k++)
		pct[stated_pcts[k]] = given->pct_ns[stated_pcts[k]];
	memcpy(m->pct_ns, pct, sizeof pct);
	m->state = given->state;
	/* a text's "failed" is the result's failed or interrupted, which stands */
	if (!(m->status == PHASE_INTERRUPTED && given->status == PHASE_FAILED))
		m->status = given->status;
	m->rate = given->rate;
	m->iops = given->iops;
	m->cpu_pct = given->cpu_pct;
	m->conf = given->conf;
	m->reasons_unknown = given->reasons_unknown;
	m->mark = given->mark;
	m->low_confidence = given->low_confidence;
	m->operations = given->operations;
	m->duration_ns = given->duration_ns;
	m->derived = given->derived;
	m->lat_mean_ns = given->lat_mean_ns;
}

/* What the measured builder derives from a figure the input did not
 * record (a 0 there is no measurement): unknown. */
static void unrecorded(uint32_t known, struct phase_view *m)
{
	uint32_t units = phase_unit(m->id) == RATE_BYTES ? READ_BYTES : READ_OPS;

	if (!(known & units) || !(known & READ_ELAPSED)) {
		m->rate_ran = 0;
		m->rate_unsynced_ran = -1;
	}
	if (!(known & READ_SYNC) || !(known & units) || !(known & READ_ELAPSED))
		m->rate_unsynced = m->rate_unsynced_ran = -1;
	if (m->state != CELL_VALUE)
		m->rate_unsynced = -1;
	if (!(known & READ_HIST)) {
		for (int k = 0; k < VIEW_PCTS; k++)
			m->lat_ns[k] = 0;
		m->lat_min_ns = 0;
	}
}

const char *const view_lack_keys[VIEW_LACKS] = {"latency", "max_latency", "percentile_below_max", "cache_state",
                                                "time"};
const char *const view_lack_words[VIEW_LACKS] = {
	"no latency", "no max latency", "no percentile below the max", "no cache state", "no time"};

/* What p states of none of its phases (enum view_lack): its stated bits
 * and what its result records, over every phase. Of a disk benchmark's
 * text only the cache state: fio prints latencies and run times in more
 * forms than are read (a text read without them still has them), and no
 * tool says where its data came from. */
static unsigned lacks_of(const struct parsed_run *p)
{
	uint32_t any = 0;
	unsigned lacks = 0;

	for (int i = 0; i < PHASE_COUNT; i++)
		any |= p->phase[i].known | (p->result ? p->result->known[i] : 0);
	if (!(any & READ_REASONS))
		lacks |= VIEW_LACKS_CACHE;
	if (strcmp(p->format, "tool") == 0)
		return lacks;
	if (!(any & READ_ELAPSED))
		lacks |= VIEW_LACKS_TIME;
	if (!(any & (READ_LAT_MAX | READ_LAT_P50 | READ_LAT_P99 | READ_LAT_MEAN | READ_HIST)))
		return lacks | VIEW_LACKS_LATENCY;
	if (!(any & (READ_LAT_MAX | READ_HIST)))
		lacks |= VIEW_LACKS_MAX;
	if (!(any & (READ_LAT_P50 | READ_LAT_P99 | READ_HIST)))
		lacks |= VIEW_LACKS_PCT;
	return lacks;
}

/* The run's settings as the view holds them. */
static void run_of_read(const struct parsed_run *p, struct run_view *v)
{
	memset(v, 0, sizeof *v);
	v->status = PHASE_DONE;
	v->seed = meta_u32(p->meta[META_SEED]);
	v->seed_known = v->seed > 0 || strcmp(p->meta[META_SEED], "0") == 0;
	v->clients = meta_u32(p->meta[META_CONCURRENCY]) ? meta_u32(p->meta[META_CONCURRENCY]) : 1;
	v->seeks = meta_number(p->meta[META_SEEKS]);
	v->files_k = meta_u32(p->meta[META_NUM_FILES]);
}

void view_of_read(const struct parsed_run *p, struct run_view *v)
{
	struct run_view recorded;
	struct run_setup s; /* the view's setup is not compare's: none */

	run_of_read(p, v);
	v->lacks = lacks_of(p);
	if (p->result) {
		memset(&s, 0, sizeof s);
		view_of_setup_run(&s, &p->result->run, NULL, &recorded);
		v->counts = recorded.counts;
	}
	for (int i = 0; i < PHASE_COUNT; i++) {
		struct phase_view given;
		stated_phase((enum phase_id)i, &p->phase[i], &given);
		parsed_evidence(p, v, (enum phase_id)i, &given);
		if (p->phase[i].operations > 0) /* counted (bonnie's JSON), not derived */
			given.operations = p->phase[i].operations;
		if (p->phase[i].state == CELL_FAILED)
			v->status = PHASE_FAILED;
		if (p->result == NULL) {
			v->phase[i] = given;
			continue;
		}
		stated_over(&given, &recorded.phase[i]);
		unrecorded(p->result->known[i], &recorded.phase[i]);
		v->phase[i] = recorded.phase[i];
	}
	v->nqd_gains = qd_gains(v, v->qd_gain); /* of the phases as stated */
	qd_depth_span(0, &v->qd_deepest, &v->qd_shallowest);
}
