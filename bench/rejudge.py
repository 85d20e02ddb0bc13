#!/usr/bin/env python3
"""Judges the timelines of stored bonnie JSON results again with this
tree's verdict code (build/bench_rejudge, `make build/bench_rejudge`) and
writes copies with the new verdicts (kind, sentence, window) into OUTDIR,
for tests/verdict_check.py:

    bench/rejudge.py /tmp/rejudged OLD/*.json
    python3 tests/verdict_check.py --strict /tmp/rejudged/*.json

A verdict change is then held against every real run kept, not only the
runs made after it (bench/verdict_truth.sh keeps its JSON in OUT)."""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.environ.get("REJUDGE", os.path.join(ROOT, "build", "bench_rejudge"))


def phase_lines(ph):
    tl = ph["timeline"]
    n = tl["intervals"]
    sync = tl.get("sync")
    p50 = (ph.get("latency_ns") or {}).get("p50") or 0
    dr, dw = tl.get("device_read_bytes"), tl.get("device_write_bytes")
    dev = dr is not None and dw is not None
    out = ["%s %d %d %d %d %d %d %d %d" % (ph["name"], tl["interval_ns"], tl["length_ns"][-1], n, 1 if sync else 0,
                                           sync["length_ns"] if sync else 0, p50,
                                           1 if ph.get("status") == "interrupted" else 0, 1 if dev else 0)]
    for i in range(n):
        out.append("%d %d %d %d %d" % (tl["bytes"][i], tl["operations"][i], tl["latency_max_ns"][i],
                                       dr[i] if dev else 0, dw[i] if dev else 0))
    return out


def main(argv):
    if len(argv) < 2:
        sys.stderr.write("usage: rejudge.py OUTDIR RESULT.json...\n")
        return 2
    os.makedirs(argv[0], exist_ok=True)
    for path in argv[1:]:
        try:
            with open(path) as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            sys.stderr.write("rejudge: %s: %s\n" % (path, e))
            continue
        phs = [ph for run in doc.get("runs", []) for ph in run.get("phases", [])
               if ph.get("timeline") and ph.get("verdict")]
        lines = [l for ph in phs for l in phase_lines(ph)]
        got = subprocess.run([TOOL], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
        rows = [l.split("\t") for l in got.stdout.splitlines()]
        if len(rows) != len(phs):
            sys.stderr.write("rejudge: %s: %d verdicts for %d phases\n" % (path, len(rows), len(phs)))
            return 1
        for ph, (_, kind, window, sentence) in zip(phs, rows):
            ph["verdict"].update(kind=kind, sentence=sentence, window_ns=int(window) or None)
        with open(os.path.join(argv[0], os.path.basename(path)), "w") as f:
            json.dump(doc, f)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
