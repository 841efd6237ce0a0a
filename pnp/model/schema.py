"""Typed shapes of the definition files. Loading validates against these once; nothing past
the loader checks types again. The files few games have (tiles, start maps, player mats, track
boards, dice) have theirs in `pnp.model.extras`, made only for a game that has one.

Annotations here are evaluated as the classes are made (no `from __future__ import annotations`):
pydantic reads a model's field types when its class is created, and a type written as text it
must evaluate again, which made this module's 36 models a quarter slower to import."""

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from ..sandbox.formats import AnyName, problem
from .colours import parse_colour

MAX_MM = 10_000.0          # 10 m: larger than any sheet or board, small enough to draw
MAX_COUNT = 10_000         # of one card or one piece
SLUG = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")


def slug(value: str) -> str:
    """A name that becomes part of a file name (a game id, clan, deck, piece, tile or mat name, a
    language): lowercase letters, digits, '-' or '_', at most 64, so that no name can reach
    outside the output folder or make a folder of its own.

    >>> slug("move-pawn")
    'move-pawn'
    >>> slug("../../PWNED")
    Traceback (most recent call last):
    ...
    ValueError: '../../PWNED' is used in file names: expected lowercase letters, digits, '-' or '_' (at most 64)
    """
    if not SLUG.fullmatch(value):
        raise ValueError(f"{value!r} is used in file names: expected lowercase letters, digits, '-' or '_' "
                         "(at most 64)")
    return value


def value_format(value: str) -> str:
    """A layout's `format`: text with `{}` where the card's value goes.

    >>> value_format("Trust {}")
    'Trust {}'
    >>> value_format("{0.__class__}")
    Traceback (most recent call last):
    ...
    ValueError: '{0.__class__}': write {} for the value, or {name} for a name ({0} and {x.y} or {x[0]} are not allowed)
    """
    why = problem(value, (), value=True)
    if why:
        raise ValueError(why)
    return value


def words_format(value: dict[str, str]) -> dict[str, str]:
    """A `[words]` text in each language: `{name}` fields for the names the sheet gives (checked
    where it is printed), nothing Python's format would read further."""
    for text in value.values():
        why = problem(text, AnyName(), value=False)
        if why:
            raise ValueError(why)
    return value


Slug = Annotated[str, AfterValidator(slug)]
Colour = Annotated[str, AfterValidator(parse_colour)]
Localized = dict[str, str]
Mm = Annotated[float, Field(gt=0, le=MAX_MM)]
Size = tuple[Mm, Mm]
Fraction = Annotated[float, Field(ge=0, le=1)]
FieldValue = str | int | dict[str, str]      # a number, a word, or a text by language


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False, defer_build=True)


# ---- layouts/ -------------------------------------------------------------------------

class Paper(Strict):
    name: str
    size: Size
    margin: Annotated[float, Field(ge=0)] = 5.0


class CardSize(Strict):
    name: str
    size: Size
    note: str = ""


class Element(Strict):
    box: tuple[Fraction, Fraction, Fraction, Fraction]
    font: Literal["sans", "sans-bold", "jp"] = "sans"
    size: Annotated[float, Field(gt=0, le=200)] = 8.0
    align: Literal["left", "center", "right"] = "left"
    field: str | None = None       # print this card field (cards.toml `fields`) in the box
    format: Annotated[str, AfterValidator(value_format)] = "{}"   # how: "Trust {}" prints "Trust 2"; {} is the value
    min_size: Annotated[float, Field(ge=4, le=200)] = 6.0   # text never shrinks below this to fit, pt
    image: str | None = None       # a PNG, JPEG or SVG in the game folder, placed in the box (docs/definitions.md)


