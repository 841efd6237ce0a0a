"""Card lists from spreadsheets (issue 23): `rows = "cards.csv"` or an .xlsx gives one card per row,
with its own name, text, art and fields; problems name the file, the row as the spreadsheet
numbers it (header = row 1) and the column."""

import csv
import io
import shutil
import zipfile
from collections import Counter
from pathlib import Path

import openpyxl
import pymupdf
import pytest

from pnp.errors import DefinitionError
from pnp.model import load_game
from tests.conftest import run_pnp

LANTERN = Path(__file__).resolve().parents[1] / "fixtures" / "lantern"


@pytest.fixture()
def lantern(tmp_path):
    folder = tmp_path / "lantern"
    shutil.copytree(LANTERN, folder)
    return folder


def error(folder) -> str:
    with pytest.raises(DefinitionError) as exc:
        load_game(folder)
    return str(exc.value)


def csv_rows(folder):
    return (folder / "cards.csv").read_text(encoding="utf-8").splitlines()


def test_forty_cards_of_three_types_from_one_csv():
    game = load_game(LANTERN)
    assert len(game.cards) == 40
    assert Counter(c.type_id for c in game.cards) == {"flame": 16, "moth": 11, "wind": 13}
    luna = [c for c in game.cards if c.type.title["en"] == "Luna moth"]
    assert len(luna) == 3 and {c.copy for c in luna} == {1, 2, 3}
    assert luna[0].type.text["en"] == "Put out a lantern; it comes back lit next round."
    assert luna[0].type.image == "art/moth.png" and luna[0].field("value", "en") == "3"


def test_a_blank_cell_keeps_the_type_value():
    game = load_game(LANTERN)
    wick = next(c for c in game.cards if c.type.title["en"] == "Wick")
    breeze = next(c for c in game.cards if c.type.title["en"] == "Breeze")
    assert wick.type.text["en"] == "Play on a lantern."       # the flame type's text
    assert breeze.type.image is None and breeze.type.text["en"] == "Discard a flame."


def test_no_layout_named_means_the_basic_face_and_back():
    game = load_game(LANTERN)
    assert game.deck.layout == "basic" and game.deck.back_layout == "basic-back"
    assert set(game.face_layout.elements) == {"value", "title", "art", "text", "footer", "corner"}
    assert game.back(game.cards[0]).title == {"en": "Lantern"}     # no [backs]: the game's name


def test_the_card_sheets_print_each_cards_own_name_text_and_value(tmp_path):
    out = tmp_path / "kit"
    done = run_pnp("build", LANTERN, "--out", out, "-q", "--only", "cards")
    assert done.returncode == 0, done.stderr
    words = "".join(page.get_text() for page in pymupdf.open(out / "lantern-cards-a4.pdf"))
    for name in ("Candle", "Luna moth", "Calm", "Keep a lantern lit through the wind.", "The next wind does nothing."):
        assert name in words
    assert len(list((out / "svg" / "cards").glob("*.svg"))) > 14


def write_xlsx(path, rows, sheet="Cards", notes_first=True):
    book = openpyxl.Workbook()
    ws = book.active
    if notes_first:
        ws.title = "Notes"
        ws.append(["The card list is on the next sheet"])
        ws = book.create_sheet(sheet)
    for row in rows:
        ws.append(row)
    book.save(path)


def as_cells(line):
    cells = next(csv.reader([line]))
    return [int(c) if c.isdigit() else c for c in cells]


def test_the_same_deck_from_a_named_sheet_of_an_xlsx(lantern):
    write_xlsx(lantern / "cards.xlsx", [as_cells(line) for line in csv_rows(lantern)])
    (lantern / "cards.csv").unlink()
    text = (lantern / "cards.toml").read_text().replace('rows = "cards.csv"', 'rows = "cards.xlsx"\nsheet = "Cards"')
    (lantern / "cards.toml").write_text(text)
    from_xlsx, from_csv = load_game(lantern), load_game(LANTERN)
    assert [c.slug for c in from_xlsx.cards] == [c.slug for c in from_csv.cards]
    assert [c.type for c in from_xlsx.cards] == [c.type for c in from_csv.cards]
    assert [c.fields for c in from_xlsx.cards] == [c.fields for c in from_csv.cards]


def test_an_unknown_sheet_names_the_sheets(lantern):
    write_xlsx(lantern / "cards.xlsx", [["type", "name"], ["moth", "Grey"]])
    (lantern / "cards.toml").write_text((lantern / "cards.toml").read_text().replace(
        'rows = "cards.csv"', 'rows = "cards.xlsx"\nsheet = "Deck"'))
    assert "cards.xlsx: no sheet 'Deck' (sheets: Notes, Cards)" in error(lantern)


