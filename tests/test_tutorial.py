"""docs/tutorial.md as a user types it: every command of its shell blocks, in order, in one folder,
each succeeding (exit 0). `pnp watch` runs until its first build is done and is then stopped with
Ctrl-C, as the tutorial says."""

import re
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest

TUTORIAL = Path(__file__).resolve().parents[1] / "docs" / "tutorial.md"


def commands() -> list[list[str]]:
    text = TUTORIAL.read_text(encoding="utf-8")
    blocks = re.findall(r"^```sh\n(.*?)^```", text, re.S | re.M)
    lines = [line.strip() for block in blocks for line in block.splitlines() if line.strip()]
    assert all(line.startswith("pnp ") for line in lines), "the tutorial's shell blocks hold only pnp commands"
    return [shlex.split(line) for line in lines]


def test_the_tutorial_covers_what_it_promises():
    used = {(c[1], c[2] if len(c) > 2 else "") for c in commands()}
    verbs = {verb for verb, _ in used}
    assert {"new", "check", "build", "preview", "watch", "export"} <= verbs
    joined = [" ".join(c) for c in commands()]
    assert any("--target tts" in c for c in joined) and any("--base-url" in c for c in joined)
    assert any("--only booklet" in c for c in joined)


def _watch(args: list[str], cwd: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "pnp.cli", *args[1:]], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        first, second = proc.stdout.readline(), proc.stdout.readline()
        assert first.startswith("rebuilt ") and second.startswith("watching "), (first, second)
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err


@pytest.mark.slow
def test_every_command_of_the_tutorial_runs(tmp_path):
    for args in commands():
        if args[1] == "watch":
            _watch(args, tmp_path)
            continue
        res = subprocess.run([sys.executable, "-m", "pnp.cli", *args[1:]], cwd=tmp_path, capture_output=True,
                             text=True, timeout=300)
        assert res.returncode == 0, (" ".join(args), res.stdout, res.stderr)
    out = tmp_path / "output"
    assert (out / "lantern" / "lantern-rules-a5.pdf").is_file()
    # its last line promises the whole kit to print, which a build with --only would not leave
    assert (out / "lantern" / "lantern-cards-a4.pdf").is_file() and (out / "lantern" / "lantern-board-a3.pdf").is_file()
    assert (out / "lantern-preview.png").is_file()
    assert (out / "lantern-tts" / "lantern-aid.json").is_file()
    assert "https://example.org/lantern/" in (tmp_path / "lantern-table" / "lantern-basic.json").read_text()
