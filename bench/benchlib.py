#!/usr/bin/env python3
"""Helpers for bench/run.sh: turn tool output into results, results into tables.

    benchlib.py record TSV SET PAIR TOOL KIND FILE
        Parse FILE and append "set pair tool metric value" rows to TSV.
        KIND: csv (bonnie/bonnie++ -q stdout), bjson (bonnie --json),
        fio (fio --output-format=json), time (/usr/bin/time -v -o),
        perchar (bench/perchar_timing stdout).
    benchlib.py unmet TSV
        Print the groups (A, B, D, O, M) holding a goal that was not met,
        one per line, so run.sh knows what to profile.
    benchlib.py report TSV META COMMANDS PROFILES OUT_MD
        Print the tables and write OUT_MD (docs/benchmarks.md).

Ratios are always bonnie / peer computed pair by pair (the two runs of a
pair ran next to each other), then the median of those pair ratios; the
medians of each side are shown beside them. Python 3 standard library only.
"""

import json
import os
import re
import statistics
import sys

NOT_MEASURED = "+++++"


def phase_list():
    """The rows of the `bonnie --list-phases` output that bench/run.sh puts
    in BONNIE_PHASE_LIST (name, title, unit, rate, %CPU and latency field
    numbers, words, group; tab-separated), in pipeline order."""
    text = os.environ.get("BONNIE_PHASE_LIST", "")
    rows = []
    for line in text.splitlines():
        cols = line.split("\t")
        if len(cols) != 8:
            die("BONNIE_PHASE_LIST: bad line %r (bench/run.sh sets it from bonnie --list-phases)" % line)
        rows.append(cols)
    if not rows:
        die("BONNIE_PHASE_LIST is empty (bench/run.sh sets it from bonnie --list-phases)")
    return rows


def csv_fields():
    """0-based CSV index of each phase's rate -> phase name (a phase
    bonnie++'s CSV has no place for, the queue-depth profile's, shows '-')."""
    return {int(cols[3]): cols[0] for cols in phase_list() if cols[3] != "-"}


def phase_title(name):
    """A phase in the words bonnie's own reports use ("block write")."""
    for cols in phase_list():
        if cols[0] == name:
            return cols[6]
    die("phase %r is not in BONNIE_PHASE_LIST" % name)


def die(msg):
    sys.stderr.write("benchlib: %s\n" % msg)
    sys.exit(1)


# ---------------------------------------------------------------- record

def parse_csv(path):
    lines = [l.strip() for l in open(path, encoding="utf-8", errors="replace") if l.startswith("1.98,")]
    if not lines:
        die("%s: no CSV line of format 1.98" % path)
    f = lines[-1].split(",")
    if len(f) != 50:
        die("%s: CSV line has %d fields, not 50" % (path, len(f)))
    out = []
    for idx, name in csv_fields().items():
        for key, val in ((name, f[idx]), (name + "_cpu_csv", f[idx + 1])):
            if val == "":
                continue
            if val.startswith("++"):
                out.append((key, NOT_MEASURED))
            else:
                try:
                    out.append((key, float(val)))
                except ValueError:
                    die("%s: field %s is %r" % (path, key, val))
    return out


def parse_bjson(path):
    try:
        d = json.load(open(path, encoding="utf-8"))
    except (OSError, ValueError) as e:
        die("%s: not a bonnie JSON document: %s" % (path, e))
    out = []
    for run in d.get("runs", []):
        for p in run.get("phases", []):
            st = p.get("status")
            if st == "not_run":
                continue
            if st != "done":
                die("%s: phase %s is %s" % (path, p.get("name"), st))
            name = p["name"]
            el, cpu = p.get("elapsed_ns"), p.get("cpu_ns")
            if el:
                out.append((name + "_elapsed_ns", float(el)))
                if cpu is not None:
                    out.append((name + "_cpu_ns", float(cpu)))
                    out.append((name + "_cpu", 100.0 * cpu / el))
            for k in ("rate_kib_s", "rate_seeks_s", "rate_files_s"):
                if k in p:
                    out.append((name + "_rate_json", float(p[k])))
            if "rate_unsynced_kib_s" in p:
                out.append((name + "_rate_unsynced", float(p["rate_unsynced_kib_s"])))
            if "sync_ns" in p:
                out.append((name + "_sync_ns", float(p["sync_ns"])))
            dev = p.get("device") or {}
            if "cached" in dev:  # bonnie's own page-cache judgement (its "c" mark)
                out.append((name + "_cached", 1.0 if dev["cached"] else 0.0))
            ops = p.get("operations", (p.get("latency_ns") or {}).get("count"))
            if ops is not None:
                out.append((name + "_ops", float(ops)))
        break  # one run per invocation here
    return out


