"""Dôjima's rules: seasons of rounds in which players draft advisors, roll dice, lay their cards
face down on their dice and reveal them in a fixed order (seed 003 and RULINGS.md).

A round, 3-6 players:

1. **draft**: the first player takes the advisor deck (players + 1 advisors), keeps one and lays
   one face down; the deck goes left, each player keeps one; the last player chooses between the
   card left and the face-down one and lays the other face down (the hidden advisor);
2. **roll**: the last player rolls the black die for the hidden advisor; everyone rolls four dice
   (public); a player with at least three equal dice may roll all four again, once;
3. **assign**: everyone lays the advisor and three workers face down, one card per die (secret);
4. **reveal**, in order: Saboteur and Sake Seller; Sow Advisor and Sowers; Water Advisor and
   Waterers; Market Advisor and Merchants (each may sell once); Beggar. The Imperial's holder may
   move one of their workers whose step has not yet resolved to the Imperial's field, once, as a
   basic advisor is revealed;
5. **end**: in autumn one Ryô of the reserve goes back to the box; the first-player card goes to
   whoever chose the Saboteur, else to the left; an empty reserve ends the season (after autumn,
   the game).

Two players: no draft and no field tokens. The six advisors (no Imperial) lie in a pyramid; each
player rolls three worker dice and three dice for the advisors; the workers are laid in secret,
then the players give the six advisor dice in turn to face-up pyramid cards.

Actions are text, the same words the notation uses: ``keep sow-advisor hide imperial``,
``keep water-advisor``, ``reroll`` / ``stand``, ``sow-advisor 3, sower 3, waterer 1, merchant 5``,
``4 market-advisor`` (two players: a die to a pyramid card), ``imperial waterer`` / ``pass``,
``sell 3`` / ``sell 1`` / ``no sale``.
"""

from __future__ import annotations

import copy
import dataclasses
import random
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...engine import Chance, Decision, GameEvent, Illegal
from ...engine.core import DrawKey, RecordedChance
from ...engine.notation import NotationError
from ...engine.simultaneous import Commitments
from ...engine.state import Hidden
from ...errors import DefinitionError
from .basics import (
    ADVANCED,
    ADVISOR_OF,
    BASIC,
    BEGGAR,
    IMPERIAL,
    MARKET,
    MAX_RICE,
    MAX_WATER,
    ROLE_OF,
    ROLES,
    SABOTEUR,
    SAKE,
    SEASON_WATER,
    SEASONS,
    SOW,
    RoundRecord,
    _orderings,
    field_effect,
)
from .events import (
    AdvisorRevealed,
    BeggarPaid,
    CardTurned,
    DiceShown,
    DiePicked,
    Drafted,
    FirstPlayer,
    GameOver,
    ImperialMoved,
    Overstock,
    PyramidLaid,
    Rerolled,
    SeasonStarted,
    Sold,
    WorkerPaid,
)

# The rulebook's advisor deck for a first game, by player count (players + 1 cards); two players
# use the six advisors other than the Imperial.
RECOMMENDED = {
    2: BASIC + (SABOTEUR, SAKE, BEGGAR),
    3: BASIC + (IMPERIAL,),
    4: BASIC + (IMPERIAL, SABOTEUR),
    5: BASIC + (IMPERIAL, SABOTEUR, SAKE),
    6: BASIC + (IMPERIAL, SABOTEUR, SAKE, BEGGAR),
}

START_WATER, START_RICE = 6, 2
RESERVE, SHORT_RESERVE = 8, 6                 # Ryô put in the reserve each season
SUPPLY = 62                                   # Ryô in the box when the game folder prints no Ryô tokens
MOST_PAID = 60      # the most a game can take from the box: 3 reserves of 8 and 12 a season beyond them
SIDES = 6
VARIANT, SHORT = "dice-first", "short-game"   # option names

# Every rule an illegal game can break, by its short name (the notation's exit-1 messages carry it).
RULES = {
    "draft-card": "an advisor is taken from the cards offered, and the first player lays a second one face down",
    "reroll-triple": "only a player with at least three equal dice may roll again",
    "assign-cards": "each card the player laid goes on exactly one of their dice",
    "assign-dice": "cards go only on the player's own dice, one card per die",
    "pick-die": "two players: each pick takes one of the advisor dice still free",
    "pick-face-up": "two players: a die goes only to a face-up pyramid card without a die",
    "imperial-holder": "only the Imperial's holder moves a worker with it, once a round, before the worker acts",
    "sell-field": "a Merchant sells only on the Market Advisor's active or adjacent fields",
    "sell-three": "three rice for two Ryô only on the Market Advisor's active field",
    "sell-rice": "a sale needs the rice it gives",
    "game-over": "no round after the end of autumn",
}

ASSIGN_ITEM = re.compile(r"\s*([a-z][a-z-]*)\s+([1-6])\s*")
PICK = re.compile(r"([1-6]) ([a-z-]+)")


def neighbours(value: int) -> tuple[int, ...]:
    """The adjacent fields of a field: one above and one below; 1 and 6 are not neighbours.

    >>> neighbours(1), neighbours(4), neighbours(6)
    ((2,), (3, 5), (5,))
    """
    return tuple(v for v in (value - 1, value + 1) if 1 <= v <= SIDES)


def triple(dice: Sequence[int]) -> bool:
    """At least three equal dice: the player may roll again."""
    return bool(dice) and max(Counter(dice).values()) >= 3


