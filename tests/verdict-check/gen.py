#!/usr/bin/env python3
"""Writes the verdict checker's fixtures (tests/verdict_check.py's self-test):
synthetic bonnie JSON results, one phase each, built from the timelines the
issue (33) measured. A file's name says what the checker must answer:
true-* (exit 0), false-* (exit 1), unparsable-* (exit 2); old-* files are
read with --old (main's former grammar) and must be false.

    tests/verdict-check/gen.py [DIR]     (default: this file's directory)
"""
import json
import os
import sys

IV = 100_000_000  # 100 ms intervals
MB = 1_000_000
MIB = 1 << 20


def timeline(rates, op=MIB, stall=None, last=1.0, sync_s=None, files=False):
    """rates: per-interval MB/s (or files/s when files); stall: (index,
    seconds) -- intervals from index that the stall covers have nothing
    done and the interval where it ends has an operation that long."""
    n = len(rates)
    tl = {"interval_ns": IV, "intervals": n, "start_ns": [], "length_ns": [], "bytes": [],
          "operations": [], "latency_p50_ns": [], "latency_p99_ns": [], "latency_max_ns": []}
    for i, r in enumerate(rates):
        ln = IV if i < n - 1 else int(IV * last)
        if files:
            ops = int(r * ln / 1e9)
            b = 0
        else:
            b = int(r * MB * ln / 1e9) // op * op
            ops = b // op
        lat = int(op / (r * MB) * 1e9) if (r and not files) else (int(1e9 / r) if r else 0)
        tl["start_ns"].append(i * IV)
        tl["length_ns"].append(ln)
        tl["bytes"].append(b)
        tl["operations"].append(ops)
        tl["latency_p50_ns"].append(lat)
        tl["latency_p99_ns"].append(lat)
        tl["latency_max_ns"].append(lat)
    if stall:
        add_stall(tl, *stall)
    if sync_s is not None:
        tl["sync"] = {"start_ns": sum(tl["length_ns"]), "length_ns": int(sync_s * 1e9)}
    return tl


def add_stall(tl, at, secs):
    """Intervals from at that a stall of secs covers have nothing done; the
    interval where it ends has an operation that long."""
    k = int(round(secs * 10))
    for j in range(at, at + k):
        tl["bytes"][j] = tl["operations"][j] = 0
        tl["latency_p50_ns"][j] = tl["latency_p99_ns"][j] = tl["latency_max_ns"][j] = 0
    tl["latency_max_ns"][at + k] = int(secs * 1e9)


def result(name, tl, sentence, kind, window_s=1.0, status="done"):
    ph = {"name": name, "status": status, "bytes": sum(tl["bytes"]), "operations": sum(tl["operations"]),
          "timeline": tl,
          "verdict": {"kind": kind, "sentence": sentence,
                      "window_ns": int(window_s * 1e9) if window_s else None}}
    return {"tool": "bonnie", "runs": [{"run": 1, "status": status, "phases": [ph]}]}


def per_window(ws, k=10):
    """Window rates -> per-interval rates (k intervals each)."""
    return [r for r in ws for _ in range(k)]


