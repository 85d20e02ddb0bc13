#!/usr/bin/env python3
"""Measures bonnie's HTML pages as Chromium lays them out (tests/html.sh).

  html_render.py FILE.html [checks...]

Drives headless Chromium over the DevTools protocol on a pipe
(--remote-debugging-pipe: fd 3 in, fd 4 out, NUL-terminated JSON), with
no module beyond python3's own. The page itself runs no script; the
measurements are expressions evaluated from outside. Checks:

  --summary           at 1280x800 the #summary section starts within the
                      first 800 px and every row of it is on screen text
  --csv F --json F    each summary row's figures equal the run's CSV field
                      and JSON p99 (none where the JSON's count is under the
                      100 a p99 needs); every phase with a confidence mark shows
                      it in the summary and in each chart that draws it
  --sweep F.json|-    each tested client count (the series' points) has an
                      x tick on every sweep chart (a labelled .xtick or a
                      mark of path.count-ticks), the axis spans exactly the tested counts, tick
                      labels never overlap; the knee table (from the JSON;
                      not with -) holds each phase and its best count
  --compare F.json    the summary table has a cell per run and measured
                      phase with that figure; too-fast slots say so
  --phone             at 390 px wide the page never scrolls sideways
                      (documentElement.scrollWidth <= 390) and chart text
                      is at least 9 px
  (always)            at 1280 px no two bar labels (values, %CPU, marks)
                      of a chart overlap
  --max-height PX     at 1280 px the page is at most PX tall
  --max-pages N       printed on A4 it takes at most N pages, no <pre>
                      is cut at the margin and every <details> shows its
                      content
  --shot FILE WxH     a screenshot of the first screen at W x H
Prints what it measured; exits 1 with one line per failure.
"""
import base64
import csv
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile

CHROMIUM = os.environ.get("CHROMIUM", "chromium")
HANG_S = 300
CSV_RATE = {"putc": 9, "put_block": 11, "rewrite": 13, "getc": 15, "get_block": 17, "seeks": 19,
            "seq_create": 26, "seq_stat": 28, "seq_del": 30, "ran_create": 32, "ran_stat": 34,
            "ran_del": 36}
REASON_MARKS = [("short", "~"), ("few_operations", "#"), ("unstable", "!"), ("cached", "c"),
                ("not_evicted", "?")]
failures = []


def fail(msg):
    failures.append(msg)
    if len(failures) == 20:
        print("html_render: FAIL: ... (more failures not shown)", file=sys.stderr)
    if len(failures) >= 20:
        return
    print("html_render: FAIL: " + msg, file=sys.stderr)


class Browser:
    """One headless Chromium with one page, spoken to over the pipe."""

    def __init__(self):
        self.prof = tempfile.mkdtemp(prefix="html_render.")
        r_in, w_in = os.pipe()
        r_out, w_out = os.pipe()

        def fds():  # the child's fd 3 reads our commands, fd 4 writes replies
            os.dup2(r_in, 3)
            os.dup2(w_out, 4)
        self.proc = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--no-first-run", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--user-data-dir=" + self.prof, "about:blank"],
            pass_fds=(3, 4), preexec_fn=fds, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(r_in)
        os.close(w_out)
        self.w, self.r = os.fdopen(w_in, "wb"), r_out  # replies read unbuffered, so select sees them all
        self.n, self.buf, self.session, self.target = 0, b"", None, None
        self.listener = None  # called with each event of the current page (html_batch.py's console)
        self.new_page()

    def new_page(self):
        """A fresh page (tab) in place of the last: nothing set on one page
        (viewport, media, what it loaded) is seen by the next."""
        old, self.session, self.listener = self.target, None, None
        self.target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        if old:
            self.call("Target.closeTarget", {"targetId": old})
        self.session = self.call("Target.attachToTarget", {"targetId": self.target, "flatten": True})["sessionId"]
        self.call("Page.enable")

    def message(self):
        while b"\0" not in self.buf:
            # a browser that hangs fails the check instead of the suite hanging
            if not select.select([self.r], [], [], HANG_S)[0]:
                raise RuntimeError("chromium sent nothing for %d s" % HANG_S)
            data = os.read(self.r, 1 << 16)
            if not data:
                raise RuntimeError("chromium closed the pipe")
            self.buf += data
        raw, self.buf = self.buf.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method, params=None, wait_event=None):
        self.n += 1
        msg = {"id": self.n, "method": method, "params": params or {}}
        if self.session:
            msg["sessionId"] = self.session
        self.w.write(json.dumps(msg).encode() + b"\0")
        self.w.flush()
        result, seen = None, wait_event is None
        while result is None or not seen:
            m = self.message()
            if m.get("id") == self.n:
                if "error" in m:
                    raise RuntimeError("%s: %s" % (method, m["error"]))
                result = m["result"]
            elif "method" in m and m.get("sessionId") == self.session:  # not a closed page's late event
                seen = seen or m["method"] == wait_event
                if self.listener:
                    self.listener(m)
        return result

    def size(self, w, h, media=""):
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": w < 600})
        self.call("Emulation.setEmulatedMedia", {"media": media})

    def load(self, url):
        self.call("Page.navigate", {"url": url}, wait_event="Page.loadEventFired")

    def eval(self, expr):
        r = self.call("Runtime.evaluate", {"expression": expr, "returnByValue": True})
        if "exceptionDetails" in r:
            raise RuntimeError("evaluate: %s" % r["exceptionDetails"])
        return r["result"].get("value")

    def close(self, ask=True):
        """Ends the browser: asked to close, or (ask False: it failed, it
        may hang) killed."""
        try:
            if ask:
                self.call("Browser.close")
        except (RuntimeError, OSError):
            pass
        if not ask:
            self.proc.kill()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.w.close()
        os.close(self.r)
        shutil.rmtree(self.prof, ignore_errors=True)


