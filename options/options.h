/* Command-line parsing: argv -> struct config, with one-line error messages.
 * Pure: no I/O, no exit, so tests and the fuzzer can call it repeatedly. */
#ifndef BONNIE_OPTIONS_H
#define BONNIE_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#include "config.h"

enum opt_result {
	OPT_RUN,     /* cfg is filled, go ahead */
	OPT_HELP,    /* --help */
	OPT_VERSION, /* --version */
	OPT_LIST_PHASES, /* --list-phases */
	OPT_ERROR,   /* err holds one line naming the option and the problem */
};

/* Fills cfg with defaults, then applies argv. machine_default is the host
 * name to use without -m (made CSV-safe here). On OPT_ERROR, err (errlen
 * bytes) holds a message without the program name or newline. */
enum opt_result options_parse(int argc, char **argv, const char *machine_default,
                              struct config *cfg, char *err, size_t errlen);

/* Copies name into dst (cap bytes) replacing each comma, each character
 * str_char_unsafe refuses (controls, C1, bidirectional controls, U+2028/9)
 * and each byte that is not UTF-8 with one '_', so it can never break a
 * CSV line, a table row or the JSON, nor reorder what a terminal shows;
 * never cuts a UTF-8 character in half. */
void options_sanitize_name(char *dst, size_t cap, const char *name);

/* A plain decimal (digits, then an optional '.' and digits) into *out;
 * -1 for anything else. Every ratio option reads its value with it. */
int options_decimal(const char *s, double *out);

/* The --help text. */
void options_usage(FILE *out);

#endif
