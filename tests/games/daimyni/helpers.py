"""Build Daimyni positions by hand for rule tests."""

from pnp.games.daimyni.actions import PlayCards
from pnp.games.daimyni.rules import new_game


def position(red=None, blue=None, red_daimyo="a3", blue_daimyo="g4", tanbo=("d2", "d4"), red_area=None,
             blue_area=None):
    """A fresh game whose board is replaced: red/blue map cells to Bushi counts."""
    state = new_game()
    state.bushi = {"red": dict(red or {}), "blue": dict(blue or {})}
    state.daimyo = {"red": red_daimyo, "blue": blue_daimyo}
    state.tanbo = list(tanbo)
    state.area = {"red": 9 - sum(state.bushi["red"].values()) if red_area is None else red_area,
                  "blue": 9 - sum(state.bushi["blue"].values()) if blue_area is None else blue_area}
    return state


def play(state, red, blue):
    state.apply_action(PlayCards(tuple(red)))
    state.apply_action(PlayCards(tuple(blue)))
    return state