# Evaluated in the page: what its layout says, as plain data.
MEASURE = r"""(() => {
 const shown = e => { const b = e.getBoundingClientRect(); return b.width > 0 && b.height > 0; };
 const vis = root => [...root.querySelectorAll('text')].filter(shown).map(t => t.textContent).join(' ');
 const s = document.getElementById('summary');
 const out = {scrollWidth: document.documentElement.scrollWidth,
   height: document.documentElement.scrollHeight,
   summaryTop: s ? s.getBoundingClientRect().top + scrollY : null,
   summary: s ? [...s.querySelectorAll('[data-key]')].map(e => ({key: e.dataset.key, run: e.dataset.run || '',
     value: e.dataset.value || '', p99: e.dataset.p99 || '', text: shown(e) ? e.innerText : ''})) : [],
   numbers: [...document.querySelectorAll('pre.series')].map(e => e.textContent),
   repeats: [...document.querySelectorAll('table.repeats tr[data-key]')].map(e => ({key: e.dataset.key,
     text: e.innerText})),
   charts: []};
 for (const svg of document.querySelectorAll('svg.chart')) {
  const vb = svg.viewBox.baseVal, bb = svg.getBoundingClientRect(), scale = vb.width ? bb.width / vb.width : 1;
  const texts = [...svg.querySelectorAll('text')].filter(shown);
  const font = texts.length ? Math.min(...texts.map(t => parseFloat(getComputedStyle(t).fontSize) * scale)) : 99;
  const keys = {};
  for (const e of svg.querySelectorAll('[data-key]'))
   keys[e.dataset.key] = (keys[e.dataset.key] || '') + ' ' + vis(e) + ' ' + (e.dataset.marks || '');
  keys['*'] = vis(svg);  // all of the chart's visible text
  const own = svg.closest('[data-key]');
  const cap = own && own.querySelector('figcaption');
  if (own) keys[own.dataset.key] = (keys[own.dataset.key] || '') + ' ' + vis(svg) + ' ' + (cap ? cap.innerText : '');
  const ticks = [...svg.querySelectorAll('.xtick')].map(t => {
   const l = t.querySelector('text'), b = l && shown(l) ? l.getBoundingClientRect() : null;
   return {x: +t.dataset.x, box: b ? [b.left, b.right] : null}; });
  const axes = svg.querySelector('g.axes'), series = svg.querySelector('g.series[data-x]'), marks = svg.querySelector('path.count-ticks');
  const words = [...svg.querySelectorAll('.bar-value, .bar-cpu, .bar-mark')].filter(shown)
   .map(t => t.getBoundingClientRect());
  let overlaps = 0;
  for (let i = 0; i < words.length; i++)
   for (let j = i + 1; j < words.length; j++) {
    const a = words[i], b = words[j];
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 1 && h > 1) overlaps++;
   }
  const pointMarks = [...svg.querySelectorAll('text.point-mark')].filter(shown)
   .map(t => ({x: +t.dataset.x, text: t.textContent}));
  out.charts.push({id: svg.id, font: font, keys: keys, ticks: ticks, overlaps: overlaps, pointMarks: pointMarks,
   shown: svg.checkVisibility(),
   counts: series ? series.dataset.x.split(' ').map(Number) : [],
   countTicks: marks ? {x: marks.dataset.x.split(' ').map(Number),
     drawn: (marks.getAttribute('d').match(/M/g) || []).length} : {x: [], drawn: 0},
   xlo: axes && axes.dataset.xlo !== undefined ? +axes.dataset.xlo : null,
   xhi: axes && axes.dataset.xhi !== undefined ? +axes.dataset.xhi : null});
 }
 return out;
})()"""

