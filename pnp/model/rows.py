"""Card lists from spreadsheets: `rows = "cards.csv"` (or an .xlsx) in cards.toml, one card per row.

A row becomes the same mapping a `[[cards]]` table is, and is validated by the same schema; what
differs is only how a problem is named: the file, the row as the spreadsheet numbers it (the
header is row 1) and the column. The file comes from a game folder, so it is read through the one
safe reader, and an .xlsx (a zip of XML parts) is bounded before openpyxl sees it: the total
unpacked size, the number of parts, and no DTD (an entity can expand a few bytes into gigabytes).
Values are read, never formulas: openpyxl returns the value the spreadsheet saved, computes
nothing and follows no external link."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import DefinitionError
from .load import CONTROL, decode, read_bytes

MAX_CSV = 10 * 1024 * 1024          # bytes of a .csv
MAX_XLSX = 10 * 1024 * 1024         # bytes of an .xlsx as stored (zipped)
MAX_UNZIPPED = 64 * 1024 * 1024     # bytes of all its parts unpacked
MAX_PARTS = 2_000                   # parts in its zip
MAX_ROWS = 100_000                  # cards rows (the kit's card limit)

# Columns a `[[cards]]` table has a key for; any other column is a field the layout may print.
KEYS = ("type", "clan", "number", "count", "label", "deck", "back", "name", "text", "image")
TEXTS = ("name", "text")            # may be split by language: text.en, text.it


@dataclass(frozen=True)
class Sheet:
    """A spreadsheet's header and its rows of text, each with the number the spreadsheet shows."""

    header: list[str]
    rows: list[tuple[int, list[str]]]


def read_sheet(path: Path, where: str, sheet: str | None) -> Sheet:
    suffix = path.suffix.lower()
    if suffix == ".csv":
        if sheet is not None:
            raise DefinitionError(where, None, "a .csv file has no sheets: leave out `sheet` in cards.toml")
        return _csv(read_bytes(path, where, limit=MAX_CSV), where)
    if suffix == ".xlsx":
        return _xlsx(read_bytes(path, where, limit=MAX_XLSX), where, sheet)
    raise DefinitionError(where, None, "expected a .csv or .xlsx file (save the spreadsheet as one of these)")


def _csv(data: bytes, where: str) -> Sheet:
    """UTF-8 (a byte-order mark is dropped); the separator is a comma, or a semicolon when the
    header holds more of those (spreadsheets set to a comma for decimals write semicolons)."""
    try:
        text = decode(data, where)
    except DefinitionError as exc:   # Excel's plain "CSV" and "Unicode Text" are not UTF-8
        raise DefinitionError(where, exc.key, f"{exc.problem}: save it as \"CSV UTF-8\" from the spreadsheet "
                                              "program") from None
    first = text.split("\n", 1)[0]
    sep = ";" if first.count(";") > first.count(",") else ","
    if "\t" in first and not first.count(sep):
        raise DefinitionError(where, "row 1", "the columns are separated by tabs: save the sheet as CSV, with "
                                              "commas or semicolons")
    import csv  # only a game with a spreadsheet pays for the import (csv, and zipfile below)

    rows: list[tuple[int, list[str]]] = []
    try:
        for number, row in enumerate(csv.reader(io.StringIO(text, newline=""), delimiter=sep), start=1):
            if number > MAX_ROWS + 1:
                raise DefinitionError(where, None, f"more than {MAX_ROWS:,} rows: the limit is {MAX_ROWS:,} cards")
            rows.append((number, row))
    except csv.Error as exc:
        raise DefinitionError(where, f"row {len(rows) + 1}", f"not valid CSV: {exc}") from None
    return _split(rows, where)


