"""Sessions: `nox -s tests` runs the suite, `nox -s bench` measures build speed."""

import nox

nox.options.sessions = ["tests"]


@nox.session
def tests(session: nox.Session) -> None:
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)


@nox.session
def bench(session: nox.Session) -> None:
    """Whole-process timings of `pnp build daimyni` against the `import pnp.cli` floor."""
    session.install(".")
    session.run("python", "benchmarks/bench_build.py", *session.posargs)
    session.run("python", "benchmarks/bench_engine.py")
