/* Any JSON document as a tree of nodes over its text: bonnie's one JSON
 * parser, knowing nothing of what a document means. Under it: bonnie's
 * documents' one mapping (json_run.c, which compare's json_parsed_run.c
 * and merge's host_read.c read) and fio's (fio_json.c). Numbers keep their
 * text, so a wall-clock time in ns (past 2^53) reads back exactly. Nodes
 * keep a string's raw text; jt_string gives it decoded by jt_escape. */
#ifndef BONNIE_INPUT_JSON_TREE_H
#define BONNIE_INPUT_JSON_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum jt_kind { JT_NULL, JT_BOOL, JT_NUMBER, JT_STRING, JT_ARRAY, JT_OBJECT };

struct jt_node {
	enum jt_kind kind;
	const char *text, *key; /* the value's text (a string's without quotes; an object's or
	                           array's whole, so a skipped member can be parsed alone), its key */
	size_t len, key_len;
	int first, next;        /* first child, next sibling; -1: none */
};

struct jt {
	struct jt_node *node;   /* node 0 is the document's value */
	size_t n, cap;
};

/* Parses the one value text[0..len) opens with (the text kept alive while t
 * is used), into t; *used is where it ended, or where it failed. The
 * values of members named in skip (a NULL-ended list, or NULL) are checked
 * but not kept: their node stays, emptied, so a reader's memory follows
 * what it reads. 0, or -1 with why (a short phrase; "the document cut
 * short" when the text ended first). */
int jt_parse_part(struct jt *t, const char *text, size_t len, const char *const *skip, size_t *used,
                  const char **why);
/* Parses text (NUL-terminated, kept alive while t is used), which must be
 * one document and blanks; 0, or -1 with why "at byte N" in err. */
int jt_parse(struct jt *t, const char *text, char *err, size_t err_cap);
void jt_free(struct jt *t);

/* Member key of object node, or -1 (also when node is -1 or not an object). */
int jt_get(const struct jt *t, int node, const char *key);
/* Element i of an array, or -1; how many elements (0 for a non-array). */
int jt_at(const struct jt *t, int node, size_t i);
size_t jt_count(const struct jt *t, int node);
/* A number's value (0 for anything else, or -1 node). */
uint64_t jt_u64(const struct jt *t, int node);
/* A count: a number written as digits alone (no sign, fraction or
 * exponent) of at most max, into *v; false for anything else (a string,
 * -5e8, 1e308, one past max), *v then 0. */
bool jt_count_of(const struct jt *t, int node, uint64_t max, uint64_t *v);
double jt_double(const struct jt *t, int node);
/* A string's text, its escapes decoded (jt_escape), into out (cut to fit);
 * "" for anything else. */
void jt_string(const struct jt *t, int node, char *out, size_t cap);
/* A scalar's text: a string's decoded, a number's, true's, false's or
 * null's as written, cut to fit out; false (and "") for a container or -1. */
bool jt_text(const struct jt *t, int node, char *out, size_t cap);
/* A member's key, its escapes decoded, cut to fit; "" for an element. */
void jt_key(const struct jt *t, int node, char *out, size_t cap);

/* The one rule for a JSON string's escape e (the character after its
 * backslash), shared by every reader of a string: the character it stands for in *c ('?' for
 * \uXXXX, which bonnie writes only for a character no report shows as it
 * is), and how many characters follow e (4 for u, else 0); -1 when e
 * escapes nothing. */
int jt_escape(char e, char *c);
bool jt_is(const struct jt *t, int node, enum jt_kind kind);

#endif
