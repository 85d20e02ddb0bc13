/* merge_hosts: see merge_model.h. */
#include "merge_model.h"
#include "view.h"
#include "../../lib/units.h"
#include "../../phases/interface/accumulate.h"
#include "../../phases/phase_select.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t merge_intersect(uint64_t s, uint64_t len, uint64_t ws, uint64_t wlen)
{
	uint64_t lo = s > ws ? s : ws, e = s + len, we = ws + wlen;
	uint64_t hi = e < we ? e : we;

	return hi > lo ? hi - lo : 0;
}

static uint64_t prorate(uint64_t v, uint64_t part, uint64_t whole)
{
	return whole ? (uint64_t)((double)v * (double)part / (double)whole + 0.5) : 0;
}

/* Host h's phase id as its document recorded it. */
static const struct phase_result *ran(const struct host_read *h, int id)
{
	return &h->read.run.phase[id];
}

uint64_t merge_in_window(const struct host_read *h, int id, uint64_t total, int which, uint64_t ws, uint64_t wlen)
{
	const struct phase_result *p = ran(h, id);
	const struct host_phase *hp = &h->phase[id];
	uint64_t covered = 0, sum = 0;

	for (size_t i = 0; i < hp->tl_n; i++)
		covered += hp->tl[i].length_ns;
	if (hp->tl_n == 0 || covered * 10 < p->elapsed_ns * 9)
		return prorate(total, merge_intersect(p->wall_start_ns, p->elapsed_ns, ws, wlen), p->elapsed_ns);
	for (size_t i = 0; i < hp->tl_n; i++) {
		const struct json_interval *iv = &hp->tl[i];
		uint64_t v = which ? iv->operations : iv->bytes;
		sum += prorate(v, merge_intersect(p->wall_start_ns + iv->start_ns, iv->length_ns, ws, wlen), iv->length_ns);
	}
	return sum;
}

/* The window: from the latest start to the earliest end. */
static void window(struct merge_phase *mp, const struct host_read *hosts, size_t n, int id)
{
	uint64_t s0 = UINT64_MAX, s1 = 0, e0 = UINT64_MAX, longest = 0;

	for (size_t h = 0; h < n; h++) {
		const struct phase_result *p = ran(&hosts[h], id);
		uint64_t e = p->wall_start_ns + p->elapsed_ns;
		s0 = p->wall_start_ns < s0 ? p->wall_start_ns : s0;
		s1 = p->wall_start_ns > s1 ? p->wall_start_ns : s1;
		e0 = e < e0 ? e : e0;
		longest = p->elapsed_ns > longest ? p->elapsed_ns : longest;
	}
	mp->start_spread_ns = s1 - s0;
	mp->overlaps = e0 > s1;
	mp->window_start_ns = s1;
	mp->window_ns = mp->overlaps ? e0 - s1 : 0;
	mp->overlap = longest ? (double)mp->window_ns / (double)longest : 0;
}

/* The window again without each host's final flush: a write phase's
 * fsync at its end, which on a share can outlast the transfer by seconds
 * (sshfs: 1.6 s of a host's 2.1 s) and be alone on the server while the
 * other hosts have ended. The writes themselves overlap by this. */
static void transfer_window(struct merge_phase *mp, const struct host_read *hosts, size_t n, int id)
{
	uint64_t s1 = 0, e0 = UINT64_MAX, longest = 0;

	mp->transfer_overlap = -1;
	for (size_t h = 0; h < n; h++) {
		const struct phase_result *p = ran(&hosts[h], id);
		uint64_t flush = p->sync_ns < p->elapsed_ns ? p->sync_ns : p->elapsed_ns;
		uint64_t len = p->elapsed_ns - flush, e = p->wall_start_ns + len;

		if (p->planned_ns && p->wall_start_ns > p->planned_ns + mp->late_max_ns) {
			mp->late_max_ns = p->wall_start_ns - p->planned_ns;
			mp->late_host = h;
		}
		if (flush > mp->flush_max_ns) {
			mp->flush_max_ns = flush;
			mp->flush_host = h;
		}
		s1 = p->wall_start_ns > s1 ? p->wall_start_ns : s1;
		e0 = e < e0 ? e : e0;
		longest = len > longest ? len : longest;
	}
	if (mp->flush_max_ns > 0 && longest > 0)
		mp->transfer_overlap = e0 > s1 ? (double)(e0 - s1) / (double)longest : 0;
	mp->late_said = mp->late_max_ns >= MERGE_LATE_NS;
}