# What is in a .screen-only box is left out of print on purpose (the run
# page's steady timelines: their verdicts are in the summary; a chart's
# numbers: its labels and the summary carry them; a sweep's last count);
# every other <details> must print its content.
PRINT_MEASURE = r"""(() => ({
 cut: [...document.querySelectorAll('pre')].filter(p => p.scrollWidth > p.clientWidth + 1).map(p => p.className),
 closed: [...document.querySelectorAll('details > :not(summary)')].filter(e => !e.closest('.screen-only') &&
   !e.checkVisibility()).length
}))()"""


def csv_rate_text(key, value):
    if key == "seeks" and value < 1000:
        return "%.1f" % value
    return str(int(value))


def mark_of(conf):
    """The one mark a cell shows: the first reason's, as the table does."""
    reasons = set(conf.get("reasons") or [])
    for name, m in REASON_MARKS:
        if name in reasons:
            return m
    return ""


def charts_of(m, key):
    """The charts drawing key that are laid out (one inside a closed
    <details> shows nothing until opened, its caption included)."""
    return [(c["id"], c["keys"][key]) for c in m["charts"] if key in c["keys"] and c["shown"]]


def check_summary(m):
    if m["summaryTop"] is None:
        return fail("no #summary section")
    if m["summaryTop"] >= 800:
        fail("summary starts at %d px (not within the first 800 px at 1280x800)" % m["summaryTop"])
    if not m["summary"]:
        fail("the summary has no figures")
    for row in m["summary"]:
        if not row["text"].strip():
            fail("summary row %s is not on screen" % row["key"])


def check_run(m, csv_path, json_path):
    rows = list(csv.reader(open(csv_path)))
    doc = json.load(open(json_path))
    runs = doc["runs"]
    summary = {p["name"]: p for p in doc.get("summary", {}).get("phases", [])} if len(runs) > 1 else {}
    got = {r["key"]: r for r in m["summary"]}
    for key, pos in CSV_RATE.items():
        if rows[-1][pos] == "":
            continue
        if key not in got:
            fail("summary has no row for %s" % key)
            continue
        row = got[key]
        if len(rows) == 1 and csv_rate_text(key, float(row["value"])) != rows[0][pos]:
            fail("summary %s rate %s, CSV %s" % (key, row["value"], rows[0][pos]))
        phase = {p["name"]: p for p in runs[0]["phases"]}[key]
        want_p99 = phase["latency_ns"]["p99"] if len(runs) == 1 else summary[key]["latency_ns_median"]["p99"]
        # the JSON keeps the histogram's p99 of a phase whose count does
        # not support one (under 100 operations); the page, like the
        # table, shows none (the -x summary's null already says so)
        if len(runs) == 1 and phase["latency_ns"]["count"] < 100:
            want_p99 = None
            if row["p99"] != "":
                fail("summary %s p99 %s from %d operations" % (key, row["p99"], phase["latency_ns"]["count"]))
        if want_p99 is not None and row["p99"] != str(want_p99):
            fail("summary %s p99 %s, JSON %s" % (key, row["p99"], want_p99))
        mark = mark_of(phase["confidence"] if len(runs) == 1 else summary[key]["confidence"])
        if mark and mark not in row["text"]:
            fail("summary %s lacks its mark %r: %r" % (key, mark, row["text"]))
        for cid, text in charts_of(m, key) if mark else []:
            if mark not in text:
                fail("chart %s draws %s without its mark %r" % (cid, key, mark))
        if len(charts_of(m, key)) < 2:
            fail("%s is in %d charts (rate and latency expected)" % (key, len(charts_of(m, key))))
        if len(runs) > 1:
            check_repeat_phase(m, key, summary[key])


def check_repeat_phase(m, key, summary):
    """Repeats: the latency labels say whose they are, the worst maximum is
    labelled, and a spread over the instability threshold is flagged."""
    for cid, text in charts_of(m, key):
        if not cid.startswith("lat-"):
            continue
        if "run 1: median" not in text:
            fail("%s: the median label does not name its run" % cid)
        if "worst max, run" not in text and "run 1: max" not in text:
            fail("%s: the worst maximum is not labelled" % cid)
    row = {r["key"]: r["text"] for r in m["repeats"]}.get(key)
    if row is None:
        fail("no repeats row for %s" % key)
    elif summary["unstable"] != ("unstable" in row):
        fail("repeats row %s: unstable %s in the JSON, the row says %r" % (key, summary["unstable"], row))


