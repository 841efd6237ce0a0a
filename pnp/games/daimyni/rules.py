"""Daimyni rules: setup, the four phases of a round, the four card effects, combat and the
immediate end when a Daimyo is removed, with every Daimyni ruling of RULINGS.md.

>>> from pnp.games.daimyni.rules import new_game
>>> state = new_game()
>>> state.decision().kind, state.decision().player
('play', 'red')
>>> _ = state.apply_action(PlayCards((1, 16)))
>>> _ = state.apply_action(PlayCards((2, 15)))
>>> state.decision().card, state.decision().player       # the lowest number resolves first
(1, 'red')
>>> try:
...     state.apply_action(MoveBushi("b3", "d3"))
... except Illegal as exc:
...     print(exc)
round 1, red plays 1 (Move Bushi): cannot move from b3 to d3: they are not adjacent
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ...engine import Commitments, Decision, GameEvent, Hidden, Illegal, priority_order, win_loss
from ...engine.notation import NotationError
from ...model import Card, Game
from .actions import CARDS_PLAYED, Action, MoveBushi, MoveDaimyo, MoveTanbo, Pass, PlayCards, Recruit
from .events import (
    Combat,
    DaimyoRemoved,
    GameOver,
    MovedBushi,
    MovedDaimyo,
    MovedTanbo,
    NoEffect,
    Recruited,
    ReserveTaken,
    ToReserve,
)
from .heuristic import evaluate

RECRUIT, PASS = Recruit(), Pass()
KINDS = ("move-bushi", "recruit-bushi", "move-daimyo", "move-tanbo")
_OPEN_BY_BOARD: dict[tuple[tuple[str, tuple[str, ...]], ...], dict[tuple[str, ...], dict[str, tuple[str, ...]]]] = {}
EFFECT_ACTION: dict[str, type[MoveBushi | Recruit | MoveDaimyo | MoveTanbo]] = {
    "move-bushi": MoveBushi, "recruit-bushi": Recruit, "move-daimyo": MoveDaimyo, "move-tanbo": MoveTanbo}

# Every rule an illegal move can break, by the stable short name `Illegal.rule` carries (tests
# assert on these names; the message says the same to a player, with the round, clan and card).
RULES: dict[str, str] = {
    "game-over": "nothing is played after a Daimyo is removed",
    "play-two-cards": "each clan plays exactly two cards a round, before any card resolves",
    "card-twice": "a card is played once in a round",
    "card-not-in-hand": "a clan plays only cards from its hand (not its Reserve, not the other's)",
    "must-carry-out": "a card that can be carried out must be; 'pass' only when it cannot",
    "recruit-while-area": "Recruit Bushi recruits while the Bushi area holds a Bushi, judged when it resolves",
    "recruit-empty-area": "with an empty Bushi area, Recruit Bushi acts as Move Bushi",
    "wrong-effect": "a card does only what its kind does",
    "no-cell": "moves name cells of the board",
    "no-tanbo-there": "Move Tanbo moves a Tanbo from the cell it stands on",
    "tanbo-once": "a Tanbo moves at most once a round",
    "tanbo-to-empty-cell": "a Tanbo goes to an empty cell: no unit, no Tanbo",
    "daimyo-not-there": "Move Daimyo moves the clan's Daimyo from its cell",
    "no-bushi-there": "Move Bushi moves Bushi of the clan from a cell that holds them",
    "adjacent-only": "Bushi and Daimyo move to an adjacent cell",
    "tanbo-floods": "no unit enters a cell with a Tanbo",
    "daimyo-never-attacks": "Move Daimyo cannot enter a cell held by enemy units",
    "bushi-count": "Move Bushi moves at least one Bushi and no more than the cell holds",
}


@dataclass(frozen=True)
class CardInfo:
    number: int
    clan: str       # the clan whose hand it starts in
    type: str
    title: str      # English title, for messages


@dataclass(frozen=True)
class CombatResult:
    winner: str          # attacker | defender | tie
    attacker_lost: int
    defender_bushi_lost: int
    defender_daimyo_lost: bool


@dataclass
class RoundRecord:
    """One round as played, for notation: each clan's cards, then each card's decision in order."""

    round: int
    plays: dict[str, PlayCards] = field(default_factory=dict)
    decisions: list[tuple[int, str, Action]] = field(default_factory=list)

    def copy(self) -> RoundRecord:
        return RoundRecord(self.round, dict(self.plays), list(self.decisions))


def combat(attackers: int, defending_bushi: int, defending_daimyo: bool) -> CombatResult:
    """Compare the pieces in the cell; a Daimyo counts as one piece.

    The smaller side loses everything; the larger loses as many pieces as the smaller had, Bushi
    first (its Daimyo only once none of its Bushi are left); a tie removes every piece.

    >>> combat(3, 1, True)
    CombatResult(winner='attacker', attacker_lost=2, defender_bushi_lost=1, defender_daimyo_lost=True)
    >>> combat(1, 1, True)
    CombatResult(winner='defender', attacker_lost=1, defender_bushi_lost=1, defender_daimyo_lost=False)
    >>> combat(2, 2, False).winner
    'tie'
    """
    defenders = defending_bushi + (1 if defending_daimyo else 0)
    if attackers > defenders:
        return CombatResult("attacker", defenders, defending_bushi, defending_daimyo)
    if attackers < defenders:
        bushi_lost = min(attackers, defending_bushi)
        return CombatResult("defender", attackers, bushi_lost, defending_daimyo and attackers > defending_bushi)
    return CombatResult("tie", attackers, defending_bushi, defending_daimyo)


class Rules:
    """What never changes during a game: the map, the cards, the setup."""

    def __init__(self, game: Game):
        grid, board = game.grid, game.board
        if grid is None or board is None:
            raise ValueError("Daimyni is played on its hex map, and this folder has none (add board.toml with the map)")
        self.game = game
        self.grid = grid
        self.cells = tuple(grid.cells)
        self.adj = {label: tuple(grid.neighbours(label)) for label in self.cells}
        self.clans = tuple(game.clans)
        if len(self.clans) != 2:
            raise ValueError("Daimyni is a duel: the game must define exactly two clans")
        self.cards = {c.number: CardInfo(c.number, _starting_clan(c), c.type_id, c.type.title.get("en", c.type_id))
                      for c in game.cards}
        if not self.cards:
            raise ValueError("Daimyni is played with its Densho cards, and this folder has none "
                             "(add cards.toml with the game's cards)")
        unknown = {c.type for c in self.cards.values()} - set(KINDS)
        if unknown:
            raise ValueError(f"Daimyni cards must be of the types {', '.join(KINDS)}; got {', '.join(sorted(unknown))}")
        self.start_bushi: dict[str, list[str]] = {c: [] for c in self.clans}
        self.start_daimyo: dict[str, str] = {}
        self.start_tanbo: list[str] = []
        for mark in board.start:
            if mark.piece == "tanbo":
                self.start_tanbo.append(mark.cell)
            elif mark.piece in ("daimyo", "bushi"):
                if mark.clan is None:
                    raise ValueError(f"board.toml: the {mark.piece} starting on {mark.cell} names no clan")
                if mark.piece == "daimyo":
                    self.start_daimyo[mark.clan] = mark.cell
                else:
                    self.start_bushi[mark.clan].append(mark.cell)
        bushi = next(p for p in game.pieces_file.pieces if p.id == "bushi")
        self.bushi_per_clan = bushi.per_clan or 0
        # Actions made by fast playouts, shared (they are immutable): the cards played, by pair, and the
        # effects, by (from, to, count) for Bushi or ("D" | "T", from, to) for the Daimyo and a Tanbo.
        self.made_plays: dict[tuple[int, int], PlayCards] = {}
        self.made: dict[tuple[str, str, str | int | None], Action] = {}
        # Each cell's neighbours free of Tanbo, by where the Tanbo stand: a function of the board and
        # the Tanbo cells alone, so never invalidated (a moved Tanbo is another key), and shared by
        # every game on the same board (a sweep builds one Rules per game).
        self._open = _OPEN_BY_BOARD.setdefault(tuple(self.adj.items()), {})

    def open_neighbours(self, tanbo: list[str]) -> dict[str, tuple[str, ...]]:
        """Each cell's neighbours in board order, less those a Tanbo floods."""
        key = tuple(tanbo)
        found = self._open.get(key)
        if found is None:
            found = self._open[key] = {cell: tuple(c for c in nbs if c not in key) for cell, nbs in self.adj.items()}
        return found

    @property
    def players(self) -> tuple[str, ...]:
        """The clans, in the order game.toml lists them (the first plays first)."""
        return self.clans

    def opponent(self, clan: str) -> str:
        return self.clans[1] if clan == self.clans[0] else self.clans[0]

    def label(self, number: int) -> str:
        return f"{number} ({self.cards[number].title})"

    def units_pattern(self) -> re.Pattern[str]:
        """Reads a cell's units: `<clan> 2`, `<clan> D`, `<clan> D+1`, for this game's clans."""
        names = "|".join(re.escape(c) for c in self.clans)
        return re.compile(rf"({names})\s+(?:(d)(?:\s*\+\s*([0-9]+))?|([0-9]+))", re.I)

    def normal_units(self, text: str) -> str | None:
        """A cell's contents in the written form `units_text` gives, or None if unreadable."""
        t = " ".join(str(text).lower().split())
        if t in ("tanbo", "empty"):
            return t
        m = self.units_pattern().fullmatch(t)
        if not m:
            return None
        clan, d, plus, n = m.groups()
        clan = next(c for c in self.clans if c.lower() == clan)
        if d:
            return f"{clan} D" + (f"+{int(plus)}" if plus and int(plus) else "")
        return f"{clan} {int(n)}"


