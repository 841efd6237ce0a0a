"""The import graph of pnp has no cycle (issue 28): every import counts, at the top of a module or
deferred inside a function, since a deferred import only hides a cycle; imports made for the type
checker alone (`if TYPE_CHECKING:`) do not run and do not count."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "pnp"


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.add(module)
            found.update(f"{module}.{a.name}" for a in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {m for m in found if m in known and m != name}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iteratively).

    >>> cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}})
    [['a', 'b']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
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
    return out


def test_no_module_of_pnp_imports_itself_round_a_cycle():
    known = _modules()
    graph = {name: _imports(name, path, known) for name, path in known.items()}
    assert len(graph) > 100 and sum(map(len, graph.values())) > 300      # the walk sees the package
    assert cycles(graph) == []


def test_the_walk_sees_deferred_imports(tmp_path):
    """A function-level import counts (it is how the cycles that were here were hidden)."""
    path = tmp_path / "m.py"
    path.write_text("def f():\n    from .other import x\n", encoding="utf-8")
    assert _imports("pkg.m", path, {"pkg.m": path, "pkg.other": path}) == {"pkg.other"}


def test_the_package_imports_itself_one_way():
    """Inside pnp every import of pnp is relative (issue 28: games mixed `from pnp.engine` with
    `from ..engine`), so a module reads the same wherever it sits and a rename moves cleanly."""
    absolute = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            absolute += [f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {n}" for n in names
                         if n == "pnp" or n.startswith("pnp.")]
    assert not absolute, "write these imports relative (from ..engine import ...):\n" + "\n".join(absolute)
