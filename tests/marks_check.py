#!/usr/bin/env python3
"""One meaning per mark (issues 49 and 52): a mark after a figure means the
same in every output. The run's table has five (~ under 0.5 s, # under 100
operations, ! unstable, c from a cache, ? not evicted); compare's ratios
take > (beyond the threshold) and ^ (set up differently), the sweep's
columns < (overlap under the share required) and * (CPU-bound). This reads
real outputs, not bonnie's code, and fails when a ratio or a sweep column
carries one of the run table's marks, a mark touches its unit, or a mark
shown is not explained in that output's own legend.

  marks_check.py compare-text FILE   bonnie compare (text)
  marks_check.py compare-md FILE     bonnie compare --format markdown
  marks_check.py compare-html FILE   bonnie compare --html's page
  marks_check.py sweep FILE          a run's text with a client sweep table
  marks_check.py sweep-html FILE     the sweep page (--clients ... --html)
Prints what it checked; exit 1 on any failure.
"""
import html
import re
import sys

RUN_MARKS = "~#!c?"
WORDS = r"(?:slower|faster|better|worse)"
failures = []


def fail(msg):
    failures.append(msg)
    print("marks_check: FAIL: " + msg)


def ratio_marks(ratios, where):
    """ratios: the ratio texts ("1.96x faster > ^", "1.00x ^"); returns the marks used."""
    used = set()
    for r in ratios:
        m = re.fullmatch(r"(?:>?[\d.]+x(?: " + WORDS + r")?|n/c)((?: \S)*)", r)
        if not m:
            fail("%s: a ratio that is not ratio words and marks: %r" % (where, r))
            continue
        marks = m.group(1).split()
        for k in marks:
            if k in RUN_MARKS or k not in "^>":
                fail("%s: ratio %r carries %r, not compare's > or ^ (%s means something else in the run's table)"
                     % (where, r, k, k))
        if all(k in ">^" for k in marks) and marks != sorted(marks, key=">^".index):
            fail("%s: ratio %r: > before ^" % (where, r))
        used.update(marks)
    return used


def compare_text(text, where):
    # the grid wraps a cell's words across lines (a narrow column may cut a
    # word), so read the marks next to the ratio words in the whole text
    flat = re.sub(r"\s+", " ", text)
    ratio = r"(?:\d+x|" + WORDS + r"|x apart)"
    found = re.findall(ratio + r"((?: [~#!c?^<>*](?=[ )]|$))*)", flat)
    used = set()
    for marks in found:
        for k in marks.split():
            if k not in "^>":
                fail("%s: a ratio marked %r, not compare's > or ^ (%s is not compare's mark)" % (where, k, k))
            used.add(k)
    if re.search(r"~[\d.]+x", flat):
        fail("%s: a ratio after '~' (read as the run table's 'under 0.5 s')" % where)
    legend(text, where, used)
    return len(found)


def legend(text, where, used):
    if ">" in used and not re.search(r"> = beyond [\d.]+x", text):
        fail("%s: ratios marked > but no legend '> = beyond ...x'" % where)
    if "^" in used and "^ = set up differently" not in text:
        fail("%s: ratios marked ^ but no legend '^ = set up differently'" % where)
    if re.search(r"(?m)^\s*[~!] = ", text):
        fail("%s: a legend gives '~' or '!' a meaning of compare's" % where)


def compare_md(text, where):
    rows = [l for l in text.split("\n") if l.startswith("| ") and not l.startswith("| Phase")]
    ratios, values = [], []
    for l in rows:
        cells = [c.strip() for c in l.strip("|").split("|")]
        for c in cells[1:]:
            if re.match(r">?[\d.]+x|n/c$", c):
                ratios.append(c)
            elif c:
                values.append(c)
    used = ratio_marks(ratios, where)
    legend(text, where, used)
    # a value's marks are the run table's, each said in the legend under the table
    shown = set()
    for v in values:
        m = re.search(r"% ([~#!c?]+)$", v) or re.search(r"/s ([~#!c?]+)$", v)
        if m:
            shown.update(m.group(1))
    said = re.search(r"Marks after a figure, as in bonnie's own table:(.*?)\.(?:\n\n|\n?$)", text, re.S)
    for k in shown:
        if not said or not re.search(r"(?:^|; | )" + re.escape(k) + r" ", said.group(1)):
            fail("%s: a value marked %r with no legend for it" % (where, k))
    compare_text(text, where)
    return len(ratios)


