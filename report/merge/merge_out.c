/* report_merge_text and report_merge_json: see merge_out.h. */
#include "merge_out.h"
#include "../html/html.h"
#include "../html/svg.h"

/* The client fairness cell: "-" when a host has no per-client results. */
static void client_cell(FILE *out, const struct merge_phase *mp)
{
	if (mp->client_fairness < 0)
		fprintf(out, " %11s", "-");
	else
		fprintf(out, " %11.3f", mp->client_fairness);
}

void report_merge_text(FILE *out, const struct merge_result *m, const struct host_read *hosts)
{
	fprintf(out, "Merged %zu hosts of %llu clients each; per phase the window all of them ran in:\n", m->hosts,
	        (unsigned long long)hosts[0].setup.clients);
	fprintf(out, "%-12s %9s %8s %10s %9s %11s  %s\n", "phase", "window s", "overlap", "spread ms", "fairness",
	        "client fair", "slowest host");
	for (int id = 0; id < PHASE_COUNT; id++) {
		const struct merge_phase *mp = &m->phase[id];
		if (!mp->done)
			continue;
		if (!mp->overlaps) {
			fprintf(out, "%-12s %9s %7d%% %10.1f %9s", phase_name((enum phase_id)id), "-", 0,
			        (double)mp->start_spread_ns / 1e6, "-");
			client_cell(out, mp);
			fputs("  (the hosts' phases did not overlap: not summed)\n", out);
			continue;
		}
		fprintf(out, "%-12s %9.3f %7.1f%% %10.1f %9.3f", phase_name((enum phase_id)id), (double)mp->window_ns / 1e9,
		        100 * mp->overlap, (double)mp->start_spread_ns / 1e6, mp->fairness_min);
		client_cell(out, mp);
		fprintf(out, "  %s\n", hosts[mp->slowest].name);
		if (mp->late_said)
			fprintf(out, "%-12s (%s started %.3f s after its planned start)\n", "", hosts[mp->late_host].name,
			        (double)mp->late_max_ns / 1e9);
		if (mp->flush_said)
			fprintf(out, "%-12s (the writes overlap %.1f%%; %s's final flush took %.1f s of its phase)\n", "",
			        100 * mp->transfer_overlap, hosts[mp->flush_host].name, (double)mp->flush_max_ns / 1e9);
	}
	fputs("(window: latest wall-clock start to earliest end; overlap: the window over the longest host's "
	      "phase;\n fairness: the slowest host's rate in the window over the hosts' mean; client fair: the "
	      "slowest client's\n rate over its own start to end over the mean of every host's clients (- without "
	      "-c 2 or more);\n latency: every host's whole phase)\n",
	      out);
}

/* Every host's clients, in host then client order, each with its rate
 * over its own start to end (units/s, the model's), and the client
 * fairness. */
static void clients_json(struct json *j, const struct merge_phase *mp, const struct host_read *hosts, size_t n,
                         int id)
{
	size_t k = 0;

	if (mp->client_fairness < 0) {
		json_null(j, "client_fairness");
		return;
	}
	json_double(j, "client_fairness", mp->client_fairness, 4);
	json_array_begin(j, "clients");
	for (size_t h = 0; h < n; h++)
		for (size_t c = 0; c < hosts[h].phase[id].client_n && k < mp->client_rates; c++) {
			json_object_begin(j, NULL);
			json_string(j, "host", hosts[h].name);
			json_u64(j, "client", c);
			json_double(j, "rate", mp->client_rate[k++], 3);
			json_object_end(j);
		}
	json_array_end(j);
}

