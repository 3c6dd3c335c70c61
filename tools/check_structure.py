#!/usr/bin/env python3
"""Checks the shape of the C tree: no #include cycle between modules, no
include against the layers, no knot of calls between modules (with
--objects), no function over the length limit, and an opening comment in
every .c and .h.  Prints the include edges with --edges, the calls between
modules with --calls, and the longest functions always.  Exit status 1 on
a violation.

usage: check_structure.py [--edges] [--calls] [--limit N] [--objects BUILD_DIR] [SOURCE_ROOT]

A module is a .c file together with the .h of the same name in the same
folder (and its private x_internal.h).  With --objects, the symbols of the
compiled sources (nm on BUILD_DIR/*.p/src_*.o, meson's object names) give
the calls: module A calls B when A's object uses a function or global that
B's defines.  A knot of calls is a set of modules that reach each other
through calls (a strongly connected component of more than one module);
each is a failure, since a knot cannot be read, tested or moved in parts.  The layers (lowest first) say who may include whom: a file may
include its own layer or a lower one, never a higher one.  Each library
folder of src/ has one public header; the rest of the tree includes that
one only.
"""
import glob
import os
import re
import subprocess
import sys

# Folder or file prefix (relative to src/) -> layer.  The first match wins.
# src/ holds the program's own files and one folder per library.
LAYERS = [
    ("ui/", 4, "game screen"),
    ("frontend/", 4, "front ends"),
    ("match/", 4, "match tools"),
    ("main.c", 4, "entry point"),
    ("options.", 3, "command line"),
    ("session.", 3, "command line"),
    ("search/", 2, "search"),
    ("endgame/", 2, "endgame tables"),
    ("analysis/", 2, "analysis"),
    ("puzzle/", 2, "puzzles"),
    ("lesson/", 2, "lessons"),
    ("datafile/", 1, "data files"),
    ("nnue/", 1, "neural evaluation"),
    ("notation/", 1, "notation"),
    ("rules/", 0, "rules core"),
    ("files/", 0, "safe file creation"),
    ("text/", 0, "quoting text"),
]

# Each library folder has one public header: a file outside the folder may
# include that one and no other header of the folder.
PUBLIC = {
    "rules/": "rules/rules.h",
    "notation/": "notation/notation.h",
    "datafile/": "datafile/datafile.h",
    "nnue/": "nnue/nnue.h",
    "lesson/": "lesson/lesson.h",
    "search/": "search/search.h",
    "endgame/": "endgame/endgame.h",
    "analysis/": "analysis/analysis.h",
    "puzzle/": "puzzle/puzzle.h",
    "match/": "match/match.h",
    "frontend/": "frontend/frontend.h",
    "files/": "files/safe_file.h",
    "text/": "text/quote.h",
    "ui/": "ui/ui.h",
}

# Functions exempt from the length limit: the search's node, read top to
# bottom as numbered steps, is clearer whole than split into helpers that
# only pass its state around.
LONG_EXEMPT = {("search/search.c", "pvs")}

# Parts of the tree that do no input or output: the search (its front ends
# print), and the rules core but for the data-file reader.  Writing to
# stderr is allowed in the core for a failed internal assertion.
NO_IO = [("search/", False), ("analysis/", False), ("rules/", True), ("notation/position_text.", True),
         ("notation/movetext.", True), ("notation/san.", False), ("notation/moveinput.", False),
         # the endgame solver computes; its store (eg_store.c) reads and writes the cache
         ("endgame/eg_table", False), ("endgame/eg_movetab", False), ("endgame/eg_solve", False)]
IO_CALL = re.compile(r"\b(printf|fprintf|puts|fputs|fopen|fread|fwrite|getline|scanf|fscanf|fgets|getchar|putchar|"
                     r"fflush)\s*\(|\bstd(in|out)\b|\bstderr\b")

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def layer_of(rel):
    for prefix, layer, name in LAYERS:
        if rel.startswith(prefix):
            return layer, name
    return None, None


def module_of(rel):
    """x.c and x.h are one module; x_internal.h, the private header of x's
    part, belongs to it too."""
    stem = os.path.splitext(rel)[0]
    return stem[:-len("_internal")] if stem.endswith("_internal") else stem


def c_files(root, sub):
    base = os.path.join(root, sub)
    for dirpath, _, names in os.walk(base):
        for n in sorted(names):
            if n.endswith((".c", ".h")):
                yield os.path.relpath(os.path.join(dirpath, n), base)


