"""A uniformly random legal Daimyo action without listing them all (`DaimyoState.sample_action`).

Each draw here is the draw `rng.choice(state.legal_actions())` makes: the same number of choices,
the same place in the same order, so a seed plays the same game either way (random policies,
`pnp.engine.playout`, MCTS rollouts; pinned by tests/simulate/test_random_game_digests.py). What
it saves is building every choice as an object to keep one: a Bushi Move lists every count of every
unit to every open neighbour, a Han Move every free spot of every movable Han, asked a hundred
times a game. Decisions it does not count (setup, interludes, Special Action cards, moves a Mastery
card adds) are drawn from the listed legal actions.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...engine import Decision
from ...hexgrid import Pos
from .actions import Action, MoveBushi, MoveDaimyo, MoveHan, Pass, PassCards, PlaceHan, PlayCards, Recruit, Special
from .effects import board_variants

if TYPE_CHECKING:           # (rules.py asks for this module: at run time the state brings what it needs)
    from .rules import DaimyoState

ONE = (None,)       # a choice among one action (a lone Pass) still takes bits from the generator
VARIED = ("bushi-move", "daimyo-move", "bushi-recruitment")     # the effects a Mastery card adds ways to


def sample(state: DaimyoState, rng: random.Random, d: Decision | None) -> Action:
    """A uniformly random legal action at `d`, the state's `decision()`."""
    if d is not None and d.kind == "play":
        cards = state.sorted_cards(state.hand[d.player])
        n = len(cards)
        if n >= 2:
            return PlayCards(_pair(cards, rng.choice(range(n * (n - 1) // 2))))
    if d is not None and d.kind == "pass":
        played = state.commits.own(d.player)
        if played is not None and len(played) == 2:      # `legal_actions`: both ways round
            a, b = played
            return PassCards(a, b) if rng.choice(range(2)) == 0 else PassCards(b, a)
    if d is not None and d.kind in ("strategy", "diplomacy"):
        drawn = _interlude(state, d.player, d.kind, rng)
        if drawn is not None:
            return drawn
    if d is not None and d.kind == "resolve":
        assert d.card is not None        # a resolve decision names its card
        kind = state.kind(d.card, d.player)
        if kind in VARIED:
            # the ways a Mastery card adds come after the basic ones, as `BasicEffect.options` lists them
            extra = board_variants(state, d.player, kind) if state.variant_hooks else []
            if kind == "bushi-move":
                return _bushi_move(state, d.player, rng, extra)
            if kind == "daimyo-move":
                return _daimyo_move(state, d.player, rng, extra)
            k = rng.choice(range(1 + len(extra)))
            return extra[k - 1] if k else Recruit()
        if kind == "han-move":
            return _han_move(state, rng)
        if kind == "new-han":
            spots = state.map_facts().spots
            if not spots:
                rng.choice(ONE)
                return Pass()
            return PlaceHan(state.han_reserve[0], spots[rng.choice(range(len(spots)))])
    return rng.choice(state.legal_actions())


def _pair(cards: list[str], k: int) -> tuple[str, str]:
    """The `k`-th pair of `itertools.combinations(cards, 2)`."""
    n = len(cards)
    for i in range(n - 1):
        row = n - 1 - i
        if k < row:
            return cards[i], cards[i + 1 + k]
        k -= row
    raise IndexError(k)


def _bushi_move(state: DaimyoState, clan: str, rng: random.Random, extra: list[Action]) -> Action:
    """`BushiMove.options`: from each tile (sorted) to each neighbour the clan may enter, every
    (Bushi, Rōnin) count but (0, 0), Bushi counts outermost; then the `extra` ways."""
    bushi, ronin = state.bushi[clan], state.ronin[clan]
    # (tile, where its units may go, moves to each of them, Rōnin there)
    slots: list[tuple[str, list[str], int, int]] = []
    total = 0
    # Without teams no ally holds a Han, and without an entry rule nothing else bars one: every
    # neighbour may be entered (`Board.can_enter`).
    open_all = not state.entry_hooks and not state.rules.options.teams
    for tile in sorted(bushi.keys() | ronin.keys()):
        m = ronin.get(tile, 0)
        per = (bushi.get(tile, 0) + 1) * (m + 1) - 1
        near = state.near(tile)
        if not open_all:
            near = [dst for dst in near if state.can_enter(clan, dst)]
        if near:
            slots.append((tile, near, per, m))
            total += per * len(near)
    if not total + len(extra):
        rng.choice(ONE)
        return Pass()
    k = rng.choice(range(total + len(extra)))
    if k >= total:
        return extra[k - total]
    for tile, near, per, m in slots:
        if k < per * len(near):
            at, k = divmod(k, per)
            count, hired = divmod(k + 1, m + 1)       # (0, 0) is left out: the first move is index 1
            return MoveBushi(tile, near[at], count, None, False, hired)
        k -= per * len(near)
    raise AssertionError("a draw below the total falls in a slot")


def _daimyo_move(state: DaimyoState, clan: str, rng: random.Random, extra: list[Action]) -> Action:
    """`DaimyoMove.options`: to each neighbour the Daimyo may enter; then the `extra` ways."""
    src = state.daimyo[clan]
    assert src is not None      # a clan without its Daimyo has lost: nothing resolves after
    near = [dst for dst in state.near(src) if state.daimyo_may_enter(clan, dst)]
    if not near and not extra:
        rng.choice(ONE)
        return Pass()
    k = rng.choice(range(len(near) + len(extra)))
    return MoveDaimyo(src, near[k]) if k < len(near) else extra[k - len(near)]


def _interlude(state: DaimyoState, clan: str, kind: str, rng: random.Random) -> Action | None:
    """`mastery.interlude_actions`: skipping, then (giving up a Bushi of the clan's first Han) the
    Master of Strategy barring each empty Han, or the Master of Diplomacy moving each neutral Han
    that may move (as `han_movable`) to each free spot of the map without it. None when the clan has
    no Bushi to give up (the listing says what then)."""
    bushi = state.bushi[clan]
    if not bushi:
        return None
    sacrifice = min(bushi)
    held = state.held_tiles()
    if kind == "strategy":
        empty = [t for t in sorted(state.tile_pos) if t not in held]
        k = rng.choice(range(1 + len(empty)))
        return Special("bar", (empty[k - 1], sacrifice)) if k else Special("skip")
    facts = state.map_facts()
    movable: list[tuple[str, Pos, int]] = []
    total = 1
    if len(state.tile_pos) > 1:
        tile_pos, touched, owner = state.tile_pos, state.touched, state.tile_owner
        for tile in sorted(t for t in tile_pos if owner[t] is None):
            if tile not in held and tile not in touched:
                room = facts.room(tile_pos[tile])
                if room is not None:
                    movable.append((tile, tile_pos[tile], room))
                    total += room
    k = rng.choice(range(total)) - 1
    if k < 0:
        return Special("skip")
    for tile, pos, room in movable:
        if k < room:
            q, r = facts.spot_without(pos, k)
            return Special("diplomacy", (sacrifice, tile, f"{q},{r}"))
        k -= room
    raise AssertionError("a draw below the total falls in a Han's spots")


def _han_move(state: DaimyoState, rng: random.Random) -> Action:
    """`HanMove.options`: each Han (sorted) that may move, to each free spot of the map without it."""
    facts = state.map_facts()
    movable: list[tuple[str, Pos, int]] = []
    total = 0
    if len(state.tile_pos) > 1:
        tile_pos, touched = state.tile_pos, state.touched
        held = state.held_tiles()
        for tile in sorted(tile_pos):
            pos = tile_pos[tile]
            if tile not in held and tile not in touched:
                # Board.free_spots(without=tile): the free spots less those touching this Han alone.
                room = facts.room(pos)
                if room is not None:
                    movable.append((tile, pos, room))
                    total += room
    if not total:
        rng.choice(ONE)
        return Pass()
    k = rng.choice(range(total))
    for tile, pos, room in movable:
        if k < room:
            return MoveHan(tile, facts.spot_without(pos, k))
        k -= room
    raise AssertionError("a draw below the total falls in a Han's spots")
