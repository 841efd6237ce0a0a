"""Daimyo rules for 2-4 players on a map of Han tiles that changes shape during play.

Basic rules: dealing by category, the four stages of a round, priority resolution (letter, then
number), reserves (both cards to the opponent with 2 players, one left and one right with 3 or
4), the five card effects with their fallbacks, combat, and both ways to win. Advanced rules are
switched on one by one in `Options` (see `pnp.games.daimyo.advanced` for what each does).

>>> state = new_game(Options(players=2, seed=1))
>>> state.decision().kind, state.decision().player
('play', 'green')
>>> sorted(state.tile_at)[:3]
[(-2, 1), (-1, 0), (-1, 1)]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from ...engine import Chance, Commitments, Decision, GameEvent, Hidden, Illegal, priority_order, win_loss
from ...hexgrid import Pos, border, connected_without, is_connected, neighbours
from ...model import Game
from . import advanced
from .actions import Action, MoveBushi, MoveDaimyo, MoveHan, Pass, PassCards, PlaceHan, PlayCards, Recruit, Special
from .events import (
    Combat,
    Control,
    ControlTie,
    DaimyoRemoved,
    Dealt,
    GameOver,
    HandDealt,
    HanMoved,
    HanPlaced,
    MovedBushi,
    MovedDaimyo,
    NoEffect,
    PassedToReserves,
    Recruited,
    ReserveTaken,
    ToReserve,
)
from .position import Position, position_table, read_position

DEAL = {"A": 3, "B": 2, "C": 1, "D": 1, "E": 1}
KIND_OF_LETTER = {"A": "bushi-move", "B": "bushi-recruitment", "C": "daimyo-move", "D": "new-han", "E": "han-move"}
BASIC = tuple(KIND_OF_LETTER.values())

# Every refusal names one of these rules (`Illegal.rule`); tests assert on the names.
RULES: dict[str, str] = {
    # the round
    "game-over": "nothing is played after the game has ended",
    "play-two": "each clan plays exactly two different cards a round",
    "hand": "a clan plays only cards from its own hand",
    "pass": "with 3 or 4 players a clan passes its two played cards, one to each neighbour's reserve",
    "must-carry-out": "a card that can be carried out must be; 'pass' only when it cannot",
    "card-effect": "a card does only what its kind does",
    # setup and Mastery interludes
    "formation": "battle formation: the Daimyo starts on one of its own clan's Han",
    "keep-special": "a clan keeps the first or the second Special Action card it drew",
    "keep-mastery": "a clan keeps the first or the second Mastery card it drew",
    "strategy": "Master of Strategy bars a Han free of units, giving up a Bushi",
    "diplomacy": "Master of Diplomacy moves a neutral Han as Han Move does, giving up a Bushi",
    # the five basic effects
    "recruit-while-reserve": "Bushi Recruitment recruits while the Samegawa holds a Bushi",
    "recruit-empty": "with every Bushi on the map, Bushi Recruitment acts as Bushi Move",
    "no-han-left": "with the Han reserve empty, New Han acts as Han Move",
    "han-reserve": "New Han takes a neutral Han from the Han reserve",
    "han-touch": "a placed or moved Han touches the map on an empty spot",
    "no-han": "decisions name Han on the map",
    "han-empty": "Han Move lifts only a Han without units",
    "han-once": "a Han placed or moved this round cannot move again this round",
    "han-split": "a Han whose absence splits the map cannot move",
    "daimyo-where": "Daimyo Move moves the clan's Daimyo from where it stands",
    "bushi-where": "Bushi Move moves the clan's Bushi from a Han that holds them",
    "adjacent": "units move to an adjacent Han",
    "daimyo-no-attack": "a Daimyo never moves onto enemy units",
    "barred": "nobody moves onto the Han barred by the Master of Strategy",
    "inaccessible": "Inaccessible Clans: a Daimyo never enters a rival clan's Han",
    "bushi-count": "Bushi Move moves at least one Bushi, and no more than the Han holds",
    "ronin-count": "a move takes no more Rōnin than the Han holds",
    "ally": "allies never share a Han",
    "mastery": "a Mastery move needs the Mastery card that allows it, and a legal move",
    # Special Action cards
    "special-form": "a Special Action decision names what its card needs",
    "alternative-sacrifice": "Alternative gives up one of the player's own Bushi",
    "alternative-target": "Alternative pushes the enemy Bushi of a Han next to the one given up",
    "alternative-push": "the pushed Bushi go to another Han next to theirs, free of other clans' units",
    "ninja-target": "Ninja Attack removes Bushi standing with a rival Daimyo",
    "ronin-none-left": "Rōnin Recruitment adds the Rōnin not yet on the map",
    "mass-reserve-empty": "Mass Recruitment needs Bushi on the Samegawa",
    "treachery-target": "Treachery removes an enemy Bushi from a neutral Han next to the player's units",
    "treachery-place": "Treachery's new Bushi joins the player's units on a Han next to the removed one",
    "retreat-count": "Strategic Retreat moves the units of 1 to 3 different Han",
    "retreat-source": "Strategic Retreat moves from Han held by the player and next to enemy units",
    "retreat-enemy": "a retreat never moves onto enemy units",
    "morale-target": "Breakdown of Morale removes Bushi of an enemy unit",
    "morale-daimyo": "Breakdown of Morale never strikes a Han where the Daimyo stands",
}


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


@dataclass(frozen=True)
class CombatResult:
    winner: str            # attacker | defender | tie
    attacker_lost: int
    defender_lost: int     # Bushi (and Rōnin) removed from the defender
    daimyo_lost: bool
    attack: int            # counts compared, bonuses included
    defence: int


def combat(attackers: int, bushi: int, daimyo: bool, attack_bonus: int = 0, defence_bonus: int = 0) -> CombatResult:
    """Compare the counts; the loser loses every piece, the winner as many Bushi (and Rōnin) as
    the loser lost, and never its Daimyo (ruling: a winner with too few loses all it has and its
    Daimyo stays); a tie removes everything.

    >>> combat(4, 3, False)        # the rulebook's example: 4 red against 3 green
    CombatResult(winner='attacker', attacker_lost=3, defender_lost=3, daimyo_lost=False, attack=4, defence=3)
    >>> combat(1, 0, True, defence_bonus=1).daimyo_lost   # a fortified lone Daimyo holds its Han
    False
    """
    defenders = bushi + (1 if daimyo else 0)
    a, d = attackers + attack_bonus, defenders + defence_bonus
    if a > d:
        return CombatResult("attacker", min(attackers, defenders), bushi, daimyo, a, d)
    if a < d:
        lost = min(attackers, defenders)
        return CombatResult("defender", attackers, min(lost, bushi), False, a, d)
    return CombatResult("tie", attackers, bushi, daimyo, a, d)


class Rules:
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
        # asked of every clan at every step: worked out once
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


def new_game(options: Options = Options(), game: Game | None = None) -> "DaimyoState":
    if game is None:
        from ...model import load_game
        from ...paths import cards_dir
        game = load_game(cards_dir() / "daimyo")
    return DaimyoState(Rules(game, options))


class DaimyoState:
    def __init__(self, rules: Rules):
        self.rules = rules
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
        for tid, pos in zip(neutral, m.neutral):
            self.tile_pos[tid] = tuple(pos)
        self.han_reserve = [t for t in neutral if t not in self.tile_pos]
        self.bushi: dict[str, dict[str, int]] = {c: {} for c in rules.clans}
        self.ronin: dict[str, dict[str, int]] = {c: {} for c in rules.clans}
        self.daimyo: dict[str, str | None] = {}
        for clan, seat in zip(rules.clans, m.seats):
            ids = [f"{rules.prefix[clan]}{i}" for i in (1, 2, 3)]
            for tid, pos in zip(ids, [*seat.tiles, seat.tip]):
                self.tile_owner[tid] = clan
                self.tile_pos[tid] = tuple(pos)
                self.bushi[clan][tid] = 1
            self.daimyo[clan] = ids[-1]
        self.tile_at: dict[Pos, str] = {p: t for t, p in self.tile_pos.items()}
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
        self.history: list[dict[str, Any]] = []
        self.setup_events: list[GameEvent] = []
        self.setup_choices: list[tuple[str, str, Action]] = []
        self.cards_in_play: list[str] = []               # every card dealt or kept, wherever it is now
        # advanced rules (see `advanced`): setup draws, each clan's Mastery card and who has shown it
        self.drawn: dict[tuple[str, str], tuple[str, ...]] = {}   # (deck, clan) -> the two cards drawn
        self.mastery: dict[str, str | None] = {c: None for c in rules.clans}
        self.revealed: set[str] = set()
        self.start_position: Position | None = None      # where a scenario started instead of the setup
        self._deal()
        self.history.append(self._record())

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

    # -- setup ------------------------------------------------------------------------

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
                                                  key=lambda label: rules.cards[label].priority))
                for i, label in enumerate(pile[:per * n]):
                    self.hand[rules.clans[i % n]].add(label)
            self.setup_events.append(Dealt(False))
        self.cards_in_play = [c for clan in rules.clans for c in self.sorted_cards(self.hand[clan])]
        for clan in rules.clans:
            self.setup_events.append(HandDealt(clan, tuple(self.sorted_cards(self.hand[clan]))))
        advanced.setup(self)

    @property
    def table(self) -> dict[str, tuple[str, ...]]:
        """The cards each clan has played this round, by clan (face down until every clan has
        played): the rules see them all, a player sees them through `view`."""
        return {c: cards for c in self.rules.clans if (cards := self.commits.own(c)) is not None}

    def sorted_cards(self, cards) -> list[str]:
        return sorted(cards, key=lambda label: self.rules.cards[label].priority)

    def _record(self) -> dict[str, Any]:
        return {"round": self.round, "plays": {}, "decisions": [], "passes": {}}

    # -- positions -----------------------------------------------------------------------

    def at_round_start(self) -> bool:
        """Setup is over and nothing of the current round has been played or decided yet."""
        rec = self.history[-1]
        return (self.phase in ("play", "interlude") and not len(self.commits) and not rec["plays"]
                and not rec.get("interludes"))

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

    def position(self) -> dict[str, Any]:
        """The start of the current round as the notation's ``[position]`` table (`pnp.engine.position`)."""
        return position_table(self, self.round_start())

    def set_position(self, table: Mapping[str, Any], where: str) -> None:
        """Start a round from a stated ``[position]`` table, after the setup (if any): a
        `NotationError` naming the key for anything impossible."""
        self.start_from(read_position(self, table, where))

    def start_from(self, p: Position) -> None:
        """Start the round `p.round` from `p` (checked already: Han, cards, counts)."""
        rules = self.rules
        self.round = p.round
        self.tile_pos = dict(p.han)
        self.tile_at = {pos: t for t, pos in self.tile_pos.items()}
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
        self.history = [self._record()]
        advanced.start_interlude(self, "strategy")
        self.start_position = self.round_start()

    # -- reading the position ----------------------------------------------------------

    def occupant(self, tile: str) -> str | None:
        for clan in self.rules.clans:
            if tile in self.bushi[clan] or tile in self.ronin[clan] or self.daimyo[clan] == tile:
                return clan
        return None

    def strength(self, clan: str, tile: str) -> int:
        return self.bushi[clan].get(tile, 0) + self.ronin[clan].get(tile, 0) + (1 if self.daimyo[clan] == tile else 0)

    def adjacent_tiles(self, tile: str) -> list[str]:
        return [self.tile_at[p] for p in neighbours(self.tile_pos[tile]) if p in self.tile_at]

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def kind(self, card: str, clan: str) -> str:
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

    def clone(self) -> "DaimyoState":
        import copy
        other = copy.copy(self)
        for name in ("bushi", "ronin"):
            setattr(other, name, {c: dict(v) for c, v in getattr(self, name).items()})
        other.daimyo = dict(self.daimyo)
        other.area = dict(self.area)
        other.tile_owner = dict(self.tile_owner)
        other.tile_pos = dict(self.tile_pos)
        other.tile_at = dict(self.tile_at)
        other.han_reserve = list(self.han_reserve)
        other.touched = set(self.touched)
        other.hand = {c: set(v) for c, v in self.hand.items()}
        other.reserve = {c: list(v) for c, v in self.reserve.items()}
        other.commits = self.commits.copy()
        other.queue = list(self.queue)
        other.passed = dict(self.passed)
        other.pending_setup = list(self.pending_setup)
        other.interlude = list(self.interlude)
        other.history = [dict(r, plays=dict(r["plays"]), decisions=list(r["decisions"]), passes=dict(r["passes"]),
                              interludes=list(r.get("interludes", []))) for r in self.history]
        other.chance = copy.deepcopy(self.chance)
        other.cards_in_play = list(self.cards_in_play)
        other.drawn = dict(self.drawn)
        other.mastery = dict(self.mastery)
        other.revealed = set(self.revealed)
        return other

    # -- legal choices -----------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        d = self.decision()
        if d is None:
            return []
        if d.kind == "play":
            return [PlayCards(tuple(p)) for p in combinations(self.sorted_cards(self.hand[d.player]), 2)]
        if d.kind == "pass":
            a, b = self.table[d.player]
            return [PassCards(a, b), PassCards(b, a)]
        if d.kind in ("strategy", "diplomacy"):
            return advanced.interlude_actions(self, d)
        if d.kind != "resolve":
            return advanced.setup_actions(self, d)
        return self.effects(d.player, d.card) or [Pass()]

    def effects(self, clan: str, card: str) -> list[Action]:
        kind = self.kind(card, clan)
        if kind not in BASIC:
            return advanced.special_actions(self, clan, card, kind)
        extra = advanced.mastery_variants(self, clan, kind) if self.rules.options.mastery else []
        if kind == "bushi-move":
            out: list[Action] = []
            for tile in sorted(set(self.bushi[clan]) | set(self.ronin[clan])):
                n, m = self.bushi[clan].get(tile, 0), self.ronin[clan].get(tile, 0)
                for dst in self.adjacent_tiles(tile):
                    if self.can_enter(clan, dst):
                        out += [MoveBushi(tile, dst, k, None, False, j)
                                for k in range(n + 1) for j in range(m + 1) if k + j]
            return out + extra
        if kind == "bushi-recruitment":
            return [Recruit()] + extra
        if kind == "daimyo-move":
            src = self.daimyo[clan]
            return [MoveDaimyo(src, dst) for dst in self.adjacent_tiles(src)
                    if self.daimyo_may_enter(clan, dst)] + extra
        if kind == "new-han":
            tile = self.han_reserve[0]
            return [PlaceHan(tile, p) for p in self.free_spots()]
        # han-move
        out = []
        for tile in sorted(self.tile_pos):
            if self.han_movable(tile):
                out += [MoveHan(tile, p) for p in self.free_spots(without=tile)]
        return out

    def can_enter(self, clan: str, tile: str) -> bool:
        """Bushi may enter a tile unless an ally (team play) holds it or it is barred."""
        other = self.occupant(tile)
        if other is not None and other != clan and self.rules.team(other) == self.rules.team(clan):
            return False
        return not advanced.barred(self, tile)

    def daimyo_may_enter(self, clan: str, tile: str) -> bool:
        other = self.occupant(tile)
        if other not in (None, clan):
            return False
        if self.inaccessible(clan, tile):
            return False
        return not advanced.barred(self, tile)

    def inaccessible(self, clan: str, tile: str) -> bool:
        """Inaccessible Clans: the Han of a rival clan (never an ally's, in team play)."""
        return self.rules.options.inaccessible and self.tile_owner[tile] in self.rules.rivals(clan)

    def han_movable(self, tile: str) -> bool:
        return (self.occupant(tile) is None and tile not in self.touched and len(self.tile_pos) > 1
                and self.connected(without=tile))

    # -- applying ------------------------------------------------------------------------

    def apply_action(self, action: Action) -> list[GameEvent]:
        d = self.decision()
        if d is None:
            raise Illegal(self.round, "nobody", None, "game-over", "the game is over")
        if d.kind == "play":
            if not isinstance(action, PlayCards):
                raise Illegal(self.round, d.player, None, "play-two", f"{d.player} must first play 2 cards")
            return self._play(d.player, action)
        if d.kind == "pass":
            return self._pass(d.player, action)
        if d.kind in ("strategy", "diplomacy"):
            return advanced.apply_interlude(self, d, action)
        if d.kind != "resolve":
            return advanced.apply_setup(self, d, action)
        return self._resolve(d.player, d.card, action)

    def _play(self, clan: str, action: PlayCards) -> list[GameEvent]:
        cards = tuple(action.cards)
        hand = self.hand[clan]
        if len(cards) != 2 or len(set(cards)) != 2:
            raise Illegal(self.round, clan, None, "play-two", f"{clan} must play exactly 2 different cards")
        for c in cards:
            if c not in hand:
                raise Illegal(self.round, clan, None, "hand", f"card {c} is not in {clan}'s hand; the hand holds "
                              f"{' '.join(self.sorted_cards(hand))}")
        hand.difference_update(cards)
        played = tuple(self.sorted_cards(cards))
        self.history[-1]["plays"][clan] = PlayCards(played)
        events: list[GameEvent] = [self.commits.commit(clan, played)]
        if not self.commits.complete:
            return events
        for c in self.rules.clans:   # stage 2: take the two reserve cards back (none in round 1)
            if self.reserve[c]:
                events.append(ReserveTaken(c, tuple(self.sorted_cards(self.reserve[c]))))
                self.hand[c].update(self.reserve[c])
                self.reserve[c] = []
        # stage 3: reveal, then resolve by priority: letter first, then number
        reveal = self.commits.reveal(lambda chosen: priority_order(chosen, key=self._priority))
        self.queue = list(reveal.order)
        events.append(reveal)
        self.phase = "resolve"
        return events

    def _priority(self, played: tuple[str, str]) -> tuple[str, int]:
        """A played (card, clan) pair's place in the resolution order."""
        return self.rules.cards[played[0]].priority

    def _illegal(self, clan: str, card: str, rule: str, why: str) -> Illegal:
        assert rule in RULES, rule
        return Illegal(self.round, clan, self.rules.label(card), rule, why)

    def _resolve(self, clan: str, card: str, action: Action) -> list[GameEvent]:
        kind = self.kind(card, clan)
        if isinstance(action, MoveBushi) and action.count is None and not action.march and (
                self.bushi[clan].get(action.src) or self.ronin[clan].get(action.src)):
            # "the whole unit": every Bushi and Rōnin there
            action = replace(action, count=self.bushi[clan].get(action.src, 0),
                             ronin=self.ronin[clan].get(action.src, 0))
        elif (isinstance(action, MoveBushi) and action.march and action.count is None
              and self.bushi[clan].get(action.src)):
            action = replace(action, count=self.bushi[clan][action.src])
        self.check(clan, card, kind, action)
        written = advanced.canonical(action) if isinstance(action, Special) else action
        if (isinstance(action, MoveBushi) and action.count == self.bushi[clan].get(action.src, 0)
                and action.ronin == self.ronin[clan].get(action.src, 0)):
            written = replace(action, count=None, ronin=0)
        self.history[-1]["decisions"].append((card, clan, written))
        self.queue.pop(0)
        events = self.carry_out(clan, card, kind, action)
        if self.phase != "over" and not self.queue:
            events += self._after_resolution()
        return events

    def check(self, clan: str, card: str, kind: str, action: Action) -> None:
        fail = lambda rule, why: self._illegal(clan, card, rule, why)  # noqa: E731
        if isinstance(action, Pass):
            options = self.effects(clan, card)
            if options:
                raise fail("must-carry-out", f"the card can be carried out, so it must be (for example {options[0]})")
            return
        title = self.rules.cards[card].title
        if kind not in BASIC:
            name = advanced.SPECIAL_OF_TYPE[kind]
            if not isinstance(action, Special) or action.name != name:
                raise fail("card-effect", f"a {title} card cannot do '{action}'; write '{advanced.SPECIAL_FORM[name]}'")
            refusal = advanced.special_refusal(self, clan, action)
            if refusal is not None:
                raise fail(*refusal)
            return
        if isinstance(action, Special):
            raise fail("card-effect", f"a {title} card cannot do '{action}'")
        if advanced.is_variant(action):
            if action not in advanced.mastery_variants(self, clan, kind):
                raise fail("mastery", f"'{action}' needs a Mastery card that allows it, and a legal move")
            return
        expected = {"bushi-move": MoveBushi, "bushi-recruitment": Recruit, "daimyo-move": MoveDaimyo,
                    "new-han": PlaceHan, "han-move": MoveHan}[kind]
        if not isinstance(action, expected):
            base = KIND_OF_LETTER.get(self.rules.cards[card].letter)
            if base == "bushi-recruitment" and kind == "bushi-move":
                raise fail("recruit-empty", f"every {clan} Bushi is on the map, so this card acts as Bushi Move")
            if kind == "bushi-recruitment" and isinstance(action, MoveBushi):
                raise fail("recruit-while-reserve", f"{clan}'s Samegawa still holds {self.area[clan]} Bushi, "
                           "so this card recruits: write 'recruit'")
            if base == "new-han" and kind == "han-move":
                raise fail("no-han-left", "the Han reserve is empty, so this card acts as Han Move")
            raise fail("card-effect", f"a {title} card cannot do '{action}'")
        if isinstance(action, Recruit):
            return
        if isinstance(action, (PlaceHan, MoveHan)):
            tile, at = action.tile, tuple(action.at)
            if isinstance(action, PlaceHan):
                if tile not in self.han_reserve:
                    held = " ".join(self.han_reserve) or "nothing"
                    raise fail("han-reserve", f"{tile} is not in the Han reserve (it holds {held})")
                if at not in self.free_spots():
                    raise fail("han-touch", f"a new Han at {at[0]},{at[1]} must go on an empty spot touching the map")
                return
            if tile not in self.tile_pos:
                raise fail("no-han", f"there is no Han {tile} on the map")
            if self.occupant(tile) is not None:
                raise fail("han-empty", f"{tile} holds units; only an empty Han can move")
            if tile in self.touched:
                raise fail("han-once", f"{tile} was already added or moved this round")
            if not self.connected(without=tile):
                raise fail("han-split", f"lifting {tile} would split the map in two")
            if at not in self.free_spots(without=tile):
                raise fail("han-touch",
                           f"{tile} cannot go to {at[0]},{at[1]}: it must be a new, empty spot touching the map")
            return
        src, dst = action.src, action.dst
        for t in (src, dst):
            if t not in self.tile_pos:
                raise fail("no-han", f"there is no Han {t} on the map")
        if isinstance(action, MoveDaimyo):
            if self.daimyo[clan] != src:
                raise fail("daimyo-where", f"the {clan} Daimyo is on {self.daimyo[clan]}, not {src}")
        elif self.bushi[clan].get(src, 0) + self.ronin[clan].get(src, 0) == 0:
            raise fail("bushi-where", f"{clan} has no Bushi on {src}")
        if dst not in self.adjacent_tiles(src):
            raise fail("adjacent", f"{src} and {dst} are not adjacent")
        if isinstance(action, MoveDaimyo):
            if not self.daimyo_may_enter(clan, dst):
                owner = self.tile_owner[dst]
                if self.occupant(dst) not in (None, clan):
                    raise fail("daimyo-no-attack", f"the Daimyo cannot move into {dst}: enemy units hold it")
                if advanced.barred(self, dst):
                    raise fail("barred", f"{dst} is barred this round")
                raise fail("inaccessible", f"the Daimyo cannot enter {dst}, a Han of the {owner} clan")
            return
        have, hired = self.bushi[clan].get(src, 0), self.ronin[clan].get(src, 0)
        if action.count is not None and not 0 <= action.count <= have:
            raise fail("bushi-count", f"{src} holds {have} {clan} Bushi; cannot move {action.count}")
        if not 0 <= action.ronin <= hired:
            raise fail("ronin-count", f"{src} holds {hired} Rōnin of {clan}; cannot move {action.ronin}")
        if (action.count or 0) + action.ronin == 0:
            raise fail("bushi-count", "a Bushi Move moves at least one Bushi")
        if not self.can_enter(clan, dst):
            if advanced.barred(self, dst):
                raise fail("barred", f"{dst} is barred this round")
            raise fail("ally", f"{dst} is held by an ally; allies never share a Han or fight")

    def carry_out(self, clan: str, card: str, kind: str, action: Action) -> list[GameEvent]:
        base = {"clan": clan, "card": card, "round": self.round}
        if isinstance(action, Pass):
            return [NoEffect(**base, effect=kind)]
        if advanced.is_variant(action):
            return advanced.carry_out_variant(self, clan, card, action, base)
        if isinstance(action, Recruit):
            tile = self.daimyo[clan]
            self.area[clan] -= 1
            self.bushi[clan][tile] = self.bushi[clan].get(tile, 0) + 1
            return [Recruited(**base, tile=tile)]
        if isinstance(action, MoveDaimyo):
            self.daimyo[clan] = action.dst
            return [MovedDaimyo(**base, src=action.src, dst=action.dst)]
        if isinstance(action, PlaceHan):
            self.han_reserve.remove(action.tile)
            self.place_han(action.tile, tuple(action.at))
            return [HanPlaced(**base, tile=action.tile, at=tuple(action.at))]
        if isinstance(action, MoveHan):
            src = self.tile_pos[action.tile]
            del self.tile_at[src]
            self.place_han(action.tile, tuple(action.at))
            return [HanMoved(**base, tile=action.tile, src=src, at=tuple(action.at))]
        if isinstance(action, MoveBushi):
            return self.move_bushi(clan, action.src, action.dst, action.count, base, action.ronin)
        return advanced.carry_out_special(self, clan, card, kind, action, base)

    def take_bushi(self, clan: str, tile: str, n: int) -> None:
        """Lift n of a clan's Bushi off a Han (the caller says where they go)."""
        self.bushi[clan][tile] -= n
        if not self.bushi[clan][tile]:
            del self.bushi[clan][tile]

    def place_han(self, tile: str, at: Pos) -> None:
        self.tile_pos[tile] = at
        self.tile_at[at] = tile
        self.touched.add(tile)

    def move_bushi(self, clan: str, src: str, dst: str, count: int | None, base: dict, ronin: int = 0,
                   via: str | None = None) -> list[GameEvent]:
        own, hired = self.bushi[clan], self.ronin[clan]
        count = own.get(src, 0) if count is None else count
        for pool, n in ((own, count), (hired, ronin)):
            if n:
                pool[src] -= n
                if not pool[src]:
                    del pool[src]
        events: list[GameEvent] = [MovedBushi(**base, src=src, dst=dst, count=count, ronin=ronin, via=via)]
        enemy = self.occupant(dst)
        if enemy is not None and enemy != clan:
            events += self.fight(clan, enemy, dst, count, base, ronin)
        else:
            for pool, n in ((own, count), (hired, ronin)):
                if n:
                    pool[dst] = pool.get(dst, 0) + n
        return events

    def fight(self, clan: str, enemy: str, tile: str, count: int, base: dict, ronin: int = 0) -> list[GameEvent]:
        bushi = self.bushi[enemy].get(tile, 0) + self.ronin[enemy].get(tile, 0)
        has_daimyo = self.daimyo[enemy] == tile
        defence_bonus = 1 if (self.rules.options.fortifications and self.tile_owner[tile] == enemy) else 0
        attack_bonus, more = advanced.combat_bonuses(self, clan, enemy)
        res = combat(count + ronin, bushi, has_daimyo, attack_bonus, defence_bonus + more)
        # the attacker's Rōnin fall first (hired swords), then its Bushi
        ronin_lost = min(ronin, res.attacker_lost)
        bushi_lost = res.attacker_lost - ronin_lost
        self.area[clan] += bushi_lost
        self.ronin_free += ronin_lost
        survivors = count - bushi_lost
        if ronin - ronin_lost:
            self.ronin[clan][tile] = self.ronin[clan].get(tile, 0) + ronin - ronin_lost
        # the defender's Bushi go first, its Rōnin after them
        lost = res.defender_lost
        b_lost = min(lost, self.bushi[enemy].get(tile, 0))
        r_lost = lost - b_lost
        self._remove(enemy, tile, b_lost, r_lost)
        if survivors:
            self.bushi[clan][tile] = self.bushi[clan].get(tile, 0) + survivors
        events: list[GameEvent] = [Combat(
            **base, tile=tile, attacker=clan, defender=enemy, attackers=count + ronin, defending=bushi,
            defending_daimyo=has_daimyo, winner=res.winner, attack=res.attack, defence=res.defence,
            attacker_lost=res.attacker_lost, defender_lost=res.defender_lost, daimyo_lost=res.daimyo_lost)]
        if res.daimyo_lost:
            self.daimyo[enemy] = None
            events.append(DaimyoRemoved(**base, owner=enemy, tile=tile, by=clan))
            events.append(self.finish(clan, "daimyo"))
        return events

    def _remove(self, clan: str, tile: str, bushi: int, ronin: int) -> None:
        if bushi:
            self.bushi[clan][tile] -= bushi
            self.area[clan] += bushi
            if not self.bushi[clan][tile]:
                del self.bushi[clan][tile]
        if ronin:
            self.ronin[clan][tile] -= ronin
            self.ronin_free += ronin
            if not self.ronin[clan][tile]:
                del self.ronin[clan][tile]

    def finish(self, winner: str | None, reason: str) -> GameOver:
        self.winner = winner
        self.win_reason = reason
        self.phase = "over"
        self.queue = []
        team = [c for c in self.rules.clans if winner and self.rules.team(c) == self.rules.team(winner)]
        return GameOver(winner, tuple(team), reason, self.round)

    def _after_resolution(self) -> list[GameEvent]:
        if advanced.start_interlude(self, "diplomacy"):
            return []
        return self.to_reserves()

    def to_reserves(self) -> list[GameEvent]:
        if len(self.rules.clans) == 2:
            return self._end_round()
        self.phase = "pass"
        return []

    def _pass(self, clan: str, action: Action) -> list[GameEvent]:
        mine = set(self.table[clan])
        if not isinstance(action, PassCards) or {action.left, action.right} != mine:
            raise Illegal(self.round, clan, None, "pass", f"{clan} must pass its two played cards "
                          f"({' and '.join(self.table[clan])}), one to the left and one to the right")
        self.passed[clan] = action
        self.history[-1]["passes"][clan] = action
        if len(self.passed) < len(self.rules.clans):
            return []
        return self._end_round()

    def _end_round(self) -> list[GameEvent]:
        events: list[GameEvent] = []
        rules = self.rules
        played = self.commits.revealed()
        if len(rules.clans) == 2:
            for clan in rules.clans:
                to = rules.left(clan)
                self.reserve[to].extend(played[clan])
                events.append(ToReserve(clan, played[clan], to))
        else:
            for clan in rules.clans:
                p = self.passed[clan]
                self.reserve[rules.left(clan)].append(p.left)
                self.reserve[rules.right(clan)].append(p.right)
                events.append(PassedToReserves(clan, p.left, p.right, rules.left(clan), rules.right(clan)))
        events += advanced.end_of_round(self)
        self.commits.clear()
        self.passed, self.touched, self.barred_tile = {}, set(), None
        winners = self.controllers()
        if winners:
            best = max(winners.values())
            top = [c for c, v in winners.items() if v == best]
            if len(top) == 1:
                events.append(Control(top[0], best))
                events.append(self.finish(top[0], "control"))
                return events
            events.append(ControlTie(tuple(top), best))
        if rules.options.round_cap is not None and self.round >= rules.options.round_cap:
            events.append(self.finish(None, "round-cap"))
            return events
        self.round += 1
        self.phase = "play"
        self.history.append(self._record())
        advanced.start_interlude(self, "strategy")
        return events

    def controls(self, clan: str, tile: str) -> bool:
        """Control means only your units stand on the Han."""
        return self.occupant(tile) == clan

    def controllers(self) -> dict[str, int]:
        """Clans that hold a Han of every rival clan with at least 3 Bushi on rival Han in all (a
        Daimyo alone holds its Han but adds no Bushi)."""
        out = {}
        for clan in self.rules.clans:
            total, covered = 0, set()
            daimyo = {self.daimyo[clan]} if self.daimyo[clan] else set()
            for tile in set(self.bushi[clan]) | set(self.ronin[clan]) | daimyo:   # a lone Daimyo controls too
                owner = self.tile_owner[tile]
                if owner in self.rules.rivals(clan) and self.controls(clan, tile):
                    total += self.bushi[clan].get(tile, 0) + self.ronin[clan].get(tile, 0)
                    covered.add(owner)
            if covered == set(self.rules.rivals(clan)) and total >= 3:
                out[clan] = total
        return out
