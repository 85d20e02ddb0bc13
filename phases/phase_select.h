/* --phases NAME,...: which phases run, with the phases they need (and
 * phase_wanted(), phase.h, the test of it). */
#ifndef BONNIE_PHASE_SELECT_H
#define BONNIE_PHASE_SELECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../options/constants.h"

struct config; /* options/config.h: pointers alone here */

/* Turns a comma-separated list of phase names (putc, put_block, ...) into
 * a mask of bits (1 << phase_id), adding what the chosen phases need:
 * block write before anything that reads the data file (rewrite, getc,
 * get_block, seeks), and each file-create phase together with its stat
 * users and its delete phase, which cleans up after it. Returns 0, or -1
 * with one line in err naming the unknown phase. */
int phase_select_parse(const char *list, uint32_t *mask, char *err, size_t errlen);

/* Whether any phase of mask runs under cfg (a data file size bonnie picks
 * later, without -s, counts as one). Returns 0, or -1 with one line in err
 * when the other options skip every phase of the list (--phases putc -f). */
int phase_select_check(const char *list, uint32_t mask, const struct config *cfg, char *err, size_t errlen);

/* mask (0: every phase) less the phases of drop (bits 1 << phase_id):
 * phases nothing else needs (per-char write or read) that bonnie leaves
 * out. */
uint32_t phase_select_without(uint32_t mask, uint32_t drop);

/* Whether cfg asked for any of bonnie++'s phases on the data file
 * (data_file) or of its file tests (!data_file): the blocks of its table
 * and the settings of its CSV line that describe them. A --phases qd run
 * asks for neither, and its table and line showed 4G and 16 files that
 * nothing tested. */
bool phase_select_asks_bonnie(const struct config *cfg, bool data_file);
/* The same of a phase mask as a result records it (0: every phase). */
bool phase_mask_asks_bonnie(uint32_t mask, bool data_file);

#endif
