"""What a game of Daimyo holds, declared once: the options and constants of one game (`Rules`), the
map, the units, the cards, the round's bookkeeping (`Board`), and what can be read off them.

The rules that change a `Board` sit above this module: the five basic effects (`effects`), the
Special Action cards (`specials`), the advanced rules as `Hooks` at fixed points of a round
(`advanced`, `mastery`), and the round itself (`rules.DaimyoState`, the `Board` with its rules).
Every one of them reads and changes the state through the `Board` declared here.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Self

from ...engine import Chance, Commitments, Decision, GameEvent, Hidden, win_loss
from ...engine.events import quick_init
from ...hexgrid import Pos, around, border, connected_without, is_connected
from ...model import Game
from .actions import Action, PassCards, PlayCards
from .events import Dealt, GameOver, HandDealt
from .mapfacts import MapFacts, facts_of

DEAL = {"A": 3, "B": 2, "C": 1, "D": 1, "E": 1}
KIND_OF_LETTER = {"A": "bushi-move", "B": "bushi-recruitment", "C": "daimyo-move", "D": "new-han", "E": "han-move"}

# Why a decision is refused: (rule, reason); the rule is one of `rules.RULES`.
Refusal = tuple[str, str]


@dataclass(frozen=True)
class Options:
    players: int = 2
    seed: int = 0
    round_cap: int | None = None
    balanced: bool = False          # balanced start: deal by the cards' seat marks
    fortifications: bool = False    # +1 defending on your own clan's Han
    inaccessible: bool = False      # a Daimyo cannot enter a rival clan's Han
    formation: bool = False         # Daimyo battle formation: choose which clan Han it starts on
    teams: bool = False             # 4 players in two teams (seats 1+3 against 2+4)
    special: bool = False           # Special Action cards F1-F8 and the Rōnin
    mastery: bool = False           # Mastery cards

    @property
    def advanced(self) -> tuple[str, ...]:
        return tuple(k for k in ("balanced", "fortifications", "inaccessible", "formation", "teams", "special",
                                 "mastery")
                     if getattr(self, k))


@quick_init       # built for every card of every game set up (`Rules`), as simulations do by the thousand
@dataclass(frozen=True)
class CardInfo:
    label: str
    letter: str
    number: int
    type: str
    title: str
    players: int | None
    deal: dict[int, int]

    @property
    def priority(self) -> tuple[str, int]:
        return self.letter, self.number


class Rules:
    """The constants of one game: its options, map, clans, cards and pieces."""

    def __init__(self, game: Game, options: Options):
        if not game.maps:
            raise ValueError("Daimyo needs maps.toml")
        maps = {m.players: m for m in game.maps.maps}
        if options.players not in maps:
            raise ValueError(f"no starting map for {options.players} players")
        if options.teams and options.players != 4:
            raise ValueError("team play needs 4 players")
        self.game, self.options = game, options
        self.map = maps[options.players]
        self.clans = tuple(list(game.clans)[:options.players])
        initials = [c[0] for c in game.clans]
        self.prefix = {c: (c[0] if initials.count(c[0]) == 1 else c) for c in game.clans}
        self.cards: dict[str, CardInfo] = {}
        for c in game.cards:
            if c.back_key == "mastery":
                continue
            self.cards[c.label] = CardInfo(c.label, c.type.letter, c.number, c.type_id,
                                           c.type.title.get("en", c.type_id), c.players, dict(c.deal))
        bushi = next(p for p in game.pieces_file.pieces if p.id == "bushi")
        self.bushi_per_clan = bushi.per_clan or 12
        ronin = next((p for p in game.pieces_file.pieces if p.id == "ronin"), None)
        self.ronin_count = (ronin.count or 0) if ronin else 0
        self.masteries = [c.type_id for c in game.cards if c.back_key == "mastery"]
        self.mastery_titles = {c.type_id: c.type.title.get("en", c.type_id) for c in game.cards
                               if c.back_key == "mastery"}
        # asked of every clan (and every card, when a hand is sorted) at every step: worked out once
        self.priority = {label: info.priority for label, info in self.cards.items()}
        self._team = {c: (i % 2 if options.teams else i) for i, c in enumerate(self.clans)}
        self._rivals = {c: [o for o in self.clans if self._team[o] != self._team[c]] for c in self.clans}

    @property
    def players(self) -> tuple[str, ...]:
        """The clans in play, in seat order (the first plays first)."""
        return self.clans

    def team(self, clan: str) -> int:
        return self._team[clan]

    def rivals(self, clan: str) -> list[str]:
        return list(self._rivals[clan])

    def left(self, clan: str) -> str:
        i = self.clans.index(clan)
        return self.clans[(i + 1) % len(self.clans)]

    def right(self, clan: str) -> str:
        i = self.clans.index(clan)
        return self.clans[(i - 1) % len(self.clans)]

    def label(self, card: str) -> str:
        return f"{card} ({self.cards[card].title})"


@dataclass
class RoundRecord:
    """What the players decided in one round, in the order they decided it (the notation writes it)."""

    round: int
    plays: dict[str, PlayCards] = field(default_factory=dict)               # clan -> its two cards
    decisions: list[tuple[str, str, Action]] = field(default_factory=list)  # (card, clan, decision)
    passes: dict[str, PassCards] = field(default_factory=dict)              # clan -> its cards passed
    interludes: list[tuple[str, str, Action]] = field(default_factory=list)  # (kind, clan, Mastery choice)

    def copy(self) -> RoundRecord:
        return RoundRecord(self.round, dict(self.plays), list(self.decisions), dict(self.passes),
                           list(self.interludes))


@dataclass
class Position:
    """What carries over from one round to the next: a scenario may start from it, and
    `DaimyoState.position()` writes it at the start of any round (see `position.position_table`)."""

    round: int
    han: dict[str, Pos]                 # every Han on the map and where it lies
    bushi: dict[str, dict[str, int]]    # clan -> Han -> Bushi
    ronin: dict[str, dict[str, int]]    # clan -> Han -> Rōnin it hired
    daimyo: dict[str, str | None]       # clan -> the Han its Daimyo stands on
    hand: dict[str, list[str]]          # clan -> cards in hand, in priority order
    reserve: dict[str, list[str]]       # clan -> the cards passed to it, taken back next round
    mastery: dict[str, str | None]      # clan -> its Mastery card (Mastery rule)
    revealed: set[str]                  # clans whose Mastery card is face up


@dataclass(frozen=True)
class DaimyoView:
    """What one player may know (`DaimyoState.view`): the map, every unit, the public reserves
    and revealed cards, its own hand, committed cards and Mastery card. The other clans' hands and
    unrevealed Mastery cards, and their cards on the table until every clan has played, show only
    as `Hidden`; the order of the shuffled decks and the cards drawn at setup not at all."""

    player: str
    round: int
    phase: str
    decision: Decision | None
    han: dict[str, Pos]
    han_reserve: tuple[str, ...]
    bushi: dict[str, dict[str, int]]
    ronin: dict[str, dict[str, int]]
    daimyo: dict[str, str | None]
    area: dict[str, int]
    ronin_free: int
    hand: tuple[str, ...]
    others: dict[str, Hidden]
    reserve: dict[str, tuple[str, ...]]
    table: dict[str, tuple[str, ...] | Hidden]
    queue: tuple[tuple[str, str], ...]
    mastery: dict[str, str | Hidden | None]
    touched: frozenset[str]
    barred: str | None
    winner: str | None
    win_reason: str


class Hooks:
    """An advanced rule, as what it does at the fixed points of a round. Each method does nothing
    here; a rule overrides the points it changes (`advanced.hooks_for` lists the rules in play)."""

    def setup(self, board: Board) -> None:
        """Before round 1, after the deal: draw and queue the rule's setup decisions."""

    def round_start(self, board: Board) -> bool:
        """Before the cards are played: start an interlude of decisions (True) or not."""
        return False

    def after_resolution(self, board: Board) -> bool:
        """Every card resolved, before the reserves: start an interlude of decisions (True) or not."""
        return False

    def entry_refusal(self, board: Board, clan: str, tile: str) -> Refusal | None:
        """Before a move: why `clan`'s units may not enter `tile`, if so."""
        return None

    def daimyo_entry_refusal(self, board: Board, clan: str, tile: str) -> Refusal | None:
        """Before a move: why `clan`'s Daimyo may not enter `tile` when its other units may, if so."""
        return None

    def combat_bonus(self, board: Board, attacker: str, defender: str, tile: str) -> tuple[int, int]:
        """Before a combat is counted: (attack bonus, defence bonus)."""
        return 0, 0

    def variants(self, board: Board, clan: str, kind: str) -> list[Action]:
        """More ways to carry out a basic effect of this kind."""
        return []

    def claims(self, action: Action) -> bool:
        """Whether `carry_out_variant` carries out this variant of a basic effect."""
        return False

    def carry_out_variant(self, board: Board, clan: str, action: Action, base: dict[str, Any]) -> list[GameEvent]:
        """Carry out one of `variants` (every hook that `claims` variants overrides this)."""
        raise NotImplementedError(str(action))

    def end_of_round(self, board: Board) -> list[GameEvent]:
        """After the reserves, before control is counted."""
        return []


