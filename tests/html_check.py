#!/usr/bin/env python3
"""Checks bonnie's HTML reports with parsers, not regexes (tests/html.sh).

  html_check.py page FILE.html [--csv F.csv --json F.json] [--dom DUMP.html]
      Parses FILE strictly as HTML5 (html5lib) and each inline <svg> as XML,
      checks every chart has a title and a description, that nothing is
      fetched from elsewhere and there is no script, and with --csv/--json
      that each bar's numbers equal the CSV fields and each latency mark the
      JSON percentiles of the same run. With --sweep F.json, each phase's
      throughput and p99 points equal the JSON sweep member's and its knee
      sentence is on the page. With --compare F.json (bonnie compare
      --format json of the same inputs), each rate and latency bar equals
      that run's figure and every measured phase has its bars. With --dom, Chromium's DOM dump must
      hold the same charts, bars and marks.
  html_check.py png FILE.png MIN_COLOURS
      Decodes the screenshot (zlib, no PIL) and fails if it has fewer
      distinct colours than MIN_COLOURS (a blank page has one).
"""
import csv
import json
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

import html5lib

SVG = "{http://www.w3.org/2000/svg}"
XHTML = "{http://www.w3.org/1999/xhtml}"
# bonnie++ 1.98 CSV: rate and %CPU pairs from field 9 (I/O) and 26 (files)
CSV_RATE = {"putc": 9, "put_block": 11, "rewrite": 13, "getc": 15, "get_block": 17, "seeks": 19,
            "seq_create": 26, "seq_stat": 28, "seq_del": 30, "ran_create": 32, "ran_stat": 34,
            "ran_del": 36}


def fail(msg):
    print("html_check: FAIL: " + msg, file=sys.stderr)
    sys.exit(1)


def parse_strict(path):
    with open(path, "rb") as f:
        data = f.read()
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=True)
    try:
        return data, parser.parse(data)
    except Exception as e:  # html5lib raises ParseError with the position
        fail("%s: not valid HTML5: %s" % (path, e))


def svg_fragments(text):
    """Each <svg>...</svg> of the source, parsed as XML on its own."""
    out, pos = [], 0
    while True:
        start = text.find("<svg", pos)
        if start < 0:
            return out
        end = text.find("</svg>", start)
        if end < 0:
            fail("unterminated <svg>")
        try:
            out.append(ET.fromstring(text[start:end + 6]))
        except ET.ParseError as e:
            fail("an <svg> is not well-formed XML: %s" % e)
        pos = end + 6


def check_self_contained(doc):
    for el in doc.iter():
        tag = el.tag.split("}")[-1]
        if tag == "script":
            fail("the page has a <script>")
        if tag in ("link", "img", "iframe", "object", "embed", "image", "use"):
            fail("the page loads something: <%s>" % tag)
        for k, v in el.attrib.items():
            name = k.split("}")[-1] if isinstance(k, str) else k[1]
            inside = name == "href" and v.startswith("#")  # a link within the page
            if (name in ("src", "href") and not inside) or (name == "style" and "url(" in v):
                fail("external reference %s=%r" % (name, v))


def check_charts(svgs):
    if not svgs:
        fail("no charts")
    for s in svgs:
        title, desc = s.find(SVG + "title"), s.find(SVG + "desc")
        if title is None or not (title.text or "").strip() or desc is None or not (desc.text or "").strip():
            fail("chart %s has no <title>/<desc>" % s.get("id"))
        labels = [t for t in s.iter(SVG + "text") if "axis-label" in (t.get("class") or "")]
        if not labels or not all((t.text or "").strip() for t in labels):
            fail("chart %s has an axis without a label" % s.get("id"))
        # a bar's title names its figure with the axis's unit, its marks
        # apart ("block read: 2048 MiB/s (marked ~)"; it said "2048~")
        units = [re.search(r"\(([^()]+)\)\s*$", t.text or "") for t in labels]
        unit = next((m.group(1) for m in units if m), None)
        for g in s.iter(SVG + "g"):
            if g.get("class") != "bar" or unit is None:
                continue
            t = (g.findtext(SVG + "title") or "").strip()
            if "+++++" not in t and not re.search(r": [\d.,]+ " + re.escape(unit) + r"(?: \(marked [^)]+\))?(?:,|$)", t):
                fail("chart %s: bar title %r does not give its figure in %s" % (s.get("id"), t, unit))


def bars(svgs):
    return [g for s in svgs for g in s.iter(SVG + "g") if g.get("class") == "bar"]


def marks(svgs):
    return [g for s in svgs for g in s.iter(SVG + "g") if g.get("class") == "pct-mark"]


def csv_rate_text(key, value):
    """The rate as the CSV writes it: seeks under 1000 with one decimal, else truncated."""
    if key == "seeks" and value < 1000:
        return "%.1f" % value
    return str(int(value))


