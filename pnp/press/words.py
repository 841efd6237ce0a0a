"""The words printed on sheets (margin notes, booklet sheet notes), looked up per language.

They are data: `layouts/words.toml` (built in, then a game's own `layouts/words.toml`) holds one
table per key with a text per language; a game's game.toml `[words]` wins over both. A language
without a text falls back to English, then to the key itself."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DefinitionError
from ..paths import layouts_dir


def _read(path: Path) -> dict[str, dict[str, str]]:
    try:
        with open(path, "rb") as fh:
            raw = tomllib.load(fh)
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise DefinitionError(str(path), None, f"not valid TOML: {exc}") from None
    out: dict[str, dict[str, str]] = {}
    for key, table in raw.items():
        if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
            raise DefinitionError(str(path), key, "expected a table of texts by language, e.g. { en = \"...\" }")
        out[key] = dict(table)
    return out


@dataclass(frozen=True)
class SheetWords:
    lang: str = "en"
    table: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    @classmethod
    def load(cls, lang: str = "en", folder: Path | None = None,
             game_words: Mapping[str, Mapping[str, str]] | None = None) -> SheetWords:
        table: dict[str, dict[str, str]] = {}
        for path in (layouts_dir() / "words.toml", *([folder / "layouts" / "words.toml"] if folder else [])):
            if path.is_file():
                for key, texts in _read(path).items():
                    table.setdefault(key, {}).update(texts)
        for key, texts in (game_words or {}).items():
            table.setdefault(key, {}).update(texts)
        return cls(lang, table)

    def __call__(self, key: str, **values: object) -> str:
        texts = self.table.get(key, {})
        template = texts.get(self.lang) or texts.get("en") or key.replace("_", " ")
        if "print" not in values and "{print}" in template:
            values["print"] = self("print_at_100")
        return template.format(**values) if values else template


def english() -> SheetWords:
    return SheetWords.load("en")
