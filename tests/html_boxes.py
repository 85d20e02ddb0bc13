#!/usr/bin/env python3
"""Bounding-box checks of bonnie's HTML pages in headless Chromium (issue 52).

  html_boxes.py FILE.html...

Uses html_render.py's Browser (DevTools over a pipe). For each page:

  at 390 and 1280 px   the page never scrolls sideways (scrollWidth <= the
                       viewport) and nothing shown is cut, by the viewport
                       or by an ancestor that clips or scrolls (html_fit's
                       CUT; no table or <pre> scrolls by design: each fits);
                       no word is broken across lines unless it is wider
                       than its box (a path; a CSV line wraps anywhere); a number and its
                       unit ("1491.0 MiB/s", "8.16 us") never part; no mark
                       (~ # ! c ?) touches a unit ("seeks/sc" reads as a unit)
  printed (A4 width,   every h2/h3 shown on screen at 1280 px is shown in
  print media)         print, with something shown under it before the next
                       heading (no section printed as a bare heading), and
                       nothing is cut at the paper's width
Prints what it measured; exits 1 with one line per failure.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import html_render  # noqa: E402
from html_render import Browser, fail  # noqa: E402
from html_fit import A4_PRINT_WIDTH, CUT  # noqa: E402

# Each visible text node (outside SVG, whose text never wraps) measured per
# word and per number-with-unit: the distinct lines its client rects lie on.
# A word (letters and digits, a decimal point or comma inside: a break at a
# hyphen, a slash or a space is the language's own) may break only when it
# is wider than its block's content box.
SPLITS = r"""(() => {
 const UNIT = '(?:[KMGT]i?B/s|B/s|seeks/s|files/s|IOPS|ops/s|/s|[KMGT]iB|[KMGT]B|ms|\u00b5s|us|ns|s|%)';
 const pair = new RegExp('\\d[\\d.,]*[ \u00a0]' + UNIT + '(?![A-Za-z/])', 'g');
 const out = {words: [], pairs: []}, r = document.createRange();
 const lines = (n, a, b) => { r.setStart(n, a); r.setEnd(n, b);
   const tops = [];
   for (const q of r.getClientRects()) if (q.width > 0 && !tops.some(t => Math.abs(t - q.top) < 3)) tops.push(q.top);
   return tops.length; };
 const width = (n, a, b) => { r.setStart(n, a); r.setEnd(n, b);
   return [...r.getClientRects()].reduce((s, q) => s + q.width, 0); };
 const block = e => { while (e && getComputedStyle(e).display.startsWith('inline')) e = e.parentElement; return e; };
 const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
 for (let n; (n = walk.nextNode());) {
  const p = n.parentElement, s = n.textContent;
  if (!s.trim() || p.closest('svg, pre.csv') || !p.checkVisibility()) continue;
  const b = block(p), cs = getComputedStyle(b);
  const room = b.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  for (const run of s.matchAll(/\S+/g)) {
   if (width(n, run.index, run.index + run[0].length) > room + 1)
    continue;  // it cannot fit on a line: it breaks somewhere
   for (const m of run[0].matchAll(/[\p{L}\p{N}\u00b5]+(?:\.[\p{L}\p{N}\u00b5]+)*/gu)) {
    const a = run.index + m.index, z = a + m[0].length;
    if (lines(n, a, z) > 1)
     out.words.push('"' + m[0].slice(0, 40) + '" in ' + b.tagName.toLowerCase() + (b.className ? '.' + b.className.split(' ')[0] : ''));
   }
  }
  for (const m of s.matchAll(pair))
   if (lines(n, m.index, m.index + m[0].length) > 1)
    out.pairs.push('"' + m[0] + '" in ' + b.tagName.toLowerCase() + (b.className ? '.' + b.className.split(' ')[0] : ''));
 }
 return out;
})()"""

# Marks glued to a unit (the run table's ~ # ! c ?, compare's ^ >, the
# sweep's < *; report/model/marks.h), in the text as laid out: a block's innerText (the
# mark in its own <span> still reads "seeks/sc") and each chart label; not
# in pre.table and pre.sweep-table, bonnie's text report as printed (its
# columns' own notation, "416k/s~", the same bytes as the terminal's).
MARKS = r"""(() => {
 const UNIT = '(?:[KMGT]i?B/s|B/s|seeks/s|files/s|IOPS|ops/s|/s|[KMGT]iB|ms|\u00b5s|us|ns|%)';
 const glued = new RegExp('\\d[\\d.,]*[ \u00a0]?' + UNIT + '[~#!c?^<>*](?![A-Za-z0-9])', 'g');
 const out = new Set();
 const texts = [...document.querySelectorAll('td, th, li, p, figcaption, summary, pre, dd, dt, span, a')]
   .filter(e => e.checkVisibility() && !e.closest('svg, pre.table, pre.sweep-table')).map(e => e.innerText)
   .concat([...document.querySelectorAll('svg text')].filter(e => e.checkVisibility()).map(e => e.textContent));
 for (const t of texts)
  for (const m of t.matchAll(glued)) out.add(m[0]);
 return [...out];
})()"""

# Headings shown (h2, h3) and, for each, whether something is shown after
# it before the next heading of its level or above.
HEADINGS = r"""(() => {
 const hs = [...document.querySelectorAll('h2, h3')];
 const level = e => /^H[1-6]$/.test(e.tagName) ? +e.tagName[1] : 9;
 const shown = e => e.checkVisibility() && e.getBoundingClientRect().height > 0;
 const firstHeading = e => e.matches('h1,h2,h3,h4,h5,h6') ? e : e.querySelector('h1,h2,h3,h4,h5,h6');
 const content = h => {
  // the elements after h in document order up to the next heading of its level or above
  const all = [...document.body.querySelectorAll('*')], i = all.indexOf(h);
  for (let k = i + 1; k < all.length; k++) {
   const e = all[k];
   if (h.contains(e)) continue;
   if (/^H[1-6]$/.test(e.tagName) && level(e) <= level(h)) return false;
   if (e.closest('h1,h2,h3,h4,h5,h6') || e.tagName === 'SECTION' || e.tagName === 'DIV' && firstHeading(e)) continue;
   if (shown(e) && (e.matches('svg, img') || [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())))
    return true;
  }
  return false;
 };
 return hs.map(h => ({text: h.textContent.trim().slice(0, 60), shown: shown(h), content: shown(h) && content(h)}));
})()"""


def report(what, items, limit=8):
    for item in items[:limit]:
        fail("%s: %s" % (what, item))
    if len(items) > limit:
        fail("%s: ... %d more" % (what, len(items) - limit))


def check_screen(b, url, name, w):
    b.size(w, 900)
    b.load(url)
    cut = b.eval(CUT)
    sw = b.eval("document.documentElement.scrollWidth")
    sp = b.eval(SPLITS)
    marks = b.eval(MARKS)
    print("html_boxes: %s at %d px: scrollWidth %d, %d cut, %d words broken, %d numbers parted from their unit, "
          "%d marks on a unit" % (name, w, sw, len(cut["cut"]), len(sp["words"]), len(sp["pairs"]), len(marks)))
    if sw > w:
        fail("%s at %d px: the page is %d px wide (scrolls sideways)" % (name, w, sw))
    report("%s at %d px" % (name, w), cut["cut"])
    report("%s at %d px: a word broken across lines" % (name, w), sp["words"])
    report("%s at %d px: a number parted from its unit" % (name, w), sp["pairs"])
    report("%s at %d px: a mark glued to a unit" % (name, w), marks)
    return [h for h in b.eval(HEADINGS) if h["shown"]]


def check_print(b, url, name, screen):
    b.size(A4_PRINT_WIDTH, 1123, "print")
    b.load(url)
    printed = {h["text"]: h for h in b.eval(HEADINGS) if h["shown"]}
    cut = b.eval(CUT)
    bare = [h["text"] for h in printed.values() if not h["content"]]
    missing = [h["text"] for h in screen if h["text"] not in printed]
    print("html_boxes: %s printed: %d of %d headings shown, %d bare, %d cut" % (
        name, len(screen) - len(missing), len(screen), len(bare), len(cut["cut"])))
    report("%s printed: a heading shown on screen is not printed" % name, missing)
    report("%s printed: a heading with nothing printed under it" % name, bare)
    report("%s printed" % name, cut["cut"])


def main(argv, b=None):
    """argv as on the command line; in b if given (html_batch.py), else in
    a browser of its own."""
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    if b is None:
        return html_render.own_browser(main, argv)
    for path in argv:
        url, name = "file://" + os.path.abspath(path), os.path.basename(path)
        check_screen(b, url, name, 390)
        screen = check_screen(b, url, name, 1280)
        check_print(b, url, name, screen)
    return 1 if html_render.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