def check_numbers(svgs, csv_path, json_path):
    with open(csv_path) as f:
        rows = list(csv.reader(f))
    with open(json_path) as f:
        runs = json.load(f)["runs"]
    if len(rows) != len(runs):
        fail("%d CSV lines but %d JSON runs" % (len(rows), len(runs)))
    seen = 0
    for g in bars(svgs):
        key, pos = g.get("data-key"), CSV_RATE[g.get("data-key")]
        points = g.get("data-points")
        values = [float(v) for v in points.split()] if points else [float(g.get("data-value"))]
        if len(values) != len(rows):
            fail("%s: %d values for %d runs" % (key, len(values), len(rows)))
        for row, v in zip(rows, values):
            if csv_rate_text(key, v) != row[pos]:
                fail("%s: chart %r, CSV %r" % (key, v, row[pos]))
        label = [t.text for t in g.iter(SVG + "text") if t.get("class") == "bar-value"]
        if len(rows) == 1 and key == "seeks" and values[0] < 100000 and \
                (label[0] or "").rstrip("~#!c?") != rows[0][pos]:  # unscaled: rounded as the CSV is
            fail("seeks bar label %r, CSV %r" % (label[0], rows[0][pos]))
        if len(rows) == 1 and g.get("data-cpu") != rows[0][pos + 1]:
            fail("%s: chart %s%% CPU, CSV %s" % (key, g.get("data-cpu"), rows[0][pos + 1]))
        seen += 1
    want = sum(1 for k, p in CSV_RATE.items() if rows[0][p] != "")
    if seen != want:
        fail("%d bars for %d phases in the CSV" % (seen, want))
    check_latency(svgs, runs)
    return seen


def check_latency(svgs, runs):
    """Each curve's median, p99 and max marks equal that run's JSON."""
    keys = {"median": "p50", "p99": "p99", "max": "max"}
    n = want_n = 0
    for run in runs:
        want_n += 2 * len([p for p in run["phases"] if p["status"] == "done" and p["latency_ns"]["count"]])
    for s in svgs:
        sid = s.get("id") or ""
        if not sid.startswith("lat-"):
            continue
        for curve in s.iter(SVG + "g"):
            if "pct-curve" not in (curve.get("class") or ""):
                continue
            name = curve.get("data-series")
            run = runs[0] if name == "this run" else runs[int(name.split()[1]) - 1]
            want = {p["name"]: p for p in run["phases"]}[sid[4:]]["latency_ns"]
            for g in marks([curve]):
                got, what = float(g.get("data-ns")), g.get("data-what")
                if got != want[keys[what]]:
                    fail("%s %s %s: chart %r, JSON %r" % (sid, name, what, got, want[keys[what]]))
                n += 1
    if len(runs) <= 8 and n < want_n:
        fail("only %d latency marks, want at least %d" % (n, want_n))


def series_points(svg):
    g = [g for g in svg.iter(SVG + "g") if g.get("class") == "series"][0]
    return [float(v) for v in g.get("data-x").split()], [float(v) for v in g.get("data-y").split()]


def check_sweep(svgs, doc, json_path):
    """Each sweep chart's points equal the JSON sweep's; each knee sentence is shown."""
    with open(json_path) as f:
        sweep = json.load(f)["sweep"]
    by_id = {s.get("id"): s for s in svgs}
    knees = [(p.text or "").replace("\u00a0", " ") for p in doc.iter(XHTML + "p") if p.get("class") == "knee"]
    n = 0
    for ph in sweep["phases"]:
        pts = [p for p in ph["points"] if p["completed"]]
        if not pts:
            continue
        for sid, key in (("sweep-", "rate"), ("sweep-p99-", "p99_ns")):
            if sid + ph["name"] not in by_id:
                fail("no chart %s%s" % (sid, ph["name"]))
            xs, ys = series_points(by_id[sid + ph["name"]])
            if xs != [float(p["clients"]) for p in pts]:
                fail("%s%s: clients %r, JSON %r" % (sid, ph["name"], xs, [p["clients"] for p in pts]))
            for y, p in zip(ys, pts):
                want = float(p[key]) if key == "rate" or p[key] else 1.0
                if abs(y - want) > max(0.0006, 1e-9 * want):  # JSON rates have 3 decimals
                    fail("%s%s at %d clients: chart %r, JSON %r" % (sid, ph["name"], p["clients"], y, want))
            n += 1
        if ph["knee"] not in knees:
            fail("knee sentence %r not on the page" % ph["knee"])
    if n == 0:
        fail("no sweep charts checked")