static void fairness(struct merge_phase *mp, size_t n)
{
	double mean = 0;

	for (size_t h = 0; h < n; h++)
		mean += mp->host_rate[h] / (double)n;
	mp->fairness_min = 1;
	mp->slowest = 0;
	for (size_t h = 0; h < n; h++) {
		if (mp->host_rate[h] < mp->host_rate[mp->slowest])
			mp->slowest = h;
	}
	mp->fairness_min = mean > 0 ? mp->host_rate[mp->slowest] / mean : 0;
	for (size_t h = 0; h < n; h++)
		mp->host_share[h] = mean > 0 ? mp->host_rate[h] / mean : 0;
}

/* A client's rate over its own start to end, units/s (0 when it took no
 * time). */
static double merge_client_rate(const struct json_client *c)
{
	return units_per_second(c->units, c->end_ns > c->start_ns ? c->end_ns - c->start_ns : 0);
}

/* Over every client of every host: each one's rate (kept, for the
 * JSON), and the slowest one's over their mean. -1: out of memory. */
static int client_fairness(struct merge_phase *mp, const struct host_read *hosts, size_t n, int id)
{
	double sum = 0, low = 0;
	size_t count = 0, all = 0;

	mp->client_fairness = -1;
	for (size_t h = 0; h < n; h++) {
		if (hosts[h].phase[id].client_n == 0)
			return 0;
		all += hosts[h].phase[id].client_n;
	}
	if ((mp->client_rate = malloc(all * sizeof *mp->client_rate)) == NULL)
		return -1;
	mp->client_rates = all;
	for (size_t h = 0; h < n; h++) {
		const struct host_phase *p = &hosts[h].phase[id];
		for (size_t c = 0; c < p->client_n; c++) {
			double r = mp->client_rate[count] = merge_client_rate(&p->client[c]);
			if (count == 0 || r < low) {
				low = r;
				mp->slowest_client_host = h;
				mp->slowest_client = c;
			}
			sum += r;
			count++;
		}
	}
	mp->client_fairness = sum > 0 ? low / (sum / (double)count) : 0;
	return 0;
}

/* Host p's part of the phase inside the window (the hosts' window rule):
 * its bytes and units prorated into the window (merge_in_window), its CPU
 * prorated and over n and the part of its final sync inside the window
 * over n (summed over the hosts: their mean; a host's %CPU stays a
 * host's), its whole histogram. */
static void host_part(struct phase_result *part, const struct phase_result *p, const struct merge_phase *mp, size_t n,
                      uint64_t bytes, uint64_t units)
{
	phase_result_init(part);
	part->status = PHASE_DONE;
	part->bytes = bytes;
	part->units = units;
	part->cpu_ns = prorate(p->cpu_ns, mp->window_ns, p->elapsed_ns) / n;
	part->sync_ns = merge_intersect(p->wall_start_ns + p->elapsed_ns - p->sync_ns, p->sync_ns, mp->window_start_ns,
	                                mp->window_ns) / n;
	part->latency = p->latency;
}

/* Phase id of every host: the facts into mp and, when every host did it
 * and their phases overlap, the hosts' parts added into r (the window as
 * its elapsed time; part: room for one host's). -1: out of memory. */
static int merge_phase(struct merge_phase *mp, struct phase_result *r, struct phase_result *part,
                       const struct host_read *hosts, size_t n, int id)
{
	free(mp->client_rate);
	memset(mp, 0, sizeof *mp);
	for (size_t h = 0; h < n; h++)
		if (!hosts[h].phase[id].done || !ran(&hosts[h], id)->wall_start_ns)
			return 0;
	mp->done = true;
	window(mp, hosts, n, id);
	transfer_window(mp, hosts, n, id);
	mp->flush_said = mp->transfer_overlap >= 0 && mp->transfer_overlap - mp->overlap >= MERGE_FLUSH_SAID;
	if (mp->overlaps) {
		phase_result_init(r);
		r->elapsed_ns = mp->window_ns;
		r->wall_start_ns = mp->window_start_ns;
		r->planned_ns = ran(&hosts[0], id)->planned_ns;
	}
	for (size_t h = 0; h < n; h++) {
		const struct phase_result *p = ran(&hosts[h], id);
		uint64_t b = merge_in_window(&hosts[h], id, p->bytes, 0, mp->window_start_ns, mp->window_ns);
		uint64_t u = phase_unit((enum phase_id)id) == RATE_BYTES ? b
		             : merge_in_window(&hosts[h], id, p->units, 1, mp->window_start_ns, mp->window_ns);
		mp->host_rate[h] = units_per_second(u, mp->window_ns);
		mp->host_rate_shown[h] = phase_rate_shown((enum phase_id)id, mp->host_rate[h]);
		if (!mp->overlaps)
			continue;
		host_part(part, p, mp, n, b, u);
		phase_result_add(r, part, h == 0);
		r->sync_ns += part->sync_ns;
	}
	fairness(mp, n);
	return client_fairness(mp, hosts, n, id);
}

