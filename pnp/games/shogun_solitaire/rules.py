"""Shogun Solitaire's rules: one player, one shuffled deck, runs of a colour in the play area.

Cards are named as in the notation: ``<clan>-<type>`` for a clan's card (``hojo-cavalry``) and the
type alone for the others (``fleet``, ``raid``, ``assassin``, ``ronin``, ``envoy``). Identical
copies are interchangeable, so a card's name is all the rules need. The deck is built from the
game's data (`deck_of`), so its composition is data.

Every choice is an action written as text, the same text the notation records:

============================  ==============================================================
``play hojo-cavalry``         play a Shogun card (A); then refill, enemies strike
``play hojo-leader as ninja`` a Leader names a type of its own colour
``play fleet as kato-soldier`` a Fleet names a colour and a type
``discard takeda-soldier``    discard one Shogun card (B); then refill, enemies strike
``discard hand``              discard the whole hand (C), draw 5 with enemies set aside
``raid: hand``                meet a Raid by discarding the hand (and drawing 5 anew)
``raid: deck``                ... by discarding the top 5 non-enemy cards of the deck
``raid: samurai hojo-samurai`` ... with a Samurai from the hand
``assassin: hojo-leader``     the Assassin takes a Leader from the hand
``assassin: last``            ... or, with no Leader in hand, the card last played
``assassin: none``            ... or nothing, with neither
``ronin: kato village``       the Ronin returns that counter (``ronin: none`` with none held)
``ninja: discard X, top A B C`` after a Ninja is discarded alone: the revealed Shogun card to
                              discard, then the other revealed cards top first
============================  ==============================================================

Rulings from RULINGS.md ("Shogun Solitaire") are marked ``Ruling:`` where they are implemented.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ...engine.core import Chance, Decision, Illegal
from ...engine.events import GameEvent
from ...engine.notation import NotationError, quote
from ...engine.state import Hidden, check_players, points
from ...model import Game
from .events import Discarded, Drew, Ended, Met, Played, Returned, Revealed4, Seized, SetAside, Struck

PLAYER = "shogun"                 # the one seat
HAND = 5                          # the hand is filled up to this many cards
RUN = 3                           # non-Ninja cards of one colour in a row seize an objective
OBJECTIVES = ("port", "village", "castle")   # in the order they fall
ENEMIES = ("raid", "assassin", "ronin")
ENVOY = "envoy"
FLEET = "fleet"
LEADER = "leader"
NINJA = "ninja"
SAMURAI = "samurai"
DECLARABLE = ("leader", "samurai", "ninja", "cavalry", "soldier")   # what a wild may be named as
NOT_IN_DECK: tuple[str, ...] = ()   # card types a game folder may print but never shuffle in

# Every rule a refusal can name (IllegalMove.rule), with what it says.
RULES = {
    "game-over": "the game has ended",
    "unknown-action": "the action is not one of play, discard, raid, assassin, ronin, ninja",
    "not-in-hand": "the card is not in the hand",
    "not-playable": "Envoys and enemies are never played or discarded alone",
    "same-type": "a card cannot follow a card of its type in the play area",
    "declaration": "a wild names a colour and type it may be; other cards name nothing",
    "wrong-decision": "the action answers another decision than the one waiting",
    "raid-answer": "a Raid is met by the hand, the deck, or a Samurai in hand",
    "assassin-target": "the Assassin takes a Leader in hand first, else the last played card",
    "ronin-target": "the Ronin returns a counter the player holds",
    "ninja-order": "the revealed Shogun card is discarded, the rest go back in a stated order",
    "unanswered": "an enemy or a Ninja waits for an answer at the end of the turn",
}

ANSWERING = {"play": "turn", "discard": "turn", "raid:": "raid", "assassin:": "assassin", "ronin:": "ronin",
             "ninja:": "ninja"}     # an action's first word -> the decision it answers
_ANSWER = {"turn": "_turn", "raid": "_raid", "assassin": "_assassin", "ronin": "_ronin",
           "ninja": "_ninja"}       # the decision `pending` names -> the method that carries out its answer
# Decisions by (pending, round, striking enemy): a Decision is frozen and a function of these alone,
# so one object serves every game (never invalidated; a few hundred keys at most).
_DECISIONS: dict[tuple[str, int, str | None], Decision] = {}
RANKS = ((12, "Supreme Shogun"), (10, "Shogun"), (9, "Weak Shogun"), (0, "Total Defeat"))


def rank(score: int) -> str:
    """The rulebook's rank for a score.

    >>> [rank(s) for s in (12, 11, 10, 9, 8, 0)]
    ['Supreme Shogun', 'Shogun', 'Shogun', 'Weak Shogun', 'Total Defeat', 'Total Defeat']
    """
    return next(name for low, name in RANKS if score >= low)


# kind, is_enemy and is_shogun are cached: they depend on the card's name alone (never invalidated),
# and legal-action listing asks them for every card in hand at every decision.
@cache
def kind(card: str) -> str:
    """A card's type: ``hojo-cavalry`` -> ``cavalry``, ``raid`` -> ``raid``."""
    return card.rsplit("-", 1)[-1]