static void phase_json(struct json *j, const struct merge_result *m, int id, const struct host_read *hosts)
{
	const struct merge_phase *mp = &m->phase[id];
	size_t n = m->hosts;

	json_u64(j, "window_start_ns", mp->window_start_ns);
	json_u64(j, "window_ns", mp->window_ns);
	json_u64(j, "start_spread_ns", mp->start_spread_ns);
	json_double(j, "overlap", mp->overlap, 4);
	json_u64(j, "late_start_max_ns", mp->late_max_ns);
	if (mp->late_max_ns)
		json_string(j, "late_start_host", hosts[mp->late_host].name);
	else
		json_null(j, "late_start_host");
	if (mp->transfer_overlap >= 0) {
		json_double(j, "transfer_overlap", mp->transfer_overlap, 4);
		json_u64(j, "final_flush_max_ns", mp->flush_max_ns);
		json_string(j, "final_flush_host", hosts[mp->flush_host].name);
	}
	clients_json(j, mp, hosts, n, id);
	if (!mp->overlaps) {
		json_null(j, "fairness");
		json_null(j, "slowest");
		return;
	}
	json_double(j, "fairness", mp->fairness_min, 4);
	json_string(j, "slowest", hosts[mp->slowest].name);
	json_array_begin(j, "hosts");
	for (size_t h = 0; h < n; h++) {
		json_object_begin(j, NULL);
		json_string(j, "host", hosts[h].name);
		json_double(j, "rate", mp->host_rate[h], 3);
		json_double(j, "share", mp->host_share[h], 4);
		json_u64(j, "wall_start_ns", hosts[h].read.run.phase[id].wall_start_ns);
		json_object_end(j);
	}
	json_array_end(j);
}

/* Per phase the merge's facts of one count (merged object or level). */
static void phases_json(struct json *j, const struct merge_result *m, const struct host_read *hosts)
{
	json_u64(j, "clients_per_host", hosts[0].setup.clients);
	json_array_begin(j, "phases");
	for (int id = 0; id < PHASE_COUNT; id++) {
		if (!m->phase[id].done)
			continue;
		json_object_begin(j, NULL);
		json_string(j, "name", phase_name((enum phase_id)id));
		phase_json(j, m, id, hosts);
		json_object_end(j);
	}
	json_array_end(j);
}

/* Each host's own command line, in the hosts' order. */
static void host_lines_json(struct json *j, const struct host_read *hosts, size_t n)
{
	json_array_begin(j, "host_command_lines");
	for (size_t h = 0; h < n; h++) {
		json_array_begin_inline(j, NULL);
		for (size_t a = 0; a < hosts[h].argc; a++)
			json_string(j, NULL, hosts[h].argv[a]);
		json_array_end(j);
	}
	json_array_end(j);
}

void report_merge_json(struct json *j, const struct merge_result *m, const struct host_read *const *levels,
                       size_t nlevels)
{
	const struct host_read *hosts = levels[0];

	json_object_begin(j, "merged");
	json_array_begin_inline(j, "hosts");
	for (size_t h = 0; h < m[0].hosts; h++)
		json_string(j, NULL, hosts[h].name);
	json_array_end(j);
	host_lines_json(j, hosts, m[0].hosts);
	/* each host's cores, as its JSON said them (null: not said); their sum
	 * is the load's, which the sweep's whole-host CPU rule reads */
	json_array_begin_inline(j, "host_cpus");
	for (size_t h = 0; h < m[0].hosts; h++)
		if (hosts[h].setup.cpus)
			json_u64(j, NULL, hosts[h].setup.cpus);
		else
			json_null(j, NULL);
	json_array_end(j);
	if (nlevels == 1)
		phases_json(j, &m[0], hosts);
	else {
		json_array_begin(j, "levels");
		for (size_t l = 0; l < nlevels; l++) {
			json_object_begin(j, NULL);
			json_u64(j, "clients", levels[l][0].setup.clients * m[l].hosts);
			phases_json(j, &m[l], levels[l]);
			json_object_end(j);
		}
		json_array_end(j);
	}
	json_object_end(j);
}

static void cell(FILE *out, const char *cls, const char *text)
{
	fprintf(out, "<td%s>", cls);
	svg_escape(out, text);
	fputs("</td>", out);
}

static void client_td(FILE *out, const struct merge_phase *mp)
{
	if (mp->client_fairness < 0)
		fputs("<td>-</td>", out);
	else
		fprintf(out, "<td>%.3f</td>", mp->client_fairness);
}

/* Per phase: window, overlap, start spread, fairness, client fairness,
 * slowest host. */