def check_compare(svgs, json_path):
    """Each compare bar (data-series = run index) equals the compare JSON's figure."""
    with open(json_path) as f:
        runs = json.load(f)["runs"]
    want_rate = {(k, p["name"]): p["rate"] for k, r in enumerate(runs) for p in r["phases"]
                 if p["state"] == "measured"}
    # the latency charts are of p99 where the input has it (a maximum is one sample: not charted)
    want_lat = {(k, p["name"]): p["latency_p99_ns"] for k, r in enumerate(runs) for p in r["phases"]
                if p["state"] == "measured" and (p.get("latency_p99_ns") or 0) > 0}
    too_fast = {(k, p["name"]) for k, r in enumerate(runs) for p in r["phases"] if p["state"] == "too_fast"}
    got_rate, got_lat = {}, {}
    for s in svgs:
        lat = (s.get("id") or "").startswith("cmp-p99")
        for g in bars([s]):
            key = (int(g.get("data-series")), g.get("data-key"))
            if not lat and key in too_fast:  # an empty slot, said in words
                if "too-fast" not in (g.get("data-marks") or "") or float(g.get("data-value")) != 0:
                    fail("run %d %s: +++++ slot not drawn as too fast" % key)
                too_fast.discard(key)
                continue
            (got_lat if lat else got_rate)[key] = float(g.get("data-value"))
    if too_fast:
        fail("+++++ slots without a rate-chart slot: %s" % sorted(too_fast)[:4])
    for want, got, what in ((want_rate, got_rate, "rate"), (want_lat, got_lat, "p99 latency")):
        if set(want) != set(got):
            fail("%s bars %s, JSON %s" % (what, sorted(set(got) ^ set(want))[:4], "differs"))
        for key, v in want.items():
            if abs(got[key] - v) > max(0.0006, 1e-9 * v):
                fail("%s of run %d %s: chart %r, JSON %r" % (what, key[0], key[1], got[key], v))
    if not want_rate:
        fail("no compare bars checked")


def count_dom(doc):
    svgs = [e for e in doc.iter(SVG + "svg")]
    return len(svgs), len(bars(svgs)), len(marks(svgs))


def page(args):
    path = args[0]
    opts = dict(zip(args[1::2], args[2::2]))
    data, doc = parse_strict(path)
    check_self_contained(doc)
    svgs = svg_fragments(data.decode("utf-8"))
    check_charts(svgs)
    if len(svgs) != count_dom(doc)[0]:
        fail("html5lib and XML see different numbers of charts")
    if "--csv" in opts:
        check_numbers(svgs, opts["--csv"], opts["--json"])
    if "--compare" in opts:
        check_compare(svgs, opts["--compare"])
    if "--sweep" in opts:
        check_sweep(svgs, doc, opts["--sweep"])
    if "--dom" in opts:
        dom = html5lib.parse(open(opts["--dom"], "rb").read())
        if count_dom(dom) != count_dom(doc):
            fail("browser DOM has %s charts/bars/marks, the file %s" % (count_dom(dom), count_dom(doc)))
    print("html_check: %s: %d charts, %d bars, %d latency marks" % ((path,) + count_dom(doc)))


def png_colours(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("%s is not a PNG" % path)
    pos, idat, hdr = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            hdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype = hdr[0], hdr[1], hdr[2], hdr[3]
    bpp = {2: 3, 6: 4}.get(ctype)
    if depth != 8 or bpp is None:
        fail("%s: unexpected PNG format depth %d type %d" % (path, depth, ctype))
    raw, stride = zlib.decompress(idat), w * bpp
    prev, colours = bytearray(stride), set()
    masks = int.from_bytes(b"\x7f" * stride, "big"), int.from_bytes(b"\x80" * stride, "big")
    for y in range(h):
        ftype, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if ftype == 2:  # "up", each byte plus the one above it: added a line at a time (Chromium's usual filter)
            line = bytearray(add_bytes(line, prev, masks))
        for i in range(stride if ftype in (1, 3, 4) else 0):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if ftype == 1:
                line[i] = (line[i] + a) & 255
            elif ftype == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        step = bpp * 2  # every other pixel is plenty
        colours.update(zip(line[0::step], line[1::step], line[2::step]))
        prev = line
    return w, h, colours


def add_bytes(a, b, masks):
    """Bytes a[i] + b[i] mod 256, as one integer sum: the low 7 bits of each
    byte added (no carry leaves a byte), the top bit by exclusive or."""
    low7, top = masks
    x, y = int.from_bytes(a, "big"), int.from_bytes(b, "big")
    return (((x & low7) + (y & low7)) ^ ((x ^ y) & top)).to_bytes(len(a), "big")


def png(args):
    w, h, colours = png_colours(args[0])
    if len(colours) < int(args[1]):
        fail("%s: %d colours (< %s): blank?" % (args[0], len(colours), args[1]))
    okabe_blue = (0x00, 0x72, 0xB2)
    print("html_check: %s: %dx%d, %d colours, chart blue %s" % (args[0], w, h, len(colours),
          "present" if okabe_blue in colours else "absent"))
    if len(args) > 2 and args[2] == "--want-blue" and okabe_blue not in colours:
        fail("%s: the first series colour (#0072B2) is not on screen" % args[0])


if __name__ == "__main__":
    {"page": page, "png": png}[sys.argv[1]](sys.argv[2:])
