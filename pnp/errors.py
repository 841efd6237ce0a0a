"""Errors a user can act on. The CLI prints them as one line and exits with `exit_code`."""

from __future__ import annotations


class PnpError(Exception):
    """Base class: a message meant for a person, no traceback."""

    exit_code = 2


class DefinitionError(PnpError):
    """A game or layout definition is unreadable or says something impossible.

    `where` names the file, `key` the key path inside it (``cards[3].number``).
    """

    def __init__(self, where: str, key: str | None, problem: str):
        self.where, self.key, self.problem = where, key, problem
        super().__init__(self.format())

    def format(self) -> str:
        place = f"{self.where}: {self.key}" if self.key else self.where
        return f"{place}: {self.problem}"


class UsageError(PnpError):
    """A bad command-line argument (unknown game, paper, ...)."""