def compare_html(text, where):
    ratios = [html.unescape(r) for r in re.findall(r'<span class="ratio">([^<]*)</span>', text)]
    used = ratio_marks(ratios, where)
    plain = html.unescape(re.sub(r"<[^>]+>", "", text))
    if ">" in used and not re.search(r'<li><span class="mark">&gt;</span> after a ratio: the runs are [\d.]+x', text):
        fail("%s: ratios marked > but no caveat saying what > means" % where)
    if "^" in used and "^ = set up differently" not in plain:
        fail("%s: ratios marked ^ but no note '^ = set up differently'" % where)
    # beside the table, as > is: a reader of the cells need not find the notes
    said_setup = re.search(r'<li><span class="mark">\^</span> after a ratio: the run was set up differently', text)
    if ("^" in used) != bool(said_setup):
        fail("%s: ratios %s ^ but the caveats %s" % (where, *(("marked", "do not say what ^ means") if "^" in used
                                                             else ("never marked", "explain ^"))))
    for m in re.findall(r'<span class="mark">([^<]*)</span>', text):
        if html.unescape(m) not in RUN_MARKS + ">^":
            fail("%s: a mark %r of no known meaning" % (where, m))
    return len(ratios)


def sweep_text(text, where):
    lines = text.split("\n")
    start = next((i for i, l in enumerate(lines) if l.startswith("Phase ") and "Overlap" in l), None)
    if start is None:
        fail("%s: no sweep table" % where)
        return 0
    rows, used = 0, set()
    for l in lines[start + 1:]:
        if not re.match(r"^\w+ +\d+ ", l):
            break
        rows += 1
        t = re.search(r" (-|\d+%)( \S)? +(\d+%)( \S)?$", l)
        if not t:
            fail("%s: overlap and CPU columns unread (a mark glued to its %%?): %r" % (where, l))
            continue
        for mark, want, col in ((t.group(2), "<", "overlap"), (t.group(4), "*", "CPU")):
            if mark and mark.strip() != want:
                fail("%s: %s column marked %r, not %r: %r" % (where, col, mark.strip(), want, l))
            elif mark:
                used.add(want)
        r = re.match(r"^\w+ +\d+ +\S+/s ([~#!c?])", l)
        if r:
            used.add(r.group(1))
    legends = {l[0] for l in lines[start:] if re.match(r"^[~#!c?]  \S|^[<*] \S", l)}
    for k in used - legends:
        fail("%s: the table shows %r but its legend does not explain it" % (where, k))
    for l in lines[start:]:
        if re.match(r"^! overlap", l):
            fail("%s: '!' explained as an overlap (it is the run table's 'unstable')" % where)
    left = re.findall(r"Left out: [^.]*?\((\S) ", text)
    for k in left:
        if k not in "~#c?<":
            fail("%s: a count left out marked %r" % (where, k))
    if re.search(r"points? marked [^.]*\bor !", text):
        fail("%s: the answer names '!' as a sweep mark" % where)
    return rows


def sweep_html(text, where):
    marks = [html.unescape(m) for m in re.findall(r'<text class="point-mark"[^>]*>([^<]*)</text>', text)]
    for m in marks:
        for k in m:
            if k not in "~#!c?<":
                fail("%s: a point marked %r" % (where, k))
    plain = html.unescape(re.sub(r"<[^>]+>", "", text))
    if any("<" in m for m in marks) and "< overlap under" not in plain:
        fail("%s: points marked < but no caption says why" % where)
    if re.search(r"! overlap under", plain):
        fail("%s: '!' explained as an overlap" % where)
    n = 0
    for pre in re.findall(r'<pre class="sweep-table">(.*?)</pre>', text, re.S):
        n += sweep_text(html.unescape(pre), where + " (its table)")
    return len(marks) + n


KINDS = {"compare-text": compare_text, "compare-md": compare_md, "compare-html": compare_html,
         "sweep": sweep_text, "sweep-html": sweep_html}


def main(argv):
    if len(argv) != 2 or argv[0] not in KINDS:
        print(__doc__, file=sys.stderr)
        return 2
    text = open(argv[1], encoding="utf-8", errors="replace").read()
    n = KINDS[argv[0]](text, argv[1])
    print("marks_check: %s %s: %d marked places read, %d failures" % (argv[0], argv[1], n, len(failures)))
    return 1 if failures or n == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
