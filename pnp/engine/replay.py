"""One replay skeleton for every game's notation.

Every notation file is TOML: a header (``game``, ``title``, ``description``, ``round_cap`` and
the game's own keys such as ``players``, ``seed``), an optional ``[position]``, a list of
``[[round]]`` tables and an optional ``[end]``. `GameNotation.replay` reads every file the same
way, in this order:

1. the header, validated by pydantic through `pnp.model.load.validate` (``file: key: what was
   expected``); a game adds its keys by subclassing `Header`; unknown keys are refused in the
   header, in ``[end]`` and in every round; an empty file is refused;
2. the settings: the player count, options and seed the header asks for (`GameNotation.requested`)
   are checked by `pnp.engine.settings.Limits`, the same check as ``--players`` and ``--option``
   on the command line, and the header's ``round_cap`` goes into `Settings` (the state's one cap);
3. the start: the game's `new_state` for those settings, then the ``[position]`` if the file
   states one (`GameNotation.start`, `GameNotation.set_position`);
4. the rounds, numbered from the position's round in every message (``round 9, red: ...``); a round
   after the game ended is refused (rule ``game-over``); an `Illegal` move is a `GameRejected`
   (exit 1) and bad notation a `NotationError` (exit 2); after each round its ``expect`` is checked;
5. ``[end]``, read with the game's `End` model and checked by the game.

A game supplies only what is its own: its header and end keys, how one round's entry is applied
(`GameNotation.play_round`), what its expectations check, and how a position is read and written.
A coin-tossing game, whole:

>>> from dataclasses import dataclass
>>> from .settings import Limits
>>> @dataclass
... class Coin:
...     players: tuple[str, ...]
...     round: int = 1
...     heads: int = 0
...     round_cap: int | None = None
...     def is_terminal(self) -> bool:
...         return self.heads >= 2 or (self.round_cap is not None and self.round > self.round_cap)
>>> class CoinNotation(GameNotation[Coin, str, Header, End]):
...     game, header, end, round_keys = "coin", Header, End, ("toss",)
...     def play_round(self, state: Coin, entry: RoundEntry, where: str) -> str:
...         toss = entry.get("toss")
...         if toss not in ("heads", "tails"):
...             raise entry.error(where, "toss", f"expected heads or tails, got {shown(toss)}")
...         state.heads += toss == "heads"
...         state.round += 1
...         return toss
...     def check_end(self, state: Coin, end: End, where: str) -> int:
...         return expected_end(end, None, state.is_terminal(), state.round - 1, where)
>>> coin = CoinNotation(Limits("Coin", "coin", 1, 1), lambda s: Coin(("ann",), round_cap=s.round_cap))
>>> text = 'game = "coin"\\ntitle = "Two tosses"\\n[[round]]\\ntoss = "heads"\\n[[round]]\\ntoss = "heads"\\n'
>>> t = coin.replay(text + "[end]\\nround = 2", "tosses.toml")
>>> t.title, t.rounds, t.state.heads, t.expectations
('Two tosses', ['heads', 'heads'], 2, 1)
>>> coin.replay(text + "[[round]]\\ntoss = 'tails'", "tosses.toml")
Traceback (most recent call last):
...
pnp.engine.notation.IllegalMove: tosses.toml: round 3: the game already ended in round 3
>>> coin.replay(text.replace('"heads"', '"edge"', 1), "tosses.toml")
Traceback (most recent call last):
...
pnp.engine.notation.NotationError: tosses.toml: round 1, toss: expected heads or tails, got "edge"
>>> coin.replay('game = "coin"\\nround_cap = 1\\n[[round]]\\ntoss = "tails"', "t.toml").state.is_terminal()
True
>>> coin.replay('game = "coin"\\nround_cap = 0\\n[[round]]', "t.toml")
Traceback (most recent call last):
...
pnp.engine.notation.NotationError: t.toml: round_cap: expected a number of at least 1, got 0

The building blocks stay public for games and tools that read notation without replaying it:
`read_notation` (the header and one `RoundEntry` per round), `play_rounds`, `read_end`,
`expected_end`, `unique`.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictInt, field_validator

from ..errors import DefinitionError
from .core import Illegal
from .notation import GameRejected, IllegalMove, NotationError, quote, shown
from .settings import BadSetting, Limits, Settings

Text = str | dict[str, str]
TEXT_EXPECTED = "expected text, or a table of texts by language ({ en = \"...\", it = \"...\" })"


class Header(BaseModel):
    """The header keys every game's notation shares; a game subclasses it to add its own."""

    # Each model (and a game's subclass, which inherits this) builds its validator when it first
    # validates, not at import: a command validates one game's header, never this one (building
    # this class and End at import was ~20 ms of every process that imports the engine).
    model_config = ConfigDict(extra="forbid", defer_build=True)

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

    model_config = ConfigDict(extra="forbid", defer_build=True)

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



@dataclass(frozen=True)
class Requested:
    """What a notation file's header asks of the setup: a player count (None: the fewest the game
    allows), option names and a seed. `GameNotation.settings` checks them."""

    players: int | None = None
    options: Sequence[str] = ()
    seed: int = 1


class Replayable(Playing, Protocol):
    """What the skeleton needs of a state besides its round and end: a stated position."""

    def set_position(self, table: dict[str, Any], where: str) -> None: ...


