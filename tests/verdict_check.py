#!/usr/bin/env python3
"""An independent checker of bonnie's over-time verdicts (issue 33, point 1).

Reads bonnie --json results, parses every phase's verdict.sentence by the
grammar of the verdict contract (issue 33's, as docs/verdicts.md states
it) and recomputes from the phase's own timeline what each part
of the sentence claims. It shares no code with bonnie's verdict: its notion
of truth is written from the contract, with the contract's tolerances
(percents within 5 points or 15% of P, the larger; times within one window;
sizes within one window's amount or 10%).

    verdict_check.py [--old] [--quiet] [--strict] RESULT.json...
    verdict_check.py --text REPORT.txt RESULT.json
    verdict_check.py --sweep [--quiet] RESULT.json...
    verdict_check.py --sweep --table REPORT.txt RESULT.json
    verdict_check.py --compare SUMMARY.txt FILE.json... (the files given to bonnie compare, in order;
        one file of several runs, such as a sweep's, is enough)
    verdict_check.py --qd RESULT.json...
    verdict_check.py --qd --table REPORT.txt RESULT.json

The second form checks that the text report's "over time, NAME: SENTENCE"
lines say what the JSON's verdict.sentence says (exit 1 when not).

Prints each false sentence (file, phase, sentence, what it computed), each
sentence it cannot parse, and a count line:
    verdict_check: S sentences, F false, U unparsable
Exit 0 when all are true, 1 when one is false, 2 when one does not parse.
--old also reads main's former grammar ("steady (1 s rates within 0%)",
"noisy but steady (...)", "... and stayed there", a bare "too short to
judge") and judges it by the same rules, so that a baseline can be counted.
"""
import json
import math
import re
import sys

# --------------------------------------------------------------- grammar
NUM = r"(\d+(?:\.\d+)?)"
SIZE = r"(\d+(?:\.\d+)?\s*[A-Za-z]*(?: [a-z]+)?)"
CAUSE = (r"(?:: a write cache filled\?"
         r"|: cause unknown \(no device counters(?: over time)?\)"
         r"|: page cache dirty limit reached after " + SIZE.replace("(", "(?:", 1) +
         r"|: the device was busy with other I/O"
         r"|: not the devices \(they wrote under half of its data after it\)"
         r"|: the device itself read slower \(it served the reads before and after, and no other I/O\))")
EVENT_RES = [
    ("fell", re.compile(r"fell (\d+)% after " + SIZE + r" \(" + NUM + r" s\)(" + CAUSE + r")?")),
    ("rose", re.compile(r"rose (\d+)% after " + SIZE + r" \(" + NUM + r" s\)")),
    # a rise from a before part that did nothing: no percent of it
    ("rose from nothing", re.compile(r"rose from nothing after " + SIZE + r" \(" + NUM + r" s\)")),
    ("warm-up", re.compile(r"first " + NUM + r" s at (\d+)% of the rest \(warm-up\)")),
    ("stalled", re.compile(r"stalled " + NUM + r" s at " + NUM + r" s \(no operation completed\)")),
]
STEADY_RE = re.compile(r"(steady|noisy, no lasting change) \((\d+) of (\d+) " + NUM +
                       r" s rates (?:within (\d+)% of|at most (\d+\.\d\d)x) their median\)$")
FLUSH_RE = re.compile(r"; then the final flush took " + NUM + r" s$")
# the stalls past the sentence's room, counted (the last part, before FLUSH)
MORE_RE = re.compile(r"(?:^|; )(\d+) more stalls? not listed$")
SHORT_RE = re.compile(r"too short to judge \(" + NUM + r" s of operations\)(, but (.*))?$")
INTR_RE = re.compile(r"interrupted after " + NUM + r" s(, (.*))?$")
# main's former grammar (--old)
OLD_STEADY_RE = re.compile(r"(steady|noisy but steady) \(" + NUM + r" s rates within (\d+)%(, no lasting change)?\)$")
OLD_STAYED = " and stayed there"


class Unparsable(Exception):
    pass


def parse_event(text, old):
    if old:
        text = text.replace(OLD_STAYED, "")
    for kind, rx in EVENT_RES:
        m = rx.fullmatch(text)
        if not m:
            continue
        if kind in ("fell", "rose"):
            return {"kind": kind, "pct": int(m.group(1)), "size": m.group(2), "t": float(m.group(3)),
                    "cause": m.group(4) if kind == "fell" else None}
        if kind == "rose from nothing":
            return {"kind": "rose", "pct": None, "size": m.group(1), "t": float(m.group(2)), "cause": None}
        if kind == "warm-up":
            return {"kind": kind, "d": float(m.group(1)), "pct": int(m.group(2))}
        return {"kind": kind, "d": float(m.group(1)), "t": float(m.group(2))}
    raise Unparsable("not an event: %r" % text)


