"""Regenerate docs/benchmarks.md from a run of benchmarks/guard.py (its --results JSON).

    python benchmarks/guard.py --results /tmp/bench.json && python benchmarks/write_docs.py /tmp/bench.json

The page is written whole from the run, so the figures it shows are always the last measured ones
with the commands that reproduce them; older narrative measurements live in
docs/benchmarks-history.md.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "benchmarks.md"


def _target(f: dict[str, Any]) -> str:
    if f["target"] is None:
        return ""
    sign = ">=" if f["higher_is_better"] else "<="
    met = f["value"] >= f["target"] if f["higher_is_better"] else f["value"] <= f["target"]
    return f"{sign} {f['target']:g}: {'met' if met else '**missed**'}"


def _value(f: dict[str, Any]) -> str:
    return f"{f['value']:.0f} MB" if f["unit"] == "MB" else f"{f['value']:.3g}x"


def page(run: dict[str, Any], accepted: dict[str, Any]) -> str:
    measured = {f["name"] for f in run["figures"]}
    rows = "\n".join(
        f"| {f['name']} | {_value(f)} | {_target(f)} | "
        f"{'' if f['name'] not in accepted else _value({**f, 'value': accepted[f['name']]['value']})} | "
        f"`{f['command']}` | {'`' + f['floor'] + '`' if f['floor'] else ''} |"
        for f in run["figures"])
    # A run of some parts only (guard.py --parts): the other figures are shown as accepted.
    rows += "".join(f"\n| {name} | not measured in this run |  | {a['value']:.3g} |  |  |"
                    for name, a in accepted.items() if name not in measured)
    parts = run.get("parts", ["kits", "engines", "simulate"])
    skipped = "not measured in this run"
    cpu = ", ".join(f"{k} {v:.3f} s" for k, v in run["cpu"].items()) or skipped
    rates = ", ".join(f"{k} {v:.0f}" for k, v in run.get("rates", {}).items())
    if "engines" not in parts:
        rates = skipped
    walls = ", ".join(f"{k} {v:.2f}" for k, v in run.get("walls", {}).items()) or skipped
    measured_parts = "" if len(parts) == 3 else f" (parts measured: {', '.join(parts)})"
    said = [f"{run['rounds']} interleaved rounds of the kit commands"] if "kits" in parts else []
    said += [f"{run['engine_rounds']} of the engines"] if "engines" in parts else []
    said += [f"{run['engine_rounds']} of `pnp simulate`"] if "simulate" in parts else []
    rounds = ", ".join(said)
    when = "when the simulation was measured" if "simulate" in parts else "after the kits were measured"
    return f"""# Benchmarks

<!-- Written by benchmarks/write_docs.py from a run of benchmarks/guard.py: do not edit by hand. -->

Speed is measured here, never in tests. `nox -s bench` installs pnp (`pip install .`, so its
modules are compiled once, as a user's are), protograf and python-chess, and runs

    python benchmarks/guard.py --results bench.json
    python benchmarks/write_docs.py bench.json      # this page

Every figure is a ratio to a floor measured in the same run, never an absolute time: the machine is
shared, so the commands run interleaved (A B C ... A B C ..., one warm-up round first) and a figure
is the median over the rounds divided by its floor's median. Kit and card times are the CPU
seconds (user + system) of the process, which other processes' load disturbs far less than the
wall clock. The session fails when a figure is worse than the accepted one in
`benchmarks/accepted.json` by more than its tolerance; `python benchmarks/guard.py --accept`
records a run as the new accepted figures (when a change is meant to cost time: say why in the
commit).

## Last run: {run['date']}, {run['cores']} cores, Python {run['python']}{measured_parts}

{rounds}; the whole run took {run['seconds']} s; load average {run.get('load', 0):.1f} {when}.

| figure | value | target (issue 22) | accepted | command | floor |
|---|---|---|---|---|---|
{rows}

Median CPU seconds of each command: {cpu}.

Median random games per second (one core, CPU time): {rates or 'python-chess not installed'}.

Median wall seconds of `pnp simulate`: {walls}.

## What the figures mean

- **Daimyni kit / library import floor**: `pnp build daimyni` (6 PDFs with the rules booklet and
  the player aids, 28 SVGs) against a Python that only imports the libraries a build cannot do
  without. The rest of the kit's cost is pnp's own modules, parsing the three fonts (IPAexGothic is
  a 6 MB file), the booklet's templates and sample games, and drawing.
- **GAME kit / Daimyni kit**: every built-in kit against Daimyni's, in the same run.
- **18-card sheet / protograf**: `pnp build daimyni --only cards` (fronts, backs, crop marks, the
  player aids, SVGs) against protograf 0.5.2 drawing the same 18 cards with crop marks and backs
  (`benchmarks/protograf_deck.py`).
- **peak memory**: the largest resident size of any of the five kit builds (the kernel's maxrss of
  the process).
- **random games/s / python-chess**: each rules engine's uniformly random games per CPU second
  (`pnp.engine.playout`, round caps as in `pnp simulate`) against python-chess playing random legal
  moves to the end of a game, in the same run. Higher is better.
- **pnp simulate speed-up**: the wall clock of `--workers 1` over `--workers 2` for the same games;
  the chunking rule is in docs/simulate.md. It needs two free cores to mean anything: read it with
  the load average above.
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("results", type=Path)
    ap.add_argument("--out", type=Path, default=PAGE)
    args = ap.parse_args()
    run = json.loads(args.results.read_text())
    accepted_file = Path(__file__).resolve().parent / "accepted.json"
    accepted = json.loads(accepted_file.read_text()) if accepted_file.is_file() else {}
    args.out.write_text(page(run, accepted))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
