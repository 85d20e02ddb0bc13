/* merge_hosts: see merge_model.h. */
#include "merge_model.h"
#include "view.h"
#include "../../lib/units.h"
#include "../../phases/phase_select.h"

#include "../../phases/interface/accumulate.h"

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

uint64_t merge_in_window(const struct json_phase *p, uint64_t total, int which, uint64_t ws, uint64_t wlen)
{
	uint64_t covered = 0, sum = 0;

	for (size_t i = 0; i < p->tl_n; i++)
		covered += p->tl[i].length_ns;
	if (p->tl_n == 0 || covered * 10 < p->elapsed_ns * 9)
		return prorate(total, merge_intersect(p->wall_start_ns, p->elapsed_ns, ws, wlen), p->elapsed_ns);
	for (size_t i = 0; i < p->tl_n; i++) {
		const struct json_interval *iv = &p->tl[i];
		uint64_t v = which ? iv->operations : iv->bytes;
		sum += prorate(v, merge_intersect(p->wall_start_ns + iv->start_ns, iv->length_ns, ws, wlen), iv->length_ns);
	}
	return sum;
}

/* The window: from the latest start to the earliest end. */
static void window(struct merge_phase *mp, const struct json_run *hosts, size_t n, int id)
{
	uint64_t s0 = UINT64_MAX, s1 = 0, e0 = UINT64_MAX, longest = 0;

	for (size_t h = 0; h < n; h++) {
		const struct json_phase *p = &hosts[h].phase[id];
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
static void transfer_window(struct merge_phase *mp, const struct json_run *hosts, size_t n, int id)
{
	uint64_t s1 = 0, e0 = UINT64_MAX, longest = 0;

	mp->transfer_overlap = -1;
	for (size_t h = 0; h < n; h++) {
		const struct json_phase *p = &hosts[h].phase[id];
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

double merge_client_rate(const struct json_client *c)
{
	return units_per_second(c->units, c->end_ns > c->start_ns ? c->end_ns - c->start_ns : 0);
}

/* Over every client of every host: the slowest one's rate over their mean. */
static void client_fairness(struct merge_phase *mp, const struct json_run *hosts, size_t n, int id)
{
	double sum = 0, low = 0;
	size_t count = 0;

	mp->client_fairness = -1;
	for (size_t h = 0; h < n; h++)
		if (hosts[h].phase[id].client_n == 0)
			return;
	for (size_t h = 0; h < n; h++) {
		const struct json_phase *p = &hosts[h].phase[id];
		for (size_t c = 0; c < p->client_n; c++) {
			double r = merge_client_rate(&p->client[c]);
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
}

/* Host p's part of the phase inside the window (the hosts' window rule):
 * its bytes and units prorated into the window (merge_in_window), its CPU
 * prorated and over n and the part of its final sync inside the window
 * over n (summed over the hosts: their mean; a host's %CPU stays a
 * host's), its whole histogram. */
static void host_part(struct phase_result *part, const struct json_phase *p, const struct merge_phase *mp, size_t n,
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
 * its elapsed time; part: room for one host's). */
static void merge_phase(struct merge_phase *mp, struct phase_result *r, struct phase_result *part,
                        const struct json_run *hosts, size_t n, int id)
{
	memset(mp, 0, sizeof *mp);
	for (size_t h = 0; h < n; h++)
		if (!hosts[h].phase[id].done || !hosts[h].phase[id].wall_start_ns)
			return;
	mp->done = true;
	window(mp, hosts, n, id);
	transfer_window(mp, hosts, n, id);
	if (mp->overlaps) {
		phase_result_init(r);
		r->elapsed_ns = mp->window_ns;
		r->wall_start_ns = mp->window_start_ns;
		r->planned_ns = hosts[0].phase[id].planned_ns;
	}
	for (size_t h = 0; h < n; h++) {
		const struct json_phase *p = &hosts[h].phase[id];
		uint64_t b = merge_in_window(p, p->bytes, 0, mp->window_start_ns, mp->window_ns);
		uint64_t u = phase_unit((enum phase_id)id) == RATE_BYTES ? b
		             : merge_in_window(p, p->operations, 1, mp->window_start_ns, mp->window_ns);
		mp->host_rate[h] = units_per_second(u, mp->window_ns);
		mp->host_rate_shown[h] = phase_rate_shown((enum phase_id)id, mp->host_rate[h]);
		if (!mp->overlaps)
			continue;
		host_part(part, p, mp, n, b, u);
		phase_result_add(r, part, h == 0);
		r->sync_ns += part->sync_ns;
	}
	fairness(mp, n);
	client_fairness(mp, hosts, n, id);
}

int merge_hosts(struct merge_result *m, const struct json_run *hosts, size_t n, struct run_result *run)
{
	struct phase_result *part = malloc(sizeof *part);

	if (!part)
		return -1;
	memset(run, 0, sizeof *run);
	run->index = 1;
	run->clients = (uint32_t)(hosts[0].clients * n);
	run->hosts = (uint32_t)n;
	m->hosts = n;
	for (int id = 0; id < PHASE_COUNT; id++)
		merge_phase(&m->phase[id], &run->phase[id], part, hosts, n, id);
	free(part);
	return 0;
}

void merge_setup_of(const struct json_run *h, size_t n, struct run_setup *s)
{
	memset(s, 0, sizeof *s);
	snprintf(s->machine, sizeof s->machine, "merged-%zu", n);
	s->file_size = h->file_size;
	s->chunk = (uint32_t)h->chunk;
	s->seek_procs = (uint32_t)h->seek_workers;
	s->files_k = (uint32_t)(h->files / 1024);
	s->file_chunk = DEFAULT_CHUNK;
	s->asks_data_file = phase_mask_asks_bonnie((uint32_t)h->phase_mask, true);
	s->asks_files = phase_mask_asks_bonnie((uint32_t)h->phase_mask, false);
}
