"""What every game's notation shares: its two kinds of failure and a few text helpers."""

from __future__ import annotations

from ..errors import PnpError


class NotationError(PnpError):
    """The file is not valid notation (exit 2): names the file and the key."""

    exit_code = 2

    def __init__(self, where: str, key: str, problem: str):
        super().__init__(f"{where}: {key}: {problem}")


class GameRejected(PnpError):
    """The game is illegal or an expectation fails (exit 1)."""

    exit_code = 1


class IllegalMove(GameRejected):
    """A notation file whose game breaks a rule (exit 1): `rule` is the rule's stable short name
    (each game lists its own in ``RULES``), the message says it to a player."""

    def __init__(self, message: str, rule: str):
        super().__init__(message)
        self.rule = rule


def localized(value: "str | dict[str, str]", lang: str) -> str:
    """A notation text that may be one string or a table of languages."""
    if isinstance(value, dict):
        return value.get(lang) or value.get("en") or next(iter(value.values()), "")
    return value


def shown(value: object) -> str:
    """A value from a notation file as its writer would recognise it in a message: TOML, not
    Python ("red", 2, true, a list of 2 entries).

    >>> shown("red"), shown(["a", "b"]), shown(None), shown(True)
    ('"red"', 'a list of 2 entries ("a", "b")', 'nothing', 'true')
    """
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, list):
        inner = ", ".join(shown(v) for v in value[:4]) + (", ..." if len(value) > 4 else "")
        return f"a list of {len(value)} entr{'y' if len(value) == 1 else 'ies'} ({inner})"
    if isinstance(value, dict):
        return "a table"
    return str(value)


def quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def check_texts(data: dict[str, Any], where: str) -> None:
    for key in ("title", "description"):
        value = data.get(key, "")
        if not isinstance(value, (str, dict)) or (
                isinstance(value, dict) and not all(isinstance(v, str) for v in value.values())):
            raise NotationError(where, key,
                                "expected text, or a table of texts by language ({ en = \"...\", it = \"...\" })")


from dataclasses import dataclass  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any, Callable  # noqa: E402

from ..sandbox.files import read_folder_file  # noqa: E402


@dataclass
class CheckResult:
    """One notation file checked: a line for the user and the exit code it asks for."""

    path: Path
    ok: bool
    line: str
    exit_code: int = 0
    transcript: Any = None


MAX_NOTATION = 4 * 1024 * 1024     # bytes: a notation file is text a person can read


def read_notation_file(path: Path, shown: str, limit: int = MAX_NOTATION) -> str:
    """A notation file's text: at most `limit` bytes (a device such as /dev/zero or a huge file
    is refused, not read until memory runs out), UTF-8 with or without a byte-order mark, and
    not empty. Every failure is a `NotationError` that says the file could not be read."""
    def fail(problem: str) -> NotationError:
        problem = problem if problem.startswith("cannot") else f"cannot read: {problem}"
        return NotationError(shown, "(file)", problem + (" for a notation file" if "the limit" in problem else ""))

    data = read_folder_file(path, fail, limit)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise NotationError(shown, "(file)", f"cannot read: not UTF-8 text (byte {exc.start + 1})") from None
    if not text.strip():
        raise NotationError(shown, "(file)", "empty: expected [[round]] tables (or a [position])")
    return text


def check_file(path: Path, shown: str, replay: Callable[[str, str], Any],
               describe: Callable[[Any], str]) -> CheckResult:
    """Read and replay one file; `describe` turns a good transcript into the rest of its line."""
    try:
        t = replay(read_notation_file(path, shown), shown)
    except (NotationError, GameRejected) as exc:
        return CheckResult(path, False, str(exc), exc.exit_code)
    return CheckResult(path, True, f"{shown}: ok, {describe(t)}", 0, t)


def rounds(n: int) -> str:
    return f"{n} round{'s' if n != 1 else ''}"