def include_edges(root):
    """(from_file, to_file) pairs inside src/, paths relative to src/."""
    edges = []
    src = os.path.join(root, "src")
    for rel in c_files(root, "src"):
        text = open(os.path.join(src, rel), encoding="utf-8").read()
        for inc in INCLUDE.findall(text):
            # the includer's folder first, then src/ (the compiler's -I)
            for base in (os.path.dirname(rel), ""):
                target = os.path.normpath(os.path.join(base, inc))
                if os.path.exists(os.path.join(src, target)):
                    edges.append((rel, target))
                    break
    return edges


def screen_headers(root):
    """Headers in src/ui that export a screen (extern const Screen ...)."""
    src = os.path.join(root, "src")
    out = set()
    for rel in c_files(root, "src"):
        if rel.startswith("ui/") and rel.endswith(".h"):
            if re.search(r"^\s*extern\s+const\s+Screen\b", open(os.path.join(src, rel), encoding="utf-8").read(), re.M):
                out.add(rel)
    return out


def find_cycle(graph):
    """A list of modules forming a cycle, or None (iterative DFS)."""
    state = {}
    for start in sorted(graph):
        if state.get(start):
            continue
        stack = [(start, iter(sorted(graph[start])))]
        path = [start]
        state[start] = 1
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                state[node] = 2
                stack.pop()
                path.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            elif not state.get(nxt):
                state[nxt] = 1
                path.append(nxt)
                stack.append((nxt, iter(sorted(graph.get(nxt, ())))))
    return None


def object_files(root, build):
    """{object path: source path relative to src/} for every source of src/
    compiled in BUILD_DIR (meson names an object after its source path with
    '/' as '_', in the target's .p directory).  A source compiled for
    several targets maps each of its objects to itself."""
    by_name = {}
    for rel in c_files(root, "src"):
        if rel.endswith(".c"):
            by_name[("src/" + rel).replace("/", "_") + ".o"] = rel
    out = {}
    for obj in sorted(glob.glob(os.path.join(build, "*.p", "*.o"))):
        rel = by_name.get(os.path.basename(obj))
        if rel:
            out[obj] = rel
    return out


