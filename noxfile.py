"""Sessions: `nox -s tests` runs the suite, `nox -s lint` runs ruff and mypy, `nox -s bench` measures
speed against floors and fails on a regression (`nox -s bench_more`: the longer measurements)."""

import json
from pathlib import Path

import nox
import nox.command

nox.options.sessions = ["tests", "lint"]


@nox.session
def tests(session: nox.Session) -> None:
    session.install("-e", ".[test]")
    session.run("pytest", *(session.posargs or ["-n", "auto"]))


@nox.session
def soak(session: nox.Session) -> None:
    """The slow random playouts with PNP_SOAK times as many games (default 4: the counts before the
    suite had to fit CI's budget); `nox -s soak -- 10` for more."""
    session.install("-e", ".[test]")
    factor = session.posargs[0] if session.posargs else "4"
    session.run("pytest", "-n", "auto", "-m", "slow", "tests/games", env={"PNP_SOAK": factor})


@nox.session
def lint(session: nox.Session) -> None:
    session.install("-e", ".[test]")
    session.run("ruff", "check", "pnp", "tests", "benchmarks", "noxfile.py")
    session.run("mypy")


@nox.session
def bench(session: nox.Session) -> None:
    """The guarded benchmark: each figure a ratio to a floor measured in the same run, compared with
    benchmarks/accepted.json (the session fails on a regression), and docs/benchmarks.md rewritten
    from the run. A few minutes on two cores. `nox -s bench -- --accept` records the run instead."""
    session.install(".")
    for floor in ("protograf", "chess"):     # the floors of the cards and engine figures, where installable
        try:
            session.install(floor)
        except nox.command.CommandFailed:
            session.warn(f"{floor} is not installable here: its figures are left out")
    results = Path(session.create_tmp()) / "bench.json"
    session.run("python", "benchmarks/guard.py", "--results", str(results), *session.posargs, success_codes=[0, 1])
    session.run("python", "benchmarks/write_docs.py", str(results))
    regressions = json.loads(results.read_text())["regressions"]
    if regressions:
        session.error(f"{len(regressions)} figure(s) worse than benchmarks/accepted.json: " + "; ".join(regressions))


@nox.session
def bench_more(session: nox.Session) -> None:
    """The longer, informational measurements: memory as a deck grows, the engines in detail, random
    Daimyni games against the engine of commit 75dda49, hostile folders, exports."""
    session.install(".")
    session.run("python", "benchmarks/bench_build.py", *session.posargs)
    session.run("python", "benchmarks/bench_engine.py")
    session.run("python", "benchmarks/bench_memory.py")
    session.run("python", "benchmarks/bench_speedup.py")
    session.run("python", "benchmarks/bench_shogun.py")
    session.run("python", "benchmarks/bench_games.py")
    session.run("python", "benchmarks/bench_attacks.py")      # issue 21: each hostile folder, exit 2 in < 5 s
    for game, target in (("daimyni", "mpc"), ("shogun-solitaire", "tgc"), ("shogun-solitaire", "tts")):
        session.run("python", "-m", "pnp.export.bench", game, target)     # seconds per 100 card images
