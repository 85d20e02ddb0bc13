#!/usr/bin/env python3
"""Runs tests/html.sh's browser jobs in one headless Chromium (issue 48).

  html_batch.py JOBS RESULTS LOGDIR

Starting Chromium took most of html.sh's time (about 31 starts). Here one
browser runs every job, each in a fresh page (tab): nothing one job sets
(viewport, emulated media, what it loaded) is seen by the next, and the
failures list of html_render.py is emptied before each. JOBS holds a job
a line, its fields separated by tabs: an id, a kind, the arguments.

  ID render ARGS...     html_render.py ARGS (its checks, as on its command line)
  ID fit ARGS...        html_fit.py ARGS
  ID boxes FILE...      html_boxes.py FILE...
  ID page FILE DOM PNG  FILE loaded at 1280x2400: its DOM after load
                        (documentElement.outerHTML) written to DOM, the
                        console messages, uncaught exceptions and log entries
                        of its load collected, the viewport's screenshot
                        written to PNG; three results: ID.dom, ID.console
                        (failed by any message) and ID.shot
  ID timed FILE         FILE loaded at 1280x800; its console messages printed
                        (the render time's line), never failed

A kind written quiet:KIND (a page made to fail, proving a check can) prints
only to its log, so that its expected failures do not read as the suite's.

RESULTS gets a line per result as it ends: ID, "ok" or "FAIL" and the
first failure, tab-separated. LOGDIR/ID.log holds what the job printed
(also passed to stdout and stderr). A job that raises (the browser died or
hung) fails with the error, and the next job starts a new browser.
"""
import base64
import contextlib
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import html_boxes  # noqa: E402
import html_fit  # noqa: E402
import html_render  # noqa: E402
from html_render import Browser  # noqa: E402

CHECKERS = {"render": html_render.main, "fit": html_fit.main, "boxes": html_boxes.main}
PARTS = {"page": (".dom", ".console", ".shot")}
# After the load event: the first frame and a task after it (a page's own
# onload work logs by then); at most 2 s if no frame comes.
SETTLE = "new Promise(r => { requestAnimationFrame(() => setTimeout(r, 0)); setTimeout(r, 2000); })"


class Tee:
    """Writes to a job's log and to where the output went before."""

    def __init__(self, log, out):
        self.log, self.out = log, out

    def write(self, s):
        self.log.write(s)
        return self.out.write(s)

    def flush(self):
        self.log.flush()
        self.out.flush()


def arg_text(a):
    return str(a.get("value", a.get("description", a.get("type", ""))))


def console_of(m):
    """One line for a console message, uncaught exception or log entry;
    None for any other event."""
    method, p = m["method"], m["params"]
    if method == "Runtime.consoleAPICalled":
        return "console.%s: %s" % (p["type"], " ".join(arg_text(a) for a in p["args"]))
    if method == "Runtime.exceptionThrown":
        d = p["exceptionDetails"]
        return "Uncaught %s (line %s)" % ((d.get("exception") or {}).get("description") or d.get("text"),
                                          d.get("lineNumber"))
    if method == "Log.entryAdded":
        e = p["entry"]
        return "log %s %s: %s" % (e["source"], e["level"], e["text"])
    return None


def load_listening(b, path, w, h):
    """Loads path at w x h with the console listened to from before the
    navigation until the page has settled; returns the messages."""
    seen = []

    def listen(m):
        line = console_of(m)
        if line is not None:
            seen.append(line)
    b.size(w, h)
    b.call("Runtime.enable")
    b.call("Log.enable")
    b.listener = listen
    b.load("file://" + os.path.abspath(path))
    b.call("Runtime.evaluate", {"expression": SETTLE, "awaitPromise": True})
    return seen


def page_job(b, path, dom_path, png_path):
    """What html.sh's render() asked of chromium --dump-dom and --screenshot."""
    seen = load_listening(b, path, 1280, 2400)
    with open(dom_path, "w", encoding="utf-8") as f:
        f.write(b.eval("document.documentElement.outerHTML"))
    results = [(".dom", None)]
    print("html_batch: %s: %d console messages" % (os.path.basename(path), len(seen)))
    for line in seen[:3]:
        print("html_batch: console: " + line, file=sys.stderr)
    results.append((".console", "console messages: " + " | ".join(seen[:3]) if seen else None))
    # lossless still; encoded fast (each line filtered "up", which
    # html_check.py png also decodes fastest)
    png = b.call("Page.captureScreenshot", {"format": "png", "optimizeForSpeed": True})["data"]
    with open(png_path, "wb") as f:
        f.write(base64.b64decode(png))
    return results + [(".shot", None)]


def timed_job(b, path):
    for line in load_listening(b, path, 1280, 800):
        print("html_batch: console: " + line)
    return [("", None)]


def run_job(b, kind, args):
    """The job's results: (suffix, None) for a pass, (suffix, message)."""
    del html_render.failures[:]  # shared by html_fit and html_boxes, one list
    if kind == "page":
        return page_job(b, *args)
    if kind == "timed":
        return timed_job(b, *args)
    rc = CHECKERS[kind](list(args), b)
    if rc == 0:
        return [("", None)]
    return [("", html_render.failures[0] if html_render.failures else "exit %d" % rc)]


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    jobs = [line.rstrip("\n").split("\t") for line in open(argv[0]) if line.strip()]
    sys.stdout.reconfigure(line_buffering=True)
    b, failed = None, 0
    with open(argv[1], "w") as results:
        for job_id, kind, *args in jobs:
            t0, quiet = time.monotonic(), kind.startswith("quiet:")
            kind = kind[len("quiet:"):] if quiet else kind
            with open(os.path.join(argv[2], job_id + ".log"), "w") as log, \
                    contextlib.redirect_stdout(log if quiet else Tee(log, sys.stdout)), \
                    contextlib.redirect_stderr(log if quiet else Tee(log, sys.stderr)):
                try:
                    if b is None:
                        b = Browser()
                    else:
                        b.new_page()
                    got = run_job(b, kind, args)
                except Exception as e:  # noqa: BLE001 - any error fails the job, not the batch
                    print("html_batch: %s %s: %s: %s" % (job_id, kind, type(e).__name__, e), file=sys.stderr)
                    got = [(part, "%s: %s" % (type(e).__name__, e)) for part in PARTS.get(kind, ("",))]
                    if b is not None:
                        b.close(ask=False)
                    b = None
            for part, msg in got:
                failed += msg is not None
                results.write("%s%s\t%s\n" % (job_id, part, "ok" if msg is None else
                                              "FAIL\t" + msg.replace("\n", " | ").replace("\t", " ")))
            results.flush()
            # a quiet job (a detector shown a bad page) must fail: its
            # "FAIL" stays in its log, not among the suite's lines
            if not quiet:
                print("html_batch: job %s (%s %s): %s in %.1f s" % (
                    job_id, kind, os.path.basename(args[0]) if args else "",
                    "ok" if all(m is None for _, m in got) else "FAIL", time.monotonic() - t0))
    if b is not None:
        b.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
