"""Counters: round pieces to cut out, for players with no pawns at hand."""

from __future__ import annotations

from ..draw.piece import counter_back_scene, counter_scene
from ..model import Game
from ..output import Artifact
from ..press.counters import impose_counters
from ..render.pdf import render_pdf
from ..render.svg import render_svg
from .context import Context, sheet_words


def build(game: Game, ctx: Context) -> list[Artifact]:
    title, lang, paper = game.meta.title, ctx.lang, ctx.paper
    ctx.progress(f"pieces: {len(game.counters)} counters")
    scenes = [counter_scene(c, lang) for c in game.counters]
    backs = [counter_back_scene(c, lang) if c.piece.back else None for c in game.counters]
    two_sided = any(b is not None for b in backs)
    pages = impose_counters(scenes, *paper.size, paper.margin, title, backs if two_sided else None,
                            ctx.duplex.value, sheet_words(game, lang), ctx.offset,
                            game.files.get("pieces", "pieces.toml"))
    out = [Artifact(f"{game.id}-pieces-{ctx.paper_key}{ctx.suffix}.pdf", render_pdf(pages, f"{title}: counters"),
                    len(pages), "pieces")]
    if ctx.svg:
        seen = set()
        for counter, scene in zip(game.counters, scenes):
            if counter.slug not in seen:
                seen.add(counter.slug)
                out.append(Artifact(f"{ctx.svg_dir}/pieces/{counter.slug}.svg", render_svg(scene), None, "svg"))
                if counter.piece.back:
                    back = counter_back_scene(counter, lang)
                    out.append(Artifact(f"{ctx.svg_dir}/pieces/{counter.slug}-back.svg", render_svg(back), None, "svg"))
    return out