@dataclass(frozen=True)
class Rules:
    """What the game folder says: the colours (seats) and the cards by id."""

    colours: tuple[str, ...]
    advisors: tuple[str, ...]                         # every advisor card in the data
    workers: dict[str, dict[str, str]]                # colour -> role -> card id
    supply: int = SUPPLY                              # the Ryô the box holds (reserve, players and box)

    @classmethod
    def of(cls, game: Any) -> Rules:
        """Read the seats and cards from a loaded game (cards.toml: workers ``<role>-<colour>``
        with a ``role`` field, advisors with a ``kind`` field)."""
        colours = tuple(game.clans)
        advisors: list[str] = []
        workers: dict[str, dict[str, str]] = {c: {} for c in colours}
        for card in game.cards:
            kind = card.field("kind", "en")
            role = card.field("role", "en")
            ident = card.label or card.type_id
            if kind in ("basic-advisor", "advanced-advisor"):
                advisors.append(ident)
            elif role in ROLES:
                colour = card.field("colour", "en") or (card.clan.id if card.clan else "")
                if colour in workers:
                    workers[colour][role] = ident
        where = game.files.get("cards", "cards.toml")
        for need in BASIC + ADVANCED:
            if need not in advisors:
                raise DefinitionError(where, None, f"the advisor {need!r} is missing (the rules need "
                                      f"{', '.join(BASIC + ADVANCED)})")
        for colour, roles in workers.items():
            missing = [r for r in ROLES if r not in roles]
            if missing:
                raise DefinitionError(where, None, f"colour {colour!r} has no {', '.join(missing)} card")
        # The Ryô tokens (pieces.toml: ids ryo-<value>, the value printed as the counter's number).
        supply = sum(int(p.kanji) * (p.count or 0) for p in game.pieces_file.pieces
                     if p.id.startswith("ryo") and p.kanji.isdigit())
        if supply and supply < MOST_PAID:
            raise DefinitionError(game.files.get("pieces", "pieces.toml"), None, f"the Ryô tokens add up to "
                                  f"{supply}; a game may need {MOST_PAID} (three reserves of 8 and up to 12 more "
                                  "a season paid from the box)")
        return cls(colours, tuple(advisors), workers, supply or SUPPLY)

    @classmethod
    def default(cls, colours: Sequence[str] = ("red", "blue", "green", "yellow", "purple", "orange")) -> Rules:
        return cls(tuple(colours), BASIC + ADVANCED, {c: {r: f"{r}-{c}" for r in ROLES} for c in colours})

    def deck(self, players: int) -> tuple[str, ...]:
        return RECOMMENDED[players]


Dice = Chance     # the game's dice and shuffles, asked for by what each is for (``("workers", "red")``)


class Recorded(RecordedChance):
    """The dice and pyramids a notation file states, each by what it is for: the engine's keyed
    `RecordedChance`, whose record is `queue`."""

    def __init__(self) -> None:
        super().__init__(by_key={})

    @property
    def queue(self) -> dict[DrawKey, Any]:
        assert self.by_key is not None
        return self.by_key

    @queue.setter
    def queue(self, draws: Mapping[DrawKey, Any]) -> None:
        self.by_key = dict(draws)


@dataclass(frozen=True)
class View:
    """What one player may know: every track and die (public), their own advisor, what the draft
    showed them, their own cards laid, and the cards turned face up so far. Another player's
    advisor and laid cards, the hidden advisor and the pyramid's face-down cards are `Hidden`."""

    player: str
    round: int
    season: str
    phase: str
    first: str
    players: tuple[str, ...]
    water: dict[str, int]
    rice: dict[str, int]
    ryo: dict[str, int]
    reserve: int
    box: int
    advisors: tuple[str, ...]                          # the advisors in this game
    hand: str | None                                   # my advisor
    others: dict[str, Hidden | str]                    # the others' advisors (Hidden until revealed)
    offered: tuple[str, ...]                           # the cards the draft offered me this round
    hid: str | None                                    # the card I laid face down in the draft
    dice: dict[str, tuple[int, ...]]
    black: int | None
    rerolled: tuple[str, ...]
    laid: dict[str, int]                               # my cards on my dice (card -> value)
    committed: tuple[str, ...]                         # who has laid their cards
    table: tuple[tuple[str | None, str, int], ...]     # face-up cards: (owner, card or role, field)
    pyramid: tuple[str | Hidden, ...]                  # two players
    pyramid_dice: tuple[int | None, ...]
    free_dice: tuple[int, ...]
    imperial_used: bool
    step: str | None


