"""A saved simulation in a booklet: ``@simulation [FILE [SECTION]]`` prints the measured table of a
file `pnp simulate --save` wrote into the game folder (FILE.toml, default ``simulation``; its name
starts with ``simulation``), as a chart of one section with its 95 % intervals and one line per
subject. SECTION is seat, outcome, first-player, score, length or card (default: outcome when the
file has one, else seat). The file is data: it is read as TOML, never run."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..draw.shapes import Scene
from ..errors import DefinitionError
from ..model.load import parse_toml, read_text
from .chart import bar_chart
from .output import SHARES, rows_from_data
from .stats import Row

NAME = re.compile(r"simulation[A-Za-z0-9_-]{0,58}")
SECTIONS = ("seat", "outcome", "first-player", "score", "length", "card")


# How a booklet words the figures unless its narration file says otherwise ([booklet] simulation-line,
# simulation-games): one line per subject, then the number of games once.
LINE = "**{{ subject }}** {{ value }} ({{ low }}–{{ high }} with 95 % confidence)"
GAMES = "Measured over {{ n }} games."
COMMA = {"it", "fr", "de", "es", "pt", "nl"}     # languages that write a decimal comma


@dataclass
class Measured:
    scene: Scene | None       # None: the directive asked for the lines alone
    rows: list[Row]           # one per subject, its value and 95 % interval
    shares: bool              # the values are shares (printed as percentages)
    games: int                # how many games the figures come from
    caption: str = ""


def figure(value: float, share: bool, lang: str = "en") -> str:
    """A measured value as printed: "49.9 %" (a share) or "3.25"; a decimal comma in the languages
    that write one.

    >>> figure(0.499, True), figure(3.254, False), figure(0.499, True, "it")
    ('49.9 %', '3.25', '49,9 %')
    """
    out = f"{value * 100:.1f} %" if share else f"{value:.2f}"
    return out.replace(".", ",") if lang in COMMA else out


def saved(folder: Path, name: str, directive: str,
          command: str = "pnp simulate GAME ...") -> tuple[dict[str, Any], list[Row]]:
    """A simulation `pnp simulate --save` wrote into the game folder (`name`.toml): its data and rows.
    Missing or not a saved simulation, it is one `DefinitionError` saying how to write it."""
    path = folder / f"{name}.toml"
    shown = f"{folder.name}/{name}.toml"
    if not path.is_file():
        raise DefinitionError(shown, None, f"missing: write it with `{command} --save {shown}` ({directive} "
                                           "prints it)")
    try:
        data = parse_toml(read_text(path, shown), shown)
        return data, rows_from_data(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise DefinitionError(shown, None, f"not a saved simulation ({exc})") from None


def measured(folder: Path, arg: str, where: str, width: float = 110.0,
             names: dict[str, str] | None = None) -> Measured:
    """The chart (`width` mm wide), lines and caption of ``@simulation`` with argument `arg` for the game
    in `folder`; `names` shows seats (clan ids) by the names the booklet's language gives them."""
    parts = arg.split()
    chart = not (parts and parts[-1] == "lines")      # `lines` last: the figures without the chart
    if not chart:
        parts = parts[:-1]
    name = parts[0] if parts else "simulation"
    if not NAME.fullmatch(name) or len(parts) > 2:
        raise DefinitionError(where, "@simulation", f"{arg!r}: expected a file name of the game folder starting "
                                                    "with 'simulation' (without .toml), then optionally a section "
                                                    "and `lines` (no chart)")
    data, rows = saved(folder, name, "@simulation")
    shown = f"{folder.name}/{name}.toml"
    present = [s for s in SECTIONS if any(r.section == s for r in rows)]
    section = parts[1] if len(parts) > 1 else ("outcome" if "outcome" in present else "seat")
    if section not in present:
        raise DefinitionError(where, "@simulation", f"{shown} has no section {section!r} "
                                                    f"(it has: {', '.join(present) or 'none'})")
    chosen = [r for r in rows if r.section == section]
    measure = chosen[0].measure
    chosen = [r for r in chosen if r.measure == measure]
    seats = list(dict.fromkeys(r.subject for r in chosen))
    if section == "seat" and names and not set(seats) <= set(names) and len(seats) <= len(names):
        # Measured under other clan ids (a copy of the game with its clans renamed): seats are seats,
        # so the file's first seat is the game's first clan, and so on.
        names = {old: names[new] for old, new in zip(seats, names)}
    chosen = [replace(r, subject=(names or {}).get(r.subject, r.subject)) for r in chosen]
    share = measure in SHARES and not measure.startswith("advantage")
    players = int(data.get("players", 0) or 0)
    scene = bar_chart(f"simulation-{section}", "", chosen, share,
                      1 / players if section == "seat" and players else None, width)
    # No caption: the lines give each figure with its interval and the number of games, and the booklet's
    # own prose says what was played; the command that made the file is for designers (it stays in the file).
    return Measured(scene if chart else None, chosen, measure in SHARES, max((r.n for r in chosen), default=0))
