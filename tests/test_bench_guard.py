"""The benchmark guard (benchmarks/guard.py) fails a run on a figure worse than the accepted one by
more than its tolerance, in the figure's own direction (a time ratio up, a rate ratio down)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

_spec = importlib.util.spec_from_file_location("guard", Path(__file__).parent.parent / "benchmarks" / "guard.py")
assert _spec is not None and _spec.loader is not None
guard = importlib.util.module_from_spec(_spec)
sys.modules["guard"] = guard          # its dataclasses look their module up there
_spec.loader.exec_module(guard)


def figure(name, value, higher_is_better=False):
    return guard.Figure(name, value, "x", "floor", "command", None, higher_is_better)


def test_a_slower_kit_beyond_the_tolerance_is_a_regression():
    accepted = {"kit": {"value": 3.0, "tolerance": 0.2}}
    assert guard.compare([figure("kit", 3.5)], accepted) == []           # within 20 %
    assert len(guard.compare([figure("kit", 3.7)], accepted)) == 1
    assert guard.compare([figure("kit", 2.0)], accepted) == []           # faster is never a regression


def test_a_slower_engine_is_a_lower_rate_ratio():
    accepted = {"engine": {"value": 10.0, "tolerance": 0.2}}
    assert len(guard.compare([figure("engine", 7.5, higher_is_better=True)], accepted)) == 1
    assert guard.compare([figure("engine", 8.5, higher_is_better=True)], accepted) == []
    assert guard.compare([figure("engine", 30.0, higher_is_better=True)], accepted) == []


def test_a_figure_never_accepted_and_an_unguarded_one_do_not_fail():
    assert guard.compare([figure("new", 100.0)], {}) == []
    assert guard.compare([figure("wall", 0.1, higher_is_better=True)], {"wall": {"value": 1.9, "tolerance": 1.0}}) == []


def test_the_timed_builds_load_pnp_from_bytecode_even_when_python_writes_none(tmp_path, monkeypatch):
    # An editable checkout under PYTHONDONTWRITEBYTECODE=1 would otherwise compile every module from
    # source in every timed process, a cost no installed pnp (pip compiles on install) has.
    package = tmp_path / "benchpkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("from . import sub\n")
    (package / "sub" / "__init__.py").write_text("VALUE = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    guard.compile_bytecode("benchpkg")
    for source in (package / "__init__.py", package / "sub" / "__init__.py"):
        assert Path(importlib.util.cache_from_source(str(source))).is_file()
    env = {"PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(tmp_path)}
    loaded = subprocess.run([sys.executable, "-v", "-c", "import benchpkg"], env=env, capture_output=True,
                            text=True, check=True).stderr
    assert f"code object from '{importlib.util.cache_from_source(str(package / 'sub' / '__init__.py'))}'" in loaded
