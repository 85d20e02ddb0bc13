#!/usr/bin/env python3
"""No circle of calls between program files (docs/architecture.md).

structure.sh follows #include lines; two files can still call each other
through one header (a.c calls b.c, b.c calls a.c), which makes neither the
lower and both one thing. This reads what each object file of the build
defines and what it takes from others (nm: the linker's own view, so a
local name that happens to match another file's is no tie), and lists
every group of files that reach one another, with the names that tie them.

usage: tests/circles.py BUILD_DIR   (from the top of the tree, after make)
Exits 1 when there is a circle, 2 when the objects cannot be read.
"""
import os
import subprocess
import sys

ROOMS = ("bonnie.o", "cmd", "report", "input", "phases", "env", "options", "scratch", "verdict", "lib")


def objects(build):
    found = []
    for room in ROOMS:
        top = os.path.join(build, room)
        if room.endswith(".o"):
            if os.path.isfile(top):
                found.append(top)
            continue
        for base, _, names in os.walk(top):
            found += [os.path.join(base, n) for n in names if n.endswith(".o")]
    return sorted(found)


def symbols(obj):
    """(defined, undefined) global names of one object file."""
    out = subprocess.run(["nm", "-g", obj], capture_output=True, text=True, check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "U":
            undefined.add(parts[1])
        elif len(parts) == 3 and parts[1] not in "Uuvw":
            defined.add(parts[2])
    return defined, undefined


def strongly_connected(nodes, edges):
    """Tarjan's components of more than one node, each sorted."""
    index, low, on, stack, out = {}, {}, set(), [], []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    sys.setrecursionlimit(10000)
    for v in nodes:
        if v not in index:
            visit(v)
    return out


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-2], file=sys.stderr)
        return 2
    build = sys.argv[1]
    objs = objects(build)
    if len(objs) < 10:
        print(f"circles: no program objects under {build} (run make first)", file=sys.stderr)
        return 2
    owner, takes = {}, {}
    for obj in objs:
        name = os.path.relpath(obj, build)[:-2] + ".c"
        if not os.path.isfile(name):
            continue  # left by a file since moved or removed
        defined, undefined = symbols(obj)
        for sym in defined:
            owner[sym] = name
        takes[name] = undefined
    edges, ties = {}, {}
    for name, undefined in takes.items():
        for sym in undefined:
            other = owner.get(sym)
            if other and other != name:
                edges.setdefault(name, set()).add(other)
                ties.setdefault((name, other), []).append(sym)
    circles = strongly_connected(sorted(takes), edges)
    for group in circles:
        print(f"circles: {len(group)} files call one another: {', '.join(group)}", file=sys.stderr)
        for a in group:
            for b in group:
                if (a, b) in ties:
                    print(f"circles:   {a} -> {b}: {', '.join(sorted(ties[(a, b)]))}", file=sys.stderr)
    print(f"circles: {len(takes)} program files, {len(circles)} circle(s) of calls")
    return 1 if circles else 0


if __name__ == "__main__":
    sys.exit(main())
