"""Shogun Solitaire positions stated by hand for rule tests."""

from functools import cache
from pathlib import Path

from pnp.engine.core import Chance
from pnp.games.shogun_solitaire.rules import ShogunState, deck_of
from pnp.model.game import load_game

ROOT = Path(__file__).resolve().parents[3]
FOLDER = ROOT / "cards" / "shogun-solitaire"


@cache
def game():
    return load_game(FOLDER)


def at(hand, deck=(), row=(), held=None, discard=(), seed=0):
    """A state at the start of a turn: `deck` top first; cards not named are out of the game."""
    cards, clans = deck_of(game())
    state = ShogunState(cards, clans, Chance(seed))
    state.set_position({"hand": list(hand), "deck": list(deck), "row": list(row), "held": dict(held or {}),
                        "discard": list(discard)}, "test")
    return state


def run(state, *actions):
    for a in actions:
        state.apply_action(a)
    return state
