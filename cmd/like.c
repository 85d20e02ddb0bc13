/* bonnie --like (like.h). The settings become options and go through the
 * one option parser, so a result's settings are checked and refused as
 * typed ones are; only the options of this table are taken from a file
 * (a pasted post could name -d, -u or a report path: never taken). */
#include "like.h"

#include "run_config.h"
#include "say.h"

#include "../input/input.h"
#include "../input/like.h"
#include "../lib/exitcodes.h"
#include "../options/options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool given_size(const struct config *c) { return c->file_size_given; }
static bool given_files(const struct config *c) { return c->files_given; }
static bool given_perchar(const struct config *c) { return c->perchar_given; }
static bool given_seed(const struct config *c) { return c->seed_given; }
static bool given_clients(const struct config *c) { return c->concurrency_given || c->sweep_levels; }
static bool given_level(const struct config *c) { return c->level_given; }
static bool given_direct(const struct config *c) { return c->direct; }
static bool given_sync(const struct config *c) { return c->sync_each; }
static bool given_no_evict(const struct config *c) { return !c->evict; }
static bool given_verify(const struct config *c) { return c->verify; }
static bool given_phases(const struct config *c) { return c->phases_arg || c->qd; }
static bool given_qd_time(const struct config *c) { return c->qd_time_given; }
static bool given_qd_engine(const struct config *c) { return c->qd_engine != 0; }

/* The settings --like takes; options of one group replace each other
 * (-c and --clients; --phases and --qd). */
static const struct setting {
	const char *name;
	bool value;   /* takes the next word (-f's size is attached) */
	bool (*given)(const struct config *c);
} settings[] = {
	{"-s", true, given_size},        {"-n", true, given_files},         {"-f", false, given_perchar},
	{"-z", true, given_seed},        {"-c", true, given_clients},       {"--clients", true, given_clients},
	{"--level-time", true, given_level}, {"-D", false, given_direct},   {"-b", false, given_sync},
	{"--no-evict", false, given_no_evict}, {"--verify", false, given_verify}, {"--phases", true, given_phases},
	{"--qd", false, given_phases},   {"--qd-time", true, given_qd_time}, {"--qd-engine", true, given_qd_engine},
};
#define NSETTINGS (sizeof settings / sizeof settings[0])
#define MAX_WORDS 64

static const struct setting *setting_of(const char *word)
{
	for (size_t i = 0; i < NSETTINGS; i++)
		if (strcmp(word, settings[i].name) == 0 || (strcmp(settings[i].name, "-f") == 0 && strncmp(word, "-f", 2) == 0))
			return &settings[i];
	return NULL;
}

/* The result's settings as one string, and where they come from. */
struct source {
	char options[LIKE_LEN];
	char missing[256];
	const char *kind;
	char origin[PARSED_ORIGIN_LEN];
};

/* The settings of run r: its JSON's own, the --share post's line, else
 * what its fields record. */
static void settings_of(const struct parsed_run *r, int share, const char *line, struct source *s)
{
	struct like_derived d;

	snprintf(s->origin, sizeof s->origin, "%s", r->origin);
	s->missing[0] = '\0';
	if (r->settings[0]) {
		snprintf(s->options, sizeof s->options, "%s", r->settings);
		s->kind = "bonnie JSON";
	} else if (share == 1 && strcmp(r->format, "json") != 0) {
		snprintf(s->options, sizeof s->options, "%s", line);
		s->kind = "--share post";
	} else {
		like_derive(r, &d);
		snprintf(s->options, sizeof s->options, "%s", d.options);
		snprintf(s->missing, sizeof s->missing, "%s", d.missing);
		s->kind = d.kind;
	}
}

/* The one setup of the file's results, or the status of a refusal. */
static int read_source(const char *path, struct parsed_set *set, struct source *src)
{
	char *text = NULL, line[LIKE_LEN];
	size_t len;
	FILE *f = fopen(path, "r");
	int rc, share;

	if (f == NULL)
		return say_status(EXIT_USAGE, "--like %s: %s", path, strerror(errno));
	rc = input_read_all(input_from_stdio, f, &text, &len);
	fclose(f);
	if (rc != 0)
		return say_status(EXIT_USAGE, "--like %s: %s", path, rc == -1 ? "out of memory" : strerror(errno));
	share = like_share_line(text, len, line, sizeof line);
	rc = input_parse(set, path, text, len);
	free(text);
	if (rc != 0)
		return say_status(EXIT_USAGE, "--like %s: out of memory", path);
	if (share < 0)
		return say_status(EXIT_USAGE, "--like %s: its --share settings lines differ or hold what no option does: "
		                  "keep the one run to match", path);
	if (set->count == 0)
		return say_status(EXIT_USAGE, "--like %s: no bonnie JSON, --share post, bonnie++ CSV line or table in it",
		                  path);
	settings_of(&set->run[0], share, line, src);
	for (size_t i = 1; i < set->count; i++) {
		struct source other;
		settings_of(&set->run[i], share, line, &other);
		if (strcmp(other.options, src->options) != 0)
			return say_status(EXIT_USAGE, "--like %s: its results were run with different settings (%s; %s): "
			                  "keep the one to match", path, src->origin, other.origin);
	}
	return EXIT_OK;
}