def clan_of(card: str) -> str | None:
    """A card's clan, or None for Fleet, enemies and Envoys."""
    return card.split("-", 1)[0] if "-" in card else None


@cache
def is_enemy(card: str) -> bool:
    return kind(card) in ENEMIES


@cache
def is_shogun(card: str) -> bool:
    """A Shogun card (clan cards and the Fleet): the only cards played or discarded alone."""
    return not is_enemy(card) and kind(card) != ENVOY


@cache
def _plays(card: str, clans: tuple[str, ...], last: str | None) -> tuple[str, ...]:
    """The ways to play a Shogun card after a card of type `last` (cached: a function of its
    arguments alone; a wild is declared as any type but the last one)."""
    k = kind(card)
    if k == FLEET:
        return tuple(f"play fleet as {c}-{t}" for c in clans for t in DECLARABLE if t != last)
    if k == LEADER:
        return tuple(f"play {card} as {t}" for t in DECLARABLE if t != last)
    return (f"play {card}",) if k != last else ()


def deck_of(game: Game) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The deck's cards (one name per physical card) and the clans in colour order, from the data."""
    clans = tuple(game.clans)
    cards = tuple(f"{c.clan.id}-{c.type_id}" if c.clan else c.type_id
                  for c in game.cards if c.type_id not in NOT_IN_DECK)
    return cards, clans


@dataclass(frozen=True)
class InRow:
    """A card in the play area and what it counts as (a wild's declaration never changes)."""

    card: str
    colour: str
    type: str

    def text(self) -> str:
        own = clan_of(self.card)
        if kind(self.card) == FLEET:
            return f"{self.card} as {self.colour}-{self.type}"
        if kind(self.card) == LEADER:      # a Leader always names its type, even "as leader"
            return f"{self.card} as {self.type}"
        assert own == self.colour
        return self.card


@dataclass(frozen=True)
class View:
    """What the player may know: everything on the table and in hand, the discard pile, how many
    cards the deck holds (never their order), the top cards the player put back with a Ninja and
    the cards a Ninja revealed."""

    round: int
    decision: str | None
    hand: tuple[str, ...]
    row: tuple[InRow, ...]
    discard: tuple[str, ...]
    removed: tuple[str, ...]
    held: tuple[tuple[str, tuple[int, ...]], ...]
    deck: Hidden
    known_top: tuple[str, ...]
    revealed: tuple[str, ...]
    striking: str | None
    clans: tuple[str, ...]
    ended: bool