def fixtures():
    f = {}
    # The block read: 100 ms rates 3x apart between 1 s windows.
    rd = [1045, 195, 138, 271, 300, 250, 220, 260, 240, 230,
          1773, 1408, 1800, 1500, 1600, 1700, 1650, 1550, 1600, 185,
          101, 120, 110, 105, 115, 100, 108, 112, 104, 101]
    tl = timeline(rd)
    f["old-false-steady-0pct"] = result("get_block", tl, "steady (1 s rates within 0%)", "steady")
    f["unparsable-old-steady"] = result("get_block", tl, "steady (1 s rates within 0%)", "steady")
    f["false-steady-3x"] = result("get_block", tl, "steady (30 of 30 0.1 s rates within 0% of their median)", "steady", 0.1)
    # The noisy block read: windows at 1.23, 2.62, 0.77, 0.35 of their
    # median, the first part 3.5x the last.
    ws = [1.23, 2.62, 1.1, 1.0, 1.2, 0.9, 0.77, 0.35, 0.3, 0.36, 0.34, 0.33]
    tl = timeline(per_window([300 * w for w in ws]))
    f["false-noisy-lasting-change"] = result(
        "get_block", tl, "noisy, no lasting change (10 of 12 1 s rates within 70% of their median)", "noisy")
    f["old-false-noisy-but-steady"] = result(
        "get_block", tl, "noisy but steady (1 s rates within 23%, no lasting change)", "noisy")
    # Sequential delete, one window in ten 16% off the rest.
    ws = [1.0, 1.01, 0.99, 1.02, 1.0, 0.98, 1.16, 1.0, 1.01, 0.99]
    rates = per_window([5000 * w for w in ws])
    tl = timeline(rates, files=True)
    f["false-steady-all-within-3"] = result(
        "seq_del", tl, "steady (10 of 10 1 s rates within 3% of their median)", "steady")
    f["true-steady-9-of-10"] = result(
        "seq_del", tl, "steady (9 of 10 1 s rates within 2% of their median)", "steady")
    # The 1 GiB block write: 925, 1040, 1074, 988, 656, 250, 136 ...
    # 150 MiB/s per window of 0.2 s (a 2.6 s phase: 13 windows).
    ws = [925, 1040, 1074, 988, 656, 250, 136, 150, 140, 150, 145, 150, 148]
    tl = timeline(per_window([w * MIB / MB for w in ws], 2))
    f["false-steady-falls"] = result(
        "put_block", tl, "steady (11 of 13 0.2 s rates within 9% of their median)", "steady", 0.2)
    f["old-false-steady-falls"] = result("put_block", tl, "steady (1 s rates within 9%)", "steady")
    f["true-fell-86"] = result(
        "put_block", tl, "fell 85% after 0.9 GiB (1.0 s)", "fell", 0.2)
    f["false-fell-wrong-size"] = result(
        "put_block", tl, "fell 85% after 3.0 GiB (1.0 s)", "fell", 0.2)
    f["false-fell-wrong-pct"] = result(
        "put_block", tl, "fell 40% after 0.9 GiB (1.0 s)", "fell", 0.2)
    # O_DIRECT 4 GiB under a blkio write limit set 2 s in: 950 then 260 MB/s,
    # and a 1.1 s stall at 5.1 s.
    rates = [950] * 20 + [260] * 70
    tl = timeline(rates, stall=(51, 1.1))
    f["false-stall-hides-fall"] = result(
        "put_block", tl, "stalled 1.1 s at 5.1 s (no operation completed)", "stalled")
    f["true-fall-and-stall"] = result(
        "put_block", tl, "fell 73% after 1.8 GiB (2.0 s); stalled 1.1 s at 5.1 s (no operation completed)", "stalled")
    f["false-fall-without-stall"] = result(
        "put_block", tl, "fell 73% after 1.8 GiB (2.0 s)", "fell")
    f["false-stall-wrong-place"] = result(
        "put_block", tl, "fell 73% after 1.8 GiB (2.0 s); stalled 1.1 s at 7.5 s (no operation completed)", "stalled")
    # Five stalls of 1.2 s, 5 s apart: three said, the other two counted
    # (a 4-client sweep level under CPU hogs had 18, and its sentence read
    # as if its first three were all).
    tl = timeline([500] * 300)
    for at in (20, 70, 120, 170, 220):
        add_stall(tl, at, 1.2)
    three = "; ".join("stalled 1.2 s at %.1f s (no operation completed)" % t for t in (2.0, 7.0, 12.0))
    f["true-stalls-past-the-room-counted"] = result("rewrite", tl, three + "; 2 more stalls not listed", "stalled")
    f["false-stalls-past-the-room-unsaid"] = result("rewrite", tl, three, "stalled")
    f["false-stalls-more-than-shown"] = result("rewrite", tl, three + "; 4 more stalls not listed", "stalled")
    # Issue 52: the README sweep's get_block (1-client level, measured)
    # held 2.1 s ending at 3.6 s and then 1.1 s ending at 4.7 s, back to
    # back; the checker measured the second against "the longest operation
    # near it", the first's 2.1 s, and called the true sentence false.
    tl = timeline([500] * 300)
    add_stall(tl, 16, 2.0)
    add_stall(tl, 37, 1.0)
    tl["latency_max_ns"][36] = 2100046548  # as measured
    tl["latency_max_ns"][47] = 1140850687
    f["true-stalls-back-to-back"] = result(
        "get_block", tl, "stalled 2.1 s at 1.5 s (no operation completed); "
        "stalled 1.1 s at 3.6 s (no operation completed)", "stalled")
    # Several clients: nothing completed from 3.6 s to 4.7 s; another
    # client's operation (2.4 s, ending at 5.1 s) ran while others
    # completed: latency, not the stall's length.
    tl = timeline([500] * 300)
    add_stall(tl, 36, 1.1)
    tl["latency_max_ns"][50] = int(2.4e9)
    f["true-stall-beside-a-longer-operation"] = result(
        "get_block", tl, "stalled 1.1 s at 3.6 s (no operation completed)", "stalled")
    f["false-stall-as-the-longer-operation"] = result(
        "get_block", tl, "stalled 2.4 s at 2.6 s (no operation completed)", "stalled")
    # Nothing completed from 1.9 s to 4.7 s, held by an operation of 3.0 s;
    # the one that ended it took 1.2 s. The stall is the 2.8 s with no
    # completion; the old rule said the one operation ("stalled 1.2 s at
    # 3.5 s"), hiding the 1.6 s before it.
    tl = timeline([500] * 300)
    add_stall(tl, 19, 2.8)
    tl["latency_max_ns"][47] = int(1.23e9)
    tl["latency_max_ns"][49] = int(3.0e9)
    f["true-stall-longer-than-the-operation-ending-it"] = result(
        "get_block", tl, "stalled 2.9 s at 1.9 s (no operation completed)", "stalled")
    f["false-stall-said-as-the-operation-ending-it"] = result(
        "get_block", tl, "stalled 1.2 s at 3.5 s (no operation completed)", "stalled")
    # Steady and true.
    ws = [500, 505, 495, 510, 490, 500, 502, 498, 504, 496]
    tl = timeline(per_window(ws))
    f["true-steady"] = result("put_block", tl, "steady (10 of 10 1 s rates within 2% of their median)", "steady")
    f["false-steady-too-few"] = result("put_block", tl, "steady (6 of 10 1 s rates within 2% of their median)", "steady")
    # A slow final flush (9.35 s after 10 s of writing).
    tl = timeline(per_window(ws), sync_s=9.35)
    f["false-flush-unsaid"] = result("put_block", tl, "steady (10 of 10 1 s rates within 2% of their median)", "steady")
    f["true-flush"] = result(
        "put_block", tl, "steady (10 of 10 1 s rates within 2% of their median); then the final flush took 9.3 s", "steady")
    f["false-flush-wrong"] = result(
        "put_block", tl, "steady (10 of 10 1 s rates within 2% of their median); then the final flush took 2.0 s", "steady")
    # Interrupted after 1.2 s.
    tl = timeline([500] * 12)
    f["false-interrupted-as-short"] = result(
        "put_block", tl, "too short to judge (1.2 s of operations)", "too short", None, "interrupted")
    f["true-interrupted"] = result("put_block", tl, "interrupted after 1.2 s", "interrupted", None, "interrupted")
    # A 1.5 s phase that falls 85% halfway.
    tl = timeline([800] * 7 + [120] * 8)
    f["false-short-hides-fall"] = result(
        "put_block", tl, "too short to judge (1.5 s of operations)", "too short", None)
    f["true-short-but-fell"] = result(
        "put_block", tl, "too short to judge (1.5 s of operations), but fell 85% after 0.5 GiB (0.7 s)", "too short", None)
    tl = timeline([800] * 7 + [120] * 8, sync_s=2.04)
    f["true-short-but-fell-flush"] = result(
        "put_block", tl, "too short to judge (1.5 s of operations), but fell 85% after 0.5 GiB (0.7 s); "
        "then the final flush took 2.0 s", "too short", None)
    f["false-short-flush-wrong"] = result(
        "put_block", timeline([800] * 15, sync_s=2.04), "too short to judge (1.5 s of operations); then the final flush took 0.5 s", "too short", None)
    tl = timeline([800] * 15)
    f["true-short"] = result("put_block", tl, "too short to judge (1.5 s of operations)", "too short", None)
    # A real 1.0 s queue-depth write (10 intervals and a 14 ms scrap): the
    # halves by interval count, the second holding the odd one, differ by
    # 30%; the halves without the middle interval would differ by 79%.
    tl = timeline([310, 2620, 2730, 100, 940, 420, 520, 1680, 7760, 2310, 770], last=0.136)
    f["true-short-odd-interval-in-the-second-half"] = result(
        "put_block", tl, "too short to judge (1.0 s of operations)", "too short", 0.1)
    f["false-short-long-phase"] = result(
        "put_block", timeline([800] * 40), "too short to judge (4.0 s of operations)", "too short", None)
    # A 3 s phase that falls 85% called steady.
    ws = [800, 800, 800, 800, 800, 800, 800, 120, 120, 120, 120, 120, 120, 120, 120]
    tl = timeline(per_window(ws, 2))
    f["false-short-fall-steady"] = result(
        "put_block", tl, "steady (8 of 15 0.2 s rates within 0% of their median)", "steady", 0.2)
    f["unparsable-garbage"] = result("put_block", tl, "steady-ish, mostly", "steady", 0.2)
    # Every third second at 4x the rest: a spread of 300%, said as a multiple;
    # a spread of 33% said as a multiple is no bound (a rate below the median
    # can be further from it than 1.33x says).
    tl = timeline(per_window([100, 100, 400] * 4))
    f["true-noisy-spread-as-a-multiple"] = result(
        "get_block", tl, "noisy, no lasting change (12 of 12 1 s rates at most 4.00x their median)", "noisy")
    tl = timeline(per_window([100, 133, 100] * 4))
    f["false-noisy-multiple-under-100pct"] = result(
        "get_block", tl, "noisy, no lasting change (12 of 12 1 s rates at most 1.33x their median)", "noisy")
    # A block write that fell while a dd beside it on the same disk wrote:
    # the devices wrote its bytes while fast, three times them after.
    ws = [925, 1040, 1074, 988, 656, 250, 136, 150, 140, 150, 145, 150, 148]
    tl = timeline(per_window([w * MIB / MB for w in ws], 2))
    tl["device_write_bytes"] = [b if i < 10 else 3 * b for i, b in enumerate(tl["bytes"])]
    tl["device_read_bytes"] = [0] * len(tl["bytes"])
    f["false-write-cache-beside-another-writer"] = result(
        "put_block", tl, "fell 85% after 0.9 GiB (1.0 s): a write cache filled?", "fell", 0.2)
    f["true-other-io-beside-another-writer"] = result(
        "put_block", tl, "fell 85% after 0.9 GiB (1.0 s): the device was busy with other I/O", "fell", 0.2)
    tl = dict(tl, device_write_bytes=list(tl["bytes"]))
    f["true-write-cache-alone"] = result(
        "put_block", tl, "fell 85% after 0.9 GiB (1.0 s): a write cache filled?", "fell", 0.2)
    f["false-other-io-alone"] = result(
        "put_block", tl, "fell 85% after 0.9 GiB (1.0 s): the device was busy with other I/O", "fell", 0.2)
    # ... and as it was beside a dd on this VM: the devices wrote nothing of
    # it until the final flush
    tl = dict(tl, device_write_bytes=[0] * len(tl["bytes"]))
    f["false-write-cache-nothing-written"] = result(
        "put_block", tl, "fell 85% after 0.9 GiB (1.0 s): a write cache filled?", "fell", 0.2)
    f["true-not-the-devices"] = result(
        "put_block", tl, "fell 85% after 0.9 GiB (1.0 s): not the devices (they wrote under half of its data after it)",
        "fell", 0.2)
    # Warm-up: the first 2 s at half the rest.
    tl = timeline(per_window([250, 250] + [500] * 10))
    f["true-warm-up"] = result("put_block", tl, "first 2.0 s at 50% of the rest (warm-up)", "warm-up")
    f["false-warm-up-pct"] = result("put_block", tl, "first 2.0 s at 90% of the rest (warm-up)", "warm-up")
    f["false-rose-from-nothing-from-half"] = result(
        "put_block", tl, "rose from nothing after 0.5 GiB (2.0 s)", "rose")
    # From nothing: a phase whose first 0.6 s completed nothing (2 of ten
    # 0.3 s windows), then ran steady. Any rise from nothing is a change
    # (docs/verdicts.md, rule 3): "steady" beside it is false.
    tl = timeline(per_window([0, 0] + [500] * 8, 3))
    f["true-warm-up-from-nothing"] = result(
        "get_block", tl, "first 0.6 s at 0% of the rest (warm-up)", "warm-up", 0.3)
    f["false-steady-beside-a-rise-from-nothing"] = result(
        "get_block", tl, "steady (8 of 10 0.3 s rates within 0% of their median)", "steady", 0.3)
    # A fall to nothing for 0.6 s (no stall: under 1 s), then half the rate:
    # the rise has no percent of nothing.
    tl = timeline(per_window([800] * 3 + [0] * 2 + [400] * 5, 3))
    f["true-rose-from-nothing"] = result(
        "get_block", tl, "fell 100% after 684.0 MiB (0.9 s); rose from nothing after 684.0 MiB (1.5 s)", "fell", 0.3)
    f["false-rose-pct-from-nothing"] = result(
        "get_block", tl, "fell 100% after 684.0 MiB (0.9 s); rose 50% after 684.0 MiB (1.5 s)", "fell", 0.3)
    # A fall beside a bump (check_verdict.c's a_change_is_not_lost_to_a_try,
    # a per-char read's bytes per 100 ms): bonnie's tries to place a second
    # change lost the fall and said "noisy, no lasting change". What it says
    # now, "fell 34% after 2.1 MiB (2.0 s)", the checker finds true but
    # incomplete (a fall of 32% at 4.2 s measured without the dip after the
    # first, which bonnie measures with it: the two detectors' margin).
    got = [114810, 110491, 109729, 116605, 126892, 55622, 48309, 48570, 51794, 54625, 175925, 159763,
           175347, 153207, 160251, 101816, 104593, 94071, 110932, 109058, 75589, 78421, 80492, 71244,
           70001, 47914, 47839, 54796, 53576, 47212, 69348, 71804, 77053, 74638, 78543, 152279,
           138406, 129356, 132916, 142684, 72978, 63626, 61615, 61230, 70382, 72088, 67980, 73924,
           67125, 71879, 62152, 59508, 65714, 60996, 64336, 77840, 70104, 76268, 71663, 72055]
    tl = timeline([b * 10 / MB for b in got], op=1)
    f["false-noisy-beside-a-fall"] = result(
        "getc", tl, "noisy, no lasting change (8 of 10 0.6 s rates within 30% of their median)", "noisy", 0.6)
    return f


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    for name, doc in fixtures().items():
        with open(os.path.join(out, name + ".json"), "w") as fh:
            json.dump(doc, fh, separators=(",", ":"))
            fh.write("\n")


if __name__ == "__main__":
    main()