def check_sweep(m, json_path):
    sweep = json.load(open(json_path))["sweep"] if json_path != "-" else None
    charts = [c for c in m["charts"] if c["id"].startswith("sweep-")]
    if not charts:
        return fail("no sweep charts")
    for c in charts:
        counts = c["counts"]
        if sweep is not None:
            name = c["id"][len("sweep-p99-"):] if c["id"].startswith("sweep-p99-") else c["id"][len("sweep-"):]
            ph = {p["name"]: p for p in sweep["phases"]}[name]
            if counts != [p["clients"] for p in ph["points"] if p["completed"]]:
                fail("%s: points at %s, the JSON's counts differ" % (c["id"], counts[:5]))
        if not counts:
            fail("%s: no points" % c["id"])
            continue
        if c["countTicks"]["drawn"] != len(c["countTicks"]["x"]):
            fail("%s: %d count ticks drawn for %d counts" % (c["id"], c["countTicks"]["drawn"],
                                                              len(c["countTicks"]["x"])))
        have = {t["x"] for t in c["ticks"]} | set(c["countTicks"]["x"])
        missing = [n for n in counts if n not in have]
        if missing:
            fail("%s: no x tick at %s" % (c["id"], missing[:5]))
        if (c["xlo"], c["xhi"]) != (min(counts), max(counts)):
            fail("%s: x axis spans %s..%s, the tested counts %s..%s" % (c["id"], c["xlo"], c["xhi"], min(counts),
                                                                        max(counts)))
        boxes = sorted(t["box"] for t in c["ticks"] if t["box"])
        if not boxes:
            fail("%s: no tick label on screen" % c["id"])
        for a, b in zip(boxes, boxes[1:]):
            if b[0] < a[1]:
                fail("%s: tick labels overlap" % c["id"])
                break
    if sweep is None:
        return
    def point_mark(c, count):
        return "".join(m["text"] for m in c["pointMarks"] if m["x"] == count)
    for run in json.load(open(json_path))["runs"]:  # one per count: its marks at that point of its phase's charts
        for p in run["phases"]:
            mark = mark_of(p.get("confidence") or {})
            for c in charts if mark else []:
                name = c["id"].replace("sweep-p99-", "").replace("sweep-", "")
                if name == p["name"] and mark not in point_mark(c, run["clients"]):
                    fail("%s: %s's mark %r at %d clients not drawn at its point" % (c["id"], p["name"], mark,
                                                                                 run["clients"]))
    for ph in sweep["phases"]:  # a count whose clients did not overlap enough: "<" at its point
        for pt in ph["points"]:
            for c in charts if pt["overlap_low"] else []:
                if c["id"] in ("sweep-" + ph["name"], "sweep-p99-" + ph["name"]) and "<" not in point_mark(c, pt["clients"]):
                    fail("%s: overlap under 90%% at %d clients not marked at its point" % (c["id"], pt["clients"]))
    unit_line = re.compile(r"^\d+\t[0-9.]+ (KiB|MiB|GiB)?(thousand )?(seeks|files)?/s( [~#!c?])?\t[0-9.]+ (ns|\u00b5s|ms|s)$")
    for table in m["numbers"]:
        for line in table.strip().split("\n")[1:]:
            if not unit_line.match(line):
                fail("sweep numbers line without units: %r" % line)
                break
    if not m["numbers"]:
        fail("no sweep numbers tables")
    got = {r["key"]: r for r in m["summary"]}
    for ph in sweep["phases"]:
        if not any(p["completed"] for p in ph["points"]):
            continue
        if ph["name"] not in got:
            fail("knee table has no row for %s" % ph["name"])
        elif ph.get("throughput_peak_rule", "no_clear_knee") in ("no_clear_knee", "no_knee"):
            # no knee (under two usable counts, or flat): the row says so, no rate
            if "no knee" not in got[ph["name"]]["text"]:
                fail("knee row %s: no knee in the JSON, the row says %r" % (ph["name"], got[ph["name"]]["text"]))
        elif str(ph["throughput_peak_clients"]) not in got[ph["name"]]["text"]:
            fail("knee row %s lacks the peak count %s" % (ph["name"], ph["throughput_peak_clients"]))
        else:
            peak = [p for p in ph["points"] if p["clients"] == ph["throughput_peak_clients"]][0]["rate"]
            if abs(float(got[ph["name"]]["value"]) - peak) > max(0.0006, 1e-9 * peak):
                fail("knee row %s: rate %s, JSON %s" % (ph["name"], got[ph["name"]]["value"], peak))


