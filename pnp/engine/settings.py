"""How one game is set up, checked in one place for the command line and for notation files alike.

A game declares its options as data (`Option`) and its player range in its folder's game.toml;
`Limits` holds both. `Limits.settings` checks a player count and option names against them and
gives `Settings`; a refusal is a `BadSetting` that each front end words its own way: the command
line as ``--players 7: Coin is for 2-6 players``, a notation file as ``players: expected 2 to 6
players, got 7``.

>>> coin = Limits("Coin", "coin", 2, 4, (Option("pairs", "two teams of two", players=(4,)),
...                                      Option("all", "every option", includes=("pairs",))), round_cap=50)
>>> coin.settings(None, ["all"], seed=3)
Settings(players=2, options=frozenset(), seed=3, round_cap=50)
>>> coin.settings(4, ["all"]).options
frozenset({'pairs'})
>>> try:
...     coin.settings(2, ["pairs"])
... except BadSetting as exc:
...     print(exc.flag, "|", exc.cli, "|", exc.key, "|", exc.notation)
--option pairs | only with 4 players, not 2 | options | pairs is for 4 players
>>> try:
...     coin.settings(7, [])
... except BadSetting as exc:
...     print(exc.flag, "|", exc.cli, "|", exc.key, "|", exc.notation)
--players 7 | Coin is for 2-4 players | players | expected 2, 3 or 4, got 7
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .notation import shown


@dataclass(frozen=True)
class Option:
    """One optional rule or variant, declared as data.

    `players` limits it to some player counts; `includes` makes it a shorthand for others
    (an ``advanced`` option may switch on every optional rule that fits the player count)."""

    name: str
    help: str
    players: tuple[int, ...] = ()
    includes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Settings:
    """How one game is set up: the player count, the options on, the seed for chance and bots, and
    the round after which a record stops if nobody has won (None: it never stops early). Bot games
    get their game's cap (`pnp.games.interface.GameModule.round_cap`), a notation file its own
    ``round_cap`` key: this is the one place a state learns its cap from."""

    players: int
    options: frozenset[str] = frozenset()
    seed: int = 1
    round_cap: int | None = None


class BadSetting(ValueError):
    """A player count or option the game does not have: `flag` and `cli` word it for the command
    line, `key` and `notation` for a notation file's header."""

    def __init__(self, flag: str, cli: str, key: str, notation: str):
        super().__init__(f"{flag}: {cli}")
        self.flag, self.cli, self.key, self.notation = flag, cli, key, notation


def span(counts: Sequence[int]) -> str:
    """Player counts as a person says them: "4 players", "2 or 3 players", "2 to 6 players".

    >>> span([4]), span([2, 3]), span(range(2, 7)), span([2, 3, 5, 6])
    ('4 players', '2 or 3 players', '2 to 6 players', '2, 3, 5 or 6 players')
    """
    counts = list(counts)
    if len(counts) <= 3 or counts != list(range(counts[0], counts[-1] + 1)):
        return f"{' or '.join(', '.join(map(str, counts)).rsplit(', ', 1))} players"
    return f"{counts[0]} to {counts[-1]} players"


def expected_count(lo: int, hi: int, count: object) -> str:
    """What a notation file's ``players`` should have been: a short range is listed ("expected 2,
    3 or 4, got 5"; the key already says players), a long one spanned ("expected 2 to 6 players")."""
    wanted = span(range(lo, hi + 1))
    return f"expected {wanted.removesuffix(' players') if hi - lo < 3 else wanted}, got {shown(count)}"


@dataclass(frozen=True)
class Limits:
    """What settings are checked against: the game's title and id, its player range, its declared
    options, and the round cap (a game module's for bot games, a notation file's own for a replay)."""

    title: str
    id: str
    lo: int
    hi: int
    options: tuple[Option, ...] = ()
    round_cap: int | None = None

    def expand(self, names: Sequence[str], players: int) -> frozenset[str]:
        """Check option names against the declaration and expand shorthands."""
        known = {o.name: o for o in self.options}
        out: set[str] = set()
        for name in names:
            if name not in known:
                listed = ", ".join(known) or "none"
                raise BadSetting(f"--option {name}", f"{self.id} has no such option (its options: {listed})",
                                 "options", f"unknown option {name!r} (known: {listed})")
            opt = known[name]
            if opt.includes:
                out |= {n for n in opt.includes if not known[n].players or players in known[n].players}
                continue
            if opt.players and players not in opt.players:
                counts = " or ".join(map(str, opt.players))
                raise BadSetting(f"--option {name}", f"only with {counts} players, not {players}",
                                 "options", f"{name} is for {span(opt.players)}")
            out.add(name)
        return frozenset(out)

    def settings(self, players: int | None = None, options: Sequence[str] = (), seed: int = 1) -> Settings:
        """Settings checked against the player range and the declared options (no count: the
        fewest players), with the limits' round cap."""
        count = self.lo if players is None else players
        if not self.lo <= count <= self.hi:
            shown_span = str(self.lo) if self.lo == self.hi else f"{self.lo}-{self.hi}"
            raise BadSetting(f"--players {shown(count)}", f"{self.title} is for {shown_span} players",
                             "players", expected_count(self.lo, self.hi, count))
        return Settings(count, self.expand(options, count), seed, self.round_cap)
