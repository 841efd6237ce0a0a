"""Sessions: `nox -s tests` runs the suite, `nox -s lint` runs ruff and mypy, `nox -s bench` measures
build speed."""

import nox

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
    """Whole-process timings of `pnp build daimyni` against the `import pnp.cli` floor, engine speed,
    peak memory as a deck grows, and random Daimyni games against the engine of commit 75dda49."""
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
