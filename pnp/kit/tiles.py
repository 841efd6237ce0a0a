"""Hex tiles to cut out: the neutral ones and each side's own."""

from __future__ import annotations

from ..draw.tile import tile_scene
from ..model import Game
from ..output import Artifact
from ..press.tiles import impose_tiles
from ..render.pdf import render_pdf
from ..render.svg import render_svg
from .context import Context, sheet_words


def build(game: Game, ctx: Context) -> list[Artifact]:
    t = game.tiles
    assert t is not None
    title, lang, paper = game.meta.title, ctx.lang, ctx.paper
    scenes = [tile_scene(game, None, lang)] * t.neutral
    for clan in game.clans.values():
        scenes += [tile_scene(game, clan, lang)] * t.per_clan
    ctx.progress(f"tiles: {len(scenes)} hex tiles")
    pages = impose_tiles(scenes, *paper.size, paper.margin, title, game.files["tiles"], t.title,
                         sheet_words(game, lang))
    out = [Artifact(f"{game.id}-{t.name}-tiles-{ctx.paper_key}{ctx.suffix}.pdf",
                    render_pdf(pages, f"{title}: {t.title} tiles"), len(pages), "tiles")]
    if ctx.svg:
        for scene in {s.name: s for s in scenes}.values():
            out.append(Artifact(f"{ctx.svg_dir}/tiles/{scene.name}.svg", render_svg(scene), None, "svg"))
    return out
