"""The shape of the code: no import circle anywhere, and the page's parts stay small.

Imports are read with :mod:`ast`, so every import counts: at the top of a module, inside a function, under
``if TYPE_CHECKING``, relative or absolute.  Only imports of the project's own modules make edges.
``from X import n`` is an import of the module ``X.n`` when that is a project module, else of ``X``;
``import X.Y`` is an import of ``X.Y``.  (Python also runs the packages above a module first; those
implicit imports are left out, as every import tool does, or each package re-exporting a submodule's names
would be a circle.)
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Where the project's modules live: (folder their names start from, the files under it).
SOURCES = (
    (ROOT / "pkg", sorted((ROOT / "pkg").rglob("*.py"))),
    (ROOT / "web", [ROOT / "web" / "main.py", *sorted((ROOT / "web" / "imperial_ui").rglob("*.py"))]),
)
#: The page's limits (issue 20): no class over 300 lines, no module over 500 lines.
PAGE = ROOT / "web"
MAX_CLASS_LINES = 300
MAX_MODULE_LINES = 500


# -- the import graph -------------------------------------------------------------------------------------
def module_names(sources: Iterable[tuple[Path, Iterable[Path]]]) -> dict[str, tuple[Path, bool]]:
    """Every module by its dotted name: its file, and whether it is a package (an ``__init__.py``)."""
    out: dict[str, tuple[Path, bool]] = {}
    for root, files in sources:
        for path in files:
            parts = list(path.relative_to(root).with_suffix("").parts)
            package = parts[-1] == "__init__"
            if package:
                parts.pop()
            out[".".join(parts)] = (path, package)
    return out


def imports_of(name: str, tree: ast.AST, package: bool, known: Mapping[str, object]) -> set[str]:
    """The project modules that module ``name`` (its syntax tree ``tree``) imports anywhere in its code."""
    out: set[str] = set()

    def longest_known(dotted: str) -> str | None:
        parts = dotted.split(".")
        while parts:
            if ".".join(parts) in known:
                return ".".join(parts)
            parts.pop()
        return None

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(m for m in (longest_known(a.name) for a in node.names) if m)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                here = name.split(".") if package else name.split(".")[:-1]
                base_parts = here[: len(here) - (node.level - 1)] if node.level > 1 else here
                base = ".".join([*base_parts, *([node.module] if node.module else [])])
            else:
                base = node.module or ""
            for alias in node.names:
                sub = f"{base}.{alias.name}" if base else alias.name
                target = sub if sub in known else longest_known(base) if base else None
                if target:
                    out.add(target)
    return out


def import_graph(sources: Iterable[tuple[Path, Iterable[Path]]]) -> dict[str, set[str]]:
    """Module name → the project modules it imports."""
    modules = module_names(sources)
    return {
        name: imports_of(name, ast.parse(path.read_text(encoding="utf-8"), str(path)), package, modules)
        for name, (path, package) in modules.items()
    }


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The import circles of ``graph``: one closed path (first module repeated at the end) for each strongly
    connected component of more than one module, and for each module that imports itself."""
    edges = {n: sorted(set(graph.get(n, ())) & set(graph)) for n in graph}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            components.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    out = []
    for comp in components:
        if len(comp) > 1 or comp[0] in edges[comp[0]]:
            out.append(_closed_path(comp[0], set(comp), edges))
    return sorted(out)


def _closed_path(start: str, comp: set[str], edges: Mapping[str, list[str]]) -> list[str]:
    """A shortest path from ``start`` back to itself within the component ``comp``."""
    came: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in edges[v]:
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if w in comp and w not in came:
                    came[w] = v
                    nxt.append(w)
        frontier = nxt
    raise AssertionError(f"{start} is in no circle")


def test_cycle_finder_finds_circles_and_only_circles():
    graph = {"a": {"b"}, "b": {"c", "d"}, "c": {"a"}, "d": set(), "e": {"e"}, "f": {"a", "outside"}}
    assert cycles(graph) == [["a", "b", "c", "a"], ["e", "e"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set(), "d": {"a", "c"}}) == []


def test_import_reader_sees_relative_and_function_level_imports(tmp_path: Path):
    files = {
        "top/__init__.py": "from .one import thing\n",
        "top/one.py": "import os\n\ndef f():\n    from . import two\n    return two\n",
        "top/two.py": "def g():\n    from .sub.deep import h\n    import top.one\n",
        "top/sub/__init__.py": "",
        "top/sub/deep.py": "from .. import one, nothing_such\nfrom ..two import g\n",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    graph = import_graph([(tmp_path, sorted(tmp_path.rglob("*.py")))])
    assert graph == {
        "top": {"top.one"},
        "top.one": {"top.two"},
        "top.two": {"top.sub.deep", "top.one"},
        "top.sub": set(),
        "top.sub.deep": {"top.one", "top", "top.two"},
    }
    assert cycles(graph) == [["top", "top.one", "top.two", "top.sub.deep", "top"]]


def test_no_import_circle_in_the_project():
    graph = import_graph(SOURCES)
    assert {"imperial_core.rules.flow", "imperial_ui.app", "main"} <= set(graph)
    assert "imperial_core.rules.maneuver" in graph["imperial_core.rules.flow"]
    found = cycles(graph)
    assert not found, "import circles:\n" + "\n".join(" -> ".join(c) for c in found)


# -- the page's sizes -------------------------------------------------------------------------------------
def test_page_classes_and_modules_stay_small():
    too_big = []
    for path in sorted(PAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(ROOT)
        lines = len(text.splitlines())
        if lines > MAX_MODULE_LINES:
            too_big.append(f"{rel}: {lines} lines (at most {MAX_MODULE_LINES})")
        for node in ast.walk(ast.parse(text, str(path))):
            if isinstance(node, ast.ClassDef):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                span = node.end_lineno - first + 1
                if span > MAX_CLASS_LINES:
                    too_big.append(f"{rel}: class {node.name} spans {span} lines (at most {MAX_CLASS_LINES})")
    assert not too_big, "too big:\n" + "\n".join(too_big)
