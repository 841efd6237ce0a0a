"""Build a game's print-and-play kit: card sheets, board sheets, counters and SVGs."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import UsageError
from .model import Game
from .model.aid import has_aid
from .output import Artifact
from .press.cards import Duplex
from .press.grid import Sheet

if TYPE_CHECKING:   # pnp.kit imports the drawing and booklet code: loaded only when a kit is built
    from .kit import Context

PARTS = ("cards", "board", "tiles", "mats", "pieces", "dice", "aid", "booklet")


@dataclass(frozen=True)
class Options:
    paper: str = "a4"
    duplex: Duplex = Duplex.long
    lang: str | None = None
    only: tuple[str, ...] = PARTS
    svg: bool = True
    offset: tuple[float, float] = (0.0, 0.0)   # mm, x right and y down on the backs sheet: --offset X,Y
    ink_saver: bool = False   # pale fills and outlines for a home printer (pnp.draw.ink); files end -ink-saver
    cutter: str | None = None   # "silhouette" or "cricut": print-and-cut sheets and cut files as well (--cutter)
    die_line: bool = False      # card sheets with a CutContour die line on its own layer (--die-line)
    sheet: Sheet = Sheet.standard   # how cards sit on a sheet (--sheet): files end -tight for butted cards

MAX_OFFSET = 20.0   # mm: beyond this a printer is not misregistering, the option is mistyped


def parse_only(value: str | None) -> tuple[str, ...]:
    if not value:
        return PARTS
    parts = tuple(p.strip().lower() for p in value.split(",") if p.strip())
    bad = [p for p in parts if p not in PARTS]
    if bad or not parts:
        raise UsageError(f"--only {value!r}: expected a comma-separated list of {', '.join(PARTS)}")
    return tuple(p for p in PARTS if p in parts)


def parse_offset(value: str | None) -> tuple[float, float]:
    """`--offset X,Y`: how far (mm) to move every backs sheet, as the duplex check sheet reads it."""
    if value is None or not value.strip():
        return (0.0, 0.0)
    parts = value.replace(" ", "").split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise UsageError(f"--offset {value!r}: expected two numbers of millimetres, X,Y (e.g. 0.5,-1)") from None
    if not all(abs(v) <= MAX_OFFSET for v in (x, y)) or any(v != v for v in (x, y)):
        raise UsageError(f"--offset {value!r}: each of X and Y must be between -{MAX_OFFSET:g} and {MAX_OFFSET:g} mm")
    return (x + 0.0, y + 0.0)


def available_parts(game: Game) -> tuple[str, ...]:
    """The parts this game's kit has: its components, a booklet if its booklet/ folder holds a rules
    text (booklet/rules.LANG.md), and a reference card if that folder writes a player aid
    (booklet/aid.LANG.toml): an aid needs no booklet."""
    have = set(game.components) | ({"booklet"} if any((game.folder / "booklet").glob("rules.*.md")) else set())
    have |= {"aid"} if has_aid(game.folder) else set()
    return tuple(p for p in PARTS if p in have)


def _lang(game: Game, lang: str | None) -> str:
    lang = lang or game.meta.languages[0]
    if lang not in game.meta.languages:
        raise UsageError(f"--lang {lang}: {game.id} is written in {', '.join(game.meta.languages)}")
    return lang


def build_kit(game: Game, opts: Options, progress: Callable[[str], None] = lambda _: None) -> list[Artifact]:
    """Every file of the kit, in memory: each component kind the game has, then its booklet.
    Nothing is written here."""
    return list(iter_kit(game, opts, progress))


def validate_kit(game: Game, progress: Callable[[str], None] = lambda _: None) -> tuple[str, ...]:
    """Make the whole kit in every language the game has, in memory, and throw it away: every file
    `pnp build` reads (the aid, the booklet's templates, images, layouts, samples) is read and
    checked the same way, so `pnp check` passes exactly the folders `pnp build` accepts. Returns
    the languages checked; a problem is the `PnpError` the build would give."""
    for lang in game.meta.languages:
        for _artifact in iter_kit(game, Options(lang=lang, svg=False), progress):
            pass
    return tuple(game.meta.languages)


def iter_kit(game: Game, opts: Options, progress: Callable[[str], None] = lambda _: None) -> Iterator[Artifact]:
    """The kit's files one at a time, as they are made, so a writer can put each on disk and let it
    go (memory stays flat however large the deck). The options are checked before the first file."""
    from .kit import Context, builder

    lang = _lang(game, opts.lang)
    if opts.duplex is Duplex.fold and opts.offset != (0.0, 0.0):
        raise UsageError("--offset moves the backs sheets of double-sided printing; --duplex fold prints "
                         "one-sided, its backs placed by the fold: leave --offset out")
    paper = game.layouts.paper(opts.paper)
    available = available_parts(game)
    missing = [p for p in opts.only if p not in available]
    if missing and tuple(opts.only) != PARTS:
        raise UsageError(f"--only {','.join(opts.only)}: {game.id} has no {', '.join(missing)} "
                         f"(its parts: {', '.join(available)})")
    if not available:
        raise UsageError(f"{game.id} declares no components: add cards.toml, board.toml, tracks.toml, "
                         "tiles.toml, pieces.toml, dice.toml, booklet/rules.LANG.md or booklet/aid.LANG.toml")
    suffix = ("" if lang == game.meta.languages[0] else f"-{lang}") + ("-ink-saver" if opts.ink_saver else "")
    chosen = [kind for kind in PARTS if kind in opts.only and kind in available]
    ctx = Context(opts.paper, paper, opts.duplex, lang, suffix, opts.svg, progress, opts.offset, tuple(chosen),
                  cutter=opts.cutter, die_line=opts.die_line, sheet=opts.sheet)
    if opts.die_line and "cards" not in chosen:
        raise UsageError("--die-line: only card sheets carry a die line and this build makes none; "
                         f"{game.id} has {', '.join(available)} (add cards to --only, or leave --die-line out)")
    builders = [(kind, builder(kind)) for kind in chosen]
    if opts.cutter is not None:
        from .kit import cutter

        if not {"cards", "tiles", "pieces"} & set(chosen):
            raise UsageError(f"--cutter {opts.cutter}: this build makes nothing to cut (cards, tiles or pieces); "
                             f"{game.id} has {', '.join(available)}")

        builders.append(("cutter", cutter.build))
    return _each(game, ctx, builders, whole=tuple(opts.only) == PARTS, ink_saver=opts.ink_saver)


def _each(game: Game, ctx: Context, builders: list[tuple[str, Callable[[Game, Context], Iterable[Artifact]]]],
          whole: bool, ink_saver: bool) -> Iterator[Artifact]:
    from .draw.ink import ink_saving
    from .sandbox.template import template_budget

    with ink_saving(ink_saver), template_budget():     # the kit's templates share one budget of work
        # The booklet is made first (and written in its place): a mistake in its sources then
        # stops the build before a card is drawn, not after every card sheet.
        early = {kind: list(build(game, ctx)) for kind, build in builders if kind == "booklet" and len(builders) > 1}
        for kind, build in builders:
            yield from early[kind] if kind in early else build(game, ctx)
        if whole:     # a full build also carries what the rules module adds
            yield from _module_parts(game, ctx.lang)


def _module_parts(game: Game, lang: str) -> list[Artifact]:
    """Files the game's rules module adds (none for a folder whose module is not installed)."""
    from .games.registry import installed_module

    module = installed_module(game.meta.rules or game.id)
    return module.kit_parts(game, lang) if module is not None else []


def default_out(game_id: str) -> Path:
    return Path("output") / game_id
