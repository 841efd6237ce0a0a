"""`DaimyoState.sample_action` draws what `rng.choice(legal_actions())` draws (the same game for the
same seed, and a legal action), in basic and advanced games of 2-4 players."""

import random
from dataclasses import replace

import pytest

from pnp.games.daimyo.rules import DaimyoState
from pnp.games.daimyo.state import Options, Rules
from pnp.model import load_game
from pnp.paths import cards_dir

GAME = load_game(cards_dir() / "daimyo")
ADVANCED = dict(balanced=True, fortifications=True, inaccessible=True, formation=True, special=True, mastery=True)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("advanced", [False, True])
def test_a_sampled_action_is_the_one_a_choice_among_the_legal_actions_gives(players: int, advanced: bool) -> None:
    kinds = set()
    for seed in range(4):
        extra = dict(ADVANCED, teams=players == 4) if advanced else {}
        state = DaimyoState(Rules(GAME, replace(Options(players=players, round_cap=12, **extra), seed=seed)))
        rng = random.Random(seed)
        while not state.is_terminal():
            listed = state.legal_actions()
            before = rng.getstate()
            expected = rng.choice(listed)
            after = rng.getstate()
            rng.setstate(before)
            drawn = state.sample_action(rng)
            assert drawn == expected and rng.getstate() == after, (seed, state.decision(), drawn, expected)
            d = state.decision()
            assert d is not None
            kinds.add(d.kind if d.card is None else state.kind(d.card, d.player))
            state.apply_action(drawn)
    drawn_by_counting = {"play", "bushi-move", "han-move", "new-han", "bushi-recruitment", "daimyo-move"}
    assert drawn_by_counting | ({"pass"} if players > 2 else set()) <= kinds



def test_the_resolution_order_is_the_engines_priority_order_by_printed_priority() -> None:
    from pnp.engine import priority_order

    state = DaimyoState(Rules(GAME, Options(players=4, seed=1)))
    rng = random.Random(5)
    cards = sorted(state.rules.cards)
    for _ in range(200):
        drawn = rng.sample(cards, 8)
        chosen = {clan: tuple(drawn[2 * i:2 * i + 2]) for i, clan in enumerate(state.rules.clans)}
        expected = priority_order(chosen, key=lambda played: state.rules.priority[played[0]])
        assert state._resolution_order(chosen) == expected