def parse_parts(text, old):
    """PARTS: a list of events, or one steady/noisy claim."""
    m = STEADY_RE.fullmatch(text)
    if m:
        return {"steady": {"word": "steady" if m.group(1) == "steady" else "noisy",
                           "k": int(m.group(2)), "w": int(m.group(3)),
                           "r": float(m.group(4)),
                           # "at most X.XXx" is N = 100 (X - 1) percent, said so only
                           # from 100% (below it a rate under the median can be
                           # further than the multiple says)
                           "n": int(m.group(5)) if m.group(5) else int(round(float(m.group(6)) * 100)) - 100,
                           "times": m.group(6) is not None}}, []
    if old:
        m = OLD_STEADY_RE.fullmatch(text)
        if m:
            return {"steady": {"word": "steady" if m.group(1) == "steady" else "noisy",
                               "k": None, "w": None, "r": float(m.group(2)), "n": int(m.group(3))}}, []
    return {}, [parse_event(e, old) for e in text.split("; ")]


def parse(sentence, old=False):
    """The claims a sentence makes, as a dict; raises Unparsable."""
    s = sentence
    c = {"flush": None, "short": None, "interrupted": None, "steady": None, "events": []}
    # A flush after SHORT or INTERRUPTED is read too: the contract's grammar
    # puts FLUSH after PARTS only, but a short phase's slow flush is as much
    # the phase's as a long one's (h33verdict says it there).
    m = FLUSH_RE.search(s)
    if m:
        c["flush"] = float(m.group(1))
        s = s[:m.start()]
    c["more_stalls"] = 0
    m = MORE_RE.search(s)
    if m:
        c["more_stalls"] = int(m.group(1))
        s = s[:m.start()]
    m = INTR_RE.fullmatch(s)
    if m:
        c["interrupted"] = float(m.group(1))
        s = m.group(3) or ""
    else:
        m = SHORT_RE.fullmatch(s)
        if m:
            c["short"] = float(m.group(1))
            if m.group(3):
                c["events"] = [parse_event(e, old) for e in m.group(3).split("; ")]
            return c
        if old and s == "too short to judge":
            c["short"] = -1.0
            return c
    if not s:
        return c
    st, ev = parse_parts(s, old)
    c["steady"] = st.get("steady")
    c["events"] = ev
    return c


# --------------------------------------------------------------- figures
def median(xs):
    xs = sorted(xs)
    n = len(xs)
    if n == 0:
        return float("nan")
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2.0


def pct_tol(p):
    return max(5.0, 0.15 * abs(p))


