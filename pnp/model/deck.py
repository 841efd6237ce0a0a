"""A game's deck: the card entries of cards.toml and of its spreadsheet (`rows`), checked and
expanded into physical cards. Where an entry came from (a `[[cards]]` table or a row) matters only
here, for naming it in a message: a `Card` is the same whichever it was."""

from __future__ import annotations

import dataclasses
import difflib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import ValidationError

from ..errors import DefinitionError
from .load import display, schema_problems
from .rows import Row, card_rows, read_sheet
from .schema import CardBack, CardEntry, CardsFile, CardType, Clan, FieldValue, Localized, slug

if TYPE_CHECKING:
    from .game import Game

MAX_TOTAL = 100_000      # cards, or pieces, in one kit
LABEL = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


@dataclass(frozen=True)
class Card:
    """One physical card. `type` holds what it prints: its type's name, text and art, or the
    card's own where the card has them."""

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
    # Where the card's own name, text and image were written (a spreadsheet row or cards[N]), so that
    # a drawing problem with them names that place, not its type's.
    origin: Source | None = dataclasses.field(default=None, compare=False)
    own: frozenset[str] = dataclasses.field(default=frozenset(), compare=False)

    def written(self, what: str, where: str, key: str | None) -> tuple[str, str | None]:
        """The file and key to name for the card's `what` (name, text, image): its own, else the given."""
        if self.origin is not None and what in self.own:
            return self.origin.where, self.origin.key(what)
        return where, key

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
        owner = self.clan.id if self.clan else ""
        name = f"{self.number:02d}" if self.label == str(self.number) else self.label.lower()
        # The type and the clan name the card only where its label does not already say them:
        # "red-party", not "red-party-party-red".
        words = set(name.split("-"))
        for part in (self.type_id, owner):
            if part and not set(part.split("-")) <= words:
                name += f"-{part}"
                words |= set(part.split("-"))
        return f"{name}{extra}"


@dataclass(frozen=True)
class Source:
    """Where a card entry was written, to name it in a message: `cards[3].clan` in cards.toml, or
    `row 5, column clan` in the spreadsheet."""

    where: str
    index: int
    row: Row | None = None

    def key(self, *loc: str) -> str:
        if self.row is not None:
            return self.row.key(loc)
        return f"cards[{self.index}].{loc[0]}" if loc else f"cards[{self.index}]"


def lighten(colour: str, amount: float = 0.82) -> str:
    """A pale shade of a colour, for panels behind art."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    mix = [round(v + (255 - v) * amount) for v in (r, g, b)]
    return "#" + "".join(f"{v:02x}" for v in mix)


def check_langs(where: str, key: str, text: dict[str, str], langs: list[str]) -> None:
    for lang in langs:
        if not text.get(lang, "").strip():
            raise DefinitionError(where, f"{key}.{lang}", f"missing text; the game's languages are {', '.join(langs)}")


def check_slug(where: str, key: str, value: str) -> None:
    try:
        slug(value)
    except ValueError as exc:
        raise DefinitionError(where, key, str(exc)) from None


def entries(game: Game, cf: CardsFile, problems: list[DefinitionError]) -> list[tuple[CardEntry, Source]]:
    """The `[[cards]]` tables, then the spreadsheet's rows, each with where it was written. A row
    without a number takes its place among the rows (1, 2, 3...)."""
    cw = game.files["cards"]
    out = [(entry, Source(cw, i)) for i, entry in enumerate(cf.cards)]
    if cf.rows is None:
        if cf.sheet is not None:
            problems.append(DefinitionError(cw, "sheet", "`sheet` names a sheet of the `rows` spreadsheet, "
                                                         "but there is no `rows`"))
        return out
    try:
        path = folder_file(game.folder, cf.rows, cw, "rows", "card list")
        where = display(path)
        rows = card_rows(read_sheet(path, where, cf.sheet), where)
    except DefinitionError as exc:
        problems.append(exc)
        return out
    for i, row in enumerate(rows):
        data = dict(row.entry)
        data.setdefault("number", i + 1)
        try:
            out.append((CardEntry.model_validate(data), Source(where, len(cf.cards) + i, row)))
        except ValidationError as exc:
            problems += schema_problems(CardEntry, exc, where, name_key=row.key)
    return out


def localized(value: str | Localized | None, langs: list[str]) -> Localized:
    """A card's own name or text as a text by language: one text serves every language."""
    if value is None:
        return {}
    return {lang: value for lang in langs} if isinstance(value, str) else dict(value)