@dataclass
class ShogunState:
    """A game in progress (`pnp.engine.state.GameState`, with positions)."""

    cards: tuple[str, ...]                 # the whole deck, every physical card once
    clans: tuple[str, ...]
    chance: Chance
    deck: list[str] = field(default_factory=list)       # top first
    hand: list[str] = field(default_factory=list)
    row: list[InRow] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)    # cleared from the play area: out of the game
    aside: list[str] = field(default_factory=list)
    held: dict[str, set[int]] = field(default_factory=dict)
    round: int = 1
    pending: str | None = "turn"
    striking: str | None = None
    revealed: list[str] = field(default_factory=list)
    known_top: list[str] = field(default_factory=list)
    ended: bool = False
    won: bool = False
    events: list[GameEvent] = field(default_factory=list)
    turns: list[list[str]] = field(default_factory=list)   # each turn's actions, for the notation
    start: dict[str, Any] | None = None                    # the stated position, if any
    turns_base: int = 0                                    # the round a stated position starts in, less one

    def __post_init__(self) -> None:
        self.players = check_players([PLAYER])
        for c in self.clans:
            self.held.setdefault(c, set())

    # -- setup ----------------------------------------------------------------------------

    @classmethod
    def new(cls, cards: Sequence[str], clans: Sequence[str], chance: Chance) -> ShogunState:
        """Shuffle, deal 5 setting enemies aside, shuffle the set-aside enemies back in."""
        s = cls(tuple(cards), tuple(clans), chance)
        s.deck = chance.shuffle(list(cards))
        s.events += chance.events[-1:]
        s.events += s._fill(exempt=True)
        return s

    # -- the GameState contract -------------------------------------------------------------

    @property
    def score(self) -> int:
        return sum(len(v) for v in self.held.values())

    def decision(self) -> Decision | None:
        if self.ended or self.pending is None:
            return None
        key = (self.pending, self.round, self.striking)
        found = _DECISIONS.get(key)
        if found is None:
            found = _DECISIONS[key] = Decision(PLAYER, self.pending, self.round, card=self.striking)
        return found

    def is_terminal(self) -> bool:
        return self.ended

    def returns(self) -> dict[str, float]:
        return points({PLAYER: self.score})

    def view(self, player: str = PLAYER) -> View:
        return View(self.round, self.pending, tuple(sorted(self.hand)), tuple(self.row), tuple(self.discard),
                    tuple(sorted(self.removed)), tuple((c, tuple(sorted(self.held[c]))) for c in self.clans),
                    Hidden(len(self.deck)), tuple(self.known_top), tuple(self.revealed), self.striking,
                    self.clans, self.ended)

    def clone(self) -> ShogunState:
        other = ShogunState(self.cards, self.clans, self.chance)
        other.chance = Chance(0)
        other.chance.rng.setstate(self.chance.rng.getstate())
        for name in ("deck", "hand", "row", "discard", "removed", "aside", "revealed", "known_top", "events"):
            setattr(other, name, list(getattr(self, name)))
        other.held = {c: set(v) for c, v in self.held.items()}
        other.turns = [list(t) for t in self.turns]
        for name in ("round", "pending", "striking", "ended", "won", "start", "turns_base"):
            setattr(other, name, getattr(self, name))
        return other

    def places(self) -> Counter[str]:
        """Every card wherever it is: for the invariant that each card is in exactly one place."""
        return Counter([*self.deck, *self.hand, *(r.card for r in self.row), *self.discard, *self.removed,
                        *self.aside, *self.revealed, *([self.striking] if self.striking else [])])

    # -- legal actions ----------------------------------------------------------------------

    @property
    def last_type(self) -> str | None:
        return self.row[-1].type if self.row else None

    def legal_actions(self) -> list[str]:
        if self.ended or self.pending is None:
            return []
        if self.pending == "turn":
            out: list[str] = []
            last = self.last_type
            shoguns = [card for card in sorted(set(self.hand)) if is_shogun(card)]
            for card in shoguns:
                out += _plays(card, self.clans, last)
            out += [f"discard {card}" for card in shoguns]
            if self.hand:
                out.append("discard hand")
            return out
        if self.pending == "raid":
            return ["raid: hand", "raid: deck"] + [f"raid: samurai {c}" for c in sorted(set(self.hand))
                                                   if kind(c) == SAMURAI]
        if self.pending == "assassin":
            leaders = sorted({c for c in self.hand if kind(c) == LEADER})
            if leaders:
                return [f"assassin: {c}" for c in leaders]
            return ["assassin: last"] if self.row else ["assassin: none"]
        if self.pending == "ronin":
            counters = [f"ronin: {c} {OBJECTIVES[o]}" for c in self.clans for o in sorted(self.held[c])]
            return counters or ["ronin: none"]
        if self.pending == "ninja":
            return ninja_answers(self.revealed)
        return []

    def random_game(self, rng: random.Random, max_steps: int = 100_000) -> tuple[int, list[tuple[str, str]]]:
        """The game the module's `random` policy plays from `rng` (`pnp simulate --policy random`):
        the same draw among the same legal actions, without asking for a `Decision` each time; the
        decisions taken and (player, card) for every card an action puts to use (`action_labels`)."""
        plays: list[tuple[str, str]] = []
        steps = 0
        choice = rng.choice
        while not self.ended and self.pending is not None and steps < max_steps:
            action = choice(self.legal_actions())
            plays.extend((PLAYER, label) for label in self.action_labels(action))
            self.apply_action(action)
            steps += 1
        return steps, plays

    def action_labels(self, action: str) -> list[str]:
        """The card an action puts to use, for `pnp simulate`'s card table: the card played (a wild
        under its own name) or the Samurai that stops a Raid; nothing for discards and answers."""
        verb, _, rest = action.partition(" ")
        if verb == "play":
            return [rest.partition(" as ")[0].strip()]
        if action.startswith("raid: samurai "):
            return [rest.removeprefix("samurai ").strip()]
        return []

    # -- acting -------------------------------------------------------------------------------

    def illegal(self, action: str, rule: str, reason: str) -> Illegal:
        return Illegal(self.round, PLAYER, action, rule, reason)

    def apply_action(self, action: str) -> list[GameEvent]:
        """Carry out one action (see the module docstring); an `Illegal` names the broken rule."""
        if self.ended or self.pending is None:
            raise self.illegal(action, "game-over", "the game has ended")
        verb, _, rest = action.partition(" ")
        want = ANSWERING.get(verb)
        if want is None:
            raise self.illegal(action, "unknown-action",
                               "expected play, discard, or an answer (raid:, assassin:, ronin:, ninja:)")
        if want != self.pending:
            waiting = "a turn" if self.pending == "turn" else f"the answer to the {self.pending}"
            raise self.illegal(action, "wrong-decision", f"{waiting} is waiting, not {want}")
        if self.pending == "turn":
            self.turns.append([])
        self.turns[-1].append(action)
        try:
            out: list[GameEvent] = getattr(self, _ANSWER[want])(rest.strip())
        except Illegal:
            self.turns[-1].pop()
            if not self.turns[-1]:
                self.turns.pop()
            raise
        self.events += out
        return out

    def _turn(self, rest: str) -> list[GameEvent]:
        action = self.turns[-1][-1]
        verb = action.split(" ", 1)[0]
        if verb == "discard" and rest == "hand":
            if not self.hand:
                raise self.illegal(action, "not-in-hand", "the hand is empty")
            out: list[GameEvent] = [Discarded(tuple(self.hand), "hand")]
            self.discard += self.hand
            self.hand = []
            return out + self._fill(exempt=True)
        card, _, declared = rest.partition(" as ")
        card = card.strip()
        if not card:
            raise self.illegal(action, "not-in-hand", f"'{verb}' names no card: write '{verb} CARD' with a card of "
                                                      f"the hand ({', '.join(sorted(self.hand))})")
        if card not in self.hand:
            raise self.illegal(action, "not-in-hand", f"{card or '(nothing)'} is not in the hand "
                                                      f"({', '.join(sorted(self.hand))})")
        if not is_shogun(card):
            raise self.illegal(action, "not-playable", f"an {kind(card).capitalize()} cannot be "
                               f"{'played' if verb == 'play' else 'discarded alone'}; only discarding the whole hand "
                               "removes it")
        if verb == "discard":
            if declared:
                raise self.illegal(action, "declaration", "a discarded card names nothing")
            self.hand.remove(card)
            out = [Discarded((card,), "discard")]
            self.discard.append(card)
            if kind(card) == NINJA:      # Ruling: only a single discard of a Ninja card reveals
                return out + self._ninja_reveal()
            return out + self._fill(exempt=False)
        colour, ctype = self._declaration(action, card, declared.strip())
        if ctype == self.last_type:
            raise self.illegal(action, "same-type", f"the last card in the play area is a {ctype}: "
                                                    f"no two {ctype} cards side by side, whatever their colours")
        self.hand.remove(card)
        self.row.append(InRow(card, colour, ctype))
        out = [Played(card, colour, ctype)]
        out += self._seize(colour)
        if self.ended:
            return out
        return out + self._fill(exempt=False)

    def _declaration(self, action: str, card: str, declared: str) -> tuple[str, str]:
        k = kind(card)
        if k == FLEET:
            colour, _, ctype = declared.partition("-")
            if colour not in self.clans or ctype not in DECLARABLE:
                raise self.illegal(action, "declaration", "a Fleet names a colour and a type, e.g. "
                                   f"'play fleet as {self.clans[0]}-soldier'")
            return colour, ctype
        colour = clan_of(card) or ""
        if k == LEADER:
            if declared not in DECLARABLE:
                raise self.illegal(action, "declaration", "a Leader names a type of its own colour, e.g. "
                                   f"'play {card} as soldier' ({', '.join(DECLARABLE)})")
            return colour, declared
        if declared:
            raise self.illegal(action, "declaration", f"only a Leader or a Fleet names what it plays as, not {card}")
        return colour, k

    def _seize(self, colour: str) -> list[GameEvent]:
        """Three non-Ninja cards of one colour in a row, no other colour between, seize the clan's
        lowest open objective and clear the play area out of the game."""
        run = 0
        for placed in reversed(self.row):
            if placed.colour != colour:
                break            # Ruling: a Ninja of another colour breaks the run like any card
            if placed.type != NINJA:
                run += 1
        open_ = [o for o in range(len(OBJECTIVES)) if o not in self.held[colour]]
        if run < RUN or not open_:   # Ruling: a unified clan's cards seize nothing
            return []
        objective = open_[0]         # Ruling: the lowest open objective (after a Ronin too)
        self.held[colour].add(objective)
        cleared = tuple(r.card for r in self.row)
        self.removed += cleared
        self.row = []
        out: list[GameEvent] = [Seized(colour, objective, cleared, len(self.held[colour]) == len(OBJECTIVES))]
        if self.score == len(self.clans) * len(OBJECTIVES):
            out += self._end(won=True)   # Ruling: the twelfth wins at once, even with an empty deck
        return out

    def _ninja_reveal(self) -> list[GameEvent]:
        # Ruling: with fewer than 4 cards in the deck, reveal what there is.
        self.revealed = self.deck[:4]
        del self.deck[:4]
        self.known_top = []
        if not self.revealed:
            return self._fill(exempt=True)
        self.pending = "ninja"
        return [Revealed4(tuple(self.revealed))]

    def _ninja(self, rest: str) -> list[GameEvent]:
        action = self.turns[-1][-1]
        action = _spaced(action)
        if action not in ninja_answers(self.revealed):
            shown = ", ".join(self.revealed)
            shogun = [c for c in self.revealed if is_shogun(c)]
            what = ("discard one revealed Shogun card, then list the rest top first, e.g. '"
                    + ninja_answers(self.revealed)[0] + "'") if shogun else \
                ("no Shogun card was revealed: list them all top first, e.g. '" + ninja_answers(self.revealed)[0] + "'")
            raise self.illegal(action, "ninja-order", f"the Ninja revealed {shown}: {what}")
        gone, top = parse_ninja(rest)
        out: list[GameEvent] = []
        if gone:
            self.discard.append(gone)
            out.append(Discarded((gone,), "ninja"))
        self.deck = list(top) + self.deck
        self.known_top = list(top)
        self.revealed = []
        # Ruling: the draw right after a Ninja reorder is exempt: an enemy drawn is set aside.
        return out + self._fill(exempt=True)

    def _raid(self, rest: str) -> list[GameEvent]:
        action = self.turns[-1][-1]
        if action not in self.legal_actions():
            in_hand = [c for c in self.hand if kind(c) == SAMURAI]
            reason = ("met by 'raid: hand', 'raid: deck'" + (f" or 'raid: samurai {in_hand[0]}'" if in_hand else
                                                                " (no Samurai in hand; a wild never stops a Raid)"))
            raise self.illegal(action, "raid-answer", f"a Raid is {reason}")
        raid = self._resolved(action)
        out: list[GameEvent] = [Met(raid, action)]
        if rest == "hand":
            out.append(Discarded((raid, *self.hand), "raid-hand"))
            self.discard += [raid, *self.hand]
            self.hand = []
            return out + self._fill(exempt=True)
        if rest == "deck":
            self.discard.append(raid)
            taken: list[str] = []
            while len(taken) < HAND and self.deck:   # Ruling: fewer than 5 in the deck: discard what there is
                card = self.deck.pop(0)
                self._drop_known(card)
                if is_enemy(card):
                    self.aside.append(card)
                    out.append(SetAside(card))
                else:
                    taken.append(card)
            self.discard += taken
            out.append(Discarded((raid, *taken), "raid-deck"))
            out += self._shuffle_back()
            return out + self._fill(exempt=False)
        samurai = rest.removeprefix("samurai ").strip()
        self.hand.remove(samurai)
        self.discard += [samurai, raid]
        out.append(Discarded((samurai, raid), "raid-samurai"))
        return out + self._fill(exempt=False)

    def _assassin(self, rest: str) -> list[GameEvent]:
        action = self.turns[-1][-1]
        legal = self.legal_actions()
        if action not in legal:
            raise self.illegal(action, "assassin-target", f"the Assassin takes a Leader in hand if there is one, "
                               f"else the last played card: expected {' or '.join(repr(a) for a in legal)}")
        assassin = self._resolved(action)
        gone: tuple[str, ...] = ()
        if rest == "last":
            gone = (self.row.pop().card,)
        elif rest != "none":
            self.hand.remove(rest)
            gone = (rest,)
        self.discard += [*gone, assassin]
        return [Met(assassin, action), Discarded((*gone, assassin), "assassin"), *self._fill(exempt=False)]

    def _ronin(self, rest: str) -> list[GameEvent]:
        action = self.turns[-1][-1]
        legal = self.legal_actions()
        if action not in legal:
            raise self.illegal(action, "ronin-target", "the Ronin returns a counter you hold: expected "
                               + " or ".join(repr(a) for a in legal))
        ronin = self._resolved(action)
        out: list[GameEvent] = [Met(ronin, action)]
        if rest != "none":
            clan, objective = rest.split()
            o = OBJECTIVES.index(objective)
            self.held[clan].discard(o)   # Ruling: a unified board turns back
            out.append(Returned(clan, o))
        self.discard.append(ronin)
        out.append(Discarded((ronin,), "ronin"))
        return out + self._fill(exempt=False)

    def _resolved(self, action: str) -> str:
        enemy = self.striking
        assert enemy is not None
        self.striking = None
        return enemy

    # -- drawing ------------------------------------------------------------------------------

    def _drop_known(self, card: str) -> None:
        if self.known_top:
            self.known_top.pop(0)

    def _shuffle_back(self) -> list[GameEvent]:
        """Set-aside enemies go back into the deck, which is shuffled (Ruling: only then)."""
        if not self.aside:
            return []
        self.deck = self.chance.shuffle(self.deck + self.aside)
        self.aside = []
        self.known_top = []
        return [self.chance.events[-1]]

    def _fill(self, exempt: bool) -> list[GameEvent]:
        """Draw one card at a time up to 5. Where enemies strike (`exempt` False) an enemy drawn
        stops the refill until the player answers it; elsewhere it is set aside and shuffled back
        once the hand is full. A deck too small to fill the hand ends the game, without drawing."""
        out: list[GameEvent] = []
        while len(self.hand) < HAND:
            if len(self.deck) < HAND - len(self.hand):
                self.deck += self.aside
                self.aside = []
                return out + self._end(won=False)
            card = self.deck.pop(0)
            self._drop_known(card)
            if is_enemy(card):
                if exempt:
                    self.aside.append(card)
                    out.append(SetAside(card))
                    continue
                self.striking = card
                self.pending = kind(card)
                return out + [Struck(card)]
            self.hand.append(card)
            out.append(Drew(card))
        out += self._shuffle_back()
        self.pending = "turn"
        if self.turns:
            self.round = self.turns_base + len(self.turns) + 1
        return out

    def _end(self, won: bool) -> list[GameEvent]:
        self.ended, self.won, self.pending = True, won, None
        return [Ended(won, self.score, rank(self.score))]

    # -- positions ------------------------------------------------------------------------------

    def position(self) -> dict[str, Any]:
        """The position between turns: the round, the deck (top first), hand, play area, discard
        pile, the cards out of the game and the counters held per clan."""
        return {"round": self.round, "deck": list(self.deck), "hand": list(self.hand),
                "row": [r.text() for r in self.row], "discard": list(self.discard), "removed": list(self.removed),
                "held": {c: [OBJECTIVES[o] for o in sorted(self.held[c])] for c in self.clans}}

    def set_position(self, table: Mapping[str, Any], where: str) -> None:
        """Start from a stated position. Cards of the deck the table does not name are out of the
        game; naming more copies of a card than the deck has is refused."""
        keys = ("round", "deck", "hand", "row", "discard", "removed", "held", "known_top")
        for k in table:
            if k not in keys:
                raise NotationError(where, f"position.{k}", f"unknown key (expected {', '.join(keys)})")
        rnd = table.get("round", 1)
        if not isinstance(rnd, int) or isinstance(rnd, bool) or rnd < 1:
            raise NotationError(where, "position.round", f"expected a round number of at least 1, got {rnd!r}")
        lists: dict[str, list[str]] = {}
        for k in ("deck", "hand", "row", "discard", "removed"):
            value = table.get(k, [])
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise NotationError(where, f"position.{k}", "expected a list of card names, e.g. [\"hojo-cavalry\"]")
            lists[k] = value
        row: list[InRow] = []
        for i, text in enumerate(lists["row"]):
            card, _, declared = text.partition(" as ")
            if not is_shogun(card.strip()):
                raise NotationError(where, f"position.row[{i}]", f"{quote(card.strip())}: only Shogun cards lie in the "
                                    "play area (never an Envoy or an enemy)")
            try:
                colour, ctype = self._declaration(text, card.strip(), declared.strip())
            except Illegal as exc:
                raise NotationError(where, f"position.row[{i}]", exc.reason) from None
            if row and row[-1].type == ctype:
                raise NotationError(where, f"position.row[{i}]", f"two {ctype} cards side by side")
            row.append(InRow(card.strip(), colour, ctype))
        named = Counter([*lists["deck"], *lists["hand"], *(r.card for r in row), *lists["discard"],
                         *lists["removed"]])
        have = Counter(self.cards)
        for card, n in named.items():
            if n > have[card]:
                raise NotationError(where, "position", f"{card}: named {n} times, the deck has {have[card]}")
        hand = lists["hand"]
        if len(hand) != HAND:
            raise NotationError(where, "position.hand", f"expected {HAND} cards, got {len(hand)}")
        if any(is_enemy(c) for c in hand):
            raise NotationError(where, "position.hand", "an enemy is never kept in the hand")
        held_table = table.get("held", {})
        held: dict[str, set[int]] = {c: set() for c in self.clans}
        if not isinstance(held_table, dict):
            raise NotationError(where, "position.held", "expected a table of objectives by clan")
        for clan, objectives in held_table.items():
            if clan not in self.clans or not isinstance(objectives, list) \
                    or not all(o in OBJECTIVES for o in objectives):
                raise NotationError(where, f"position.held.{clan}", f"expected a clan ({', '.join(self.clans)}) "
                                    f"and a list of {', '.join(OBJECTIVES)}")
            held[clan] = {OBJECTIVES.index(o) for o in objectives}
        self.deck, self.hand, self.row = list(lists["deck"]), list(hand), row
        self.discard = list(lists["discard"])
        self.removed = list(lists["removed"]) + list((have - named).elements())
        self.aside, self.revealed, self.known_top = [], [], []
        self.held = held
        self.round, self.turns_base, self.turns = rnd, rnd - 1, []
        self.pending, self.striking, self.ended, self.won = "turn", None, False, False
        self.events = []
        self.start = self.position()


