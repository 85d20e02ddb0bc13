#!/usr/bin/env python3
"""The median of pair ratios and how far it can be trusted.

usage: bench/median_ci.py < LINES

Each line is "label value": one pair's ratio (bonnie over its peer) for
one measure. For each label, in the order first seen, prints the number
of pairs, the median, the spread (smallest-largest) and a 95% bootstrap
interval of the median (4000 resamples, fixed seed: a rerun on the same
numbers prints the same), then whether the interval is narrow enough to
tell a 5% difference (its width under a tenth of the median); under 5
pairs the interval says nothing, and the line says so.
"""
import random
import statistics
import sys


def interval(vals, rounds=4000, seed=1):
    rng = random.Random(seed)
    meds = sorted(statistics.median(rng.choices(vals, k=len(vals))) for _ in range(rounds))
    return meds[int(0.025 * rounds)], meds[int(0.975 * rounds) - 1]


def main():
    by = {}
    for line in sys.stdin:
        t = line.split()
        if len(t) == 2:
            by.setdefault(t[0], []).append(float(t[1]))
    for label, vals in by.items():
        vals.sort()
        head = (f"{label:30s} {len(vals)} pairs  median {statistics.median(vals):.3f}"
                f"  spread {vals[0]:.3f}-{vals[-1]:.3f}")
        if len(vals) < 5:
            print(f"{head}  (too few pairs for an interval)")
            continue
        lo, hi = interval(vals)
        verdict = "resolves" if hi - lo < 0.10 * statistics.median(vals) else "does not resolve"
        print(f"{head}  95% interval {lo:.3f}-{hi:.3f}  ({verdict} 5%)")


if __name__ == "__main__":
    main()