def check_cards(game: Game, cf: CardsFile, problems: list[DefinitionError]) -> list[tuple[CardEntry, Source]]:
    """Check the deck and add its cards to `game.cards`; every problem goes to `problems`. Returns
    the card entries with where each was written (for the warnings)."""
    langs = game.meta.languages
    cw = game.files["cards"]

    def run(where: str, key: str | None, problem: str) -> None:
        problems.append(DefinitionError(where, key, problem))

    for table, names in (("types", cf.types), ("backs", cf.backs), ("decks", cf.decks)):
        for name in names:
            try:
                check_slug(cw, f"{table}.{name}", name)
            except DefinitionError as exc:
                problems.append(exc)
    layouts, sizes = game.layouts.cards, game.layouts.sizes
    for key, value, known, what in (("layout", cf.layout, layouts, "card layout"),
                                    ("back_layout", cf.back_layout, layouts, "card layout"),
                                    ("size", cf.size, sizes, "card size")):
        if value not in known:
            run(cw, key, f"unknown {what} {value!r} (known: {', '.join(known)})")
    for tid, ctype in cf.types.items():
        for key, text in (("title", ctype.title), ("text", ctype.text)):
            if text:        # a type may leave its name or text to its cards
                try:
                    check_langs(cw, f"types.{tid}.{key}", text, langs)
                except DefinitionError as exc:
                    problems.append(exc)
        if ctype.image is not None:
            try:
                image_path(game.folder, ctype.image, cw, f"types.{tid}.image")
            except DefinitionError as exc:
                problems.append(exc)
    before = len(problems)
    listed = entries(game, cf, problems)
    if not listed and len(problems) == before:
        run(cw, "cards" if cf.rows is None else "rows",
            "no cards: add [[cards]] tables, or name a spreadsheet with rows = \"cards.csv\"" if cf.rows is None
            else f"no cards: {cf.rows} has no rows under its header")
        return listed
    total = sum(entry.count for entry, _ in listed)
    if listed and total == 0:
        run(cw, "cards", "every card has count = 0: a deck needs at least one card "
                         "(leave out cards.toml for a game without cards)")
    if total > MAX_TOTAL:
        run(cw, "cards", f"{total:,} cards in all: the limit is {MAX_TOTAL:,}")
        return listed
    backs = dict(cf.backs)
    seen: dict[str, Source] = {}
    images: set[str] = set()       # art already found good: a deck of thousands of rows shares a few files
    for entry, src in listed:
        try:
            made = _cards_of(game, cf, entry, src, backs, seen, images)
        except DefinitionError as exc:
            problems.append(exc)
            continue
        game.cards += made
    if backs != cf.backs:
        game.cards_file = cf = cf.model_copy(update={"backs": backs})
    deck_ids = set(cf.backs) | {t.deck for t in cf.types.values()} | {c.deck for c in game.cards}
    for did, deck in cf.decks.items():
        if did not in deck_ids:
            run(cw, f"decks.{did}", f"no card type has deck = {did!r} (decks: {', '.join(sorted(deck_ids))})")
        for key, named, known in (("layout", deck.layout, layouts), ("back_layout", deck.back_layout, layouts),
                                  ("size", deck.size, sizes)):
            if named is not None and named not in known:
                kind = "card size" if key == "size" else "card layout"
                run(cw, f"decks.{did}.{key}", f"unknown {kind} {named!r} (known: {', '.join(known)})")
    order = {cid: i for i, cid in enumerate(game.clans)}
    decks = {d: i for i, d in enumerate(cf.backs)}
    game.cards.sort(key=lambda c: (order[c.clan.id] if c.clan else 0, decks.get(c.back_key, 0), c.type.letter,
                                   c.number, c.copy))
    for cid, back in cf.backs.items():
        try:
            check_langs(cw, f"backs.{cid}.title", back.title, langs)
        except DefinitionError as exc:
            problems.append(exc)
    used = {cf.layout, cf.back_layout} | {n for d in cf.decks.values() for n in (d.layout, d.back_layout) if n}
    for name in sorted(n for n in used if n in layouts):
        for key, el in layouts[name].elements.items():
            if el.image is not None:
                try:
                    image_path(game.folder, el.image, "layouts/cards.toml", f"{name}.elements.{key}.image")
                except DefinitionError as exc:
                    problems.append(exc)
    return listed