static void facts_table(FILE *out, const struct merge_result *m, const struct host_read *hosts)
{
	fputs("<table class=\"wide merge-phases\">\n<tr><th class=\"l\">phase</th><th>window s</th><th>overlap</th>"
	      "<th>start spread ms</th><th>fairness</th><th>client fairness</th><th class=\"l\">slowest host</th></tr>\n",
	      out);
	for (int id = 0; id < PHASE_COUNT; id++) {
		const struct merge_phase *mp = &m->phase[id];
		if (!mp->done)
			continue;
		fprintf(out, "<tr><td class=\"l\">%s</td>", phase_name((enum phase_id)id));
		if (!mp->overlaps) {
			fprintf(out, "<td>-</td><td>0%%</td><td>%.1f</td><td>-</td>", (double)mp->start_spread_ns / 1e6);
			client_td(out, mp);
			fputs("<td class=\"l\">the hosts' phases did not overlap: not summed</td></tr>\n", out);
			continue;
		}
		fprintf(out, "<td>%.3f</td><td>%.1f%%</td><td>%.1f</td><td>%.3f</td>", (double)mp->window_ns / 1e9,
		        100 * mp->overlap, (double)mp->start_spread_ns / 1e6, mp->fairness_min);
		client_td(out, mp);
		cell(out, " class=\"l\"", hosts[mp->slowest].name);
		fputs("</tr>\n", out);
	}
	fputs("</table>\n", out);
}

/* Per host (rows) and summed phase (columns): its rate in the window. */
static void hosts_table(FILE *out, const struct merge_result *m, const struct host_read *hosts)
{
	char rate[48];

	fputs("<table class=\"wide merge-hosts\">\n<tr><th class=\"l\">host</th>", out);
	for (int id = 0; id < PHASE_COUNT; id++)
		if (m->phase[id].done && m->phase[id].overlaps)
			fprintf(out, "<th>%s</th>", phase_name((enum phase_id)id));
	fputs("</tr>\n", out);
	for (size_t h = 0; h < m->hosts; h++) {
		fputs("<tr>", out);
		cell(out, " class=\"l\"", hosts[h].name);
		for (int id = 0; id < PHASE_COUNT; id++) {
			if (!m->phase[id].done || !m->phase[id].overlaps)
				continue;
			html_rate_text((enum phase_id)id, m->phase[id].host_rate_shown[h], rate, sizeof rate);
			cell(out, "", rate);
		}
		fputs("</tr>\n", out);
	}
	fputs("</table>\n", out);
}

/* One count's section: its heading (of a sweep, its count), facts and
 * each host's rate in the window. */
static void level_html(FILE *out, const struct merge_result *m, const struct host_read *hosts, size_t levels)
{
	unsigned long long per = (unsigned long long)hosts[0].setup.clients, all = per * m->hosts;

	if (levels > 1)
		fprintf(out, "<h2 id=\"merged-%llu\">Merged hosts, %llu clients</h2>\n", all, all);
	else
		fputs("<h2 id=\"merged\">Merged hosts</h2>\n", out);
	fprintf(out, "<p>%zu hosts of %llu client%s each, per phase the window all of them ran in:</p>\n", m->hosts,
	        per, per == 1 ? "" : "s");
	facts_table(out, m, hosts);
	fputs("<p class=\"note\">Window: the latest wall-clock start to the earliest end; overlap: the window over "
	      "the longest host's phase; fairness: the slowest host's rate in the window over the hosts' mean; "
	      "client fairness: the slowest client's rate over its own start to end over the mean of every host's "
	      "clients (- without -c 2 or more); latency: every host's whole phase.</p>\n<h3>Each host's rate in the window</h3>\n",
	      out);
	hosts_table(out, m, hosts);
}

/* Every count of a merged sweep, as a local sweep's page shows every count. */
void report_merge_html(FILE *out, const void *arg)
{
	const struct merge_page *pg = arg;

	for (size_t l = 0; l < pg->levels; l++)
		level_html(out, &pg->m[l], pg->hosts[l], pg->levels);
}
