/* The phase interface. A phase measures and fills a phase_result; it never
 * prints. The runner (runner.c) owns the clock around run(), the cache
 * eviction before reads, and the device counters. */
#ifndef BONNIE_PHASE_H
#define BONNIE_PHASE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../options/config.h"
#include "../../lib/pattern.h"
#include "client_part.h"
#include "results.h"

#define DATA_FILE "data"

struct file_plan; /* file-test state, files.h */
struct env_counters; /* whose I/O counters to read, env/env.h */
struct env_zfs;      /* where the ARC's counters are, env/zfs.h */
struct timeline;     /* lib/timeline.h */
struct run_timelines; /* results.h */

/* The files of one kind (sequential or random) in a time-based level,
 * shared by its clients: taken counts the files claimed from the level's
 * pool (file_plan.cap, the same in every client: one claim per file made,
 * also by a top-up), files and clients what each client's create made. */
struct files_made {
	_Atomic uint64_t taken;
	_Atomic uint64_t files;
	_Atomic uint32_t clients;
	uint32_t expected;         /* the clients of the level: a top-up waits for all their creates */
	_Atomic uint64_t aim;      /* the files the level's delete should find in all
	                              (files_delete_aim), set by the parent; 0: the mean */
};

/* Everything a phase may touch. One per client: no globals. */
/* Where this process's operation loops end a pass early (io_common.h):
 * the runner's deadline, and in a client of a time-based level the
 * clients' stonewall. Per instance, never a global: a client sets its own. */
/* A client's turns in a stonewalled phase (phase_stop_requested): it
 * gives up the CPU after each WALL_TURN_NS of work. */
struct wall_turns {
	uint64_t since_ns;         /* the turn's start (CLOCK_MONOTONIC); 0: none yet */
	bool lined;                /* this client is past the phase's start line (phase_start_line) */
};

struct phase_end {
	uint64_t deadline_ns;      /* CLOCK_MONOTONIC; 0: none */
	_Atomic uint64_t *wall;    /* the clients' shared stonewall word (client_sync.h), or NULL */
	bool wall_armed;           /* a stonewalled phase runs: the word ends it */
	struct wall_turns *turns;  /* the client's turn-taking, or NULL (not a client) */
	atomic_uint *line;         /* the clients past the start line (client_sync.h), or NULL */
	uint32_t line_n;           /* ... all of them: the level's clients */
};

struct phase_ctx {
	const struct config *cfg;  /* the run's, the same in every client */
	struct part part;          /* what this instance does (client_part.h): the
	                              whole run's, or one client's share */
	int dirfd;                 /* the scratch directory */
	const char *dirpath;       /* its path, for messages */
	struct pattern *pat;       /* the data written and verified */
	size_t mem_align;          /* buffer alignment (direct I/O needs it) */
	uint64_t data_size;        /* bytes in the data file once block write ran */
	struct file_plan *files;
	const struct env_counters *counters; /* the tested device's I/O counters, or NULL */
	const struct env_zfs *zfs; /* a ZFS dataset's pool and ARC (env/zfs.h), or NULL */
	struct timeline *timeline;  /* the running phase's recorder, or NULL: none */
	struct run_timelines *timelines; /* where each finished phase's goes, or NULL */
	uint64_t until_ns;         /* set by a client of a time-based level (--level-time): a
	                              PHASE_REPEATS phase runs whole passes until this
	                              CLOCK_MONOTONIC time has passed; 0: one pass */
	uint64_t gate_ns;          /* set by a client: when the last of the clients reached the
	                              phase's start gate (client_sync_gate), the start of its
	                              timed region; 0: its own clock's reading */
	struct files_made *made;   /* a client of a time-based level: what the clients' creates
	                              made, [0] sequential, [1] random (the clients' shared
	                              mapping); NULL: not a client */
	struct phase_end end;      /* the deadline and stonewall of the running phase */
	uint32_t pass;             /* which pass of the phase runs: 0, then 1, 2... (a write pass
	                              after the first overwrites the data file in place) */
};

enum phase_flag {
	PHASE_DIRECT = 1u << 1,     /* honours -D */
	PHASE_REPEATS = 1u << 2,    /* a pass may run again (time-based levels), cut at the
	                               deadline: it rewrites in place or rereads the same data,
	                               so the disk use stays that of one pass */
	PHASE_WHOLE_FIRST = 1u << 3, /* its first pass makes the data file: never cut */
	PHASE_STONEWALL = 1u << 4,  /* one pass that, in a time-based level, ends at the
	                               deadline or once any client has done all its work
	                               (phase_stonewall_raise): the creates and deletes */
};

struct phase {
	enum phase_id id;
	unsigned flags;
	bool (*enabled)(const struct config *cfg);
	/* Optional untimed preparation (making directories, shuffling). */
	int (*prepare)(struct phase_ctx *ctx, struct phase_result *res);
	/* The timed region. Returns 0, or -1 with res->error set. Sets
	 * res->status to PHASE_INTERRUPTED itself if it stopped on a signal. */
	int (*run)(struct phase_ctx *ctx, struct phase_result *res);
	/* Optional untimed tidying after a run that completed (removing the
	 * file tests' directories): its cost is in no rate. Returns 0, or -1
	 * with res->error set and res->status PHASE_FAILED. */
	int (*finish)(struct phase_ctx *ctx, struct phase_result *res);
};

#define PHASE_DECLARE(id, name, title, words, group, unit, sym, block, col, chart, flags, needs, shape) extern const struct phase phase_##sym;
PHASES(PHASE_DECLARE)
#undef PHASE_DECLARE

/* The descriptors in pipeline order, indexed by enum phase_id. */
extern const struct phase *const phase_table[PHASE_COUNT];

/* Whether ph runs under cfg: its options enable it and --phases, when
 * given, chose it (interface/phase_wanted.c). The one test
 * of it: the runner, the client sweep and the file phases all ask here. */
bool phase_wanted(const struct config *cfg, const struct phase *ph);

#endif