/* The words of options, each setting's name and value checked; words[]
 * points into buf. Returns how many, or -1 (said) for a word that is not
 * a setting. */
static int split(char *buf, char **words, const char *path)
{
	int n = 0;

	for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
		const struct setting *s = setting_of(w);
		if (n >= MAX_WORDS - 1 || s == NULL) {
			say("--like %s: '%.40s' is not a setting --like takes", path, w);
			return -1;
		}
		words[n++] = w;
		if (s->value) {
			char *v = strtok(NULL, " ");
			if (v == NULL || v[0] == '-') {
				say("--like %s: %s has no value", path, w);
				return -1;
			}
			words[n++] = v;
		}
	}
	return n;
}

/* The option of s's group the user gave. */
static const char *given_name(const struct setting *s, const struct config *user)
{
	if (s->given == given_clients)
		return user->sweep_levels ? "--clients" : "-c";
	if (s->given == given_phases)
		return user->phases_arg ? "--phases" : "--qd";
	return s->name;
}

/* Copies into out the words of the settings the user's options do not
 * replace, and into took the same as one line. Returns how many. */
static int take(char **words, int n, const struct config *user, char **out, char *took, size_t cap)
{
	int kept = 0;

	took[0] = '\0';
	for (int i = 0; i < n;) {
		const struct setting *s = setting_of(words[i]);
		int len = s->value ? 2 : 1;
		for (int k = 0; k < len && !s->given(user); k++) {
			out[kept++] = words[i + k];
			snprintf(took + strlen(took), cap - strlen(took), "%s%s", took[0] ? " " : "", words[i + k]);
		}
		i += len;
	}
	return kept;
}

/* Says what was taken, which settings an option given replaced, which
 * options given the result has no setting for, and what it does not
 * record. */
static void tell(char **words, int n, const struct config *user, const struct source *src, const char *path,
                 const char *took)
{
	say("--like %s: the settings of %s (%s): %s", path, src->origin, src->kind, took[0] ? took : "none taken");
	for (int i = 0; i < n;) {
		const struct setting *s = setting_of(words[i]);
		int len = s->value ? 2 : 1;
		if (s->given(user))
			say("--like %s: %s as given on the command line, not the result's %s%s%s", path, given_name(s, user),
			    words[i], len == 2 ? " " : "", len == 2 ? words[i + 1] : "");
		i += len;
	}
	for (size_t k = 0; k < NSETTINGS; k++) {
		bool in = false;
		for (size_t j = 0; j < k; j++) /* a group once */
			in = in || settings[j].given == settings[k].given;
		for (int i = 0; i < n; i += setting_of(words[i])->value ? 2 : 1)
			in = in || setting_of(words[i])->given == settings[k].given;
		if (!in && settings[k].given(user))
			say("--like %s: %s as given on the command line (the result's settings do not have it)", path,
			    given_name(&settings[k], user));
	}
	if (src->missing[0])
		say("--like %s: not in %s: %s; this run chooses them as it would without --like", path, src->kind,
		    src->missing);
}

int like_apply(int argc, char **argv, struct config *cfg, struct like_args *keep)
{
	struct parsed_set set = {0};
	struct source src;
	char *words[MAX_WORDS], err[512], took[LIKE_LEN];
	const struct config user = *cfg;
	const char *path = cfg->like_path;
	int n, kept, status = read_source(path, &set, &src);

	input_free(&set);
	if (status != EXIT_OK)
		return status;
	keep->buf = strdup(src.options);
	keep->argv = calloc((size_t)argc + MAX_WORDS + 1, sizeof *keep->argv);
	if (keep->buf == NULL || keep->argv == NULL)
		return say_status(EXIT_SETUP, "cannot allocate memory: %s", strerror(errno));
	if ((n = split(keep->buf, words, path)) < 0)
		return EXIT_USAGE;
	keep->argv[0] = argv[0];
	kept = take(words, n, &user, keep->argv + 1, took, sizeof took);
	for (int i = 1; i < argc; i++)
		keep->argv[kept + i] = argv[i];
	if (run_config_reparse(argc + kept, keep->argv, cfg, err, sizeof err) != OPT_RUN)
		return say_status(EXIT_USAGE, "--like %s: %s", path, err);
	tell(words, n, &user, &src, path, took);
	return RUN_GO;
}

void like_release(struct like_args *keep)
{
	free(keep->buf);
	free(keep->argv);
	keep->buf = NULL;
	keep->argv = NULL;
}
