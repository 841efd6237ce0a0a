import io
import shutil
import subprocess
import sys
from pathlib import Path

import pymupdf
import pypdf
import pytest

import tests.gamecache  # noqa: F401  (it wraps pnp.model.load_game before the imports below bind it)
from pnp.build import Options, build_kit
from pnp.model import load_game
from pnp.paths import cards_dir
from pnp.press.cards import Duplex
from tests import forkserver

MM = 72 / 25.4


def build(paper="a4", duplex=Duplex.long, lang=None, only=("cards", "board", "pieces", "booklet")):
    game = load_game(cards_dir() / "daimyni")
    arts = build_kit(game, Options(paper=paper, duplex=duplex, lang=lang, only=only))
    return {a.name: a for a in arts}


@pytest.fixture(scope="session")
def game():
    return load_game(cards_dir() / "daimyni")


@pytest.fixture(scope="session")
def kit():
    return build()


@pytest.fixture(scope="session")
def kit_letter():
    return build(paper="letter")


def open_pdf(data: bytes) -> pymupdf.Document:
    return pymupdf.open(stream=data, filetype="pdf")


def read_pdf(data: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(data))


@pytest.fixture
def game_copy(tmp_path) -> Path:
    """A writable copy of the Daimyni definitions, for breaking on purpose."""
    dst = tmp_path / "mygame"
    shutil.copytree(cards_dir() / "daimyni", dst)
    return dst


def run_pnp(*args, cwd=None, fresh=False) -> subprocess.CompletedProcess:
    """`python -m pnp.cli ARGS`, finished. A child forked from a server that has pnp imported
    (tests/forkserver.py) unless `fresh`: a test whose point is separate processes (their own hash
    seeds, their own imports) asks for a new interpreter."""
    if not fresh and (done := forkserver.run(list(map(str, args)), cwd)) is not None:
        return done
    return subprocess.run([sys.executable, "-m", "pnp.cli", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd)



def pytest_collection_modifyitems(config, items):
    """Long playouts (marked slow) first, in their own order, then the ONE_WORKER folders (one block
    of 15-20 s: the site build, a browser), then everything else as collected: xdist hands tests out
    in this order, so a long test or block started last no longer keeps one core busy while the
    other has finished (the suite's wall time on two cores is what CI's budget counts)."""
    items.sort(key=lambda item: (item.get_closest_marker("slow") is None, not item.nodeid.startswith(ONE_WORKER)))


# Test folders whose tests all run on one xdist worker, because they share a costly session fixture:
# tests/site builds the whole web site and starts one browser.
ONE_WORKER = ("tests/site/",)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """Under `-n auto` (xdist's `load`), the tests of a ONE_WORKER folder go to one worker as a block;
    every other test is shared out one by one as before. (xdist's own `xdist_group` marks need
    `--dist loadgroup`, and pytest 9.2 no longer lets xdist rename a test to carry its group.)"""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Scheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return next((folder for folder in ONE_WORKER if nodeid.startswith(folder)), nodeid)

    return Scheduling(config, log)