def _cards_of(game: Game, cf: CardsFile, entry: CardEntry, src: Source, backs: dict[str, CardBack],
              seen: dict[str, Source], images: set[str]) -> list[Card]:
    """The physical cards of one entry (its `count` copies); the first problem is raised."""
    meta, langs = game.meta, game.meta.languages
    where = src.where
    if entry.clan is not None and entry.clan not in game.clans:
        raise DefinitionError(where, src.key("clan"), f"unknown clan {entry.clan!r} (known: {', '.join(game.clans)})")
    if entry.type not in cf.types:
        close = difflib.get_close_matches(entry.type, list(cf.types), n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        known = ", ".join(cf.types) or "none: add a [types.NAME] table to cards.toml"
        raise DefinitionError(where, src.key("type"), f"unknown card type {entry.type!r} (known: {known}){hint}")
    ctype = cf.types[entry.type]
    label = entry.label or f"{ctype.letter}{entry.number}"
    if not LABEL.fullmatch(label):
        raise DefinitionError(where, src.key("label"), f"{label!r} names the card's SVG file: expected letters, "
                                                       "digits, '-' or '_' (at most 64)")
    if label in seen:
        what = f"number {entry.number}" if label == str(entry.number) else f"card {label}"
        first = seen[label]
        other = first.key() if first.where == where else f"{first.where} {first.key()}"
        raise DefinitionError(where, src.key("number"),
                              f"{what} is already used by {other}; no two cards share a number")
    seen[label] = src
    ctype = _own_content(game, ctype, entry, src, images)
    back_key = entry.back or ctype.back or (entry.clan if entry.clan is not None else ctype.deck)
    if back_key not in backs:
        if cf.backs:
            raise DefinitionError(where, src.key("back") if entry.back else src.key(),
                                  f"no back for {back_key!r}; add a [backs.{back_key}] table to cards.toml")
        # no [backs] at all: every deck shows the game's name
        backs[back_key] = CardBack(title={lang: meta.title for lang in langs}, kanji=meta.kanji)
    back = backs[back_key]
    clan = game.clans[entry.clan] if entry.clan else None
    colour = clan.colour if clan else (ctype.colour or back.colour or "#444444")
    tint = clan.tint if clan else lighten(colour)
    # A back with its own colour looks the same whatever the face: a shuffled deck whose backs
    # all name one back cannot be read from behind.
    back_colour, back_tint = (back.colour, lighten(back.colour)) if back.colour else (colour, tint)
    for n, seat in entry.deal.items():
        if not n.isdigit() or not meta.players.min <= int(n) <= meta.players.max:
            span = f"{meta.players.min}-{meta.players.max}"
            raise DefinitionError(where, src.key("deal"), f"{n!r} is not a player count of this game ({span})")
        if seat > int(n):
            raise DefinitionError(where, f"{src.key('deal')}.{n}", f"seat {seat} does not exist with {n} players")
    deal = tuple(sorted((int(n), seat) for n, seat in entry.deal.items()))
    fields = tuple({**ctype.fields, **entry.fields}.items())
    own = frozenset(k for k in ("name", "text", "image") if getattr(entry, k) is not None)
    return [Card(entry.number, clan, entry.type, ctype, copy, label, back_key, colour, tint, entry.players, deal,
                 fields, back_colour, back_tint, src, own) for copy in range(1, entry.count + 1)]


def _own_content(game: Game, ctype: CardType, entry: CardEntry, src: Source, images: set[str]) -> CardType:
    """The type as this card prints it: the card's own name, text, art and deck over the type's.
    A name is needed in every language; a text, in every language or none."""
    langs = game.meta.languages
    own: dict[str, object] = {}
    title = localized(entry.name, langs) or ctype.title
    text = localized(entry.text, langs) or ctype.text
    for key, value, what in (("name", title, "name"), ("text", text, "text")):
        missing = [lang for lang in langs if not value.get(lang, "").strip()]
        if missing and (key == "name" or value):
            if getattr(entry, key) is not None:
                why = f"the game's languages are {', '.join(langs)}"
            else:
                why = f"give the card a {what}, or its type {entry.type!r} a {'title' if key == 'name' else 'text'}"
            raise DefinitionError(src.where, src.key(key, missing[0]), f"missing {what} in {', '.join(missing)}; {why}")
    if entry.name is not None:
        own["title"] = title
    if entry.text is not None:
        own["text"] = text
    if entry.image is not None:
        if entry.image not in images:
            image_path(game.folder, entry.image, src.where, src.key("image"))
            images.add(entry.image)
        own["image"] = entry.image
    if entry.deck is not None:
        own["deck"] = entry.deck
    return ctype.model_copy(update=own) if own else ctype


IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")


def folder_file(folder: Path, value: str, where: str, key: str, what: str = "image") -> Path:
    """The file `value` names, relative to the game folder and inside it: no absolute path, no
    `..`, no symlink that leads out of the folder; the file must exist."""
    bad = None
    rel = Path(value)
    if not value.strip() or rel.is_absolute() or value.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", value):
        bad = "expected a path relative to the game folder, e.g. \"art/knight.png\""
    elif ".." in rel.parts or ".." in value.replace("\\", "/").split("/"):
        bad = f"must not use '..': {what}s come from inside the game folder"
    if bad:
        raise DefinitionError(where, key, f"{what} {value!r}: {bad}")
    path = folder / rel
    try:
        inside = path.resolve(strict=True).is_relative_to(folder.resolve())
    except (OSError, RuntimeError):
        raise DefinitionError(where, key, f"{what} {value!r}: no such file in the game folder") from None
    if not inside:
        raise DefinitionError(where, key, f"{what} {value!r}: leads out of the game folder (a symlink?)")
    if not path.is_file():
        raise DefinitionError(where, key, f"{what} {value!r}: not a file")
    return path


def image_path(folder: Path, value: str, where: str, key: str) -> Path:
    """An image file in the game folder (as `folder_file`): a PNG, a JPEG or SVG vector art."""
    path = folder_file(folder, value, where, key)
    if path.suffix.lower() not in IMAGE_SUFFIXES:
        raise DefinitionError(where, key, f"image {value!r}: expected a .png, .jpg, .jpeg or .svg file")
    return path