class DojimaState:
    """A game of Dôjima in progress (see the module docstring for the round)."""

    def __init__(self, rules: Rules, players: Sequence[str], first: str | None = None, dice: Dice | None = None,
                 options: frozenset[str] = frozenset(), round_cap: int | None = None):
        self.rules = rules
        self.players = tuple(players)
        if not 2 <= len(self.players) <= 6:
            raise ValueError(f"Dôjima is for 2 to 6 players, not {len(self.players)}")
        self.two = len(self.players) == 2
        self.options = frozenset(options)
        self.variant = VARIANT in self.options and not self.two
        self.short = SHORT in self.options and not self.two
        self.dice_source: Dice = dice if dice is not None else Dice(1)
        self.round_cap = round_cap
        self.round = 1
        self.season = 0
        self.first = first or self.players[0]
        self.water = {p: START_WATER for p in self.players}
        self.rice = {p: START_RICE for p in self.players}
        self.ryo = {p: 0 for p in self.players}
        self.per_season = SHORT_RESERVE if (self.two or self.short) else RESERVE
        self.reserve = self.per_season
        self.box = rules.supply - self.reserve
        self.advisors = tuple(RECOMMENDED[len(self.players)])
        self.history: list[RoundRecord] = []
        self.events: list[GameEvent] = []
        self.winners: tuple[str, ...] = ()
        self.over = False
        self.stopped = False
        self.start: dict[str, Any] | None = None
        self._started = False
        # The decision now, asked several times per action (the policy, the labels, apply_action):
        # a 1-tuple once computed, None when not. Every change of the state (apply_action, begin,
        # set_position, a determinized copy) drops it; nothing else assigns the state's fields.
        self._asked: tuple[Decision | None] | None = None
        self._reset_round()

    # -- setup ---------------------------------------------------------------------------------

    def begin(self) -> list[GameEvent]:
        """Start the first round (after any stated position); idempotent."""
        if self._started:
            return []
        self._started = True
        return self._start_round()

    def _reset_round(self) -> None:
        self.phase = "setup"
        self.pool: list[str] = []
        self.order: tuple[str, ...] = ()          # draft and reveal order: from the first player
        self.draft_at = 0
        self.hand: dict[str, str] = {}
        self.hidden: str | None = None
        self.first_hid: str | None = None
        self.offered: dict[str, tuple[str, ...]] = {}
        self.dice: dict[str, tuple[int, ...]] = {}
        self.black: int | None = None
        self.rerolled: set[str] = set()
        self.reroll_queue: list[str] = []
        self.laid: Commitments[dict[str, int]] = Commitments(self.players)
        self.pyramid: list[str] = []
        self.pyramid_dice: list[int | None] = []
        self.up: list[bool] = []
        self.free_dice: list[int] = []
        self.picker = 0
        self.fields: dict[str, int] = {}           # advisor -> field this round
        self.owner: dict[str, str | None] = {}     # advisor -> who placed it (None: hidden / pyramid)
        self.workers: dict[str, dict[str, int]] = {}   # player -> role -> field
        self.table: list[tuple[str | None, str, int]] = []
        self.imperial_used = False
        self.step_at = 0
        self.step: str | None = None
        self.sell_queue: list[str] = []
        self.record: RoundRecord | None = None

    @property
    def season_name(self) -> str:
        return SEASONS[self.season] if self.season < len(SEASONS) else "winter"

    @property
    def last(self) -> str:
        """The last player of the draft: the one to the first player's right."""
        i = self.players.index(self.first)
        return self.players[i - 1]

    def _from_first(self) -> tuple[str, ...]:
        i = self.players.index(self.first)
        return self.players[i:] + self.players[:i]

    # -- positions -----------------------------------------------------------------------------

    def position(self) -> dict[str, Any]:
        """Where the game stands between rounds, as a TOML table."""
        return {"round": self.round, "season": self.season_name, "first": self.first, "reserve": self.reserve,
                "box": self.box, "water": dict(self.water), "rice": dict(self.rice), "ryo": dict(self.ryo),
                "advisors": list(self.advisors)}

    def set_position(self, table: Mapping[str, Any], where: str) -> None:
        """Start from a stated position (before the first round is started)."""
        self._asked = None
        known = ("round", "season", "first", "reserve", "box", "water", "rice", "ryo", "advisors")
        for key in table:
            if key not in known:
                raise NotationError(where, f"position.{key}", f"unknown key (expected {', '.join(known)})")

        def whole(key: str, value: Any, lo: int, hi: int) -> int:
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                raise NotationError(where, f"position.{key}", f"expected a whole number from {lo} to {hi}, "
                                    f"got {value!r}")
            return value

        if "round" in table:
            self.round = whole("round", table["round"], 1, 10_000)
        if "season" in table:
            if table["season"] not in SEASONS:
                raise NotationError(where, "position.season", f"expected one of {', '.join(SEASONS)}, "
                                    f"got {table['season']!r}")
            self.season = SEASONS.index(table["season"])
        if "first" in table:
            if table["first"] not in self.players:
                raise NotationError(where, "position.first", f"expected a player ({', '.join(self.players)}), "
                                    f"got {table['first']!r}")
            self.first = table["first"]
        supply = self.rules.supply
        for key, limit in (("water", MAX_WATER), ("rice", MAX_RICE), ("ryo", supply)):
            if key in table:
                value = table[key]
                if not isinstance(value, dict):
                    raise NotationError(where, f"position.{key}", "expected a table by player, e.g. "
                                        f"{{ {self.players[0]} = 3 }}")
                for p, v in value.items():
                    if p not in self.players:
                        raise NotationError(where, f"position.{key}.{p}", "not a player of this game "
                                            f"({', '.join(self.players)})")
                    getattr(self, key)[p] = whole(f"{key}.{p}", v, 0, limit)
        if "reserve" in table:
            self.reserve = whole("reserve", table["reserve"], 1, supply)
        if "advisors" in table:
            cards = table["advisors"]
            want = len(self.players) + 1 if not self.two else 6
            if (not isinstance(cards, list) or len(cards) != want or len(set(cards)) != want
                    or any(c not in self.rules.advisors for c in cards)):
                raise NotationError(where, "position.advisors", f"expected {want} different advisors of "
                                    f"{', '.join(self.rules.advisors)}, got {cards!r}")
            if self.two and IMPERIAL in cards:
                raise NotationError(where, "position.advisors", "the Imperial is not used with two players")
            if not all(b in cards for b in BASIC):
                raise NotationError(where, "position.advisors", f"the deck needs {', '.join(BASIC)}")
            self.advisors = tuple(cards)
        in_play = self.reserve + sum(self.ryo.values())
        self.box = whole("box", table["box"], 0, supply) if "box" in table else max(0, supply - in_play)
        self.start = self.position()

    # -- the contract --------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.over or self.stopped

    def returns(self) -> dict[str, float]:
        """+1 for each winner (several on a full tie), -1 for the others; the standings so far
        before the end."""
        winners = self.winners or self.leaders()
        return {p: 1 if p in winners else -1 for p in self.players}

    def leaders(self) -> tuple[str, ...]:
        """Who would win now: most Ryô, then rice, then water; a full tie is shared."""
        key = {p: (self.ryo[p], self.rice[p], self.water[p]) for p in self.players}
        best = max(key.values())
        return tuple(p for p in self.players if key[p] == best)

    @property
    def winner(self) -> str | None:
        return "+".join(self.winners) if self.winners else None

    def decision(self) -> Decision | None:
        if self._asked is None:
            self._asked = (self._decide(),)
        return self._asked[0]

    def _decide(self) -> Decision | None:
        if not self._started:
            self.begin()
        self._settle()
        if self.over or self.stopped:       # is_terminal, asked at every decision of every game
            return None
        ph, r = self.phase, self.round
        if ph == "draft":
            p = self.order[self.draft_at]
            kind = "draft-first" if self.draft_at == 0 else ("draft-last" if self.draft_at == len(self.order) - 1
                                                             else "draft")
            return Decision(p, kind, r)
        if ph == "reroll":
            return Decision(self.reroll_queue[0], "reroll", r)
        if ph == "assign":
            return self.laid.decision("assign", r)
        if ph == "pick":
            return Decision(self.order[self.picker % 2], "pick", r)
        if ph == "imperial":
            holder = self.owner[IMPERIAL]
            assert holder is not None
            return Decision(holder, "imperial", r, card=self.step)
        if ph == "sell":
            return Decision(self.sell_queue[0], "sell", r)
        raise AssertionError(f"no decision in phase {ph}")

    def legal_actions(self) -> list[str]:
        return self.legal_for(self.decision())

    def legal_for(self, d: Decision | None) -> list[str]:
        """The legal actions at decision `d`, this state's `decision()` (asked once by a caller that
        needs both)."""
        if d is None:
            return []
        p = d.player
        if d.kind == "draft-first":
            return [f"keep {k} hide {h}" for k in sorted(self.pool) for h in sorted(self.pool) if h != k]
        if d.kind in ("draft", "draft-last"):
            return [f"keep {k}" for k in sorted(self._offer(p))]
        if d.kind == "reroll":
            return ["reroll", "stand"]
        if d.kind == "assign":
            return [assign_text(a) for a in self._assignments(p)]
        if d.kind == "pick":
            faces = [i for i in range(6) if self.up[i] and self.pyramid_dice[i] is None]
            return [f"{v} {self.pyramid[i]}" for v in sorted(set(self.free_dice)) for i in faces]
        if d.kind == "imperial":
            return ["pass"] + [f"imperial {role}" for role in self.unpaid()]
        if d.kind == "sell":
            return ["no sale"] + [f"sell {n}" for n in self._sales(p)]
        return []

    def apply_action(self, action: str) -> list[GameEvent]:
        try:
            return self._apply(action)
        finally:
            self._asked = None

    def _apply(self, action: str) -> list[GameEvent]:
        pending = self.begin() if not self._started else []
        pending += self._settle()
        d = self.decision()
        if d is None:
            raise Illegal(self.round, "nobody", None, "game-over", "the game is over")
        text = " ".join(str(action).split())
        out: list[GameEvent] = []
        if d.kind.startswith("draft"):
            out += self._draft(d, text)
        elif d.kind == "reroll":
            out += self._reroll(d.player, text)
        elif d.kind == "assign":
            out += self._assign(d.player, text)
        elif d.kind == "pick":
            out += self._pick(d.player, text)
        elif d.kind == "imperial":
            out += self._imperial(d.player, text)
        elif d.kind == "sell":
            out += self._sell(d.player, text)
        out = self._emit(out)
        return pending + out + self._advance()

    def _carried(self, events: list[GameEvent]) -> None:
        """After a choice drawn from the legal ones was carried out (by `random_game`): what
        `apply_action` does after its own checks (log the events, run on to the next decision)."""
        self._emit(events)
        self._advance()
        self._asked = None

    def random_game(self, rng: random.Random, max_steps: int = 100_000) -> tuple[int, list[tuple[str, str]]]:
        """The game the module's `random` policy plays from `rng`, fast: the decisions taken and the
        labelled choices (see `random_game.random_game`; `pnp simulate --policy random`). The
        tracks, `history` and the end are those of `apply_action`; the events of rounds played
        whole are not logged."""
        from .random_game import random_game
        return random_game(self, rng, max_steps)

    def _emit(self, events: list[GameEvent]) -> list[GameEvent]:
        """Log events in the game and in the round they belong to."""
        self.events += events
        if self.record is not None:
            self.record.events += events
        return events

    def view(self, player: str) -> View:
        others: dict[str, Hidden | str] = {}
        face_up = {card for _o, card, _f in self.table}
        for p in self.players:
            if p != player and p in self.hand:
                others[p] = self.hand[p] if self.hand[p] in face_up else Hidden()
        offered = self.offered.get(player, ())
        if self.phase == "draft" and self.order[self.draft_at] == player:
            offered = tuple(sorted(self._offer(player)))
        pyramid: tuple[str | Hidden, ...] = tuple(c if self.up[i] else Hidden() for i, c in enumerate(self.pyramid))
        own = self.laid.own(player)
        return View(player, self.round, self.season_name, self.phase, self.first, self.players, dict(self.water),
                    dict(self.rice), dict(self.ryo), self.reserve, self.box, self.advisors, self.hand.get(player),
                    others, offered, self.first_hid if player == self.first else None,
                    dict(self.dice), self.black, tuple(p for p in self.players if p in self.rerolled),
                    dict(own) if own else {}, tuple(p for p in self.players if self.laid.has_committed(p)),
                    tuple(self.table), pyramid, tuple(self.pyramid_dice), tuple(sorted(self.free_dice)),
                    self.imperial_used, self.step)

    def clone(self) -> DojimaState:
        """An independent copy (finished rounds and events are shared: they never change)."""
        other = copy.copy(self)
        for name in ("water", "rice", "ryo", "hand", "offered", "dice", "fields", "owner"):
            setattr(other, name, dict(getattr(self, name)))
        for name in ("history", "events", "pool", "reroll_queue", "pyramid", "pyramid_dice", "up", "free_dice",
                     "table", "sell_queue"):
            setattr(other, name, list(getattr(self, name)))
        other.rerolled = set(self.rerolled)
        other.workers = {p: dict(w) for p, w in self.workers.items()}
        other.laid = self.laid.copy()
        other.laid._chosen = {p: dict(c) for p, c in other.laid._chosen.items()}
        other.dice_source = self.dice_source.copy()
        if self.record is not None:
            rec = self.record
            other.record = dataclasses.replace(
                rec, draft=dict(rec.draft), roll=dict(rec.roll), reroll=dict(rec.reroll),
                advisor_dice=dict(rec.advisor_dice), assign=dict(rec.assign), picks=list(rec.picks),
                sell=dict(rec.sell), events=list(rec.events))
            if other.history and other.history[-1] is rec:
                other.history[-1] = other.record
        return other

    def action_labels(self, action: str) -> list[str]:
        """What an action plays, for `pnp simulate`'s card table: the advisor drafted (or given a die
        with two players), a re-roll, an Imperial move, a sale; nothing for laying the cards."""
        d = self.decision()
        words = str(action).split()
        if d is None or not words:
            return []
        if d.kind.startswith("draft"):
            return [words[1]]
        if d.kind == "pick":
            return [words[1]]
        if d.kind in ("reroll", "imperial", "sell") and words[0] in ("reroll", "imperial", "sell"):
            return [" ".join(words)]
        return []

    def determinize(self, player: str, rng: Any) -> DojimaState:
        """A copy consistent with what `player` may know, the rest drawn at random: the advisors
        they have not seen placed are dealt again among the others' hands and the face-down card,
        the others' face-down cards are laid again on their own dice, the pyramid's face-down cards
        are shuffled, and the dice to come follow a new seed."""
        other = self.clone()
        other._asked = None
        other.dice_source = Dice(rng.randrange(2**31))
        seen = {card for _o, card, _f in self.table}
        if not self.two and self.hand:
            slots = [p for p in self.players if p != player and p in self.hand and self.hand[p] not in seen]
            known_hidden = ((player == self.last and self.draft_at >= len(self.order) - 1)
                            or (player == self.first and self.draft_at < len(self.order)))
            hidden_slot = self.hidden is not None and self.hidden not in seen and not known_hidden
            cards = [self.hand[p] for p in slots] + ([self.hidden] if hidden_slot and self.hidden else [])
            rng.shuffle(cards)
            for p, card in zip(slots, cards):
                old = other.hand[p]
                other.hand[p] = card
                chosen = other.laid._chosen.get(p)      # the card laid under the old name
                if chosen is not None and old in chosen:
                    chosen[card] = chosen.pop(old)
            if hidden_slot:
                other.hidden = cards[-1]
            if other.fields:                            # the reveal has begun: fields follow the cards
                laid = other.laid._chosen
                other.fields = {other.hand[p]: laid[p][other.hand[p]] for p in self.players}
                other.owner = {other.hand[p]: p for p in self.players}
                if other.hidden is not None and other.black is not None:
                    other.fields[other.hidden] = other.black
                    other.owner[other.hidden] = None
        if self.two and self.pyramid:
            down = [i for i in range(6) if not self.up[i]]
            faces = [self.pyramid[i] for i in down]
            rng.shuffle(faces)
            for i, card in zip(down, faces):
                other.pyramid[i] = card
        if not self.laid.is_revealed:
            for p in self.players:
                chosen = other.laid._chosen.get(p)
                if p != player and chosen is not None:
                    values = list(chosen.values())
                    rng.shuffle(values)
                    other.laid._chosen[p] = dict(zip(chosen, values))
        return other

    # -- the round -----------------------------------------------------------------------------

    def _start_round(self) -> list[GameEvent]:
        self._reset_round()
        self.record = RoundRecord(self.round, self.season_name, self.first)
        self.order = self._from_first()
        out: list[GameEvent] = []
        if self.two or self.variant:
            self.phase = "roll"       # rolled when the round's first decision is asked for (`_settle`)
        else:
            self.phase = "draft"
            self.pool = list(self.advisors)
        return self._emit(out) + self._advance()

    def _settle(self) -> list[GameEvent]:
        """Roll the dice a round starts with (two players, the variant) when it is played, not when
        the round before ends: a replay states each round's rolls with the round."""
        if self.phase != "roll" or self.over or self.stopped:
            return []
        return self._emit(self._roll_all()) + self._advance()

    def _roll_all(self) -> list[GameEvent]:
        out: list[GameEvent] = []
        assert self.record is not None
        if self.two:
            order = self.dice_source.shuffle_for(("pyramid",), sorted(self.advisors))
            self.pyramid = list(order)
            self.pyramid_dice = [None] * 6
            self.up = [False, False, False, True, True, True]
            self.record.pyramid = tuple(order)
            out.append(PyramidLaid(tuple(order)))
        if not self.two:
            (self.black,) = self.dice_source.roll_for(("black",), 1, SIDES)
            self.record.black = self.black
            out.append(DiceShown(self.last, "black", (self.black,)))
        count = 3 if self.two else 4
        for p in self.order:
            values = tuple(sorted(self.dice_source.roll_for(("workers", p), count, SIDES)))
            self.dice[p] = values
            self.record.roll[p] = values
            out.append(DiceShown(p, "workers", values))
        if self.two:
            for p in self.order:
                values = tuple(sorted(self.dice_source.roll_for(("advisors", p), 3, SIDES)))
                self.free_dice += values
                self.record.advisor_dice[p] = values
                out.append(DiceShown(p, "advisors", values))
        self.reroll_queue = [p for p in self.order if triple(self.dice[p])]
        self.phase = "reroll" if self.reroll_queue else "rolled"
        return out

    def _after_rolls(self) -> None:
        """Phase 2 done: on to the draft (variant), the assignment."""
        if self.variant and not self.hand:
            self.phase = "draft"
            self.pool = list(self.advisors)
        else:
            self.phase = "assign"

    def _advance(self) -> list[GameEvent]:
        """Run what needs no decision, until someone must choose or the game ends."""
        out: list[GameEvent] = []
        while not (self.over or self.stopped):        # is_terminal, inlined: run after every choice
            ph = self.phase
            if ph == "rolled":
                self._after_rolls()
            elif ph == "drafted":
                if self.variant:
                    self.phase = "assign"
                else:
                    out += self._emit(self._roll_all())
            elif ph == "assign" and self.laid.complete:
                out += self._emit([self.laid.reveal()])
                if self.two:
                    self.phase = "pick"
                    self.picker = 0
                else:
                    out += self._emit(self._place())
            elif ph == "pick" and self.picker >= 6:
                out += self._emit(self._place())
            elif ph == "reveal":
                out += self._emit(self._reveal_step())
            elif ph == "end":
                out += self._end_round()
            else:
                break
        return out

    # -- 1. draft ------------------------------------------------------------------------------

    def _offer(self, player: str) -> list[str]:
        if self.draft_at == len(self.order) - 1 and self.hidden is not None:
            return [*self.pool, self.hidden]
        return list(self.pool)

    def _draft(self, d: Decision, text: str) -> list[GameEvent]:
        p = d.player
        offer = self._offer(p)
        m = re.fullmatch(r"keep ([a-z-]+)(?: hide ([a-z-]+))?", text)
        shown = ", ".join(sorted(offer))
        if not m:
            want = "keep <advisor> hide <advisor>" if d.kind == "draft-first" else "keep <advisor>"
            raise Illegal(self.round, p, None, "draft-card", f"expected {want!r} (offered: {shown}), got {text!r}")
        keep, hide = m.group(1), m.group(2)
        if keep not in offer:
            raise Illegal(self.round, p, None, "draft-card", f"{keep} is not among the advisors offered ({shown})")
        self.offered[p] = tuple(sorted(offer))
        assert self.record is not None
        if d.kind == "draft-first":
            if hide is None or hide == keep or hide not in offer:
                raise Illegal(self.round, p, None, "draft-card", "the first player keeps one advisor and lays "
                              f"another of the offered ones ({shown}) face down, e.g. \"keep {keep} hide ...\"")
            self.pool.remove(keep)
            self.pool.remove(hide)
            self.hidden = self.first_hid = hide
            self.record.draft[p] = keep
            self.record.draft["hide"] = hide
        else:
            if hide is not None:
                raise Illegal(self.round, p, None, "draft-card", "only the first player lays an advisor face down "
                              f"by choice; write \"keep {keep}\"")
            if d.kind == "draft-last":
                rest = [c for c in offer if c != keep]
                self.pool = []
                self.hidden = rest[0]
            else:
                self.pool.remove(keep)
        self.hand[p] = keep
        self.record.draft[p] = keep
        self.draft_at += 1
        event = Drafted(p, keep, self.hidden if d.kind != "draft" else None)
        if self.draft_at == len(self.order):
            self.phase = "drafted"
        return [event]

    # -- 2. rolls ------------------------------------------------------------------------------

    def _reroll(self, p: str, text: str) -> list[GameEvent]:
        if text not in ("reroll", "stand"):
            raise Illegal(self.round, p, None, "reroll-triple", f"expected \"reroll\" or \"stand\", got {text!r}")
        self.reroll_queue.pop(0)
        out: list[GameEvent] = []
        if text == "reroll":
            before = self.dice[p]
            after = tuple(sorted(self.dice_source.roll_for(("reroll", p), len(before), SIDES)))
            self.dice[p] = after
            self.rerolled.add(p)
            assert self.record is not None
            self.record.reroll[p] = after
            out.append(Rerolled(p, before, after))
        if not self.reroll_queue:
            self.phase = "rolled"
        return out

    # -- 3. assignment ---------------------------------------------------------------------------

    def cards_of(self, p: str) -> tuple[str, ...]:
        """The cards `p` lays: the advisor (3-6 players) and the three workers, by role."""
        return ((self.hand[p],) if not self.two else ()) + ROLES

    def _assignments(self, p: str) -> list[dict[str, int]]:
        cards = self.cards_of(p)
        return [dict(zip(cards, perm)) for perm in self.orderings(p)]

    def orderings(self, p: str) -> list[tuple[int, ...]]:
        """The different orders of `p`'s dice, one per way to lay its cards (`cards_of`) on them, in
        the order `legal_actions` lists them."""
        return list(_orderings(self.dice[p]))

    def parse_assign(self, p: str, text: str) -> dict[str, int]:
        """``sow-advisor 3, sower 3, waterer 1, merchant 5`` (a worker may also be named by its card
        id, ``sower-red``), checked against the player's cards and dice."""
        cards = self.cards_of(p)
        example = ", ".join(f"{c} {v}" for c, v in zip(cards, self.dice[p]))
        out: dict[str, int] = {}
        for item in text.split(","):
            m = ASSIGN_ITEM.fullmatch(item)
            if not m:
                raise Illegal(self.round, p, None, "assign-cards", f"expected each card with its die, e.g. "
                              f"\"{example}\", got {text!r}")
            name, value = m.group(1), int(m.group(2))
            for role, ident in self.rules.workers.get(p, {}).items():
                if name == ident:
                    name = role
            if name not in cards:
                raise Illegal(self.round, p, None, "assign-cards", f"{name} is not one of {p}'s cards this round "
                              f"({', '.join(cards)})")
            if name in out:
                raise Illegal(self.round, p, None, "assign-cards", f"{name} is laid twice")
            out[name] = value
        missing = [c for c in cards if c not in out]
        if missing:
            raise Illegal(self.round, p, None, "assign-cards", f"every card goes on a die: {', '.join(missing)} "
                          "has none")
        if sorted(out.values()) != sorted(self.dice[p]):
            dice = ", ".join(map(str, self.dice[p]))
            raise Illegal(self.round, p, None, "assign-dice", f"the cards must go one on each of {p}'s dice "
                          f"({dice}), not on {', '.join(str(out[c]) for c in cards)}")
        return out

    def _assign(self, p: str, text: str) -> list[GameEvent]:
        return self._lay(p, self.parse_assign(p, text))

    def _lay(self, p: str, placed: dict[str, int]) -> list[GameEvent]:
        """`p` lays its cards on its dice as `placed` says (checked by `parse_assign`, or drawn from
        the legal orders)."""
        assert self.record is not None
        self.record.assign[p] = assign_text(placed)
        return [self.laid.commit(p, placed)]

    # -- 3b. two players: advisor dice to the pyramid ----------------------------------------------

    def _pick(self, p: str, text: str) -> list[GameEvent]:
        m = PICK.fullmatch(text)
        if not m:
            raise Illegal(self.round, p, None, "pick-die", f"expected \"<die> <advisor>\", e.g. "
                          f"\"{self.free_dice[0]} {self.pyramid[3]}\", got {text!r}")
        value, card = int(m.group(1)), m.group(2)
        if value not in self.free_dice:
            free = ", ".join(map(str, sorted(self.free_dice)))
            raise Illegal(self.round, p, None, "pick-die", f"no free advisor die shows {value} (free: {free})")
        if card not in self.pyramid:
            raise Illegal(self.round, p, None, "pick-face-up", f"{card} is not in the pyramid")
        slot = self.pyramid.index(card)
        if not self.up[slot]:
            raise Illegal(self.round, p, None, "pick-face-up", f"{card} is still face down: a card turns up once "
                          "both cards under it have a die")
        if self.pyramid_dice[slot] is not None:
            raise Illegal(self.round, p, None, "pick-face-up", f"{card} already has a die "
                          f"({self.pyramid_dice[slot]})")
        return self._pick_die(p, value, card)

    def _pick_die(self, p: str, value: int, card: str) -> list[GameEvent]:
        """`p` puts a free advisor die showing `value` on the face-up, dieless `card` (checked by
        `_pick`, or drawn from the legal picks)."""
        slot = self.pyramid.index(card)
        self.free_dice.remove(value)
        self.pyramid_dice[slot] = value
        self.picker += 1
        assert self.record is not None
        self.record.picks.append(f"{value} {card}")
        out: list[GameEvent] = [DiePicked(p, value, card)]
        up, dice = self.up, self.pyramid_dice
        for above, left, right in ((1, 3, 4), (2, 4, 5), (0, 1, 2)):     # a card and the two it rests on
            if not up[above] and dice[left] is not None and dice[right] is not None:
                up[above] = True
                out.append(CardTurned(above, self.pyramid[above]))
        return out

    # -- 4. reveal -------------------------------------------------------------------------------

    def _place(self) -> list[GameEvent]:
        """Everyone's cards are down: find each advisor's field and each worker's; reveal step A."""
        laid = self.laid.revealed()
        self.fields, self.owner, self.workers = {}, {}, {}
        for p in self.players:
            self.workers[p] = {r: laid[p][r] for r in ROLES}
        if self.two:
            for slot, card in enumerate(self.pyramid):
                value = self.pyramid_dice[slot]
                assert value is not None
                self.fields[card] = value
                self.owner[card] = None
                self.table.append((None, card, value))
        else:
            for p in self.players:
                self.fields[self.hand[p]] = laid[p][self.hand[p]]
                self.owner[self.hand[p]] = p
            assert self.hidden is not None and self.black is not None
            self.fields[self.hidden] = self.black
            self.owner[self.hidden] = None
        out: list[GameEvent] = []
        for card in (SABOTEUR, SAKE):
            out += self._turn_up(card)
        self.phase = "reveal"
        self.step_at = 0
        return out

    def _turn_up(self, card: str) -> list[GameEvent]:
        if card not in self.fields:
            return []
        if self.two:
            return [AdvisorRevealed(card, self.fields[card], None)]
        owner = self.owner[card]
        self.table.append((owner, card, self.fields[card]))
        return [AdvisorRevealed(card, self.fields[card], owner, None if owner else self.last)]

    def _reveal_step(self) -> list[GameEvent]:
        """Steps B, C, D (a basic advisor, the Imperial's chance, its workers), then E and the end."""
        out: list[GameEvent] = []
        if self.step_at < len(BASIC):
            adv = BASIC[self.step_at]
            if self.step != adv:
                self.step = adv
                out += self._turn_up(adv)
                holder = self.owner.get(IMPERIAL)
                if holder is not None and not self.imperial_used:
                    self.phase = "imperial"
                    return out
            out += self._pay_workers(adv)
            if adv == MARKET:
                self.sell_queue = [p for p in self.order]
                self.phase = "sell"
                return out
            self.step_at += 1
            return out
        out += self._beggar()
        if IMPERIAL in self.fields and not self.imperial_used:
            out += self._turn_up(IMPERIAL)
        self.phase = "end"
        return out

    def effect(self, role: str, value: int) -> str:
        """The effect of a worker of `role` on field `value` this round."""
        a = self.fields[ADVISOR_OF[role]]
        saboteur = self.fields.get(SABOTEUR) == a
        sake = self.fields.get(SAKE) == a
        return field_effect(value, a, saboteur, sake)

    def unpaid(self) -> tuple[str, ...]:
        """The workers whose step has not yet resolved: the Imperial may still move them (RULINGS.md:
        any of its holder's own workers, to the Imperial's field, even a worse one). Asked as a basic
        advisor turns up, before its workers are paid: its own worker and those of the later steps."""
        return ROLES[BASIC.index(self.step or SOW):]

    def _imperial(self, p: str, text: str) -> list[GameEvent]:
        roles = self.unpaid()
        if text == "pass":
            self.phase = "reveal"
            return []
        m = re.fullmatch(r"imperial ([a-z]+)", text)
        if not m or m.group(1) not in ROLES:
            raise Illegal(self.round, p, "imperial", "imperial-holder", f"expected \"imperial {roles[0]}\" (or "
                          f"another worker not yet paid: {', '.join(roles)}) or \"pass\", got {text!r}")
        role = m.group(1)
        if role not in roles:
            raise Illegal(self.round, p, "imperial", "imperial-holder", f"the {role} was paid in its own step; "
                          f"as the {self.step} is revealed the Imperial may move the {' or the '.join(roles)}")
        src, dst = self.workers[p][role], self.fields[IMPERIAL]
        self.workers[p][role] = dst
        self.imperial_used = True
        self.table.append((p, IMPERIAL, dst))
        assert self.record is not None
        self.record.imperial = (p, role)
        self.phase = "reveal"
        return [AdvisorRevealed(IMPERIAL, dst, p), ImperialMoved(p, role, src, dst)]

    def _pay_workers(self, adv: str) -> list[GameEvent]:
        role = ROLE_OF[adv]
        out: list[GameEvent] = []
        for p in self.order:
            value = self.workers[p][role]
            self.table.append((p, role, value))
            eff = self.effect(role, value)
            if role == "sower":
                gain = {"active": 3, "adjacent": 1, "empty": 0}[eff]
                new = min(MAX_RICE, self.rice[p] + gain)
                lost = self.rice[p] + gain - new
                out.append(WorkerPaid(p, role, value, eff, 0, new - self.rice[p], 0, lost))
                self.rice[p] = new
            elif role == "waterer":
                if eff == "active":
                    new = min(MAX_WATER, self.water[p] + 1)
                    out.append(WorkerPaid(p, role, value, eff, new - self.water[p], 0, 0,
                                          self.water[p] + 1 - new))
                    self.water[p] = new
                elif eff == "empty":
                    short = max(0, 3 - self.water[p])
                    withered = min(short, self.rice[p])
                    out.append(WorkerPaid(p, role, value, eff, -min(3, self.water[p]), -withered, withered, 0))
                    self.water[p] = max(0, self.water[p] - 3)
                    self.rice[p] -= withered
                else:
                    out.append(WorkerPaid(p, role, value, eff, 0, 0, 0, 0))
        return out

    def _sales(self, p: str) -> list[int]:
        eff = self.effect("merchant", self.workers[p]["merchant"])
        out = []
        if eff != "empty" and self.rice[p] >= 1:
            out.append(1)
        if eff == "active" and self.rice[p] >= 3:
            out.append(3)
        return out

    def _sell(self, p: str, text: str) -> list[GameEvent]:
        value = self.workers[p]["merchant"]
        eff = self.effect("merchant", value)
        if text == "no sale":
            units = 0
        else:
            m = re.fullmatch(r"sell ([0-9]+)", text)
            if not m or int(m.group(1)) not in (0, 1, 3):
                raise Illegal(self.round, p, "merchant", "sell-field", f"expected \"sell 1\", \"sell 3\" or "
                              f"\"no sale\", got {text!r}")
            units = int(m.group(1))
        if units:
            if eff == "empty":
                raise Illegal(self.round, p, "merchant", "sell-field", f"the merchant on field {value} stands on "
                              f"an empty field (Market Advisor on {self.fields[MARKET]}): no sale")
            if units == 3 and eff != "active":
                how = " with the Sake Seller" if self.fields.get(SAKE) == self.fields[MARKET] else ""
                raise Illegal(self.round, p, "merchant", "sell-three", f"the merchant on field {value} pays as a "
                              f"field next to the Market Advisor (on {self.fields[MARKET]}{how}): it sells 1 rice "
                              "only")
            if self.rice[p] < units:
                raise Illegal(self.round, p, "merchant", "sell-rice", f"{p} has {self.rice[p]} rice, not {units}")
        return self._sold(p, units)

    def _sold(self, p: str, units: int) -> list[GameEvent]:
        """`p`'s merchant sells `units` rice (0: no sale; checked by `_sell`, or one of `_sales`)."""
        value = self.workers[p]["merchant"]
        eff = self.effect("merchant", value)
        self.sell_queue.pop(0)
        ryo = {0: 0, 1: 1, 3: 2}[units]
        self.rice[p] -= units
        from_box = self._pay(p, ryo)
        if units:
            assert self.record is not None
            self.record.sell[p] = units
        if not self.sell_queue:
            self.step_at += 1
            self.phase = "reveal"
        return [Sold(p, value, eff, units, ryo, from_box)]

    def _pay(self, p: str, ryo: int) -> int:
        """Pay `ryo` from the reserve; what it lacks comes from the box. Returns the box's part."""
        from_reserve = min(ryo, self.reserve)
        self.reserve -= from_reserve
        self.box -= ryo - from_reserve
        self.ryo[p] += ryo
        return ryo - from_reserve

    def _beggar(self) -> list[GameEvent]:
        if BEGGAR not in self.fields:
            return []
        out = self._turn_up(BEGGAR)
        value = self.fields[BEGGAR]
        blocked = any(self.fields.get(b) == value for b in BASIC)
        who = [p for p in self.players if p != self.first][0] if self.two else self.owner[BEGGAR]
        paid, from_box = 0, 0
        if who is not None and not blocked:
            paid, from_box = 1, self._pay(who, 1)
        out.append(BeggarPaid(who, value, blocked, paid, from_box))
        return out

    # -- 5. end of the round ---------------------------------------------------------------------

    def _end_round(self) -> list[GameEvent]:
        out: list[GameEvent] = []
        if self.season_name == "autumn" and self.reserve > 0:
            self.reserve -= 1
            self.box += 1
            out.append(Overstock(1))
        saboteur = self.owner.get(SABOTEUR)
        i = self.players.index(self.first)
        left = self.players[(i + 1) % len(self.players)]
        if self.two:
            self.first, why = left, "alternate"
        elif saboteur is not None:
            self.first, why = saboteur, "saboteur"
        else:
            self.first, why = left, "left"
        out.append(FirstPlayer(self.first, why))
        if self.record is not None:
            self.history.append(self.record)
        if self.reserve == 0:
            self.season += 1
            if self.season >= len(SEASONS):
                self.over = True
                self.winners = self.leaders()
                out.append(GameOver(self.winners, self.round))
                self.phase = "over"
                return self._emit(out)
            name = SEASONS[self.season]
            self.reserve = self.per_season
            self.box -= self.per_season
            gain = SEASON_WATER[name]
            for p in self.players:
                self.water[p] = min(MAX_WATER, self.water[p] + gain)
            out.append(SeasonStarted(name, self.reserve, gain))
        self._emit(out)
        self.round += 1
        if self.round_cap is not None and self.round > self.round_cap:
            self.stopped = True
            self.phase = "over"
            return out
        return out + self._start_round()


def assign_text(placed: Mapping[str, int]) -> str:
    """``sow-advisor 3, sower 3, waterer 1, merchant 5`` (the cards in the order given)."""
    return ", ".join(f"{c} {v}" for c, v in placed.items())


def new_game(rules: Rules | None = None, players: int | Sequence[str] = 4, first: str | None = None,
             seed: int = 1, options: frozenset[str] = frozenset(), round_cap: int | None = None) -> DojimaState:
    """A game set up and started (for tests and the CLI)."""
    rules = rules or Rules.default()
    seats = rules.colours[:players] if isinstance(players, int) else tuple(players)
    state = DojimaState(rules, seats, first, Dice(seed), options, round_cap)
    state.begin()
    return state