def parse_ninja(rest: str) -> tuple[str | None, tuple[str, ...]]:
    """``discard X, top A B C`` -> (X, (A, B, C)); ``top A B`` -> (None, (A, B))."""
    gone: str | None = None
    head, _, tail = rest.partition("top")
    head = head.strip().rstrip(",").strip()
    if head.startswith("discard "):
        gone = head.removeprefix("discard ").strip()
    return gone, tuple(tail.split())


def _spaced(action: str) -> str:
    """An answer as `ninja_answers` writes it: single spaces, no ", top" with nothing after it."""
    out = " ".join(action.split())
    for empty in (", top", " top", ","):
        out = out.removesuffix(empty)
    return out


def ninja_answers(revealed: Sequence[str]) -> list[str]:
    """Every legal answer to a Ninja's reveal: a revealed Shogun card to discard (if any), then every
    order of the others, top first."""
    from itertools import permutations
    shogun = sorted({c for c in revealed if is_shogun(c)})
    out: list[str] = []
    if shogun:
        for gone in shogun:
            rest = list(revealed)
            rest.remove(gone)
            out += [f"ninja: discard {gone}" + (f", top {' '.join(p)}" if p else "")
                    for p in _orders(rest, permutations)]
    else:
        out = [f"ninja: top {' '.join(p)}" for p in _orders(list(revealed), permutations)]
    return out


def _orders(cards: list[str],
            permutations: Callable[[list[str]], Iterable[tuple[str, ...]]]) -> Iterable[tuple[str, ...]]:
    seen: set[tuple[str, ...]] = set()
    for p in permutations(cards):
        if p not in seen:
            seen.add(p)
            yield p
