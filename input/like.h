/* What bonnie --like takes from a result read back (cmd/like.c): its
 * settings as the run's options. bonnie's own results carry them whole
 * (the JSON's "like_options", the --share post's settings line); of a
 * CSV line, a table or an older JSON, what they record is made into
 * options and what they do not is named. Pure: no I/O. */
#ifndef BONNIE_INPUT_LIKE_H
#define BONNIE_INPUT_LIKE_H

#include <stddef.h>

#include "input.h"

/* The --share post's settings line: this, then the options, then a
 * backquote (report/model/like_options.h writes it). */
#define LIKE_MARK "Settings for bonnie --like: `"

/* The characters a settings string is written with: letters, digits,
 * blanks and ":.,_-". Anything else is not bonnie's and is not taken. */
#define LIKE_CHARS "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 :.,_-"

#define LIKE_LEN PARSED_SETTINGS_LEN

/* The settings of text[0..len) as its --share settings lines say them,
 * into out (cap bytes). Returns 1 when every such line says the same,
 * 0 when there is none, -1 when two differ or one holds a character
 * that is not LIKE_CHARS (out is then the first of them). */
int like_share_line(const char *text, size_t len, char *out, size_t cap);

struct like_derived {
	char options[LIKE_LEN]; /* "-s 64M:8k:8192:5 -n 16 -z 123 ..." */
	char missing[256];      /* "seed, per-char size, I/O mode": what the input does not record */
	const char *kind;       /* "a bonnie++ table", "a 1.98 CSV line", "this bonnie JSON" */
};

/* The options the recorded settings of r make, and what r does not
 * record: file size, chunk, seeks and their workers, the file tests,
 * per-char size, seed, client count, I/O mode and the phases that ran. */
void like_derive(const struct parsed_run *r, struct like_derived *d);

#endif
