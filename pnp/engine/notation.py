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


def localized(value: "str | dict[str, str]", lang: str) -> str:
    """A notation text that may be one string or a table of languages."""
    if isinstance(value, dict):
        return value.get(lang) or value.get("en") or next(iter(value.values()), "")
    return value


def quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def check_texts(data: dict, where: str) -> None:
    for key in ("title", "description"):
        value = data.get(key, "")
        if not isinstance(value, (str, dict)) or (isinstance(value, dict) and not all(isinstance(v, str) for v in value.values())):
            raise NotationError(where, key, "expected text, or a table of texts by language ({ en = \"...\", it = \"...\" })")
