"""A game folder turned into one typed, cross-checked object with counts expanded."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DefinitionError
from ..hexgrid import HexGrid
from .layouts import Layouts, load_layouts
from .load import M, display, read_toml, validate
from .schema import (
    BoardFile,
    CardBack,
    CardLayout,
    CardsFile,
    CardSize,
    CardType,
    Clan,
    DiceFile,
    FieldValue,
    GameFile,
    MapsFile,
    MatsFile,
    Piece,
    PiecesFile,
    TilesFile,
    TrackBoardFile,
    slug,
)


@dataclass(frozen=True)
class Card:
    """One physical card."""

    number: int
    clan: Clan | None
    type_id: str
    type: CardType
    copy: int = 1
    label: str = ""
    back_key: str = ""
    colour: str = "#000000"      # frame colour
    tint: str = "#ffffff"
    players: int | None = None
    deal: tuple[tuple[int, int], ...] = ()
    fields: tuple[tuple[str, FieldValue], ...] = ()   # the type's fields, then the card's own
    back_colour: str = "#000000"   # the back's colour: its own if [backs.X] sets one, else the card's
    back_tint: str = "#ffffff"

    @property
    def deck(self) -> str:
        return self.type.deck

    def field(self, name: str, lang: str) -> str | None:
        """A field's printed value in `lang`, or None if the card has no such field."""
        for key, value in self.fields:
            if key == name:
                return value.get(lang, "") if isinstance(value, dict) else str(value)
        return None

    @property
    def slug(self) -> str:
        extra = f"-{self.copy}" if self.copy > 1 else ""
        owner = f"-{self.clan.id}" if self.clan else ""
        name = f"{self.number:02d}" if self.label == str(self.number) else self.label.lower()
        return f"{name}-{self.type_id}{owner}{extra}"


@dataclass(frozen=True)
class Counter:
    """One physical piece (a counter on the pieces sheet)."""

    piece: Piece
    colour: str
    clan: Clan | None
    index: int

    @property
    def slug(self) -> str:
        owner = self.clan.id if self.clan else "neutral"
        return f"{self.piece.id}-{owner}"


