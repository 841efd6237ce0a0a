"""Every file a game folder supplies is read through `pnp.sandbox.files` (issue 21, item 2): a link
leading out of the folder, a FIFO or a device is refused with a message, never followed or waited on."""

import json
import os
import subprocess
import sys

import pytest

from pnp.errors import DefinitionError
from pnp.model.load import read_text
from pnp.sandbox.files import game_root, read_folder_file

HANG = 120      # seconds: a guard against a hang, far above what any of these takes


def pnp(*args):
    try:
        return subprocess.run([sys.executable, "-m", "pnp.cli", *map(str, args)], capture_output=True,
                              text=True, timeout=HANG)
    except subprocess.TimeoutExpired:
        pytest.fail(f"pnp {' '.join(map(str, args))} hung")


def refused(res, *words):
    assert res.returncode == 2, (res.returncode, res.stderr)
    assert "Traceback" not in res.stderr and "internal error" not in res.stderr, res.stderr
    for w in words:
        assert w in res.stderr, (w, res.stderr)
    return res.stderr


@pytest.fixture
def outside(tmp_path):
    secret = tmp_path / "elsewhere"
    secret.mkdir()
    (secret / "secret.md").write_text("# Secret\n\nthe-words-from-outside\n")
    return secret


def test_a_link_out_of_the_folder_is_refused(tmp_path, outside):
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "game.toml").write_text("id = 'x'\n")
    os.symlink(outside / "secret.md", tmp_path / "game" / "rules.md")
    with pytest.raises(DefinitionError, match="rules.md: cannot read: it is a link to a file outside the game"):
        read_text(tmp_path / "game" / "rules.md", "rules.md")


def test_a_link_inside_the_folder_is_read(tmp_path):
    (tmp_path / "game.toml").write_text("id = 'x'\n")
    (tmp_path / "a.md").write_text("inside")
    os.symlink("a.md", tmp_path / "b.md")
    assert read_text(tmp_path / "b.md") == "inside"
    assert game_root(tmp_path / "sub" / "b.md") == tmp_path


def test_a_fifo_in_the_folder_is_refused_without_waiting(tmp_path):
    (tmp_path / "game.toml").write_text("id = 'x'\n")
    os.mkfifo(tmp_path / "rules.md")
    with pytest.raises(ValueError, match="not a regular file"):
        read_folder_file(tmp_path / "rules.md", ValueError, limit=100)


@pytest.mark.slow
@pytest.mark.parametrize("name, command", [
    ("booklet/rules.en.md", "build"),
    ("booklet/aid.en.toml", "build"),
    ("game.toml", "build"),
    ("cards.toml", "check"),
    ("samples/first-blood.toml", "check"),
])
def test_a_link_out_is_refused_by_the_command(game_copy, tmp_path, outside, name, command):
    target = game_copy / name
    (outside / "secret.toml").write_text(target.read_text())
    target.unlink()
    os.symlink(outside / "secret.toml", target)
    args = ("--out", tmp_path / "kit", "-q") if command == "build" else ()
    refused(pnp(command, game_copy, *args), name.split("/")[-1], "outside the game folder")


@pytest.mark.slow
@pytest.mark.parametrize("folder", ["samples", "layouts", "booklet"])
def test_a_folder_linked_out_is_refused(game_copy, tmp_path, outside, folder):
    src = game_copy / folder
    if not src.exists():
        src.mkdir()
        (src / "words.toml").write_text('x = { en = "y" }\n')
    dst = outside / folder
    src.rename(dst)
    os.symlink(dst, src)
    command = ("check", game_copy) if folder == "samples" else ("build", game_copy, "--out", tmp_path / "kit", "-q")
    refused(pnp(*command), "outside the game folder")


@pytest.mark.slow
@pytest.mark.parametrize("name, command", [
    ("booklet/rules.en.md", "build"),
    ("samples/first-blood.toml", "check"),
])
def test_a_fifo_does_not_hang_build_or_check(game_copy, tmp_path, name, command):
    target = game_copy / name
    target.unlink()
    os.mkfifo(target)
    args = ("--out", tmp_path / "kit", "-q") if command == "build" else ()
    refused(pnp(command, game_copy, *args), "not a regular file")


_WATCH = r"""
import json, os, sys
folder, out, command = sys.argv[1:4]
top = os.path.realpath(folder) + os.sep
opened, checked = set(), set()

def hook(event, args):
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        path = os.path.realpath(os.fsdecode(args[0]))
        if path.startswith(top):
            opened.add(path)
    elif event == "pnp.folder_file":
        checked.add(args[0])

sys.addaudithook(hook)
from pnp.cli import main
sys.argv = ["pnp", command, folder] + (["--out", out, "-q"] if command == "build" else [])
try:
    main()
except SystemExit as exc:
    code = exc.code
print(json.dumps({"code": code, "opened": sorted(opened), "unchecked": sorted(opened - checked)}))
"""


@pytest.mark.slow
@pytest.mark.parametrize("game, command", [("daimyni", "build"), ("daimyni", "check"), ("dojima", "build"),
                                           ("shogun-solitaire", "check")])
def test_every_read_of_a_build_goes_through_the_one_helper(tmp_path, game, command):
    """Python's audit hook sees every file the process opens; each one inside the game folder
    must have come through `read_folder_file`, which checked it."""
    from pnp.paths import cards_dir
    folder = cards_dir() / game
    res = subprocess.run([sys.executable, "-c", _WATCH, str(folder), str(tmp_path / "kit"), command],
                         capture_output=True, text=True, timeout=600)
    report = json.loads(res.stdout.strip().splitlines()[-1])
    assert report["code"] in (0, None), res.stderr
    assert len(report["opened"]) >= 5, report            # game.toml, cards, the booklet, samples...
    assert report["unchecked"] == [], report["unchecked"]


def test_a_notation_file_named_on_the_command_line_may_be_a_pipe(tmp_path):
    """Outside a game folder the user chose the file: `pnp check daimyni /dev/stdin` reads it."""
    from pnp.paths import cards_dir
    text = (cards_dir() / "daimyni" / "samples" / "first-blood.toml").read_text()
    res = subprocess.run([sys.executable, "-m", "pnp.cli", "check", "daimyni", "/dev/stdin"], input=text,
                         capture_output=True, text=True, timeout=HANG)
    assert res.returncode == 0, res.stderr
    assert "ok" in res.stdout + res.stderr