class CardLayout(Strict):
    bleed: Annotated[float, Field(ge=0, le=20)] = 3.0
    safe: Annotated[float, Field(ge=0, le=30)] = 4.0
    corner_radius: Annotated[float, Field(ge=0)] = 3.0
    design_width: Mm = 63.5
    frame: Fraction = 0.05
    shrink: bool = False           # let text shrink below its min_size (to 4 pt) instead of stopping the build
    elements: dict[str, Element] = {}


# ---- cards/<game>/ ----------------------------------------------------------------------

class PlayerRange(Strict):
    min: Annotated[int, Field(ge=1)]
    max: Annotated[int, Field(ge=1)]


class Clan(Strict):
    id: Slug
    name: Localized
    short: Localized = {}      # "Red", for sentences; defaults to the name
    colour: Colour
    tint: Colour = "#ffffff"
    emblem: str | None = None  # the clan's mon (art file in the game folder): on its cards, backs, counters, board side


class GameFile(Strict):
    id: Slug
    rules: str | None = None   # which rules engine plays it (default: the id)
    title: str
    subtitle: Localized = {}
    kanji: str = ""            # a glyph or word printed large on the cover and the board title
    players: PlayerRange
    languages: Annotated[list[Slug], Field(min_length=1)]
    clans: list[Clan] = []      # sides or colours that own cards and pieces (none for a shared deck)
    words: dict[str, Annotated[Localized, AfterValidator(words_format)]] = {}
    # credits and box facts, printed on the booklet's cover, in its PDF metadata and by `pnp list`
    authors: list[str] = []                  # the game's designers
    publisher: str = ""                      # who published the edition the kit follows
    year: Annotated[int, Field(ge=1000, le=9999)] | None = None
    credits: list[Localized] = []            # further credit lines (adaptation, original edition...)
    licence: Localized = {}                  # the permission under which the kit is printed
    minutes: Annotated[list[Annotated[int, Field(ge=1, le=10_000)]], Field(max_length=2)] = []  # [15, 30]
    age: Annotated[int, Field(ge=1, le=99)] | None = None    # youngest players, "10+"


class CardType(Strict):
    title: Localized = {}          # the name its cards print, unless a card has its own `name`
    subtitle: Localized = {}
    kanji: str = ""
    icon: Literal["move", "recruit", "flood", "none"] = "none"
    text: Localized = {}           # the text its cards print, unless a card has its own `text`
    letter: Annotated[str, Field(pattern=r"^[A-Z]?$")] = ""   # priority letter: A resolves before B ...
    deck: Slug = "basic"                                       # which back, unless the card has a clan
    back: Slug | None = None       # which back the type's cards show (default: their clan's, else their deck's)
    fields: dict[str, FieldValue] = {}                         # values every card of the type prints
    image: str | None = None                                   # art for the layout's art box (game folder path)
    colour: Colour | None = None   # the face's colour for cards without a clan (default: their back's)


class CardEntry(Strict):
    number: Annotated[int, Field(ge=0, le=999_999)]
    clan: str | None = None
    type: str
    count: Annotated[int, Field(ge=0, le=MAX_COUNT)] = 1
    label: str | None = None          # printed name; default: the type's letter and the number
    players: Annotated[int, Field(ge=1)] | None = None   # in play from this many players up
    deal: dict[str, Annotated[int, Field(ge=1)]] = {}    # player count -> seat dealt the card
    fields: dict[str, FieldValue] = {}                   # this card's own values (over its type's)
    back: Slug | None = None                             # this card's back, over its type's
    deck: Slug | None = None                             # this card's deck, over its type's
    # the card's own content, over its type's: one text for every language, or a table by language
    name: str | Localized | None = None
    text: str | Localized | None = None
    image: str | None = None


class CardBack(Strict):
    kanji: str = ""
    title: Localized
    text: Localized = {}
    colour: Colour | None = None      # frame colour of a deck's cards; clan backs use the clan's


class Deck(Strict):
    """A deck's own face layout, back layout and card size, where they differ from the file's."""

    layout: str | None = None
    back_layout: str | None = None
    size: str | None = None