def size_to_amount(text, unit_bytes):
    m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([A-Za-z]*)(?: ([a-z]+))?", text.strip())
    if not m:
        return None
    v = float(m.group(1))
    u = m.group(2)
    mult = {"": 1, "B": 1, "KiB": 1024, "MiB": 1024 ** 2, "GiB": 1024 ** 3, "TiB": 1024 ** 4,
            "k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9}
    if u in mult:
        return v * mult[u]
    if u and not m.group(3):  # "5400 seeks": the word is the unit
        return v
    return None


# Phases whose rate is a count per second, not bytes (bonnie.1's table).
COUNTED = {"seeks", "seq_create", "seq_stat", "seq_del", "ran_create", "ran_stat", "ran_del"}


# the phases that write data (bonnie.1's phase list): a fall's cause is
# weighed against the bytes they give the devices
WRITE_DATA = {"putc", "put_block", "rewrite", "seq1m_q8t1_write", "seq1m_q1t1_write", "rnd4k_q32t1_write",
              "rnd4k_q1t1_write"}


class Timeline:
    """A phase's timeline in seconds and amounts (bytes, or operations)."""

    def __init__(self, tl, counted=False):
        self.iv = tl["interval_ns"] / 1e9
        self.start = [x / 1e9 for x in tl["start_ns"]]
        self.length = [x / 1e9 for x in tl["length_ns"]]
        self.ops = list(tl["operations"])
        # rates in the phase's own unit (bonnie.1): seeks/s and files/s are
        # counted, although a seeks timeline also carries the bytes it moved
        self.bytes_unit = not counted and sum(tl.get("bytes") or [0]) > 0
        self.amount = list(tl["bytes"]) if self.bytes_unit else list(self.ops)
        self.maxlat = [x / 1e9 if x is not None else 0.0 for x in tl.get("latency_max_ns") or [0] * len(self.ops)]
        self.sync = tl.get("sync")
        # the devices' counters per interval, when bonnie read them
        self.dev_counted = "device_write_bytes" in tl or "device_read_bytes" in tl
        self.bytes = list(tl.get("bytes") or [0] * len(self.ops))
        self.dev_w = list(tl.get("device_write_bytes") or [0] * len(self.ops))
        self.dev_r = list(tl.get("device_read_bytes") or [0] * len(self.ops))
        self.n = len(self.ops)
        self.span = sum(self.length)

    def cut(self, t):
        """Only the intervals that start before t seconds: what a client
        level's verdict judged (the JSON's verdict.span_ns, up to the
        interval the level's end fell in; after it the clients only finish
        the operations they had begun)."""
        keep = len([s for s in self.start if s < t - 1e-9])
        for name in ("start", "length", "ops", "amount", "maxlat", "bytes", "dev_w", "dev_r"):
            setattr(self, name, getattr(self, name)[:keep])
        self.n = keep
        self.span = sum(self.length)

    def windows(self, k):
        """(start, end, rate, amount) for groups of k intervals from 0; a last
        group under k/2 intervals is left out."""
        out = []
        for i in range(0, self.n, k):
            idx = range(i, min(i + k, self.n))
            if len(idx) < k / 2.0:
                break
            ln = sum(self.length[j] for j in idx)
            am = sum(self.amount[j] for j in idx)
            if ln <= 0:
                continue
            out.append((self.start[idx[0]], self.start[idx[-1]] + self.length[idx[-1]], am / ln, am))
        return out

    def between(self, series, a, b):
        """The sum of a per-interval series over [a, b) seconds, an interval
        cut by a or b counted in proportion."""
        return self.sum_before(series, b) - self.sum_before(series, a)

    def amount_before(self, t, operations=False):
        return self.sum_before(self.ops if operations else self.amount, t)

    def sum_before(self, amount, t):
        done = 0.0
        for j in range(self.n):
            s, ln = self.start[j], self.length[j]
            if s + ln <= t:
                done += amount[j]
            elif s < t and ln > 0:
                done += amount[j] * (t - s) / ln
        return done


def own_window(tl):
    """The checker's own window for events when the verdict names none:
    about 1 s, at least 10 windows in a phase of 2 s or more, at least 20
    operations in one on average."""
    k = max(1, int(round(1.0 / tl.iv)))
    if tl.span >= 2.0 and tl.n >= 10:
        k = min(k, max(1, tl.n // 10))
    ops = sum(tl.ops)
    while k < tl.n and ops * k / max(1, tl.n) < 20:
        k += 1
    return k


def lasting_change(ws, min_drop=0.30):
    """A split of the windows into before and after (each >= 2 windows and a
    tenth) whose medians differ by min_drop or more, with 80% of each part's
    windows on its side of the midpoint: (split time, before, after) or None."""
    w = len(ws)
    least = max(2, int(math.ceil(w / 10.0)))
    best = None
    for s in range(least, w - least + 1):
        a = [x[2] for x in ws[:s]]
        b = [x[2] for x in ws[s:]]
        ma, mb = median(a), median(b)
        hi, lo = max(ma, mb), min(ma, mb)
        if hi <= 0 or lo / hi > 1.0 - min_drop:
            continue
        mid = (ma + mb) / 2.0
        side_a = sum(1 for x in a if (x > mid) == (ma > mb)) / len(a)
        side_b = sum(1 for x in b if (x > mid) == (mb > ma)) / len(b)
        if side_a >= 0.8 and side_b >= 0.8:
            ratio = lo / hi
            if best is None or ratio < best[3]:
                best = (ws[s][0], ma, mb, ratio)
    return best


def spread_n(ws):
    """The smallest whole percent within which 80% of the windows' rates lie
    of their median."""
    rates = [x[2] for x in ws]
    med = median(rates)
    dev = sorted(abs(r - med) / med * 100 if med > 0 else 0.0 for r in rates)
    need = int(math.ceil(0.8 * len(rates)))
    return int(math.ceil(dev[need - 1] - 1e-9)) if rates else 0


def stalls(tl, p50, least=1.1, factor=22):
    """The stalls the timeline shows: an operation of 1.1 s or more and 22x
    the phase's median operation or more (the checker's margins over the
    documented 1 s and 20x: docs/verdicts.md, where an operation that is
    always slow, a 1 MiB write on a share at 1 MB/s, is no stall) with no
    operation completed in the intervals wholly inside it. (end time,
    length)."""
    out = []
    for i in range(tl.n):
        lat = tl.maxlat[i]
        if lat < least or (p50 is not None and lat < factor * p50):
            continue
        end = tl.start[i] + tl.length[i]
        begin = end - lat
        inside = [j for j in range(tl.n) if j != i and tl.start[j] >= begin and tl.start[j] + tl.length[j] <= tl.start[i]]
        if all(tl.ops[j] == 0 for j in inside):
            out.append((end, lat))
    return out


# --------------------------------------------------------------- judging
class Judge:
    def __init__(self, phase, old):
        self.phase = phase
        self.old = old
        self.tl = Timeline(phase["timeline"], phase.get("name") in COUNTED) if phase.get("timeline") else None
        p50 = (phase.get("latency_ns") or {}).get("p50")
        self.p50 = p50 / 1e9 if isinstance(p50, (int, float)) else None
        self.v = phase["verdict"]
        self.problems = []
        judged = self.v.get("span_ns")
        if self.tl and isinstance(judged, int) and judged / 1e9 < self.tl.span - self.tl.iv / 2:
            self.judge_cut(judged / 1e9)
        self.omissions = []

    def bad(self, msg):
        self.problems.append(msg)

    def judge_cut(self, t):
        """A verdict that judged part of its timeline: only a client level's,
        through the interval where the clients' work ended (the latest of
        clients.ends_ns, each cut at the level's end or the stonewall)."""
        ends = (self.phase.get("clients") or {}).get("ends_ns") or []
        self.tl.cut(t)
        if not ends:
            self.bad("judged %.2f s of its timeline, but it has no clients' ends to be cut at" % t)
            return
        end, last = max(ends) / 1e9, self.tl.n - 1
        if last < 0 or not (self.tl.start[last] - 1e-6 <= end <= self.tl.start[last] + self.tl.length[last] + 1e-6):
            self.bad("judged its timeline to %.2f s; the clients' work ended at %.3f s" % (t, end))

    def omit(self, msg):
        # A change this checker sees between two events the sentence did say:
        # every claim made is true, but the list is not complete. Counted
        # apart (INCOMPLETE); an error only with --strict, because two
        # detectors disagree at the margin of what counts as a change.
        self.omissions.append(msg)

    def window_k(self, stated_r=None):
        tl = self.tl
        if stated_r is not None:
            return max(1, int(round(stated_r / tl.iv)))
        wn = self.v.get("window_ns")
        if wn:
            return max(1, int(round(wn / 1e9 / tl.iv)))
        return own_window(tl)

    def judge(self, c):
        tl = self.tl
        status = self.phase.get("status")
        if status == "interrupted" and c["interrupted"] is None:
            self.bad("status is interrupted, the sentence does not say so")
        if c["interrupted"] is not None:
            if status != "interrupted":
                self.bad("says interrupted, status is %r" % status)
            if tl and abs(c["interrupted"] - tl.span) > max(0.15, tl.iv * 1.5):
                self.bad("interrupted after %.1f s: the timed part spanned %.2f s" % (c["interrupted"], tl.span))
        self.judge_kind(c)
        if tl is None:
            return
        if c["short"] is not None:
            self.judge_short(c)
        else:
            k = self.window_k(c["steady"]["r"] if c["steady"] else None)
            if c["steady"]:
                self.judge_steady(c["steady"], k, c["interrupted"] is not None)
            self.judge_events(c["events"], k, c["steady"] is not None, c["more_stalls"])
        self.judge_flush(c)

    def judge_kind(self, c):
        """verdict.kind names the sentence's headline (events are judged in
        judge_events)."""
        head = self.v.get("kind")
        if c["interrupted"] is not None:
            want = "interrupted"
        elif c["short"] is not None:
            want = "too short"
        elif c["steady"]:
            want = c["steady"]["word"]
        else:
            return
        if head != want:
            self.bad("verdict.kind is %r, the sentence says %r" % (head, want))

    # too short
    def judge_short(self, c):
        tl = self.tl
        d = c["short"]
        if d >= 0 and d >= 2.0:
            self.bad("too short needs under 2 s, it says %.1f s" % d)
        if tl.span >= 2.0 + tl.iv:
            self.bad("too short to judge, but the timed operations spanned %.2f s" % tl.span)
        if d >= 0 and abs(d - tl.span) > max(0.1, tl.iv):
            self.bad("says %.1f s of operations, the timeline spans %.2f s" % (d, tl.span))
        if c["events"]:
            self.judge_events(c["events"], self.window_k() if self.v.get("window_ns") else 1, True, c["more_stalls"])
            return
        # a stall of 1 s or more is said, in a short phase too
        for end, lat in stalls(tl, self.p50):
            self.bad("the timeline shows a stall of %.1f s ending at %.1f s (an operation that long, none completed inside) that is not said" % (lat, end))
        h = tl.n // 2
        if h >= 1:
            rate = [tl.amount[j] / tl.length[j] for j in range(tl.n) if tl.length[j] > 0]
            h = len(rate) // 2
            # the halves are compared over at least 4 intervals each (fewer
            # are too little to call a change, docs/verdicts.md rule 5); by
            # interval count, the second holding the odd one
            if h >= 4:
                a, b = median(rate[:h]), median(rate[h:])
                if a > 0:
                    ch = abs(b / a - 1.0) * 100
                    if ch >= 50 + pct_tol(50):
                        self.bad("too short without a change: its first half's 100 ms rates and the last half's differ by %.0f%% (median %.4g vs %.4g)" % (ch, a, b))

    # steady / noisy
    def judge_steady(self, st, k, partial):
        tl = self.tl
        ws = tl.windows(k)
        w = len(ws)
        if abs(st["r"] - k * tl.iv) > 0.051:
            self.bad("window of %g s is not a multiple of the %g s interval" % (st["r"], tl.iv))
        wn = self.v.get("window_ns")
        if wn and abs(wn / 1e9 - st["r"]) > 0.051:
            self.bad("says %g s windows, verdict.window_ns is %g s" % (st["r"], wn / 1e9))
        if w == 0:
            self.bad("no window of %g s in the timeline" % st["r"])
            return
        if st["w"] is not None and abs(st["w"] - w) > 1:
            self.bad("says %d windows of %g s, the timeline has %d" % (st["w"], st["r"], w))
        if st["k"] is not None and st["w"] is not None and st["k"] < 0.8 * st["w"] - 1e-9:
            self.bad("%d of %d is under 80%%" % (st["k"], st["w"]))
        n = st["n"]
        # a stated W one short of the checker's (the last window counted
        # differently, within the tolerance): N is judged on those W too
        if st["w"] is not None and st["w"] == w - 1 and w > 1:
            alt = spread_n(ws[:-1])
            if abs(alt - n) < abs(spread_n(ws) - n):
                ws, w = ws[:-1], w - 1
        rates = [x[2] for x in ws]
        med = median(rates)
        dev = sorted(abs(r - med) / med * 100 if med > 0 else 0.0 for r in rates)
        own_n = spread_n(ws)
        within = sum(1 for d in dev if d <= n + pct_tol(n))
        shown = ", ".join("%.2f" % (r / med) for r in rates[:40]) if med > 0 else ""
        # the former grammar claimed "within N%" with no "smallest": only an
        # N too small is false there
        if (own_n - n > pct_tol(n)) if self.old and st["k"] is None else (abs(own_n - n) > pct_tol(n)):
            self.bad("%d%% holds 80%% of the %d windows only at %d%% (rates / median: %s)" % (n, w, own_n, shown))
        elif st["k"] is not None and within < st["k"]:
            self.bad("%d windows within %d%%, it says %d" % (within, n, st["k"]))
        if st.get("times") and n < 100:
            self.bad("at most %.2fx their median is no bound under 100%% (a rate below the median can be "
                     "further from it)" % ((100 + n) / 100.0))
        if st["word"] == "steady" and n > 20:
            self.bad("steady said of %d%% (steady is 20%% or less)" % n)
        if st["word"] == "steady" and own_n > 20 + pct_tol(20):
            self.bad("steady, but 80%% of the windows need %d%%" % own_n)
        if st["word"] == "noisy" and n <= 20 and not self.old:
            self.bad("noisy said of %d%% (noisy is over 20%%)" % n)
        if not self.old and tl.span >= 2.0 and w < 10 and k > 1 and sum(tl.ops) * (k - 1) / max(1, tl.n) >= 20:
            self.bad("a %.1f s phase judged on %d windows of %g s (the contract asks 10 when the intervals allow)" % (tl.span, w, st["r"]))
        self.no_change(ws, "steady/noisy claims no lasting change")

    def no_change(self, ws, what, report=None):
        ch = lasting_change(ws)
        if ch:
            t, a, b, ratio = ch
            change = "%+.0f%%" % ((b / a - 1) * 100) if a > 0 else "from nothing"
            (report or self.bad)("%s: at %.1f s the windows' median goes from %.4g to %.4g (%s)" % (what, t, a, b, change))

    # events
    def judge_events(self, evs, k, quiet_parts, more=0):
        tl = self.tl
        ws = tl.windows(k)
        wlen = k * tl.iv
        kinds = [e["kind"] for e in evs]
        head = self.v.get("kind")
        if evs and head not in (None, "interrupted", "too short"):
            order = ["stalled", "fell", "rose", "warm-up"]
            want = next(x for x in order if x in kinds)
            if head != want:
                self.bad("verdict.kind is %r, the sentence's headline event is %r" % (head, want))
        times = [self.event_time(e) for e in evs]
        if times != sorted(times):
            self.bad("events not in time order: %s" % times)
        for i, e in enumerate(evs):
            lo = self.event_end(evs[i - 1]) if i > 0 else 0.0
            hi = times[i + 1] if i + 1 < len(evs) else tl.span + 1.0
            if e["kind"] == "stalled":
                self.judge_stall(e, wlen)
            elif e["kind"] == "warm-up":
                self.judge_change(e, ws, lo, hi, e["d"], wlen, warm=True)
            else:
                self.judge_change(e, ws, lo, hi, e["t"], wlen)
                self.judge_cause(e, hi)
        # every stall said, or counted in "N more stalls not listed"
        said = [e for e in evs if e["kind"] == "stalled"]

        # a long operation that ran alone is said when a said stall ends
        # where it completed and holds it (the stall can begin before it:
        # the time with no completion, judge_stall)
        def unsaid(found):
            return [(end, lat) for end, lat in found
                    if not any(abs(e["t"] + e["d"] - end) <= wlen + tl.iv and end - lat >= e["t"] - max(wlen, 0.15)
                               for e in said)]
        sure = unsaid(stalls(tl, self.p50))
        for end, lat in sure[more:]:
            self.bad("the timeline shows a stall of %.1f s ending at %.1f s (an operation that long, none completed inside) that is not said" % (lat, end))
        if more:
            # the count is not invented: as many unsaid holds at the
            # checker's margin under the rule (0.9 s, 18x), overlapping
            # ones counted once
            holds, last_end = 0, -1.0
            for end, lat in sorted(unsaid(stalls(tl, self.p50, 0.9, 18))):
                if end - lat > last_end - tl.iv:  # not inside the hold before it
                    holds += 1
                    last_end = end
            if holds < more:
                self.bad("says %d more stalls not listed; the timeline shows %d more" % (more, holds))
            if len(said) < 3:
                self.bad("says %d more stalls not listed with room for more: %d said" % (more, len(said)))
        # no unsaid lasting change between the events
        if not quiet_parts and evs and len(ws) >= 4:
            bounds = [0.0]
            for e in evs:
                bounds += [self.event_time(e), self.event_end(e)]
            bounds.append(tl.span + 1.0)
            for a, b in zip(bounds[0::2], bounds[1::2]):
                seg = [x for x in ws if x[0] >= a - 1e-9 + (wlen if a > 0 else 0) and x[1] <= b + 1e-9 - (wlen if b < tl.span else 0)]
                if len(seg) >= 4:
                    self.no_change(seg, "a change between %.1f s and %.1f s is not said" % (a, min(b, tl.span)),
                                   self.omit)

    def judge_cause(self, e, hi):
        """A cause that rests on the devices' counters needs them: without
        any (tmpfs has no device, and no write cache) nothing is guessed,
        and "no device counters" is false where they were read. A data
        phase that writes and fell: the devices' writes after the fall
        (to the next event) against what the phase can account for, its
        bytes then and what it left dirty before, times the layout's
        copies. Twice that or more (or reads twice its bytes) is another
        writer, so a write cache or the dirty limit is not the cause; "other
        I/O" needs a fifth more than that. Under 40% of its bytes is not a
        cache that filled (a filled one is written); "not the devices"
        needs under 60%."""
        cause = e.get("cause") or ""
        what = "fell at %.1f s" % e["t"]
        tl = self.tl
        if not tl.dev_counted and cause and "cause unknown" not in cause:
            self.bad("%s gives a cause%s with no device counters in its timeline" % (what, cause))
        if tl.dev_counted and "no device counters" in cause:
            self.bad("%s says no device counters, but its timeline has them" % what)
        if not tl.dev_counted or self.phase.get("name") not in WRITE_DATA or not tl.bytes_unit:
            return
        copies = ((self.phase.get("device") or {}).get("expected_write_percent") or 100) / 100.0
        t, end = e["t"], min(hi, tl.span)
        left = max(0.0, tl.sum_before(tl.bytes, t) - tl.sum_before(tl.dev_w, t) / copies)
        b1, d1, r1 = tl.between(tl.bytes, t, end), tl.between(tl.dev_w, t, end), tl.between(tl.dev_r, t, end)
        own = copies * (b1 + left)
        figures = "after it the devices wrote %.1f MiB and read %.1f MiB; the phase gave %.1f MiB and had %.1f MiB left dirty before (layout %d%%)" % (
            d1 / 2**20, r1 / 2**20, b1 / 2**20, left / 2**20, copies * 100)
        if ("write cache" in cause or "dirty limit" in cause) and b1 > 0 and (d1 > 2.0 * own or r1 > 2.0 * b1):
            self.bad("%s%s: another writer's I/O, %s" % (what, cause, figures))
        if "other I/O" in cause and d1 < 1.2 * own and r1 < 1.2 * b1:
            self.bad("%s%s, but %s" % (what, cause, figures))
        # a cache that filled is written: the devices then write most of it
        if ("write cache" in cause or "dirty limit" in cause) and b1 > 0 and d1 < 0.4 * copies * b1:
            self.bad("%s%s: the devices wrote little of it, %s" % (what, cause, figures))
        if "not the devices" in cause and d1 > 0.6 * copies * b1:
            self.bad("%s%s, but %s" % (what, cause, figures))

    def event_time(self, e):
        return 0.0 if e["kind"] == "warm-up" else e["t"]

    def event_end(self, e):
        if e["kind"] == "stalled":
            return e["t"] + e["d"]
        if e["kind"] == "warm-up":
            return e["d"]
        return e["t"]

    def judge_stall(self, e, wlen):
        """"stalled D s at T s (no operation completed)": from T for D s no
        operation of any client completed, an operation of 1 s or more
        ended it, and it is that whole time: something completed just
        before T (or T is the phase's start) and at T + D. D is the time
        with no completion, not the longest operation near it: with
        several clients another client's operation can be longer while
        others complete (latency, not a stall)."""
        tl = self.tl
        if e["d"] < 0.95:
            self.bad("stall of %.1f s: stalls are 1 s or more" % e["d"])
        t0, t1 = e["t"], e["t"] + e["d"]
        tol = max(wlen, 0.15)
        # no operation completed: every interval wholly inside [T+tol', T+D-tol'] is empty
        slack = min(tol, tl.iv * 1.5)
        inside = [j for j in range(tl.n) if tl.start[j] >= t0 + slack and tl.start[j] + tl.length[j] <= t1 - slack]
        busy = [j for j in inside if tl.ops[j] > 0]
        if busy:
            j = busy[0]
            self.bad("stalled %.1f s at %.1f s, but %d operations completed at %.1f s" % (e["d"], e["t"], tl.ops[j], tl.start[j]))
            return
        # the whole time: the last completion before it, the first after
        before = [tl.start[j] + tl.length[j] for j in range(tl.n) if tl.ops[j] > 0 and tl.start[j] + tl.length[j] <= t0 + slack]
        last = max(before) if before else 0.0
        if t0 - last > tol:
            self.bad("stalled %.1f s at %.1f s, but no operation completed from %.1f s: the stall is %.1f s longer" %
                     (e["d"], e["t"], last, t0 - last))
        after = [j for j in range(tl.n) if tl.ops[j] > 0 and tl.start[j] >= t0 + slack]
        first = tl.start[after[0]] if after else tl.span
        if first - t1 > tol:
            self.bad("stalled %.1f s at %.1f s, but the next operation completed at %.1f s" % (e["d"], e["t"], first))
        # an operation of 1 s or more ended it (a hold, not idleness)
        near = [tl.maxlat[j] for j in range(tl.n) if t1 - tol <= tl.start[j] <= t1 + tol]
        if not near or max(near) < 0.95:
            self.bad("stalled %.1f s at %.1f s: no operation of 1 s or more completed near its end" % (e["d"], e["t"]))

    def judge_change(self, e, ws, lo, hi, t, wlen, warm=False):
        """fell/rose/warm-up: the median window rate after t (to hi) against
        before it (from lo), trying t within one window."""
        tl = self.tl
        p = e["pct"]
        best = None
        for dt in (0.0, -wlen / 2, wlen / 2, -wlen, wlen):
            tt = t + dt
            a = [x[2] for x in ws if x[0] >= lo - 1e-9 and x[1] <= tt + 1e-9]
            b = [x[2] for x in ws if x[0] >= tt - 1e-9 and x[1] <= hi + 1e-9]
            if not a or not b:
                continue
            ma, mb = median(a), median(b)
            # from nothing: a warm-up at 0%, or "rose from nothing"; nothing
            # else can be measured against a before part of 0
            if ma <= 0 and not (mb > 0 and (warm or p is None)):
                continue
            if p is None:
                ok, got = ma <= 0, ma
            else:
                if warm:
                    got = ma / mb * 100 if mb > 0 else float("inf")
                elif e["kind"] == "fell":
                    got = (1 - mb / ma) * 100
                else:
                    got = (mb / ma - 1) * 100
                ok = abs(got - p) <= pct_tol(p)
                if e["kind"] in ("fell", "rose") and got < 25 - 5:
                    ok = False
            if best is None or (ok and not best[0]) or (p is not None and ok == best[0] and abs(got - p) < abs(best[1] - p)):
                best = (ok, got, tt, len(a), len(b))
        what = "%s at %.1f s" % (e["kind"], t)
        if best is None:
            self.bad("%s: no whole %g s window on one side of it" % (what, wlen))
        elif not best[0] and p is None:
            self.bad("%s claims a rise from nothing: the windows before it have a median of %.4g (%d windows before, %d after)" % (what, best[1], best[3], best[4]))
        elif not best[0]:
            self.bad("%s claims %d%%: the windows' medians give %.0f%% (%d windows before, %d after)" % (what, p, best[1], best[3], best[4]))
        if not warm:
            amt = size_to_amount(e["size"], tl.bytes_unit)
            # "5400 seeks", "12000 files": a count of operations, even where
            # the rates are in bytes (seeks read bytes)
            counted = re.fullmatch(r"[\d.]+ [a-z]+", e["size"].strip()) is not None
            if amt is None:
                self.bad("cannot read the size %r" % e["size"])
            else:
                done = tl.amount_before(t, counted)
                win_amt = max((x[3] for x in ws), default=0)
                if counted and tl.bytes_unit:
                    k = max(1, int(round(wlen / tl.iv)))
                    win_amt = max((sum(tl.ops[i:i + k]) for i in range(0, tl.n, k)), default=0)
                if abs(amt - done) > max(win_amt, 0.1 * done):
                    self.bad("%s after %s: %.4g done by then" % (what, e["size"], done))
        if warm and (e["d"] < wlen - 1e-9 or e["d"] > tl.span):
            self.bad("warm-up of %.1f s outside the phase" % e["d"])

    def judge_flush(self, c):
        tl = self.tl
        sync = tl.sync
        d = c["flush"]
        slen = sync["length_ns"] / 1e9 if sync else None
        if d is not None:
            if slen is None:
                self.bad("says the final flush took %.1f s, the timeline has none" % d)
            elif abs(slen - d) > 0.051:
                self.bad("the final flush took %.3f s, it says %.1f s" % (slen, d))
            elif slen < 0.95 and slen < 0.09 * tl.span:
                self.bad("names a flush of %.3f s (under 1 s and 10%% of %.2f s)" % (slen, tl.span))
        elif slen is not None and c["short"] is None and (slen >= 1.05 or slen >= 0.11 * tl.span) and not self.old_lenient():
            self.bad("the final flush took %.2f s (%.0f%% of the timed %.2f s) and is not said" % (slen, 100 * slen / max(tl.span, 1e-9), tl.span))

    def old_lenient(self):
        return False


def phases_of(doc):
    for run in doc.get("runs", []):
        for ph in run.get("phases", []):
            if isinstance(ph.get("verdict"), dict) and ph["verdict"].get("sentence") is not None:
                yield run, ph


def check_file(path, old, out):
    with open(path) as f:
        doc = json.load(f)
    n = false = unp = incomplete = 0
    for run, ph in phases_of(doc):
        n += 1
        s = ph["verdict"]["sentence"]
        name = "run %s %s" % (run.get("run", "?"), ph.get("name"))
        try:
            c = parse(s, old)
        except Unparsable as e:
            unp += 1
            out.append("%s: %s: UNPARSABLE %r (%s)" % (path, name, s, e))
            continue
        j = Judge(ph, old)
        j.judge(c)
        if j.problems:
            false += 1
            out.append("%s: %s: FALSE %r: %s" % (path, name, s, "; ".join(j.problems)))
        elif j.omissions:
            incomplete += 1
            out.append("%s: %s: INCOMPLETE %r: %s" % (path, name, s, "; ".join(j.omissions)))
    return n, false, unp, incomplete


def text_lines(path):
    """{phase name: [sentences]} from a text report's "over time, NAME:
    SENTENCE" lines; a grouped line "over time, SENTENCE (...): N1 N2" gives
    its head to each name it lists."""
    said = {}
    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.startswith("over time, "):
                continue
            rest = line[len("over time, "):]
            name, sep, sentence = rest.partition(": ")
            if sep and re.fullmatch(r"[A-Za-z_0-9]+", name):
                said.setdefault(name, []).append(sentence)
                continue
            head, sep, names = rest.rpartition(": ")
            for n in names.split():
                said.setdefault(n, []).append("\0" + head)
    return said


def check_text(text_path, json_path):
    """The text's sentences equal the JSON's: a list of differences."""
    said = text_lines(text_path)
    with open(json_path) as f:
        doc = json.load(f)
    diffs = []
    for run, ph in phases_of(doc):
        s = ph["verdict"]["sentence"]
        got = said.get(ph["name"], [])
        if s in got or any(g.startswith("\0") and g[1:].startswith(s) for g in got):
            continue
        # The grouped line "too short to judge (under 2 s of operations; ...):
        # NAMES" makes the claim of a plain "too short to judge (D s of
        # operations)" with D < 2 (nothing else said) for each name it lists.
        m = SHORT_RE.fullmatch(s)
        if m and not m.group(2) and float(m.group(1)) < 2.0 and any(
                g.startswith("\0too short to judge (under 2 s of operations") for g in got):
            continue
        diffs.append("%s: %s: JSON says %r, the text %s" % (text_path, ph["name"], s,
                     ("says " + " / ".join(repr(g.lstrip("\0")) for g in got)) if got else "has no over-time line"))
    return diffs


def sibling(name):
    """A checker module beside this file (verdict_sweep, verdict_qd), loaded
    only by the mode that needs it."""
    import importlib
    import os
    here = os.path.dirname(os.path.abspath(__file__))
    if here not in sys.path:
        sys.path.insert(0, here)
    return importlib.import_module(name)


def sweep_main(argv):
    """--sweep JSON... [--table TEXT JSON]: the sweep's sentences (and the
    text's sweep lines) against the JSON's data (verdict_sweep.py)."""
    verdict_sweep = sibling("verdict_sweep")
    quiet = "--quiet" in argv
    if argv[:1] == ["--table"] and len(argv) == 3:
        diffs, rows = verdict_sweep.check_sweep_text(argv[1], argv[2])
        for d in diffs:
            print(d)
        print("verdict_check --sweep --table: %d rows, %d differences" % (rows, len(diffs)))
        return 1 if diffs or rows == 0 else 0
    tot = [0, 0, 0]
    judge = verdict_sweep.check_old_file if "--old" in argv else verdict_sweep.check_sweep_file
    for p in [a for a in argv if not a.startswith("--")]:
        out = []
        r = judge(p, out)
        for line in out:
            if not quiet:
                print(line)
        tot = [a + b for a, b in zip(tot, r)]
    print("verdict_check --sweep: %d sentences (%d claims), %d false" % tuple(tot))
    return 1 if tot[2] or tot[0] == 0 else 0


def compare_main(argv):
    verdict_sweep = sibling("verdict_sweep")
    n, bad = verdict_sweep.check_compare(*argv)
    for b in bad:
        print("%s: FALSE %s" % (argv[0], b))
    print("verdict_check --compare: %d claims, %d false" % (n, len(bad)))
    return 1 if bad or n == 0 else 0


def qd_main(argv):
    """--qd JSON... | --qd --table TEXT JSON: the queue-depth profile's
    depth-gain sentences (and the text's profile rows) against each row's
    own figures (verdict_qd.py)."""
    verdict_qd = sibling("verdict_qd")
    if argv[:1] == ["--table"] and len(argv) == 3:
        diffs, rows = verdict_qd.check_qd_text(argv[1], argv[2])
        for d in diffs:
            print(d)
        print("verdict_check --qd --table: %d rows, %d differences" % (rows, len(diffs)))
        return 1 if diffs or rows == 0 else 0
    n = nbad = 0
    for p in [a for a in argv if not a.startswith("--")]:
        out = []
        a, b = verdict_qd.check_qd_file(p, out)
        n, nbad = n + a, nbad + b
        for line in out:
            print(line)
    print("verdict_check --qd: %d sentences, %d false" % (n, nbad))
    return 1 if nbad or n == 0 else 0


def main(argv):
    if argv[:1] == ["--qd"]:
        return qd_main(argv[1:])
    if argv[:1] == ["--compare"] and len(argv) >= 3:  # one file may hold every run (a sweep)
        return compare_main(argv[1:])
    if argv[:1] == ["--sweep"]:
        return sweep_main(argv[1:])
    if argv[:1] == ["--text"] and len(argv) == 3:
        diffs = check_text(argv[1], argv[2])
        for d in diffs:
            print(d)
        print("verdict_check --text: %d differences" % len(diffs))
        return 1 if diffs else 0
    old = "--old" in argv
    quiet = "--quiet" in argv
    files = [a for a in argv if not a.startswith("--")]
    if not files:
        sys.stderr.write("usage: verdict_check.py [--old] [--quiet] [--strict] RESULT.json...\n")
        return 2
    strict = "--strict" in argv
    tot = [0, 0, 0, 0]
    for p in files:
        out = []
        try:
            r = check_file(p, old, out)
        except (OSError, ValueError, KeyError, TypeError) as e:
            print("%s: cannot read: %s" % (p, e))
            tot[2] += 1
            continue
        for line in out:
            if not quiet:
                print(line)
        tot = [a + b for a, b in zip(tot, r)]
    print("verdict_check: %d sentences, %d false, %d unparsable, %d incomplete" % tuple(tot))
    if tot[2]:
        return 2
    return 1 if tot[1] or (strict and tot[3]) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
