#!/usr/bin/env python3
"""Whether bonnie's HTML pages fit a phone, the screen and paper (tests/html.sh).

  html_fit.py FILE.html [--fit] [--labels] [--first-screen RUN.json]

Uses html_render.py's Browser (headless Chromium over the DevTools pipe).

  --fit               at a 390 px wide viewport every chart, every element
                      holding text and every chart label lies inside the
                      viewport and inside each ancestor that clips
                      (overflow other than visible); a box whose content
                      scrolls (scrollWidth over clientWidth) counts as cut,
                      but for a table of class "wide" (a column per run or
                      per phase: compare's, merge's), which scrolls in its
                      own box by design: the box itself must fit
  --labels            no two text labels of one chart overlap, on screen at
                      1280 and 390 px and laid out for print (print media,
                      A4's printable width)
  --first-screen J    at 1280x800 and 390x844 the first screen shows the
                      tested device, the alignment result and every warning
                      the run's JSON J implies
Prints what it measured; exits 1 with one line per failure.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import html_render  # noqa: E402
from html_render import Browser, fail  # noqa: E402

A4_PRINT_WIDTH = 718  # 8.27 in less printToPDF's 0.4 in margins, at 96 px/in

# Evaluated in the page: each shown thing that is cut, by the viewport or
# by an ancestor that clips or scrolls, as "what: how far".
CUT = r"""(() => {
 const W = document.documentElement.clientWidth, out = [];
 const name = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
   (typeof e.className === 'string' && e.className ? '.' + e.className.split(' ')[0] : '') +
   (e.textContent ? ' "' + e.textContent.trim().slice(0, 30) + '"' : '');
 const hasText = e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
 const clips = e => getComputedStyle(e).overflowX !== 'visible';
 const inner = e => { const b = e.getBoundingClientRect();
   return e instanceof SVGElement ? [b.left, b.right] : [b.left + e.clientLeft, b.left + e.clientLeft + e.clientWidth]; };
 const things = [...document.querySelectorAll('body *')].filter(e => e.matches('svg.chart, table.wide') || hasText(e))
   .filter(e => e.checkVisibility() && !e.closest('title, desc') && !(e.parentElement && e.parentElement.closest('table.wide')));
 for (const e of things) {
  const b = e.getBoundingClientRect();
  if (b.width === 0 && b.height === 0) continue;
  if (b.right > W + 0.5 || b.left < -0.5)
   out.push(name(e) + ': ' + Math.round(Math.max(b.right - W, -b.left)) + ' px outside the viewport');
  for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
   if (!clips(a)) continue;
   const [l, r] = inner(a);
   if (b.right > r + 1 || b.left < l - 1)
    out.push(name(e) + ': ' + Math.round(Math.max(b.right - r, l - b.left)) + ' px cut by ' + name(a).slice(0, 40));
  }
  if (!(e instanceof SVGElement) && !e.matches('table.wide') && clips(e) && e.scrollWidth > e.clientWidth + 1)
   out.push(name(e) + ': scrolls ' + (e.scrollWidth - e.clientWidth) + ' px');
 }
 return {width: W, cut: out};
})()"""

# Each chart's overlapping pairs of shown <text> labels.
OVERLAPS = r"""(() => {
 const out = [];
 for (const svg of document.querySelectorAll('svg.chart')) {
  if (!svg.checkVisibility()) continue;
  const t = [...svg.querySelectorAll('text')].filter(e => e.checkVisibility() && e.textContent.trim())
   .map(e => ({s: e.textContent.trim(), b: e.getBoundingClientRect()})).filter(e => e.b.width > 0);
  for (let i = 0; i < t.length; i++)
   for (let j = i + 1; j < t.length; j++) {
    const a = t[i].b, b = t[j].b;
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 1 && h > 1) out.push(svg.id + ': "' + t[i].s.slice(0, 24) + '" and "' + t[j].s.slice(0, 24) + '"');
   }
 }
 return out;
})()"""

# The text laid out wholly within the first screen.
FIRST_SCREEN = r"""(() => {
 const out = [], walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), r = document.createRange();
 for (let n; (n = walk.nextNode());) {
  if (!n.textContent.trim() || !n.parentElement.checkVisibility() || n.parentElement.closest('svg')) continue;
  r.selectNodeContents(n);
  const b = r.getBoundingClientRect();
  if (b.height > 0 && b.top >= 0 && b.bottom <= innerHeight && b.left >= 0 && b.right <= innerWidth)
   out.push(n.textContent);
 }
 return out.join(' ').replace(/\s+/g, ' ');
})()"""


def report(what, items):
    for item in items[:12]:
        fail("%s: %s" % (what, item))
    if len(items) > 12:
        fail("%s: ... %d more" % (what, len(items) - 12))


def check_fit(b, url):
    b.size(390, 844)
    b.load(url)
    m = b.eval(CUT)
    print("html_fit: at 390 px (%d px wide): %d cut" % (m["width"], len(m["cut"])))
    report("at 390 px", m["cut"])


def check_labels(b, url):
    for w, h, media in ((1280, 800, ""), (390, 844, ""), (A4_PRINT_WIDTH, 1123, "print")):
        b.size(w, h, media)
        b.load(url)
        over = b.eval(OVERLAPS)
        where = "printed" if media else "at %d px" % w
        print("html_fit: labels %s: %d overlapping pairs" % (where, len(over)))
        report("labels overlap " + where, over)


def wanted_on_first_screen(doc):
    """What the run's JSON says the reader must see before scrolling."""
    env, probe = doc["environment"], doc.get("alignment_probe")
    dev, want = env.get("device"), []
    if env.get("share"):
        want.append(("the share", env["share"].get("client") or "share"))
    elif dev:
        want.append(("the device", dev["name"]))
        want.append(("the alignment", {True: "aligned to %d B" % dev["physical_sector_bytes"], False: "misaligned",
                                       None: "alignment unknown"}[dev["aligned"]]))
        if not dev["device_true"]:
            want.append(("the not device-true warning", dev["not_device_true_because"]))
    else:
        want.append(("the missing device", "no block device"))
    if probe and probe.get("measured"):
        # The page gives the pairs' median shifted/aligned time ratio to 2
        # decimals; the JSON keeps 3: the page's figure is the rounding of a
        # value within half a thousandth.
        r = probe["median_time_ratio"]
        want.append(("the alignment probe", tuple(sorted({"median %.2fx" % (r - 0.0005),
                                                          "median %.2fx" % (r + 0.0005)}))))
    elif probe:
        want.append(("the alignment probe", "not measured"))
    if not env["file_system"]["space_checked"]:
        want.append(("the space warning", "free-space check could not be made"))
    return want


def check_first_screen(b, url, json_path):
    want = wanted_on_first_screen(json.load(open(json_path)))
    for w, h in ((1280, 800), (390, 844)):
        b.size(w, h)
        b.load(url)
        text = b.eval(FIRST_SCREEN)
        missing = [what for what, s in want if not any(one in text for one in (s if isinstance(s, tuple) else (s,)))]
        print("html_fit: first screen %dx%d: %d of %d facts shown" % (w, h, len(want) - len(missing), len(want)))
        for what in missing:
            fail("the first screen at %dx%d does not show %s" % (w, h, what))


def main(argv, b=None):
    """argv as on the command line; in b if given (html_batch.py), else in
    a browser of its own."""
    if b is None:
        return html_render.own_browser(main, argv)
    url = "file://" + os.path.abspath(argv[0])
    if "--fit" in argv:
        check_fit(b, url)
    if "--labels" in argv:
        check_labels(b, url)
    if "--first-screen" in argv:
        check_first_screen(b, url, argv[argv.index("--first-screen") + 1])
    return 1 if html_render.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
