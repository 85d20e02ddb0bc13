"""The sweep part of the independent checker (tests/verdict_check.py --sweep):
every sentence of a client sweep's JSON (sweep.phases[].knee, sweep.answer)
is parsed by the templates of docs/verdicts.md ("The sweep's sentences") and
each claim is recomputed from the JSON's data: the runs' own rates,
latencies, confidence marks and client overlaps, and the rule's constants
as the JSON states them (knee_factor, lag_floor_s, min_gain, min_overlap,
cores). It shares no code with bonnie's sweep model: the rule is written
here again from bonnie.1 and docs/behaviour.md. With --table the text
report's sweep lines are held against the JSON: the sentences are the
JSON's, and each row's marks (~ # ! c ? after the rate as the run's table
gives them; < under min_overlap and * CPU-bound, each a blank after its %)
are what the runs say."""
import json
import re
import statistics

MARKS = {"short": "~", "few_operations": "#", "cached": "c", "not_evicted": "?"}
UNTRUSTED = set(MARKS)
SERVER = {"put_block", "get_block", "seq_create", "seq_stat", "seq_del", "ran_create", "ran_stat", "ran_del"}


def rate_of(ph):
    for k, v in ph.items():
        if k.startswith("rate_") and "unsynced" not in k:
            return v
    return None


class Point:
    """One phase at one count, from the runs at that count (not from sweep.points)."""

    def __init__(self, clients, phs):
        self.clients = clients
        self.runs = len(phs)
        rates = [rate_of(p) for p in phs]
        self.rate = statistics.median(rates)
        self.rate_lo, self.rate_hi = min(rates), max(rates)
        p99 = [(p.get("latency_ns") or {}).get("p99") or 0 for p in phs]
        self.p99 = statistics.median(p99)
        self.p99_lo, self.p99_hi = min(p99), max(p99)
        self.reasons = set()
        for p in phs:
            self.reasons |= set((p.get("confidence") or {}).get("reasons") or [])
        ov = [(p.get("clients") or {}).get("overlap", 1.0) for p in phs]
        self.overlap = min(ov) if clients > 1 else 1.0
        self.cpu = max((p["cpu_ns"] / p["elapsed_ns"]) if p.get("elapsed_ns") else 0 for p in phs)


class Sweep:
    def __init__(self, doc):
        sw = doc["sweep"]
        self.doc = doc
        self.k = sw["knee_factor"]
        self.floor = sw["lag_floor_s"] * 1e9
        self.gain = sw["min_gain"]
        self.min_overlap = sw["min_overlap"]
        self.cores = sw["cores"]
        self.counts = []
        for r in doc["runs"]:
            c = r.get("clients") or 1
            if c not in self.counts:
                self.counts.append(c)
        self.finished = set(sw.get("clients_done") or [])
        self.points = {}
        for c in self.counts:
            runs = [r for r in doc["runs"] if (r.get("clients") or 1) == c]
            by = {}
            for r in runs:
                for p in r["phases"]:
                    if p.get("status") == "done" and rate_of(p) is not None:
                        by.setdefault(p["name"], []).append(p)
            for name, phs in by.items():
                self.points[(name, c)] = Point(c, phs)
        self.repeats = min((p.runs for p in self.points.values()), default=1) > 1

    def ran(self, name):
        return [c for c in self.counts if (name, c) in self.points]

    def low_overlap(self, p):
        return p.clients > 1 and p.overlap < self.min_overlap

    def trusted(self, name, c):
        p = self.points.get((name, c))
        return p is not None and not (p.reasons & UNTRUSTED) and not self.low_overlap(p)

    def mark(self, name, c):
        p = self.points[(name, c)]
        for r in ("short", "few_operations", "cached", "not_evicted"):
            if r in p.reasons:
                return MARKS[r]
        return "<"

    def differ(self, name, a, b):
        pa, pb = self.points[(name, a)], self.points[(name, b)]
        hi, lo = (pa, pb) if pa.rate >= pb.rate else (pb, pa)
        if hi.runs > 1 and lo.runs > 1:
            return lo.rate_hi < hi.rate_lo
        return lo.rate * self.gain < hi.rate

    def cpu_bound(self, name, c):
        p = self.points[(name, c)]
        return p.cpu / c >= 0.80 or (self.cores > 0 and p.cpu >= 0.90 * self.cores)

    def knee(self, name):
        """The rule, written again: over the trusted counts."""
        used = [c for c in self.ran(name) if self.trusted(name, c)]
        out = {"used": used, "left": [c for c in self.ran(name) if not self.trusted(name, c)]}
        if len(used) < 2:
            return out
        P = lambda c: self.points[(name, c)]
        best = max(used, key=lambda c: (P(c).rate, -used.index(c)))
        near = [c for c in used if not self.differ(name, c, best)]
        out["best"] = best
        if len(near) == len(used):
            out["kind"] = "none"
        else:
            peak = min(near, key=used.index)
            out["peak"] = peak
            out["kind"] = "highest" if peak == best else "noise"
            out["rising"] = peak == best and best == used[-1]
        base = used[0]
        out["over"] = out["factor"] = None
        for c in used[1:]:
            lo = P(c).p99_lo if P(c).runs > 1 else P(c).p99
            hb = P(base).p99_hi if P(base).runs > 1 else P(base).p99
            if lo > self.k * hb:
                if lo >= self.floor:
                    out["over"], out["base"] = c, base
                    out["factor"] = None
                    break
                if out["factor"] is None:
                    out["factor"], out["fbase"] = c, base
            if P(c).p99 < P(base).p99:
                base = c
        cpu = [c for c in used if self.cpu_bound(name, c)]
        out["cpu_at"] = cpu[0] if cpu else None
        def storage(c):
            if out["cpu_at"] is None:
                return True
            return used.index(c) < used.index(out["cpu_at"]) and (self.cores == 0 or c <= self.cores)
        out["cpu_knee"] = out["over"] is not None and not storage(out["over"])
        out["storage"] = [c for c in used if storage(c)]
        return out