class CardsFile(Strict):
    layout: str = "basic"             # the built-in generic face: name, value, art, text, footer
    back_layout: str = "basic-back"
    size: str = "poker"
    decks: dict[str, Deck] = {}       # by deck id (a type's `deck`): e.g. larger character cards
    types: dict[str, CardType] = {}
    cards: list[CardEntry] = []
    rows: str | None = None           # a spreadsheet in the game folder (.csv or .xlsx): one card per row
    sheet: str | None = None          # which sheet of an .xlsx (default: the first)
    backs: dict[str, CardBack] = {}   # none: every deck gets a back with the game's title


class PieceBack(Strict):
    """The other side of a two-sided counter (a flipped state: wounded, spent, face-down)."""

    name: Localized = {}
    kanji: str = ""
    colour: Colour | None = None       # default: the front's colour


class Piece(Strict):
    id: Slug
    name: Localized
    kanji: str = ""
    per_clan: Annotated[int, Field(ge=0, le=MAX_COUNT)] | None = None
    count: Annotated[int, Field(ge=0, le=MAX_COUNT)] | None = None
    colour: Colour | None = None
    diameter: Annotated[float, Field(gt=5, le=100)] = 20.0
    mark: Literal["single", "double", "dashed"] = "single"   # how the board marks its start cells
    diagram: Literal["count", "leader", "terrain"] = "count"  # in booklet diagrams: numbered disc, lettered disc, waves
    letter: Annotated[str, Field(max_length=2)] = ""          # printed on a leader's disc
    back: PieceBack | None = None                             # two-sided: printed on a duplex backs sheet
    image: str | None = None      # art (game folder path) drawn on the counter, currentColor in the piece's colour
    ink_ring: bool = False        # with --ink-saver, a counter with art keeps a band of its full colour inside the cut
    backdrop: str | None = None   # art behind the `kanji` (a value): a paper face with a picture, the value the biggest


class PiecesFile(Strict):
    pieces: Annotated[list[Piece], Field(min_length=1)]


class HexMap(Strict):
    cells_per_column: Annotated[list[Annotated[int, Field(ge=1, le=26)]], Field(min_length=1, max_length=26)]
    hex_radius: Mm
    fill: Colour = "#eeeeee"
    line: Colour = "#444444"


class Side(Strict):
    clan: str
    edge: Literal["left", "right"]


class StartMark(Strict):
    cell: str
    piece: str
    clan: str | None = None


class SidePanel(Strict):
    """What each player's side of the board holds: a card slot and a pool of one kind of piece."""

    slot: str = "reserve"                 # word key printed on the card slot
    slot_kanji: str = ""
    slot_note: str = ""                   # word key printed under the slot, with "x slot_cards"
    slot_cards: Annotated[int, Field(ge=0, le=100)] = 0
    area: str | None = None               # piece id whose pool is drawn as circles (none: no pool)
    area_word: str = "area"               # word key printed over the pool


class BoardArt(Strict):
    """A picture on a board: `image` (a game folder path) in the box [x, y, w, h], mm from the trim's
    top-left; SVG art's currentColor is `clan`'s colour (default: the map's line colour)."""

    image: str
    box: tuple[Annotated[float, Field(ge=0, le=MAX_MM)], Annotated[float, Field(ge=0, le=MAX_MM)], Mm, Mm]
    clan: str | None = None


class BoardFile(Strict):
    size: Size
    bleed: Annotated[float, Field(ge=0, le=20)] = 3.0
    background: Colour = "#ffffff"
    map: HexMap
    sides: list[Side]
    start: list[StartMark] = []
    legend: list[str] = []                # piece ids explained under the map (default: those in `start`)
    panel: SidePanel = Field(default_factory=SidePanel)
    art: list[BoardArt] = []              # pictures placed on the board
    note: str = ""                        # word key printed under the legend (how pieces share a cell...)
