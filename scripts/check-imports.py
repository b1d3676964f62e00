#!/usr/bin/env python3
"""Fails when Rust files import each other in a circle, or when a crate under crates/ imports a
sidecar (sidecars/*).

A file's imports are the `use crate::…`, `use super::…`, `use self::…` paths and inline
`crate::a::b` paths in it, resolved to the file that defines the module they name (`a.rs` or
`a/mod.rs`; an item such as `crate::Error` defined in lib.rs resolves to lib.rs). `mod x;`
declarations are not imports, nor are test modules (`#[cfg(test)] mod tests { … }` at the end of a
file), nor a module's use of its own submodules (the parts a file was split into). Usage: scripts/check-imports.py [ROOT]
"""

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent)
SKIP = {"target", "node_modules", ".git"}

USE = re.compile(r"\buse\s+((?:crate|super|self)\s*::[^;]+);", re.S)
INLINE = re.compile(r"(?<![:\w])(crate(?:::\w+)+)")
TEST_MOD = re.compile(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{", re.S)


def strip_comments_and_tests(text):
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    m = TEST_MOD.search(text)
    return text[: m.start()] if m else text


def expand(path):
    """`crate::a::{b, c::d}` → ['crate::a::b', 'crate::a::c::d']."""
    path = re.sub(r"\s+", "", path)
    m = re.match(r"^(.*?)\{(.*)\}$", path)
    if not m:
        return [path]
    head, body = m.groups()
    parts, depth, cur = [], 0, ""
    for ch in body:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    parts.append(cur)
    out = []
    for p in parts:
        if p and p != "self":
            out += expand(head + p)
        elif p == "self":
            out.append(head.rstrip(":"))
    return out


class Crate:
    def __init__(self, src):
        self.src = src

    def module_file(self, segments):
        """The file of the deepest module named by `segments` (from the crate root)."""
        best = None
        for i in range(len(segments) + 1):
            seg = segments[:i]
            if not seg:
                cands = [self.src / "lib.rs", self.src / "main.rs"]
            else:
                base = self.src.joinpath(*seg)
                cands = [base.with_suffix(".rs"), base / "mod.rs"]
            found = next((c for c in cands if c.is_file()), None)
            if found is None:
                if i == 0:
                    continue
                break
            best = found
        return best


def module_path(crate, file):
    rel = file.relative_to(crate.src).with_suffix("")
    parts = list(rel.parts)
    if parts and parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return parts


def resolve(crate, file, path):
    segs = path.split("::")
    here = module_path(crate, file)
    # A file's own module is `here`; `super` is its parent module.
    if segs[0] == "crate":
        segs = segs[1:]
    elif segs[0] in ("self", "super"):
        base = list(here)
        while segs and segs[0] in ("self", "super"):
            if segs[0] == "super" and base:
                base.pop()
            segs = segs[1:]
        segs = base + segs
    else:
        return None
    return crate.module_file(segs)


def crates():
    for toml in ROOT.rglob("Cargo.toml"):
        if any(p in SKIP for p in toml.parts):
            continue
        src = toml.parent / "src"
        if (src / "lib.rs").is_file() or (src / "main.rs").is_file():
            yield toml, Crate(src)
        elif toml.parent.name == "tests" and (toml.parent / "lib.rs").is_file():
            yield toml, Crate(toml.parent)


def cycles_in(crate):
    graph = {}
    for file in crate.src.rglob("*.rs"):
        if "bin" in file.relative_to(crate.src).parts or "tests" in file.relative_to(crate.src).parts:
            continue
        text = strip_comments_and_tests(file.read_text(encoding="utf-8"))
        paths = [p for u in USE.findall(text) for p in expand(u)] + INLINE.findall(text)
        targets = {resolve(crate, file, p) for p in paths}
        # A module using what its own submodules define (a `pub use` re-export, a helper one of its
        # parts holds) is how a file is split into parts; it is not counted, so a part may still
        # use its parent's items. Files that are not parent and part still may not import each
        # other in a circle.
        own = file.parent if file.name == "mod.rs" else file.with_suffix("")
        graph[file] = {t for t in targets if t is not None and t != file and own not in t.parents}
    found, state, stack = [], {}, []

    def visit(node):
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                found.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return found


def main():
    problems = []
    for toml, crate in crates():
        for cycle in cycles_in(crate):
            problems.append("import cycle: " + " → ".join(str(p.relative_to(ROOT)) for p in cycle))
        rel = toml.parent.relative_to(ROOT)
        if rel.parts and rel.parts[0] == "crates":
            manifest = tomllib.loads(toml.read_text(encoding="utf-8"))
            for section in ("dependencies", "dev-dependencies", "build-dependencies"):
                for name, spec in manifest.get(section, {}).items():
                    if name in ("proseva-server", "proseva-explorer") or (
                        isinstance(spec, dict) and "sidecars/" in str(spec.get("path", ""))
                    ):
                        problems.append(f"{rel}/Cargo.toml: {section} imports the sidecar {name}")
    for p in problems:
        print(p)
    if problems:
        sys.exit(1)
    print("imports: no cycles between files, no crate imports a sidecar")


if __name__ == "__main__":
    main()
