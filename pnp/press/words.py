"""The words printed on sheets (margin notes, booklet sheet notes), looked up per language.

They are data: `layouts/words.toml` (built in, then a game's own `layouts/words.toml`) holds one
table per key with a text per language; a game's game.toml `[words]` wins over both. A language
without a text falls back to English, then to the key itself."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DefinitionError
from ..model.load import display, read_toml
from ..paths import layouts_dir
from ..sandbox.formats import AnyName, FormatProblem, fill, problem


def _read(path: Path) -> dict[str, dict[str, str]]:
    """The file's texts, read and checked once while it is unchanged: a kit's builders each load
    the sheet words (the built-in file and the game's), and `pnp watch` sees a file that changed.
    The caller copies what it keeps."""
    stat = path.stat()
    return _read_as_of(path, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=16)
def _read_as_of(path: Path, _mtime_ns: int, _size: int) -> dict[str, dict[str, str]]:
    raw = read_toml(path)
    out: dict[str, dict[str, str]] = {}
    for key, table in raw.items():
        if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
            raise DefinitionError(display(path), key, "expected a table of texts by language, e.g. { en = \"...\" }")
        for lang, text in table.items():
            why = problem(text, AnyName())
            if why:
                raise DefinitionError(display(path), f"{key}.{lang}", why)
        out[key] = dict(table)
    return out


@dataclass(frozen=True)
class SheetWords:
    lang: str = "en"
    table: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    origins: Mapping[str, tuple[str, str]] = field(default_factory=dict)   # key: (file, key path) for messages

    @classmethod
    def load(cls, lang: str = "en", folder: Path | None = None,
             game_words: Mapping[str, Mapping[str, str]] | None = None) -> SheetWords:
        table: dict[str, dict[str, str]] = {}
        origins: dict[str, tuple[str, str]] = {}
        for path in (layouts_dir() / "words.toml", *([folder / "layouts" / "words.toml"] if folder else [])):
            if path.is_file():
                where = display(path)
                for key, texts in _read(path).items():
                    table.setdefault(key, {}).update(texts)
                    origins[key] = (where, key)
        game_toml = display(folder / "game.toml") if folder and game_words else "game.toml"
        for key, given in (game_words or {}).items():
            table.setdefault(key, {}).update(given)
            origins[key] = (game_toml, f"words.{key}")
        return cls(lang, table, origins)

    def __call__(self, key: str, **values: object) -> str:
        texts = self.table.get(key, {})
        template = texts.get(self.lang) or texts.get("en") or key.replace("_", " ")
        if "print" not in values and "{print}" in template:
            values["print"] = self("print_at_100")
        try:
            return fill(template, values)
        except FormatProblem as exc:
            where, path = self.origins.get(key, ("layouts/words.toml", key))
            raise DefinitionError(where, path, str(exc)) from None


def english() -> SheetWords:
    return SheetWords.load("en")
