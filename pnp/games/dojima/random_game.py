"""A whole uniformly random Dôjima game as `pnp simulate --policy random` plays it, fast.

`DojimaState.random_game` draws exactly what the module's `random` policy draws (one choice among
the legal actions, in the order `legal_for` lists them) from the same generator, and the same dice
from the game's `Chance`, and changes the position as `apply_action` does, so a seed gives the very
game the policy gives (pinned by tests/simulate/test_random_game_digests.py; tests/games/dojima/
test_random_game.py compares the two round by round).

From the start of a round, with seeded dice (`Chance` on a `random.Random`), it plays whole rounds
in `RoundPlayer`: each choice is drawn as its place in the legal list, without writing the list
out, and carried out on the few facts the rules read, without `Decision` objects, events, checks
of a choice drawn from the legal ones, or the chance log. Each round's `RoundRecord` (what the
notation writes) goes to `history` as `apply_action` would leave it, but without its events; the
state's `events` and the round's working fields (hands, dice, the table) are not kept. Anywhere
else (a replay's recorded dice, the middle of a round, another generator) the game goes on choice
by choice through `apply_action`, as the policy plays it.
"""

from __future__ import annotations

import functools
import random
from bisect import insort
from collections.abc import Callable
from typing import TYPE_CHECKING

from ...engine.core import Chance, _shuffle
from .basics import (
    BASIC,
    BEGGAR,
    IMPERIAL,
    MAX_RICE,
    MAX_WATER,
    ROLES,
    SABOTEUR,
    SAKE,
    SEASON_WATER,
    SEASONS,
    RoundRecord,
    _orderings,
    field_effect,
)

if TYPE_CHECKING:           # (rules.py asks for this module: at run time the state brings what it needs)
    from .rules import DojimaState

# The pyramid (rules._pick_die): slots 3-5 at the bottom, 1-2 on them, 0 at the top; a card turns up
# once both cards it rests on have a die. By the slot given a die: (the card above it, the other
# card that one rests on).
TURNS_UP: tuple[tuple[tuple[int, int], ...], ...] = ((), ((0, 2),), ((0, 1),), ((1, 4),), ((1, 3), (2, 5)), ((2, 4),))
SALE_PAYS = {0: 0, 1: 1, 3: 2}
SELL_LABEL = {1: "sell 1", 3: "sell 3"}


def random_game(state: DojimaState, rng: random.Random, max_steps: int) -> tuple[int, list[tuple[str, str]]]:
    """Play `state` to its end (or `max_steps` decisions): the decisions taken, and (player, label)
    for every labelled choice, as `pnp.simulate.run.labels` names them (`action_labels`)."""
    plays: list[tuple[str, str]] = []
    steps = 0
    if _whole_rounds(state, rng):
        steps = RoundPlayer(state, rng, plays).play(max_steps)
    return _step_by_step(state, rng, max_steps, steps, plays)


def _whole_rounds(state: DojimaState, rng: random.Random) -> bool:
    """Whether `RoundPlayer` may play on: seeded dice and generator (whose draws it makes itself,
    bit for bit), a game started and standing at the start of a round."""
    dice = state.dice_source
    return (type(rng) is random.Random and type(dice) is Chance and type(dice.rng) is random.Random
            and state._started and not (state.over or state.stopped) and state.record is not None
            and (state.phase == "roll" or (state.phase == "draft" and not state.variant and state.draft_at == 0)))


@functools.cache
def _assign_text(cards: tuple[str, ...], values: tuple[int, ...]) -> str:
    """rules.assign_text of the cards laid on the values in order (cached: a function of its
    arguments alone, a few hundred of them in a game, nothing invalidates it)."""
    return ", ".join(f"{c} {v}" for c, v in zip(cards, values))


@functools.cache
def _effects(advisor: int, saboteur: bool, sake: bool) -> tuple[str, ...]:
    """rules.field_effect for the fields 0 (unused) to 6 under an advisor on `advisor` (cached: a
    function of its arguments alone, nothing invalidates it)."""
    return ("",) + tuple(field_effect(v, advisor, saboteur, sake) for v in range(1, 7))


def three_equal(dice: tuple[int, ...]) -> bool:
    """rules.triple for three or four dice in ascending order, where three equal lie side by side."""
    return dice[0] == dice[2] or (len(dice) > 3 and dice[1] == dice[3])


