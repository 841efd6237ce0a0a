"""Tabletop Simulator: deck sheets, back images and the saved object that imports them.

TTS takes a deck as one picture of its faces laid out in a grid (at most 10 across, 7 down), one
picture of the back, and an object whose ``CustomDeck`` names them (``FaceURL``, ``BackURL``,
``NumWidth``, ``NumHeight``) and whose ``DeckIDs`` list the cards top to bottom: card ``100 * key +
slot``. The last slot of a sheet is not a card: TTS shows it for a card another player holds in
hand (``BackIsHidden`` false), so a sheet carries at most ``columns * rows - 1`` cards and the
last slot shows the back. Every sheet is at most 4096 x 4096 px, the largest picture TTS loads.

Cards are laid out without bleed (TTS shows the trim). The images are referenced as local files
(``file:///...``) in the folder the export is written to; the JSON goes to TTS's Saved Objects
folder and appears in the game under Objects > Saved Objects."""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from ..model import Game
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


def export(game: Game, lang: str, dpi: int, where: Path, suffix: str = "") -> Iterator[Artifact]:
    """Sheets, backs and one saved object per deck. `where` is the absolute folder the files end up
    in: the JSON's URLs point there."""
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
                custom[str(key)] = {"FaceURL": (where / sheet_name).as_uri(), "BackURL": (where / back_name).as_uri(),
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
            obj = _object("Card", f"{card.type.title.get(lang, card.type_id)} {card.label}".strip(),
                          _guid(f"{game.id}/{deck}/{entry.index}"), sideways)
            obj["Description"] = card.type.text.get(lang, "")
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
        saved = {"SaveName": f"{game.meta.title}: {deck}", "GameMode": "", "Date": "", "VersionNumber": "",
                 "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "",
                 "LuaScript": "", "LuaScriptState": "", "ObjectStates": [state], "TabStates": {}}
        text = json.dumps(saved, indent=2, ensure_ascii=False) + "\n"
        yield Artifact(f"{game.id}-{deck}{suffix}.json", text.encode("utf-8"), None, "tts")
