"""What every component builder is given: the paper, the duplex mode, the language and how to name files."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..draw.shapes import Scene
from ..model import Game
from ..model.schema import Paper
from ..press.cards import Duplex
from ..press.grid import Sheet
from ..press.words import SheetWords

if TYPE_CHECKING:
    from .sheetplan import SheetPlan

# every counter's front, and the backs (None when no counter has one)
CounterSides = tuple[list[Scene], list[Scene | None] | None]


@dataclass
class SharedWork:
    """What builders that share sheets work out once per build (`pnp.kit.sheetplan`): None until the
    first builder that needs it works it out."""
    card_sheet_plan: SheetPlan | None = None
    counter_sides: CounterSides | None = None


@dataclass(frozen=True)
class Context:
    paper_key: str          # "a4", "letter": used in file names
    paper: Paper
    duplex: Duplex
    lang: str
    suffix: str             # "" for the game's first language, else "-it"...
    svg: bool
    progress: Callable[[str], None]
    offset: tuple[float, float] = (0.0, 0.0)   # mm every backs sheet is moved by (--offset)
    parts: tuple[str, ...] = ()   # the parts this build makes (builders that share sheets look here)
    shared: SharedWork = field(default_factory=SharedWork, compare=False, repr=False)
    cutter: str | None = None   # --cutter: "silhouette" or "cricut" adds print-and-cut files (pnp.kit.cutter)
    die_line: bool = False      # --die-line: card sheets carry each trim in the CutContour spot colour
    sheet: Sheet = Sheet.standard   # how cards sit on a sheet (--sheet)

    @property
    def svg_dir(self) -> str:
        return "svg" + self.suffix

    @property
    def duplex_suffix(self) -> str:
        """How a card sheet's file name says its layout and duplex mode ("" for the default: standard
        sheets, long edge): "-tight" for butted cards, then the duplex mode."""
        return ("-tight" if self.sheet is Sheet.tight else "") + self.flip_suffix

    @property
    def flip_suffix(self) -> str:
        """How a file name says the duplex mode alone ("" for the default long edge)."""
        return {"long": "", "short": "-short-edge", "none": "-glue", "fold": "-fold"}[self.duplex.value]


def sheet_words(game: Game, lang: str) -> SheetWords:
    """The sheet notes' words in `lang`: layouts/words.toml, the game's layouts/words.toml, then
    its game.toml [words]."""
    return SheetWords.load(lang, game.folder, game.meta.words)