int merge_hosts(struct merge_result *m, const struct host_read *hosts, size_t n, struct run_result *run)
{
	struct phase_result *part = malloc(sizeof *part);
	int rc = part ? 0 : -1;

	memset(run, 0, sizeof *run);
	run->index = 1;
	run->clients = (uint32_t)(hosts[0].setup.clients * n);
	run->hosts = (uint32_t)n;
	run->counts.files_k = (uint32_t)(hosts[0].setup.files / 1024);
	for (size_t h = 0; h < n; h++)
		run->counts.seeks += hosts[h].read.run.counts.seeks; /* every host's seeks: the CSV's seeks field */
	m->hosts = n;
	for (int id = 0; id < PHASE_COUNT && rc == 0; id++)
		rc = merge_phase(&m->phase[id], &run->phase[id], part, hosts, n, id);
	free(part);
	return rc;
}

void merge_result_free(struct merge_result *m)
{
	for (int id = 0; id < PHASE_COUNT; id++) {
		free(m->phase[id].client_rate);
		m->phase[id].client_rate = NULL;
	}
}

/* The spread of phase id's clients, every host's, into r (see
 * merge_sweep_run): on the wall clock, from the earliest start. A listed
 * client without a unit of work was starved (an idle one is not listed). */
static void level_spread(struct phase_result *r, const struct host_read *hosts, size_t n, int id)
{
	uint64_t first = UINT64_MAX;

	for (size_t h = 0; h < n; h++) {
		const struct phase_result *p = ran(&hosts[h], id);
		const struct host_phase *hp = &hosts[h].phase[id];
		struct json_client whole = {0, p->elapsed_ns, p->units};
		size_t k = hp->client_n ? hp->client_n : 1;
		for (size_t c = 0; c < k; c++) {
			const struct json_client *cl = hp->client_n ? &hp->client[c] : &whole;
			uint64_t b = p->wall_start_ns + cl->start_ns;
			spread_add(&r->spread, merge_client_rate(cl), b, p->wall_start_ns + cl->end_ns, false, cl->units == 0);
			first = b < first ? b : first;
		}
	}
	r->start_ns = first;
}

void merge_sweep_run(const struct run_result *run, const struct host_read *hosts, size_t n, struct run_result *all)
{
	*all = *run;
	for (int id = 0; id < PHASE_COUNT; id++) {
		all->phase[id].cpu_ns *= n; /* the hosts' mean, back to their sum */
		if (all->phase[id].status == PHASE_DONE)
			level_spread(&all->phase[id], hosts, n, id);
	}
}

void merge_setup_of(const struct host_read *h, size_t n, struct run_setup *s)
{
	memset(s, 0, sizeof *s);
	snprintf(s->machine, sizeof s->machine, "merged-%zu", n);
	s->file_size = h->setup.file_size;
	s->chunk = (uint32_t)h->setup.chunk;
	s->seek_procs = (uint32_t)h->setup.seek_workers;
	s->files_k = (uint32_t)(h->setup.files / 1024);
	s->file_chunk = DEFAULT_CHUNK;
	s->asks_data_file = phase_mask_asks_bonnie((uint32_t)h->setup.phase_mask, true);
	s->asks_files = phase_mask_asks_bonnie((uint32_t)h->setup.phase_mask, false);
}

int merge_sweep_view(const struct run_result *run, const struct host_read *hosts, size_t n, struct run_view *v)
{
	/* the sweep reads the phases' views and the run's status and clients
	 * alone, none of the setup */
	static const struct run_setup none;
	struct run_result *all = malloc(sizeof *all);

	if (all == NULL)
		return -1;
	merge_sweep_run(run, hosts, n, all);
	view_of_setup_run(&none, all, NULL, v);
	free(all);
	return 0;
}

struct run_view *merge_views_of(const struct run_setup *s, const struct run_result *run, size_t levels)
{
	struct run_view *v = calloc(levels ? levels : 1, sizeof *v);

	for (size_t l = 0; v && l < levels; l++)
		view_of_setup_run(s, &run[l], NULL, &v[l]);
	return v;
}
