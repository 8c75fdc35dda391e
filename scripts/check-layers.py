#!/usr/bin/env python3
"""Fails on a layer or folder cycle in Sources/ (Docs/design.md, "Layers").

Targets: each file may import only the layers below its own (the order in
LAYERS); SwiftPM already refuses a cycle between targets, this also refuses an
upward import that a new dependency in Package.swift would allow.

Folders: inside each layer, folder A depends on folder B when a file of A
names a type, protocol, alias or free function declared at the top level in
B. That graph must have no cycle, so each layer's folders can be read bottom
up. (Members reached through an `extension` are not seen: keep extensions in
the folder of what they add to.)

Clients: the command line (HaruCLI and the `haru` executable) and the web
page's server (HaruWeb) are clients of the library's public API alone: they
import HaruLedger (and each other: `haru web` is HaruWeb's), never a layer,
and never through `@_spi`.

Usage: scripts/check-layers.py [--graph]   (--graph prints every edge)
"""
import collections
import os
import re
import sys

CLIENTS = ["HaruWeb", "HaruCLI", "haru"]
LAYERS = ["HaruSystem", "HaruStorage", "HaruModel", "HaruEngine", "HaruViews", "HaruInterchange", "HaruOperations", "HaruLedger", "HaruWeb", "HaruCLI"]
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources")
DECL = re.compile(
    r"^(?:(?:package|public|internal|final|indirect|@\w+(?:\([^)]*\))?)\s+)*"
    r"(?:struct|enum|class|protocol|typealias|actor|func)\s+([A-Za-z_]\w*)",
    re.M,
)


def strip(src):
    """The source without comments and string literals (names in them are no dependency)."""
    src = re.sub(r'"""[\s\S]*?"""', '""', src)
    src = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', src)
    src = re.sub(r"/\*[\s\S]*?\*/", "", src)
    return re.sub(r"//[^\n]*", "", src)


def main():
    problems = []
    graph_out = "--graph" in sys.argv
    for rank, layer in enumerate(LAYERS):
        base = os.path.join(ROOT, layer)
        files = {}
        for dirpath, _, names in os.walk(base):
            for n in names:
                if n.endswith(".swift"):
                    p = os.path.join(dirpath, n)
                    folder = os.path.relpath(dirpath, base).split(os.sep)[0]
                    files[p] = (folder, strip(open(p, encoding="utf-8").read()))
        owner = {}
        for p, (folder, src) in files.items():
            for m in DECL.finditer(src):
                owner.setdefault(m.group(1), folder)
        edges = collections.defaultdict(lambda: collections.defaultdict(set))
        for p, (folder, src) in files.items():
            for m in re.finditer(r"^(?:@_spi\(\w+\)\s+)?(?:@testable\s+)?import\s+(\w+)", src, re.M):
                mod = m.group(1)
                if mod in LAYERS and LAYERS.index(mod) >= rank:
                    problems.append(f"{os.path.relpath(p, ROOT)}: imports {mod}, which is not below {layer}")
            for name in set(re.findall(r"\b[A-Za-z_]\w*\b", src)):
                other = owner.get(name)
                if other is not None and other != folder:
                    edges[folder][other].add(name)
        # Cycles: depth-first search for a back edge.
        state, stack = {}, []

        def visit(f):
            state[f] = 1
            stack.append(f)
            for g in sorted(edges[f]):
                if state.get(g) == 1:
                    cyc = stack[stack.index(g):] + [g]
                    why = ", ".join(
                        f"{a} → {b} ({', '.join(sorted(edges[a][b])[:3])})" for a, b in zip(cyc, cyc[1:]))
                    problems.append(f"{layer}: folder cycle {' → '.join(cyc)}: {why}")
                elif g not in state:
                    visit(g)
            stack.pop()
            state[f] = 2

        for f in sorted({f for f, _ in files.values()}):
            if f not in state:
                visit(f)
        if graph_out:
            for a in sorted(edges):
                print(f"{layer}/{a} → " + ", ".join(sorted(edges[a])))
    for client in CLIENTS:
        for dirpath, _, names in os.walk(os.path.join(ROOT, client)):
            for n in names:
                if not n.endswith(".swift"):
                    continue
                p = os.path.join(dirpath, n)
                for m in re.finditer(r"^(@_spi\(\w+\)\s+)?import\s+(\w+)", strip(open(p, encoding="utf-8").read()), re.M):
                    if m.group(1) or (m.group(2) in LAYERS and m.group(2) not in ("HaruLedger", "HaruWeb", "HaruCLI")):
                        problems.append(f"{os.path.relpath(p, ROOT)}: `{m.group(0)}`: the command line uses the public API (import HaruLedger) only")
    for p in problems:
        print("check-layers:", p, file=sys.stderr)
    if problems:
        return 1
    print(f"check-layers: {len(LAYERS)} layers, no upward import, no folder cycle; the command line and the web server import HaruLedger alone")
    return 0


if __name__ == "__main__":
    sys.exit(main())