def test_semicolons_and_a_byte_order_mark(lantern):
    out = io.StringIO()
    csv.writer(out, delimiter=";").writerows(csv.reader(csv_rows(lantern)))
    assert '"Light a lantern; draw a card."' in out.getvalue()
    (lantern / "cards.csv").write_bytes(b"\xef\xbb\xbf" + out.getvalue().encode())
    game = load_game(lantern)
    assert [c.slug for c in game.cards] == [c.slug for c in load_game(LANTERN).cards]


def test_languages_by_column_and_a_field_by_language(lantern):
    (lantern / "game.toml").write_text((lantern / "game.toml").read_text().replace('["en"]', '["en", "it"]'))
    (lantern / "cards.toml").write_text('rows = "cards.csv"\n[types.moth]\n')
    (lantern / "cards.csv").write_text("type,name.en,name.it,text.en,text.it,power.en,power.it\n"
                                       "moth,Moth,Falena,Put out a lantern.,Spegni una lanterna.,Dark,Buio\n")
    card = load_game(lantern).cards[0]
    assert card.type.title == {"en": "Moth", "it": "Falena"}
    assert card.type.text == {"en": "Put out a lantern.", "it": "Spegni una lanterna."}
    assert card.field("power", "it") == "Buio" and card.number == 1


def test_a_missing_language_names_the_row_and_column(lantern):
    (lantern / "game.toml").write_text((lantern / "game.toml").read_text().replace('["en"]', '["en", "it"]'))
    (lantern / "cards.toml").write_text('rows = "cards.csv"\n[types.moth]\n')
    (lantern / "cards.csv").write_text("type,name.en,name.it\nmoth,Moth,Falena\nmoth,Hawk moth,\n")
    assert "cards.csv: row 3, column name.it: missing name in it; the game's languages are en, it" in error(lantern)


def test_every_row_problem_at_once_with_row_and_column(lantern):
    lines = csv_rows(lantern)
    lines[2] = lines[2].replace("flame,2,3,", "flame,2,three,")
    lines[8] = lines[8].replace("moth,", "mth,", 1)
    lines[11] = "wind,11,4,Breeze,,../x.png,1"
    (lantern / "cards.csv").write_text("\n".join(lines) + "\n")
    msg = error(lantern)
    assert msg.startswith("3 problems:")
    assert "cards.csv: row 3, column count: expected a whole number, got 'three'" in msg
    assert "cards.csv: row 9, column type: unknown card type 'mth' (known: flame, moth, wind); did you mean 'moth'?" \
        in msg
    assert "cards.csv: row 12, column image: image '../x.png': must not use '..'" in msg


def test_a_number_used_twice_names_both_rows(lantern):
    lines = csv_rows(lantern)
    lines[5] = lines[5].replace("flame,5,", "flame,4,")
    (lantern / "cards.csv").write_text("\n".join(lines) + "\n")
    assert "cards.csv: row 6, column number: number 4 is already used by row 5" in error(lantern)


def test_a_column_without_a_name(lantern):
    (lantern / "cards.csv").write_text("type,,name\nmoth,x,Moth\n")
    assert "cards.csv: row 1, column B: a column without a name" in error(lantern)


def test_rows_must_stay_in_the_game_folder(lantern, tmp_path):
    (tmp_path / "outside.csv").write_text("type\nmoth\n")
    (lantern / "cards.toml").write_text((lantern / "cards.toml").read_text().replace('"cards.csv"', '"../outside.csv"'))
    assert "cards.toml: rows: card list '../outside.csv': must not use '..'" in error(lantern)
    (lantern / "linked.csv").symlink_to(tmp_path / "outside.csv")
    (lantern / "cards.toml").write_text((lantern / "cards.toml").read_text().replace('"../outside.csv"',
                                                                                     '"linked.csv"'))
    assert "leads out of the game folder" in error(lantern)


def test_other_file_kinds_are_refused(lantern):
    (lantern / "cards.ods").write_bytes(b"PK")
    (lantern / "cards.toml").write_text((lantern / "cards.toml").read_text().replace('"cards.csv"', '"cards.ods"'))
    assert "cards.ods: expected a .csv or .xlsx file" in error(lantern)


def point_at_xlsx(folder):
    (folder / "cards.toml").write_text((folder / "cards.toml").read_text().replace('"cards.csv"', '"cards.xlsx"'))


def test_an_xlsx_that_is_no_zip(lantern):
    (lantern / "cards.xlsx").write_text("type,name\n")
    point_at_xlsx(lantern)
    assert "cards.xlsx: not an .xlsx file (an .xlsx is a zip archive; this is not one)" in error(lantern)


