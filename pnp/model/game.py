"""A game folder turned into one typed, cross-checked object with counts expanded."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

__all__ = ["MAX_TOTAL", "Card", "Counter", "Game", "image_path", "load_game"]

from ..errors import DefinitionError, DefinitionProblems
from ..hexgrid import HexGrid
from .deck import MAX_TOTAL, Card, check_cards, check_langs, image_path
from .layouts import Layouts, load_layouts
from .lint import warnings
from .load import M, display, read_toml, validate
from .schema import BoardFile, CardBack, CardLayout, CardsFile, CardSize, Clan, GameFile, Piece, PiecesFile

if TYPE_CHECKING:
    from .extras import DiceFile, MapsFile, MatsFile, TilesFile, TrackBoardFile

T = TypeVar("T")


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
    warnings: list[DefinitionError] = field(default_factory=list)   # see pnp.model.lint; --strict: errors

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


def load_game(folder: Path) -> Game:
    """The game in `folder`, every file read and cross-checked. Every problem found is reported at
    once (`DefinitionProblems`, grouped by file), before anything is drawn; a file that cannot be
    read is skipped by the checks that need it, so one mistake does not hide the others."""
    folder = Path(folder)
    paths = {name: folder / f"{name}.toml" for name in ("game", "cards", "board", "pieces", "tiles", "maps", "mats",
                                                           "tracks", "dice")}
    files = {name: display(p) for name, p in paths.items()}
    problems: list[DefinitionError] = []
    failed: set[str] = set()     # files that could not be read: the checks that need them are skipped

    def attempt(load: Callable[[], T], name: str) -> T | None:
        try:
            return load()
        except DefinitionError as exc:
            problems.append(exc)
            failed.add(name)
            return None

    def optional(name: str, model: type[M]) -> M | None:
        if not paths[name].is_file():
            return None
        return attempt(lambda: validate(model, read_toml(paths[name]), files[name]), name)

    def extra(name: str) -> Any:
        """A file few games have: its model (pnp.model.extras) is made only for a game that has it."""
        if not paths[name].is_file():
            return None
        from .extras import MODELS
        return optional(name, MODELS[name])

    meta = attempt(lambda: validate(GameFile, read_toml(paths["game"]), files["game"]), "game")
    # Every component file is optional: a game is the components it declares (a deck alone is a game).
    cards_file = optional("cards", CardsFile)
    pieces_file = optional("pieces", PiecesFile) or PiecesFile.model_construct(pieces=[])
    board = optional("board", BoardFile)
    tiles, maps, mats = extra("tiles"), extra("maps"), extra("mats")
    layouts = attempt(lambda: load_layouts(folder / "layouts"), "layouts")
    trackboard = extra("tracks")
    dice = extra("dice")
    if meta is None or layouts is None:      # nothing can be cross-checked without them
        raise DefinitionProblems(problems)
    game = Game(folder, meta, cards_file, board, pieces_file, layouts, files, tiles, maps, mats, trackboard, dice)
    _cross_check(game, problems, failed)
    if problems:
        raise DefinitionProblems(problems)
    return game


def _cross_check(game: Game, problems: list[DefinitionError], failed: set[str]) -> None:
    """Each check on its own: a problem in one is kept and the next still runs; a check that
    needs a file that could not be read is skipped (it would only repeat that file's problem)."""
    def run(check: Callable[[], None]) -> None:
        try:
            check()
        except DefinitionError as exc:
            problems.append(exc)

    meta, files = game.meta, game.files
    langs = meta.languages

    def art(value: str | None, where: str, key: str) -> None:
        """A picture a definition names (a clan's emblem, a mat's or a tile's art), if any, is in the folder."""
        if value is None:
            return
        path = value

        def check() -> None:
            image_path(game.folder, path, where, key)
        run(check)

    if meta.players.min > meta.players.max:
        problems.append(DefinitionError(files["game"], "players.min",
                                        f"expected at most players.max ({meta.players.max}), got {meta.players.min}"))
    for i, clan in enumerate(meta.clans):
        if clan.id in game.clans:
            problems.append(DefinitionError(files["game"], f"clans[{i}].id", f"clan {clan.id!r} is defined twice"))
            continue
        run(lambda: check_langs(files["game"], f"clans[{i}].name", clan.name, langs))  # noqa: B023
        art(clan.emblem, files["game"], f"clans[{i}].emblem")
        game.clans[clan.id] = clan
    listed = check_cards(game, game.cards_file, problems) if game.cards_file is not None else []
    pieces_read = "pieces" not in failed
    if pieces_read:
        run(lambda: _check_pieces(game))
    if game.maps is not None and "tiles" not in failed:
        run(lambda: _check_maps(game, game.maps))   # type: ignore[arg-type]
    if game.board is not None and pieces_read:
        run(lambda: _check_board(game, game.board))   # type: ignore[arg-type]
    if game.trackboard is not None:
        run(lambda: _check_trackboard(game, game.trackboard))   # type: ignore[arg-type]
    if game.dice is not None:
        run(lambda: _check_dice(game, game.dice))   # type: ignore[arg-type]
    if game.tiles is not None:
        art(game.tiles.image, files["tiles"], "image")
    if game.mats is not None:
        for i, placed in enumerate(game.mats.art):
            art(placed.image, files["mats"], f"art[{i}].image")
        art(game.mats.pool_art, files["mats"], "pool_art")
    if game.mats is not None and game.mats.pool is not None and pieces_read:
        ids = {p.id for p in game.pieces_file.pieces}
        if game.mats.pool not in ids:
            problems.append(DefinitionError(files["mats"], "pool",
                                            f"unknown piece {game.mats.pool!r} (known: {', '.join(sorted(ids))})"))
    if not problems:
        game.warnings = warnings(game, listed)


FLAT_FACE = 0.85   # the share of a blank die's edge that is flat: a 16 mm die has a 13-14 mm face


def _check_dice(game: Game, dice: DiceFile) -> None:
    ids: set[str] = set()
    where, langs = game.files["dice"], game.meta.languages
    for i, die in enumerate(dice.dice):
        if die.id in ids:
            raise DefinitionError(where, f"dice[{i}].id", f"{die.id!r} is used twice")
        ids.add(die.id)
        check_langs(where, f"dice[{i}].name", die.name, langs)
        for j, face in enumerate(die.faces):
            if isinstance(face, dict):
                check_langs(where, f"dice[{i}].faces[{j}]", face, langs)
        if die.pip is not None:
            image_path(game.folder, die.pip, where, f"dice[{i}].pip")
        if dice.blank is not None and die.size > dice.blank * FLAT_FACE:
            raise DefinitionError(where, f"dice[{i}].size", f"a {die.size:g} mm sticker overhangs the flat face of a "
                                  f"{dice.blank:g} mm blank die (about {dice.blank * FLAT_FACE:.1f} mm): make it "
                                  "smaller or `blank` larger")
        if dice.nets is not None and len(die.faces) != 6:
            raise DefinitionError(where, f"dice[{i}].faces", f"{len(die.faces)} faces: `nets` folds six-faced dice "
                                  "only; remove `nets` or give every die six faces")


def _check_pieces(game: Game) -> None:
    meta, langs = game.meta, game.meta.languages
    pw = game.files["pieces"]
    ids = set()
    for i, piece in enumerate(game.pieces_file.pieces):
        if piece.id in ids:
            raise DefinitionError(pw, f"pieces[{i}].id", f"piece {piece.id!r} is defined twice")
        ids.add(piece.id)
        check_langs(pw, f"pieces[{i}].name", piece.name, langs)
        if piece.image is not None:
            image_path(game.folder, piece.image, pw, f"pieces[{i}].image")
        if piece.backdrop is not None:
            image_path(game.folder, piece.backdrop, pw, f"pieces[{i}].backdrop")
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
    for i, art in enumerate(board.art):
        image_path(game.folder, art.image, bw, f"art[{i}].image")
        if art.clan is not None and art.clan not in game.clans:
            raise DefinitionError(bw, f"art[{i}].clan", f"unknown clan {art.clan!r} (known: {known_clans})")
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
        check_langs(where, f"{kind}[{i}].name", name, langs)
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
        if p.images and len(p.images) != len(p.cells):
            raise DefinitionError(where, f"panels[{i}].images", f"expected one picture per cell ({len(p.cells)}), "
                                                                f"got {len(p.images)}")
        for j, picture in enumerate(p.images):
            image_path(game.folder, picture, where, f"panels[{i}].images[{j}]")
    for i, t in enumerate(bd.tracks):
        if t.image is not None:
            image_path(game.folder, t.image, where, f"tracks[{i}].image")
    for i, art in enumerate(bd.art):
        image_path(game.folder, art.image, where, f"art[{i}].image")
        if art.clan is not None and art.clan not in game.clans:
            raise DefinitionError(where, f"art[{i}].clan",
                                  f"unknown clan {art.clan!r} (known: {', '.join(game.clans) or 'none'})")
    for i, label in enumerate(bd.labels):
        check_langs(where, f"labels[{i}].text", label.text, langs)