def _overriding(hooks: tuple[Hooks, ...], point: str) -> tuple[Hooks, ...]:
    """The hooks that do something at `point` (the others would only return the default)."""
    return tuple(h for h in hooks if getattr(type(h), point) is not getattr(Hooks, point))


class Board:
    """Everything a game of Daimyo holds at one moment, and what can be read off it. The
    primitives here (`take_bushi`, `add_bushi`, `place_han`, `finish`) are the only changes the
    rules make that more than one of them needs."""

    def __init__(self, rules: Rules, hooks: tuple[Hooks, ...] = ()):
        self.rules = rules
        self.hooks = hooks
        # asked at every step of a search: only the rules that change these points
        self.entry_hooks = _overriding(hooks, "entry_refusal")
        self.daimyo_entry_hooks = _overriding(hooks, "daimyo_entry_refusal")
        self.combat_hooks = _overriding(hooks, "combat_bonus")
        self.variant_hooks = _overriding(hooks, "variants")
        # The action `sample_action` last drew, legal by construction: `apply_action` skips checking
        # that very object. Every change of the position (apply_action, start_from, clone) forgets it.
        self._sampled: Action | None = None
        # True only while `random_game` plays: its loop discards what each move returns, so the
        # hottest rules (the round's stages, the basic effects) skip building those events. The
        # position changes exactly as it would otherwise.
        self.quiet = False
        opt = rules.options
        self.chance = Chance(opt.seed)
        self.round = 1
        self.winner: str | None = None
        self.win_reason = ""
        m = rules.map
        # tiles: id -> owner clan (None for neutral); positions both ways
        self.tile_owner: dict[str, str | None] = {}
        self.tile_pos: dict[str, Pos] = {}
        neutral = [f"n{i}" for i in range(1, (rules.game.tiles.neutral if rules.game.tiles else 12) + 1)]
        for tid in neutral:
            self.tile_owner[tid] = None
        for tid, npos in zip(neutral, m.neutral):
            self.tile_pos[tid] = (npos[0], npos[1])
        self.han_reserve = [t for t in neutral if t not in self.tile_pos]
        self.bushi: dict[str, dict[str, int]] = {c: {} for c in rules.clans}
        self.ronin: dict[str, dict[str, int]] = {c: {} for c in rules.clans}
        self.daimyo: dict[str, str | None] = {}
        for clan, seat in zip(rules.clans, m.seats):
            ids = [f"{rules.prefix[clan]}{i}" for i in (1, 2, 3)]
            for tid, spos in zip(ids, [*seat.tiles, seat.tip]):
                self.tile_owner[tid] = clan
                self.tile_pos[tid] = (spos[0], spos[1])
                self.bushi[clan][tid] = 1
            self.daimyo[clan] = ids[-1]
        self.tile_at: dict[Pos, str] = {p: t for t, p in self.tile_pos.items()}
        # Each Han's neighbouring Han (`adjacent_tiles`), as asked: a function of where the Han lie
        # alone. `place_han` (every move or placing of a Han ends there) drops the entries it
        # changes, those of the Han placed and of the Han around its old and new spot; `start_from`
        # and `clone` empty it.
        self._adjacent: dict[str, list[str]] = {}
        # The facts of the map last asked about (`map_facts`), this board's own: kept with the cells
        # they describe, so no change of the map can leave them stale; `map_facts` updates them
        # whenever the Han lie elsewhere (from the Han that left and came, `MapFacts.update`).
        self._facts: MapFacts | None = None
        per_clan = rules.game.tiles.per_clan if rules.game.tiles else 3
        # Han of clans that are not playing leave the game
        self.out_of_game = [f"{rules.prefix[c]}{i}" for c in rules.game.clans if c not in rules.clans
                            for i in range(1, per_clan + 1)]
        self.area = {c: rules.bushi_per_clan - sum(self.bushi[c].values()) for c in rules.clans}
        self.ronin_free = rules.ronin_count if opt.special else 0
        self.touched: set[str] = set()   # Han added or moved this round
        self.hand: dict[str, set[str]] = {c: set() for c in rules.clans}
        self.reserve: dict[str, list[str]] = {c: [] for c in rules.clans}
        # stage 1: every clan plays two cards face down (`commits`); stage 3 resolves them in `queue`
        self.commits: Commitments[tuple[str, ...]] = Commitments(rules.clans)
        self.queue: list[tuple[str, str]] = []          # (card, clan), in priority order
        self.passed: dict[str, PassCards] = {}
        self.phase = "play"
        self.pending_setup: list[tuple[str, str]] = []   # (kind, clan) decisions before round 1
        self.interlude: list[tuple[str, str]] = []       # Mastery decisions between stages
        self.barred_tile: str | None = None
        self.history: list[RoundRecord] = []
        self.setup_events: list[GameEvent] = []
        self.setup_choices: list[tuple[str, str, Action]] = []
        self.cards_in_play: list[str] = []               # every card dealt or kept, wherever it is now
        # advanced rules (see `advanced`): setup draws, each clan's Mastery card and who has shown it
        self.drawn: dict[tuple[str, str], tuple[str, ...]] = {}   # (deck, clan) -> the two cards drawn
        self.mastery: dict[str, str | None] = {c: None for c in rules.clans}
        self.revealed: set[str] = set()
        self.start_position: Position | None = None      # where a scenario started instead of the setup
        self._deal()
        self.history.append(RoundRecord(self.round))

    def _deal(self) -> None:
        rules, opt = self.rules, self.rules.options
        n = opt.players
        basic = [c for c in rules.cards.values() if c.letter in DEAL and (c.players or 0) <= n]
        if opt.balanced:
            for c in basic:
                seat = c.deal.get(n)
                if seat is None:
                    raise ValueError(f"card {c.label} has no balanced-start mark for {n} players")
                self.hand[rules.clans[seat - 1]].add(c.label)
            self.setup_events.append(Dealt(True))
        else:
            for letter, per in DEAL.items():
                pile = self.chance.shuffle(sorted((c.label for c in basic if c.letter == letter),
                                                  key=rules.priority.__getitem__))
                for i, label in enumerate(pile[:per * n]):
                    self.hand[rules.clans[i % n]].add(label)
            self.setup_events.append(Dealt(False))
        self.cards_in_play = [c for clan in rules.clans for c in self.sorted_cards(self.hand[clan])]
        for clan in rules.clans:
            self.setup_events.append(HandDealt(clan, tuple(self.sorted_cards(self.hand[clan]))))

    # -- players, returns, views ----------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return self.rules.clans

    def returns(self) -> dict[str, float]:
        """+1 for the winner (and its ally, in team play), -1 for every other clan; 0 for all when
        nobody has won (yet, or the round cap ended the game)."""
        if self.winner is None or not self.rules.options.teams:
            return win_loss(self.players, self.winner)
        side = self.rules.team(self.winner)
        return {c: 1 if self.rules.team(c) == side else -1 for c in self.players}

    def view(self, player: str) -> DaimyoView:
        """What `player` may know now (see `DaimyoView`)."""
        if player not in self.players:
            raise ValueError(f"{player} is not a clan of this game ({', '.join(self.players)})")
        mastery: dict[str, str | Hidden | None] = {
            c: m if (m is None or c == player or c in self.revealed) else Hidden()
            for c, m in self.mastery.items()}
        return DaimyoView(
            player, self.round, self.phase, self.decision(), dict(self.tile_pos), tuple(self.han_reserve),
            {c: dict(v) for c, v in self.bushi.items()}, {c: dict(v) for c, v in self.ronin.items()},
            dict(self.daimyo), dict(self.area), self.ronin_free, tuple(self.sorted_cards(self.hand[player])),
            {c: Hidden(len(self.hand[c])) for c in self.players if c != player},
            {c: tuple(self.sorted_cards(v)) for c, v in self.reserve.items()}, self.commits.view(player),
            tuple(self.queue), mastery, frozenset(self.touched), self.barred_tile, self.winner, self.win_reason)

    @property
    def table(self) -> dict[str, tuple[str, ...]]:
        """The cards each clan has played this round, by clan (face down until every clan has
        played): the rules see them all, a player sees them through `view`."""
        return {c: cards for c in self.rules.clans if (cards := self.commits.own(c)) is not None}

    def sorted_cards(self, cards: Iterable[str]) -> list[str]:
        return sorted(cards, key=self.rules.priority.__getitem__)

    def decision(self) -> Decision | None:
        if self.phase == "setup":
            kind, clan = self.pending_setup[0]
            return Decision(clan, kind, 0)
        if self.phase == "play":   # every clan plays at once, face down
            waiting = self.commits.waiting()
            if waiting:
                return Decision(waiting[0], "play", self.round, players=waiting, secret=True)
        if self.phase == "resolve":
            card, clan = self.queue[0]
            return Decision(clan, "resolve", self.round, card)
        if self.phase == "pass":
            for clan in self.rules.clans:
                if clan not in self.passed:
                    return Decision(clan, "pass", self.round)
        if self.phase == "interlude":
            kind, clan = self.interlude[0]
            return Decision(clan, kind, self.round)
        return None

    def is_terminal(self) -> bool:
        return self.phase == "over"

    # -- positions -----------------------------------------------------------------------

    def at_round_start(self) -> bool:
        """Setup is over and nothing of the current round has been played or decided yet."""
        rec = self.history[-1]
        return self.phase in ("play", "interlude") and not len(self.commits) and not rec.plays and not rec.interludes

    def skip_setup(self) -> None:
        """No setup choices: a scenario's position states what they would have decided."""
        if self.phase == "setup":
            self.pending_setup = []
            self.phase = "play"

    def round_start(self) -> Position:
        """The position at the start of the current round, as values (`position()` is its table)."""
        if not self.at_round_start():
            raise ValueError("a position is written at the start of a round, after the setup")
        return Position(self.round, dict(self.tile_pos), {c: dict(v) for c, v in self.bushi.items()},
                        {c: dict(v) for c, v in self.ronin.items()}, dict(self.daimyo),
                        {c: self.sorted_cards(v) for c, v in self.hand.items()},
                        {c: list(v) for c, v in self.reserve.items()}, dict(self.mastery), set(self.revealed))

    def start_from(self, p: Position) -> None:
        """Start the round `p.round` from `p` (checked already: Han, cards, counts)."""
        rules = self.rules
        self._sampled = None
        self.round = p.round
        self.tile_pos = dict(p.han)
        self.tile_at = {pos: t for t, pos in self.tile_pos.items()}
        self._adjacent = {}
        self.han_reserve = [t for t, owner in self.tile_owner.items() if owner is None and t not in self.tile_pos]
        self.bushi = {c: dict(p.bushi.get(c, {})) for c in rules.clans}
        self.ronin = {c: dict(p.ronin.get(c, {})) for c in rules.clans}
        self.daimyo = {c: p.daimyo.get(c) for c in rules.clans}
        self.area = {c: rules.bushi_per_clan - sum(self.bushi[c].values()) for c in rules.clans}
        hired = sum(n for v in self.ronin.values() for n in v.values())
        self.ronin_free = rules.ronin_count - hired if rules.options.special else 0
        self.hand = {c: set(p.hand.get(c, ())) for c in rules.clans}
        self.reserve = {c: list(p.reserve.get(c, ())) for c in rules.clans}
        self.cards_in_play = [card for c in rules.clans
                              for card in self.sorted_cards([*self.hand[c], *self.reserve[c]])]
        self.mastery = {c: p.mastery.get(c) for c in rules.clans}
        self.revealed = set(p.revealed)
        self.touched, self.barred_tile = set(), None
        self.commits.clear()
        self.queue, self.passed = [], {}
        self.pending_setup, self.interlude = [], []
        self.winner, self.win_reason = None, ""
        self.phase = "play"
        self.history = [RoundRecord(self.round)]

    # -- reading the position ----------------------------------------------------------

    def occupant(self, tile: str) -> str | None:
        for clan in self.rules.clans:
            if tile in self.bushi[clan] or tile in self.ronin[clan] or self.daimyo[clan] == tile:
                return clan
        return None

    def held_tiles(self) -> set[str]:
        """The Han some unit stands on (those with an `occupant`)."""
        held = {tile for tile in self.daimyo.values() if tile is not None}
        for clan in self.rules.clans:
            held.update(self.bushi[clan])
            held.update(self.ronin[clan])
        return held

    def strength(self, clan: str, tile: str) -> int:
        return self.bushi[clan].get(tile, 0) + self.ronin[clan].get(tile, 0) + (1 if self.daimyo[clan] == tile else 0)

    def adjacent_tiles(self, tile: str) -> list[str]:
        return list(self.near(tile))

    def near(self, tile: str) -> list[str]:
        """`adjacent_tiles` without the copy: the list is the cache's own, to read, never to change."""
        found = self._adjacent.get(tile)
        if found is None:
            tile_at = self.tile_at
            found = self._adjacent[tile] = [tile_at[p] for p in around(self.tile_pos[tile]) if p in tile_at]
        return found

    def kind(self, card: str, clan: str) -> str:
        """What the card does now: its own effect, or the basic rules' fallback when it cannot."""
        info = self.rules.cards[card]
        kind = KIND_OF_LETTER.get(info.letter, info.type)
        if kind == "bushi-recruitment" and self.area[clan] == 0:
            return "bushi-move"
        if kind == "new-han" and not self.han_reserve:
            return "han-move"
        if kind == "forced-march":
            return "bushi-move"
        return kind

    def connected(self, without: str | None = None) -> bool:
        cells = frozenset(self.tile_pos.values())
        if without is None or without not in self.tile_pos:
            return is_connected(cells)
        return connected_without(cells, self.tile_pos[without])

    def free_spots(self, without: str | None = None) -> list[Pos]:
        """Empty positions touching at least one Han (ignoring `without`, the Han being moved)."""
        if without is None:
            return list(border(frozenset(self.tile_pos.values())))
        pos = self.tile_pos[without]
        return [s for s in border(frozenset(self.tile_pos.values()) - {pos}) if s != pos]

    def map_facts(self) -> MapFacts:
        """The free spots and cut cells of the map as it lies now (`mapfacts`)."""
        cells = frozenset(self.tile_pos.values())
        facts = self._facts
        if facts is None:
            facts = self._facts = facts_of(cells).copy()
        elif facts.cells != cells:
            facts.update(cells)
        return facts

    def entry_refusal(self, clan: str, tile: str, daimyo: bool = False) -> Refusal | None:
        """Why an advanced rule bars `clan`'s units (with its Daimyo when `daimyo`) from `tile`, if one does."""
        for hook in self.entry_hooks:
            refusal = hook.entry_refusal(self, clan, tile)
            if refusal is not None:
                return refusal
        if daimyo:
            for hook in self.daimyo_entry_hooks:
                refusal = hook.daimyo_entry_refusal(self, clan, tile)
                if refusal is not None:
                    return refusal
        return None

    def ally_holds(self, clan: str, tile: str) -> bool:
        """Another clan of `clan`'s team (team play) holds `tile`."""
        other = self.occupant(tile)
        return other is not None and other != clan and self.rules.team(other) == self.rules.team(clan)

    def can_enter(self, clan: str, tile: str) -> bool:
        """Bushi may enter a tile unless an ally (team play) holds it or an advanced rule bars it."""
        if self.ally_holds(clan, tile):
            return False
        return not self.entry_hooks or self.entry_refusal(clan, tile) is None

    def daimyo_may_enter(self, clan: str, tile: str) -> bool:
        if self.occupant(tile) not in (None, clan):
            return False
        return not (self.entry_hooks or self.daimyo_entry_hooks) or self.entry_refusal(clan, tile, daimyo=True) is None

    def han_movable(self, tile: str) -> bool:
        return (self.occupant(tile) is None and tile not in self.touched and len(self.tile_pos) > 1
                and self.connected(without=tile))

    def controls(self, clan: str, tile: str) -> bool:
        """Control means only your units stand on the Han."""
        return self.occupant(tile) == clan

    def controllers(self) -> dict[str, int]:
        """Clans that hold a Han of every rival clan with at least 3 Bushi on rival Han in all (a
        Daimyo alone holds its Han but adds no Bushi)."""
        out = {}
        tile_owner = self.tile_owner
        for clan in self.rules.clans:
            rivals = self.rules.rivals(clan)
            total, covered = 0, set()
            bushi, ronin = self.bushi[clan], self.ronin[clan]
            home = self.daimyo[clan]
            tiles = bushi.keys() | ronin.keys()
            if home:
                tiles.add(home)     # a lone Daimyo controls too
            for tile in tiles:
                owner = tile_owner[tile]
                if owner in rivals and self.occupant(tile) == clan:
                    total += bushi.get(tile, 0) + ronin.get(tile, 0)
                    covered.add(owner)
            if total >= 3 and covered == set(rivals):
                out[clan] = total
        return out

    # -- changing it ----------------------------------------------------------------------

    def take_bushi(self, clan: str, tile: str, n: int) -> None:
        """Lift n of a clan's Bushi off a Han (the caller says where they go)."""
        self.bushi[clan][tile] -= n
        if not self.bushi[clan][tile]:
            del self.bushi[clan][tile]

    def add_bushi(self, clan: str, tile: str, n: int = 1) -> None:
        self.bushi[clan][tile] = self.bushi[clan].get(tile, 0) + n

    def place_han(self, tile: str, at: Pos) -> None:
        """Put `tile` at `at`: a Han from the reserve, or one moved (its old spot already freed in
        `tile_at` by the caller)."""
        adjacent, tile_at = self._adjacent, self.tile_at
        adjacent.pop(tile, None)
        old = self.tile_pos.get(tile)
        for spot in (old, at):
            if spot is not None:
                for p in around(spot):
                    other = tile_at.get(p)
                    if other is not None:
                        adjacent.pop(other, None)
        self.tile_pos[tile] = at
        tile_at[at] = tile
        self.touched.add(tile)

    def finish(self, winner: str | None, reason: str) -> GameOver:
        self.winner = winner
        self.win_reason = reason
        self.phase = "over"
        self.queue = []
        team = [c for c in self.rules.clans if winner and self.rules.team(c) == self.rules.team(winner)]
        return GameOver(winner, tuple(team), reason, self.round)

    def clone(self) -> Self:
        other = copy.copy(self)
        other._sampled = None
        for name in ("bushi", "ronin"):
            setattr(other, name, {c: dict(v) for c, v in getattr(self, name).items()})
        other.daimyo = dict(self.daimyo)
        other.area = dict(self.area)
        other.tile_owner = dict(self.tile_owner)
        other.tile_pos = dict(self.tile_pos)
        other.tile_at = dict(self.tile_at)
        other._adjacent = {}
        other._facts = self._facts.copy() if self._facts is not None else None
        other.han_reserve = list(self.han_reserve)
        other.touched = set(self.touched)
        other.hand = {c: set(v) for c, v in self.hand.items()}
        other.reserve = {c: list(v) for c, v in self.reserve.items()}
        other.commits = self.commits.copy()
        other.queue = list(self.queue)
        other.passed = dict(self.passed)
        other.pending_setup = list(self.pending_setup)
        other.interlude = list(self.interlude)
        other.history = [r.copy() for r in self.history]
        other.chance = self.chance.copy()    # events are frozen: shared, not copied
        other.cards_in_play = list(self.cards_in_play)
        other.drawn = dict(self.drawn)
        other.mastery = dict(self.mastery)
        other.revealed = set(self.revealed)
        return other