_LAST_RULES: list[tuple[Game, Rules]] = []


def rules_of(game: Game) -> Rules:
    """The `Rules` of a game's definitions, built once for the last `Game` object asked about: a sweep
    starts thousands of games from one loaded Game, and building the tables is a fifth of a short
    game's time. Rules never change during a game (what it caches are immutable actions and tables
    that are functions of the board), so games share them; another Game object (definitions loaded
    again, say after an edit) builds its own."""
    if not _LAST_RULES or _LAST_RULES[0][0] is not game:
        _LAST_RULES[:] = [(game, Rules(game))]
    return _LAST_RULES[0][1]


def _starting_clan(card: Card) -> str:
    if card.clan is None:
        raise ValueError(f"Daimyni card {card.number} starts in no clan's hand (give it a clan in cards.toml)")
    return card.clan.id


def new_game(game: Game | None = None, round_cap: int | None = None) -> "DaimyniState":
    """A game at its start; by default the built-in Daimyni definitions."""
    if game is None:
        game = _builtin()
    return DaimyniState(Rules(game), round_cap)


_BUILTIN: Game | None = None


def _builtin() -> Game:
    global _BUILTIN
    if _BUILTIN is None:
        from ...model import load_game
        from ...paths import cards_dir
        _BUILTIN = load_game(cards_dir() / "daimyni")
    return _BUILTIN


