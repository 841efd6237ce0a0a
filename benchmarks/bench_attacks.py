"""The untrusted-folder cases of issue 21, each as a copy of a built-in game with one hostile edit,
run through `pnp build`, `pnp check` and `pnp export` as whole processes: the exit code, the CPU
seconds and the peak memory of each (from the kernel's accounting of the finished child). The promise
is exit 1 or 2 within 5 s and 500 MB; this prints what each case takes, so a regression shows.

    python benchmarks/bench_attacks.py            # every case
    python benchmarks/bench_attacks.py pickle     # the cases whose name holds "pickle"
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import zlib
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "cards"
LIMIT_S, LIMIT_MB = 5.0, 500.0


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _aid_line(line: str) -> Callable[[Path, Path], None]:
    def make(folder: Path, _outside: Path) -> None:
        toml = '"' + line.replace("\\", "\\\\").replace('"', '\\"') + '",\n'
        _edit(folder / "booklet" / "aid.en.toml", "lines = [\n", "lines = [\n  " + toml)
    return make


def _words(folder: Path, text: str) -> None:
    _edit(folder / "game.toml", "[words]\n", f'[words]\ncards = {{ en = "{text}" }}\n')


def _link(name: str) -> Callable[[Path, Path], None]:
    def make(folder: Path, outside: Path) -> None:
        target = folder / name
        shutil.move(target, outside / target.name)
        os.symlink(outside / target.name, target)
    return make


def _fifo(name: str) -> Callable[[Path, Path], None]:
    def make(folder: Path, _outside: Path) -> None:
        (folder / name).unlink()
        os.mkfifo(folder / name)
    return make


def _image(data: Callable[[], bytes]) -> Callable[[Path, Path], None]:
    def make(folder: Path, _outside: Path) -> None:
        (folder / "art").mkdir(exist_ok=True)
        (folder / "art" / "x.png").write_bytes(data())
        _edit(folder / "cards.toml", "[types.move-daimyo]\n", '[types.move-daimyo]\nimage = "art/x.png"\n')
    return make


def _huge_png() -> bytes:
    # made in a child: a forked pnp would otherwise start with this process's memory in its peak
    code = "import io,sys;from PIL import Image;b=io.BytesIO();Image.new('1',(12000,12000)).save(b,'PNG');" \
           "sys.stdout.buffer.write(b.getvalue())"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, check=True).stdout


def _bad_idat() -> bytes:
    import io
    import struct

    from PIL import Image
    buf = io.BytesIO()
    Image.new("RGB", (300, 300), (10, 200, 10)).save(buf, "PNG")
    data, out, pos = buf.getvalue(), bytearray(buf.getvalue()[:8]), 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        body = bytes(b ^ 0x5A for b in body) if kind == b"IDAT" else body
        out += struct.pack(">I4s", len(body), kind) + body + struct.pack(">I", zlib.crc32(kind + body))
        pos += 12 + length
    return bytes(out)


PICKLE = "{{ game.parse_raw('cos\\nsystem\\n(S\\'touch /tmp/pnp-pwned\\'\\ntR.', proto='pickle', allow_pickle=True) }}"
CASES: dict[str, Callable[[Path, Path], None]] = {
    "template-pickle": _aid_line(PICKLE),
    "template-parse-file": _aid_line("{{ game.parse_file('/etc/hostname') }}"),
    "template-nested-range": _aid_line("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}"
                                       "{% endfor %}"),
    "template-power": _aid_line("{{ ((10**64)**64)**64 }}"),
    "template-concat": _aid_line("{% set ns = namespace(s='x' * 1000) %}{% for i in range(60) %}"
                                 "{% set ns.s = ns.s ~ ns.s %}{% endfor %}"),
    "template-replace": _aid_line("{% set s = 'x' * 99999 %}{{ s|replace('x', s)|replace('x', s) }}"),
    "format-mro": lambda f, _o: _words(f, "{0.__class__.__mro__}"),
    "format-width": lambda f, _o: _words(f, "{title:>999999999}"),
    "link-rules": _link("booklet/rules.en.md"),
    "link-game-toml": _link("game.toml"),
    "link-samples": _link("samples"),
    "fifo-rules": _fifo("booklet/rules.en.md"),
    "fifo-sample": _fifo("samples/first-blood.toml"),
    "image-corrupt-idat": _image(_bad_idat),
    "image-12000px": _image(_huge_png),
    "title-9mb": lambda f, _o: _edit(f / "cards.toml", 'title = { en = "', 'title = { en = "' + "word " * 1_800_000),
    "nul-in-text": lambda f, _o: _edit(f / "cards.toml", 'text = { en = "', 'text = { en = "\\u0000'),
    "no-cards": lambda f, _o: (f / "cards.toml").unlink(),
}


def run(args: list[str]) -> tuple[int, float, float, str]:
    """Exit code, CPU seconds and peak MB of one whole `pnp` process (its own rusage, from wait4)."""
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen([sys.executable, "-m", "pnp.cli", *args], stdout=subprocess.DEVNULL, stderr=err)
        _pid, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        said = err.read().decode("utf-8", "replace").strip()
    last = said.splitlines()[-1] if said else ""
    return proc.returncode, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, last


def main(pattern: str = "") -> int:
    worst = 0
    print(f"{'case':<22} {'command':<7} {'exit':>4} {'cpu s':>6} {'peak MB':>8}  message")
    for name, make in CASES.items():
        if pattern not in name:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            folder, outside = Path(tmp) / "game", Path(tmp) / "outside"
            outside.mkdir()
            shutil.copytree(CARDS / "daimyni", folder)
            make(folder, outside)
            for command in ("build", "check", "export"):
                args = {"build": ["build", str(folder), "-q", "--out", str(Path(tmp) / "kit")],
                        "check": ["check", str(folder)],
                        "export": ["export", str(folder), "--target", "pdf-cards", "--out", str(Path(tmp) / "ex")]}
                code, cpu, peak, said = run(args[command])
                # export reads only what its target prints: a hostile booklet or aid is not read (exit 0)
                allowed = (0, 1, 2) if command == "export" else (1, 2)
                bad = code not in allowed or cpu > LIMIT_S or peak > LIMIT_MB or "Traceback" in said
                worst = max(worst, int(bad))
                flag = "  <-- !" if bad else ""
                print(f"{name:<22} {command:<7} {code:>4} {cpu:>6.2f} {peak:>8.0f}  {said[:90]}{flag}")
    if os.path.exists("/tmp/pnp-pwned"):
        print("a template ran code: /tmp/pnp-pwned exists")
        worst = 1
    return worst


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:2]))