def _xlsx(data: bytes, where: str, sheet: str | None) -> Sheet:
    _check_zip(data, where)
    import openpyxl  # only a game with an .xlsx pays for the import

    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True, keep_links=False)
    except Exception as exc:   # openpyxl raises many kinds on a damaged file; each is one message here
        raise DefinitionError(where, None, f"not a readable .xlsx file ({type(exc).__name__})") from None
    try:
        if sheet is None:
            ws = book.worksheets[0]
        elif sheet in book.sheetnames:
            ws = book[sheet]
        else:
            raise DefinitionError(where, None, f"no sheet {sheet!r} (sheets: {', '.join(book.sheetnames)})")
        rows: list[tuple[int, list[str]]] = []
        for number, values in enumerate(ws.iter_rows(min_row=1, values_only=True), start=1):
            if number > MAX_ROWS + 1:
                raise DefinitionError(where, None, f"more than {MAX_ROWS:,} rows: the limit is {MAX_ROWS:,} cards")
            rows.append((number, [_cell_text(v) for v in values]))
        part = getattr(ws, "_worksheet_path", None)
    finally:
        book.close()
    if part:
        _refuse_unsaved_formulas(data, part, rows, where)
    return _split(rows, where)


_CELL = re.compile(rb"<c\s([^>]*?)(/?)>")
_REF = re.compile(rb'\br="([A-Z]+)([0-9]+)"')
_SAVED = re.compile(rb"<v>[^<]+</v>")


def _refuse_unsaved_formulas(data: bytes, part: str, rows: list[tuple[int, list[str]]], where: str) -> None:
    """A formula cell with no saved result reads as empty (pnp computes no formulas), so the card
    would silently take its type's value or none: files written by a script, not by a spreadsheet
    program, save formulas that way."""
    import zipfile

    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        xml = archive.read(part)
    header = rows[0][1] if rows else []
    for cell in _CELL.finditer(xml):
        if cell.group(2):
            continue
        end = xml.find(b"</c>", cell.end())
        body = xml[cell.end():end]
        ref = _REF.search(cell.group(1))
        if ref and b"<f" in body and not _SAVED.search(body):
            letter, row = ref.group(1).decode(), int(ref.group(2))
            index = sum((ord(ch) - 64) * 26 ** i for i, ch in enumerate(reversed(letter))) - 1
            column = header[index].strip() if index < len(header) and header[index].strip() else letter
            raise DefinitionError(where, f"row {row}, column {column}",
                                  "a formula with no saved result (pnp does not compute formulas): open the file in "
                                  "a spreadsheet program and save it, or write the value itself")


def _check_zip(data: bytes, where: str) -> None:
    """Refuse an .xlsx that would unpack past `MAX_UNZIPPED`, has more than `MAX_PARTS` parts, or
    holds a DTD, before any XML of it is parsed."""
    import zipfile

    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError):
        raise DefinitionError(where, None, "not an .xlsx file (an .xlsx is a zip archive; this is not one)") from None
    with archive:
        parts = archive.infolist()
        if len(parts) > MAX_PARTS:
            raise DefinitionError(where, None, f"holds {len(parts):,} parts: the limit is {MAX_PARTS:,}")
        if sum(p.file_size for p in parts) > MAX_UNZIPPED:
            raise DefinitionError(where, None, f"unpacks to more than {MAX_UNZIPPED // (1024 * 1024)} MB: "
                                               "save the card list on its own")
        for part in parts:
            if not part.filename.endswith((".xml", ".rels", ".vml")):
                continue
            try:
                body = archive.read(part)
            except (zipfile.BadZipFile, OSError, RuntimeError, NotImplementedError, ValueError):
                raise DefinitionError(where, None, f"a damaged part ({part.filename})") from None
            if len(body) > part.file_size or b"<!DOCTYPE" in body or b"<!ENTITY" in body:
                raise DefinitionError(where, None, f"{part.filename} declares a DTD or entities, which a spreadsheet "
                                                   "never needs: save the file again from the spreadsheet program")


