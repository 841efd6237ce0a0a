"""A hex board: the map between the players' sides, each side with a card slot and a pool of pieces
(what they hold comes from board.toml's `panel`)."""

from __future__ import annotations

from ..hexgrid import SQRT3
from ..model import Game
from ..model.schema import Clan
from . import image, text
from .contrast import readable
from .shapes import PT, Circle, Group, Polygon, Rect, Scene, Shape, Style

BAND = 6.0      # coloured strip along a clan's edge, mm
TITLE = 24.0    # room for the title above the map, mm
INK = "#2b261f"
LEGEND_R = 3.5   # mm, a start mark in the legend under the map
CELL_LINE = 0.6   # mm, the outline of a map cell


def map_origin(game: Game) -> tuple[float, float]:
    """Top-left corner of the hex map on the board, mm."""
    w, h = game.hex_board.size
    mw, mh = game.hex_grid.extent
    return (w - mw) / 2, TITLE + (h - TITLE - 14 - mh) / 2


def cell_centre(game: Game, label: str) -> tuple[float, float]:
    ox, oy = map_origin(game)
    x, y = game.hex_grid.cells[label].centre
    return ox + x, oy + y


def start_mark(mark: str, colour: str, x: float, y: float, r: float) -> list[Shape]:
    """A start cell's marking: a single, double or dashed circle (the piece's `mark`)."""
    if mark == "double":
        return [Circle(x, y, r, Style(stroke=colour, width=0.9)), Circle(x, y, r * 0.78, Style(stroke=colour,
                                                                                               width=0.9))]
    if mark == "dashed":
        return [Circle(x, y, r, Style(stroke=colour, width=0.8, dash=(2.2, 1.6)))]
    return [Circle(x, y, r, Style(stroke=colour, width=0.9))]


def map_shapes(game: Game, label_size: float = 9.0) -> list[Shape]:
    """The hex cells with their printed labels, in map coordinates (origin top-left of the map)."""
    grid, m = game.hex_grid, game.hex_board.map
    out: list[Shape] = [Polygon(tuple(grid.corners(label)), Style(fill=m.fill, stroke=m.line, width=CELL_LINE))
                        for label in grid.cells]
    for label, cell in grid.cells.items():
        x, y = cell.centre
        out.append(text.line(x, y - grid.radius * SQRT3 / 2 + label_drop(label_size), label, "sans-bold",
                             label_size, m.line, "middle"))
    return out


def label_drop(size: float) -> float:
    """From a flat-topped hex's top edge to its label's baseline, mm: the capitals' height and a
    little air, so the label sits in the top of the cell and leaves its middle to the pieces."""
    return size * PT * 0.73 + max(0.8, size * PT * 0.25)


def board_scene(game: Game, lang: str) -> Scene:
    bd, grid = game.hex_board, game.hex_grid
    w, h = bd.size
    b = bd.bleed
    scene = Scene("board", w, h, b)
    scene.add(Rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=bd.background)))
    for side in bd.sides:
        colour = game.clans[side.clan].colour
        x = -b if side.edge == "left" else w - BAND
        scene.add(Rect(x, -b, BAND + b, h + 2 * b, Style(fill=colour)))

    subtitle = game.meta.subtitle.get(lang, "")
    scene.add(text.line(w / 2, 13, game.meta.title, "sans-bold", 22, INK, "middle"))
    if subtitle:
        kanji = f" · {game.meta.kanji}" if game.meta.kanji else ""
        scene.add(text.line(w / 2, 19.5, f"{subtitle}{kanji}", "sans", 9, INK, "middle"))

    for i, art in enumerate(bd.art):
        colour = game.clans[art.clan].colour if art.clan else bd.map.line
        scene.add(*image.placed(game.folder / art.image, art.box, game.files["board"], f"art[{i}].image", colour))

    ox, oy = map_origin(game)
    cells = map_shapes(game)
    pieces = {p.id: p for p in game.pieces_file.pieces}
    for mark in bd.start:
        x, y = grid.cells[mark.cell].centre
        colour = game.clans[mark.clan].colour if mark.clan else (pieces[mark.piece].colour or INK)
        cells += start_mark(pieces[mark.piece].mark, colour, x, y + 1.5, grid.radius * 0.42)
    scene.add(Group(tuple(cells), ox, oy))
    scene.add(*_legend(game, lang, w / 2, h - 9 - (4 if bd.note else 0)))
    if bd.note:
        scene.add(text.line(w / 2, h - 5.5, game.word(bd.note, lang), "sans", 8, INK, "middle"))

    for side in bd.sides:
        clan = game.clans[side.clan]
        pw = ox - BAND - 8
        ph = h - 16
        panel = _side_panel(game, clan, lang, pw, ph)
        if side.edge == "left":
            scene.add(Group(tuple(panel), BAND + 4, 8))
        else:  # turned to face the player sitting on that side
            scene.add(Group(tuple(panel), w - BAND - 4, h - 8, 180))
    return scene


