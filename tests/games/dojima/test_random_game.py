"""`DojimaState.random_game` (`pnp simulate --policy random`) plays the very game the module's
`random` policy plays through `apply_action`: the same decisions, labels, rounds, tracks and the
same notation file (every round's draft, dice, cards laid, picks, Imperial move and sales), in every
mode, when it is cut short by `max_steps` or a round cap, and when it cannot play whole rounds.
Its cached tables equal what they stand for."""

from __future__ import annotations

import dataclasses
import itertools
import random
from typing import Any

import pytest

from pnp.games.dojima import notation
from pnp.games.dojima.random_game import _assign_text, _effects, three_equal
from pnp.games.dojima.rules import DojimaState, assign_text, field_effect, triple

from .helpers import GAME, MODULE
from .test_playouts import EVERY_MODE, fast_first


def new_state(players: int, options: tuple[str, ...], seed: int, round_cap: int | None = None) -> DojimaState:
    settings = MODULE.settings(GAME, players, options, seed)
    if round_cap is not None:
        settings = dataclasses.replace(settings, round_cap=round_cap)
    return MODULE.new_state(GAME, settings)


def by_policy(state: DojimaState, rng: random.Random, max_steps: int = 100_000) -> tuple[int, list[tuple[str, str]]]:
    """The game as `pnp simulate` plays it without the fast path: the `random` policy's action,
    its labels, then `apply_action`, one decision at a time."""
    policy = MODULE.policy("random")
    plays: list[tuple[str, str]] = []
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        d = state.decision()
        assert d is not None
        action = policy(state, rng)
        plays += [(d.player, label) for label in state.action_labels(action)]
        state.apply_action(action)
        steps += 1
    return steps, plays


def outcome(state: DojimaState) -> dict[str, Any]:
    """What a finished (or stopped) game leaves that a record, a table or a notation file reads."""
    return {"returns": state.returns(), "round": state.round, "season": state.season, "first": state.first,
            "over": state.over, "stopped": state.stopped, "winners": state.winners, "water": state.water,
            "rice": state.rice, "ryo": state.ryo, "reserve": state.reserve, "box": state.box,
            "notation": notation.write(state, "t", "d")}


@pytest.mark.parametrize("players,options", fast_first(EVERY_MODE))
def test_random_game_plays_the_policys_game(players: int, options: tuple[str, ...]) -> None:
    for seed in range(6):
        fast, slow = new_state(players, options, seed), new_state(players, options, seed)
        fast_rng, slow_rng = random.Random(seed), random.Random(seed)
        assert fast.random_game(fast_rng) == by_policy(slow, slow_rng)
        assert outcome(fast) == outcome(slow)
        assert fast.over and len(fast.history) == fast.round
        assert fast_rng.getstate() == slow_rng.getstate()       # not one draw more or fewer


@pytest.mark.parametrize("players,options", [(2, ()), (3, ()), (4, ("dice-first",)), (6, ("short-game",))])
def test_cut_short_it_leaves_the_game_apply_action_would(players: int, options: tuple[str, ...]) -> None:
    """Cut at `max_steps` (inside a round, or before any), the state stands where the policy's game
    stands, and both play on to the same end."""
    for seed, cut in itertools.product(range(3), (0, 1, 7, 31, 57, 120)):
        fast, slow = new_state(players, options, seed), new_state(players, options, seed)
        fast_rng, slow_rng = random.Random(seed), random.Random(seed)
        assert fast.random_game(fast_rng, max_steps=cut) == by_policy(slow, slow_rng, max_steps=cut)
        assert (fast.position(), fast.phase, fast.decision(), fast.legal_actions()) == (
            slow.position(), slow.phase, slow.decision(), slow.legal_actions())
        assert by_policy(fast, fast_rng) == by_policy(slow, slow_rng)
        assert outcome(fast) == outcome(slow)


@pytest.mark.parametrize("players", [2, 5])
def test_a_round_cap_stops_it_where_it_stops_the_policys_game(players: int) -> None:
    for seed in range(3):
        fast, slow = new_state(players, (), seed, round_cap=4), new_state(players, (), seed, round_cap=4)
        assert fast.random_game(random.Random(seed)) == by_policy(slow, random.Random(seed))
        assert fast.stopped and fast.round == 5
        assert outcome(fast) == outcome(slow)


def test_mid_round_or_another_generator_plays_choice_by_choice() -> None:
    """Once a round's dice are rolled (its first decision asked), or with a generator of another
    kind, whole rounds are not played: the same game still comes out."""

    class Other(random.Random):
        pass

    for players in (2, 4):
        asked, slow = new_state(players, (), 9), new_state(players, (), 9)
        asked.decision()
        assert asked.random_game(random.Random(9)) == by_policy(slow, random.Random(9))
        assert outcome(asked) == outcome(slow)
        other, slow = new_state(players, (), 9), new_state(players, (), 9)
        assert other.random_game(Other(9)) == by_policy(slow, Other(9))
        assert outcome(other) == outcome(slow)


def test_the_cached_tables_are_what_they_stand_for() -> None:
    """`_effects` and `_assign_text` are functions of their arguments alone (nothing invalidates
    them); `three_equal` reads sorted dice. Each against what the rules compute, everywhere."""
    for advisor, saboteur, sake in itertools.product(range(1, 7), (False, True), (False, True)):
        table = _effects(advisor, saboteur, sake)
        assert table[1:] == tuple(field_effect(v, advisor, saboteur, sake) for v in range(1, 7))
    for count in (3, 4):
        for dice in itertools.combinations_with_replacement(range(1, 7), count):
            assert three_equal(dice) == triple(dice), dice
    cards = ("market-advisor", "sower", "waterer", "merchant")
    for values in itertools.product((1, 4, 6), repeat=4):
        assert _assign_text(cards, values) == assign_text(dict(zip(cards, values)))