S_co = TypeVar("S_co", bound=Playing)
H_co = TypeVar("H_co", bound=Header)
E_co = TypeVar("E_co", bound=End)


class GameNotation(ABC, Generic[S_co, L, H_co, E_co]):
    """One game's notation on the shared skeleton (see the module docstring): `replay` is the same
    for every game; a game sets `game`, `header`, `end` (and `round_keys` when a round's keys are
    fixed) and writes `play_round` and `check_end`; it overrides `requested`, `start`,
    `set_position`, `check_expect` and `stated_start` where its own differ from the defaults."""

    game: str                                  # what the file's ``game`` key must say
    header: type[H_co]
    end: type[E_co]
    round_keys: tuple[str, ...] | None = None  # None: `play_round` checks a round's keys itself
    game_required = False                      # the file must say which game it is
    rounds_required = True                     # False: a header alone is the game as set up
    options_key = "options"                    # the header key that lists the options on

    def __init__(self, limits: Limits, new_state: Callable[[Settings], S_co]):
        self.limits = limits
        self.new_state = new_state

    # -- the skeleton ---------------------------------------------------------------------------

    def replay(self, text: str, where: str) -> Transcript[S_co, L]:
        """Replay a notation file; raises `NotationError` (exit 2) or `GameRejected` (exit 1)."""
        notation = read_notation(text, where, self.game, self.header, self.round_keys, self.game_required,
                                 self.rounds_required)
        state = self.start(self.settings(notation, where), notation, where)
        start = self.stated_start(state, notation)
        met = 0

        def play(entry: RoundEntry) -> L:
            nonlocal met
            log = self.play_round(state, entry, where)
            met += self.check_expect(state, entry, log, where)
            return log

        logs = play_rounds(state, notation.rounds, where, play)
        if notation.end is not None:
            met += self.check_end(state, read_end(self.end, notation.end, where), where)
        head = notation.header
        return Transcript(head.title, head.description, state, logs, met, start, head)

    def settings(self, notation: Notation[H_co], where: str) -> Settings:
        """The header's player count, options and seed checked like the command line's, with the
        file's own round cap (none unless it writes ``round_cap``)."""
        asked = self.requested(notation.header, notation.position, where)
        limits = dataclasses.replace(self.limits, round_cap=notation.header.round_cap)
        try:
            return limits.settings(asked.players, asked.options, asked.seed)
        except BadSetting as exc:
            raise NotationError(where, self.options_key if exc.key == "options" else exc.key, exc.notation) from None

    # -- what a game may change -------------------------------------------------------------------

    def requested(self, head: H_co, position: dict[str, Any] | None, where: str) -> Requested:
        """The setup the header asks for (by default: the fewest players, no options, seed 1)."""
        return Requested()

    def start(self, settings: Settings, notation: Notation[H_co], where: str) -> S_co:
        """The state the first round plays on: the game as set up, or the stated position."""
        state = self.new_state(settings)
        if notation.position is not None:
            self.set_position(state, notation.position, where)
        return state

    def set_position(self, state: S_co, table: dict[str, Any], where: str) -> None:
        """Put `state` in the stated position (exit 2 for anything impossible)."""
        raise NotationError(where, POSITION, f"{self.game} cannot start from a stated position")

    def stated_start(self, state: S_co, notation: Notation[H_co]) -> Any:
        """What the transcript keeps of the start (for booklets and for writing the file again)."""
        return notation.position

    def check_expect(self, state: S_co, entry: RoundEntry, log: L, where: str) -> int:
        """Check the round's ``expect`` after it was played; the number of checks made."""
        return 0

    @abstractmethod
    def play_round(self, state: S_co, entry: RoundEntry, where: str) -> L:
        """Apply one ``[[round]]`` to `state`; what the transcript keeps of it."""

    @abstractmethod
    def check_end(self, state: S_co, end: E_co, where: str) -> int:
        """Check ``[end]`` against the final state; the number of checks made."""


def expect_value(where: str, key: str, want: object, got: object) -> int:
    """One expectation of a final value: ``file: end.score: expected 3, but it is 2`` (exit 1)."""
    if want != got:
        raise GameRejected(f"{where}: {key}: expected {want}, but it is {got}")
    return 1


def expect_values(where: str, key: str, want: Mapping[str, object], got: Mapping[str, object],
                  missing: object = None) -> int:
    """`expect_value` for each player of a table (``end.trust.red``); the checks made."""
    return sum(expect_value(where, f"{key}.{p}", v, got.get(p, missing)) for p, v in want.items())


def expect_end_round(where: str, want: int, ended: bool, round: int) -> int:
    """``[end]``'s round: the game ended in that round (exit 1 if it did not, or goes on)."""
    if not ended or round != want:
        raise GameRejected(f"{where}: end.round: expected the game to end in round {want}, but it "
                           f"{'ended in round' if ended else 'is in round'} {round}")
    return 1


def header_lines(game: str, title: str, description: str, always: bool = False) -> list[str]:
    """The start of every written notation file: ``game``, then ``title`` and ``description``
    (left out when empty, unless `always`), as TOML lines; a game appends its own keys.

    >>> header_lines("coin", "Two tosses", "")
    ['game = "coin"', 'title = "Two tosses"']
    """
    lines = [f"game = {quote(game)}"]
    for key, text in (("title", title), ("description", description)):
        if text or always:
            lines.append(f"{key} = {quote(text)}")
    return lines