def parse_fio(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    start = text.find("{")
    if start < 0:
        die("%s: no JSON in fio output" % path)
    try:
        d = json.loads(text[start:])
    except ValueError as e:
        die("%s: bad fio JSON: %s" % (path, e))
    jobs = d.get("jobs", [])
    if not jobs:
        die("%s: fio reported no jobs" % path)
    ios = 0
    kib = 0
    cpu_weighted = 0.0
    max_rt = 0
    for j in jobs:
        if j.get("error", 0) != 0:
            die("%s: fio job %s error %s" % (path, j.get("jobname"), j.get("error")))
        rt = 0
        for dd in ("read", "write"):
            s = j.get(dd, {})
            if s.get("io_bytes", 0) > 0:
                ios += s.get("total_ios", 0)
                kib += s["io_bytes"] / 1024.0
                rt = max(rt, s.get("runtime", 0))
        cpu_weighted += (j.get("usr_cpu", 0.0) + j.get("sys_cpu", 0.0)) * rt
        max_rt = max(max_rt, rt)
    if max_rt <= 0:
        die("%s: fio did no I/O" % path)
    secs = max_rt / 1000.0
    return [("bw_kib", kib / secs), ("iops", ios / secs), ("cpu", cpu_weighted / max_rt),
            ("runtime_ms", float(max_rt)), ("ios", float(ios))]


def parse_time(path):
    out = []
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.strip()
        m = re.match(r"Maximum resident set size \(kbytes\): (\d+)", line)
        if m:
            out.append(("rss_kib", float(m.group(1))))
        m = re.match(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (.*)", line)
        if m:
            secs = 0.0
            for part in m.group(1).split(":"):
                secs = secs * 60 + float(part)
            out.append(("wall_s", secs))
    if not any(k == "rss_kib" for k, _ in out):
        die("%s: no 'Maximum resident set size' line" % path)
    return out


def parse_perchar(path):
    out = []
    for line in open(path, encoding="utf-8"):
        f = line.split()
        if len(f) == 6 and f[0] == "result" and f[1] == "clock":
            out.append(("clock_ns_per_call", float(f[3])))
        elif len(f) == 6 and f[0] == "result":
            out.append((f[1] + "_ns_per_byte", float(f[3])))
            out.append((f[1] + "_ratio", float(f[5])))
    if not out:
        die("%s: no result lines" % path)
    return out


def cmd_record(args):
    if len(args) != 6:
        die("record TSV SET PAIR TOOL KIND FILE")
    tsv, sset, pair, tool, kind, path = args
    parsers = {"csv": parse_csv, "bjson": parse_bjson, "fio": parse_fio, "time": parse_time,
               "perchar": parse_perchar}
    if kind not in parsers:
        die("unknown kind %s" % kind)
    rows = parsers[kind](path)
    with open(tsv, "a", encoding="utf-8") as f:
        for k, v in rows:
            f.write("%s\t%s\t%s\t%s\t%s\n" % (sset, pair, tool, k, v))


# ---------------------------------------------------------------- results

class Results:
    def __init__(self, path):
        self.d = {}
        for line in open(path, encoding="utf-8"):
            s, p, t, k, v = line.rstrip("\n").split("\t")
            val = v if v == NOT_MEASURED else float(v)
            self.d.setdefault((s, t, k), {})[int(p)] = val

    def series(self, s, t, k):
        return self.d.get((s, t, k), {})

    def has(self, s, t, k):
        return (s, t, k) in self.d


def med(vals):
    return statistics.median(vals) if vals else None


def numeric(vals):
    return [v for v in vals if v != NOT_MEASURED]


def fmt_num(v, unit=""):
    if v is None:
        return "n/a"
    if v == NOT_MEASURED:
        return NOT_MEASURED
    if abs(v) >= 100:
        s = "{:,.0f}".format(v)
    elif abs(v) >= 10:
        s = "%.1f" % v
    else:
        s = "%.2f" % v
    return s + unit


def fmt_rate(v, unit):
    """KiB/s shown as MiB/s above 10 MiB/s, so the columns stay readable.
    bench's own text: it formats medians over several tools' runs, figures
    no bonnie output holds; bonnie's own figures are read as numbers."""
    if v is None or v == NOT_MEASURED:
        return fmt_num(v)
    if unit == "KiB/s" and v >= 10240:
        return fmt_num(v / 1024.0, " MiB/s")
    return fmt_num(v, " " + unit)


class Row:
    """One comparison: bonnie's series against a peer's, pair by pair."""

    def __init__(self, res, label, a, b, unit, goal=None, invert=False, group="", cpu=None,
                 note="", cpu_is_pct=True):
        self.label, self.unit, self.goal, self.group, self.note = label, unit, goal, group, note
        self.res, self.a_key = res, a
        sa, sb = res.series(*a), res.series(*b)
        self.a_vals = [sa[p] for p in sorted(sa)]
        self.b_vals = [sb[p] for p in sorted(sb)]
        self.pairs = sorted(set(sa) & set(sb))
        self.a_med = med(numeric(self.a_vals))
        self.b_med = med(numeric(self.b_vals))
        self.unmeasured_b = sum(1 for v in self.b_vals if v == NOT_MEASURED)
        self.ratios = []
        for p in self.pairs:
            x, y = sa[p], sb[p]
            if x == NOT_MEASURED or y == NOT_MEASURED or not y:
                continue
            self.ratios.append(y / x if invert else x / y)
        self.ratio = med(self.ratios)
        # CPU: bonnie's %CPU and the peer's, medians; goal bonnie <= peer
        self.cpu = None
        if cpu:
            ca, cb = res.series(*cpu[0]), res.series(*cpu[1])
            va, vb = numeric(ca.values()), numeric(cb.values())
            self.cpu = (med(va), med(vb), cpu[2] if len(cpu) > 2 else True)
            # CPU seconds per GiB moved: %CPU / rate; independent of how fast each side ran
            self.cpu_per_gib = None
            if self.unit == "KiB/s" and cpu_is_pct and va and vb and self.a_med and self.b_med:
                self.cpu_per_gib = (self.cpu[0] / 100.0 * 1048576.0 / self.a_med,
                                    self.cpu[1] / 100.0 * 1048576.0 / self.b_med)

    def status(self):
        if self.goal is None:
            return "info"
        if self.ratio is None:
            return "n/a"
        return "met" if self.ratio >= self.goal else "NOT met"

    def cpu_status(self):
        if not self.cpu or not self.cpu[2] or self.cpu[0] is None or self.cpu[1] is None:
            return None
        return "met" if self.cpu[0] <= self.cpu[1] else "NOT met"

    def ratio_text(self):
        if self.ratio is None:
            if self.b_vals and self.unmeasured_b == len(self.b_vals):
                return "%s (bonnie++ could not measure: phase under 0.5 s)" % NOT_MEASURED
            return "n/a"
        s = "%.3f" % self.ratio
        if len(self.ratios) > 1:
            s += " [%.3f-%.3f]" % (min(self.ratios), max(self.ratios))
        if self.unmeasured_b:
            s += " (%d of %d peer runs %s)" % (self.unmeasured_b, len(self.b_vals), NOT_MEASURED)
        return s

    def why(self):
        """A measured reason for a missed goal, from this run's numbers."""
        out = []
        if self.status() == "NOT met" and self.ratios:
            above = sum(1 for r in self.ratios if r >= self.goal)
            if above:
                out.append("%d of %d pairs reached %.2f (pair ratios %s): the gap is inside this "
                           "machine's run-to-run noise" % (above, len(self.ratios), self.goal,
                                                          ", ".join("%.3f" % r for r in self.ratios)))
            else:
                out.append("every pair is below %.2f (pair ratios %s)" %
                           (self.goal, ", ".join("%.3f" % r for r in self.ratios)))
            own = numeric(self.a_vals)
            if len(own) > 1 and min(own) > 0 and max(own) / min(own) > 2:
                out.append("bonnie's own rate for this phase ranged %s to %s %s between pairs (%.1fx), "
                           "more than the gap to the peer" % (fmt_num(min(own)), fmt_num(max(own)), self.unit,
                                                               max(own) / min(own)))
            if self.unit == "files/s":
                sset, tool, ph = self.a_key
                el = self.res.series(sset, tool, ph + "_elapsed_ns")
                cpu = self.res.series(sset, tool, ph + "_cpu_ns")
                sy = self.res.series(sset, tool, ph + "_sync_ns")
                if el and cpu:
                    parts = ["%.2f s (CPU %.2f s%s)" % (el[p] / 1e9, cpu.get(p, 0) / 1e9,
                                                        (", sync %.2f s" % (sy[p] / 1e9)) if p in sy else "")
                             for p in sorted(el)]
                    cpu_share = sum(cpu.get(p, 0) for p in el) / max(1.0, sum(el.values()))
                    out.append("bonnie's phase took %s in the successive pairs; CPU time is %.0f%% of the "
                               "elapsed time, so the time went %s" % (
                                   ", ".join(parts), 100 * cpu_share,
                                   "to CPU work (the profiles below show how much of it is in the kernel "
                                   "and how much in bonnie's own code), not to waiting for the disk"
                                   if cpu_share > 0.7
                                   else "mostly to waiting (for the disk or the journal)"))
            peer = numeric(self.b_vals)
            if len(peer) > 1 and min(peer) > 0 and max(peer) / min(peer) > 2:
                out.append("the peer's ranged %s to %s %s (%.1fx)" % (fmt_num(min(peer)), fmt_num(max(peer)),
                                                                      self.unit, max(peer) / min(peer)))
            if self.cpu and getattr(self, "cpu_per_gib", None):
                ca, cb = self.cpu_per_gib
                out.append("CPU per GiB moved: bonnie %.3f s, peer %.3f s (%s)" %
                           (ca, cb, "bonnie spends less CPU per byte, so the gap is not bonnie's code"
                            if ca <= cb else "bonnie spends %.0f%% more CPU per byte" % ((ca / cb - 1) * 100)))
        if self.status() == "NOT met":
            out += getattr(self, "extra_why", [])
        if self.cpu_status() == "NOT met":
            ca, cb = self.cpu[0], self.cpu[1]
            s = "%%CPU bonnie %.1f vs peer %.1f" % (ca, cb)
            if getattr(self, "cpu_per_gib", None) and self.status() != "NOT met":
                pa, pb = self.cpu_per_gib
                s += "; per GiB moved bonnie %.3f s vs peer %.3f s CPU%s" % (
                    pa, pb, " (bonnie's %CPU is higher because it finishes sooner)" if pa <= pb else "")
            out.append(s)
        return out


def overhead_extras(res, r, ph, clock_ns):
    ca = res.series("O", "bonnie", ph + "_cpu_ns")
    cb = res.series("O", "bonnie-nolat", ph + "_cpu_ns")
    cr = [ca[p] / cb[p] for p in sorted(set(ca) & set(cb)) if cb[p]]
    r.cpu_ratio = cr
    ops = numeric(res.series("O", "bonnie", ph + "_ops").values())
    el = numeric(res.series("O", "bonnie-nolat", ph + "_elapsed_ns").values())
    r.ops = med(ops) if ops else None
    r.predicted = None
    if ops and el and clock_ns is not None and med(el):
        r.predicted = 100.0 * med(ops) * clock_ns / med(el)
    extra = []
    if cr:
        extra.append("CPU time with/without recording %.3f [%.3f-%.3f]" % (med(cr), min(cr), max(cr)))
    if r.predicted is not None:
        extra.append("the clock reads themselves predict %.2f%% (%s operations x %.1f ns / %.0f ms)" %
                     (r.predicted, fmt_num(r.ops), clock_ns, med(el) / 1e6))
    r.extra_why = extra


def overhead_cells(r):
    cr = getattr(r, "cpu_ratio", [])
    return [r.label, fmt_rate(r.a_med, r.unit), fmt_rate(r.b_med, r.unit), r.ratio_text(),
            ("ratio >= %.2f" % r.goal) if r.goal is not None else "-", r.status(),
            ("%.3f [%.3f-%.3f]" % (med(cr), min(cr), max(cr))) if cr else "n/a",
            fmt_num(getattr(r, "ops", None)),
            ("%.2f%%" % r.predicted) if getattr(r, "predicted", None) is not None else "n/a"]


OVERHEAD_HEADER = ["phase", "with recording (median)", "compiled out (median)",
                   "ratio with/without: median [min-max of pairs]", "goal", "result",
                   "CPU time with/without", "timed operations", "predicted overhead"]


def md_table(header, rows):
    widths = [len(h) for h in header]
    for r in rows:
        for i, c in enumerate(r):
            widths[i] = max(widths[i], len(c))
    def line(cells):
        return "| " + " | ".join(c.ljust(widths[i]) for i, c in enumerate(cells)) + " |"
    out = [line(header), "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    out += [line(r) for r in rows]
    return "\n".join(out)


def row_cells(r):
    cells = [r.label, fmt_rate(r.a_med, r.unit), fmt_rate(r.b_med, r.unit), r.ratio_text(),
             ("ratio >= %.2f" % r.goal) if r.goal is not None else "-", r.status()]
    if r.cpu:
        ca, cb, _ = r.cpu
        cs = r.cpu_status()
        cells += [fmt_num(ca), fmt_num(cb), cs if cs else "-"]
    else:
        cells += ["-", "-", "-"]
    return cells


ROW_HEADER = ["comparison", "bonnie (median)", "peer (median)", "ratio bonnie/peer: median [min-max of pairs]",
              "goal", "result", "bonnie %CPU", "peer %CPU", "%CPU <= peer"]


# ---------------------------------------------------------------- the comparisons

def build(res):
    """Returns [(section title, intro text, [Row])] for everything measured."""
    sections = []
    A, B, C, D, F, O = "A", "B", "C", "D", "F", "O"

    # 1. per-char
    rows = []
    for ph in ("putc", "getc"):
        rows.append(Row(res, "%s (%s) vs bonnie++" % (phase_title(ph), ph), (C, "bonnie", ph),
                        (C, "bonnie++", ph), "KiB/s", goal=1.0, group=C,
                        cpu=((C, "bonnie", ph + "_cpu_csv"), (C, "bonnie++", ph + "_cpu_csv"), False)))
    sections.append(("1. Per-char write and read vs bonnie++ (set C)",
                     "Both tools make one write(2)/read(2) per byte over the same per-char size, "
                     "on a small data file (the other phases run too but are not compared here); "
                     "bonnie has its full latency recording on (one sample per chunk of calls) and "
                     "--no-evict, as bonnie++ reads the page cache. CSV fields 9 (putc) and 15 (getc). "
                     "These phases are pure system-call cost, so they follow the load other tenants put "
                     "on the 2 CPUs; the set has more, shorter pairs for that reason.", rows))

    # 2. block
    rows = []
    for ph in ("put_block", "rewrite", "get_block"):
        rows.append(Row(res, "%s vs bonnie++ (bonnie --no-evict; both read from the page cache)" % phase_title(ph),
                        (A, "bonnie", ph), (A, "bonnie++", ph), "KiB/s", goal=1.0, group=A,
                        cpu=((A, "bonnie", ph + "_cpu_csv"), (A, "bonnie++", ph + "_cpu_csv"))))
    rows.append(Row(res, "block write vs fio --rw=write (buffered, end_fsync=1)", (B, "bonnie", "put_block"),
                    (B, "fio-write", "bw_kib"), "KiB/s", goal=0.95, group=B,
                    cpu=((B, "bonnie", "put_block_cpu"), (B, "fio-write", "cpu"))))
    rows.append(Row(res, "block read vs fio --rw=read (buffered; bonnie evicts, fio --invalidate=1)",
                    (B, "bonnie", "get_block"), (B, "fio-read", "bw_kib"), "KiB/s", goal=0.95, group=B,
                    cpu=((B, "bonnie", "get_block_cpu"), (B, "fio-read", "cpu"))))
    rows.append(Row(res, "(info) block read vs fio's first read of its new file (bonnie's first read is its rewrite)",
                    (B, "bonnie", "get_block"), (B, "fio-read-first", "bw_kib"), "KiB/s", group=B,
                    cpu=((B, "bonnie", "get_block_cpu"), (B, "fio-read-first", "cpu"), False)))
    rows.append(Row(res, "(info) block write vs fio --rw=write in set A (next to bonnie --no-evict)",
                    (A, "bonnie", "put_block"), (A, "fio-write", "bw_kib"), "KiB/s", group=A,
                    cpu=((A, "bonnie", "put_block_cpu"), (A, "fio-write", "cpu"), False)))
    rows.append(Row(res, "block read vs fio --rw=read from the page cache (bonnie --no-evict, fio --pre_read=1)",
                    (A, "bonnie", "get_block"), (A, "fio-read-cached", "bw_kib"), "KiB/s", goal=0.95, group=A,
                    cpu=((A, "bonnie", "get_block_cpu"), (A, "fio-read-cached", "cpu"))))
    rows.append(Row(res, "block write vs fio --rw=write --direct=1 (bonnie -D)", (D, "bonnie", "put_block"),
                    (D, "fio-write-direct", "bw_kib"), "KiB/s", goal=0.95, group=D,
                    cpu=((D, "bonnie", "put_block_cpu"), (D, "fio-write-direct", "cpu"))))
    rows.append(Row(res, "block read vs fio --rw=read --direct=1 (bonnie -D)", (D, "bonnie", "get_block"),
                    (D, "fio-read-direct", "bw_kib"), "KiB/s", goal=0.95, group=D,
                    cpu=((D, "bonnie", "get_block_cpu"), (D, "fio-read-direct", "cpu"))))
    rows.append(Row(res, "(info) block read vs fio's first --direct=1 read of its new file (bonnie -D)",
                    (D, "bonnie", "get_block"), (D, "fio-read-direct-first", "bw_kib"), "KiB/s", group=D,
                    cpu=((D, "bonnie", "get_block_cpu"), (D, "fio-read-direct-first", "cpu"), False)))
    sections.append(("2. Block write, rewrite and block read vs bonnie++ and fio (sets A, B, D)",
                     "Same directory, file size and chunk on both sides; every write side ends with "
                     "fsync inside the timed region (bonnie and bonnie++ always, fio through "
                     "--end_fsync=1). %CPU against bonnie++: both CSV integers; against fio: bonnie's "
                     "JSON (cpu_ns/elapsed_ns) and fio's usr_cpu+sys_cpu. bonnie's block read is the "
                     "second read of its file (its rewrite reads it first); fio reads its new file "
                     "twice and the second read is compared, the first is shown as (info).", rows))

    # 3. seeks
    rows = [
        Row(res, "seeks/s vs bonnie++ (same seeks, workers, chunk; both from the page cache)",
            (A, "bonnie", "seeks"), (A, "bonnie++", "seeks"), "seeks/s", group=A,
            cpu=((A, "bonnie", "seeks_cpu_csv"), (A, "bonnie++", "seeks_cpu_csv"), False)),
        Row(res, "seeks/s vs fio --rw=randread --numjobs=<workers> (both start with the file evicted)",
            (B, "bonnie", "seeks"), (B, "fio-randread", "iops"), "seeks/s", group=B,
            cpu=((B, "bonnie", "seeks_cpu"), (B, "fio-randread", "cpu"), False)),
    ]
    sections.append(("3. Random seeks vs bonnie++ and fio (sets A, B)",
                     "No goal was set. bonnie's and bonnie++'s seeks write back 1 chunk in 10 "
                     "(read, change, write); fio's randread only reads, so fio does ~10% less I/O "
                     "per operation. bonnie++ counts %CPU once per seek process (it can exceed "
                     "100% on 2 cores); bonnie counts process CPU once.", rows))

    # 4. files
    rows = []
    for ph in ("seq_create", "seq_stat", "seq_del", "ran_create", "ran_stat", "ran_del"):
        rows.append(Row(res, "%s (%s)" % (phase_title(ph), ph), (F, "bonnie", ph), (F, "bonnie++", ph),
                        "files/s", goal=1.0, group=F,
                        cpu=((F, "bonnie", ph + "_cpu_csv"), (F, "bonnie++", ph + "_cpu_csv"), False)))
    sections.append(("4. File create / read / delete vs bonnie++ (set F)",
                     "Same -n on both sides (CSV fields 26, 28, 30, 32, 34, 36). bonnie++ ends "
                     "create and delete phases with a global sync(); bonnie with syncfs() of the "
                     "tested file system only. bonnie++ prints +++++ for any phase under 0.5 s.", rows))

    # 5. overhead of latency recording (full / compiled out), and --verify cost
    clock_ns = None
    ck = numeric(res.series("P", "perchar_timing", "clock_ns_per_call").values())
    if ck:
        clock_ns = med(ck)
    rows = []
    for ph, goal in (("putc", 0.95), ("put_block", 0.98), ("rewrite", 0.98), ("getc", 0.95),
                     ("get_block", 0.98), ("seeks", None), ("seq_create", None), ("seq_stat", None),
                     ("seq_del", None), ("ran_create", None), ("ran_stat", None), ("ran_del", None)):
        if not res.has(O, "bonnie", ph):
            continue
        unit = "files/s" if ph.startswith(("seq", "ran")) else ("seeks/s" if ph == "seeks" else "KiB/s")
        r = Row(res, "%s (%s)" % (phase_title(ph), ph), (O, "bonnie", ph), (O, "bonnie-nolat", ph), unit,
                goal=goal, group=O)
        overhead_extras(res, r, ph, clock_ns)
        rows.append(r)
    sections.append(("5. Cost of per-operation latency recording (set O)",
                     "bonnie against the same sources built with -DBONNIE_NO_LATENCY (op_timer "
                     "compiled out: no clock read, no histogram insert per operation), same options, "
                     "--no-evict so reads come from the page cache and the CPU cost is as visible as "
                     "it can be. Ratio = rate with recording / rate without (below 1 is the cost); "
                     "goal: overhead <= 2%% on block phases (ratio >= 0.98), <= 5%% on per-char "
                     "(ratio >= 0.95). Also shown: the phase's CPU time with / without (median of "
                     "pairs), the number of timed operations, and the overhead predicted from "
                     "them: operations x the cost of one clock_gettime(CLOCK_MONOTONIC) "
                     "measured by bench/perchar_timing (%s ns here; the histogram insert is not "
                     "counted) / the phase time without recording." %
                     (("%.1f" % clock_ns) if clock_ns is not None else "n/a"), rows, "overhead"))

    rows = []
    for ph in ("rewrite", "get_block", "getc"):
        if res.has(O, "bonnie-verify", ph):
            rows.append(Row(res, "%s: --verify vs without" % phase_title(ph), (O, "bonnie-verify", ph),
                            (O, "bonnie", ph), "KiB/s", group=O,
                            cpu=((O, "bonnie-verify", ph + "_cpu_ns"), (O, "bonnie", ph + "_cpu_ns"), False)))
    sections.append(("5b. Throughput cost of --verify (set O)",
                     "bonnie --verify against bonnie, same options (--no-evict: reads come from the "
                     "page cache, so the cost of checking is not hidden behind the device). "
                     "Ratio < 1 is the cost. CPU columns: median CPU ns of the phase.", rows))
    return [(sec[0], sec[1], sec[2], sec[3] if len(sec) > 3 else "std") for sec in sections]


def perchar_section(res):
    s = res.series("P", "perchar_timing", "per_call_ratio")
    if not s:
        return None
    ns = {m: res.series("P", "perchar_timing", m + "_ns_per_byte") for m in ("none", "per_call", "per_chunk")}
    rows = []
    for m, what in (("none", "no clock in the loop"), ("per_call", "clock_gettime after every 1-byte write"),
                    ("per_chunk", "clock_gettime once per 8 KiB chunk (bonnie)")):
        r = res.series("P", "perchar_timing", m + "_ratio")
        rows.append([what, fmt_num(med(list(ns[m].values()))), "%.4f" % med(list(r.values())),
                     "%+.1f%%" % ((med(list(r.values())) - 1) * 100)])
    return md_table(["loop", "ns per byte (median)", "time / no-clock time (median of rounds)", "cost"], rows)


def memory_section(res):
    tools = ["bonnie", "bonnie++", "fio"]
    rows = []
    got = False
    for t in tools:
        r1 = res.series("M", t + "-1g", "rss_kib")
        r4 = res.series("M", t + "-4g", "rss_kib")
        if not r1 and not r4:
            continue
        got = True
        a = max(r1.values()) if r1 else None
        b = max(r4.values()) if r4 else None
        grow = (b - a) if a is not None and b is not None else None
        rows.append([t, fmt_num(a, " KiB"), fmt_num(b, " KiB"),
                     ("%+.0f KiB" % grow) if grow is not None else "n/a"])
    if not got:
        return None, None
    r1 = res.series("M", "bonnie-1g", "rss_kib")
    r4 = res.series("M", "bonnie-4g", "rss_kib")
    status = None
    if r1 and r4:
        a, b = max(r1.values()), max(r4.values())
        status = ("met" if b - a <= 1024 else "NOT met", a, b)
    return md_table(["tool", "max RSS, 1 GiB file", "max RSS, 4 GiB file", "growth"], rows), status


def cached_words(res, s, tool, phase):
    """Whether tool's phase read the page cache in set s, as bonnie's JSON
    said it (device.cached per run), never guessed from the sizes here."""
    runs = res.series(s, tool, phase + "_cached")
    if not runs:
        return "no page-cache figure in bonnie's JSON"
    cached = sum(1 for v in runs.values() if v == 1.0)
    if cached == len(runs):
        return "page cache in every run, by bonnie's JSON"
    return "page cache in %d of %d runs, by bonnie's JSON" % (cached, len(runs))


def honesty_section(res):
    rows = []
    be = res.series("B", "bonnie", "get_block")
    fd = res.series("B", "fio-read-direct-1m", "bw_kib")
    bn = res.series("A", "bonnie", "get_block")
    bp = res.series("A", "bonnie++", "get_block")
    if not be:
        return None
    def ratio(a, b):
        rs = [a[p] / b[p] for p in sorted(set(a) & set(b))
              if a[p] != NOT_MEASURED and b[p] != NOT_MEASURED and b[p]]
        if not rs:
            return "n/a" if not b or any(v != NOT_MEASURED for v in b.values()) else \
                "%s (bonnie++ could not measure)" % NOT_MEASURED
        return "%.3f [%.3f-%.3f]" % (med(rs), min(rs), max(rs)) if len(rs) > 1 else "%.3f" % rs[0]
    rows.append(["bonnie block read, default (file evicted before the read; %s), set B"
                 % cached_words(res, "B", "bonnie", "get_block"),
                 fmt_rate(med(numeric(be.values())), "KiB/s"), "1"])
    if fd:
        rows.append(["fio --direct=1 --rw=read --bs=1m of a file of the same size, same pair (set B)",
                     fmt_rate(med(numeric(fd.values())), "KiB/s"), "bonnie/fio = " + ratio(be, fd)])
    if bp:
        rows.append(["bonnie++ block read at the same size (reads the page cache), set A",
                     fmt_rate(med(numeric(bp.values())) if numeric(bp.values()) else NOT_MEASURED, "KiB/s"),
                     "bonnie/bonnie++ = " + ratio(be, bp)])
    if bn:
        rows.append(["bonnie --no-evict block read at the same size (%s), set A"
                     % cached_words(res, "A", "bonnie", "get_block"),
                     fmt_rate(med(numeric(bn.values())), "KiB/s"), "default/--no-evict = " + ratio(be, bn)])
    return md_table(["what", "rate (median)", "ratio, median of pairs [min-max]"], rows)


def unmet_groups(res):
    groups = []
    for _, _, rows, _ in build(res):
        for r in rows:
            if (r.status() == "NOT met" or r.cpu_status() == "NOT met") and r.group not in groups:
                groups.append(r.group)
    _, mem = memory_section(res)
    if mem and mem[0] == "NOT met":
        groups.append("M")
    return groups


def cmd_callgrind(args):
    """Summary of a callgrind output file: total user-space instructions, and
    for bonnie the inclusive count of each phase function per operation
    (OPS operations of each kind in the run)."""
    import subprocess
    path, ops = args[0], int(args[1])

    def annotate(inclusive):
        cmd = ["callgrind_annotate", "--auto=no"] + (["--inclusive=yes"] if inclusive else []) + [path]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        rows, seen = [], set()
        for line in out.splitlines():
            m = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$", line)
            if m and m.group(2) not in seen:
                seen.add(m.group(2))
                rows.append((int(m.group(1).replace(",", "")), m.group(2)))
        return rows

    def fname(w):
        return w.split(":")[-1].split(" ")[0] if ":" in w else w

    self_rows, incl_rows = annotate(False), annotate(True)
    total = next((n for n, w in self_rows if w.startswith("PROGRAM TOTALS")), None)
    print("user-space instructions, whole run: %s" % ("{:,}".format(total) if total else "?"))
    incl = {}
    for n, w in incl_rows:
        incl.setdefault(fname(w), n)
    per = [("block_write_run", ops, "per block write of one chunk"),
           ("rewrite_run", ops, "per rewrite of one chunk"),
           ("block_read_run", ops, "per block read of one chunk"),
           ("seek_worker_main", ops, "per seek (all workers)"),
           ("pattern_stamp", ops * 2.1, "per stamped chunk (block write + rewrite + 1 seek in 10)"),
           ("hist_add", ops * 4, "per timed operation of the 4 I/O phases"),
           ("clock_now_ns", ops * 4, "per timed operation of the 4 I/O phases (plus a few per phase)"),
           ("pattern_init", None, "once at start-up, outside the timed phases")]
    if any(k in incl for k, _, _ in per):
        print("--- inclusive instructions of bonnie's functions")
        for k, n, what in per:
            if k in incl:
                print("%-17s %12s  %s" % (k, "{:,}".format(incl[k]),
                                          ("= %.0f %s" % (incl[k] / n, what)) if n else what))
    print("--- top functions (self)")
    for n, w in [r for r in self_rows if not r[1].startswith("PROGRAM TOTALS")][:8]:
        print("%12s  %s" % ("{:,}".format(n), w[:100]))


def cmd_unmet(args):
    res = Results(args[0])
    for g in unmet_groups(res):
        print(g)


def cg_summary(prof_dir, name):
    """(total, {function: per-op figure}) from NAME-callgrind.txt, or None."""
    path = os.path.join(prof_dir or "", name + "-callgrind.txt")
    if not os.path.exists(path):
        return None
    total, per = None, {}
    for line in open(path, encoding="utf-8"):
        m = re.match(r"user-space instructions, whole run: ([\d,]+)", line)
        if m:
            total = int(m.group(1).replace(",", ""))
        m = re.match(r"(\w+)\s+([\d,]+)\s+= (\d+) per", line)
        if m:
            per[m.group(1)] = (int(m.group(2).replace(",", "")), int(m.group(3)))
    return total, per


def profile_facts(prof_dir, res):
    facts = []
    a, p = cg_summary(prof_dir, "A-bonnie"), cg_summary(prof_dir, "A-bonnie++")
    if a and p and a[0] and p[0]:
        per = a[1]
        s = ("Exact user-space instruction counts (callgrind) for the same 64 MiB run without "
             "per-char or file phases: bonnie %s, bonnie++ %s (%.1fx)." % ("{:,}".format(a[0]),
                                                                         "{:,}".format(p[0]), a[0] / p[0]))
        if "block_write_run" in per and "pattern_stamp" in per:
            s += (" bonnie's block write executes %d instructions per 8 KiB chunk and its rewrite %d; "
                  "pattern_stamp (lib/pattern.c, which writes the seeded, offset-derived 8-byte stamp "
                  "into every 512-byte sector of the chunk, one inline rng_mix64 hash per sector) "
                  "accounts for %d of them per chunk. bonnie++ generates no data per chunk (what it "
                  "writes is almost all zero bytes), so "
                  "for the same system calls bonnie does more work in user space in the two write "
                  "phases; that is the part of the block write / rewrite gap that is bonnie's code."
                  % (per["block_write_run"][1], per.get("rewrite_run", (0, 0))[1], per["pattern_stamp"][1]))
        facts.append(s)
    o, n = cg_summary(prof_dir, "O-bonnie"), cg_summary(prof_dir, "O-bonnie-nolat")
    if o and n and o[0] and n[0]:
        ops = 4 * 8192
        ck = numeric(res.series("P", "perchar_timing", "clock_ns_per_call").values())
        facts.append("Latency recording adds %s user-space instructions over the 4 x 8192 timed operations "
                     "of the 64 MiB run (callgrind, bonnie %s vs -DBONNIE_NO_LATENCY %s): %.0f per "
                     "operation, plus the clock_gettime call itself%s." % (
                         "{:,}".format(o[0] - n[0]), "{:,}".format(o[0]), "{:,}".format(n[0]),
                         (o[0] - n[0]) / ops,
                         (" (%.1f ns here, from perchar_timing)" % med(ck)) if ck else ""))
    for name in sorted(os.listdir(prof_dir)) if prof_dir and os.path.isdir(prof_dir) else []:
        if not name.endswith(".txt") or name.endswith(("-callgrind.txt", "-stat.txt")):
            continue
        text = open(os.path.join(prof_dir, name), encoding="utf-8", errors="replace").read()
        lines = text.splitlines()
        tool = os.path.basename(lines[0].split()[1]) if lines and len(lines[0].split()) > 1 else "?"
        shares = {}
        section = ""
        for line in lines:
            if line.startswith("--- "):
                section = line
                continue
            m = re.match(r"\s*([\d.]+)%\s+(\S+)\s*$", line)
            if m and section.startswith("--- samples by binary"):
                shares[m.group(2)] = float(m.group(1))
        kern = shares.get("[kernel.kallsyms]")
        s = "%s (perf): %s's own code %s of the samples, the kernel %s" % (
            name[:-4], tool, ("%.1f%%" % shares[tool]) if tool in shares else "under 1%",
            ("%.1f%%" % kern) if kern is not None else "n/a")
        rd = re.search(r"([\d.]+)%\s+\[kernel.kallsyms\]\s+\[k\] recently_deleted", text)
        fg = re.search(r"([\d.]+)%\s+\[kernel.kallsyms\]\s+\[k\] find_get_block_common", text)
        if rd:
            s += ("; ext4's recently_deleted() %s%%%s: on an ext4 without a journal, inode allocation "
                  "looks up each candidate inode's table block in the buffer cache and skips inodes "
                  "deleted less than 60 s ago (300 s while that block is dirty), so creating files soon "
                  "after mass deletes (the previous phase, the previous run) costs kernel CPU whichever "
                  "tool runs" % (
                      rd.group(1), (" and find_get_block_common() %s%%" % fg.group(1)) if fg else ""))
        facts.append(s + ".")
    for name in ("C-bonnie", "C-bonnie++"):
        path = os.path.join(prof_dir or "", name + "-stat.txt")
        if os.path.exists(path):
            vals = {}
            for line in open(path, encoding="utf-8"):
                m = re.match(r"([\w:-]+): ([\d.]+) ?(\S*)", line)
                if m:
                    vals[m.group(1)] = (float(m.group(2)), m.group(3))
            if vals:
                s = "%s, one per-char run of set C (perf stat): %s" % (name, ", ".join(
                    "%s %s%s" % (k, fmt_num(v), (" " + u) if u else "") for k, (v, u) in vals.items()))
                sc, tc = vals.get("raw_syscalls:sys_enter"), vals.get("task-clock")
                if sc and tc and sc[0] and tc[1] == "msec":
                    s += "; %.0f ns of CPU per system call" % (tc[0] * 1e6 / sc[0])
                facts.append(s + ".")
    return facts


def read_kv(path):
    out = {}
    if path and os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            if "\t" in line:
                k, v = line.rstrip("\n").split("\t", 1)
                out.setdefault(k, []).append(v)
    return out


def machine_lines(meta):
    m = {k: v[-1] for k, v in meta.items()}
    env = None
    if m.get("env_json") and os.path.exists(m["env_json"]):
        try:
            env = json.load(open(m["env_json"], encoding="utf-8")).get("environment")
        except ValueError:
            env = None
    lines = []
    lines.append("- Date: %s to %s (%s s)" % (m.get("date_start", "?"), m.get("date_end", "?"), m.get("duration_s", "?")))
    lines.append("- Kernel: `%s`" % m.get("uname", "?"))
    lines.append("- CPU: %s" % m.get("cpu", "?"))
    lines.append("- RAM: %s" % m.get("ram", "?"))
    if env:
        fs = env.get("file_system", {}) or {}
        dev = env.get("device", {}) or {}
        lines.append("- Test file system (bonnie's probe): %s on %s at %s (%s)" % (
            fs.get("type", "?"), fs.get("source", "?"), fs.get("mount_point", "?"), fs.get("options", "?")))
        lines.append("- Device (bonnie's probe): %s (%s), rotational %s, %s B logical / %s B physical sectors, "
                     "scheduler %s, cache %s" % (dev.get("name", "?"), dev.get("kind", "?"), dev.get("rotational", "?"),
                                                 dev.get("logical_sector_bytes", "?"), dev.get("physical_sector_bytes", "?"),
                                                 dev.get("scheduler", "?"), dev.get("write_cache", "?")))
    lines.append("- findmnt: `%s`" % m.get("findmnt", "?"))
    if m.get("journal"):
        lines.append("- ext4 journal: %s" % m["journal"])
    lines.append("- lsblk: `%s`" % m.get("lsblk", "?"))
    lines.append("- Tools: %s (sources at %s), bonnie++ %s, fio %s" % (
        m.get("bonnie_version", "?"), m.get("git", "?"), m.get("bonniepp_version", "?"), m.get("fio_version", "?")))
    lines.append("- Pairs: %s; BENCH_SCALE=%s, BENCH_MEM=%s; scratch directory %s" % (
        m.get("pairs", "?"), m.get("scale", "?"), m.get("mem", "?"), m.get("scratch", "?")))
    lines.append("- Sizes: %s" % m.get("sizes", "?"))
    return lines


def cmd_report(args):
    if len(args) != 5:
        die("report TSV META COMMANDS PROFILES OUT_MD")
    tsv, meta_path, cmds_path, prof_dir, out_md = args
    res = Results(tsv)
    meta = read_kv(meta_path)
    sections = build(res)
    out = []
    out.append("# Benchmarks: bonnie against bonnie++ and fio")
    out.append("")
    out.append("Generated by `make bench` (bench/run.sh); every figure below comes from the run described "
               "here. See bench/README.md for what each set does and how to rerun it. This machine is "
               "shared and noisy (absolute rates move 30-50% between runs), so every comparison is a "
               "ratio of two runs made next to each other (A B A B ...), and the figure given is the "
               "median of those pair ratios, with the smallest and largest pair ratio in brackets.")
    out.append("")
    out.append("## Machine")
    out.append("")
    out += machine_lines(meta)
    out.append("")

    # summary of goals
    goals = []
    for title, _, rows, _ in sections:
        for r in rows:
            if r.goal is not None:
                goals.append((r, "throughput"))
            if r.cpu_status() is not None:
                goals.append((r, "cpu"))
    mem_table, mem_status = memory_section(res)
    out.append("## Goals")
    out.append("")
    glines = []
    for r, kind in goals:
        if kind == "throughput":
            glines.append([r.label, "ratio >= %.2f" % r.goal, r.ratio_text(), r.status()])
        else:
            glines.append([r.label, "%CPU <= peer", "%s vs %s" % (fmt_num(r.cpu[0]), fmt_num(r.cpu[1])),
                           r.cpu_status()])
    if mem_status:
        glines.append(["bonnie peak RSS does not grow from a 1 GiB to a 4 GiB file", "growth <= 1024 KiB",
                       "%s -> %s KiB" % (fmt_num(mem_status[1]), fmt_num(mem_status[2])), mem_status[0]])
    out.append(md_table(["goal", "target", "measured", "result"], glines))
    out.append("")

    for title, intro, rows, kind in sections:
        if not rows:
            continue
        out.append("## " + title)
        out.append("")
        out.append(intro)
        out.append("")
        if kind == "overhead":
            out.append(md_table(OVERHEAD_HEADER, [overhead_cells(r) for r in rows]))
        else:
            out.append(md_table(ROW_HEADER, [row_cells(r) for r in rows]))
        out.append("")

    out.append("## 6. Peak memory (set M)")
    out.append("")
    if mem_table:
        out.append("Maximum resident set size from `/usr/bin/time -v`, one run of each tool at each size "
                   "(RSS is not noisy the way rates are); bonnie and bonnie++ with -n 0 and no per-char "
                   "phases, fio a write job then a read job (the larger RSS of the two).")
        out.append("")
        out.append(mem_table)
    else:
        out.append("Skipped (BENCH_MEM=0).")
    out.append("")

    out.append("## 7. Honesty: what bonnie's default block read measures")
    out.append("")
    h = honesty_section(res)
    out.append("bonnie drops the data file from the page cache before each read phase (fdatasync + "
               "posix_fadvise DONTNEED), so its default block read should land near a direct read of "
               "the device, not near bonnie++'s, which reads the page cache at any size under twice "
               "the RAM.")
    out.append("")
    out.append(h if h else "Not measured.")
    out.append("")

    pc = perchar_section(res)
    out.append("## Per-byte timing: why bonnie times per chunk")
    out.append("")
    if pc:
        out.append("bench/perchar_timing.c writes the same number of bytes with one write(2) each, with "
                   "no clock read, with clock_gettime(CLOCK_MONOTONIC) after every call, and with one per "
                   "8 KiB chunk, rounds interleaved with a rotating order.")
        out.append("")
        out.append(pc)
        ck = numeric(res.series("P", "perchar_timing", "clock_ns_per_call").values())
        if ck:
            out.append("")
            out.append("One clock_gettime(CLOCK_MONOTONIC) call alone costs %.1f ns here (median of "
                       "loops of 10^7 calls)." % med(ck))
    else:
        out.append("Not measured.")
    out.append("")

    # not met
    out.append("## Goals not met, and the measured reasons")
    out.append("")
    any_unmet = False
    for title, _, rows, _ in sections:
        for r in rows:
            w = r.why()
            if r.status() == "NOT met" or r.cpu_status() == "NOT met":
                any_unmet = True
                out.append("- **%s** (%s): %s." % (r.label,
                                                   "throughput" if r.status() == "NOT met" else "%CPU",
                                                   "; ".join(w) if w else "see the profile below"))
                if r.note:
                    out.append("  " + r.note)
    if mem_status and mem_status[0] == "NOT met":
        any_unmet = True
        out.append("- **bonnie peak RSS grows with the file size**: %s KiB at 1 GiB, %s KiB at 4 GiB." %
                   (fmt_num(mem_status[1]), fmt_num(mem_status[2])))
    if not any_unmet:
        out.append("All goals were met in this run.")
    out.append("")
    facts = profile_facts(prof_dir, res)
    if facts:
        out.append("Measured in the profiles below:")
        out.append("")
        out += ["- " + f for f in facts]
        out.append("")
    profs = sorted(f for f in os.listdir(prof_dir) if f.endswith(".txt")) if prof_dir and os.path.isdir(prof_dir) else []
    if profs:
        out.append("### Profiles of the groups with a missed goal")
        out.append("")
        out.append("For each group of comparisons with a missed goal, smaller runs with the same options, "
                   "bonnie and the peer each. `NAME`: `perf record -e cpu-clock` (software clock "
                   "sampling; this VM has no hardware counters, `perf stat -e instructions` says "
                   "'not supported'): self time by binary, the top symbols and the tool's own "
                   "functions (a stripped binary such as fio or bonnie++ shows addresses); these "
                   "cover whole runs, all phases of the command shown. `NAME-callgrind`: valgrind "
                   "callgrind's exact count of user-space instructions (kernel work and the vDSO "
                   "clock are not in it) for a 64 MiB run, 8192 operations per phase. "
                   "`NAME-stat`: `perf stat` system calls and CPU time.")
        out.append("")
        for f in profs:
            out.append("#### " + f[:-4])
            out.append("")
            out.append("```")
            out.append(open(os.path.join(prof_dir, f), encoding="utf-8", errors="replace").read().rstrip())
            out.append("```")
            out.append("")

    out.append("## Commands")
    out.append("")
    out.append("Exactly as run (pair 1 shown; every pair repeats them with its own output file names), "
               "each preceded by `sync -f <scratch>/work` (outside any timing) and run as "
               "`setsid /usr/bin/time -v -o <log> COMMAND`. The profiles' commands are in their "
               "sections above. `%s` is the scratch directory; it and everything in it is removed at "
               "the end." %
               (meta.get("scratch", ["?"])[-1]))
    out.append("")
    cmds = read_kv(cmds_path)
    out.append("```")
    for k in cmds:
        out.append("# " + k)
        for c in cmds[k]:
            out.append(c)
    out.append("```")
    out.append("")
    text = "\n".join(out)
    with open(out_md, "w", encoding="utf-8") as f:
        f.write(text)
    print(text)


def main():
    if len(sys.argv) < 2:
        die(__doc__)
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "record":
        cmd_record(args)
    elif cmd == "callgrind":
        cmd_callgrind(args)
    elif cmd == "unmet":
        cmd_unmet(args)
    elif cmd == "report":
        cmd_report(args)
    else:
        die("unknown command %s" % cmd)


if __name__ == "__main__":
    main()
