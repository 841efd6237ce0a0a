"""Hex tiles to cut out, and player mats (a card slot and hexagons where a kind of piece waits)."""

from __future__ import annotations

from ..hexgrid import SQRT3, corners
from ..model import Game
from ..model.schema import Clan
from . import image, text
from .contrast import readable
from .shapes import Polygon, Rect, Scene, Style

CUT = Style(stroke="#000000", width=0.25)


def tile_scene(game: Game, clan: Clan | None, lang: str, index: int = 0, bleed: bool = True) -> Scene:
    """A flat-topped hex: its bounding box is the scene, the cut line its outline (without
    `bleed`, the tile as it looks once cut, for pictures of it)."""
    t = game.tile_set
    r = t.radius
    w, h = 2 * r, SQRT3 * r
    name = f"{t.name}-{clan.id if clan else 'neutral'}"
    b = t.bleed if bleed else 0.0
    scene = Scene(name, w, h, b)
    fill = clan.colour if clan else t.neutral_colour
    ink = readable("#ffffff" if clan else "#8a8170", fill)
    cx, cy = w / 2, h / 2
    scene.add(Polygon(corners((cx, cy), r + b * 2 / SQRT3), Style(fill=fill)))
    scene.add(Polygon(corners((cx, cy), r * 0.86), Style(stroke=ink, width=0.4)))
    if t.image is not None:
        if clan is not None:     # a paper face, so the castle and the mon read on a clan's tile
            scene.add(Polygon(corners((cx, cy), r * 0.8), Style(fill="#fbf7ee")))
        scene.add(*image.placed(game.folder / t.image, (cx - r * 0.5, cy - r * 0.66, r, r * 0.86), game.files["tiles"],
                                "image", fill if clan else ink))
        if clan is not None and clan.emblem is not None:
            k = next(n for n, c in enumerate(game.meta.clans) if c.id == clan.id)
            for side in (-1, 1):
                scene.add(*image.placed(game.folder / clan.emblem, (cx + side * r * 0.5 - r * 0.13, cy + r * 0.3,
                                                                    r * 0.26, r * 0.26),
                                        game.files["game"], f"clans[{k}].emblem", fill))
        ink = readable(fill, "#fbf7ee") if clan else ink
    elif t.kanji:
        scene.add(*text.box(cx - r * 0.5, cy - r * 0.45, r, r * 0.7, t.kanji, "jp", r * 1.1, "center", ink,
                            valign="middle"))
    label = clan.name[lang] if clan else t.title
    scene.add(*text.box(cx - r * 0.6, cy + r * 0.32, r * 1.2, r * 0.22, label, "sans-bold", r * 0.26, "center", ink,
                        valign="middle"))
    # The outline lies inside the cut line, its outer edge on it: a cut a little off leaves an even
    # black rim or none, never half a line. (An inset t across the edges is 2t/sqrt(3) at the corners.)
    scene.add(Polygon(corners((cx, cy), r - CUT.width / SQRT3), CUT))
    return scene


def mat_scene(game: Game, clan: Clan, lang: str) -> Scene:
    """A side's mat: the card slot and the hexagons where its pool of pieces waits (mats.toml)."""
    m = game.mat_set
    w, h = m.size
    scene = Scene(f"{m.file}-{clan.id}", w, h, 3.0)
    scene.add(Rect(-3, -3, w + 6, h + 6, Style(fill=clan.colour)))
    scene.add(Rect(6, 6, w - 12, h - 12, Style(fill=clan.tint), radius=4))
    title = f"{m.name.get(lang, m.file)} {m.kanji} · {clan.name[lang]}"
    scene.add(*text.box(12, 10, w - 24, 12, title, "sans-bold", 16, "left",
                        readable(clan.colour, clan.tint), valign="middle"))
    cw, ch = game.card_size.size
    cx, cy = 16, 28
    scene.add(Rect(cx, cy, cw + 4, ch + 4, Style(fill="#ffffff", stroke=clan.colour, width=0.6, dash=(3, 2)), radius=3))
    scene.add(*text.box(cx, cy + ch / 2 - 10, cw + 4, 10, game.word(m.slot, lang), "sans-bold", 12, "center",
                        readable(clan.colour, "#ffffff"), valign="middle"))
    if m.slot_kanji:
        scene.add(*text.box(cx, cy + ch / 2 + 2, cw + 4, 10, m.slot_kanji, "jp", 18, "center",
                            readable(clan.tint, "#ffffff"),
                            valign="middle"))
    # The pool: hexagons in a row of two or more
    n = m.pool_hexes
    area_x = cx + cw + 16
    area_w = w - area_x - 12
    cols = 2 if n <= 4 else 3
    rows = -(-n // cols)
    r = min(area_w / (cols * 2.1), (h - 52) / (rows * SQRT3 * 1.08))
    piece = next((p for p in game.pieces_file.pieces if p.id == m.pool), None)
    kanji = f" · {piece.kanji}" if piece is not None and piece.kanji else ""
    scene.add(*text.box(area_x, 24, area_w, 8, f"{game.word(m.pool_word, lang)}{kanji}", "sans-bold", 11, "left",
                        readable(clan.colour, clan.tint), valign="middle"))
    for i in range(n):
        row, col = divmod(i, cols)
        hx = area_x + r + col * r * 2.15
        hy = 38 + r * SQRT3 / 2 + row * r * SQRT3 * 1.08
        scene.add(Polygon(corners((hx, hy), r), Style(fill="#ffffff", stroke=clan.colour, width=0.6)))
        if m.pool_art is not None:
            scene.add(*image.placed(game.folder / m.pool_art, (hx - r * 0.55, hy - r * 0.55, r * 1.1, r * 1.1),
                                    game.files["mats"], "pool_art", clan.colour))
    for i, art in enumerate(m.art):
        scene.add(*image.placed(game.folder / art.image, art.box, game.files["mats"], f"art[{i}].image", clan.colour))
    if clan.emblem is not None:     # the clan's mon by the title and under the card slot: known by shape too
        k = next(n for n, c in enumerate(game.meta.clans) if c.id == clan.id)
        for box in ((w - 26.0, 9.0, 14.0, 14.0), (cx + cw / 2 - 16, cy + ch + 12, 36.0, 36.0)):
            scene.add(*image.placed(game.folder / clan.emblem, box, game.files["game"], f"clans[{k}].emblem",
                                    clan.colour))
    return scene