# ------------------------------------------------------------- parsing
NUMU = r"([\d.]+ (?:KiB/s|MiB/s|GiB/s|seeks/s|files/s))"
LAT = r"([\d.]+ (?:ns|µs|us|ms|s))"
SENT = [
    ("one", re.compile(r"Ran at one client count only: no knee\.")),
    ("few", re.compile(r"Fewer than two counts can be used: no knee\.")),
    ("flat", re.compile(r"Throughput shows no knee: at every count from (\d+) to (\d+) clients it is (within (\d+)% of the highest|within the runs' spread of the highest) \(" + NUMU + r" at (\d+) clients?\)\.")),
    ("rising", re.compile(r"Throughput still rises at (\d+) clients?, the last count: " + NUMU + r", the highest rate\.")),
    ("peak", re.compile(r"Throughput peaks at (\d+) clients?: " + NUMU + r", the highest rate\.")),
    ("levels", re.compile(r"Throughput levels off at (\d+) clients?: " + NUMU + r", (?:within (\d+)% of the highest|its runs' range overlaps that of the highest) \(" + NUMU + r" at (\d+) clients\)\.")),
    ("passes", re.compile(r"p99 latency passes ([\d.]+)x( and ([\d.]+) ms)? at (\d+) clients: " + LAT + r" against " + LAT + r" at (\d+) clients?\.")),
    ("floor", re.compile(r"That is under the ([\d.]+) ms floor, and no count up to (\d+) clients passes both: no latency knee\.")),
    ("within", re.compile(r"p99 latency stays within ([\d.]+)x of its lowest earlier value up to (\d+) clients\.")),
    ("cpu", re.compile(r"This host's CPU was the limit from (\d+) clients? \(([^)]*)\)(, so that rise is no storage knee)?\.")),
    ("left", re.compile(r"Left out: (.*)\.")),
]


def split_sentences(text):
    """Claims in order: each a (kind, match); raises ValueError."""
    out = []
    s = text.strip()
    while s:
        for kind, rx in SENT:
            m = rx.match(s)
            if m and (kind != "left" or True):
                if kind == "left":  # the rest of the line
                    m = re.fullmatch(r"Left out: (.*)\.", s)
                    if not m:
                        break
                out.append((kind, m))
                s = s[m.end():].lstrip()
                break
        else:
            raise ValueError("no template at %r" % s[:80])
    return out


def amount(text):
    v, u = text.split(" ", 1)
    v = float(v)
    mult = {"KiB/s": 1, "MiB/s": 1024, "GiB/s": 1024 * 1024, "seeks/s": 1, "files/s": 1}
    return v * mult[u]


