#!/usr/bin/env python3
"""Pooled pair statistics of bench/blockwrite.sh runs.

usage: bench/pairs_ci.py [--tool bonnie|old] RAW...

RAW files are what blockwrite.sh keeps with BW_KEEP=FILE: one line per run,
"tool pair csv-fields(4) shim-windows(6)". For each pair (the same pair
number in the same file) it takes TOOL against bonnie++, from the shim's
windows: the rate ratio (bytes / wall time) and the CPU ratio (CPU seconds
per byte), for block write (window 1) and rewrite (window 2). Prints per
measure the number of pairs, the median ratio, a 95% bootstrap interval of
that median (4000 resamples, fixed seed, so reruns print the same) and how
many pairs came out at or above 1.0.
"""
import random
import statistics
import sys


def load(path):
    runs = {}
    with open(path) as f:
        for line in f:
            t = line.split()
            if len(t) != 12:
                continue
            runs[(t[0], int(t[1]))] = [float(x) for x in t[6:12]]
    return runs


def ratios(paths, tool):
    out = {"block write rate": [], "block write CPU/byte": [], "rewrite rate": [], "rewrite CPU/byte": []}
    for path in paths:
        runs = load(path)
        for (name, pair), a in runs.items():
            b = runs.get(("bonnie++", pair))
            if name != tool or b is None or min(a[0], a[2], a[3], a[5], b[0], b[2], b[3], b[5]) <= 0:
                continue
            # a, b: wall1 cpu1 bytes1 wall2 cpu2 bytes2
            out["block write rate"].append((a[2] / a[0]) / (b[2] / b[0]))
            out["block write CPU/byte"].append((a[1] / a[2]) / (b[1] / b[2]))
            out["rewrite rate"].append((a[5] / a[3]) / (b[5] / b[3]))
            out["rewrite CPU/byte"].append((a[4] / a[5]) / (b[4] / b[5]))
    return out


def interval(xs, rng):
    meds = sorted(statistics.median(rng.choices(xs, k=len(xs))) for _ in range(4000))
    return meds[100], meds[3899]


def main(argv):
    tool = "bonnie"
    if len(argv) > 1 and argv[0] == "--tool":
        tool, argv = argv[1], argv[2:]
    if not argv:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    rng = random.Random(1)
    print(f"| {tool} / bonnie++ | pairs | median | 95% interval of the median | pairs >= 1.0 |")
    print("|---|---|---|---|---|")
    for name, xs in ratios(argv, tool).items():
        if not xs:
            continue
        lo, hi = interval(xs, rng)
        print(f"| {name} | {len(xs)} | {statistics.median(xs):.3f} | {lo:.3f}-{hi:.3f} | {sum(x >= 1 for x in xs)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
