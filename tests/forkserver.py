"""`python -m pnp.cli ARGS` for the tests, without paying Python's start-up and pnp's imports each time.

A test of the command line wants a process of its own: its exit code, what it writes to stdout and
stderr, that no traceback escapes. Started afresh, each such process spends most of its time (about
half a second of CPU of the 0.6 s a refused build costs) importing typer, pydantic, reportlab and pnp.
So each test process (each xdist worker) starts one server, which imports those once and then, for
each command line, forks a child that runs `pnp.cli` as `__main__` exactly as `python -m` does
(runpy), in the caller's working folder and environment, stdin from /dev/null, stdout and stderr to
files, and exits the way such a process exits (its own SystemExit, atexit, flush). The tests read
the same exit code and the same bytes.

What a fork does not give: a hash seed of its own (every child shares the server's), and a module
table without the preloaded modules. A test whose point is two independent processes (byte-identical
output whatever the hash seed, or what a fresh process imports) asks `run_pnp(..., fresh=True)` or
starts its own `python -m pnp.cli`. PNP_TEST_FORK=0 runs every command as a fresh process.
"""

from __future__ import annotations

import atexit
import json
import locale
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

# What the commands import when they run (pnp.cli itself is left for runpy to execute as __main__,
# as `-m` does: importing it here would make runpy warn and run a second copy)
PRELOAD = ("typer", "pnp.commands.build", "pnp.commands.check", "pnp.commands.export", "pnp.commands.listing",
           "pnp.commands.new", "pnp.commands.play", "pnp.commands.preview", "pnp.commands.simulate",
           "pnp.commands.site", "pnp.commands.watch", "pnp.build", "pnp.catalog", "pnp.model", "pnp.model.load",
           "pnp.output", "pnp.press.cards", "pnp.press.grid", "pnp.export", "pnp.export.preview",
           "pnp.games.registry")


def serve() -> None:
    """The server's loop: one JSON request a line on stdin, one exit code a line back on stdout."""
    import gc
    import importlib

    for name in PRELOAD:
        importlib.import_module(name)
    # Requests and replies move to descriptors of their own; 0, 1 and 2 are the children's to take over.
    requests = os.fdopen(os.dup(0), "rb")
    replies = os.fdopen(os.dup(1), "w")
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    sys.stdout.flush()
    sys.stderr.flush()
    gc.collect()
    gc.freeze()     # the preloaded modules stay shared with every child, not copied on its first collection
    for line in requests:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            requests.close()
            replies.close()
            _child(request)     # returns only into the interpreter's own exit, as `python -m` would
            return
        _, status = os.waitpid(pid, 0)
        replies.write(f"{os.waitstatus_to_exitcode(status)}\n")
        replies.flush()


def _child(request: dict) -> None:
    import runpy

    for fd, path in ((1, request["stdout"]), (2, request["stderr"])):
        out = os.open(path, os.O_WRONLY | os.O_TRUNC)
        os.dup2(out, fd)
        os.close(out)
    os.chdir(request["cwd"])
    sys.path[0] = os.getcwd()     # as `-m` puts the working folder first (the server's '' is its own)
    os.environ.clear()
    os.environ.update(request["env"])
    sys.argv = ["-m", *request["args"]]     # runpy puts the module's path in argv[0], as `-m` does
    runpy._run_module_as_main("pnp.cli")  # type: ignore[attr-defined]


class Server:
    """One server process, started on first use, for the test process that made it."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.proc: subprocess.Popen[str] | None = None
        self.folder = tempfile.mkdtemp(prefix="pnp-forkserver-")

    def _start(self) -> subprocess.Popen[str]:
        root = Path(__file__).resolve().parents[1]
        return subprocess.Popen([sys.executable, "-c", "from tests.forkserver import serve; serve()"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=root)

    def close(self) -> None:
        """End the server (its input closes, its loop ends) and reap it, so that its CPU time counts."""
        if self.proc is not None and self.proc.stdin is not None:
            self.proc.stdin.close()
            self.proc.wait()
        shutil.rmtree(self.folder, ignore_errors=True)

    def run(self, args: list[str], cwd: str) -> subprocess.CompletedProcess[str]:
        with self.lock:
            if self.proc is None or self.proc.poll() is not None:
                self.proc = self._start()
            assert self.proc.stdin is not None and self.proc.stdout is not None
            paths = {}
            for name in ("stdout", "stderr"):
                paths[name] = os.path.join(self.folder, name)
                open(paths[name], "wb").close()
            self.proc.stdin.write(json.dumps({"args": args, "cwd": cwd, "env": dict(os.environ), **paths}) + "\n")
            self.proc.stdin.flush()
            reply = self.proc.stdout.readline()
            if not reply:
                raise RuntimeError("the pnp fork server died (PNP_TEST_FORK=0 runs fresh processes)")
            # as subprocess.run(text=True) decodes: the locale's encoding, universal newlines
            encoding = locale.getpreferredencoding(False)
            out, err = (Path(paths[name]).read_bytes().decode(encoding).replace("\r\n", "\n").replace("\r", "\n")
                        for name in ("stdout", "stderr"))
            return subprocess.CompletedProcess([sys.executable, "-m", "pnp.cli", *args], int(reply), out, err)


_server: Server | None = None


def run(args: list[str], cwd: str | os.PathLike[str] | None = None) -> subprocess.CompletedProcess[str] | None:
    """The finished `python -m pnp.cli ARGS`, or None where forking is not available or turned off."""
    global _server
    if os.environ.get("PNP_TEST_FORK", "1") == "0" or not hasattr(os, "fork"):
        return None
    if _server is None:
        _server = Server()
        atexit.register(_server.close)
    return _server.run(args, os.fspath(cwd) if cwd is not None else os.getcwd())
