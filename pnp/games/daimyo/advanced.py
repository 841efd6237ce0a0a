"""Daimyo's advanced rules, each switched on in `Options`, each a set of `Hooks` at fixed points of
a round (`hooks_for` lists those in play, in the order they act):

- balanced: hands dealt by the cards' seat marks (in `state.Board._deal`);
- formation: before round 1 each player draws a Densho card; in that card's priority order each
  places its Daimyo on one of its three Han (`BattleFormation`, decisions in `setup`);
- fortifications: +1 for defenders on their own clan's Han (`Fortifications`);
- special: Special Action cards F1-F8 (effects in `specials`) and the Rōnin (`SpecialActions`);
- mastery: Mastery cards (`mastery`);
- inaccessible: a Daimyo never enters a rival clan's Han (`InaccessibleClans`);
- teams: 4 players, seats 1+3 against 2+4; allies neither share a Han nor fight, and a player
  wins by control over the two rival clans (`state.Rules.rivals`).
"""

from __future__ import annotations

from ...engine import GameEvent
from .events import FormationDrawn, RoninLeft
from .mastery import Mastery
from .setup import draw_two
from .state import Board, Hooks, Options, Refusal


class BattleFormation(Hooks):
    def setup(self, board: Board) -> None:
        rules = board.rules
        drawn = board.chance.shuffle(sorted(rules.cards, key=lambda label: rules.cards[label].priority))
        picks = {clan: drawn[i] for i, clan in enumerate(rules.clans)}
        order = sorted(rules.clans, key=lambda c: rules.cards[picks[c]].priority)
        board.setup_events.append(FormationDrawn(tuple((c, picks[c]) for c in order)))
        board.pending_setup += [("formation", c) for c in order]


class Fortifications(Hooks):
    def combat_bonus(self, board: Board, attacker: str, defender: str, tile: str) -> tuple[int, int]:
        return 0, 1 if board.tile_owner[tile] == defender else 0


class SpecialActions(Hooks):
    def setup(self, board: Board) -> None:
        rules = board.rules
        draw_two(board, "special", sorted((label for label, c in rules.cards.items() if c.letter == "F"),
                                          key=lambda label: rules.cards[label].priority))

    def end_of_round(self, board: Board) -> list[GameEvent]:
        return end_of_round(board)


def end_of_round(board: Board) -> list[GameEvent]:
    """Rōnin that share no Han with their player's Bushi or Daimyo leave the map."""
    events: list[GameEvent] = []
    for clan in board.rules.clans:
        for tile in list(board.ronin[clan]):
            if not board.bushi[clan].get(tile) and board.daimyo[clan] != tile:
                n = board.ronin[clan].pop(tile)
                board.ronin_free += n
                events.append(RoninLeft(clan, tile, n))
    return events


class InaccessibleClans(Hooks):
    def daimyo_entry_refusal(self, board: Board, clan: str, tile: str) -> Refusal | None:
        """The Han of a rival clan (never an ally's, in team play) is closed to the Daimyo."""
        owner = board.tile_owner[tile]
        if owner in board.rules.rivals(clan):
            return "inaccessible", f"the Daimyo cannot enter {tile}, a Han of the {owner} clan"
        return None


def hooks_for(options: Options) -> tuple[Hooks, ...]:
    """The advanced rules in play, in the order they act: the setup draws in this order, one
    shuffled deck after the other."""
    rules: list[tuple[bool, type[Hooks]]] = [
        (options.formation, BattleFormation), (options.fortifications, Fortifications),
        (options.special, SpecialActions), (options.mastery, Mastery), (options.inaccessible, InaccessibleClans)]
    return tuple(hook() for on, hook in rules if on)
