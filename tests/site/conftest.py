"""One site built for all the site tests: `pnp site all` as CI runs it, and a data-only folder made by
`pnp new`, single-file. Under `-n auto` the tests of this folder run on one worker
(tests/conftest.py, ONE_WORKER), so the site is built once and one browser started."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.scaffold import create
from tests.conftest import run_pnp

GAMES = ("daimyni", "daimyo", "dojima", "samurai-vassal", "shogun-solitaire")


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`pnp site all --out DIR`: the index, every game in each language its booklet is written in, assets/."""
    out = tmp_path_factory.mktemp("site") / "site"
    done = run_pnp("site", "all", "--out", out, "-q")
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture(scope="session")
def data_only_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game `pnp new` made (no rules module, no walkthrough), as one self-contained page per file."""
    root = tmp_path_factory.mktemp("new")
    create(root / "my-game", "My Game")
    out = root / "site"
    done = run_pnp("site", root / "my-game", "--out", out, "--single-file", "-q")
    assert done.returncode == 0, done.stderr
    return out
