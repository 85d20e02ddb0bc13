#!/usr/bin/env python3
"""An independent checker of bonnie's "From device" sentences (issues 50, 52).

Reads bonnie --json results and holds every phase's device.why_text against
the same phase's own figures: the phase's bytes and read_bytes, the devices'
read_bytes and write_bytes, read_ahead_kb, expected_write_percent (what the
layout writes per 100 bytes) and process_write_bytes (what the kernel charged
to bonnie). It shares no code with bonnie: the relations are written from
what each sentence says. It also checks that no figure far from what the
layout makes of the phase is left without a sentence.

    device_check.py RESULT.json...       every sentence true, none missing
    device_check.py --text REPORT.txt RESULT.json
                                         the text's notes say the JSON's

Prints each false or missing sentence and a count line:
    device_check: S sentences, F false, M missing
Exit 0 when all hold, 1 otherwise.
"""
import json
import re
import sys

P = r"(\d+)"
# a size as bonnie writes one: "8.0 KiB", "119.0 MiB", "100 B"
F = r"(\d+(?:\.\d)? (?:B|KiB|MiB|GiB|TiB))"
UNIT = {"B": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "TiB": 1 << 40}
LAYOUT = r"(.+?)"
WRITES = {
    "layout": re.compile(r"during (\w+) the devices wrote " + P + r"% of its data: " + LAYOUT +
                         r" writes (?:every byte (\d+) times \((\d+)%\)|(\d+)% of each byte with its parity)"),
    "other_writes": re.compile(r"during (\w+) the devices wrote " + P + r"% of its data \(" + F + r" for " + F +
                               r"\), more than the " + P + r"% " + LAYOUT + r" writes(.*)"),
    "fewer_writes": re.compile(r"during (\w+) the devices wrote " + P + r"% of its data, less than the " + P + r"% " +
                               LAYOUT + r" writes: .*"),
}
READS = {
    "cached": re.compile(r"(\w+) read " + P + r"% of its data from the device; its rate is the page cache's"),
    "read_ahead": re.compile(r"(\w+) read " + P + r"% of its data from the device \(read_ahead_kb " + P +
                             r" on /dev/\S+\)"),
    "other_reads": re.compile(r"(\w+) read " + P + r"% of its data from the device(?:; bonnie itself had " + F +
                              r" read \(its read-ahead included\), so " + F + r" came from elsewhere: other "
                              r"readers of the device count too|, more than read_ahead_kb " +
                              P + r" on /dev/\S+ explains: other readers of the device count too|: read-ahead "
                              r"or other readers of the device)"),
}
REST_UNKNOWN = (". What the devices wrote beyond the layout's share may be bonnie's pages written back and dirtied "
                "again, another process's writes to the same devices, the file system's journal and metadata, or data "
                "dirtied before the phase; the counters cannot tell these apart")
REST_OWN = re.compile(r"; bonnie itself had " + F + r" written \(a page written back and dirtied again counts "
                      r"again\), which accounts for most of it")
REST_OTHER = re.compile(r"; bonnie itself had " + F + r" written, so " + F + r" came from elsewhere\. What "
                        r"the devices wrote beyond bonnie's own share is another process's writes to the same devices, the file system's "
                        r"journal and metadata, or data dirtied before the phase; the counters cannot tell these apart")
WRITE_PHASES = {"putc", "put_block", "seq1m_q8t1_write", "seq1m_q1t1_write", "rnd4k_q32t1_write",
                "rnd4k_q1t1_write"}


def near(said, value, tol=0.11):
    """A size printed with one decimal in its unit ("8.0 KiB") against its
    source in bytes: within tol of that unit (a whole number of bytes
    exactly, give or take one)."""
    num, unit = said.split()
    if unit == "B":
        return abs(int(num) - value) <= 1
    return abs(float(num) * UNIT[unit] - value) <= tol * UNIT[unit]


def pct_of(got, want):
    return got * 100 // want if want else None


