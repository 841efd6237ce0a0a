"""Player mats: one per side, on sheets of the chosen paper."""

from __future__ import annotations

from ..draw.tile import mat_scene
from ..model import Game
from ..output import Artifact
from ..press.tiles import impose_mats
from ..render.pdf import render_pdf
from ..render.svg import render_svg
from .context import Context


def build(game: Game, ctx: Context) -> list[Artifact]:
    m = game.mats
    assert m is not None
    title, lang, paper = game.meta.title, ctx.lang, ctx.paper
    scenes = [mat_scene(game, clan, lang) for clan in game.clans.values()]
    ctx.progress(f"player boards: {len(scenes)} mats")
    pages = impose_mats(scenes, *paper.size, paper.margin, title, game.files["mats"], paper.name)
    out = [Artifact(f"{game.id}-{m.file}-{ctx.paper_key}{ctx.suffix}.pdf",
                    render_pdf(pages, f"{title}: player boards"), len(pages), "mats")]
    if ctx.svg:
        for scene in scenes:
            out.append(Artifact(f"{ctx.svg_dir}/boards/{scene.name}.svg", render_svg(scene), None, "svg"))
    return out