def lat_ns(text):
    v, u = text.split(" ")
    return float(v) * {"ns": 1, "µs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}[u]


def close_rate(said, actual):
    # the sentence cuts to 3-4 significant digits
    return abs(said - actual) <= max(0.0011 * actual, 0.051 * (1024 if actual > 10000 else 1)) + 1


def close_lat(said, actual):
    return abs(said - actual) <= 0.01 * actual + 1 or abs(said - actual) < 0.051 * 10 ** (len(str(int(actual))) - 3)


def check_phase(sw, name, sentence, bad):
    if not sentence.startswith(name + ": "):
        bad("does not start with its phase's name")
        return 0
    try:
        claims = split_sentences(sentence[len(name) + 2:])
    except ValueError as e:
        bad("UNPARSABLE: %s" % e)
        return 0
    k = sw.knee(name)
    P = lambda c: sw.points[(name, c)]
    for kind, m in claims:
        if kind == "one":
            if len(sw.ran(name)) != 1:
                bad("ran at one count only: it ran at %s" % sw.ran(name))
        elif kind == "few":
            if len(k["used"]) >= 2 or len(sw.ran(name)) < 2:
                bad("fewer than two usable counts: usable %s of %s" % (k["used"], sw.ran(name)))
        elif kind == "flat":
            a, b, best = int(m.group(1)), int(m.group(2)), int(m.group(6))
            if k.get("kind") != "none":
                bad("no knee said, but %s differs from the highest (%s)" % ([c for c in k["used"] if sw.differ(name, c, k["best"])], k.get("best")))
            if k["used"][:1] != [a] or k["used"][-1:] != [b] or best != k.get("best"):
                bad("flat from %d to %d, highest at %d; the usable counts are %s, highest %s" % (a, b, best, k["used"], k.get("best")))
            elif not close_rate(amount(m.group(5)), P(best).rate):
                bad("highest rate %s, the runs give %.1f KiB/s" % (m.group(5), P(best).rate))
        elif kind in ("rising", "peak"):
            c = int(m.group(1))
            if k.get("kind") != "highest" or k.get("peak") != c or (kind == "rising") != bool(k.get("rising")):
                bad("%s at %d: the rule gives %s at %s (rising %s)" % (kind, c, k.get("kind"), k.get("peak"), k.get("rising")))
            elif not close_rate(amount(m.group(2)), P(c).rate):
                bad("rate %s at %d, the runs give %.1f KiB/s" % (m.group(2), c, P(c).rate))
        elif kind == "levels":
            c, best = int(m.group(1)), int(m.group(5))
            if k.get("kind") != "noise" or k.get("peak") != c or k.get("best") != best:
                bad("levels off at %d (highest %d): the rule gives %s at %s, highest %s" % (c, best, k.get("kind"), k.get("peak"), k.get("best")))
            if m.group(3) and abs(int(m.group(3)) - round((sw.gain - 1) * 100)) > 0:
                bad("names %s%%, the rule's gain is %g" % (m.group(3), sw.gain))
        elif kind == "passes":
            f, fl, c, at, base, bc = float(m.group(1)), m.group(3), int(m.group(4)), lat_ns(m.group(5)), lat_ns(m.group(6)), int(m.group(7))
            if abs(f - sw.k) > 1e-9:
                bad("names %gx, the rule is %gx" % (f, sw.k))
            if fl is not None:
                if abs(float(fl) * 1e6 - sw.floor) > 1:
                    bad("names %s ms, the floor is %g ms" % (fl, sw.floor / 1e6))
                if k.get("over") != c or k.get("base") != bc:
                    bad("passes both at %d against %d: the rule gives %s against %s" % (c, bc, k.get("over"), k.get("base")))
            else:
                want, wb = (k.get("over"), k.get("base")) if sw.floor == 0 else (k.get("factor"), k.get("fbase"))
                if want != c or wb != bc:
                    bad("passes %gx at %d against %d: the rule gives %s against %s" % (f, c, bc, want, wb))
            if (name, c) in sw.points and not close_lat(at, P(c).p99):
                bad("p99 %s at %d, the runs give %d ns" % (m.group(5), c, P(c).p99))
            if (name, bc) in sw.points and not close_lat(base, P(bc).p99):
                bad("p99 %s at %d, the runs give %d ns" % (m.group(6), bc, P(bc).p99))
            if (name, c) in sw.points and (name, bc) in sw.points and not P(c).p99 > sw.k * P(bc).p99:
                bad("p99 at %d is not over %gx that at %d" % (c, sw.k, bc))
        elif kind == "floor":
            if k.get("over") is not None or k.get("factor") is None:
                bad("under the floor: the rule gives a knee at %s, over %gx at %s" % (k.get("over"), sw.k, k.get("factor")))
            elif P(k["factor"]).p99 >= sw.floor:
                bad("the p99 at %d is not under the floor" % k["factor"])
            if int(m.group(2)) != k["used"][-1]:
                bad("up to %s clients: the last usable count is %s" % (m.group(2), k["used"][-1]))
        elif kind == "within":
            if k.get("over") is not None or k.get("factor") is not None:
                bad("stays within: the rule passes at %s" % (k.get("over") or k.get("factor")))
            if int(m.group(2)) != k["used"][-1]:
                bad("up to %s clients: the last usable count is %s" % (m.group(2), k["used"][-1]))
        elif kind == "cpu":
            c = int(m.group(1))
            if k.get("cpu_at") != c:
                bad("CPU the limit from %d: the runs give %s" % (c, k.get("cpu_at")))
            if bool(m.group(3)) != bool(k.get("cpu_knee")):
                bad("says the rise is %sthe CPU's; the rule: %s" % ("" if m.group(3) else "not ", k.get("cpu_knee")))
        elif kind == "left":
            said = {}
            for grp in m.group(1).split("; "):
                g = re.fullmatch(r"([\d, and]+) clients? \((.) [^)]*\)", grp)
                if not g:
                    bad("cannot read the left-out group %r" % grp)
                    continue
                for c in re.findall(r"\d+", g.group(1)):
                    said[int(c)] = g.group(2)
            want = {c: sw.mark(name, c) for c in k["left"]}
            if said != want:
                bad("left out %s; the runs mark %s" % (said, want))
    if k["left"] and not any(kind == "left" for kind, _ in claims):
        bad("counts %s are marked but not said to be left out" % k["left"])
    return len(claims)


def check_noise(sw, sentence, bad):
    """The noise rule's sentence: the runs per count and the gain it names."""
    runs = min((p.runs for p in sw.points.values()), default=1)
    m = re.fullmatch(r"Single run per count: rate differences under (\d+)% are not judged \(-x N repeats every "
                     r"count, interleaved, and judges by their spread\)\.", sentence)
    if m:
        if runs != 1:
            bad("single run per count, but every count ran %d times" % runs)
        if int(m.group(1)) != round((sw.gain - 1) * 100):
            bad("under %s%%: the rule's gain is %g" % (m.group(1), sw.gain))
        return 1
    m = re.fullmatch(r"(\d+) runs per count, interleaved: two counts' rates differ when their ranges \(lowest to "
                     r"highest run\) do not overlap\.", sentence)
    if m:
        if int(m.group(1)) != runs:
            bad("%s runs per count: the fewest a count ran is %d" % (m.group(1), runs))
        return 1
    bad("UNPARSABLE noise sentence %r" % sentence)
    return 0


ANSWER = [
    ("none", re.compile(r"No client count finished: no answer\.")),
    ("nophase", re.compile(r"Inconclusive: no phase a file server is loaded by \(block write and read, file create, stat and delete\) has two client counts to use\.")),
    ("takes", re.compile(r"This server takes up to (\d+) clients?: at (\d+) clients the p99 latency of (\w+) passes ([\d.]+x(?: and [\d.]+ ms)?)\.")),
    ("others", re.compile(r"(\d+) other phases? pass(?:es)? there too\.")),
    ("judged", re.compile(r"Judged from ([\w, ]+?)\.")),
    ("noknee", re.compile(r"No storage knee up to (\d+) clients: the p99 latency of ([\w, ]+?) did not pass ([\d.]+x(?: and [\d.]+ ms)?)(?: together)?\.")),
    ("nofinish", re.compile(r"Inconclusive: no count after the first of ([\w, ]+?) finished\.")),
    ("nostorage", re.compile(r"Inconclusive: no count after the first of ([\w, ]+?) shows the storage\.")),
    ("cut", re.compile(r"The run at (\d+) clients? did not finish\.")),
    ("leftn", re.compile(r"Left out: (\d+) points? marked ~, #, c, \? or < \(see each phase\)\.")),
    ("notjudged", re.compile(r"Not judged, too few counts left: ([\w, ]+?)\.")),
    ("cpu", re.compile(r"This host's CPU was the limit for (\w+)(?: \(and (\d+) other phases?\))? from (\d+) clients? \(([^)]*)\)\.")),
]


def names(text):
    return [x for x in re.split(r", | and ", text) if x]


def check_answer(sw, sentence, bad):
    s, claims = sentence.strip(), []
    while s:
        for kind, rx in ANSWER:
            m = rx.match(s)
            if m:
                claims.append((kind, m))
                s = s[m.end():].lstrip()
                break
        else:
            bad("UNPARSABLE answer at %r" % s[:80])
            return 0
    knees = {n: sw.knee(n) for n in SERVER if len(sw.ran(n)) >= 1}
    judged = sorted((n for n, k in knees.items() if len(k["used"]) >= 2), key=lambda n: PHASE_ORDER.index(n))
    lags = [(k["over"], n) for n, k in knees.items() if n in judged and k["over"] is not None and not k["cpu_knee"]]
    rule = "%gx" % sw.k + (" and %g ms" % (sw.floor / 1e6) if sw.floor else "")
    for kind, m in claims:
        if kind in ("judged", "noknee", "nofinish", "nostorage"):
            said = names(m.group(2) if kind == "noknee" else m.group(1))
            if said != judged:
                bad("judged from %s; the phases with two usable counts are %s" % (said, judged))
        if kind == "takes":
            upto, at, ph = int(m.group(1)), int(m.group(2)), m.group(3)
            if not lags:
                bad("a lag at %d in %s: no judged phase's p99 passes %s" % (at, ph, rule))
                continue
            first = min(c for c, _ in lags)
            if at != first or ph not in [n for c, n in lags if c == first]:
                bad("first lag at %d in %s; the rule gives %s" % (at, ph, sorted(lags)))
            used = knees[ph]["used"]
            if at in used and used.index(at) > 0 and used[used.index(at) - 1] != upto:
                bad("takes up to %d: the usable count before %d is %d" % (upto, at, used[used.index(at) - 1]))
            if m.group(4) != rule:
                bad("rule %r, the JSON's is %r" % (m.group(4), rule))
        if kind == "noknee":
            if lags:
                bad("no storage knee, but %s passes %s" % (sorted(lags), rule))
            upto = int(m.group(1))
            reach = 0
            for n in judged:
                k = knees[n]
                for c in k["storage"][1:]:
                    if c in sw.finished:
                        reach = max(reach, c)
            if upto != reach:
                bad("up to %d clients; the largest usable storage count is %d" % (upto, reach))
        if kind == "leftn":
            n = sum(len(k["left"]) for k in knees.values())
            if int(m.group(1)) != n:
                bad("%s points left out; the runs mark %d" % (m.group(1), n))
        if kind == "notjudged":
            want = [n for n in PHASE_ORDER if n in knees and n not in judged and knees[n]["left"] and len(sw.ran(n)) >= 2]
            if names(m.group(1)) != want:
                bad("not judged %s; by the marks %s" % (names(m.group(1)), want))
        if kind == "cpu":
            ph, at = m.group(1), int(m.group(3))
            cpus = [(knees[n]["cpu_at"], PHASE_ORDER.index(n), n) for n in judged if knees[n]["cpu_at"] is not None]
            if not cpus or min(cpus)[0] != at or ph not in [n for c, _, n in cpus if c == at]:
                bad("CPU the limit for %s from %d; the runs give %s" % (ph, at, sorted(cpus)))
    if not any(k in ("leftn",) for k, _ in claims) and sum(len(k["left"]) for n, k in knees.items()):
        bad("marked points of server phases are left out but not said")
    return len(claims)


PHASE_ORDER = ["putc", "put_block", "rewrite", "getc", "get_block", "seeks", "seq_create", "seq_stat", "seq_del",
               "ran_create", "ran_stat", "ran_del", "qd"]


def check_sweep_file(path, out):
    """(sentences, claims, false) for one JSON file."""
    with open(path) as f:
        doc = json.load(f)
    if "sweep" not in doc:
        return 0, 0, 0
    sw = Sweep(doc)
    n = claims = false = 0
    for ph in doc["sweep"]["phases"]:
        probs = []
        claims += check_phase(sw, ph["name"], ph["knee"], probs.append)
        n += 1
        if probs:
            false += 1
            out.append("%s: sweep %s: FALSE %r: %s" % (path, ph["name"], ph["knee"], "; ".join(probs)))
    probs = []
    claims += check_noise(sw, doc["sweep"].get("noise", ""), probs.append)
    n += 1
    if probs:
        false += 1
        out.append("%s: sweep noise: FALSE %r: %s" % (path, doc["sweep"].get("noise"), "; ".join(probs)))
    probs = []
    claims += check_answer(sw, doc["sweep"]["answer"], probs.append)
    n += 1
    if probs:
        false += 1
        out.append("%s: sweep answer: FALSE %r: %s" % (path, doc["sweep"]["answer"], "; ".join(probs)))
    return n, claims, false


# a row's last columns: the overlap ("-" at 1 client) and the CPU, each
# with its mark a blank after the % ("58% <", "99% *")
TAIL = re.compile(r" (-|\d+%)(?: (<))? +(\d+%)(?: (\*))?$")


def check_sweep_text(text_path, json_path):
    """The text's sweep lines against the JSON: the sentences, and each
    row's marks."""
    with open(json_path) as f:
        doc = json.load(f)
    sw = Sweep(doc)
    lines = open(text_path, errors="replace").read().split("\n")
    diffs = []
    for ph in doc["sweep"]["phases"]:
        if ph["knee"] not in lines:
            diffs.append("%s: the text has no line %r" % (text_path, ph["knee"]))
    if doc["sweep"]["answer"] not in lines:
        diffs.append("%s: the text has no line %r" % (text_path, doc["sweep"]["answer"]))
    start = next((i for i, l in enumerate(lines) if l.startswith("Client sweep:")), None)
    rows = 0
    for l in lines[start + 2 if start is not None else len(lines):]:
        m = re.match(r"^(\w+) +(\d+) +(\S+) ([~#!c?]|\s)", l)
        if not m or (m.group(1), int(m.group(2))) not in sw.points:
            if rows:
                break
            continue
        rows += 1
        name, c = m.group(1), int(m.group(2))
        p = sw.points[(name, c)]
        cell = m.group(3)
        mark = m.group(4)
        want = " "
        for r in ("short", "few_operations", "unstable", "cached", "not_evicted"):
            if r in p.reasons:
                want = MARKS.get(r, "!")
                break
        if mark != want and not (want == "!" and mark == " "):
            diffs.append("%s: %s at %d: rate marked %r, the runs say %r" % (text_path, name, c, mark, want))
        t = TAIL.search(l)
        if not t:
            diffs.append("%s: %s at %d: cannot read the overlap and CPU columns of %r" % (text_path, name, c, l))
            continue
        ov, ov_mark, cpu, cpu_mark = t.groups()
        low = sw.low_overlap(p)
        if c > 1 and bool(ov_mark) != low:
            diffs.append("%s: %s at %d: overlap %s%s, the runs' lowest is %.4f" % (text_path, name, c, ov, " <" if ov_mark else "", p.overlap))
        if bool(cpu_mark) != sw.cpu_bound(name, c):
            diffs.append("%s: %s at %d: CPU %s%s, the runs give %.2f cores" % (text_path, name, c, cpu, " *" if cpu_mark else "", p.cpu))
    return diffs, rows


# ------------------------------------------------------------- compare
WORDS = {"per-char write": "putc", "block write": "put_block", "rewrite": "rewrite", "per-char read": "getc",
         "block read": "get_block", "random seeks": "seeks", "sequential create": "seq_create",
         "sequential stat": "seq_stat", "sequential delete": "seq_del", "random create": "ran_create",
         "random stat": "ran_stat", "random delete": "ran_del"}
PHRASE = re.compile(r"(" + "|".join(WORDS) + r")( median latency| p99 latency| max latency)? ([\d.]+)x "
                    r"(faster|slower|better|worse) on ([A-Z]+)( \(([^)]*)\))?$")


class Phases(dict):
    """A run's phases by name; .config: its file's settings."""
    config = {}


def compare_runs(paths):
    """Every run of the files in order, as compare labels them (A, B, ...)."""
    runs = []
    for path in paths:
        with open(path) as f:
            doc = json.load(f)
        for run in doc["runs"]:
            phases = Phases((p["name"], p) for p in run["phases"] if p.get("status") == "done")
            phases.config = dict(doc.get("config") or {})
            # an automatic file count is decided in the run: its counts say
            # what ran (config.files is null then), and compare compares that
            counted = (run.get("counts") or {}).get("files")
            if counted is not None:
                phases.config["files"] = counted
            # a sweep's levels are runs of their own count (runs[].clients)
            phases.clients = run.get("clients", phases.config.get("concurrency"))
            runs.append(phases)
    return runs


def label_index(lab):
    n = 0
    for ch in lab:
        n = n * 26 + (ord(ch) - 64)
    return n - 1


# "no difference here is strong evidence: each rate compared is R, R or R
# (below, as weaker evidence)": each reason R named holds for some rate
# compared, and every rate compared has one of the reasons named.
NOTHING_STRONG = "no difference here is strong evidence: each rate compared is "
REASONS = {"under 0.5 s": "short", "under 100 operations": "few", "from a cache": "cached",
           "of unknown cache state": "cache_unknown", "of runs set up differently": "setup",
           "of unknown time": "time_unknown"}
# the settings that matter for a phase (docs/verdicts.md, compare): the data
# file's size for the I/O phases, the chunk for the block phases and seeks,
# the file tree for the file phases, O_DIRECT for all but per-char
SETUP = {"file_size_bytes": ("putc", "put_block", "rewrite", "getc", "get_block", "seeks"),
         "chunk_bytes": ("put_block", "rewrite", "get_block", "seeks"),
         "files": ("seq_create", "seq_stat", "seq_del", "ran_create", "ran_stat", "ran_del"),
         "file_max_bytes": ("seq_create", "seq_stat", "seq_del", "ran_create", "ran_stat", "ran_del"),
         "file_min_bytes": ("seq_create", "seq_stat", "seq_del", "ran_create", "ran_stat", "ran_del"),
         "file_dirs": ("seq_create", "seq_stat", "seq_del", "ran_create", "ran_stat", "ran_del"),
         "direct_io": ("put_block", "rewrite", "get_block", "seeks", "seq_create", "seq_stat", "seq_del",
                       "ran_create", "ran_stat", "ran_del")}


def side_reasons(p):
    """What one file records against comparing a phase's rate."""
    why = set()
    conf = p.get("confidence")
    if not p.get("elapsed_ns"):
        why.add("time_unknown")
    elif p["elapsed_ns"] < 5e8:
        why.add("short")
    if p.get("operations") is not None and p["operations"] < 100:
        why.add("few")
    if conf is None:
        why.add("cache_unknown")
    elif "cached" in conf.get("reasons", []):
        why.add("cached")
    return why


def rate_reasons(name, pa, pb, ca, cb):
    """What the two files record against comparing one phase's rates."""
    why = side_reasons(pa) | side_reasons(pb)
    if any(name in phases and ca.get(k) != cb.get(k) for k, phases in SETUP.items()):
        why.add("setup")
    return why


def nothing_strong(body, runs):
    words = re.sub(r" \(below, as weaker evidence\)$", "", body[len(NOTHING_STRONG):])
    said = re.split(r", | or ", words)
    if any(w not in REASONS for w in said):
        return ["UNPARSABLE %r" % body]
    named = {REASONS[w] for w in said}
    bad, seen = [], set()
    a = runs[0]
    for j, b in enumerate(runs[1:], 1):
        for k in a:
            if k not in b:
                continue
            why = rate_reasons(k, a[k], b[k], a.config, b.config)
            seen |= why
            if not why:
                bad.append("%r: %s of A and run %d is strong evidence (0.5 s, 100 operations, from the device, "
                           "set up alike)" % (body, k, j))
            elif not why & named:
                bad.append("%r: %s of A and run %d is weaker for %s, none named" % (body, k, j, sorted(why)))
    for w in said:
        if REASONS[w] not in seen:
            bad.append("%r: no rate compared is %s" % (body, w))
    return bad


SIDES = r"([A-Z]+(?: and [A-Z]+)?)"
SIDED = [(re.compile(SIDES + r" from a cache"), "cached"), (re.compile(SIDES + r" under 0\.5 s"), "short"),
         (re.compile(SIDES + r" under 100 operations"), "few"),
         (re.compile(r"cache state unknown for " + SIDES), "cache_unknown"),
         (re.compile(r"time unknown for " + SIDES), "time_unknown")]


def weaker_reasons(ph, said, why, sides):
    """A weaker-evidence phrase: its reasons in parentheses each hold, and
    there is one; a reason of one side names exactly the sides it holds for
    (sides: {label: that side's reasons})."""
    bad = [] if why else ["%r as weaker evidence, but the runs record nothing against it" % ph]
    for w in said.split("; ") if said else []:
        if re.search(r" differs?$", w):
            if "setup" not in why:
                bad.append("%r: %r, but the files record %s" % (ph, w, sorted(why) or "none"))
            continue
        found = [(m, kind) for rx, kind in SIDED for m in [rx.fullmatch(w)] if m]
        if not found:
            bad.append("UNPARSABLE reason %r in %r" % (w, ph))
            continue
        m, kind = found[0]
        named = set(m.group(1).split(" and "))
        holds = {lab for lab, r in sides.items() if kind in r}
        if named != holds:
            bad.append("%r: %r, but it holds for %s" % (ph, w, " and ".join(sorted(holds)) or "neither"))
    return bad


# compare's "Not stated by the inputs" lines ("  A, B (bonnie JSON): no
# cache state, no time"): each thing said lacking, of each bonnie JSON run
# named, is in none of its phases (the other kinds are not JSON to read).
LACKS = {
    "no latency": lambda p: "latency_ns" not in p,
    "no max latency": lambda p: "max" not in (p.get("latency_ns") or {}),
    "no percentile below the max": lambda p: not set(p.get("latency_ns") or {}) & {"p50", "p99", "histogram_ns"}
    and "histogram_ns" not in p,
    "no cache state": lambda p: "mark" not in (p.get("confidence") or {}),
    "no time": lambda p: "elapsed_ns" not in p,
}


def lacks_claims(text, paths):
    runs = [run["phases"] for path in paths for run in json.load(open(path))["runs"]]
    bad, n = [], 0
    m = re.search(r"^Not stated by the inputs[^\n]*\n((?:  .*\n)+)", text, re.M)
    lines = re.split(r"\n(?=  \S)", m.group(1).rstrip("\n")) if m else []
    for line in lines:
        line = " ".join(line.split())
        head, _, said = line.partition("): ")
        labels, _, kind = head.partition(" (")
        if kind != "bonnie JSON":
            continue
        for lab in re.findall(r"\b[A-Z]+\d*\b", labels.split(" and ")[0]):
            i = label_index(lab)
            for what in said.split(", "):
                n += 1
                if what not in LACKS:
                    bad.append("UNPARSABLE lack %r" % what)
                elif i >= len(runs) or not all(LACKS[what](p) for p in runs[i]):
                    bad.append("%s: %s, but its JSON states it" % (lab, what))
    return n, bad


def check_compare(summary_path, *paths):
    """compare's summary paragraphs (text output of `bonnie compare FILE...`):
    each phrase's ratio to the base A, direction and evidence against the
    runs (A, B, ... in the order of the files and their runs)."""
    runs = compare_runs(paths)
    a = runs[0]
    text = open(summary_path, errors="replace").read()
    paras, cur = [], None
    for line in text.split("\n"):
        if re.match(r"(Summary|Latency percentiles|Weaker evidence|Maximum latencies)", line):
            cur = [line]
            paras.append(cur)
        elif cur is not None and line.startswith("  "):
            cur.append(line.strip())
        else:
            cur = None
    bad, n = [], 0
    # the setup's clients line: each run's own count ("clients  A: 1; B: 4")
    m = re.search(r"^  clients +(.*)$", text, re.M)
    if m:
        n += 1
        for lab, val in re.findall(r"([A-Z]+): ([^;]+)", m.group(1)):
            i = label_index(lab)
            want = runs[i].clients if i < len(runs) else None
            if want is not None and val.strip() != str(want):
                bad.append("setup says clients %s: %s, the file's run has %s" % (lab, val.strip(), want))
    nl, bl = lacks_claims(text, paths)
    n, bad = n + nl, bad + bl
    enough = lambda p: p["elapsed_ns"] >= 5e8 and p["operations"] >= 100
    for para in paras:
        t = " ".join(para)
        head, _, body = t.partition(": ")
        body = body.rstrip(".")
        if body.startswith("no rate on both A and another run was measured for 0.5 s or more"):
            n += 1
            both = [(k, j) for j, b in enumerate(runs[1:], 1) for k in a if k in b and enough(a[k]) and enough(b[k])]
            if both:
                bad.append("no rate measured 0.5 s on both, but (phase, run) %s were" % both)
            continue
        if body.startswith(NOTHING_STRONG):
            n += 1
            bad += nothing_strong(body, runs)
            continue
        if body.startswith("no phase has numbers on both A and another run"):
            n += 1
            both = [(k, j) for j, b in enumerate(runs[1:], 1) for k in a if k in b]
            if both:
                bad.append("no phase on both, but (phase, run) %s are" % both)
            continue
        for ph in re.split(r"; (?![^(]*\))", body):
            n += 1
            m = PHRASE.fullmatch(ph)
            if not m:
                bad.append("UNPARSABLE %r" % ph)
                continue
            name, kind, r, word = WORDS[m.group(1)], m.group(2), float(m.group(3)), m.group(4)
            b = runs[label_index(m.group(5))] if label_index(m.group(5)) < len(runs) else {}
            if name not in a or name not in b:
                bad.append("%r: the runs do not both have %s" % (ph, name))
                continue
            if kind is None:
                va, vb = rate_of(a[name]), rate_of(b[name])
                ratio = vb / va if va else float("inf")
                up = word == "faster"
            else:
                key = {" median latency": "p50", " p99 latency": "p99", " max latency": "max"}[kind]
                va, vb = a[name]["latency_ns"][key], b[name]["latency_ns"][key]
                ratio = va / vb if vb else float("inf")  # better: B's latency lower
                up = word == "better"
            m_ = max(ratio, 1 / ratio) if ratio > 0 else float("inf")
            if (ratio > 1) != up:
                bad.append("%r: the ratio B/A is %.3f" % (ph, ratio))
            elif abs(m_ - r) > (0.051 if r < 10 else 0.51) + 0.01 * m_:
                bad.append("%r: the ratio is %.2fx" % (ph, m_))
            if head == "Summary" and not (enough(a[name]) and enough(b[name])):
                bad.append("%r in the summary, but a run of it is under 0.5 s or 100 operations" % ph)
            if head.startswith("Weaker"):
                sides = {"A": side_reasons(a[name]), m.group(5): side_reasons(b[name])}
                bad += weaker_reasons(ph, m.group(7) or "", rate_reasons(name, a[name], b[name], a.config, b.config),
                                      sides)
    return n, bad


# ------------------------------------------------------------- --old
# The sweep's former grammar (before issue 52), judged by the same rule, so
# that a baseline can be counted: each clause is one claim.
OLD_PEAK = [
    ("noknee", re.compile(r"no clear knee: rates at (\d+)-(\d+) clients are within (?:this run's|these runs') noise")),
    ("rising", re.compile(r"throughput still rises at (\d+) clients? \(highest rate, the last count\)")),
    ("peak", re.compile(r"throughput peaks at (\d+) clients? \(highest rate\)")),
    ("levels", re.compile(r"throughput peaks at (\d+) clients? \(the smallest count within noise of the highest rate, at (\d+)\)")),
]
OLD_P99 = [
    ("passes", re.compile(r"p99 latency passes ([\d.]+)x its (\d+)-client value(?: \(lower than at \d+\))?( and [\d.]+ ms)? at (\d+) clients")),
    ("notboth", re.compile(r"p99 latency does not pass both ([\d.]+)x its (\d+)-client value(?: \(lower than at \d+\))? and [\d.]+ ms up to (\d+) clients")),
    ("within", re.compile(r"p99 latency stays within ([\d.]+)x its (\d+)-client value(?: \(lower than at \d+\))? up to (\d+) clients")),
]


def check_old_phase(sw, name, sentence, bad):
    m = re.fullmatch(re.escape(name) + r": (.*?)(?:; (p99 latency .*?))?(?:, where this host's CPU.*|; this host's CPU.*)?\.", sentence)
    if not m:
        if re.fullmatch(re.escape(name) + r": completed at fewer than two client counts, no knee\.", sentence):
            if len(sw.ran(name)) >= 2:
                bad("fewer than two counts, but it ran at %s" % sw.ran(name))
            return 1
        bad("UNPARSABLE (old) %r" % sentence)
        return 0
    k = sw.knee(name)
    n = 0
    for kind, rx in OLD_PEAK:
        mm = rx.fullmatch(m.group(1))
        if not mm:
            continue
        n += 1
        want = {"noknee": "none", "rising": "highest", "peak": "highest", "levels": "noise"}[kind]
        if k.get("kind") != want or (kind != "noknee" and k.get("peak") != int(mm.group(1))) or \
                (kind == "rising") != bool(k.get("rising")) and kind in ("rising", "peak"):
            bad("%r: over the counts not marked c ~ # ? < the rule gives %s at %s (usable %s)" % (mm.group(0), k.get("kind"), k.get("peak"), k["used"]))
    for kind, rx in OLD_P99:
        mm = rx.fullmatch(m.group(2) or "")
        if not mm:
            continue
        n += 1
        if kind == "passes" and k.get("over") != int(mm.group(4)):
            bad("%r: the rule gives %s (usable %s)" % (mm.group(0), k.get("over"), k["used"]))
        if kind == "notboth":
            n += 1
            if k.get("factor") is not None:
                bad("%r: 'does not pass both' where p99 passed %gx at %s and stayed under the floor" % (mm.group(0), sw.k, k["factor"]))
            if k.get("over") is not None:
                bad("%r: the rule gives a knee at %s" % (mm.group(0), k.get("over")))
        if kind == "within" and (k.get("over") or k.get("factor")):
            bad("%r: the rule passes at %s" % (mm.group(0), k.get("over") or k.get("factor")))
    if k["left"]:
        bad("rests on counts marked %s (%s) without saying so" % ({c: sw.mark(name, c) for c in k["left"]}, k["left"]))
    return n


def check_old_file(path, out):
    with open(path) as f:
        doc = json.load(f)
    sw = Sweep(doc)
    n = claims = false = 0
    for ph in doc["sweep"]["phases"]:
        probs = []
        claims += check_old_phase(sw, ph["name"], ph["knee"], probs.append)
        n += 1
        if probs:
            false += 1
            out.append("%s: sweep %s: FALSE %r: %s" % (path, ph["name"], ph["knee"], "; ".join(probs)))
    return n, claims, false
