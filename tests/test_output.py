"""A kit is replaced whole or not at all (issue 9, item 3): staging beside --out, one swap, a
manifest, no leftovers after a failure, a full disk or kill -9; devices and FIFOs written through."""

import errno
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import pnp.output as output
from pnp.output import Artifact, OutputError, manifest_path, write_all, write_file
from tests.conftest import run_pnp

OLD = [Artifact("g-cards-a4.pdf", b"old cards"), Artifact("g-board-a3.pdf", b"old board"),
       Artifact("svg/cards/a.svg", b"<svg>old</svg>")]
NEW = [Artifact("g-cards-a4.pdf", b"new cards"), Artifact("svg/cards/a.svg", b"<svg>new</svg>"),
       Artifact("svg/cards/b.svg", b"<svg>b</svg>")]


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.parent.iterdir() if ".pnp-" in p.name and p != manifest_path(folder)]


def test_a_rebuild_replaces_the_kit_and_removes_what_it_no_longer_holds(tmp_path):
    out = tmp_path / "kit"
    write_all(out, OLD, "g")
    write_all(out, NEW, "g")
    assert snapshot(out) == {a.name: a.data for a in NEW}   # g-board-a3.pdf of the old build is gone
    assert manifest_path(out).read_text().splitlines()[1:] == sorted(a.name for a in NEW)
    assert leftovers(out) == []


def test_a_folder_with_files_no_build_wrote_is_refused_not_replaced(tmp_path):
    out = tmp_path / "kit"
    write_all(out, OLD, "g")
    (out / "notes.txt").write_text("mine")
    before = snapshot(out)
    with pytest.raises(OutputError, match="it holds notes.txt, which no pnp build wrote"):
        write_all(out, NEW, "g")
    assert snapshot(out) == before and leftovers(out) == []


def test_a_kit_from_before_manifests_is_replaced(tmp_path):
    out = tmp_path / "kit"
    out.mkdir()
    (out / "g-cards-a4.pdf").write_bytes(b"x")
    (out / ".g-cards-a4.pdf.abc.part").write_bytes(b"x")
    (out / "svg" / "cards").mkdir(parents=True)
    (out / "svg" / "cards" / "zz.svg").write_bytes(b"x")
    write_all(out, NEW, "g")
    assert set(snapshot(out)) == {a.name for a in NEW}


def test_a_full_disk_leaves_the_old_kit_and_names_the_file(tmp_path, monkeypatch):
    out = tmp_path / "kit"
    write_all(out, OLD, "g")
    before = snapshot(out)
    real, calls = output._open_new, []

    def full_disk(path):
        calls.append(path)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        return real(path)

    monkeypatch.setattr(output, "_open_new", full_disk)
    with pytest.raises(OutputError) as exc:
        write_all(out, NEW, "g")
    msg = str(exc.value)
    assert msg == (f"cannot write {out / 'svg/cards/a.svg'}: No space left on device; "
                   f"the kit in {out} is unchanged"), msg
    assert ".part" not in msg and "staging" not in msg
    assert snapshot(out) == before and leftovers(out) == []


def test_a_full_disk_while_writing_the_manifest(tmp_path, monkeypatch):
    out = tmp_path / "kit"
    write_all(out, OLD, "g")
    before = snapshot(out)
    real = output._open_new

    def full_disk(path):
        if ".pnp-part" in path.name and path.parent == tmp_path:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(path)

    monkeypatch.setattr(output, "_open_new", full_disk)
    with pytest.raises(OutputError, match="No space left on device; the kit in .* is unchanged"):
        write_all(out, NEW, "g")
    assert snapshot(out) == before and leftovers(out) == []


@pytest.mark.parametrize("name", ["../escape.svg", "/tmp/abs.svg", "svg/../../x.svg", ""])
def test_an_output_name_cannot_leave_the_kit(tmp_path, name):
    with pytest.raises(OutputError, match="refusing to write"):
        write_all(tmp_path / "kit", [Artifact(name, b"x")], "g")
    assert not (tmp_path / "kit").exists() and leftovers(tmp_path / "kit") == []
    assert not (tmp_path / "escape.svg").exists()


def test_a_symlinked_kit_folder_is_written_through(tmp_path):
    real = tmp_path / "real"
    write_all(real, OLD, "g")
    link = tmp_path / "link"
    link.symlink_to(real)
    write_all(link, NEW, "g")
    assert link.is_symlink() and (real / "svg/cards/b.svg").read_bytes() == b"<svg>b</svg>"


def test_a_file_or_device_is_not_a_kit_folder(tmp_path):
    (tmp_path / "f").write_text("x")
    with pytest.raises(OutputError, match="it is not a folder"):
        write_all(tmp_path / "f", NEW, "g")
    with pytest.raises(OutputError, match='--out ""'):
        write_all("", NEW, "g")


# ---- kill -9 and Ctrl-C ------------------------------------------------------------------