def test_an_xlsx_that_unpacks_to_too_much_is_refused_before_parsing(lantern):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b" " * (65 * 1024 * 1024))
    (lantern / "cards.xlsx").write_bytes(buffer.getvalue())
    assert len(buffer.getvalue()) < 1024 * 1024
    point_at_xlsx(lantern)
    assert "cards.xlsx: unpacks to more than 64 MB" in error(lantern)


def test_an_xlsx_with_entities_is_refused(lantern):
    write_xlsx(lantern / "good.xlsx", [["type"], ["moth"]])
    with zipfile.ZipFile(lantern / "good.xlsx") as good, zipfile.ZipFile(lantern / "cards.xlsx", "w") as bad:
        for item in good.infolist():
            body = good.read(item)
            if item.filename == "xl/workbook.xml":
                body = b'<!DOCTYPE x [<!ENTITY a "aaaa">]>' + body
            bad.writestr(item, body)
    point_at_xlsx(lantern)
    assert "cards.xlsx: xl/workbook.xml declares a DTD or entities" in error(lantern)


def test_a_formula_gives_its_saved_value_and_one_with_none_is_refused(lantern):
    """pnp computes no formulas. A spreadsheet program saves each formula's result beside it, and
    that is what a card gets; a file written by a script (openpyxl here) saves none, which used to
    read as a blank cell: one copy instead of two, silently (a fresh-eye review found it)."""
    path = lantern / "cards.xlsx"
    write_xlsx(path, [["type", "name", "count"], ["moth", "Moth", "=1+1"]], notes_first=False)
    point_at_xlsx(lantern)
    assert "cards.xlsx: row 2, column count: a formula with no saved result (pnp does not compute formulas)" \
        in error(lantern)
    with zipfile.ZipFile(path) as src:
        parts = {i.filename: src.read(i) for i in src.infolist()}
    sheet = "xl/worksheets/sheet1.xml"
    assert b"<f>1+1</f><v></v>" in parts[sheet]
    parts[sheet] = parts[sheet].replace(b"<f>1+1</f><v></v>", b"<f>1+1</f><v>2</v>")   # as a program saves it
    with zipfile.ZipFile(path, "w") as dst:
        for name, body in parts.items():
            dst.writestr(name, body)
    assert len(load_game(lantern).cards) == 2


def test_capitalised_headers_and_a_name_given_twice(lantern):
    (lantern / "cards.csv").write_text("Type,Name,Text.EN,Power\nmoth,Grey moth,Put out a lantern.,2\n")
    card = load_game(lantern).cards[0]
    assert card.type.title == {"en": "Grey moth"} and card.type.text == {"en": "Put out a lantern."}
    assert card.field("Power", "en") == "2"          # a field keeps its name as written
    (lantern / "cards.csv").write_text("type,name.en,name\nmoth,Grey moth,Grey\n")
    assert "cards.csv: row 2, column name: the row has both 'name' (every language) and 'name' by language " \
           "(name.en...): keep one" in error(lantern)


def test_a_csv_that_is_not_utf8_or_is_tab_separated_says_how_to_save_it(lantern):
    csv_file = lantern / "cards.csv"
    csv_file.write_bytes("type,name\nmoth,Caf\u00e9 moth\n".encode("cp1252"))     # Excel's plain "CSV"
    assert 'cards.csv: the file is not UTF-8 text (byte 19): save it as "CSV UTF-8"' in error(lantern)
    csv_file.write_text("type\tname\nmoth\tMoth\n")
    assert "cards.csv: row 1: the columns are separated by tabs: save the sheet as CSV" in error(lantern)


def test_a_drawing_problem_with_a_rows_own_image_or_text_names_that_row(lantern):
    """A card's own picture or text that fails when drawn used to be blamed on its type in cards.toml
    (`types.flame.image`), a key the designer never wrote (a fresh-eye review found it)."""
    csv_file = lantern / "cards.csv"
    rows = csv_file.read_text().splitlines()
    (lantern / "art" / "broken.png").write_text("not a picture")
    rows[3] = rows[3].replace("art/flame.png", "art/broken.png")          # row 4: Ember
    csv_file.write_text("\n".join(rows) + "\n")
    res = run_pnp("check", lantern)
    assert res.returncode == 2 and "cards.csv: row 4, column image: image 'broken.png'" in res.stderr, res.stderr
    rows[3] = rows[3].replace("art/broken.png", "art/flame.png")
    rows[2] = rows[2].replace("Light two lanterns.", "Light two lanterns. " * 60)   # row 3: Torch
    csv_file.write_text("\n".join(rows) + "\n")
    res = run_pnp("check", lantern)
    assert res.returncode == 2 and "cards.csv: row 3, column text: game 'lantern'" in res.stderr, res.stderr
    assert "does not fit its box" in res.stderr