def _legend(game: Game, lang: str, cx: float, y: float) -> list[Shape]:
    pieces = {p.id: p for p in game.pieces_file.pieces}
    shown = game.hex_board.legend or list(dict.fromkeys(m.piece for m in game.hex_board.start))
    entries = [(pieces[pid].mark, pieces[pid].name.get(lang, pid)) for pid in shown]
    out: list[Shape] = []
    step = 46
    x = cx - step * (len(entries) - 1) / 2 - 12
    board_r = game.hex_board.map.hex_radius * 0.42     # a start mark's size on the map (see board_scene)
    for mark, name in entries:
        # The map's own mark scaled down as a whole, so a double circle stays two rings, not one thick one.
        out.append(Group(tuple(start_mark(mark, INK, 0, 0, board_r)), x, y - 1.2, 0, None, LEGEND_R / board_r))
        out.append(text.line(x + 5, y, f"{name}: {game.word('start', lang)}", "sans", 7, INK))
        x += step
    return out


def _side_panel(game: Game, clan: Clan, lang: str, pw: float, ph: float) -> list[Shape]:
    """A clan's side of the board, drawn upright for that player, origin top-left."""
    cw, ch = game.card_size.size
    out: list[Shape] = [Rect(0, 0, pw, ph, Style(fill=clan.tint, stroke=clan.colour, width=0.8), radius=3)]
    on_tint = readable(clan.colour, clan.tint)    # clan colours as text: 4.5:1 on what is under them
    out.append(text.line(pw / 2, 11, clan.name[lang], "sans-bold", 14, on_tint, "middle"))
    if clan.emblem is not None:    # the clan's mon: by the name, and large where the panel is empty
        i = next(n for n, c in enumerate(game.meta.clans) if c.id == clan.id)
        for box in ((4.0, 3.5, 11.0, 11.0), (pw - 15.0, 3.5, 11.0, 11.0), (pw / 2 - 17, ph - 42, 34.0, 34.0)):
            out += image.placed(game.folder / clan.emblem, box, game.files["game"], f"clans[{i}].emblem", clan.colour)
    # Reserve: a card-sized place for the cards the opponent passes on.
    rx, ry = (pw - cw) / 2, 22
    out.append(Rect(rx, ry, cw, ch, Style(fill="#ffffff", stroke=clan.colour, width=0.6, dash=(3, 2)), radius=3))
    panel = game.hex_board.panel
    out += text.box(rx, ry + ch / 2 - 16, cw, 12, game.word(panel.slot, lang), "sans-bold", 13, "center",
                    readable(clan.colour, "#ffffff"), valign="middle")
    if panel.slot_kanji:
        out += text.box(rx, ry + ch / 2 - 2, cw, 14, panel.slot_kanji, "jp", 22, "center",
                        readable(clan.tint, "#ffffff"), valign="middle")
    if panel.slot_note:
        note = game.word(panel.slot_note, lang) + (f" ×{panel.slot_cards}" if panel.slot_cards else "")
        out += text.box(rx + 4, ry + ch / 2 + 14, cw - 8, 8, note, "sans", 8, "center", INK, valign="middle")
    # The pool: one circle per piece of that kind a player holds.
    piece = next((p for p in game.pieces_file.pieces if p.id == panel.area), None)
    if piece is None:
        return out
    count = piece.per_clan or piece.count or 0
    by = ry + ch + 10
    kanji = f" · {piece.kanji}" if piece.kanji else ""
    out.append(text.line(pw / 2, by + 6, f"{game.word(panel.area_word, lang)}{kanji}", "sans-bold", 11, on_tint,
                         "middle"))
    cols = 3
    d = min(16.0, (pw - 12) / cols - 3)
    rows = -(-count // cols)
    grid_w = cols * d + (cols - 1) * 3
    x0, y0 = (pw - grid_w) / 2 + d / 2, by + 12 + d / 2
    out.append(Rect((pw - grid_w) / 2 - 4, by + 9, grid_w + 8, rows * (d + 3) + 3,
                    Style(fill="#ffffff", stroke=clan.colour, width=0.5), radius=3))
    for i in range(count):
        r, c = divmod(i, cols)
        out.append(Circle(x0 + c * (d + 3), y0 + r * (d + 3), d / 2, Style(stroke=clan.colour, width=0.5, dash=(1.5,
                                                                                                                1.2))))
    return out