def call_edges(objects):
    """{(module, module): sorted symbols}: the first uses what the second
    defines.  Reads nm's POSIX output ("file: name type ..."); upper-case
    types but U are global definitions."""
    defined, used = {}, {}
    paths = sorted(objects)
    for k in range(0, len(paths), 200):
        out = subprocess.run(["nm", "-A", "-P"] + paths[k:k + 200], capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            obj, _, rest = line.rpartition(": ")
            fields = rest.split()
            if obj not in objects or len(fields) < 2:
                continue
            name, kind = fields[0], fields[1]
            module = module_of(objects[obj])
            if kind == "U":
                used.setdefault(module, set()).add(name)
            elif kind.isupper():
                defined.setdefault(name, set()).add(module)
    edges = {}
    for module, names in used.items():
        for name in names:
            for target in defined.get(name, ()):
                if target != module:
                    edges.setdefault((module, target), set()).add(name)
    return {e: sorted(v) for e, v in edges.items()}


def knots(edges):
    """The strongly connected components of more than one module, each a
    sorted list (Tarjan's algorithm, iterative)."""
    graph = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        m = stack.pop()
                        on_stack.discard(m)
                        comp.append(m)
                        if m == node:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
            elif nxt not in index:
                index[nxt] = low[nxt] = len(index)
                stack.append(nxt)
                on_stack.add(nxt)
                work.append((nxt, iter(sorted(graph[nxt]))))
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
    return sorted(out)


def function_lengths(root):
    """(lines, file, signature) of every function: '{' to '}' at column 0."""
    out = []
    src = os.path.join(root, "src")
    for rel in c_files(root, "src"):
        if not rel.endswith(".c"):
            continue
        lines = open(os.path.join(src, rel), encoding="utf-8").read().split("\n")
        start = None
        for i, line in enumerate(lines):
            if line == "{":
                start = i
                k = i - 1
                while k > 0 and lines[k][:1] in (" ", "\t"):
                    k -= 1  # a signature over several lines
                sig = lines[k].strip()
            elif line == "}" and start is not None:
                out.append((i - start + 1, rel, sig))
                start = None
    return sorted(out, reverse=True)


def io_calls(root):
    """(file, line number, text) of input or output where none belongs."""
    out = []
    src = os.path.join(root, "src")
    for rel in c_files(root, "src"):
        rule = next((allow for prefix, allow in NO_IO if rel.startswith(prefix)), None)
        if rule is None:
            continue
        for n, line in enumerate(open(os.path.join(src, rel), encoding="utf-8"), 1):
            code = line.split("//")[0]
            if rule and "fprintf(stderr" in code.replace(" ", ""):
                continue
            if IO_CALL.search(code) and not code.lstrip().startswith(("/*", "*")):
                out.append((rel, n, line.strip()))
    return out


def missing_opening_comment(root):
    bad = []
    for sub in ("src", "tests"):
        for rel in c_files(root, sub):
            text = open(os.path.join(root, sub, rel), encoding="utf-8").read()
            if not text.lstrip().startswith("/*"):
                bad.append(os.path.join(sub, rel))
    return bad


def main(argv):
    show_edges = "--edges" in argv
    show_calls = "--calls" in argv
    limit = 100
    build = None
    args = [a for a in argv if a not in ("--edges", "--calls")]
    if "--limit" in args:
        k = args.index("--limit")
        limit = int(args[k + 1])
        del args[k:k + 2]
    if "--objects" in args:
        k = args.index("--objects")
        build = args[k + 1]
        del args[k:k + 2]
    root = args[0] if args else os.path.join(os.path.dirname(__file__), "..")
    problems = []

    edges = include_edges(root)
    graph = {}
    for a, b in edges:
        ma, mb = module_of(a), module_of(b)
        graph.setdefault(ma, set())
        graph.setdefault(mb, set())
        if ma != mb:
            graph[ma].add(mb)
        la, na = layer_of(a)
        lb, nb = layer_of(b)
        if la is not None and lb is not None and lb > la:
            problems.append(f"src/{a} ({na}) includes src/{b} ({nb}), a higher layer")
        folder = next((f for f in PUBLIC if b.startswith(f)), None)
        if folder and not a.startswith(folder) and b != PUBLIC[folder]:
            problems.append(f"src/{a} includes src/{b}, private to src/{folder} (its public header: src/{PUBLIC[folder]})")
    for rel in c_files(root, "src"):
        if layer_of(rel)[0] is None:
            where = "the program's own files (main.c, options, session)" if "/" not in rel else "a known folder"
            problems.append(f"src/{rel}: not in a layer; src/ holds {where} and the library folders")
    # Screens meet only through the stack: just ui_main.c, which hands the
    # stack its registry, includes them.
    screens = screen_headers(root)
    for a, b in edges:
        if b in screens and module_of(a) != module_of(b) and a != "ui/ui_main.c":
            problems.append(f"src/{a} includes the screen src/{b}; screens are reached through ui_screen.h")
    if show_edges:
        for a, b in sorted(edges):
            print(f"include src/{a} -> src/{b}")
    cycle = find_cycle(graph)
    if cycle:
        problems.append("include cycle: " + " -> ".join(cycle))

    if build is not None:
        objects = object_files(root, build)
        if not objects:
            problems.append(f"no objects of src/ in {build}/*.p/ to read the calls from (build first)")
        else:
            try:
                calls = call_edges(objects)
            except (OSError, subprocess.CalledProcessError) as e:
                problems.append(f"cannot read the objects' symbols with nm: {e}")
                calls = {}
            if show_calls:
                for (a, b), names in sorted(calls.items()):
                    print(f"call src/{a} -> src/{b}: {' '.join(names)}")
            found = knots(calls)
            print(f"{len(calls)} call edges between modules from {len(objects)} objects; {len(found)} knots of calls")
            for comp in found:
                inside = [f"{a} -> {b} ({', '.join(names)})" for (a, b), names in sorted(calls.items())
                          if a in comp and b in comp]
                problems.append(f"knot of calls: {', '.join(comp)}: " + "; ".join(inside))

    lengths = function_lengths(root)
    print(f"{len(edges)} include edges between {len(graph)} modules; longest functions (limit {limit} lines):")
    for n, rel, sig in lengths[:5]:
        print(f"  {n:4d}  src/{rel}: {sig}")
    for n, rel, sig in lengths:
        name = re.search(r"(\w+)\s*\(", sig)
        if (rel, name.group(1) if name else "") in LONG_EXEMPT:
            continue
        if n > limit:
            problems.append(f"src/{rel}: function of {n} lines (limit {limit}): {sig}")

    for rel, n, text in io_calls(root):
        problems.append(f"src/{rel}:{n}: input or output in a part that does none: {text}")

    for path in missing_opening_comment(root):
        problems.append(f"{path}: does not open with a comment saying what it owns")

    for p in problems:
        print("FAIL " + p)
    print(f"structure: {'ok' if not problems else str(len(problems)) + ' problems'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
