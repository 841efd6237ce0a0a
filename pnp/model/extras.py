"""Typed shapes of the component files few games have: hex tiles (tiles.toml), start maps
(maps.toml), player mats (mats.toml), track boards (tracks.toml) and dice (dice.toml).

They are apart from `pnp.model.schema` because a pydantic model costs its class's making in every
process that imports it (these eleven, 9 ms): `pnp.model.load_game` imports this module only for a
game folder that has one of these files."""

from typing import Annotated, Literal

from pydantic import Field

from .schema import MAX_COUNT, MAX_MM, BoardArt, Colour, Localized, Mm, Size, Slug, Strict


class TilesFile(Strict):
    radius: Annotated[float, Field(gt=5, le=100)]
    bleed: Annotated[float, Field(ge=0, le=10)] = 2.0
    neutral: Annotated[int, Field(ge=0, le=MAX_COUNT)]
    per_clan: Annotated[int, Field(ge=0, le=MAX_COUNT)]
    neutral_colour: Colour = "#ffffff"
    kanji: str = ""
    image: str | None = None   # art (game folder path) on every tile, in place of the kanji
    name: Slug = "hex"      # in file names: GAME-NAME-tiles-a4.pdf
    title: str = "Hex"                                                       # printed: "Hex tiles 1/3"


Axial = tuple[int, int]


class Seat(Strict):
    tiles: list[Axial]      # the seat's own tiles on the start map, besides its tip
    tip: Axial


class StartMap(Strict):
    players: Annotated[int, Field(ge=1)]
    neutral: list[Axial]
    seats: list[Seat]


class MapsFile(Strict):
    maps: Annotated[list[StartMap], Field(min_length=1)]


class MatsFile(Strict):
    file: Slug = "mats"     # in file names: GAME-FILE-a4.pdf
    name: Localized
    kanji: str = ""
    size: Size
    slot: str = "reserve"                 # word key printed on the card slot
    slot_kanji: str = ""
    pool: str | None = None               # piece id whose waiting places are drawn as hexagons
    pool_word: str = "area"               # word key printed over them
    pool_hexes: Annotated[int, Field(ge=1, le=12)] = 4
    art: list[BoardArt] = []              # pictures on every mat; SVG currentColor is the mat's clan colour
    pool_art: str | None = None           # a picture inside each pool hexagon (a faint figure of the piece)


# ---- track boards (tracks.toml) -------------------------------------------------------

class Track(Strict):
    """A row (or column) of numbered spaces a marker moves along: water 0-8, score 0-30..."""

    id: str
    name: Localized
    first: Annotated[int, Field(ge=-1000, le=1000)] = 0   # the number on the first space
    last: Annotated[int, Field(ge=-1000, le=1000)]        # the number on the last space
    at: tuple[float, float]               # mm from the board's top-left: the first space's corner
    space: Mm = 16.0                      # the size of one space, mm
    direction: Literal["right", "down"] = "right"
    colour: Colour = "#444444"
    marks: dict[str, Localized] = {}      # a word printed under some spaces, by number: { "8" = {en = "full"} }
    image: str | None = None              # a small picture in every space (a drop on a water track); SVG in `colour`


class Panel(Strict):
    """A box of labelled cells (seasons, phases, a reserve): one cell per label, in a row."""

    id: str
    name: Localized
    at: tuple[float, float]
    size: Size
    cells: list[Localized] = []
    colour: Colour = "#444444"
    images: list[str] = []                # a picture above each cell's label, one per cell; SVG in `colour`


class BoardLabel(Strict):
    """A line of words on a track board, at [x, y] mm (the baseline; `align` says which end or the
    middle). Never under 7 pt: a board is read from across the table."""

    text: Localized
    at: tuple[Annotated[float, Field(ge=0, le=MAX_MM)], Annotated[float, Field(ge=0, le=MAX_MM)]]
    size: Annotated[float, Field(ge=7, le=60)] = 9.0
    font: Literal["sans", "sans-bold", "jp"] = "sans"
    align: Literal["left", "center", "right"] = "left"
    colour: Colour = "#2b261f"


class TrackBoardFile(Strict):
    size: Size
    bleed: Annotated[float, Field(ge=0, le=20)] = 3.0
    background: Colour = "#ffffff"
    tracks: list[Track] = []
    panels: list[Panel] = []
    art: list[BoardArt] = []              # pictures, drawn first, in order (a later one lies on an earlier)
    labels: list[BoardLabel] = []         # words, drawn last


# ---- dice (dice.toml) -----------------------------------------------------------------

class Die(Strict):
    """A die whose faces the kit prints as stickers for a blank die (or to cut and glue on a cube)."""

    id: Slug
    name: Localized
    count: Annotated[int, Field(ge=1, le=100)] = 1
    size: Annotated[float, Field(ge=8, le=40)] = 16.0       # a face's side, mm
    faces: Annotated[list[int | str | dict[str, str]], Field(min_length=2, max_length=20)]
    colour: Colour = "#2b261f"                              # pips and words
    fill: Colour = "#ffffff"
    pip: str | None = None     # art (game folder path) drawn as each pip, currentColor = `colour`: a shape per owner


class DiceFile(Strict):
    dice: Annotated[list[Die], Field(min_length=1)]
    # The blank die (edge, mm) the stickers are made for: the sheet names it and how many to buy. A die's
    # rounded edges leave a smaller flat face, so a sticker must be well under the edge.
    blank: Annotated[float, Field(ge=8, le=40)] | None = None
    # Fold-up paper dice of this edge (mm) as well: each six-faced die as a cube net with glue tabs.
    nets: Annotated[float, Field(ge=12, le=40)] | None = None


# By the file each model reads (its name less .toml, as `pnp.model.load_game` names it).
MODELS: dict[str, type[Strict]] = {"tiles": TilesFile, "maps": MapsFile, "mats": MatsFile, "tracks": TrackBoardFile,
                                   "dice": DiceFile}
