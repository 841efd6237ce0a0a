"""`pnp watch`: which parts a saved file rebuilds, a kit rebuilt part by part equal to a whole build,
problems printed without stopping, and one real loop driven by a file change."""

import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from pnp.build import Options, build_kit
from pnp.model import load_game
from pnp.rebuild import EVERYTHING, Kit, Watcher, parts_for, watch
from tests.reference.test_data_only import _folder

DECK = {"cards", "pieces", "aid", "booklet"}


@pytest.mark.parametrize(("changed", "parts"), [
    ("cards.toml", DECK),
    ("cards.csv", DECK),                       # a deck's spreadsheet
    ("pieces.toml", DECK),                     # counters ride on the card sheets
    ("board.toml", {"board", "booklet"}),
    ("tracks.toml", {"board", "booklet"}),
    ("dice.toml", {"dice", "booklet"}),
    ("booklet/rules.en.md", {"booklet"}),
    ("booklet/narration.it.toml", {"booklet"}),
    ("booklet/aid.en.toml", DECK),             # the aid card may ride on the card sheets
    ("samples/first.toml", {"booklet"}),
    ("simulation.toml", {"booklet"}),
    ("game.toml", EVERYTHING),
    ("layouts/cards.toml", EVERYTHING),
    ("art/lantern.png", EVERYTHING),           # an image any part may print
    (".cards.toml.swp", set()),                # an editor's swap file
    ("../elsewhere.toml", set()),              # outside the folder
])
def test_a_changed_file_rebuilds_the_parts_it_feeds(tmp_path, changed, parts):
    folder = tmp_path / "game"
    folder.mkdir()
    assert parts_for([folder / changed], folder) == frozenset(parts)
    assert parts_for([Path(changed)], folder) == frozenset(parts)       # relative to the folder too


def test_the_kit_being_written_is_ignored(tmp_path):
    folder = tmp_path / "game"
    out = folder / "output" / "game"
    assert parts_for([out / "game-cards-a4.pdf"], folder, ignore=out) == frozenset()
    assert parts_for([out / "game-cards-a4.pdf", folder / "dice.toml"], folder, ignore=out) == {"dice", "booklet"}


def test_a_kit_built_part_by_part_is_the_whole_build(tmp_path):
    game = load_game(_folder(tmp_path))
    whole = {a.name: a.data for a in build_kit(game, Options())}
    kit = Kit(game, Options())
    kit.build(EVERYTHING)
    assert {a.name: a.data for a in kit.files()} == whole


def test_a_change_rebuilds_only_its_parts_and_a_problem_does_not_stop(tmp_path):
    folder, out = _folder(tmp_path), tmp_path / "out"
    said: list[str] = []
    watcher = Watcher(folder, Options(), out, said.append)
    assert watcher.rebuild(None)
    assert said[-1].startswith("rebuilt cards, aid, booklet in ")
    card_sheet = (out / "two-decks-cards-proposal-a4.pdf").read_bytes()
    rules = folder / "booklet" / "rules.en.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace("one card", "two cards"), encoding="utf-8")
    assert watcher.rebuild([rules])
    assert said[-1].startswith("rebuilt booklet in ")
    assert (out / "two-decks-cards-proposal-a4.pdf").read_bytes() == card_sheet
    cards = folder / "cards.toml"
    good = cards.read_text(encoding="utf-8")
    cards.write_text(good + "\nnot toml\n", encoding="utf-8")
    assert not watcher.rebuild([cards])
    assert said[-1].startswith("error: ") and "cards.toml" in said[-1]
    assert (out / "two-decks-cards-proposal-a4.pdf").read_bytes() == card_sheet     # the last good kit stays
    cards.write_text(good.replace("Play face down.", "Play it face down."), encoding="utf-8")
    assert watcher.rebuild([cards])
    assert said[-1].startswith("rebuilt cards, aid, booklet in ")
    assert (out / "two-decks-cards-proposal-a4.pdf").read_bytes() != card_sheet


def test_a_save_is_rebuilt_by_the_watch_loop(tmp_path):
    folder, out = _folder(tmp_path), tmp_path / "out"
    rebuilt = threading.Event()
    said: list[str] = []

    def say(message: str) -> None:
        said.append(message)
        if message.startswith(("rebuilt ", "error: ")):
            rebuilt.set()

    watcher = Watcher(folder, Options(), out, say)
    assert watcher.rebuild(None)
    stop = threading.Event()
    loop = threading.Thread(target=watch, args=(watcher, stop), kwargs={"debounce_ms": 50})
    loop.start()
    try:
        rebuilt.clear()
        rules = folder / "booklet" / "rules.en.md"
        # the watcher may start after the first write: write again until it has seen one
        for _ in range(20):
            rules.write_text(rules.read_text(encoding="utf-8") + "\nMore rules.\n", encoding="utf-8")
            if rebuilt.wait(timeout=1.0):
                break
        assert rebuilt.is_set(), said
        assert said[-1].startswith("rebuilt booklet in "), said
    finally:
        stop.set()
        loop.join(timeout=10)
    assert not loop.is_alive()


def test_ctrl_c_stops_the_command_cleanly(tmp_path):
    folder = _folder(tmp_path)
    proc = subprocess.Popen([sys.executable, "-m", "pnp.cli", "watch", str(folder), "--out", str(tmp_path / "out")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(2)]     # the first build, then "watching"
        assert lines[0].startswith("rebuilt cards, aid, booklet") and lines[1].startswith("watching"), lines
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert out.strip() == "stopped" and "Traceback" not in err
    assert (tmp_path / "out" / "two-decks-rules-a5.pdf").is_file()


def test_only_some_parts_are_built_and_watched(tmp_path):
    folder, out = _folder(tmp_path), tmp_path / "out"
    said: list[str] = []
    watcher = Watcher(folder, Options(only=("booklet",)), out, said.append)
    assert watcher.rebuild(None)
    assert sorted(p.name for p in out.iterdir()) == ["two-decks-rules-a4-booklet.pdf", "two-decks-rules-a5.pdf"]
    assert watcher.rebuild([folder / "cards.toml"]) and said[-1].startswith("rebuilt booklet in ")
    missing = Watcher(folder, Options(only=("board",)), tmp_path / "other", said.append)
    assert not missing.rebuild(None)
    assert said[-1] == "error: --only board: two-decks has no board (its parts: cards, aid, booklet)"


def test_pictures_drawn_again_give_the_same_pdf():
    """The PDF renderer keeps a picture's decoded pixels between drawings (what keeps a rebuild on
    save fast): a second build, and one with a fresh reader for every drawing, are the same bytes."""
    import io

    from reportlab.lib.utils import ImageReader

    import pnp.render.pdf as pdf

    game = load_game(Path(__file__).parents[1] / "fixtures" / "lantern")
    first = {a.name: a.data for a in build_kit(game, Options(svg=False))}
    assert {a.name: a.data for a in build_kit(game, Options(svg=False))} == first
    kept = pdf._reader
    try:
        pdf._reader = lambda data: ImageReader(io.BytesIO(data))
        assert {a.name: a.data for a in build_kit(game, Options(svg=False))} == first
    finally:
        pdf._reader = kept


def test_warnings_are_printed_on_each_rebuild(tmp_path):
    """The fixture's proposal title runs into the safe zone: `pnp build` warns, and so does watch."""
    said: list[str] = []
    assert Watcher(_folder(tmp_path), Options(), tmp_path / "out", said.append).rebuild(None)
    assert any(m.startswith("warning: ") and "safe zone" in m for m in said), said
    assert said[-1].startswith("rebuilt ")
