"""Tabletop Simulator: deck sheets, back images and the saved object that imports them.

TTS takes a deck as one picture of its faces laid out in a grid (at most 10 across, 7 down), one
picture of the back, and an object whose ``CustomDeck`` names them (``FaceURL``, ``BackURL``,
``NumWidth``, ``NumHeight``) and whose ``DeckIDs`` list the cards top to bottom: card ``100 * key +
slot``. The last slot of a sheet is not a card: TTS shows it for a card another player holds in
hand (``BackIsHidden`` false), so a sheet carries at most ``columns * rows - 1`` cards and the
last slot shows the back. Every sheet is at most 4096 x 4096 px, the largest picture TTS loads.

Cards are laid out without bleed (TTS shows the trim). The images are referenced as local files
(``file:///...``) in the folder the export is written to, which only the computer that exported them
can open; with a base URL (``--base-url https://example.org/lantern/``, where the images are
uploaded) every player at a multiplayer table loads them. The JSON goes to TTS's Saved Objects
folder and appears in the game under Objects > Saved Objects.

A card is named by what it prints: its name (its type's title, or the card's own), its label unless
that is only a file name's slug, its clan; its description is its text and the
fields its layout prints. The player aid, when the game writes one, is a deck of its own: one
reference card per player, the turn summary's first side as the face and its second as the back."""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlsplit

from PIL import Image

from ..errors import UsageError
from ..model import Card, Game
from ..output import Artifact
from .cards import Drawings, Entry, card_page
from .raster import png, rasterise

MAX_COLUMNS, MAX_ROWS, MAX_PX = 10, 7, 4096


@dataclass(frozen=True)
class Grid:
    columns: int
    rows: int

    @property
    def cards(self) -> int:
        """How many cards the sheet holds: every slot but the last, the hidden card's."""
        return self.columns * self.rows - 1


def grid_for(n: int) -> Grid:
    """The smallest grid holding `n` cards plus the hidden slot, at least 2 x 2 (TTS's smallest)."""
    slots = min(n, MAX_COLUMNS * MAX_ROWS - 1) + 1
    rows = max(2, math.ceil(slots / MAX_COLUMNS))
    columns = max(2, math.ceil(slots / rows))
    return Grid(columns, rows)


