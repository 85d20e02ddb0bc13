"""The queue-depth part of the independent checker (tests/verdict_check.py
--qd): the profile's depth-gain sentences (a run's queue_depth_gains) and,
with --table, the text table's profile rows, recomputed from each row's own
operations, bytes and elapsed time in the JSON. It shares no code with
bonnie's qd_gain.c: the rule is written here again from bonnie.1 (--qd) and
docs/verdicts.md ("The queue-depth profile's sentences"):

  "RND4K read: 3.7x the IOPS at Q32 as at Q1 (26500 against 7100 IOPS)"
  "RND4K read: Q32 against Q1 is inconclusive: a row is marked (cached)"

A pair is a deeper row and the Q1 row of the same block size and
direction; it is said when both rows ran with a figure, conclusively only
when neither row carries a confidence mark, and then its ratio is the
deeper row's IOPS over the Q1 row's."""
import json
import re

ROW_RE = re.compile(r"^(seq1m|rnd4k)_q(\d+)t1_(read|write)$")
GAIN_RE = re.compile(r"^(SEQ1M|RND4K) (read|write): (\d+\.\d)x the IOPS at Q(\d+) as at Q1 "
                     r"\((\d+) against (\d+) IOPS\)$")
VAGUE_RE = re.compile(r"^(SEQ1M|RND4K) (read|write): Q(\d+) against Q1 is inconclusive: "
                      r"a row is marked \((.+)\)$")
# the mark words of bonnie.1's confidence marks, as the sentence names them
MARK_WORDS = {"short": "under 0.5 s", "few_operations": "few operations", "unstable": "unstable",
              "cached": "cached", "not_evicted": "cache not dropped"}
# in bonnie.1's order (a rate carries the first that applies)
MARKS = {"short": "~", "few_operations": "#", "unstable": "!", "cached": "c", "not_evicted": "?"}
TABLE_RE = re.compile(r"^(SEQ1M|RND4K) Q(\d+)T1 (read|write)\s+(\d+\.\d)([~#!c?]*)\s+(\d+)\s")


class Row:
    def __init__(self, ph, m):
        self.name = ph["name"]
        self.block, self.depth, self.dir = m.group(1), int(m.group(2)), m.group(3)
        ops, ns = ph.get("operations"), ph.get("elapsed_ns")
        self.ran = ph.get("status") == "done" and bool(ops) and bool(ns)
        self.iops = ops * 1e9 / ns if self.ran else None
        self.mib_s = ph.get("bytes", 0) * 1e9 / ns / (1 << 20) if self.ran else None
        self.reasons = ((ph.get("confidence") or {}).get("reasons")) or []


def rows_of(run):
    rows = {}
    for ph in run.get("phases", []):
        m = ROW_RE.match(ph.get("name", ""))
        if m:
            rows[ph["name"]] = Row(ph, m)
    return rows


def near(said, real, abs_tol, rel_tol):
    return abs(said - real) <= abs_tol + rel_tol * abs(real)


def pairs_of(rows):
    """(deep, shallow) for every deeper row whose Q1 row both ran."""
    out = []
    for d in rows.values():
        if d.depth <= 1 or not d.ran:
            continue
        for s in rows.values():
            if s.depth == 1 and s.block == d.block and s.dir == d.dir and s.ran:
                out.append((d, s))
    return out


def judge_gain(g, d, s, bad):
    sent = g.get("sentence", "")
    where = "%s against %s: %r" % (d.name, s.name, sent)
    m, v = GAIN_RE.match(sent), VAGUE_RE.match(sent)
    if not m and not v:
        bad.append("%s: does not parse" % where)
        return
    x = m or v
    if x.group(1) != d.block.upper() or x.group(2) != d.dir or int(x.group(4 if m else 3)) != d.depth:
        bad.append("%s: names another pair" % where)
    marked = d.reasons + s.reasons
    if v:
        if not marked:
            bad.append("%s: says a row is marked, neither row carries a mark" % where)
        else:
            # the deeper row's first reason, else the Q1 row's (bonnie.1's order)
            row = d if d.reasons else s
            first = [w for x, w in MARK_WORDS.items() if x in row.reasons][:1]
            if [v.group(4)] != first:
                bad.append("%s: %s is marked first %s" % (where, row.name, " ".join(first) or "by nothing known"))
        return
    if marked:
        bad.append("%s: conclusive, but a row is marked (%s)" % (where, " ".join(marked)))
    ratio, deep, shallow = float(m.group(3)), int(m.group(5)), int(m.group(6))
    if not near(deep, d.iops, 0.51, 0.001) or not near(shallow, s.iops, 0.51, 0.001):
        bad.append("%s: the rows ran %.1f and %.1f IOPS" % (where, d.iops, s.iops))
    if not near(ratio, d.iops / s.iops, 0.051, 0.001):
        bad.append("%s: the IOPS ratio is %.3f" % (where, d.iops / s.iops))


def check_qd_file(path, out):
    """Returns (sentences, false) over the file's runs."""
    with open(path) as f:
        doc = json.load(f)
    n = nbad = 0
    for k, run in enumerate(doc.get("runs", []), 1):
        rows = rows_of(run)
        gains = run.get("queue_depth_gains") or []
        want = {(d.name, s.name): (d, s) for d, s in pairs_of(rows)}
        bad = []
        said = set()
        for g in gains:
            key = (g.get("deep"), g.get("shallow"))
            said.add(key)
            if key not in want:
                bad.append("a sentence for %s against %s, which is no pair that ran: %r" %
                           (key[0], key[1], g.get("sentence")))
                continue
            judge_gain(g, *want[key], bad)
        for key in want:
            if key not in said:
                bad.append("%s against %s both ran, no sentence says their gain" % key)
        n += len(gains)
        nbad += len(bad)
        for b in bad:
            out.append("%s: run %d: FALSE %s" % (path, k, b))
    return n, nbad


def check_qd_text(text_path, json_path):
    """The text's profile rows and depth-gain lines against the JSON's first
    run: returns (differences, rows read)."""
    with open(json_path) as f:
        run = json.load(f)["runs"][0]
    rows = rows_of(run)
    diffs, nrows, gains = [], 0, []
    with open(text_path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("depth gain, "):
                gains.append(line[len("depth gain, "):])
                continue
            m = TABLE_RE.match(line)
            if not m:
                continue
            nrows += 1
            r = rows.get("%s_q%st1_%s" % (m.group(1).lower(), m.group(2), m.group(3)))
            if r is None or not r.ran:
                diffs.append("text row %r: no such row ran in the JSON" % line)
                continue
            if not near(float(m.group(4)), r.mib_s, 0.051, 0.001):
                diffs.append("text row %r: the row ran %.2f MiB/s" % (line, r.mib_s))
            if not near(int(m.group(6)), r.iops, 0.51, 0.001):
                diffs.append("text row %r: the row ran %.1f IOPS" % (line, r.iops))
            # one mark, the first of bonnie.1's list that applies
            first = [MARKS[x] for x in MARKS if x in r.reasons][:1]
            if m.group(5) != "".join(first):
                diffs.append("text row %r: marked %r, the JSON's reasons are %s" %
                             (line, m.group(5), " ".join(r.reasons) or "none"))
    want = [g.get("sentence") for g in run.get("queue_depth_gains") or []]
    if gains != want:
        diffs.append("the text's depth-gain lines %r are not the JSON's %r" % (gains, want))
    return diffs, nrows