@dataclass(frozen=True)
class DaimyniView:
    """What one clan may know: the whole board (it is public), its own hand, how many cards the
    other holds, every Reserve (those cards were revealed when played), its own face-down play
    and only *that* the other has played until both are revealed, then the resolution order."""

    player: str
    round: int
    phase: str
    bushi: dict[str, dict[str, int]]
    daimyo: dict[str, str | None]
    tanbo: tuple[str, ...]
    area: dict[str, int]
    hand: tuple[int, ...]
    others: dict[str, Hidden]
    reserve: dict[str, tuple[int, ...]]
    table: dict[str, tuple[int, ...] | Hidden]
    queue: tuple[tuple[int, str], ...]
    winner: str | None


class DaimyniState:
    """A Daimyni game in progress: `players` are the clans of the game's data."""

    def __init__(self, rules: Rules, round_cap: int | None = None):
        self.rules = rules
        self.round_cap = round_cap
        self.round = 1
        self.phase = "play"                       # play | resolve | over
        clans = rules.clans
        self.bushi: dict[str, dict[str, int]] = {c: {} for c in clans}
        for clan in clans:
            for cell in rules.start_bushi[clan]:
                self.bushi[clan][cell] = self.bushi[clan].get(cell, 0) + 1
        self.daimyo: dict[str, str | None] = dict(rules.start_daimyo)
        self.area = {c: rules.bushi_per_clan - sum(self.bushi[c].values()) for c in clans}
        self.tanbo: list[str] = list(rules.start_tanbo)
        self.tanbo_moved: set[int] = set()
        self.hand = {c: {n for n, info in rules.cards.items() if info.clan == c} for c in clans}
        self.reserve: dict[str, list[int]] = {c: [] for c in clans}
        self.commits: Commitments[tuple[int, ...]] = Commitments(clans)
        self.queue: list[tuple[int, str]] = []
        self.winner: str | None = None
        self.start: dict[str, Any] | None = None     # the stated start position, if not the setup
        self.history: list[RoundRecord] = [self._new_round_record()]
        # The action `sample_action` last drew, legal by construction: `apply_action` skips checking
        # that very object. Every change of the position (apply_action, random_playout, determinize)
        # forgets it.
        self._sampled: Action | None = None

    @property
    def players(self) -> tuple[str, ...]:
        return self.rules.clans

    @property
    def table(self) -> dict[str, tuple[int, ...]]:
        """The cards each clan has played this round (face down until both have played): the
        rules see them all, a player sees them through `view`."""
        return {c: cards for c in self.rules.clans if (cards := self.commits.own(c)) is not None}

    def returns(self) -> dict[str, float]:
        """+1 for the clan that removed the enemy Daimyo, -1 for the other; 0 each with no winner."""
        return win_loss(self.players, self.winner)

    def view(self, player: str) -> DaimyniView:
        """What `player` may know now (see `DaimyniView`)."""
        if player not in self.players:
            raise ValueError(f"{player} is not a clan of this game ({', '.join(self.players)})")
        return DaimyniView(
            player, self.round, self.phase, {c: dict(v) for c, v in self.bushi.items()}, dict(self.daimyo),
            tuple(self.tanbo), dict(self.area), tuple(sorted(self.hand[player])),
            {c: Hidden(len(self.hand[c])) for c in self.players if c != player},
            {c: tuple(sorted(v)) for c, v in self.reserve.items()}, self.commits.view(player),
            tuple(self.queue), self.winner)

    # -- reading the position -----------------------------------------------------------

    def _new_round_record(self) -> RoundRecord:
        return RoundRecord(self.round)

    def occupant(self, cell: str) -> str | None:
        for clan in self.rules.clans:
            if cell in self.bushi[clan] or self.daimyo[clan] == cell:
                return clan
        return None

    def units(self, cell: str) -> tuple[str | None, int, bool]:
        """(clan, Bushi, has Daimyo) in a cell."""
        clan = self.occupant(cell)
        if clan is None:
            return None, 0, False
        return clan, self.bushi[clan].get(cell, 0), self.daimyo[clan] == cell

    def is_empty(self, cell: str) -> bool:
        return self.occupant(cell) is None and cell not in self.tanbo

    def _empty_cells(self) -> list[str]:
        taken: set[str | None] = set(self.tanbo)     # a removed Daimyo stands on None
        for clan in self.rules.clans:
            taken.update(self.bushi[clan])
            taken.add(self.daimyo[clan])
        return [c for c in self.rules.cells if c not in taken]

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def units_text(self, cell: str) -> str:
        """What a cell holds, as notation writes it: `red 2`, `blue D`, `red D+1`, `tanbo`, `empty`."""
        if cell in self.tanbo:
            return "tanbo"
        clan, n, daimyo = self.units(cell)
        if clan is None:
            return "empty"
        if daimyo:
            return f"{clan} D" + (f"+{n}" if n else "")
        return f"{clan} {n}"

    # -- positions ------------------------------------------------------------------------

    def position(self) -> dict[str, Any]:
        """The position between rounds as a TOML table (see `pnp.engine.position`): the round,
        every occupied cell (units in board order, then the Tanbo in their order), each clan's
        Bushi area, hand and Reserve."""
        if self.phase == "resolve" or len(self.commits):
            raise ValueError("a Daimyni position is written between rounds, not while cards are on the table")
        units = [c for c in self.rules.cells if self.occupant(c)]
        table: dict[str, Any] = {"round": self.round}
        table.update({c: self.units_text(c) for c in [*units, *self.tanbo]})
        table["area"] = {c: self.area[c] for c in self.players}
        table["hand"] = {c: sorted(self.hand[c]) for c in self.players}
        table["reserve"] = {c: sorted(self.reserve[c]) for c in self.players}
        return table

    def set_position(self, table: Mapping[str, Any], where: str, key: str = "position") -> None:
        """Start from a stated position instead of the setup: every cell not named is empty; a
        missing area holds the Bushi not on the board; missing hands and Reserves are the
        setup's. Raises NotationError naming `where` and the key."""
        rules, clans = self.rules, self.players

        def fail(sub: str, problem: str) -> NotationError:
            return NotationError(where, f"{key}.{sub}" if sub else key, problem)

        bushi: dict[str, dict[str, int]] = {c: {} for c in clans}
        daimyo: dict[str, str | None] = {c: None for c in clans}
        tanbo: list[str] = []
        extra = ("round", "area", "hand", "reserve")
        for cell, written in table.items():
            if cell in extra:
                continue
            if cell not in rules.adj:
                raise fail(cell, f"there is no such cell on the board (or key: expected a cell, {', '.join(extra)})")
            norm = rules.normal_units(written) if isinstance(written, str) else None
            if norm is None:
                raise fail(cell, f"expected \"{clans[0]} 2\", \"{clans[-1]} D\", \"{clans[0]} D+1\", \"tanbo\" "
                                 f"or \"empty\", got {written!r}")
            if norm == "tanbo":
                tanbo.append(cell)
            elif norm != "empty":
                clan, units = norm.split(" ")
                if units.startswith("D"):
                    if daimyo[clan] is not None:
                        raise fail(cell, f"the {clan} Daimyo is already on {daimyo[clan]}")
                    daimyo[clan] = cell
                count = int(units[2:] or 0) if units.startswith("D") else int(units)
                if count:
                    bushi[clan][cell] = count
                elif daimyo[clan] != cell:
                    raise fail(cell, "a cell holds at least one Bushi or the Daimyo; write \"empty\" for none")
        for clan in clans:
            if daimyo[clan] is None:
                raise fail("", f"the {clan} Daimyo is on no cell (write e.g. a3 = \"{clan} D\")")
        if len(tanbo) != len(rules.start_tanbo):
            raise fail("", f"expected {len(rules.start_tanbo)} cells holding a Tanbo, found {len(tanbo)}")
        rnd = table.get("round", 1)
        if not isinstance(rnd, int) or isinstance(rnd, bool) or rnd < 1:
            raise fail("round", f"expected a whole number of at least 1, got {rnd!r}")
        area = self._clan_table(table, "area", fail)
        hands = self._clan_table(table, "hand", fail)
        reserves = self._clan_table(table, "reserve", fail)
        seen: dict[int, str] = {}
        for part, values in (("hand", hands), ("reserve", reserves)):
            for clan, cards in values.items():
                if not isinstance(cards, list) or not all(isinstance(n, int) and not isinstance(n,
                                                                                                bool) for n in cards):
                    raise fail(f"{part}.{clan}", f"expected a list of card numbers, got {cards!r}")
                for n in cards:
                    if n not in rules.cards:
                        raise fail(f"{part}.{clan}", f"there is no card {n} (cards are 1-{max(rules.cards)})")
                    if n in seen:
                        raise fail(f"{part}.{clan}", f"card {n} is already in {seen[n]}")
                    seen[n] = f"{part}.{clan}"
        for clan in clans:
            on_board = sum(bushi[clan].values())
            free = rules.bushi_per_clan - on_board
            have = area.get(clan, free)
            if not isinstance(have, int) or isinstance(have, bool) or not 0 <= have <= free:
                raise fail(f"area.{clan}", f"expected a whole number from 0 to {max(free, 0)} ({clan} has "
                                           f"{rules.bushi_per_clan} Bushi, {on_board} on the board), got {have!r}")
            area[clan] = have
        self.bushi, self.daimyo, self.tanbo, self.area = bushi, daimyo, tanbo, area
        if hands:
            self.hand = {c: set(hands.get(c, ())) for c in clans}
        if reserves or hands:
            self.reserve = {c: list(reserves.get(c, ())) for c in clans}
        for clan in clans:
            if len(self.hand[clan]) + len(self.reserve[clan]) < CARDS_PLAYED or len(self.hand[clan]) < CARDS_PLAYED:
                raise fail(f"hand.{clan}", f"{clan} needs at least {CARDS_PLAYED} cards in hand to play a round")
        self.round = rnd
        self.tanbo_moved = set()
        self.start = self.position()
        self.history = [self._new_round_record()]

    def _clan_table(self, table: Mapping[str, Any], part: str,
                    fail: Callable[[str, str], NotationError]) -> dict[str, Any]:
        value = table.get(part, {})
        if not isinstance(value, dict):
            raise fail(part, f"expected a table by clan, e.g. {{ {self.players[0]} = ... }}")
        for clan in value:
            if clan not in self.players:
                raise fail(f"{part}.{clan}", f"unknown clan (expected {', '.join(self.players)})")
        return dict(value)

    def kind(self, number: int, clan: str) -> str:
        """How a card acts now: Recruit with an empty Bushi area acts as Move Bushi. Judged when the
        card resolves (RULINGS.md, "Who decides"): a Bushi back in the area this round makes it recruit."""
        kind = self.rules.cards[number].type
        if kind == "recruit-bushi" and self.area[clan] == 0:
            return "move-bushi"
        return kind

    def decision(self) -> Decision | None:
        pending = self._next()
        if pending is None:
            return None
        kind, clan, card = pending
        if kind == "play":   # both clans play at once, face down
            return Decision(clan, kind, self.round, players=self.commits.waiting(), secret=True)
        return Decision(clan, kind, self.round, card)

    def _next(self) -> tuple[str, str, int | None] | None:
        """(kind, player, card) of the pending decision; the engine's hot path avoids objects."""
        if self.phase == "play":
            clan = self.commits.next_waiting()
            if clan is not None:
                return "play", clan, None
        if self.phase == "resolve":
            number, clan = self.queue[0]
            return "resolve", clan, number
        return None

    def clone(self) -> "DaimyniState":
        other = object.__new__(DaimyniState)
        other.__dict__.update(self.__dict__)
        other.bushi = {c: dict(v) for c, v in self.bushi.items()}
        other.daimyo = dict(self.daimyo)
        other.area = dict(self.area)
        other.tanbo = list(self.tanbo)
        other.tanbo_moved = set(self.tanbo_moved)
        other.hand = {c: set(v) for c, v in self.hand.items()}
        other.reserve = {c: list(v) for c, v in self.reserve.items()}
        other.commits = self.commits.copy()
        other.queue = list(self.queue)
        other.history = [r.copy() for r in self.history]
        return other

    def determinize(self, player: str, rng: random.Random) -> "DaimyniState":
        """A copy in which what `player` cannot see is drawn again: the other clan's face-down cards,
        while the round's cards are not yet revealed, become two cards drawn from its hand. Everything
        else is public or follows from what was revealed (for `pnp.simulate` policies that look ahead)."""
        other = self.clone()
        other._sampled = None
        if self.phase != "play":
            return other
        commits: Commitments[tuple[int, ...]] = Commitments(self.players)
        for clan in self.players:
            own = self.commits.own(clan)
            if own is None:
                continue
            if clan != player:
                hand = sorted(other.hand[clan] | set(own))
                own = tuple(sorted(rng.sample(hand, CARDS_PLAYED)))
                other.hand[clan] = set(hand) - set(own)
                other.history[-1].plays[clan] = PlayCards(own)
            commits.commit(clan, own)
        other.commits = commits
        return other

    def heuristic(self, player: str) -> float:
        """The bot's evaluation of the position for `player` (higher is better), for greedy look-ahead."""
        return evaluate(self, player)

    # -- legal choices ------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        d = self.decision()
        if d is None:
            return []
        if d.kind == "play":
            return [PlayCards(pair) for pair in combinations(sorted(self.hand[d.player]), CARDS_PLAYED)]
        assert d.card is not None       # a resolve decision names its card
        return self._effects(d.player, self.kind(d.card, d.player)) or [Pass()]

    def sample_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action, without listing them all (for fast playouts)."""
        action = self._sample(rng)
        self._sampled = action
        return action

    def _sample(self, rng: random.Random) -> Action:
        pending = self._next()
        if pending is None:
            raise Illegal(self.round, "nobody", None, "game-over", "the game is over")
        step, player, card = pending
        if step == "play":
            return PlayCards(tuple(rng.sample(sorted(self.hand[player]), CARDS_PLAYED)))
        assert card is not None         # a resolve decision names its card
        kind = self.kind(card, player)
        if kind == "move-bushi":
            # Weight each cell by (open neighbours x Bushi there): uniform over every
            # (from, to, how many) choice, without building the list.
            opens, own = self.rules.open_neighbours(self.tanbo), self.bushi[player]
            total = 0
            for cell, n in own.items():
                total += n * len(opens[cell])
            if not total:
                return Pass()
            pick = rng.randrange(total)
            for cell, n in own.items():
                dsts = opens[cell]
                weight = n * len(dsts)
                if pick < weight:
                    di, count = divmod(pick, n)
                    return MoveBushi(cell, dsts[di], count + 1)
                pick -= weight
        if kind == "move-tanbo":
            free = [i for i in range(len(self.tanbo)) if i not in self.tanbo_moved]
            empty = self._empty_cells()
            if not free or not empty:
                return Pass()
            return MoveTanbo(self.tanbo[rng.choice(free)], rng.choice(empty))
        return rng.choice(self._effects(player, kind) or [Pass()])

    def random_game(self, rng: random.Random, max_steps: int = 100_000) -> tuple[int, list[tuple[str, str]]]:
        """The game the loop of `sample_action` + `apply_action` plays from `rng`, fast: the decisions
        taken and the cards laid (see `random_game.random_game`; `pnp simulate --policy random`)."""
        from .random_game import random_game
        return random_game(self, rng, max_steps)

    def random_playout(self, rng: random.Random, max_steps: int = 100_000) -> int:
        """Play uniformly random legal actions to the end (or `max_steps` decisions); the number of
        decisions taken. The same rules and the same choices as `sample_action` + `apply_action` (each
        action drawn uniformly among the legal ones) and the same record in `history`, but without
        checking choices it makes itself or building events: the engine's `playout` uses it for
        random sweeps. tests/simulate/test_speed.py replays its history through `apply_action`."""
        self._sampled = None
        rules, clans, adj = self.rules, self.rules.clans, self.rules.adj
        types = {n: info.type for n, info in rules.cards.items()}
        opponent = {clans[0]: clans[1], clans[1]: clans[0]}
        bushi, daimyo, area, tanbo, hand = self.bushi, self.daimyo, self.area, self.tanbo, self.hand
        rand = rng.random
        widest = max(len(v) for v in adj.values())
        made, made_plays = rules.made, rules.made_plays     # one object per distinct action
        commits = self.commits
        opens: dict[str, list[str]] = {}        # each cell's neighbours free of Tanbo, until a Tanbo moves
        played: dict[str, tuple[int, ...]] = {}
        steps = 0
        while self.phase != "over" and steps < max_steps:
            if self.phase == "play":
                # Phase 1: each clan still to play lays two cards, face down (a uniform pair).
                record = self.history[-1].plays
                started = len(commits) > 0          # a clan laid its cards before the playout began
                for clan in clans:
                    laid = commits.own(clan) if started else None
                    if laid is not None:
                        played[clan] = laid
                        continue
                    cards = sorted(hand[clan])
                    i = int(rand() * len(cards))
                    j = int(rand() * (len(cards) - 1))
                    a, b = cards[i], cards[j + (j >= i)]
                    pair = (a, b) if a < b else (b, a)
                    hand[clan].difference_update(pair)
                    commits.commit(clan, pair)
                    played[clan] = pair
                    record[clan] = made_plays.get(pair) or made_plays.setdefault(pair, PlayCards(pair))
                    steps += 1
                    if steps >= max_steps:
                        break
                if steps >= max_steps and not commits.complete:
                    break
                # Phase 2: Reserves back to hand; phase 3: reveal, lowest number first (numbers differ).
                for clan in clans:
                    if self.reserve[clan]:
                        hand[clan].update(self.reserve[clan])
                        self.reserve[clan] = []
                commits.reveal_silently()
                self.queue = sorted((n, c) for c, pair in played.items() for n in pair)
                self.phase = "resolve"
            decisions = self.history[-1].decisions
            queue = self.queue
            while queue and steps < max_steps:
                number, clan = queue.pop(0)
                steps += 1
                kind = types[number]
                if kind == "recruit-bushi" and area[clan]:
                    cell = daimyo[clan]
                    assert cell is not None
                    area[clan] -= 1
                    bushi[clan][cell] = bushi[clan].get(cell, 0) + 1
                    decisions.append((number, clan, RECRUIT))
                elif kind == "move-bushi" or kind == "recruit-bushi":
                    # Uniform over every (from, to, how many). Each cell holding n Bushi has n x `widest`
                    # slots (a count, a neighbour); draw a slot, keep it if that neighbour is open (no
                    # Tanbo, on the board), else draw again: uniform over the legal moves. After 16
                    # misses count the moves exactly (also how a clan with no legal move passes).
                    own = bushi[clan]
                    units = sum(own.values())
                    found = None
                    for _ in range(16 if units else 0):
                        pick = int(rand() * units * widest)
                        for src, n in own.items():  # noqa: B007 (the cell the slot falls in)
                            if pick < n * widest:
                                break
                            pick -= n * widest
                        di, count = divmod(pick, n)
                        dsts = opens.get(src)
                        if dsts is None:
                            dsts = opens[src] = [d for d in adj[src] if d not in tanbo]
                        if di < len(dsts):
                            found = (src, n, dsts[di], count + 1)
                            break
                    if found is None:
                        total = 0
                        for cell, n in own.items():
                            dsts = opens.get(cell)
                            if dsts is None:
                                dsts = opens[cell] = [d for d in adj[cell] if d not in tanbo]
                            total += n * len(dsts)
                        if not total:
                            decisions.append((number, clan, PASS))
                            continue
                        pick = int(rand() * total)
                        for src, n in own.items():
                            dsts = opens[src]
                            if pick < n * len(dsts):
                                break
                            pick -= n * len(dsts)
                        di, count = divmod(pick, n)
                        found = (src, n, opens[src][di], count + 1)
                    src, n, dst, count = found
                    key = (src, dst, None if count == n else count)
                    decisions.append((number, clan, made.get(key) or made.setdefault(key, MoveBushi(*key))))
                    if count == n:
                        del own[src]
                    else:
                        own[src] = n - count
                    enemy = opponent[clan]
                    if dst in bushi[enemy] or daimyo[enemy] == dst:
                        self._combat(clan, enemy, dst, count, (clan, number, self.round))
                        if self.phase == "over":
                            break
                    else:
                        own[dst] = own.get(dst, 0) + count
                elif kind == "move-daimyo":
                    home = daimyo[clan]
                    assert home is not None
                    enemy = opponent[clan]
                    open_ = [d for d in adj[home] if d not in tanbo and d not in bushi[enemy] and daimyo[enemy] != d]
                    if not open_:
                        decisions.append((number, clan, PASS))
                        continue
                    dst = open_[int(rand() * len(open_))]
                    daimyo[clan] = dst
                    decisions.append((number, clan, made.get(("D", home, dst)) or
                                      made.setdefault(("D", home, dst), MoveDaimyo(home, dst))))
                else:                                   # move-tanbo
                    free = [i for i in range(len(tanbo)) if i not in self.tanbo_moved]
                    empty = self._empty_cells()
                    if not free or not empty:
                        decisions.append((number, clan, PASS))
                        continue
                    i = free[int(rand() * len(free))]
                    dst = empty[int(rand() * len(empty))]
                    decisions.append((number, clan, made.get(("T", tanbo[i], dst)) or
                                      made.setdefault(("T", tanbo[i], dst), MoveTanbo(tanbo[i], dst))))
                    tanbo[i] = dst
                    self.tanbo_moved.add(i)
                    opens.clear()
            if self.phase != "over" and not queue:
                # Phase 4: the cards just played go to the other clan's Reserve.
                for clan in clans:
                    self.reserve[opponent[clan]].extend(played[clan])
                played.clear()
                commits.clear()
                self.tanbo_moved = set()
                if self.round_cap is not None and self.round >= self.round_cap:
                    self._finish(None)
                    break
                self.round += 1
                self.phase = "play"
                self.history.append(RoundRecord(self.round))
        return steps

    def _effects(self, clan: str, kind: str) -> list[Action]:
        adj, tanbo = self.rules.adj, self.tanbo
        if kind == "move-bushi":
            out: list[Action] = []
            for cell, n in self.bushi[clan].items():
                for dst in adj[cell]:
                    if dst not in tanbo:
                        out += [MoveBushi(cell, dst, k) for k in range(1, n + 1)]
            return out
        if kind == "recruit-bushi":
            return [Recruit()]
        if kind == "move-daimyo":
            src = self.daimyo[clan]
            assert src is not None      # a removed Daimyo ended the game
            enemy = self.rules.opponent(clan)
            return [MoveDaimyo(src, dst) for dst in adj[src]
                    if dst not in tanbo and dst not in self.bushi[enemy] and self.daimyo[enemy] != dst]
        if kind == "move-tanbo":
            empty = self._empty_cells()
            return [MoveTanbo(src, dst) for i, src in enumerate(tanbo) if i not in self.tanbo_moved for dst in empty]
        raise AssertionError(kind)

    # -- applying a choice ----------------------------------------------------------------

    def apply_action(self, action: Action) -> list[GameEvent]:
        sampled, self._sampled = action is self._sampled, None
        pending = self._next()
        if pending is None:
            raise Illegal(self.round, "nobody", None, "game-over", "the game is over")
        step, player, card = pending
        if step == "play":
            if not isinstance(action, PlayCards):
                raise Illegal(self.round, player, None, "play-two-cards",
                              f"{player} must first play {CARDS_PLAYED} cards")
            return self._play(player, action, checked=sampled)
        assert card is not None         # a resolve decision names its card
        return self._resolve(player, card, action, checked=sampled)

    def _play(self, clan: str, action: PlayCards, checked: bool = False) -> list[GameEvent]:
        cards = action.cards
        hand = self.hand[clan]
        if not checked:
            self._check_play(clan, cards, hand)
        hand.difference_update(cards)
        self.history[-1].plays[clan] = action
        events: list[GameEvent] = [self.commits.commit(clan, cards)]
        if not self.commits.complete:
            return events
        # Phase 2: each player takes back the cards of their Reserve (empty in round 1).
        for c in self.rules.clans:
            if self.reserve[c]:
                events.append(ReserveTaken(c, tuple(sorted(self.reserve[c]))))
                self.hand[c].update(self.reserve[c])
                self.reserve[c] = []
        # Phase 3: reveal, then resolve from the lowest number to the highest.
        reveal = self.commits.reveal(priority_order)
        self.queue = list(reveal.order)
        events.append(reveal)
        self.phase = "resolve"
        return events

    def _check_play(self, clan: str, cards: tuple[int, ...], hand: set[int]) -> None:
        twice = next((n for i, n in enumerate(cards) if n in cards[:i]), None)
        if twice is not None:
            raise Illegal(self.round, clan, None, "card-twice", f"card {twice} cannot be played twice")
        if len(cards) != CARDS_PLAYED:
            listed = f" ({', '.join(map(str, cards))})" if cards else ""
            raise Illegal(self.round, clan, None, "play-two-cards",
                          f"{clan} must play exactly {CARDS_PLAYED} cards, not {len(cards)}{listed}")
        for n in cards:
            if n not in hand:
                where, held = self._where(n), " ".join(map(str, sorted(hand)))
                raise Illegal(self.round, clan, None, "card-not-in-hand",
                              f"card {n} is not in {clan}'s hand ({where}); the hand holds {held}")

    def _where(self, n: int) -> str:
        if n not in self.rules.cards:
            return "no such card"
        for c in self.rules.clans:
            if n in self.hand[c]:
                return f"{c} holds it"
            if n in self.reserve[c]:
                return f"it waits in {c}'s Reserve"
            if n in self.table.get(c, ()):
                return "it is already on the table"
        return "it is elsewhere"

    def _resolve(self, clan: str, number: int, action: Action, checked: bool = False) -> list[GameEvent]:
        kind = self.kind(number, clan)
        if not checked:
            self._check(clan, number, kind, action)
        written = action
        if isinstance(action, MoveBushi) and action.count == self.bushi[clan].get(action.src):
            written = MoveBushi(action.src, action.dst)  # "every Bushi there" reads better
        self.history[-1].decisions.append((number, clan, written))
        self.queue.pop(0)
        events = self._carry_out(clan, number, kind, action)
        if self.phase != "over" and not self.queue:
            events += self._end_round()
        return events

    def _illegal(self, clan: str, number: int, rule: str, reason: str) -> Illegal:
        assert rule in RULES, rule
        return Illegal(self.round, clan, self.rules.label(number), rule, reason)

    def _check(self, clan: str, number: int, kind: str, action: Action) -> None:
        def fail(rule: str, why: str) -> Illegal:
            return self._illegal(clan, number, rule, why)

        cells, adj, tanbo = self.rules.adj, self.rules.adj, self.tanbo
        options = None
        if isinstance(action, Pass):
            options = self._effects(clan, kind)
            if options:
                raise fail("must-carry-out", f"the card can be carried out, so it must be (for example {options[0]})")
            return
        expected = EFFECT_ACTION[kind]
        if not isinstance(action, expected):
            if self.rules.cards[number].type == "recruit-bushi" and kind == "move-bushi":
                raise fail("recruit-empty-area", f"{clan}'s Bushi area is empty, so this Recruit acts as Move Bushi: "
                                            "give a move like 'b2-c2'")
            if kind == "recruit-bushi" and isinstance(action, MoveBushi):
                raise fail("recruit-while-area",
                           f"{clan}'s Bushi area still holds {self.area[clan]} Bushi, so this Recruit card "
                           "recruits: write 'recruit'")
            does = {"move-bushi": "moves Bushi to an adjacent cell", "recruit-bushi": "recruits ('recruit')",
                    "move-daimyo": "moves the Daimyo to an adjacent cell", "move-tanbo": "moves a Tanbo"}[kind]
            raise fail("wrong-effect", f"a {self.rules.cards[number].title} card cannot do '{action}': it {does}")
        if isinstance(action, Recruit):
            return
        src, dst = action.src, action.dst
        for cell in (src, dst):
            if cell not in cells:
                raise fail("no-cell", f"there is no cell {cell} on the board")
        if isinstance(action, MoveTanbo):
            if src not in tanbo:
                raise fail("no-tanbo-there", f"there is no Tanbo on {src}")
            if tanbo.index(src) in self.tanbo_moved:
                raise fail("tanbo-once", f"the Tanbo on {src} has already moved this round")
            if not self.is_empty(dst):
                raise fail("tanbo-to-empty-cell",
                           f"cannot move a Tanbo to {dst}: it is not empty ({self._describe(dst)})")
            return
        if isinstance(action, MoveDaimyo) and self.daimyo[clan] != src:
            raise fail("daimyo-not-there", f"the {clan} Daimyo is on {self.daimyo[clan]}, not {src}")
        have = self.bushi[clan].get(src, 0)
        if isinstance(action, MoveBushi) and have == 0:
            raise fail("no-bushi-there", f"{clan} has no Bushi on {src}")
        if dst not in adj[src]:
            raise fail("adjacent-only", f"cannot move from {src} to {dst}: they are not adjacent")
        if dst in tanbo:
            raise fail("tanbo-floods", f"cannot enter {dst}, a Tanbo floods it")
        if isinstance(action, MoveDaimyo):
            if self.occupant(dst) not in (None, clan):
                raise fail("daimyo-never-attacks", f"cannot move the Daimyo into {dst}: enemy units hold it")
            return
        if action.count is not None and not 1 <= action.count <= have:
            if action.count < 1:
                raise fail("bushi-count", f"Move Bushi moves at least one Bushi, not {action.count}")
            raise fail("bushi-count", f"{src} holds {have} {clan} Bushi; cannot move {action.count}")

    def _describe(self, cell: str) -> str:
        if cell in self.tanbo:
            return "a Tanbo"
        clan, n, has_daimyo = self.units(cell)
        parts = ([f"{n} Bushi"] if n else []) + (["the Daimyo"] if has_daimyo else [])
        return f"{clan} " + " and ".join(parts)

    def _carry_out(self, clan: str, number: int, kind: str, action: Action) -> list[GameEvent]:
        base = (clan, number, self.round)
        if isinstance(action, Pass):
            return [NoEffect(*base, kind)]
        if isinstance(action, Recruit):
            cell = self.daimyo[clan]
            assert cell is not None
            self.area[clan] -= 1
            self.bushi[clan][cell] = self.bushi[clan].get(cell, 0) + 1
            return [Recruited(*base, cell)]
        if isinstance(action, MoveDaimyo):
            self.daimyo[clan] = action.dst
            return [MovedDaimyo(*base, action.src, action.dst)]
        if isinstance(action, MoveTanbo):
            i = self.tanbo.index(action.src)
            self.tanbo[i] = action.dst
            self.tanbo_moved.add(i)
            return [MovedTanbo(*base, action.src, action.dst)]
        assert isinstance(action, MoveBushi)
        # Move Bushi (or a Recruit acting as one)
        src, dst = action.src, action.dst
        own = self.bushi[clan]
        count = own[src] if action.count is None else action.count
        own[src] -= count
        if not own[src]:
            del own[src]
        as_recruit = self.rules.cards[number].type == "recruit-bushi"
        events: list[GameEvent] = [MovedBushi(*base, src, dst, count, as_recruit)]
        enemy = self.rules.opponent(clan)
        if dst in self.bushi[enemy] or self.daimyo[enemy] == dst:
            # RULINGS.md, "Who fights": only the `count` Bushi that moved attack; the defender
            # counts its every unit in the cell, Daimyo included.
            events += self._combat(clan, enemy, dst, count, base)
        else:
            own[dst] = own.get(dst, 0) + count
        return events

    def _combat(self, clan: str, enemy: str, cell: str, count: int, base: tuple[str, int, int]) -> list[GameEvent]:
        d_bushi = self.bushi[enemy].get(cell, 0)
        d_daimyo = self.daimyo[enemy] == cell
        res = combat(count, d_bushi, d_daimyo)
        survivors = count - res.attacker_lost
        self.area[clan] += res.attacker_lost
        self.area[enemy] += res.defender_bushi_lost
        left = d_bushi - res.defender_bushi_lost
        if left:
            self.bushi[enemy][cell] = left
        elif cell in self.bushi[enemy]:
            del self.bushi[enemy][cell]
        if survivors:
            self.bushi[clan][cell] = survivors
        events: list[GameEvent] = [Combat(
            *base, cell=cell, attacker=clan, defender=enemy, attackers=count, defending_bushi=d_bushi,
            defending_daimyo=d_daimyo, winner=res.winner, attacker_lost=res.attacker_lost,
            defender_bushi_lost=res.defender_bushi_lost, defender_daimyo_lost=res.defender_daimyo_lost)]
        if res.defender_daimyo_lost:
            self.daimyo[enemy] = None
            events.append(DaimyoRemoved(*base, owner=enemy, cell=cell, by=clan))
            events.append(self._finish(clan))
        return events

    def _finish(self, winner: str | None) -> GameEvent:
        self.winner = winner
        self.phase = "over"
        self.queue = []
        return GameOver(winner, self.round)

    def _end_round(self) -> list[GameEvent]:
        # Phase 4: the cards just played go, face down, to the opponent's Reserve.
        events: list[GameEvent] = []
        played = self.commits.revealed()
        for clan in self.rules.clans:
            to = self.rules.opponent(clan)
            self.reserve[to].extend(played[clan])
            events.append(ToReserve(clan, played[clan], to))
        self.commits.clear()
        self.tanbo_moved = set()        # RULINGS.md: "turno" in Move Tanbo is the round
        if self.round_cap is not None and self.round >= self.round_cap:
            events.append(self._finish(None))
            return events
        self.round += 1
        self.phase = "play"
        self.history.append(self._new_round_record())
        return events