def card_pixels(trim_mm: tuple[float, float], grid: Grid, dpi: int) -> tuple[int, int]:
    """A card's size on the sheet: `dpi` or less, so that the sheet stays within 4096 px."""
    w_in, h_in = trim_mm[0] / 25.4, trim_mm[1] / 25.4
    scale = min(float(dpi), (MAX_PX // grid.columns) / w_in, (MAX_PX // grid.rows) / h_in)
    return max(1, math.floor(w_in * scale)), max(1, math.floor(h_in * scale))


def _guid(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:6]


def _transform(y: float = 1.0) -> dict[str, float]:
    # Face down (rotZ 180), as a deck sits on a table.
    return {"posX": 0.0, "posY": y, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _object(name: str, nickname: str, guid: str, sideways: bool = False) -> dict[str, object]:
    return {"GUID": guid, "Name": name, "Transform": _transform(), "Nickname": nickname, "Description": "",
            "ColorDiffuse": {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259},
            "Locked": False, "Grid": True, "Snap": True, "IgnoreFoW": False, "Autoraise": True, "Sticky": True,
            "Tooltip": True, "GridProjection": False, "Hands": True, "HideWhenFaceDown": True,
            "SidewaysCard": sideways}


_SLUG = re.compile(r"[a-z0-9]+(?:[-_][a-z0-9]+)+")    # a file name's word ('silk-lantern'), not printed text


def check_base_url(url: str) -> str:
    """`--base-url`: an http(s) address the images will be uploaded to, with its final slash."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise UsageError(f"--base-url {url!r}: expected the http:// or https:// address of the folder the "
                         "images are uploaded to, e.g. https://example.org/lantern/")
    path = quote(parts.path, safe="/%~@!$&'()*+,;=:")     # a space in a folder name becomes %20, once
    return f"{parts.scheme}://{parts.netloc}{path}" + ("" if path.endswith("/") else "/")


class Links:
    """Where the saved object says an image is: a file beside it, or under a base URL."""

    def __init__(self, where: Path, base_url: str | None):
        self.where, self.base = where, check_base_url(base_url) if base_url is not None else None

    def __call__(self, name: str) -> str:
        return self.base + quote(name) if self.base is not None else (self.where / name).as_uri()


def card_name(game: Game, card: Card, lang: str) -> str:
    """What a player calls the card: its name, its label ('A3', 'Ronja'), its clan. A label that is a
    file name's slug ('silk-lantern') names a file, not the card, and is left out."""
    name = card.type.title.get(lang, card.type_id)
    label = card.label
    if label and label.lower() != name.lower() and not _SLUG.fullmatch(label):
        name = f"{name} {label}"
    if card.clan is not None:
        clan = card.clan.short.get(lang) or card.clan.name.get(lang, card.clan.id)
        name = f"{name} ({clan})"
    return name


def card_description(game: Game, card: Card, lang: str) -> str:
    """The card's text, then each field its layout prints, named ('trust: 3'): a printed '● 3' alone
    would not say what it counts."""
    lines = [card.type.text.get(lang, "")]
    for el in game.face_layout_of(card).elements.values():
        value = card.field(el.field, lang) if el.field else None
        if value:
            lines.append(f"{el.field}: {value}")
    return "\n".join(line for line in lines if line)


def export(game: Game, lang: str, dpi: int, where: Path, suffix: str = "",
           base_url: str | None = None) -> Iterator[Artifact]:
    """Sheets, backs and one saved object per deck, and the player aid's. `where` is the absolute
    folder the files end up in: the JSON's URLs point there, or under `base_url` when given."""
    link = Links(where, base_url)
    yield from _decks(game, lang, dpi, link, suffix)
    from ..model.aid import has_aid
    if has_aid(game.folder):
        yield from _aid(game, lang, dpi, link, suffix)


def _decks(game: Game, lang: str, dpi: int, link: Links, suffix: str) -> Iterator[Artifact]:
    from .cards import entries

    drawings = Drawings(game, lang)
    by_deck: dict[str, list[Entry]] = {}
    for entry in entries(game):
        by_deck.setdefault(entry.deck, []).append(entry)
    key = 0
    for deck, cards in by_deck.items():
        # A sheet shares one back: cards of the deck are split by back, then into sheets.
        by_back: dict[str, list[Entry]] = {}
        for entry in cards:
            by_back.setdefault(entry.card.back_key, []).append(entry)
        custom: dict[str, dict[str, object]] = {}
        card_ids: dict[int, int] = {}          # entry index -> CardID
        for back_key, group in by_back.items():
            back_scene = drawings.back(group[0].card)
            trim = (back_scene.width, back_scene.height)
            back_name = f"{game.id}-{deck}-back-{back_key}{suffix}.png"
            back_done = False
            # One card size for all the sheets of a back (the fullest sheet's), so one back image fits them.
            cw, ch = card_pixels(trim, grid_for(len(group)), dpi)
            for start in range(0, len(group), MAX_COLUMNS * MAX_ROWS - 1):
                part = group[start:start + MAX_COLUMNS * MAX_ROWS - 1]
                grid = grid_for(len(part))
                scenes = [drawings.face(e.card) for e in part] + [back_scene]
                pages = [card_page(s, 0.0) for s in scenes]
                sheet = Image.new("RGB", (grid.columns * cw, grid.rows * ch), "white")
                last = grid.columns * grid.rows - 1
                images = list(rasterise(pages, [(cw, ch)] * len(pages)))
                for slot, image in enumerate(images[:-1]):
                    row, col = divmod(slot, grid.columns)
                    sheet.paste(image, (col * cw, row * ch))
                row, col = divmod(last, grid.columns)
                sheet.paste(images[-1], (col * cw, row * ch))
                key += 1
                sheet_name = f"{game.id}-{deck}-sheet-{key}{suffix}.png"
                yield Artifact(sheet_name, png(sheet, dpi), None, "tts")
                if not back_done:
                    yield Artifact(back_name, png(images[-1], dpi), None, "tts")
                    back_done = True
                custom[str(key)] = {"FaceURL": link(sheet_name), "BackURL": link(back_name),
                                    "NumWidth": grid.columns, "NumHeight": grid.rows,
                                    "BackIsHidden": False, "UniqueBack": False, "Type": 0}
                for slot, entry in enumerate(part):
                    card_ids[id(entry)] = key * 100 + slot
        width, height = game.size_of(cards[0].card).size
        sideways = width > height        # a landscape card: TTS lays it turned
        contained = []
        for entry in cards:
            cid = card_ids[id(entry)]
            card = entry.card
            obj = _object("Card", card_name(game, card, lang), _guid(f"{game.id}/{deck}/{entry.index}"), sideways)
            obj["Description"] = card_description(game, card, lang)
            obj["CardID"] = cid
            obj["CustomDeck"] = {str(cid // 100): custom[str(cid // 100)]}
            contained.append(obj)
        if len(contained) == 1:
            state = contained[0]
        else:
            state = _object("DeckCustom", f"{game.meta.title}: {deck}", _guid(f"{game.id}/{deck}"), sideways)
            state["DeckIDs"] = [c["CardID"] for c in contained]
            state["CustomDeck"] = custom
            state["ContainedObjects"] = contained
        yield _saved(f"{game.id}-{deck}{suffix}.json", f"{game.meta.title}: {deck}", state)


def _saved(name: str, title: str, state: dict[str, object]) -> Artifact:
    saved = {"SaveName": title, "GameMode": "", "Date": "", "VersionNumber": "",
             "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "",
             "LuaScript": "", "LuaScriptState": "", "ObjectStates": [state], "TabStates": {}}
    text = json.dumps(saved, indent=2, ensure_ascii=False) + "\n"
    return Artifact(name, text.encode("utf-8"), None, "tts")


def _aid(game: Game, lang: str, dpi: int, link: Links, suffix: str) -> Iterator[Artifact]:
    """The reference card: its two sides as two images (a one-card sheet has no hidden slot: TTS
    shows the back, the aid's second side, for a card in another player's hand), one card per player."""
    from ..kit.aidcard import aid_card

    front, back, aid, _where = aid_card(game, lang)
    w, h = front.width, front.height
    cw, ch = card_pixels((w, h), Grid(1, 1), dpi)
    face_img, back_img = rasterise([card_page(front, 0.0), card_page(back, 0.0)], [(cw, ch)] * 2)
    face_name, back_name = f"{game.id}-aid-front{suffix}.png", f"{game.id}-aid-back{suffix}.png"
    yield Artifact(face_name, png(face_img, dpi), None, "tts")
    yield Artifact(back_name, png(back_img, dpi), None, "tts")
    custom = {"1": {"FaceURL": link(face_name), "BackURL": link(back_name), "NumWidth": 1, "NumHeight": 1,
                    "BackIsHidden": True, "UniqueBack": False, "Type": 0}}
    copies = aid.card.copies or game.meta.players.max
    title = f"{game.meta.title}: {aid.title}"
    cards = []
    for i in range(copies):
        obj = _object("Card", aid.title, _guid(f"{game.id}/aid/{i}"), w > h)
        obj["Description"] = title
        obj["CardID"] = 100
        obj["CustomDeck"] = custom
        cards.append(obj)
    state = cards[0]
    if copies > 1:
        state = _object("DeckCustom", title, _guid(f"{game.id}/aid"), w > h)
        state["DeckIDs"] = [100] * copies
        state["CustomDeck"] = custom
        state["ContainedObjects"] = cards
    yield _saved(f"{game.id}-aid{suffix}.json", title, state)