@dataclass
class Game:
    folder: Path
    meta: GameFile
    cards_file: CardsFile | None      # None: the game has no deck (no cards.toml)
    board: BoardFile | None
    pieces_file: PiecesFile           # empty when the game has no pieces.toml
    layouts: Layouts
    files: dict[str, str]
    tiles: TilesFile | None = None
    maps: MapsFile | None = None
    mats: MatsFile | None = None
    trackboard: TrackBoardFile | None = None
    dice: DiceFile | None = None
    clans: dict[str, Clan] = field(default_factory=dict)
    cards: list[Card] = field(default_factory=list)
    counters: list[Counter] = field(default_factory=list)
    grid: HexGrid | None = None

    @property
    def id(self) -> str:
        return self.meta.id

    @property
    def deck(self) -> CardsFile:
        """The deck's definitions; only asked for when the game has cards."""
        if self.cards_file is None:
            raise DefinitionError(self.files["cards"], None,
                                  "file not found: this part of the kit needs the game's cards")
        return self.cards_file

    def _missing(self, name: str) -> DefinitionError:
        return DefinitionError(self.files[name], None, f"file not found: this part of the kit needs the game's {name}")

    @property
    def hex_board(self) -> BoardFile:
        """The hex board's definitions; only asked for when the game has a board."""
        if self.board is None:
            raise self._missing("board")
        return self.board

    @property
    def hex_grid(self) -> HexGrid:
        """The hex board's map; only asked for when the game has a board (loading one makes its grid)."""
        if self.grid is None:
            raise self._missing("board")
        return self.grid

    @property
    def tile_set(self) -> TilesFile:
        """The tiles' definitions; only asked for when the game has tiles."""
        if self.tiles is None:
            raise self._missing("tiles")
        return self.tiles

    @property
    def mat_set(self) -> MatsFile:
        """The player mats' definitions; only asked for when the game has mats."""
        if self.mats is None:
            raise self._missing("mats")
        return self.mats

    @property
    def card_size(self) -> CardSize:
        """The size of the game's main deck (the file's `size`)."""
        return self.layouts.sizes[self.cards_file.size if self.cards_file else "poker"]

    @property
    def face_layout(self) -> CardLayout:
        return self.layouts.cards[self.deck.layout]

    @property
    def back_layout(self) -> CardLayout:
        return self.layouts.cards[self.deck.back_layout]

    def size_of(self, card: Card) -> CardSize:
        d = self.deck.decks.get(card.deck)
        return self.layouts.sizes[d.size] if d and d.size else self.card_size

    def face_layout_of(self, card: Card) -> CardLayout:
        d = self.deck.decks.get(card.deck)
        return self.layouts.cards[d.layout] if d and d.layout else self.face_layout

    def back_layout_of(self, card: Card) -> CardLayout:
        d = self.deck.decks.get(card.deck)
        return self.layouts.cards[d.back_layout] if d and d.back_layout else self.back_layout

    def back(self, card: Card) -> CardBack:
        return self.deck.backs[card.back_key]

    @property
    def components(self) -> list[str]:
        """The kinds of component this game has, in kit order: cards, board, tiles, mats, pieces."""
        have = {"cards": bool(self.cards), "board": self.board is not None or self.trackboard is not None,
                "tiles": self.tiles is not None,
                "mats": self.mats is not None, "pieces": bool(self.counters), "dice": self.dice is not None}
        return [kind for kind, present in have.items() if present]

    def word(self, key: str, lang: str) -> str:
        return self.meta.words.get(key, {}).get(lang, key.replace("_", " "))


