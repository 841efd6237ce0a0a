"""Every policy `pnp simulate` offers plays only legal actions, on every installed game and on the
proof game High Roll (a game pnp knows only through its public interfaces); the same seed gives
the same choices; look-ahead does not change the game it looks at."""

from __future__ import annotations

import random

import pytest

from pnp.catalog import builtin_games, find_game, rules_for
from pnp.games import registry
from pnp.model import load_game
from pnp.simulate.policies import determinize, mcts_policy, policies_for
from tests.test_fixture_game import FIXTURES, FOLDER, make_plugin

GAMES = [e.id for e in builtin_games() if e.rules in registry.modules()]
LONG = {"daimyo", "dojima"}            # big decisions: their MCTS games only in the slow run


def _game(name):
    game = load_game(find_game(name) if name != "high-roll" else FOLDER)
    return game, rules_for(game)


def legal_game(name, policy, seed=1, max_steps=400):
    """Play one game checking each chosen action against the legal actions; returns the final state."""
    game, module = _game(name)
    choose = policies_for(module, budget=3)[policy]
    state = module.new_state(game, module.settings(game, seed=seed))
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        legal = list(state.legal_actions())
        action = choose(state, rng)
        assert action in legal, f"{name}, {policy}: {action!r} is not among the {len(legal)} legal actions"
        state.apply_action(action)
        steps += 1
    return state, steps


@pytest.fixture(scope="module", autouse=True)
def high_roll(tmp_path_factory):
    """The proof game's module installed in this process, as a user's package would be."""
    import sys
    site = make_plugin(tmp_path_factory.mktemp("site"))
    sys.path[:0] = [str(site), str(FIXTURES)]
    registry.forget()
    yield
    for p in (str(site), str(FIXTURES)):
        sys.path.remove(p)
    registry.forget()


@pytest.mark.parametrize("name", [*GAMES, "high-roll"])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_generic_policies_play_legal_games(name, policy):
    state, steps = legal_game(name, policy)
    assert steps > 0


@pytest.mark.parametrize("name", [g for g in [*GAMES, "high-roll"] if g not in LONG])
def test_mcts_plays_legal_moves(name):
    legal_game(name, "mcts", max_steps=60)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(LONG & set(GAMES)))
def test_mcts_plays_legal_moves_on_long_games(name):
    legal_game(name, "mcts", max_steps=40)


@pytest.mark.parametrize("policy", ["greedy", "mcts"])
def test_same_seed_same_choices(policy):
    game, module = _game("daimyni")
    picks = []
    for _ in range(2):
        state = module.new_state(game, module.settings(game, seed=9))
        rng = random.Random(9)
        choose = policies_for(module, budget=4)[policy]
        seq = []
        for _ in range(12):
            action = choose(state, rng)
            seq.append(action)
            state.apply_action(action)
        picks.append(seq)
    assert picks[0] == picks[1]


def test_looking_ahead_leaves_the_game_unchanged():
    game, module = _game("high-roll")
    state = module.new_state(game, module.settings(game, seed=4))
    before = (state.position(), state.chance.rng.getstate())
    mcts_policy(budget=8)(state, random.Random(1))
    assert (state.position(), state.chance.rng.getstate()) == before


def test_determinisation_hides_the_other_clans_face_down_cards():
    # Daimyni: the second clan to lay its cards must not know which two the first laid face down.
    game, module = _game("daimyni")
    state = module.new_state(game, module.settings(game, seed=1))
    first = state.decision().player
    laid = state.legal_actions()[0]
    state.apply_action(laid)
    second = state.decision().player
    seen = {determinize(state, second, random.Random(s)).commits.own(first) for s in range(40)}
    assert len(seen) > 5                                        # many guesses, not the real cards
    assert all(determinize(state, first, random.Random(s)).commits.own(first) == laid.cards for s in range(5))
    for s in range(10):                                         # each guess is a possible world
        world = determinize(state, second, random.Random(s))
        assert len(world.hand[first]) == len(state.hand[first])
        assert not set(world.commits.own(first)) & world.hand[first]