SLOW_WRITER = """
import sys, time
import pnp.output as output
real = output._open_new
def slow(path):
    time.sleep(0.02)
    return real(path)
output._open_new = slow
arts = [output.Artifact(f"g-{i:03d}.pdf", sys.argv[2].encode() * 1000) for i in range(60)]
print("start", flush=True)
output.write_all(sys.argv[1], arts, "g")
"""


def slow_build(out: Path, tag: str) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", SLOW_WRITER, str(out), tag], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline() == "start\n"
    return proc


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.0, 0.3, 0.8, 1.25])
def test_kill_9_leaves_the_old_kit_or_the_new_one_and_a_later_build_cleans_up(tmp_path, delay):
    out = tmp_path / "kit"
    subprocess.run([sys.executable, "-c", SLOW_WRITER, str(out), "A"], check=True, capture_output=True)
    old = snapshot(out)
    proc = slow_build(out, "B")
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    now = snapshot(out)
    new = {k: v.replace(b"A", b"B") for k, v in old.items()}
    assert now in (old, new), sorted(now)                  # never a mix
    write_all(out, NEW, "g")                               # a later build cleans what the killed one left
    assert leftovers(out) == [] and set(snapshot(out)) == {a.name for a in NEW}


@pytest.mark.slow
def test_ctrl_c_during_a_build_says_so_and_leaves_the_kit(tmp_path):
    out = tmp_path / "kit"
    assert run_pnp("build", "daimyni", "-q", "--only", "cards", "--out", out).returncode == 0
    before = snapshot(out)
    proc = subprocess.Popen([sys.executable, "-m", "pnp.cli", "build", "daimyni", "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    proc.stderr.readline()                                 # "loading ...": the build is under way
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert err.strip().splitlines()[-1] == "pnp: interrupted, nothing written"
    assert "Traceback" not in err
    assert snapshot(out) == before and leftovers(out) == []


# ---- one file: pnp play --out --------------------------------------------------------------

def test_play_writes_through_a_fifo(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    res = run_pnp("play", "daimyni", "--out", fifo)
    reader.join(timeout=30)
    assert res.returncode == 0, res.stderr
    assert fifo.is_fifo() and got and got[0].startswith(b'game = "daimyni"')


def test_play_follows_a_symlink_and_keeps_it(tmp_path):
    target = tmp_path / "real.toml"
    target.write_text("old")
    link = tmp_path / "link.toml"
    link.symlink_to(target)
    res = run_pnp("play", "daimyni", "--out", link)
    assert res.returncode == 0, res.stderr
    assert link.is_symlink() and target.read_text().startswith('game = "daimyni"')
    assert [p.name for p in tmp_path.iterdir() if ".pnp-" in p.name] == []


@pytest.mark.slow
def test_the_kit_folder_holds_only_the_kit(tmp_path):
    res = run_pnp("build", "daimyni", "-q", "--only", "cards", "--out", tmp_path / "kit")
    assert res.returncode == 0, res.stderr
    assert not [p for p in (tmp_path / "kit").rglob(".*")]
    assert sorted(p.name for p in tmp_path.iterdir()) == [".kit.pnp-kit", "kit"]


def test_play_to_stdout_with_dash(tmp_path):
    res = run_pnp("play", "daimyni", "--out", "-", cwd=tmp_path)
    assert res.returncode == 0 and res.stdout.startswith('game = "daimyni"')
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [["play", "daimyni"], ["build", "daimyni"]])
def test_an_empty_out_is_refused(tmp_path, command):
    res = run_pnp(*command, "--out", "", cwd=tmp_path)
    assert res.returncode == 2 and '--out ""' in res.stderr and "Traceback" not in res.stderr
    assert list(tmp_path.iterdir()) == []


def test_write_file_to_a_character_device_writes_through():
    assert write_file("/dev/null", b"x") == "/dev/null"
    assert Path("/dev/null").is_char_device()


def test_build_into_a_device_is_refused(tmp_path):
    res = run_pnp("build", "daimyni", "--out", "/dev/null")
    assert res.returncode == 2 and "cannot write the kit into /dev/null: it is not a folder" in res.stderr
    assert Path("/dev/null").is_char_device()


@pytest.mark.slow
def test_help_and_version():
    assert run_pnp("-h").returncode == 0 and "build" in run_pnp("-h").stdout
    assert run_pnp("build", "-h").returncode == 0
    res = run_pnp("--version")
    assert res.returncode == 0 and res.stdout.startswith("pnp ")


def test_a_link_made_inside_the_staging_folder_mid_build_is_refused(tmp_path):
    """The kit writer resolves its staging folder once; each file's own real path is still checked,
    so a folder inside the staging that became a link out (between two files) is refused."""
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    writer = output.KitWriter(tmp_path / "kit", "demo")
    writer.add("svg/one.svg", b"<svg/>")
    (writer.staging / "svg" / "one.svg").unlink()
    (writer.staging / "svg").rmdir()
    (writer.staging / "svg").symlink_to(outside)
    with pytest.raises(OutputError, match="it would land outside"):
        writer.add("svg/two.svg", b"<svg/>")
    writer.discard()
    assert list(outside.iterdir()) == [] and not (tmp_path / "kit").exists()
