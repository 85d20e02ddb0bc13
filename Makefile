# bonnie: hand-written Makefile. `make`, `make check` (the fast tier),
# `make check-full` (the slow tier), `make sanitize`,
# `make phase-test` (a dummy phase through every output under ASan),
# `make install PREFIX=... DESTDIR=...`, `make clean`.

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man/man1
BUILD   ?= build
CFLAGS  ?= -O2 -g
WERROR  ?= -Werror

# Project flags live apart from CFLAGS so `make CFLAGS=...` cannot drop them.
WARNFLAGS := -std=c11 -Wall -Wextra -Wpedantic $(WERROR)
DEFS      := -D_XOPEN_SOURCE=700 -D_FILE_OFFSET_BITS=64
ALLCFLAGS  = $(WARNFLAGS) $(DEFS) $(CFLAGS) $(EXTRA_CFLAGS) -pthread -MMD -MP
LIBS      := -pthread -lm

# TEST_PHASE=1 (make phase-test) appends phases/test_phase.c's dummy phase
# to the list; no other build has it.
TEST_PHASE_SRC := phases/test_phase.c
ifneq ($(TEST_PHASE),)
DEFS += -DBONNIE_TEST_PHASE
endif

LIB_SRCS    := $(wildcard lib/*.c)
# The rooms between lib/ and phases/, each on lib/ alone (docs/architecture.md).
ROOM_SRCS   := $(wildcard env/*.c options/*.c scratch/*.c verdict/*.c)
PHASE_SRCS  := $(filter-out $(TEST_PHASE_SRC),$(wildcard phases/*.c phases/*/*.c)) $(if $(TEST_PHASE),$(TEST_PHASE_SRC))
REPORT_SRCS := $(wildcard report/*.c report/*/*.c)
INPUT_SRCS  := $(wildcard input/*.c)
CORE_SRCS   := $(LIB_SRCS) $(ROOM_SRCS) $(PHASE_SRCS) $(REPORT_SRCS) $(INPUT_SRCS)
TEST_SRCS   := $(wildcard tests/check_*.c tests/util_*.c)

CORE_OBJS := $(CORE_SRCS:%.c=$(BUILD)/%.o)
MAIN_OBJ  := $(BUILD)/bonnie.o
CMD_SRCS  := $(wildcard cmd/*.c)
CMD_OBJS  := $(CMD_SRCS:%.c=$(BUILD)/%.o)
TEST_OBJS := $(TEST_SRCS:%.c=$(BUILD)/%.o)

BIN      := $(BUILD)/bonnie
TEST_BIN := $(BUILD)/check_bonnie

.PHONY: all check check-prereqs check-run check-full check-full-run sanitize-extra golden golden-update sanitize phase-test install uninstall clean deps bench bench-blockwrite bench-check fuzz valgrind

all: bonnie

# Replaced by rename, so a ./bonnie that is running is not in the way.
bonnie: $(BIN)
	cp $(BIN) $@.tmp && mv -f $@.tmp $@

$(BIN): $(MAIN_OBJ) $(CMD_OBJS) $(CORE_OBJS)
	$(CC) $(ALLCFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -c -o $@ $<

# The unit tests need the check library; its flags are only asked for here
# (after tests/deps.sh made sure it is installed).
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell pkg-config --libs check 2>/dev/null)

$(BUILD)/tests/%.o: tests/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) $(CHECK_CFLAGS) -c -o $@ $<

# cmd/ has no main() (bonnie.c holds it), so its objects link here too.
# tests/check_compare_scale.c counts the calls of the functions wrapped here.
TEST_WRAPS := -Wl,--wrap=compare_phase_shown
$(TEST_BIN): $(TEST_OBJS) $(CMD_OBJS) $(CORE_OBJS)
	$(CC) $(ALLCFLAGS) $(LDFLAGS) $(TEST_WRAPS) -o $@ $^ $(CHECK_LIBS) $(LIBS)

# Synthetic sweep and compare reports for tests/html.sh.
$(BUILD)/html_sample: $(BUILD)/tests/html_sample.o $(CORE_OBJS)
	$(CC) $(ALLCFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

# The golden-output harness (tests/golden.c, tests/golden.sh): fixed
# synthetic runs through every output, and compare in every format, diffed
# against tests/golden/expected/. make golden-update rewrites expected/.
$(BUILD)/golden: $(BUILD)/tests/golden.o $(BUILD)/tests/util_synth.o $(CORE_OBJS)
	$(CC) $(ALLCFLAGS) $(LDFLAGS) -o $@ $^ $(CHECK_LIBS) $(LIBS)

golden: $(BIN) $(BUILD)/golden
	BONNIE=$(abspath $(BIN)) GOLDEN=$(abspath $(BUILD)/golden) tests/golden.sh

golden-update: $(BIN) $(BUILD)/golden
	BONNIE=$(abspath $(BIN)) GOLDEN=$(abspath $(BUILD)/golden) tests/golden.sh --update

deps:
	@tests/deps.sh

# LD_PRELOAD fault injector for tests/faults.sh and tests/signals.sh. Built
# without $(CFLAGS) so sanitizer flags never reach it (it must load ahead of
# the ASan runtime; tests/lib.sh sets verify_asan_link_order=0). glibc only.
SHIM := $(BUILD)/faultshim.so
$(SHIM): tests/faultshim.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -Wall -Wextra -Wpedantic $(WERROR) -O2 -shared -fPIC -o $@ $< -ldl

# LD_PRELOAD shim with share-like directory listings for tests/dirlist.sh
# (built the same way, for the same reasons).
LISTSHIM := $(BUILD)/listshim.so
$(LISTSHIM): tests/listshim.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -Wall -Wextra -Wpedantic $(WERROR) -O2 -shared -fPIC -o $@ $< -ldl

# Runs a command with one system call failed by a seccomp filter
# (tests/qd.sh): built as the shims, no sanitizer flags.
SECCOMP_EXEC := $(BUILD)/seccomp_exec
$(SECCOMP_EXEC): tests/seccomp_exec.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -Wall -Wextra -Wpedantic $(WERROR) -O2 -o $@ $<

# Two tiers (README "Testing", bonnie.1 TESTING). make check is the fast
# one, what a newcomer and every commit run: the unit suites for the logic,
# then each path of the binary once end to end. make check-full is the
# slow, real-world one (.ci/run runs both): repeated runs, injected faults
# and signals at many points, full disks, client sweeps and their
# signals, real shares, cgroup throttles, scheduled multi-host runs and
# merges, and the corpora's CR LF and flattened variants. Where a fast
# suite has a slow part, the fast tier runs it once and the slow tier the
# rest: alignprobe.sh one run of each kind there, two more here (three in
# all, as before the split); smoke.sh 4096 files in 16 directories there,
# 65536 here (SMOKE_FILES=64).
#
# Each shell suite ends with "NAME: N passed, N failed, N skipped" and adds
# that to the tier's tally, whose sum is the tier's last line
# (tests/tally.sh). A skipped case fails make check (tests/deps.sh
# installs what it needs); make check-full counts it, and fails on it
# too with NO_SKIP=1 (as .ci/run runs it).
SUITE_ENV = BONNIE=$(abspath $(BIN)) BUILD_DIR=$(abspath $(BUILD)) TEST_TALLY=$(abspath $(BUILD))/$@.tally
CHECK_PREREQS := $(BIN) $(TEST_BIN) $(SHIM) $(LISTSHIM) $(SECCOMP_EXEC) $(BUILD)/html_sample $(BUILD)/golden

# The build first, on both cores (-j2; the suites then run one at a time).
check-prereqs: $(CHECK_PREREQS)

check: deps
	@$(MAKE) --no-print-directory -j2 check-prereqs
	@$(MAKE) --no-print-directory check-run

check-full: deps
	@$(MAKE) --no-print-directory -j2 check-prereqs
	@$(MAKE) --no-print-directory check-full-run

# The steps that test no code of the build under test (the tree's
# structure, a syntax check, tests/deps.sh, make install of build/): make
# sanitize (SANITIZED=1) names them and leaves them to make check, which
# runs them on the same tree.
PLAIN_ONLY = $(if $(SANITIZED),@echo "(make check runs this; it tests nothing of the ASan build):",)

check-run: $(CHECK_PREREQS)
	@rm -f $(BUILD)/$@.tally
	$(PLAIN_ONLY) tests/structure.sh
	$(PLAIN_ONLY) tests/circles.py $(BUILD)
	@# the test build's dummy phase still compiles against today's phase API
	$(PLAIN_ONLY) $(CC) $(WARNFLAGS) $(DEFS) -DBONNIE_TEST_PHASE -fsyntax-only $(TEST_PHASE_SRC)
	CK_DEFAULT_TIMEOUT=120 BONNIE=$(abspath $(BIN)) $(TEST_BIN)
	BONNIE=$(abspath $(BIN)) GOLDEN=$(abspath $(BUILD)/golden) tests/golden.sh
	$(PLAIN_ONLY) $(SUITE_ENV) tests/deps_table.sh
	$(SUITE_ENV) tests/smoke.sh
	$(SUITE_ENV) tests/compat.sh
	$(SUITE_ENV) tests/json.sh
	$(SUITE_ENV) tests/cpu.sh
	$(SUITE_ENV) tests/html.sh
	$(SUITE_ENV) tests/devices.sh
	$(SUITE_ENV) ZFS_QUICK=1 tests/zfs.sh
	$(SUITE_ENV) RUNS=1 tests/alignprobe.sh
	$(PLAIN_ONLY) $(SUITE_ENV) MAKE="$(MAKE)" tests/install.sh
	$(SUITE_ENV) tests/blockedwrite.sh
	$(SUITE_ENV) tests/hostile.sh
	$(SUITE_ENV) tests/reportfiles.sh
	$(SUITE_ENV) tests/dirlist.sh
	$(SUITE_ENV) tests/fsizelimit.sh
	$(SUITE_ENV) tests/filedirs.sh
	$(SUITE_ENV) tests/treeplace.sh
	$(SUITE_ENV) tests/docs.sh
	$(SUITE_ENV) tests/compare.sh
	$(SUITE_ENV) tests/names.sh
	$(SUITE_ENV) tests/compare_corpus.sh
	$(SUITE_ENV) CORPUS=tests/compare-heldout tests/compare_corpus.sh
	$(SUITE_ENV) CORPUS=tests/compare-kinds tests/compare_corpus.sh
	$(SUITE_ENV) CORPUS=tests/compare-unseen tests/compare_corpus.sh
	$(SUITE_ENV) CORPUS=tests/compare-fresh tests/compare_corpus.sh
	$(SUITE_ENV) CORPUS=tests/compare-fourth tests/compare_corpus.sh
	$(SUITE_ENV) CORPUS=tests/compare-heldout VARIANT=crlf tests/compare_corpus.sh
	$(SUITE_ENV) CORPUS=tests/compare-heldout VARIANT=flat tests/compare_corpus.sh
	$(SUITE_ENV) CORPUS=tests/compare-unseen VARIANT=crlf tests/compare_corpus.sh
	$(SUITE_ENV) CORPUS=tests/compare-fresh VARIANT=crlf tests/compare_corpus.sh
	$(SUITE_ENV) CORPUS=tests/compare-fourth VARIANT=crlf tests/compare_corpus.sh
	$(SUITE_ENV) CORPUS=tests/compare-fourth VARIANT=flat tests/compare_corpus.sh
	$(SUITE_ENV) CORPUS=tests/compare-fifth tests/compare_corpus.sh
	$(SUITE_ENV) tests/compare_qd.sh
	$(SUITE_ENV) CORPUS=tests/compare-fifth VARIANT=crlf tests/compare_corpus.sh
	$(SUITE_ENV) CORPUS=tests/compare-fifth VARIANT=flat tests/compare_corpus.sh
	$(SUITE_ENV) VARIANT=crlf tests/compare_qd.sh
	$(SUITE_ENV) VARIANT=flat tests/compare_qd.sh
	$(SUITE_ENV) CORPUS=tests/compare-sixth tests/compare_corpus.sh
	$(SUITE_ENV) CORPUS=tests/compare-sixth VARIANT=crlf tests/compare_corpus.sh
	$(SUITE_ENV) CORPUS=tests/compare-sixth VARIANT=flat tests/compare_corpus.sh
	$(SUITE_ENV) CORPUS=tests/compare-qd-sixth tests/compare_qd.sh
	$(SUITE_ENV) CORPUS=tests/compare-qd-sixth VARIANT=crlf tests/compare_qd.sh
	$(SUITE_ENV) CORPUS=tests/compare-qd-sixth VARIANT=flat tests/compare_qd.sh
	$(SUITE_ENV) CORPUS=tests/compare-qd-seventh tests/compare_qd.sh
	$(SUITE_ENV) CORPUS=tests/compare-qd-seventh VARIANT=crlf tests/compare_qd.sh
	$(SUITE_ENV) CORPUS=tests/compare-qd-seventh VARIANT=flat tests/compare_qd.sh
	$(SUITE_ENV) CORPUS=tests/compare-eighth tests/compare_corpus.sh
	$(SUITE_ENV) CORPUS=tests/compare-eighth VARIANT=crlf tests/compare_corpus.sh
	$(SUITE_ENV) CORPUS=tests/compare-eighth VARIANT=flat tests/compare_corpus.sh
	$(SUITE_ENV) tests/qd.sh
	$(SUITE_ENV) tests/like.sh
	$(SUITE_ENV) tests/merge_input.sh
	@tests/tally.sh check $(BUILD)/$@.tally

# its suites count a skip rather than fail on it (tests/lib.sh)
check-full-run: export ALLOW_SKIP := 1
# FAULTS_UNDER_SAN=1 (.ci/run): the fault and signal suites are left to
# make sanitize, which runs them under ASan+UBSan in the same CI run (a
# sanitizer finds what matters there: the cleanup paths), so CI runs them
# once, not twice; the line names them.
SAN_RUNS = $(if $(FAULTS_UNDER_SAN),@echo "(make sanitize runs this under ASan+UBSan):",)
check-full-run: $(CHECK_PREREQS)
	@rm -f $(BUILD)/$@.tally
	$(SUITE_ENV) tests/repeat.sh
	$(SUITE_ENV) RUNS=2 tests/alignprobe.sh
	$(SUITE_ENV) SMOKE_FILES=64 tests/smoke.sh
	$(SAN_RUNS) $(SUITE_ENV) tests/faults.sh
	$(SAN_RUNS) $(SUITE_ENV) tests/signals.sh
	$(SUITE_ENV) tests/fulldisk.sh
	$(SUITE_ENV) tests/compare_evidence.sh
	$(SUITE_ENV) tests/compare_real.sh
	$(SUITE_ENV) tests/fleet.sh
	$(SUITE_ENV) tests/clients.sh
	$(SAN_RUNS) $(SUITE_ENV) tests/clientsig.sh
	$(SUITE_ENV) tests/overlap.sh
	$(SUITE_ENV) tests/stonewall.sh
	$(SUITE_ENV) tests/shares.sh
	$(SUITE_ENV) tests/btrfs.sh
	$(SUITE_ENV) tests/zfs.sh
	$(SUITE_ENV) tests/timeline.sh
	$(SUITE_ENV) tests/verdict_check.sh
	$(SUITE_ENV) tests/schedule.sh
	$(SUITE_ENV) tests/hosts.sh
	$(SUITE_ENV) tests/merge.sh
	$(SUITE_ENV) tests/merge_ns.sh
	$(SUITE_ENV) tests/readme.sh
	$(SUITE_ENV) tests/like_default.sh
	@NO_SKIP=$(NO_SKIP) tests/tally.sh check-full $(BUILD)/$@.tally

# The unit tests and the fast tier's suites of the binary (PLAIN_ONLY
# above), and the suites where a sanitizer finds what matters most
# (injected faults and signals: the cleanup paths), under AddressSanitizer
# and UndefinedBehaviorSanitizer. Its skips are counted, not failed: an
# ASan build cannot run the address-space limit (ulimit -v) cases, which
# make check runs on the plain build.
SAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
SAN_ENV   := ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
sanitize: deps
	@$(MAKE) --no-print-directory -j2 BUILD=build-san CFLAGS="$(SAN_FLAGS)" LDFLAGS="$(SAN_FLAGS)" check-prereqs
	@$(SAN_ENV) ALLOW_SKIP=1 $(MAKE) --no-print-directory BUILD=build-san SANITIZED=1 CFLAGS="$(SAN_FLAGS)" LDFLAGS="$(SAN_FLAGS)" check-run sanitize-extra

sanitize-extra: $(CHECK_PREREQS)
	@rm -f $(BUILD)/$@.tally
	$(SUITE_ENV) tests/faults.sh
	$(SUITE_ENV) tests/signals.sh
	$(SUITE_ENV) tests/clientsig.sh
	@tests/tally.sh sanitize-extra $(BUILD)/$@.tally

# A dummy phase appended to PHASES(X) (phases/test_phase.c), built under
# ASan+UBSan into build-phase/, run through every output: table, CSV, JSON,
# --share, HTML, -x, --clients and compare in every format
# (tests/phase_test.sh). A sanitizer report, a failed exit or an output
# that lists every phase without it fails.
phase-test:
	@$(MAKE) --no-print-directory BUILD=build-phase TEST_PHASE=1 CFLAGS="$(SAN_FLAGS)" LDFLAGS="$(SAN_FLAGS)" \
		build-phase/bonnie
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		BONNIE=$(abspath build-phase/bonnie) tests/phase_test.sh

# libFuzzer targets (clang) over the option, size and mountinfo parsers and
# the space arithmetic and compare's reader of pasted results, FUZZ_SECONDS
# shared out among them, each starting from the committed seed corpus.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_FLAGS   := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_DIR     := build-fuzz
fuzz_options_SRCS   := fuzz/fuzz_options.c options/options.c options/options_values.c lib/units.c lib/str.c lib/reportfile.c lib/signals.c lib/limit_reason.c \
	lib/wallclock.c lib/qdio.c lib/uring.c lib/qdio_threads.c lib/qdio_sync.c
fuzz_mountinfo_SRCS := fuzz/fuzz_mountinfo.c env/mountinfo.c env/netshare.c lib/str.c
fuzz_sizing_SRCS    := fuzz/fuzz_sizing.c phases/sizing/sizing.c phases/interface/client_part.c lib/units.c lib/operr.c lib/limit_reason.c lib/str.c
# compare's reader and report reach the view (report/model/), which reaches
# most of the core: the whole core, as the unit tests link it, rather than a
# list that broke each time the view grew (it did, unnoticed, after the view
# took the JSON's and merge's facts)
fuzz_compare_SRCS   := fuzz/fuzz_compare.c $(CORE_SRCS)
FUZZ_TARGETS := fuzz_options fuzz_mountinfo fuzz_sizing fuzz_compare
FUZZ_EACH    := $$(( $(FUZZ_SECONDS) / $(words $(FUZZ_TARGETS)) ))

fuzz:
	@mkdir -p $(FUZZ_DIR)
	@for t in $(FUZZ_TARGETS); do \
		case $$t in fuzz_options) srcs="$(fuzz_options_SRCS)";; fuzz_mountinfo) srcs="$(fuzz_mountinfo_SRCS)";; \
			fuzz_sizing) srcs="$(fuzz_sizing_SRCS)";; fuzz_compare) srcs="$(fuzz_compare_SRCS)";; esac; \
		$(FUZZ_CC) $(WARNFLAGS) $(DEFS) $(FUZZ_FLAGS) -o $(FUZZ_DIR)/$$t $$srcs $(LIBS) || exit 1; \
		mkdir -p $(FUZZ_DIR)/corpus-$$t; \
		echo "fuzz: $$t for $(FUZZ_EACH) s"; \
		$(FUZZ_DIR)/$$t -max_total_time=$(FUZZ_EACH) -print_final_stats=1 \
			-artifact_prefix=$(FUZZ_DIR)/$$t- $(FUZZ_DIR)/corpus-$$t fuzz/corpus/$${t#fuzz_} \
			2>$(FUZZ_DIR)/$$t.log || { tail -n 40 $(FUZZ_DIR)/$$t.log; exit 1; }; \
		grep -E 'stat::number_of_executed_units' $(FUZZ_DIR)/$$t.log; \
	done

# The unit tests and a small end-to-end run under valgrind memcheck: any
# error or leak fails.
VALGRIND := valgrind --quiet --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect \
	--errors-for-leak-kinds=definite,indirect --track-fds=no
valgrind: deps
	@$(MAKE) --no-print-directory $(BIN) $(TEST_BIN)
	CK_FORK=no BONNIE=$(abspath $(BIN)) $(VALGRIND) $(TEST_BIN)
	d=$$(mktemp -d) && $(VALGRIND) $(BIN) -d $$d -s 2m:4k:200:3 -f64k -n 1:2k:0:2 -x 2 -q --verify --html $$d/out.html \
		--json $$d/out.json >/dev/null 2>&1; rc=$$?; rm -rf $$d; [ $$rc -eq 0 ] || { echo "valgrind run failed ($$rc)"; exit 1; }

# Side-by-side ratios against bonnie++ and fio (not part of check): bench/README.md.
bench: $(BIN)
	bench/run.sh
	$(MAKE) --no-print-directory BUILD=build-notl EXTRA_CFLAGS=-DBONNIE_NO_TIMELINE build-notl/bonnie
	bench/timeline_cost.sh $(abspath $(BIN)) $(abspath build-notl/bonnie)

# bench/'s own tools against known answers (not part of check: bonnie's
# tests never depend on bench/): the window shim, content_cost,
# pairs_ci.py, the knee program and benchlib.py's parsers and arithmetic.
bench-check: $(BIN) $(BUILD)/bench_knee
	BONNIE=$(abspath $(BIN)) KNEE_BIN=$(abspath $(BUILD)/bench_knee) CC="$(CC)" bench/tests/tools.sh
	BONNIE=$(abspath $(BIN)) bench/tests/benchlib.sh

# bench/knee.c: bonnie's sweep knee rule (report/model/sweep_model.c) on another
# tool's per-count figures, for bench/dbench_sweep.sh and bench/shares.sh.
$(BUILD)/bench_knee: $(BUILD)/bench/knee.o $(CORE_OBJS)
	$(CC) $(ALLCFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

# bench/rejudge.c: the verdict of this tree on timelines stored in JSON
# results (bench/rejudge.py), for tests/verdict_check.py.
$(BUILD)/bench_rejudge: $(BUILD)/bench/rejudge.o $(CORE_OBJS)
	$(CC) $(ALLCFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

# Block write and rewrite against bonnie++ only, in interleaved pairs
# (bench/blockwrite.sh; BW_PAIRS, BW_SIZE in MiB, BW_DIR, BW_OLD=another bonnie).
bench-blockwrite: $(BIN)
	bench/blockwrite.sh $(abspath $(BIN))

install: bonnie
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)
	install -m 755 bonnie $(DESTDIR)$(BINDIR)/bonnie
	install -m 644 bonnie.1 $(DESTDIR)$(MANDIR)/bonnie.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/bonnie $(DESTDIR)$(MANDIR)/bonnie.1

clean:
	rm -rf build build-san build-phase build-fuzz build-nolat build-musl build-clang build-gcc build-notl build-bench build-vg bonnie

-include $(CORE_OBJS:.o=.d) $(MAIN_OBJ:.o=.d) $(CMD_OBJS:.o=.d) $(TEST_OBJS:.o=.d) $(BUILD)/tests/html_sample.d \
	$(BUILD)/tests/golden.d $(BUILD)/bench/knee.d $(BUILD)/bench/rejudge.d
