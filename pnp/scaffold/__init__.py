"""`pnp new`: a starter game folder a designer edits into their own game. Every file is commented
and the folder builds as it is: `pnp build PATH` makes a kit (40 cards from a spreadsheet, a board
of tracks, counters, an aid card) and a booklet, and `pnp check PATH` passes.

The text files are in `files/`, copied as they are except game.toml, which gets the title, the
id and the players; the three pictures the cards print are drawn here (simple shapes, so the
folder needs nothing from outside and the same command makes the same bytes)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from string import Template

from PIL import Image, ImageDraw

from ..errors import UsageError

FILES = Path(__file__).parent / "files"
# the seats' colours (and the pale shade behind a card's art), in seat order
COLOURS = (("red", "Red", "#b8262f", "#f6dcd8"), ("blue", "Blue", "#1f4e9c", "#d9e3f4"),
           ("green", "Green", "#2e7d32", "#dcefdc"), ("yellow", "Yellow", "#b08a00", "#f6edc6"),
           ("purple", "Purple", "#6a3d9a", "#e8dcf2"), ("orange", "Orange", "#d2691e", "#f8e2d0"))
ART = {"action": "#1f4e9c", "resource": "#2e7d32", "event": "#b8262f"}   # the type -> its picture's colour


def parse_players(value: str) -> tuple[int, int]:
    """'2-4' -> (2, 4); '3' -> (3, 3)."""
    m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", value)
    low, high = (int(m.group(1)), int(m.group(2) or m.group(1))) if m else (0, 0)
    if not m or not 1 <= low <= high <= len(COLOURS):
        raise UsageError(f"--players {value!r}: expected a number of players or a range such as 2-4, "
                         f"from 1 to {len(COLOURS)}")
    return low, high


def game_id(folder: Path) -> str:
    """The game's id from its folder's name: 'My Game!' -> 'my-game'."""
    words = re.findall(r"[a-z0-9]+", folder.resolve().name.lower())
    if not words:
        raise UsageError(f"{folder}: the folder's name gives the game's id; use letters or digits (e.g. my-game)")
    return "-".join(words)[:64].strip("-")


def _clans(count: int) -> str:
    out = []
    for cid, name, colour, tint in COLOURS[:count]:
        out.append(f'[[clans]]\nid = "{cid}"\nname = {{ en = "{name}" }}\ncolour = "{colour}"\ntint = "{tint}"\n')
    return "\n".join(out)


def picture(kind: str, colour: str) -> bytes:
    """A 400 x 300 px picture for a type: a disc, a diamond or a triangle on a pale ground (flat
    shapes need no more pixels; a designer's own art wants 600 x 450 for 300 dpi)."""
    w, h = 400, 300
    image = Image.new("RGB", (w, h), "#fbf6ea")
    draw = ImageDraw.Draw(image)
    cx, cy, r = w // 2, h // 2, 100
    if kind == "resource":
        draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=colour)
    elif kind == "event":
        draw.polygon([(cx, cy - r), (cx + r, cy + r * 3 // 4), (cx - r, cy + r * 3 // 4)], fill=colour)
    else:
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour)
    draw.ellipse([cx - r // 3, cy - r // 3, cx + r // 3, cy + r // 3], fill="#fbf6ea")
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue()


def create(folder: Path, title: str | None = None, players: str = "2-4") -> list[Path]:
    """Write the starter game into `folder` (new, or empty); returns the files written."""
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise UsageError(f"{folder}: already exists and is not an empty folder; give a new folder's path")
    low, high = parse_players(players)
    gid = game_id(folder)
    name = title.strip() if title and title.strip() else " ".join(w.capitalize() for w in gid.split("-"))
    files: dict[str, bytes] = {}
    for source in sorted(p for p in FILES.rglob("*") if p.is_file()):
        rel = source.relative_to(FILES).as_posix()
        text = source.read_text(encoding="utf-8")
        if rel == "game.toml":
            text = Template(text).substitute(id=gid, title=json.dumps(name, ensure_ascii=False)[1:-1],
                                             min=low, max=high, clans=_clans(high))
        files[rel] = text.encode("utf-8")
    for kind, colour in ART.items():
        files[f"art/{kind}.png"] = picture(kind, colour)
    written = []
    for rel, data in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written.append(path)
    return written
