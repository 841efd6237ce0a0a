"""A hex board: one A3 sheet (and, for a Letter kit, one US Tabloid sheet: 11 x 17 in is the large sheet a
US copy shop or printer has, where A3 is not sold), and the same scale split over two sheets of the
chosen paper."""

from __future__ import annotations

from ..draw.board import board_scene
from ..draw.shapes import Scene
from ..draw.trackboard import trackboard_scene
from ..errors import DefinitionError
from ..model import Game
from ..output import Artifact
from ..press.board import split_board, whole_board
from ..render.pdf import Drawn, render_pdf
from ..render.svg import render_svg
from .context import Context, sheet_words

OVERLAP = 10.0  # mm of board printed on both halves of a split board


def build(game: Game, ctx: Context) -> list[Artifact]:
    """The hex board (board.toml) and the track board (tracks.toml), whichever the game has; a
    game with both calls the track board's files '-tracks-'."""
    out: list[Artifact] = []
    if game.board is not None:
        ctx.progress("board: drawing the map")
        out += _sheets(game, ctx, board_scene(game, ctx.lang), "board", game.files["board"])
    if game.trackboard is not None:
        ctx.progress("board: drawing the tracks")
        name = "tracks" if game.board is not None else "board"
        out += _sheets(game, ctx, trackboard_scene(game, ctx.lang), name, game.files["tracks"])
    return out


def _sheets(game: Game, ctx: Context, scene: Scene, name: str, where: str) -> list[Artifact]:
    gid, title, lang, paper = game.id, game.meta.title, ctx.lang, ctx.paper
    a3 = game.layouts.paper("a3")
    say = sheet_words(game, lang)
    named = say(name, title=title)       # the title placed by the words: "<title> board" in English
    page = whole_board(scene, *a3.size, a3.margin, where, a3.name, f"{named} · {say('print_at_100')}")
    drawn = Drawn()      # the same board again on each half
    out = [Artifact(f"{gid}-{name}-a3{ctx.suffix}.pdf", render_pdf([page], f"{title}: {name} (A3)", drawn=drawn), 1,
                    "board")]
    if ctx.paper_key == "letter":
        out += _tabloid(game, ctx, scene, name, where, f"{named} · {say('print_at_100')}")
    ctx.progress(f"board: splitting over two {paper.name} sheets")
    words = {k: say(k) for k in ("overlap", "cut_here")}
    halves = split_board(scene, *paper.size, paper.margin, where, paper.name, OVERLAP, words, named, say)
    out.append(Artifact(f"{gid}-{name}-2x{ctx.paper_key}{ctx.suffix}.pdf",
                        render_pdf(halves, f"{title}: {name} on two {paper.name} sheets", drawn=drawn), 2, "board"))
    if ctx.svg:
        out.append(Artifact(f"{ctx.svg_dir}/{name}.svg", render_svg(scene), None, "svg"))
    return out


def _tabloid(game: Game, ctx: Context, scene: Scene, name: str, where: str, note: str) -> list[Artifact]:
    """The whole board on one 11 x 17 in sheet. Tabloid landscape is 17.6 mm less tall than A3:
    a board that fits A3 but not Tabloid gets the A3 sheet and the split board only, and says so."""
    if "tabloid" not in game.layouts.papers:     # a game's own paper.toml may leave it out
        return []
    tabloid = game.layouts.paper("tabloid")
    try:
        page = whole_board(scene, *tabloid.size, tabloid.margin, where, tabloid.name, note)
    except DefinitionError as exc:
        ctx.progress(f"board: no {tabloid.name} sheet ({exc.problem}); print the A3 sheet or the split board")
        return []
    title = game.meta.title
    return [Artifact(f"{game.id}-{name}-tabloid{ctx.suffix}.pdf",
                     render_pdf([page], f"{title}: {name} ({tabloid.name}, 11 x 17 in)"), 1, "board")]
