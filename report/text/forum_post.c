/* The --share block. Forums collapse blanks and turn *, _, <, |, ~ into
 * markup, so the text avoids them outside the code block: list items and
 * a table whose cells hold only letters, digits, '.', '%', '/' and blanks. */
#include "forum_post.h"
#include "clocale.h"
#include "../model/confidence.h"
#include "../model/view.h"
#include "rate_text.h"
#include "../report.h"
#include "../model/session_view.h"
#include "../../input/like.h" /* LIKE_MARK */
#include "../../phases/qd.h"
#include "../../lib/str.h"
#include "../../lib/units.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Copies s, replacing what Markdown or HTML would interpret. */
static void plain(char *dst, size_t cap, const char *s)
{
	size_t n = 0;

	for (; *s && n + 1 < cap; s++)
		dst[n++] = strchr("*|<>`~[]\\#", *s) ? '-' : *s;
	dst[n] = '\0';
}

static void item(FILE *out, const char *label, const char *value)
{
	char v[600];

	plain(v, sizeof v, value);
	for (size_t n = strlen(v); n > 0 && v[n - 1] == ' '; n--)
		v[n - 1] = '\0';
	fprintf(out, "- %s: %s\n", label, v);
}

static void device_items(FILE *out, const struct env_device *d)
{
	char buf[600];

	snprintf(buf, sizeof buf, "%s (%s%s%s), model %s, %s", d->name, d->kind, d->detail[0] ? " " : "", d->detail,
	         d->model, d->rotational < 0 ? "rotational flag unknown" : d->rotational ? "rotational" : "non-rotational");
	item(out, "Device", buf);
	snprintf(buf, sizeof buf, "%u B logical, %u B physical", d->logical_block, d->physical_block);
	item(out, "Sectors", buf);
	if (d->aligned < 0)
		snprintf(buf, sizeof buf, "unknown");
	else
		snprintf(buf, sizeof buf, "%s at byte %llu, %s", d->is_partition ? "partition starts" : "whole device",
		         (unsigned long long)d->start_bytes, d->aligned ? "aligned" : "MISALIGNED");
	item(out, "Alignment", buf);
}

/* How the data was written and read: what a reader cannot tell from the
 * numbers (direct I/O halves them, or less, on the same disk). */
static void io_item(FILE *out, const struct session_view *s)
{
	const struct run_setup *set = &s->setup;
	char buf[300];

	snprintf(buf, sizeof buf, "%s; %s%s%s",
	         set->direct ? "direct (-D: O_DIRECT for block write, rewrite, block read and seeks; per-char buffered)"
	                     : "buffered",
	         set->evict ? "page cache dropped before each reading phase" : "page cache not dropped (--no-evict)",
	         set->sync_each ? "; fsync after every write (-b)" : "",
	         s->qd ? "; the queue-depth profile (--qd) O_DIRECT where the file system takes it, whatever -D" : "");
	item(out, "I/O", buf);
}

/* Appends arg to buf (cap bytes, n used) as the post shows it: quoted when
 * it holds a blank, each character no output may show raw (a control, a
 * bidirectional control, a byte that is not UTF-8) as '_', never half a
 * character. Returns the new length. */
static size_t append_arg(char *buf, size_t cap, size_t n, const char *arg)
{
	bool quote = strchr(arg, ' ') != NULL || *arg == '\0';

	if (n + 4 >= cap) /* room for a blank, two quotes and the end */
		return n;
	if (n > 0)
		buf[n++] = ' ';
	if (quote)
		buf[n++] = '\'';
	n += str_copy_underscored(buf + n, cap - n - 1, arg, "");
	if (quote && n + 1 < cap)
		buf[n++] = '\'';
	buf[n] = '\0';
	return n;
}

/* The options as given, so the post says how it was run. */
static void options_item(FILE *out, int argc, char **argv)
{
	char buf[600];
	size_t n = 0;

	buf[0] = '\0';
	for (int i = 1; i < argc; i++)
		n = append_arg(buf, sizeof buf, n, argv[i]);
	item(out, "Options", argc > 1 ? buf : "none (the defaults)");
}

/* A ZFS pool in one item: what a reader of the post needs to weigh it. */
static void pool_item(FILE *out, const struct env_zfs *z)
{
	char buf[600], ashift[96] = "ashift unknown", arc[48] = "ARC size unknown";
	int shortfall = zfs_ashift_short(z);

	if (z->ashift > 0)
		snprintf(ashift, sizeof ashift, "ashift %d%s", z->ashift,
		         shortfall > 0 ? " (blocks under the disks' physical sectors: read-modify-write)" : "");
	if (z->arc.valid) {
		char most[32];
		units_format_human(z->arc.c_max, most, sizeof most);
		snprintf(arc, sizeof arc, "ARC at most %s", most);
	}
	snprintf(buf, sizeof buf, "ZFS pool %s, %s, %s; recordsize %s, compression %s; %s", z->pool, z->layout.words,
	         ashift, z->recordsize, z->compression, arc);
	item(out, "Pool", buf);
}