def _cell_text(value: Any) -> str:
    """A cell as the text a CSV would hold: 3 not 3.0, TRUE as true, a date as 2024-05-01."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    return str(value)


def _split(rows: list[tuple[int, list[str]]], where: str) -> Sheet:
    """The header (row 1) and the rows after it; wholly empty rows are left out."""
    if not rows or not any(c.strip() for c in rows[0][1]):
        raise DefinitionError(where, "row 1", "expected a header row naming the columns (type, number, count, "
                                              "name, text, image, and any field)")
    header = [c.strip() for c in rows[0][1]]
    while header and not header[-1]:
        header.pop()
    seen: set[str] = set()
    for i, name in enumerate(header):
        if not name:
            raise DefinitionError(where, f"row 1, column {_letter(i)}", "a column without a name: name it or delete it")
        if name in seen:
            raise DefinitionError(where, f"row 1, column {name}", "this column name is used twice")
        seen.add(name)
    body = []
    for number, cells in rows[1:]:
        if not any(c.strip() for c in cells):
            continue
        extra = [i for i in range(len(header), len(cells)) if cells[i].strip()]
        if extra:
            raise DefinitionError(where, f"row {number}, column {_letter(extra[0])}",
                                  "a value in a column without a name in row 1")
        bad = next((i for i, c in enumerate(cells) if CONTROL.search(c)), None)
        if bad is not None:
            raise DefinitionError(where, f"row {number}, column {header[bad]}", "the text holds a control character")
        body.append((number, [c.strip() for c in cells] + [""] * (len(header) - len(cells))))
    return Sheet(header, body)


def _letter(index: int) -> str:
    """A column as a spreadsheet names it: 0 -> A, 26 -> AA."""
    out = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        out = chr(65 + rest) + out
    return out


INTEGER = re.compile(r"-?[1-9][0-9]{0,8}|0")


@dataclass(frozen=True)
class Row:
    """One card row as the mapping a `[[cards]]` table would be, and which column each key came from."""

    number: int
    entry: dict[str, Any]
    columns: dict[tuple[str, ...], str]

    def key(self, loc: tuple[Any, ...] = ()) -> str:
        """ "row 5, column count" for the key at `loc` of the entry (a whole row if no column matches)."""
        if len(loc) == 2 and loc[0] in TEXTS and (str(loc[0]),) in self.columns \
                and self.columns[(str(loc[0]),)] != loc[0]:     # split by language: name the blank one
            return f"row {self.number}, column {loc[0]}.{loc[1]}"
        for n in range(len(loc), 0, -1):
            column = self.columns.get(tuple(str(p) for p in loc[:n]))
            if column is not None:
                return f"row {self.number}, column {column}"
        if loc and loc[0] in KEYS:     # a blank cell, or no such column
            return f"row {self.number}, column {loc[0]}"
        return f"row {self.number}"


def card_rows(sheet: Sheet, where: str) -> list[Row]:
    """Each row as a card entry. Blank cells are left out (the type's value, or the default, holds);
    a field that reads as a whole number becomes one, as it would be written in TOML."""
    out = []
    for number, cells in sheet.rows:
        entry: dict[str, Any] = {}
        columns: dict[tuple[str, ...], str] = {}
        for name, cell in zip(sheet.header, cells, strict=True):
            if not cell:
                continue
            known = name.lower()          # Type, Name, Text.EN: spreadsheets capitalise headers
            base, _, lang = known.partition(".")
            if known in KEYS or (base in TEXTS and lang):
                key = known if known in KEYS else base
                if (known in TEXTS and key in entry) or isinstance(entry.get(key), str):
                    raise DefinitionError(where, f"row {number}, column {name}",
                                          f"the row has both {key!r} (every language) and {key!r} by language "
                                          f"({key}.en...): keep one")
                if known in KEYS:
                    entry[key] = cell
                    columns[(key,)] = name
                else:
                    entry.setdefault(key, {})[lang] = cell
                    columns[(key, lang)] = name
                    columns.setdefault((key,), name)
            elif "." in name:    # a field by language: power.en, power.it
                field, _, lang = name.partition(".")
                entry.setdefault("fields", {}).setdefault(field, {})[lang] = cell
                columns[("fields", field, lang)] = name
                columns.setdefault(("fields", field), name)
            else:
                entry.setdefault("fields", {})[name] = int(cell) if INTEGER.fullmatch(cell) else cell
                columns[("fields", name)] = name
        out.append(Row(number, entry, columns))
    return out