def check_compare(m, json_path):
    runs = json.load(open(json_path))["runs"]
    got = {(r["run"], r["key"]): r for r in m["summary"]}
    for k, run in enumerate(runs):
        for p in run["phases"]:
            cell = got.get((str(k), p["name"]))
            if p["state"] == "measured":
                if cell is None:
                    fail("summary has no cell for run %d %s" % (k, p["name"]))
                elif abs(float(cell["value"]) - p["rate"]) > max(0.0006, 1e-9 * p["rate"]):
                    fail("summary run %d %s: %s, JSON %s" % (k, p["name"], cell["value"], p["rate"]))
            elif p["state"] == "too_fast" and (cell is None or "too fast" not in cell["text"]):
                fail("run %d %s: +++++ slot not labelled too fast" % (k, p["name"]))


def check_print(b, url, max_pages):
    b.size(794, 1123, "print")
    b.load(url)
    pm = b.eval(PRINT_MEASURE)
    if pm["cut"]:
        fail("printed, these <pre> are cut at the margin: %s" % pm["cut"])
    if pm["closed"]:
        fail("printed, %d <details> keep their content hidden" % pm["closed"])
    pdf = base64.b64decode(b.call("Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69,
                                                      "printBackground": True})["data"])
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    print("html_render: printed on A4: %d pages" % pages)
    if pages > max_pages:
        fail("printed on A4: %d pages (> %d)" % (pages, max_pages))
    b.size(1280, 800)


def own_browser(main, argv):
    """main(argv, b) in a browser of its own, closed after: a checker run
    alone (html_batch.py gives each job the batch's)."""
    b = Browser()
    try:
        return main(argv, b)
    finally:
        b.close()


def main(argv, b=None):
    """argv as on the command line; in b if given (html_batch.py), else in
    a browser of its own."""
    path, opts, i = os.path.abspath(argv[0]), {}, 1
    while i < len(argv):
        n = 3 if argv[i] in ("--csv", "--json", "--sweep", "--compare", "--max-height", "--max-pages") else 2
        n = 4 if argv[i] == "--shot" else n
        opts.setdefault(argv[i], []).append(argv[i + 1:i + n - 1] if n > 2 else [])
        i += n - 1
    if b is None:
        return own_browser(main, argv)
    return run(b, path, opts)


def run(b, path, opts):
    """The checks of opts on the page at path, in Browser b (html_batch.py
    gives each job a fresh page of one browser)."""
    url = "file://" + path
    b.size(1280, 800)
    b.load(url)
    m = b.eval(MEASURE)
    print("html_render: %s at 1280: %d px tall, summary at %s px, %d charts" % (
        os.path.basename(path), m["height"], m["summaryTop"], len(m["charts"])))
    if "--summary" in opts:
        check_summary(m)
    if "--csv" in opts:
        check_run(m, opts["--csv"][0][0], opts["--json"][0][0])
    if "--sweep" in opts:
        check_sweep(m, opts["--sweep"][0][0])
    if "--compare" in opts:
        check_compare(m, opts["--compare"][0][0])
    for c in m["charts"]:  # bar labels, %CPU and mark words stay apart
        if c["overlaps"]:
            fail("%s: %d bar labels overlap at 1280 px" % (c["id"], c["overlaps"]))
    if "--max-height" in opts and m["height"] > int(opts["--max-height"][0][0]):
        fail("%d px tall at 1280 px (> %s)" % (m["height"], opts["--max-height"][0][0]))
    for shot in opts.get("--shot", []):
        w, h = (int(v) for v in shot[1].split("x"))
        b.size(w, h)
        b.load(url)
        png = b.call("Page.captureScreenshot", {"format": "png"})["data"]
        open(shot[0], "wb").write(base64.b64decode(png))
    if "--phone" in opts:
        b.size(390, 844)
        b.load(url)
        p = b.eval(MEASURE)
        small = min([c["font"] for c in p["charts"]] or [99])
        print("html_render: at 390 px: scrollWidth %d, smallest chart text %.1f px" % (p["scrollWidth"], small))
        if p["scrollWidth"] > 390:
            fail("at 390 px the page is %d px wide (scrolls sideways)" % p["scrollWidth"])
        if small < 9:
            fail("at 390 px chart text shrinks to %.1f px" % small)
    if "--max-pages" in opts:
        check_print(b, url, int(opts["--max-pages"][0][0]))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
