"""The decisions some advanced rules ask for before round 1: where each Daimyo starts (battle
formation), and which of the two Special Action or Mastery cards drawn a clan keeps."""

from __future__ import annotations

from ...engine import Decision, GameEvent, Illegal
from .actions import Formation, Keep
from .events import FormationChosen, Kept
from .state import Board


def draw_two(board: Board, deck: str, pool: list[str]) -> None:
    """Each clan draws two cards of `deck` and will keep one of them (a `keep-<deck>` decision)."""
    pile = board.chance.shuffle(pool)
    for i, clan in enumerate(board.rules.clans):
        board.drawn[(deck, clan)] = tuple(pile[2 * i:2 * i + 2])
    board.pending_setup += [(f"keep-{deck}", c) for c in board.rules.clans]


def setup_actions(board: Board, d: Decision) -> list[Formation | Keep]:
    if d.kind == "formation":
        own = sorted(t for t, o in board.tile_owner.items() if o == d.player and t in board.tile_pos)
        return [Formation(t) for t in own]
    if d.kind.startswith("keep-"):
        deck = d.kind[5:]
        return [Keep(deck, i) for i in (1, 2)[:len(board.drawn[(deck, d.player)])]]
    raise AssertionError(d.kind)


def apply_setup(board: Board, d: Decision, action: object, checked: bool = False) -> list[GameEvent]:
    """Carry out one setup decision (the round flow starts round 1 after the last); a `checked`
    one is known to be legal (drawn among the choices)."""
    choices = [] if checked else setup_actions(board, d)
    if not isinstance(action, (Formation, Keep)) or not checked and action not in choices:
        raise Illegal(0, d.player, None, d.kind, f"{d.player} cannot choose '{action}' now; "
                      f"choices: {', '.join(str(a) for a in choices)}")
    board.setup_choices.append((d.kind, d.player, action))
    events: list[GameEvent] = []
    if isinstance(action, Formation):
        board.daimyo[d.player] = action.tile
        events.append(FormationChosen(d.player, action.tile))
    else:
        card = board.drawn[(action.deck, d.player)][action.which - 1]
        if action.deck == "special":
            board.hand[d.player].add(card)
            board.cards_in_play = board.cards_in_play + [card]
        else:
            board.mastery[d.player] = card
        events.append(Kept(d.player, action.deck))
    board.pending_setup.pop(0)
    return events
