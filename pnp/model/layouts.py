"""Paper profiles, card sizes and card layouts from `layouts/` (built in, plus a game's own)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import DefinitionError
from ..paths import layouts_dir
from .load import display, merge, read_toml, resolve_extends, validate
from .schema import CardLayout, CardSize, Paper


@dataclass(frozen=True)
class Layouts:
    papers: dict[str, Paper]
    sizes: dict[str, CardSize]
    cards: dict[str, CardLayout]
    files: dict[str, str]  # "paper" -> display name of the file that defined it, for messages

    def paper(self, name: str) -> Paper:
        if name not in self.papers:
            raise DefinitionError(self.files["paper"], None,
                                  f"unknown paper {name!r} (known: {', '.join(self.papers)})")
        return self.papers[name]


def _tables(folders: list[Path], stem: str) -> tuple[dict[str, Any], str]:
    """Merge `<stem>.toml` from each folder that has it; later folders win."""
    data: dict[str, Any] = {}
    shown = f"layouts/{stem}.toml"
    for folder in folders:
        path = folder / f"{stem}.toml"
        if path.is_file():
            data = merge(data, read_toml(path))
            shown = display(path)
    return data, shown


def load_layouts(extra: Path | None = None) -> Layouts:
    folders = [layouts_dir()] + ([extra] if extra and extra.is_dir() else [])
    raw_paper, paper_file = _tables(folders, "paper")
    raw_sizes, sizes_file = _tables(folders, "sizes")
    raw_cards, cards_file = _tables(folders, "cards")
    papers = {k: validate(Paper, v, paper_file, k) for k, v in raw_paper.items()}
    sizes = {k: validate(CardSize, v, sizes_file, k) for k, v in raw_sizes.items()}
    flat = resolve_extends(raw_cards, cards_file)
    cards = {k: validate(CardLayout, v, cards_file, k) for k, v in flat.items()}
    return Layouts(papers, sizes, cards, {"paper": paper_file, "sizes": sizes_file, "cards": cards_file})
