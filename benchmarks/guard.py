"""The guarded benchmark: every figure a ratio against a floor measured in the same run, compared
with the last accepted ratios (benchmarks/accepted.json); exit 1 on a regression.

    python benchmarks/guard.py [--rounds 7] [--parts kits,engines,simulate] [--results FILE.json] [--accept]

The machine is shared and noisy, so nothing here is an absolute time: each command runs once per
round, the commands of a round one after the other (A B C A B C ...), so that a busy spell slows
all of them alike; a figure is the median over the rounds, divided by its floor's median. Times are
CPU seconds (user + system) of the child process, which another process's load disturbs far less
than the wall clock. Floors:

- a kit: `python -c "import reportlab.pdfgen.canvas, svgwrite, jinja2, pydantic, typer"`, the
  libraries a build cannot do without (and every other built-in kit against Daimyni's);
- the 18-card sheet: protograf drawing the same 18 cards (benchmarks/protograf_deck.py), when
  protograf is installed;
- a rules engine's random games per second: python-chess's random games per second, when
  python-chess is installed (benchmarks/engine_rate.py).

Peak memory of a kit build (the child's maxrss) is the one figure in absolute units (MB). The
speed-up of `pnp simulate --workers 2` over `--workers 1` is the one figure read off the wall clock
(it is about using a second core); it means something only while two cores are free.

`--accept` writes this run's figures as the new accepted ones (do it when a change is meant to
cost time, and say why in the commit). `--results` keeps the run as JSON for
benchmarks/write_docs.py, which regenerates docs/benchmarks.md. `--parts` measures only some
parts (a change to kit building need not wait for the engines); `--accept` then replaces only the
figures measured.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ACCEPTED = HERE / "accepted.json"
FLOOR_IMPORTS = "import reportlab.pdfgen.canvas, svgwrite, jinja2, pydantic, typer"
GAMES = ("daimyni", "daimyo", "samurai-vassal", "dojima", "shogun-solitaire")
PARTS = ("kits", "engines", "simulate")
TOLERANCE = 0.2      # a figure may be this much worse than the accepted one (noise on a shared machine)


@dataclass
class Figure:
    name: str
    value: float
    unit: str              # "x" (a ratio to the floor) or "MB"
    floor: str
    command: str
    target: float | None = None      # the bound, where it sets one
    higher_is_better: bool = False
    tolerance: float = TOLERANCE     # 1.0: shown, never failing the run (a figure another load swamps)

    def meets_target(self) -> bool | None:
        if self.target is None:
            return None
        return self.value >= self.target if self.higher_is_better else self.value <= self.target


@dataclass
class Sample:
    cpu: float       # seconds
    peak_mb: float


def run_child(cmd: list[str], cwd: str) -> Sample:
    """One run of `cmd`: its CPU time and peak resident size, from the kernel's account of the child."""
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"benchmark command failed ({proc.returncode}): {' '.join(cmd)}\n{err.decode()[-2000:]}")
    return Sample(usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def child_json(cmd: list[str], cwd: str) -> dict[str, float]:
    out = subprocess.run(cmd, cwd=cwd, check=True, capture_output=True, text=True).stdout
    return dict(json.loads(out.strip().splitlines()[-1]))


def installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def compile_bytecode(package: str = "pnp") -> None:
    """Write the bytecode of pnp's modules before anything is timed. An installed pnp has it (pip
    compiles on install, as it did for every library the floor imports), but an editable checkout
    run with PYTHONDONTWRITEBYTECODE=1 compiles each of pnp's ~100 modules from source in every
    process: about 0.1 s of a 0.7 s kit build that no user pays, and that the floor is not charged."""
    import compileall

    spec = importlib.util.find_spec(package)
    for folder in (spec.submodule_search_locations or []) if spec else []:
        compileall.compile_dir(folder, quiet=1)


def interleaved(cases: dict[str, list[str]], rounds: int, cwd: str) -> dict[str, list[Sample]]:
    """Each case once a round, in the same order every round, after one warm-up round."""
    samples: dict[str, list[Sample]] = {name: [] for name in cases}
    for r in range(rounds + 1):
        for name, cmd in cases.items():
            sample = run_child(cmd, cwd)
            if r:
                samples[name].append(sample)
        print(f"  round {r}/{rounds} done", file=sys.stderr, flush=True)
    return samples


def kit_figures(rounds: int) -> tuple[list[Figure], dict[str, float]]:
    py = sys.executable
    pnp = [py, "-m", "pnp.cli", "build"]
    has_protograf = installed("protograf")
    compile_bytecode()
    with tempfile.TemporaryDirectory() as tmp:
        cases = {"floor": [py, "-c", FLOOR_IMPORTS]}
        for game in GAMES:
            cases[game] = pnp + [game, "--out", f"{tmp}/{game}", "-q"]
        cases["cards"] = pnp + ["daimyni", "--only", "cards", "--out", f"{tmp}/cards", "-q"]
        if has_protograf:
            cases["protograf"] = [py, str(HERE / "protograf_deck.py"), f"{tmp}/protograf.pdf"]
        samples = interleaved(cases, rounds, tmp)
    cpu = {name: statistics.median(s.cpu for s in runs) for name, runs in samples.items()}
    figures = [Figure("Daimyni kit / library import floor", cpu["daimyni"] / cpu["floor"], "x",
                      f'python -c "{FLOOR_IMPORTS}"', "pnp build daimyni --out OUT -q", 3.0)]
    for game in GAMES[1:]:
        figures.append(Figure(f"{game} kit / Daimyni kit", cpu[game] / cpu["daimyni"], "x",
                              "pnp build daimyni --out OUT -q", f"pnp build {game} --out OUT -q", 1.5))
    if has_protograf:
        figures.append(Figure("18-card sheet / protograf", cpu["cards"] / cpu["protograf"], "x",
                              "python benchmarks/protograf_deck.py OUT.pdf",
                              "pnp build daimyni --only cards --out OUT -q", 0.45))
    peak = max(max(s.peak_mb for s in samples[game]) for game in GAMES)
    figures.append(Figure("peak memory of a kit build (largest of the five)", peak, "MB", "",
                          "pnp build GAME --out OUT -q", 110.0))
    return figures, cpu


def engine_figures(rounds: int, seconds: float) -> tuple[list[Figure], dict[str, float]]:
    if not installed("chess"):
        return [], {}
    script = [sys.executable, str(HERE / "engine_rate.py")]
    names = ("chess", *GAMES)
    rates: dict[str, list[float]] = {name: [] for name in names}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(rounds):
            for name in names:
                rates[name].append(child_json([*script, name, "--seconds", str(seconds)], tmp)["games_per_s"])
            print(f"  engine round {r + 1}/{rounds} done", file=sys.stderr, flush=True)
    med = {name: statistics.median(v) for name, v in rates.items()}
    figures = [Figure(f"{game} random games/s / python-chess random games/s", med[game] / med["chess"], "x",
                      "python benchmarks/engine_rate.py chess", f"python benchmarks/engine_rate.py {game}",
                      higher_is_better=True)
               for game in GAMES]
    return figures, med


SIMULATE = """
import json, resource, sys
from pnp.cli import main
sys.argv = ["pnp", "simulate", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
usage = lambda who: resource.getrusage(who).ru_utime + resource.getrusage(who).ru_stime
print(json.dumps({"parent": usage(resource.RUSAGE_SELF), "workers": usage(resource.RUSAGE_CHILDREN)}))
"""


def simulate_figures(rounds: int, games: int) -> tuple[list[Figure], dict[str, float]]:
    """`pnp simulate --workers 2` against `--workers 1`, two ways. The wall clock is the point of a
    second worker, but means something only while two cores are free, which a shared machine rarely
    has; so the run also gives the speed-up its CPU accounts allow on two free cores: one worker's
    CPU seconds over (the parent's own CPU seconds + the workers' CPU seconds / 2), taking the
    workers as evenly loaded (the chunking rule in docs/simulate.md bounds the last chunk's wait)."""
    args = ["daimyni", "--policy", "random", "--games", str(games), "-q", "--seed", "1", "--workers"]
    walls: dict[str, list[float]] = {"1": [], "2": []}
    cpu: dict[str, list[dict[str, float]]] = {"1": [], "2": []}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(rounds):
            for workers in walls:
                start = time.perf_counter()
                cpu[workers].append(child_json([sys.executable, "-c", SIMULATE, *args, workers], tmp))
                walls[workers].append(time.perf_counter() - start)
            print(f"  simulate round {r + 1}/{rounds} done", file=sys.stderr, flush=True)
    med = {f"simulate --workers {w} (wall s)": statistics.median(v) for w, v in walls.items()}
    one = statistics.median(c["parent"] + c["workers"] for c in cpu["1"])
    two = statistics.median(c["parent"] + c["workers"] / 2 for c in cpu["2"])
    med.update({"simulate --workers 1 (CPU s)": one, "simulate --workers 2 (parent + workers / 2, CPU s)": two})
    command = " ".join(["pnp simulate", *args])
    return [Figure("pnp simulate speed-up, 2 workers / 1, from CPU accounts", one / two, "x",
                   f"{command} 1", f"{command} 2", 1.6, higher_is_better=True),
            Figure("pnp simulate speed-up, 2 workers / 1, wall clock (needs 2 free cores)",
                   med["simulate --workers 1 (wall s)"] / med["simulate --workers 2 (wall s)"], "x",
                   f"{command} 1", f"{command} 2", None, higher_is_better=True, tolerance=1.0)], med


def compare(figures: list[Figure], accepted: dict[str, dict[str, float]]) -> list[str]:
    """The figures worse than the accepted ones by more than their tolerance."""
    worse = []
    for f in figures:
        if f.name not in accepted:
            continue
        base, tol = accepted[f.name]["value"], accepted[f.name].get("tolerance", TOLERANCE)
        bound = base * (1 - tol) if f.higher_is_better else base * (1 + tol)
        if (f.value < bound) if f.higher_is_better else (f.value > bound):
            worse.append(f"{f.name}: {f.value:.3g} {f.unit}, accepted {base:.3g} (bound {bound:.3g})")
    return worse


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7, help="interleaved rounds of the kit commands")
    ap.add_argument("--engine-rounds", type=int, default=3)
    ap.add_argument("--engine-seconds", type=float, default=1.5, help="CPU seconds of games per engine measure")
    # enough games that each of two workers plays several seconds: with the engines 2-3x faster, 600
    # Daimyni games took 1.2 s and process start-up, not scaling, decided the ratio (1.29x)
    ap.add_argument("--simulate-games", type=int, default=4000)
    ap.add_argument("--results", type=Path, help="write this run as JSON (for benchmarks/write_docs.py)")
    ap.add_argument("--accept", action="store_true", help="record this run's figures as the accepted ones")
    ap.add_argument("--parts", default=",".join(PARTS),
                    help=f"the parts to measure, comma-separated (default: {','.join(PARTS)})")
    args = ap.parse_args()
    parts = set(args.parts.split(","))
    if not parts or parts - set(PARTS):
        ap.error(f"--parts: choose from {', '.join(PARTS)}")
    start = time.monotonic()
    kits: list[Figure] = []
    engines: list[Figure] = []
    sims: list[Figure] = []
    kit_cpu: dict[str, float] = {}
    rates: dict[str, float] = {}
    walls: dict[str, float] = {}
    if "kits" in parts:
        print(f"kit builds, {args.rounds} interleaved rounds (CPU seconds of each process):", file=sys.stderr)
        kits, kit_cpu = kit_figures(args.rounds)
    if "engines" in parts:
        print(f"engines, {args.engine_rounds} interleaved rounds:", file=sys.stderr)
        engines, rates = engine_figures(args.engine_rounds, args.engine_seconds)
    load = os.getloadavg()[0]
    if "simulate" in parts:
        print(f"simulate, {args.engine_rounds} interleaved rounds (load average {load:.1f}):", file=sys.stderr)
        sims, walls = simulate_figures(args.engine_rounds, args.simulate_games)
    figures = kits + engines + sims
    accepted = json.loads(ACCEPTED.read_text()) if ACCEPTED.is_file() else {}
    print(f"\n{'figure':<62} {'value':>9}  {'target':>7}  {'accepted':>8}")
    for f in figures:
        target = "" if f.target is None else ("met" if f.meets_target() else "MISSED")
        base = accepted.get(f.name, {}).get("value")
        print(f"{f.name:<62} {f.value:>7.3g} {f.unit:<2} {target:>6}  "
              f"{'' if base is None else f'{base:.3g}':>8}")
    print("\nmedian CPU seconds: " + ", ".join(f"{k} {v:.3f}" for k, v in kit_cpu.items()))
    if rates:
        print("median random games/s: " + ", ".join(f"{k} {v:.0f}" for k, v in rates.items()))
    if walls:
        print("median " + ", ".join(f"{k} {v:.2f}" for k, v in walls.items()) + f"; load average {load:.1f}")
    for missing, why in (("protograf", "no cards/protograf figure"), ("chess", "no engine figures")):
        if not installed(missing):
            print(f"({missing} is not installed: {why})")
    elapsed = time.monotonic() - start
    worse = [] if args.accept else compare(figures, accepted)
    if args.results:
        args.results.write_text(json.dumps({
            "date": time.strftime("%Y-%m-%d", time.gmtime()), "python": platform.python_version(),
            "parts": [p for p in PARTS if p in parts],
            "cores": len(os.sched_getaffinity(0)), "rounds": args.rounds, "engine_rounds": args.engine_rounds,
            "seconds": round(elapsed), "figures": [asdict(f) for f in figures],
            "cpu": kit_cpu, "rates": rates, "walls": walls, "load": load,
            "regressions": worse}, indent=1) + "\n")
    if args.accept:     # the figures of the parts not measured stay as they were
        ACCEPTED.write_text(json.dumps({**accepted, **{f.name: {"value": round(f.value, 4), "tolerance": f.tolerance}
                                                      for f in figures}}, indent=1) + "\n")
        print(f"accepted: wrote {ACCEPTED}")
        return 0
    for line in worse:
        print(f"REGRESSION {line}")
    print(f"({elapsed:.0f} s; {len(worse)} regression(s) against {ACCEPTED.name})")
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main())
