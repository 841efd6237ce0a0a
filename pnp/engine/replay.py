"""One replay framework for every game's notation.

Every notation file is TOML: a header (``game``, ``title``, ``description``, ``round_cap`` and
the game's own keys such as ``players``, ``seed``, ``[position]``), a list of ``[[round]]``
tables and an optional ``[end]``. The shared rules, the same for every game:

- the header is validated by pydantic through `pnp.model.load.validate`, so a bad value reads
  ``file: key: what was expected``; a game adds its keys by subclassing `Header`;
- unknown keys are refused, in the header, in ``[end]`` and in every round;
- an empty file (no rounds and no position) is refused;
- rounds are numbered from 1 in every message (``round 2, red: ...``), never by list index;
- an entry written twice (the same card twice in a round) is refused (`unique`);
- a round after the game ended is refused; an illegal move is a `GameRejected` (exit 1),
  bad notation a `NotationError` (exit 2).

A game plugs in its per-round parsing and play: `read_notation` gives the header and one
`RoundEntry` per round, `play_rounds` runs the game's function on each, turning `Illegal` into
`GameRejected`:

>>> text = '''
... game = "coin"
... title = "Two tosses"
... [[round]]
... call = "heads"
... [[round]]
... call = "tails"
... toss = 2
... '''
>>> n = read_notation(text, "tosses.toml", "coin", Header, round_keys=("call",))
Traceback (most recent call last):
...
pnp.engine.notation.NotationError: tosses.toml: round 2, toss: unknown key (expected call)
>>> n = read_notation(text.replace("toss = 2", ""), "tosses.toml", "coin", Header, ("call",))
>>> n.header.title, [(r.number, r.data["call"]) for r in n.rounds]
('Two tosses', [(1, 'heads'), (2, 'tails')])
>>> read_notation('game = "coin"\\nround_cap = 0\\n[[round]]', "t.toml", "coin", Header)
Traceback (most recent call last):
...
pnp.engine.notation.NotationError: t.toml: round_cap: expected a number of at least 1, got 0
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictInt, field_validator

from ..errors import DefinitionError
from .core import Illegal
from .notation import GameRejected, IllegalMove, NotationError, shown

Text = str | dict[str, str]
TEXT_EXPECTED = "expected text, or a table of texts by language ({ en = \"...\", it = \"...\" })"


class Header(BaseModel):
    """The header keys every game's notation shares; a game subclasses it to add its own."""

    model_config = ConfigDict(extra="forbid")

    game: str | None = None
    title: Text = ""
    description: Text = ""
    round_cap: StrictInt | None = Field(default=None, ge=1)

    @field_validator("title", "description", mode="before")
    @classmethod
    def _text(cls, value: Any) -> Any:
        if isinstance(value, str) or (isinstance(value, dict) and all(isinstance(v, str) for v in value.values())):
            return value
        raise ValueError(TEXT_EXPECTED)


class End(BaseModel):
    """``[end]``: how the game ended. A game subclasses it for more (e.g. a ``reason``)."""

    model_config = ConfigDict(extra="forbid")

    winner: str | None = None
    round: StrictInt | None = None


H = TypeVar("H", bound=Header)
E = TypeVar("E", bound=End)
S = TypeVar("S")
L = TypeVar("L")
B = TypeVar("B", bound=BaseModel)


def validate_notation(model: type[B], data: Any, where: str, prefix: str = "") -> B:
    """`pnp.model.load.validate` for a notation file: the same messages, as a `NotationError`."""
    from ..model.load import validate  # the model package is heavy; only notation needs it here
    try:
        return validate(model, data, where, prefix)
    except DefinitionError as exc:
        raise NotationError(exc.where, exc.key or "(file)", exc.problem) from None


@dataclass(frozen=True)
class RoundEntry:
    """One ``[[round]]`` table; `number` counts from 1."""

    number: int
    data: dict[str, Any]

    def key(self, sub: str = "") -> str:
        """The key to name in a message: ``round 2`` or ``round 2, red[1]``."""
        return f"round {self.number}, {sub}" if sub else f"round {self.number}"

    def error(self, where: str, sub: str, problem: str) -> NotationError:
        return NotationError(where, self.key(sub), problem)

    def get(self, name: str, default: Any = None) -> Any:
        return self.data.get(name, default)

    def check_keys(self, allowed: Sequence[str], where: str) -> None:
        for k in self.data:
            if k not in allowed:
                raise self.error(where, k, f"unknown key (expected {', '.join(allowed)})")


@dataclass
class Notation(Generic[H]):
    """A notation file read and checked, not yet played."""

    header: H
    rounds: list[RoundEntry]
    end: dict[str, Any] | None
    position: dict[str, Any] | None


ROUND = "round"
END = "end"
POSITION = "position"


def parse_notation(text: str, where: str) -> dict[str, Any]:
    """The TOML of a notation file, with the definition loader's limits (nesting, digits) and a
    byte-order mark allowed; every failure is a `NotationError` (exit 2)."""
    from ..model.load import parse_toml
    try:
        return parse_toml(text.removeprefix("\ufeff"), where)
    except DefinitionError as exc:
        raise NotationError(exc.where, exc.key or "(file)", exc.problem) from None


