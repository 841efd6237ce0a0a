"""Paper profiles, card sizes and card layouts from `layouts/` (built in, plus a game's own)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import DefinitionError, DefinitionProblems
from ..paths import layouts_dir
from .load import M, display, merge, read_toml, resolve_extends, validate
from .schema import CardLayout, CardSize, Paper


@dataclass(frozen=True)
class Layouts:
    papers: dict[str, Paper]
    sizes: dict[str, CardSize]
    cards: dict[str, CardLayout]
    files: dict[str, str]  # "paper" -> display name of the file that defined it, for messages
    own: frozenset[str] = frozenset()   # card layouts the game's own layouts/cards.toml defines

    def paper(self, name: str) -> Paper:
        if name not in self.papers:
            raise DefinitionError(self.files["paper"], None,
                                  f"unknown paper {name!r} (known: {', '.join(self.papers)})")
        return self.papers[name]


def _tables(folders: list[Path], stem: str) -> tuple[dict[str, Any], str, set[str]]:
    """Merge `<stem>.toml` from each folder that has it; later folders win. Also the names the
    folders after the first (the game's own) define."""
    data: dict[str, Any] = {}
    shown = f"layouts/{stem}.toml"
    own: set[str] = set()
    for i, folder in enumerate(folders):
        path = folder / f"{stem}.toml"
        if path.is_file():
            table = read_toml(path)
            data = merge(data, table)
            shown = display(path)
            if i:
                own |= set(table)
    return data, shown, own


def load_layouts(extra: Path | None = None) -> Layouts:
    folders = [layouts_dir()] + ([extra] if extra and extra.is_dir() else [])
    raw_paper, paper_file, _ = _tables(folders, "paper")
    raw_sizes, sizes_file, _ = _tables(folders, "sizes")
    raw_cards, cards_file, own = _tables(folders, "cards")
    problems: list[DefinitionError] = []

    def each(model: type[M], tables: dict[str, Any], where: str) -> dict[str, M]:
        out = {}
        for key, value in tables.items():
            try:
                out[key] = validate(model, value, where, key)
            except DefinitionError as exc:      # every table's problems, not the first table's only
                problems.append(exc)
        return out

    papers = each(Paper, raw_paper, paper_file)
    sizes = each(CardSize, raw_sizes, sizes_file)
    cards = each(CardLayout, resolve_extends(raw_cards, cards_file), cards_file)
    if problems:
        raise DefinitionProblems(problems)
    return Layouts(papers, sizes, cards, {"paper": paper_file, "sizes": sizes_file, "cards": cards_file},
                   frozenset(own))
