import io
import shutil
import subprocess
import sys
from pathlib import Path

import pymupdf
import pypdf
import pytest

from pnp.build import Options, build_kit
from pnp.model import load_game
from pnp.paths import cards_dir
from pnp.press.cards import Duplex

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


def run_pnp(*args, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pnp.cli", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd)


def pytest_configure(config):
    """`-n auto` shares tests out as `--dist loadgroup` does: tests marked `xdist_group` run on one
    worker, so a costly fixture they share (tests/site builds the web site and opens one browser) is
    made once; every other test is shared out as with the default `load`."""
    if getattr(config.option, "dist", "no") == "load":
        config.option.dist = "loadgroup"