def read_notation(text: str, where: str, game: str, header: type[H],
                  round_keys: Sequence[str] | None = None, game_required: bool = False,
                  rounds_required: bool = True) -> Notation[H]:
    """Parse and check the parts every game shares. `round_keys` lists the keys a round may
    have (None: the game checks them itself); `rounds_required=False` accepts a file that stops
    after its header and setup (a game that only states how it starts)."""
    data = parse_notation(text, where)
    rounds = data.pop(ROUND, [])
    end = data.pop(END, None)
    position = data.pop(POSITION, None)
    if not data and not rounds and position is None:
        raise NotationError(where, "(file)", "empty: expected [[round]] tables (or a [position])")
    if game_required and "game" not in data:
        raise NotationError(where, "game", f"missing: expected \"{game}\"")
    if data.get("game", game) != game:
        raise NotationError(where, "game", f"expected \"{game}\", got {shown(data['game'])}")
    if not isinstance(rounds, list) or not all(isinstance(r, dict) for r in rounds):
        raise NotationError(where, ROUND, "expected [[round]] tables")
    if rounds_required and not rounds and position is None:
        raise NotationError(where, ROUND, "missing: a game needs at least one [[round]] (or a [position])")
    if position is not None and not isinstance(position, dict):
        raise NotationError(where, POSITION, "expected a table, e.g. [position]")
    if end is not None and not isinstance(end, dict):
        raise NotationError(where, END, "expected a table: winner, round")
    head = validate_notation(header, data, where)
    entries = [RoundEntry(i + 1, r) for i, r in enumerate(rounds)]
    if round_keys is not None:
        for entry in entries:
            entry.check_keys(round_keys, where)
    return Notation(head, entries, end, position)


def read_end(model: type[E], end: dict[str, Any], where: str) -> E:
    return validate_notation(model, end, where, END)


K = TypeVar("K")
V = TypeVar("V")


def unique(pairs: Iterable[tuple[K, V]], where: str, key: str, what: str = "") -> dict[K, V]:
    """Entries as a dict, refusing one written twice (the same card twice in a round's play).

    >>> unique([(1, "b3-c3"), (16, "a3-a4")], "f.toml", "round 1, red", "card")
    {1: 'b3-c3', 16: 'a3-a4'}
    >>> unique([(1, "b3-c3"), (1, "pass")], "f.toml", "round 1, red", "card")
    Traceback (most recent call last):
    ...
    pnp.engine.notation.NotationError: f.toml: round 1, red: card 1 is written twice ('b3-c3' and 'pass')
    """
    out: dict[K, V] = {}
    for k, v in pairs:
        if k in out:
            same = "" if out[k] == v else f" ({out[k]!r} and {v!r})"
            raise NotationError(where, key, f"{what + ' ' if what else ''}{k} is written twice{same}")
        out[k] = v
    return out


class Playing(Protocol):
    round: int

    def is_terminal(self) -> bool: ...


P = TypeVar("P", bound=Playing)


def play_rounds(state: P, rounds: Sequence[RoundEntry], where: str,
                play: Callable[[RoundEntry], L]) -> list[L]:
    """Play each round with the game's `play`; refuse a round after the end (rule `game-over`); an
    `Illegal` move becomes an `IllegalMove` (exit 1) naming the file and keeping the rule's name.

    Rounds are named by the game's round: after a stated position of round 9, the file's first
    ``[[round]]`` is "round 9" in every message, whichever game reads it."""
    logs: list[L] = []
    offset = state.round - rounds[0].number if rounds else 0
    if offset:
        rounds = [dataclasses.replace(r, number=r.number + offset) for r in rounds]
    for entry in rounds:
        if state.is_terminal():
            raise IllegalMove(f"{where}: {entry.key()}: the game already ended in round {state.round}", "game-over")
        try:
            logs.append(play(entry))
        except Illegal as exc:
            raise IllegalMove(f"{where}: {exc}", exc.rule) from None
    return logs


@dataclass
class Transcript(Generic[S, L]):
    """A replayed notation file: the final state, one log per round, the expectations met."""

    title: Text
    description: Text
    state: S
    rounds: list[L]
    expectations: int = 0
    start: Any = None          # the stated start position, if the file had one
    header: Any = None


def expected_end(end: End, winner: str | None, ended: bool, round: int, where: str) -> int:
    """Check ``[end]``'s winner (a player, or "none" when nobody won) and round; the checks made."""
    checks = 0
    if end.winner is not None:
        want = end.winner.lower()
        got = winner or ("none" if ended else "nobody yet")
        if want != got:
            raise GameRejected(f"{where}: expected the winner to be {want}, but it is {got}")
        checks += 1
    if end.round is not None:
        if not ended or round != end.round:
            when = f"ended in round {round}" if ended else f"is still going after round {round - 1}"
            raise GameRejected(f"{where}: expected the game to end in round {end.round}, but it {when}")
        checks += 1
    return checks

