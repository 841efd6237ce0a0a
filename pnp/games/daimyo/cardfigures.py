"""Daimyo's advanced cards drawn for the booklet: each example of examples/ replayed by the engine and
shown as the map after the card it is about, with what the card did marked on it (arrows for moves,
dashed ghosts for the pieces it sent back, a frame round the Han it filled or barred).

The card an example is about is its first Special Action card (letter F), else the first card whose
resolution used a Mastery card; an example with neither is about its whole round (the Master of
Strategy acts before the cards, the Master of Diplomacy after them)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from ...draw.diagram import DiagramSpec, Stack
from ...draw.tilemap import bounds
from ...engine import GameEvent
from ...engine.notation import localized
from ...errors import DefinitionError
from ...model import Game
from ...model.load import display, read_text
from ..interface import Figure
from . import notation
from .events import (
    Alternative,
    Barred,
    Combat,
    HanMoved,
    MassRecruitment,
    MasteryRevealed,
    Morale,
    MovedBushi,
    MovedDaimyo,
    Ninja,
    Recruited,
    Retreat,
    RoninHired,
    Treachery,
)
from .maps import draw, spec_of

Snapshot = notation.Snapshot


def focus(game: Game, log: notation.RoundLog) -> tuple[Snapshot, Snapshot, list[GameEvent]]:
    """(the map before, the map after, the events) of the part of a round an example is about."""
    letters = {c.label: c.type.letter for c in game.cards}
    for step in log.steps:
        if letters.get(step.card) == "F" or any(isinstance(e, MasteryRevealed) for e in step.events):
            return step.before, step.after, list(step.events)
    assert log.end is not None   # every replayed round ends with its snapshot
    return log.start, log.end, [*log.events, *(e for s in log.steps for e in s.events)]


def mark(game: Game, spec: DiagramSpec, events: Iterable[GameEvent]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Mark on `spec` what the events did; return the Han moved (where from, where to)."""
    colour = {cid: clan.colour for cid, clan in game.clans.items()}
    moved: list[tuple[tuple[int, int], tuple[int, int]]] = []

    def lost(tile: str, clan: str, n: int) -> None:
        if n:
            spec.losses.setdefault(tile, []).append(Stack("bushi", colour[clan], n))

    for e in events:
        if isinstance(e, Alternative):
            lost(e.sacrificed, e.clan, 1)
            spec.arrows.append((e.target, e.dst, colour[e.clan_moved]))
        elif isinstance(e, (Ninja, Morale)):
            lost(e.tile, e.target if isinstance(e, Ninja) else e.victim, e.removed)
        elif isinstance(e, Treachery):
            lost(e.tile, e.victim, 1)
            if e.placed:
                spec.highlight.append(e.placed)
        elif isinstance(e, (RoninHired, MassRecruitment)):
            spec.highlight += [e.tile] if isinstance(e, RoninHired) else list(dict.fromkeys(e.tiles))
        elif isinstance(e, Retreat):
            spec.arrows += [(src, dst, colour[e.clan]) for src, dst in e.moves]
        elif isinstance(e, (MovedBushi, MovedDaimyo)):
            # a move through a Han is one move: one line through it, one head
            if e.via:
                spec.routes.append(((e.src, e.via, e.dst), colour[e.clan]))
            else:
                spec.arrows.append((e.src, e.dst, colour[e.clan]))
            if isinstance(e, MovedBushi) and e.march:   # Master of Movement: one of the Bushi that marched is given up
                lost(e.dst, e.clan, 1)
        elif isinstance(e, Recruited) and e.source:   # Master of Recruitment: a unit joins the Daimyo
            spec.arrows.append((e.source, e.tile, colour[e.clan]))
        elif isinstance(e, Combat):
            spec.add_combat(e.tile, colour[e.attacker], colour[e.defender], e.attacker_lost, e.defender_lost,
                            e.daimyo_lost, "bushi", "daimyo")
        elif isinstance(e, Barred):
            lost(e.sacrificed, e.clan, 1)
            spec.highlight.append(e.tile)
        elif isinstance(e, HanMoved):
            moved.append((e.src, e.at))
            if e.sacrificed:
                lost(e.sacrificed, e.clan, 1)
    return moved


def example_paths(game: Game, names: str, lang: str, directive: str) -> list[Path]:
    """The files of examples/ that a directive's argument names (without .toml), all of them when it
    names none; a name that is not a plain file name, or names no file, is refused with the directive."""
    folder = game.folder / "examples"
    if not names.split():
        return sorted(folder.glob("*.toml"))
    where = display(game.folder / "booklet" / f"rules.{lang}.md")
    out = []
    for name in names.split():
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}", name):
            raise DefinitionError(where, f"@{directive}", f"{name!r}: expected the name of a file in examples/ "
                                                          "(letters, digits, '-' or '_', without .toml)")
        path = folder / f"{name}.toml"
        if not path.is_file():
            raise DefinitionError(where, f"@{directive}", f"{name!r}: there is no {display(path)}")
        out.append(path)
    return out


def card_figures(game: Game, lang: str, names: str) -> list[Figure]:
    """One figure per example named: the map after the card it is about."""
    out = []
    for path in example_paths(game, names, lang, "card-examples"):
        t = notation.replay(read_text(path, display(path), "an example"), game, display(path))
        before, after, events = focus(game, t.rounds[0])
        spec = spec_of(game, after)
        moved = mark(game, spec, events)
        frame = bounds([*before["tiles"].values(), *after["tiles"].values()])
        caption = f"**{localized(t.title, lang)}.** {localized(t.description, lang)}"
        out.append(Figure(draw(game, after, spec, frame, moved, name=path.stem), caption))
    return out