void report_share_env(FILE *out, const struct env_info *env, const char *date, const struct session_view *s, int argc,
                      char **argv)
{
	char buf[600];
	struct c_locale loc;

	c_locale_enter(&loc);
	fprintf(out, "bonnie %s result, %s\n\n", BONNIE_VERSION, date);
	snprintf(buf, sizeof buf, "%s %s %s, %u x %s, %.1f GiB RAM", env->os, env->kernel, env->arch, env->cpus,
	         env->cpu_model, (double)env->ram_bytes / (1u << 30));
	item(out, "System", buf);
	snprintf(buf, sizeof buf, "%s on %s", env->fs_type, env->mount_source);
	item(out, "File system", buf);
	if (env->dev.present)
		device_items(out, &env->dev);
	else if (env->zfs.present)
		pool_item(out, &env->zfs);
	else
		item(out, "Device", "none found");
	io_item(out, s);
	options_item(out, argc, argv);
	c_locale_leave(&loc);
}

/* The rate as every table cell writes it (the number the CSV line holds),
 * so the post and a compare of it agree digit for digit. */
static void rate_cell(const struct phase_view *p, char *buf, size_t cap)
{
	rate_text(p->id, p->rate, false, buf, cap);
	/* every reason against the figure, in words (the table's marks, which a
	 * forum would take as markup): " (under 0.5 s, from the page cache)" */
	confidence_words(&p->conf, buf, cap);
}

/* The view's latency k; "-" where the count does not support it. */
static void latency_cell(const struct phase_view *p, enum view_pct k, char *buf, size_t cap)
{
	if (!view_has_pct(p, k))
		snprintf(buf, cap, "-");
	else
		units_format_latency((uint64_t)p->pct_ns[k], buf, cap);
}

/* The run's phases but the queue-depth profile's, as the table's rows. */
static void phase_rows(FILE *out, const struct run_view *v)
{
	char rate[160], max[32], p99[32], p50[32];
	bool head = false;

	for (int i = 0; i < PHASE_COUNT; i++) {
		const struct phase_view *p = &v->phase[i];

		if (p->state != CELL_VALUE || qd_is(p->id))
			continue;
		if (!head)
			fprintf(out, "| Phase | Rate | %%CPU | Max latency | p99 | Median |\n|---|---|---|---|---|---|\n");
		head = true;
		rate_cell(p, rate, sizeof rate);
		latency_cell(p, VIEW_MAX, max, sizeof max);
		latency_cell(p, VIEW_P99, p99, sizeof p99);
		latency_cell(p, VIEW_P50, p50, sizeof p50);
		fprintf(out, "| %s | %s | %d | %s | %s | %s |\n", phase_words(p->id), rate, p->cpu_pct, max, p99, p50);
	}
	if (head)
		fputc('\n', out);
}

/* The queue-depth profile's block, as the text table has it: its own
 * heading (engine, O_DIRECT), MiB/s (the unit of the rest of the block)
 * and IOPS, then the depth gains as list items. */
static void qd_rows(FILE *out, const struct run_view *v)
{
	char how[192], rate[160], max[32], p99[32], p50[32];
	bool head = false;

	for (int i = 0; i < PHASE_COUNT; i++) {
		const struct phase_view *p = &v->phase[i];

		if (p->state != CELL_VALUE || !qd_is(p->id))
			continue;
		if (!head) {
			report_qd_how(v, how, sizeof how);
			plain(rate, sizeof rate, how);
			fprintf(out, "Queue-depth profile (%s):\n\n", rate);
			fprintf(out, "| Row | MiB/s | IOPS | %%CPU | Max latency | p99 | Median |\n|---|---|---|---|---|---|---|\n");
		}
		head = true;
		snprintf(rate, sizeof rate, "%.1f", p->rate / 1024.0);
		confidence_words(&p->conf, rate, sizeof rate);
		latency_cell(p, VIEW_MAX, max, sizeof max);
		latency_cell(p, VIEW_P99, p99, sizeof p99);
		latency_cell(p, VIEW_P50, p50, sizeof p50);
		fprintf(out, "| %s | %s | %.0f | %d | %s | %s | %s |\n", phase_words(p->id), rate, p->iops,
		        p->cpu_pct, max, p99, p50);
	}
	if (!head)
		return;
	fputc('\n', out);
	if (report_qd_gains(out, v, "- Depth gain, ") > 0)
		fputc('\n', out);
}

/* The notes under the table, one Markdown list item each: forums that
 * join single line breaks ran the plain lines into one paragraph. */
static void notes_list(FILE *out, const struct run_view *v)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	const char *line;

	if (mem == NULL) {
		report_run_notes(out, v, false);
		return;
	}
	report_run_notes(mem, v, false);
	fclose(mem);
	for (line = text; line && *line;) {
		size_t n = strcspn(line, "\n");
		fprintf(out, "- %.*s\n", (int)n, line);
		line += n + (line[n] == '\n');
	}
	free(text);
}

void report_share_run(FILE *out, const struct session_view *s, const struct run_view *v)
{
	char name[128];
	struct c_locale loc;

	plain(name, sizeof name, s->setup.machine);
	c_locale_enter(&loc);
	fprintf(out, "\nRun %u on %s, seed %u:\n\n", v->index, name, v->seed);
	phase_rows(out, v);
	qd_rows(out, v);
	c_locale_leave(&loc);
	notes_list(out, v);
	fprintf(out, "\n" LIKE_MARK "%s`\n", v->like);
	if (!s->csv_line) {
		fprintf(out, "\n%s\n", REPORT_CSV_NO_LINE);
		return;
	}
	fprintf(out, "\nbonnie++ 1.98 CSV (bonnie compare and bon_csv2html read it):\n\n```\n");
	report_csv(out, v);
	fprintf(out, "```\n");
}