def check_write(ph, dev, why, text):
    bytes_ = ph["bytes"]
    pct = pct_of(dev["write_bytes"], bytes_)
    want = dev["expected_write_percent"]
    m = WRITES[why].fullmatch(text)
    if not m:
        return ["does not read as a %s sentence" % why]
    bad = []
    if m.group(1) != ph["name"]:
        bad.append("names %s" % m.group(1))
    if int(m.group(2)) != pct:
        bad.append("says %s%%, the devices wrote %d%%" % (m.group(2), pct))
    if why == "layout":
        copies = int(m.group(5) or m.group(6))
        if copies != want or (m.group(4) and int(m.group(4)) * 100 != copies):
            bad.append("says the layout writes %d%%, expected_write_percent is %d" % (copies, want))
        if not (want - want // 4 <= pct <= want + want // 4) or want == 100:
            bad.append("%d%% is not near the layout's %d%%" % (pct, want))
        if m.group(3) != dev.get("layout"):
            bad.append("names layout %r, the JSON %r" % (m.group(3), dev.get("layout")))
        return bad
    named = int(m.group(3) if why == "fewer_writes" else m.group(5))
    if named != want:
        bad.append("names %d%% for the layout, expected_write_percent is %d" % (named, want))
    if why == "fewer_writes":
        if pct >= want - want // 4:
            bad.append("%d%% is not far below %d%%" % (pct, want))
        return bad
    if pct <= want + want // 4:
        bad.append("%d%% is not far above %d%%" % (pct, want))
    dev_b, own = dev["write_bytes"], dev.get("process_write_bytes")
    if not near(m.group(3), dev_b) or not near(m.group(4), bytes_):
        bad.append("figures %s for %s, the JSON %d for %d bytes" % (m.group(3), m.group(4), dev_b, bytes_))
    rest = m.group(7)
    if own is None:
        if rest != REST_UNKNOWN:
            bad.append("bonnie's own writes are unknown, but it says %r" % rest)
        return bad
    other = max(dev_b - own * want / 100.0, 0.0)
    mo, mr = REST_OWN.fullmatch(rest), REST_OTHER.fullmatch(rest)
    if mo:
        if not near(mo.group(1), own) or other * 5 > dev_b:
            bad.append("says bonnie's %s account for most of %d bytes (the rest is %d)" %
                       (mo.group(1), dev_b, other))
    elif mr:
        if not near(mr.group(1), own) or not near(mr.group(2), other, 0.2) or other * 5 <= dev_b:
            bad.append("says bonnie %s, others %s; computed %d and %d bytes" %
                       (mr.group(1), mr.group(2), own, other))
    else:
        bad.append("the rest does not read: %r" % rest)
    return bad


def check_read(ph, dev, why, text):
    m = READS[why].fullmatch(text)
    if not m:
        return ["does not read as a %s sentence" % why]
    pct = pct_of(dev["read_bytes"], ph["read_bytes"])
    bad = [] if int(m.group(2)) == pct else ["says %s%%, the devices read %d%%" % (m.group(2), pct)]
    window = 2 * 1024 * (dev.get("read_ahead_kb") or 0)
    excess = dev["read_bytes"] - ph["read_bytes"]
    if why == "cached" and not pct < 50:
        bad.append("%d%% is not under half" % pct)
    own = dev.get("process_read_bytes")
    other = dev["read_bytes"] - own if own is not None else None
    if why == "read_ahead" and not (pct > 100 and excess <= window):
        bad.append("%d bytes more than read is not within two read-ahead windows (%d)" % (excess, window))
    if why == "read_ahead" and other is not None and other * 5 > dev["read_bytes"]:
        bad.append("called read-ahead, but bonnie itself read only %d of the device's %d bytes" % (own, dev["read_bytes"]))
    if why == "other_reads" and m.group(3) is not None:
        if own is None or not near(m.group(3), own) or not near(m.group(4), other) or \
                other * 5 <= dev["read_bytes"] or pct <= 100:
            bad.append("bonnie's own %s and %s from elsewhere do not match %r and %d" %
                       (m.group(3), m.group(4), own, dev["read_bytes"]))
    elif why == "other_reads" and not (pct > 100 and (window == 0 or excess > window)):
        bad.append("%d bytes more than read is within two read-ahead windows (%d)" % (excess, window))
    return bad


def missing(ph, dev):
    """A figure far from what the storage makes of the phase, left bare."""
    if ph.get("read_bytes"):
        pct = pct_of(dev["read_bytes"], ph["read_bytes"])
        return pct > 100 or (pct < 50 and ph["name"] in ("rewrite", "getc", "get_block", "seeks"))
    if ph["name"] not in WRITE_PHASES or not ph.get("bytes"):
        return False
    pct, want = pct_of(dev["write_bytes"], ph["bytes"]), dev.get("expected_write_percent", 100)
    return pct > want + want // 4 or pct < want - want // 4 or want != 100


def phases_of(doc):
    for run in doc.get("runs", []):
        for ph in run.get("phases", []):
            if ph.get("status") == "done" and ph.get("device"):
                yield run, ph


def check_file(path, out):
    with open(path) as f:
        doc = json.load(f)
    n = false = miss = 0
    for run, ph in phases_of(doc):
        dev, name = ph["device"], "run %s %s" % (run.get("run", "?"), ph["name"])
        why, text = dev.get("why"), dev.get("why_text")
        if why is None:
            if missing(ph, dev):
                miss += 1
                out.append("%s: %s: MISSING a sentence for %s" % (path, name, json.dumps(dev)))
            continue
        n += 1
        bad = check_write(ph, dev, why, text) if why in WRITES else check_read(ph, dev, why, text)
        if bad:
            false += 1
            out.append("%s: %s: FALSE %r: %s" % (path, name, text, "; ".join(bad)))
    return n, false, miss


def check_text(text_path, json_path):
    """The text says each phase's sentence; a cause the JSON appends to a
    phase's sentence is a line of its own there, said once."""
    prefix = {"layout": "layout", "other_writes": "other writes", "fewer_writes": "fewer writes",
              "cached": "cached", "read_ahead": "readahead", "other_reads": "other reads"}
    causes = [REST_UNKNOWN[2:], REST_OTHER.pattern.split(r"came from elsewhere\. ")[1].replace("\\", "")]
    with open(text_path, errors="replace") as f:
        text = f.read().splitlines()
    with open(json_path) as f:
        doc = json.load(f)
    diffs = []
    for _, ph in phases_of(doc):
        why, said = ph["device"].get("why"), ph["device"].get("why_text")
        if not why:
            continue
        want = [said]
        for c in causes:
            if said.endswith(". " + c):
                want = [said[:-len(c) - 2], c[0].lower() + c[1:]]
        for w in want:
            n = text.count("%s: %s" % (prefix[why], w))
            if n != 1:  # a phase's sentence once, a cause once for all
                diffs.append("%s: %s: the text has %d lines %r" % (text_path, ph["name"], n, w))
    return diffs


def main(argv):
    if argv[:1] == ["--text"] and len(argv) == 3:
        diffs = check_text(argv[1], argv[2])
        for d in diffs:
            print(d)
        print("device_check --text: %d differences" % len(diffs))
        return 1 if diffs else 0
    if not argv:
        sys.stderr.write(__doc__)
        return 2
    tot = [0, 0, 0]
    for p in argv:
        out = []
        tot = [a + b for a, b in zip(tot, check_file(p, out))]
        for line in out:
            print(line)
    print("device_check: %d sentences, %d false, %d missing" % tuple(tot))
    return 1 if tot[1] or tot[2] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
