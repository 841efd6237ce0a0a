"""Build a game's print-and-play kit: card sheets, board sheets, counters and SVGs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .draw.board import board_scene
from .draw.card import card_back, card_face
from .draw.piece import counter_scene
from .errors import UsageError
from .model import Game
from .output import Artifact
from .press.board import split_board, whole_board
from .press.cards import Duplex, impose_cards
from .press.counters import impose_counters
from .press.grid import card_grid
from .render.pdf import render_pdf
from .render.svg import render_svg

PARTS = ("cards", "board", "tiles", "mats", "pieces", "booklet")
OVERLAP = 10.0  # mm of board printed on both halves of a split board


@dataclass(frozen=True)
class Options:
    paper: str = "a4"
    duplex: Duplex = Duplex.long
    lang: str | None = None
    only: tuple[str, ...] = PARTS
    svg: bool = True


def parse_only(value: str | None) -> tuple[str, ...]:
    if not value:
        return PARTS
    parts = tuple(p.strip().lower() for p in value.split(",") if p.strip())
    bad = [p for p in parts if p not in PARTS]
    if bad or not parts:
        raise UsageError(f"--only {value!r}: expected a comma-separated list of {', '.join(PARTS)}")
    return tuple(p for p in PARTS if p in parts)


def available_parts(game: Game) -> tuple[str, ...]:
    have = {"cards": True, "board": game.board is not None, "tiles": game.tiles is not None,
            "mats": game.mats is not None, "pieces": True, "booklet": (game.folder / "booklet").is_dir()}
    return tuple(p for p in PARTS if have[p])


def _lang(game: Game, lang: str | None) -> str:
    lang = lang or game.meta.languages[0]
    if lang not in game.meta.languages:
        raise UsageError(f"--lang {lang}: {game.id} is written in {', '.join(game.meta.languages)}")
    return lang


def build_kit(game: Game, opts: Options, progress: Callable[[str], None] = lambda _: None) -> list[Artifact]:
    """Every file of the kit, in memory. Nothing is written here."""
    lang = _lang(game, opts.lang)
    paper = game.layouts.paper(opts.paper)
    available = available_parts(game)
    missing = [p for p in opts.only if p not in available]
    if missing and tuple(opts.only) != PARTS:
        raise UsageError(f"--only {','.join(opts.only)}: {game.id} has no {', '.join(missing)} "
                         f"(its parts: {', '.join(available)})")
    suffix = "" if lang == game.meta.languages[0] else f"-{lang}"
    svg_dir = "svg" + suffix
    gid, title = game.id, game.meta.title
    out: list[Artifact] = []

    if "cards" in opts.only:
        progress(f"cards: drawing {len(game.cards)} faces and their backs")
        fronts = [card_face(game, c, lang) for c in game.cards]
        backs = [card_back(game, c, lang) for c in game.cards]
        size = game.card_size
        grid = card_grid(*paper.size, paper.margin, *size.size, game.face_layout.bleed,
                         where=game.files["cards"], paper_name=paper.name)
        progress(f"cards: {grid.cols} x {grid.rows} per {paper.name} sheet, duplex {opts.duplex.value}")
        pages = impose_cards(fronts, backs, grid, opts.duplex, f"{title} cards")
        flip = {"long": "", "short": "-short-edge", "none": "-glue"}[opts.duplex.value]
        out.append(Artifact(f"{gid}-cards-{opts.paper}{flip}{suffix}.pdf",
                            render_pdf(pages, f"{title}: cards", f"{len(game.cards)} cards, {paper.name}"),
                            len(pages), "cards"))
        if opts.svg:
            seen = set()
            for card, face in zip(game.cards, fronts):
                out.append(Artifact(f"{svg_dir}/cards/{card.slug}.svg", render_svg(face), None, "svg"))
            for card, back in zip(game.cards, backs):
                if back.name not in seen:
                    seen.add(back.name)
                    out.append(Artifact(f"{svg_dir}/cards/{back.name}.svg", render_svg(back), None, "svg"))

    if "board" in opts.only and game.board is not None:
        progress("board: drawing the map")
        scene = board_scene(game, lang)
        a3 = game.layouts.paper("a3")
        page = whole_board(scene, *a3.size, a3.margin, game.files["board"], a3.name)
        out.append(Artifact(f"{gid}-board-a3{suffix}.pdf", render_pdf([page], f"{title}: board (A3)"), 1, "board"))
        progress(f"board: splitting over two {paper.name} sheets")
        words = {k: game.word(k, lang) for k in ("overlap", "cut_here")}
        halves = split_board(scene, *paper.size, paper.margin, game.files["board"], paper.name, OVERLAP, words,
                             f"{title} board")
        out.append(Artifact(f"{gid}-board-2x{opts.paper}{suffix}.pdf",
                            render_pdf(halves, f"{title}: board on two {paper.name} sheets"), 2, "board"))
        if opts.svg:
            out.append(Artifact(f"{svg_dir}/board.svg", render_svg(scene), None, "svg"))

    if "tiles" in opts.only and game.tiles is not None:
        from .draw.tile import tile_scene
        from .press.tiles import impose_tiles

        t = game.tiles
        scenes = [tile_scene(game, None, lang)] * t.neutral
        for clan in game.clans.values():
            scenes += [tile_scene(game, clan, lang)] * t.per_clan
        progress(f"tiles: {len(scenes)} Han hexes")
        pages = impose_tiles(scenes, *paper.size, paper.margin, title, game.files["tiles"])
        out.append(Artifact(f"{gid}-han-tiles-{opts.paper}{suffix}.pdf", render_pdf(pages, f"{title}: Han tiles"),
                            len(pages), "tiles"))
        if opts.svg:
            for scene in {s.name: s for s in scenes}.values():
                out.append(Artifact(f"{svg_dir}/tiles/{scene.name}.svg", render_svg(scene), None, "svg"))

    if "mats" in opts.only and game.mats is not None:
        from .draw.tile import mat_scene
        from .press.tiles import impose_mats

        scenes = [mat_scene(game, clan, lang) for clan in game.clans.values()]
        progress(f"player boards: {len(scenes)} Samegawa")
        pages = impose_mats(scenes, *paper.size, paper.margin, title, game.files["mats"], paper.name)
        out.append(Artifact(f"{gid}-samegawa-{opts.paper}{suffix}.pdf", render_pdf(pages, f"{title}: player boards"),
                            len(pages), "mats"))
        if opts.svg:
            for scene in scenes:
                out.append(Artifact(f"{svg_dir}/boards/{scene.name}.svg", render_svg(scene), None, "svg"))

    if "pieces" in opts.only:
        progress(f"pieces: {len(game.counters)} counters")
        scenes = [counter_scene(c, lang) for c in game.counters]
        pages = impose_counters(scenes, *paper.size, paper.margin, title)
        out.append(Artifact(f"{gid}-pieces-{opts.paper}{suffix}.pdf", render_pdf(pages, f"{title}: counters"),
                            len(pages), "pieces"))
        if opts.svg:
            seen = set()
            for counter, scene in zip(game.counters, scenes):
                if counter.slug not in seen:
                    seen.add(counter.slug)
                    out.append(Artifact(f"{svg_dir}/pieces/{counter.slug}.svg", render_svg(scene), None, "svg"))
    if "booklet" in opts.only and (game.folder / "booklet").is_dir():
        from .press.booklet import impose_saddle
        from .reference.booklet import build_booklet
        from .reference.flow import A5
        from .render.pdf import Page

        progress("booklet: replaying the walkthrough and laying out A5 pages")
        pages = build_booklet(game, lang)
        a4 = game.layouts.paper("a4")
        rules_title = f"{title}: rules reference"
        out.append(Artifact(f"{gid}-rules-a5{suffix}.pdf",
                            render_pdf([Page(A5[0], A5[1], p) for p in pages], rules_title), len(pages), "booklet"))
        progress("booklet: imposing for saddle-stitch on A4")
        sides = impose_saddle(pages, A5[0], A5[1], a4.size[1], a4.size[0], f"{title} rules")
        out.append(Artifact(f"{gid}-rules-a4-booklet{suffix}.pdf", render_pdf(sides, rules_title + " (booklet)"),
                            len(sides), "booklet"))
    return out


def default_out(game_id: str) -> Path:
    return Path("output") / game_id