def _lighten(colour: str, amount: float = 0.82) -> str:
    """A pale shade of a colour, for panels behind art."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    mix = [round(v + (255 - v) * amount) for v in (r, g, b)]
    return "#" + "".join(f"{v:02x}" for v in mix)


def _check_langs(where: str, key: str, text: dict[str, str], langs: list[str]) -> None:
    for lang in langs:
        if not text.get(lang, "").strip():
            raise DefinitionError(where, f"{key}.{lang}", f"missing text; the game's languages are {', '.join(langs)}")


def load_game(folder: Path) -> Game:
    folder = Path(folder)
    paths = {name: folder / f"{name}.toml" for name in ("game", "cards", "board", "pieces", "tiles", "maps", "mats",
                                                           "tracks", "dice")}
    files = {name: display(p) for name, p in paths.items()}
    meta = validate(GameFile, read_toml(paths["game"]), files["game"])

    def optional(name: str, model: type[M]) -> M | None:
        return validate(model, read_toml(paths[name]), files[name]) if paths[name].is_file() else None

    # Every component file is optional: a game is the components it declares (a deck alone is a game).
    cards_file = optional("cards", CardsFile)
    pieces_file = optional("pieces", PiecesFile) or PiecesFile.model_construct(pieces=[])
    board = optional("board", BoardFile)
    tiles, maps, mats = optional("tiles", TilesFile), optional("maps", MapsFile), optional("mats", MatsFile)
    layouts = load_layouts(folder / "layouts")
    trackboard = optional("tracks", TrackBoardFile)
    dice = optional("dice", DiceFile)
    game = Game(folder, meta, cards_file, board, pieces_file, layouts, files, tiles, maps, mats, trackboard, dice)
    _cross_check(game)
    return game


def _cross_check(game: Game) -> None:
    meta, cf, files = game.meta, game.cards_file, game.files
    langs = meta.languages
    if meta.players.min > meta.players.max:
        raise DefinitionError(files["game"], "players.min",
                              f"expected at most players.max ({meta.players.max}), got {meta.players.min}")
    for i, clan in enumerate(meta.clans):
        if clan.id in game.clans:
            raise DefinitionError(files["game"], f"clans[{i}].id", f"clan {clan.id!r} is defined twice")
        _check_langs(files["game"], f"clans[{i}].name", clan.name, langs)
        game.clans[clan.id] = clan
    if cf is not None:
        _check_cards(game, cf)
    _check_pieces(game)
    if game.maps is not None:
        _check_maps(game, game.maps)
    if game.board is not None:
        _check_board(game, game.board)
    if game.trackboard is not None:
        _check_trackboard(game, game.trackboard)
    if game.dice is not None:
        ids: set[str] = set()
        for i, die in enumerate(game.dice.dice):
            if die.id in ids:
                raise DefinitionError(files["dice"], f"dice[{i}].id", f"{die.id!r} is used twice")
            ids.add(die.id)
            _check_langs(files["dice"], f"dice[{i}].name", die.name, langs)
            for j, face in enumerate(die.faces):
                if isinstance(face, dict):
                    _check_langs(files["dice"], f"dice[{i}].faces[{j}]", face, langs)
    if game.mats is not None and game.mats.pool is not None:
        ids = {p.id for p in game.pieces_file.pieces}
        if game.mats.pool not in ids:
            raise DefinitionError(files["mats"], "pool",
                                  f"unknown piece {game.mats.pool!r} (known: {', '.join(sorted(ids))})")


MAX_TOTAL = 100_000      # cards, or pieces, in one kit
LABEL = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def _check_slug(where: str, key: str, value: str) -> None:
    try:
        slug(value)
    except ValueError as exc:
        raise DefinitionError(where, key, str(exc)) from None


def _check_cards(game: Game, cf: CardsFile) -> None:
    meta, files, langs = game.meta, game.files, game.meta.languages
    known_clans = ", ".join(game.clans)
    cw = files["cards"]
    for table, names in (("types", cf.types), ("backs", cf.backs), ("decks", cf.decks)):
        for name in names:
            _check_slug(cw, f"{table}.{name}", name)
    total = sum(entry.count for entry in cf.cards)
    if total == 0:
        raise DefinitionError(cw, "cards", "every card has count = 0: a deck needs at least one card "
                                           "(leave out cards.toml for a game without cards)")
    if total > MAX_TOTAL:
        raise DefinitionError(cw, "cards", f"{total:,} cards in all: the limit is {MAX_TOTAL:,}")
    if cf.layout not in game.layouts.cards:
        raise DefinitionError(cw, "layout",
                              f"unknown card layout {cf.layout!r} (known: {', '.join(game.layouts.cards)})")
    if cf.back_layout not in game.layouts.cards:
        raise DefinitionError(cw, "back_layout",
                              f"unknown card layout {cf.back_layout!r} (known: {', '.join(game.layouts.cards)})")
    if cf.size not in game.layouts.sizes:
        raise DefinitionError(cw, "size", f"unknown card size {cf.size!r} (known: {', '.join(game.layouts.sizes)})")
    deck_ids = set(cf.backs) | {t.deck for t in cf.types.values()}
    for did, deck in cf.decks.items():
        if did not in deck_ids:
            raise DefinitionError(cw, f"decks.{did}",
                                  f"no card type has deck = {did!r} (decks: {', '.join(sorted(deck_ids))})")
        for key, value, known in (("layout", deck.layout, game.layouts.cards),
                                  ("back_layout", deck.back_layout, game.layouts.cards),
                                  ("size", deck.size, game.layouts.sizes)):
            if value is not None and value not in known:
                what = "card size" if key == "size" else "card layout"
                raise DefinitionError(cw, f"decks.{did}.{key}", f"unknown {what} {value!r} (known: {', '.join(known)})")
    for tid, ctype in cf.types.items():
        _check_langs(cw, f"types.{tid}.title", ctype.title, langs)
        _check_langs(cw, f"types.{tid}.text", ctype.text, langs)
    seen: dict[str, int] = {}
    for i, entry in enumerate(cf.cards):
        if entry.clan is not None and entry.clan not in game.clans:
            raise DefinitionError(cw, f"cards[{i}].clan", f"unknown clan {entry.clan!r} (known: {known_clans})")
        if entry.type not in cf.types:
            raise DefinitionError(cw, f"cards[{i}].type",
                                  f"unknown card type {entry.type!r} (known: {', '.join(cf.types)})")
        ctype = cf.types[entry.type]
        label = entry.label or f"{ctype.letter}{entry.number}"
        if not LABEL.fullmatch(label):
            raise DefinitionError(cw, f"cards[{i}].label", f"{label!r} names the card's SVG file: expected letters, "
                                                           "digits, '-' or '_' (at most 64)")
        if label in seen:
            what = f"number {entry.number}" if label == str(entry.number) else f"card {label}"
            raise DefinitionError(cw, f"cards[{i}].number",
                                  f"{what} is already used by cards[{seen[label]}]; no two cards share a number")
        seen[label] = i
        back_key = entry.back or ctype.back or (entry.clan if entry.clan is not None else ctype.deck)
        if back_key not in cf.backs:
            raise DefinitionError(cw, "backs", f"no back for {back_key!r}; add a [backs.{back_key}] table")
        back = cf.backs[back_key]
        clan = game.clans[entry.clan] if entry.clan else None
        colour = clan.colour if clan else (ctype.colour or back.colour or "#444444")
        tint = clan.tint if clan else _lighten(colour)
        # A back with its own colour looks the same whatever the face: a shuffled deck whose backs
        # all name one back cannot be read from behind.
        back_colour, back_tint = (back.colour, _lighten(back.colour)) if back.colour else (colour, tint)
        for n, seat in entry.deal.items():
            if not n.isdigit() or not meta.players.min <= int(n) <= meta.players.max:
                span = f"{meta.players.min}-{meta.players.max}"
                raise DefinitionError(cw, f"cards[{i}].deal", f"{n!r} is not a player count of this game ({span})")
            if seat > int(n):
                raise DefinitionError(cw, f"cards[{i}].deal.{n}", f"seat {seat} does not exist with {n} players")
        deal = tuple(sorted((int(n), seat) for n, seat in entry.deal.items()))
        fields = tuple({**ctype.fields, **entry.fields}.items())
        for copy in range(1, entry.count + 1):
            game.cards.append(Card(entry.number, clan, entry.type, ctype, copy, label, back_key, colour, tint,
                                   entry.players, deal, fields, back_colour, back_tint))
    order = {cid: i for i, cid in enumerate(game.clans)}
    decks = {d: i for i, d in enumerate(cf.backs)}
    game.cards.sort(key=lambda c: (order[c.clan.id] if c.clan else 0, decks.get(c.back_key, 0), c.type.letter,
                                   c.number, c.copy))
    for cid, back in cf.backs.items():
        _check_langs(cw, f"backs.{cid}.title", back.title, langs)
    for tid, ctype in cf.types.items():
        if ctype.image is not None:
            image_path(game.folder, ctype.image, cw, f"types.{tid}.image")
    used = {cf.layout, cf.back_layout} | {n for d in cf.decks.values() for n in (d.layout, d.back_layout) if n}
    for name in sorted(used):
        for key, el in game.layouts.cards[name].elements.items():
            if el.image is not None:
                image_path(game.folder, el.image, "layouts/cards.toml", f"{name}.elements.{key}.image")


IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")


def image_path(folder: Path, value: str, where: str, key: str) -> Path:
    """The image file `value` names, relative to the game folder and inside it: no absolute path,
    no `..`, no symlink that leads out of the folder; the file must exist."""
    bad = None
    rel = Path(value)
    if not value.strip() or rel.is_absolute() or value.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", value):
        bad = "expected a path relative to the game folder, e.g. \"art/knight.png\""
    elif ".." in rel.parts or ".." in value.replace("\\", "/").split("/"):
        bad = "must not use '..': images come from inside the game folder"
    if bad:
        raise DefinitionError(where, key, f"image {value!r}: {bad}")
    path = folder / rel
    try:
        inside = path.resolve(strict=True).is_relative_to(folder.resolve())
    except (OSError, RuntimeError):
        raise DefinitionError(where, key, f"image {value!r}: no such file in the game folder") from None
    if not inside:
        raise DefinitionError(where, key, f"image {value!r}: leads out of the game folder (a symlink?)")
    if not path.is_file():
        raise DefinitionError(where, key, f"image {value!r}: not a file")
    if path.suffix.lower() not in IMAGE_SUFFIXES:
        raise DefinitionError(where, key, f"image {value!r}: expected a .png, .jpg or .jpeg file (SVG art cannot "
                                          "go into the PDFs: export it as PNG)")
    return path


def _check_pieces(game: Game) -> None:
    meta, langs = game.meta, game.meta.languages
    pw = game.files["pieces"]
    ids = set()
    for i, piece in enumerate(game.pieces_file.pieces):
        if piece.id in ids:
            raise DefinitionError(pw, f"pieces[{i}].id", f"piece {piece.id!r} is defined twice")
        ids.add(piece.id)
        _check_langs(pw, f"pieces[{i}].name", piece.name, langs)
        if (piece.per_clan is None) == (piece.count is None):
            raise DefinitionError(pw, f"pieces[{i}]", "expected exactly one of `per_clan` (pieces of each clan's "
                                                      "colour) or `count` (neutral pieces)")
        if piece.count is not None:
            if piece.colour is None:
                raise DefinitionError(pw, f"pieces[{i}].colour", "missing: neutral pieces (`count`) need a colour")
            game.counters += [Counter(piece, piece.colour, None, n) for n in range(piece.count)]
        else:
            for clan in meta.clans:
                game.counters += [Counter(piece, clan.colour, clan, n) for n in range(piece.per_clan or 0)]
        if len(game.counters) > MAX_TOTAL:
            raise DefinitionError(pw, f"pieces[{i}]", f"more than {MAX_TOTAL:,} pieces in all")
    if game.pieces_file.pieces and not game.counters:
        raise DefinitionError(pw, "pieces", "every piece has count = 0 (or per_clan = 0, or the game has no clans): "
                                            "the counters sheet would be empty (leave out pieces.toml instead)")


def _check_board(game: Game, board: BoardFile) -> None:
    ids = {p.id for p in game.pieces_file.pieces}
    known_clans = ", ".join(game.clans)
    bw = game.files["board"]
    try:
        grid = game.grid = HexGrid(board.map.cells_per_column, board.map.hex_radius)
    except ValueError as exc:
        raise DefinitionError(bw, "map.cells_per_column", str(exc)) from None
    w, h = grid.extent
    if w > board.size[0] or h > board.size[1]:
        size = f"{board.size[0]:g} x {board.size[1]:g} mm"
        raise DefinitionError(bw, "map.hex_radius",
                              f"the map ({w:.0f} x {h:.0f} mm) does not fit the board ({size}); use a smaller radius")
    for i, side in enumerate(board.sides):
        if side.clan not in game.clans:
            raise DefinitionError(bw, f"sides[{i}].clan", f"unknown clan {side.clan!r} (known: {known_clans})")
    for i, pid in enumerate(board.legend):
        if pid not in ids:
            raise DefinitionError(bw, f"legend[{i}]", f"unknown piece {pid!r} (known: {', '.join(sorted(ids))})")
    if board.panel.area is not None and board.panel.area not in ids:
        raise DefinitionError(bw, "panel.area", f"unknown piece {board.panel.area!r} (known: {', '.join(sorted(ids))})")
    for i, mark in enumerate(board.start):
        if mark.cell not in grid.cells:
            raise DefinitionError(bw, f"start[{i}].cell",
                                  f"no cell {mark.cell!r} on the map (cells run {grid.first_label}..{grid.last_label})")
        if mark.piece not in ids:
            raise DefinitionError(bw, f"start[{i}].piece",
                                  f"unknown piece {mark.piece!r} (known: {', '.join(sorted(ids))})")
        if mark.clan is not None and mark.clan not in game.clans:
            raise DefinitionError(bw, f"start[{i}].clan", f"unknown clan {mark.clan!r} (known: {known_clans})")


def _check_maps(game: Game, maps: MapsFile) -> None:
    where = game.files["maps"]
    for i, m in enumerate(maps.maps):
        if not game.meta.players.min <= m.players <= game.meta.players.max:
            raise DefinitionError(where, f"maps[{i}].players",
                                  f"expected {game.meta.players.min}-{game.meta.players.max}, got {m.players}")
        if len(m.seats) != m.players:
            raise DefinitionError(where, f"maps[{i}].seats",
                                  f"a {m.players}-player map needs {m.players} seats, got {len(m.seats)}")
        cells = list(m.neutral) + [c for s in m.seats for c in (*s.tiles, s.tip)]
        if len(set(cells)) != len(cells):
            raise DefinitionError(where, f"maps[{i}]", "two tiles share a position")
        if game.tiles is not None:
            if len(m.neutral) > game.tiles.neutral:
                raise DefinitionError(where, f"maps[{i}].neutral",
                                      f"uses {len(m.neutral)} neutral tiles; tiles.toml has {game.tiles.neutral}")
            for j, s in enumerate(m.seats):
                if len(s.tiles) + 1 > game.tiles.per_clan:
                    raise DefinitionError(where, f"maps[{i}].seats[{j}]",
                                          f"uses {len(s.tiles) + 1} tiles of its own; "
                                          f"tiles.toml has {game.tiles.per_clan} per clan")


def _check_trackboard(game: Game, bd: TrackBoardFile) -> None:
    where, langs = game.files["tracks"], game.meta.languages
    w, h = bd.size
    seen: set[str] = set()
    named = [("tracks", i, t.id, t.name) for i, t in enumerate(bd.tracks)]
    named += [("panels", i, p.id, p.name) for i, p in enumerate(bd.panels)]
    for kind, i, item_id, name in named:
        if item_id in seen:
            raise DefinitionError(where, f"{kind}[{i}].id", f"{item_id!r} is used twice")
        seen.add(item_id)
        _check_langs(where, f"{kind}[{i}].name", name, langs)
    for i, t in enumerate(bd.tracks):
        if t.last < t.first:
            raise DefinitionError(where, f"tracks[{i}].last", f"expected at least first ({t.first}), got {t.last}")
        n = t.last - t.first + 1
        tw, th = (n * t.space, t.space) if t.direction == "right" else (t.space, n * t.space)
        if t.at[0] < 0 or t.at[1] < 0 or t.at[0] + tw > w or t.at[1] + th > h:
            raise DefinitionError(where, f"tracks[{i}]", f"the track ({tw:g} x {th:g} mm at {t.at[0]:g}, {t.at[1]:g}) "
                                                         f"runs off the {w:g} x {h:g} mm board")
        for key in t.marks:
            if not key.lstrip("-").isdigit() or not t.first <= int(key) <= t.last:
                raise DefinitionError(where, f"tracks[{i}].marks.{key}",
                                      f"expected a space number from {t.first} to {t.last}")
    for i, p in enumerate(bd.panels):
        if p.at[0] < 0 or p.at[1] < 0 or p.at[0] + p.size[0] > w or p.at[1] + p.size[1] > h:
            raise DefinitionError(where, f"panels[{i}]", f"the panel runs off the {w:g} x {h:g} mm board")
