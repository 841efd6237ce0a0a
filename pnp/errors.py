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


class DefinitionProblems(DefinitionError):
    """Every problem one load found, reported at once and grouped by file (a person fixes a
    spreadsheet in one pass, not one message per run). With one problem it reads as that one."""

    problems: list[DefinitionError]

    def __init__(self, problems: list[DefinitionError]):
        flat: list[DefinitionError] = []
        for p in problems:
            flat += p.problems if isinstance(p, DefinitionProblems) else [p]
        self.problems = flat
        first = flat[0]
        super().__init__(first.where, first.key, first.problem)

    def format(self) -> str:
        if len(getattr(self, "problems", ())) <= 1:
            return super().format()
        return f"{len(self.problems)} problems:\n" + grouped(self.problems)


def grouped(problems: list[DefinitionError], indent: str = "  ") -> str:
    """One line per problem, each naming its file (an editor can jump to it), the problems of one
    file together, files in the order first met."""
    files: dict[str, list[DefinitionError]] = {}
    for p in problems:
        files.setdefault(p.where, []).append(p)
    return "\n".join(f"{indent}{p.format()}" for group in files.values() for p in group)
