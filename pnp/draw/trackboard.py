"""A track board: rows of numbered spaces (water, rice, score) and panels of labelled cells
(seasons, phases), as tracks.toml places them. Nothing here knows a game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import Game
from . import image, text
from .contrast import mix
from .shapes import Line, Rect, Scene, Shape, Style

if TYPE_CHECKING:      # the models of track boards are made only for a game that has one (pnp.model.extras)
    from ..model.extras import Panel, Track

INK = "#2b261f"
SPACE_TINT = 0.88   # a track space's fill: its track's colour moved this far towards white
MARK_PT = 7.0       # a space's word ("start", "full"): read at the table, as the rules are


def _picture(game: Game, rel: str, box: tuple[float, float, float, float], key: str, colour: str) -> list[Shape]:
    return list(image.placed(game.folder / rel, box, game.files["tracks"], key, colour=colour))


def _track(game: Game, i: int, t: Track, lang: str) -> list[Shape]:
    out: list[Shape] = []
    x, y = t.at
    s = t.space
    n = t.last - t.first + 1
    w, h = (n * s, s) if t.direction == "right" else (s, n * s)
    out.append(text.line(x, y - 2.5, t.name.get(lang, t.id), "sans-bold", 11, t.colour))
    out.append(Rect(x, y, w, h, Style(fill="#ffffff", stroke=t.colour, width=0.6), radius=1.5))
    for i in range(n):
        number = t.first + i
        cx, cy = (x + i * s, y) if t.direction == "right" else (x, y + i * s)
        # each space tinted with its track's colour, so the track reads as a band, not as white boxes
        out.append(Rect(cx + 0.8, cy + 0.8, s - 1.6, s - 1.6, Style(fill=mix(t.colour, 1.0, SPACE_TINT),
                                                                    stroke=t.colour, width=0.4), radius=1))
        out += text.box(cx, cy, s, s * 0.62, str(number), "sans-bold", min(12.0, s * 0.7), "center", t.colour,
                        valign="middle")
        mark = t.marks.get(str(number))
        if t.image is not None:     # every space keeps its picture; a marked one, smaller, above its word
            box = (cx + s * 0.36, cy + s * 0.52, s * 0.28, s * 0.22) if mark else \
                (cx + s * 0.3, cy + s * 0.58, s * 0.4, s * 0.3)
            out += _picture(game, t.image, box, f"tracks[{i}].image", t.colour)
        if mark:                    # "start", "full": a ribbon across the foot of the space
            ry = cy + s * 0.76
            out.append(Rect(cx + 2.0, ry, s - 4.0, s * 0.17, Style(fill="#ffffff", stroke=t.colour, width=0.3),
                            radius=s * 0.085))
            out += text.box(cx + 2.5, ry, s - 5.0, s * 0.17, mark.get(lang, ""), "sans-bold", MARK_PT, "center",
                            t.colour, valign="middle", min_size=MARK_PT)
    return out


def _panel(game: Game, i: int, p: Panel, lang: str) -> list[Shape]:
    x, y = p.at
    w, h = p.size
    out: list[Shape] = [Rect(x, y, w, h, Style(fill="#ffffff", stroke=p.colour, width=0.6), radius=2)]
    out.append(text.line(x, y - 2.5, p.name.get(lang, p.id), "sans-bold", 11, p.colour))
    if p.cells:
        cw = w / len(p.cells)
        for j, label in enumerate(p.cells):
            cx = x + j * cw
            if j:
                out.append(Line(cx, y + 2, cx, y + h - 2, Style(stroke=p.colour, width=0.4)))
            if p.images:      # the picture in the cell's upper part, its words under it
                out += _picture(game, p.images[j], (cx + 2, y + 2, cw - 4, h * 0.5 - 2), f"panels[{i}].images[{j}]",
                                p.colour)
                out += text.box(cx + 1, y + h * 0.5, cw - 2, h * 0.5 - 1, label.get(lang, ""), "sans", 9, "center",
                                INK, valign="middle")
            else:
                out += text.box(cx + 1, y + 1, cw - 2, h - 2, label.get(lang, ""), "sans", 9, "center", INK,
                                valign="middle")
    return out


def trackboard_scene(game: Game, lang: str) -> Scene:
    bd = game.trackboard
    assert bd is not None
    w, h = bd.size
    b = bd.bleed
    scene = Scene("trackboard", w, h, b)
    scene.add(Rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=bd.background)))
    for i, art in enumerate(bd.art):
        colour = game.clans[art.clan].colour if art.clan else INK
        scene.add(*image.placed(game.folder / art.image, art.box, game.files["tracks"], f"art[{i}].image", colour))
    kanji = f" · {game.meta.kanji}" if game.meta.kanji else ""
    scene.add(text.line(w / 2, 13, f"{game.meta.title}{kanji}", "sans-bold", 20, INK, "middle"))
    for i, t in enumerate(bd.tracks):
        scene.add(*_track(game, i, t, lang))
    for i, p in enumerate(bd.panels):
        scene.add(*_panel(game, i, p, lang))
    anchors = {"left": "start", "center": "middle", "right": "end"}
    for label in bd.labels:
        scene.add(text.line(*label.at, label.text.get(lang, ""), label.font, label.size, label.colour,
                            anchors[label.align]))
    return scene