class RoundPlayer:
    """Whole random rounds on the state's tracks (see the module docstring); `play` writes back
    what a round changes beyond the tracks (round, season, first player, reserve, box, the end)."""

    def __init__(self, state: DojimaState, rng: random.Random, plays: list[tuple[str, str]]):
        self.state = state
        self.plays = plays
        # choice(seq) is seq[_randbelow(len(seq))]: the same draw, without the list
        self.below: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]
        self.bits = state.dice_source.rng.getrandbits
        self.players = state.players
        self.two, self.variant = state.two, state.variant
        self.water, self.rice, self.ryo = state.water, state.rice, state.ryo
        self.reserve, self.box = state.reserve, state.box
        self.first = state.first
        self.round, self.season = state.round, state.season

    def play(self, max_steps: int) -> int:
        """Whole rounds until the game ends or a round might pass `max_steps` decisions (then the
        state stands at the start of the next round, for `apply_action`); the decisions taken."""
        state = self.state
        most = 4 * len(self.players) + 6    # decisions in a round at most (with every Imperial chance)
        steps = 0
        while steps + most <= max_steps:
            steps += self.one_round()
            if state.over or state.stopped:
                return steps
        if steps:                           # (no round played: the state has not changed)
            self.write_back()
            state._start_round()
        return steps

    def write_back(self) -> None:
        """The counts a round changes, on the state (the tracks are the state's own dicts)."""
        state = self.state
        state.reserve, state.box, state.first, state.round, state.season = (
            self.reserve, self.box, self.first, self.round, self.season)
        state._asked = None

    def roll(self, count: int) -> tuple[int, ...]:
        """Chance.roll(count, 6), sorted: the same bits (`bit_length` of 6, until below 6)."""
        bits = self.bits
        drawn = []
        for _ in range(count):
            r = bits(3)
            while r >= 6:
                r = bits(3)
            drawn.append(1 + r)
        drawn.sort()
        return tuple(drawn)

    def one_round(self) -> int:
        players = self.players
        rec = RoundRecord(self.round, SEASONS[self.season], self.first)
        i = players.index(self.first)
        order = players[i:] + players[:i]
        steps = 0
        hand: dict[str, str] = {}
        if self.two:
            dice, free, pyramid = self.roll_two(rec, order)
            steps += self.rerolls(rec, order, dice)
            laid = self.lay(rec, dice, hand)
            steps += len(players) + 6
            fields = self.picks(rec, order, free, pyramid)
            owner: dict[str, str | None] = dict.fromkeys(fields)
        else:
            if self.variant:
                dice, black = self.roll_many(rec, order)
                steps += self.rerolls(rec, order, dice)
                hidden = self.draft(rec, order, hand)
            else:
                hidden = self.draft(rec, order, hand)
                dice, black = self.roll_many(rec, order)
                steps += self.rerolls(rec, order, dice)
            laid = self.lay(rec, dice, hand)
            steps += 2 * len(players)
            fields = {hand[p]: laid[p][hand[p]] for p in players}
            owner = {hand[p]: p for p in players}
            fields[hidden], owner[hidden] = black, None
        steps += self.reveal(rec, order, fields, owner, {p: [laid[p][r] for r in ROLES] for p in players})
        self.end_round(rec, owner.get(SABOTEUR))
        return steps

    # -- the choices and dice of a round, in the order the rules ask for them -----------------------

    def draft(self, rec: RoundRecord, order: tuple[str, ...], hand: dict[str, str]) -> str:
        """The draft (3-6 players), as legal_for lists each choice; the hidden advisor."""
        below, plays = self.below, self.plays
        pool = sorted(self.state.advisors)
        m = len(pool) - 1
        k = below(len(pool) * m)            # "keep K hide H" for each K, then each H but K, sorted
        keep = pool[k // m]
        hide = [c for c in pool if c != keep][k % m]
        pool.remove(keep)
        pool.remove(hide)
        first = order[0]
        rec.draft[first] = keep
        rec.draft["hide"] = hide
        hand[first] = keep
        plays.append((first, keep))
        for p in order[1:-1]:
            keep = pool.pop(below(len(pool)))   # "keep K" for each K of the pool, sorted
            rec.draft[p] = hand[p] = keep
            plays.append((p, keep))
        p = order[-1]
        offer = [*pool, hide]                   # the last player: the card left or the face-down one
        keep = sorted(offer)[below(2)]
        offer.remove(keep)
        rec.draft[p] = hand[p] = keep
        plays.append((p, keep))
        return offer[0]

    def roll_many(self, rec: RoundRecord, order: tuple[str, ...]) -> tuple[dict[str, tuple[int, ...]], int]:
        """3-6 players: the black die, then four dice each from the first player."""
        (black,) = self.roll(1)
        rec.black = black
        dice = {}
        for p in order:
            dice[p] = rec.roll[p] = self.roll(4)
        return dice, black

    def roll_two(self, rec: RoundRecord, order: tuple[str, ...]
                 ) -> tuple[dict[str, tuple[int, ...]], list[int], list[str]]:
        """Two players: the pyramid shuffled, three worker dice each, then three advisor dice each."""
        pyramid = sorted(self.state.advisors)
        _shuffle(self.state.dice_source.rng, pyramid)
        rec.pyramid = tuple(pyramid)
        dice = {}
        for p in order:
            dice[p] = rec.roll[p] = self.roll(3)
        free: list[int] = []
        for p in order:
            rec.advisor_dice[p] = values = self.roll(3)
            free += values
        return dice, free, pyramid

    def rerolls(self, rec: RoundRecord, order: tuple[str, ...], dice: dict[str, tuple[int, ...]]) -> int:
        """Each player with three equal dice, in order: "reroll" or "stand"; the decisions taken."""
        steps = 0
        for p in order:
            d = dice[p]
            if three_equal(d):
                steps += 1
                if not self.below(2):
                    dice[p] = rec.reroll[p] = self.roll(len(d))
                    self.plays.append((p, "reroll"))
        return steps

    def lay(self, rec: RoundRecord, dice: dict[str, tuple[int, ...]], hand: dict[str, str]
            ) -> dict[str, dict[str, int]]:
        """Everyone lays their cards on their dice, in seat order: one of the dice's orders."""
        below = self.below
        laid = {}
        for p in self.players:
            cards = (hand[p],) + ROLES if hand else ROLES
            orders = _orderings(dice[p])
            values = orders[below(len(orders))]
            rec.assign[p] = _assign_text(cards, values)
            laid[p] = dict(zip(cards, values))
        return laid

    def picks(self, rec: RoundRecord, order: tuple[str, ...], free: list[int], pyramid: list[str]
              ) -> dict[str, int]:
        """Two players: the six advisor dice to face-up pyramid cards in turn; each advisor's field."""
        below, plays, picks = self.below, self.plays, rec.picks
        faces = [3, 4, 5]               # the face-up cards without a die, in pyramid order
        on = [0] * 6                    # the die on each card (0: none yet)
        free.sort()
        for turn in range(6):
            values = list(dict.fromkeys(free))      # the free values, ascending
            n = len(faces)
            k = below(len(values) * n)  # "V card" for each free value V, then each face-up dieless card
            slot, value = faces.pop(k % n), values[k // n]
            free.remove(value)
            on[slot] = value
            card = pyramid[slot]
            picks.append(f"{value} {card}")
            plays.append((order[turn % 2], card))
            for above, beside in TURNS_UP[slot]:    # a card turns up when its second card below has a die
                if on[beside]:
                    insort(faces, above)
        return dict(zip(pyramid, on))

    def reveal(self, rec: RoundRecord, order: tuple[str, ...], fields: dict[str, int],
               owner: dict[str, str | None], workers: dict[str, list[int]]) -> int:
        """Steps B-E: the Imperial's chances, the workers paid, the sales, the Beggar; the decisions."""
        below, plays, water, rice = self.below, self.plays, self.water, self.rice
        steps = 0
        holder = owner.get(IMPERIAL)
        saboteur, sake = fields.get(SABOTEUR), fields.get(SAKE)
        for at, adv in enumerate(BASIC):
            if holder is not None:          # until the holder moves a worker ("pass" keeps the chance)
                steps += 1
                k = below(4 - at)           # "pass", then "imperial R" for each role not yet paid
                if k:
                    role = ROLES[at + k - 1]
                    workers[holder][at + k - 1] = fields[IMPERIAL]
                    rec.imperial = (holder, role)
                    plays.append((holder, f"imperial {role}"))
                    holder = None
            a = fields[adv]
            effect = _effects(a, saboteur == a, sake == a)
            if at == 0:
                for p in order:
                    gain = {"active": 3, "adjacent": 1, "empty": 0}[effect[workers[p][0]]]
                    rice[p] = min(MAX_RICE, rice[p] + gain)
            elif at == 1:
                for p in order:
                    eff = effect[workers[p][1]]
                    if eff == "active":
                        water[p] = min(MAX_WATER, water[p] + 1)
                    elif eff == "empty":
                        rice[p] -= min(max(0, 3 - water[p]), rice[p])
                        water[p] = max(0, water[p] - 3)
            else:
                for p in order:
                    steps += 1
                    eff = effect[workers[p][2]]
                    has = rice[p]
                    n = (eff != "empty" and has >= 1) + (eff == "active" and has >= 3)
                    k = below(n + 1)        # "no sale", then "sell 1" and "sell 3" where they may
                    if k:
                        units = 1 if k == 1 else 3
                        rice[p] -= units
                        self.pay(p, SALE_PAYS[units])
                        rec.sell[p] = units
                        plays.append((p, SELL_LABEL[units]))
        if BEGGAR in fields:
            value = fields[BEGGAR]
            who = [p for p in self.players if p != self.first][0] if self.two else owner[BEGGAR]
            if who is not None and not any(fields.get(b) == value for b in BASIC):
                self.pay(who, 1)
        return steps

    def pay(self, p: str, ryo: int) -> None:
        """From the reserve; what it lacks from the box (rules._pay)."""
        from_reserve = min(ryo, self.reserve)
        self.reserve -= from_reserve
        self.box -= ryo - from_reserve
        self.ryo[p] += ryo

    def end_round(self, rec: RoundRecord, saboteur: str | None) -> None:
        """rules._end_round: autumn's overstock, the first player, the season's end or the game's."""
        state, players = self.state, self.players
        if self.season == 2 and self.reserve > 0:
            self.reserve -= 1
            self.box += 1
        left = players[(players.index(self.first) + 1) % len(players)]
        self.first = saboteur if saboteur is not None and not self.two else left
        state.history.append(rec)
        if self.reserve == 0:
            self.season += 1
            if self.season >= len(SEASONS):
                self.write_back()
                state.record = rec
                state.over = True
                state.winners = state.leaders()
                state.phase = "over"
                return
            per = state.per_season
            self.reserve = per
            self.box -= per
            gain = SEASON_WATER[SEASONS[self.season]]
            for p in players:
                self.water[p] = min(MAX_WATER, self.water[p] + gain)
        self.round += 1
        cap = state.round_cap
        if cap is not None and self.round > cap:
            self.write_back()
            state.record = rec
            state.stopped = True
            state.phase = "over"


def _step_by_step(state: DojimaState, rng: random.Random, max_steps: int, steps: int,
                  plays: list[tuple[str, str]]) -> tuple[int, list[tuple[str, str]]]:
    """The rest of the game choice by choice, as the policy draws and `apply_action` carries out."""
    choice = rng.choice
    # choice(range(n)) is range(n)[_randbelow(n)]: the same draw, asked of the generator directly
    below = rng._randbelow if type(rng) is random.Random else lambda n: choice(range(n))  # type: ignore[attr-defined]
    while not (state.over or state.stopped) and steps < max_steps:      # is_terminal, inlined
        d = state.decision()
        assert d is not None        # a state that is not over has a decision
        p, kind = d.player, d.kind
        if kind == "pick":
            # legal_for: f"{value} {card}" for each free die value (ascending), each face-up dieless card.
            faces = [i for i in range(6) if state.up[i] and state.pyramid_dice[i] is None]
            values = sorted(set(state.free_dice))
            n = len(values) * len(faces)
            if not n:               # (choice raises on an empty list; _randbelow(0) would never return)
                raise IndexError("a pick decision without a legal pick")
            k = below(n)            # the same draw as a choice from that list
            card = state.pyramid[faces[k % len(faces)]]
            plays.append((p, card))
            state._carried(state._pick_die(p, values[k // len(faces)], card))
        elif kind == "assign":
            order = choice(state.orderings(p))             # as the module's random policy draws it
            state._carried(state._lay(p, dict(zip(state.cards_of(p), order))))
        elif kind == "sell":
            sales = state._sales(p)                         # legal_for: "no sale", then "sell N" for each
            k = below(len(sales) + 1)
            if k:
                plays.append((p, f"sell {sales[k - 1]}"))
            state._carried(state._sold(p, sales[k - 1] if k else 0))
        else:                       # a draft, a re-roll, the Imperial: rare, through the checked path
            action = choice(state.legal_for(d))
            plays.extend((p, label) for label in state.action_labels(action))
            state.apply_action(action)
        steps += 1
    return steps, plays
