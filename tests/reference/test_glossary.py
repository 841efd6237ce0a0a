"""One word for one thing: each game's glossary (booklet/glossary.LANG.toml) lists terms and the
variants not to use; no text of that language may use a forbidden variant (the booklet's prose, the
narration, the player aid, the card texts, the game's words). And every quote and apostrophe the
booklet prints is typographic."""

import re
import tomllib
import unicodedata

import pytest

from pnp.catalog import find_game
from pnp.draw.shapes import Text
from pnp.model.game import load_game
from pnp.model.load import read_toml
from pnp.paths import cards_dir
from pnp.reference.booklet import Booklet, build_booklet, glossary_entries
from pnp.reference.markup import typographic


def glossaries():
    """(game, language) for every built-in game folder with a glossary in that language."""
    for folder in sorted(cards_dir().iterdir()):
        for path in sorted((folder / "booklet").glob("glossary.*.toml")):
            yield folder.name, path.name.split(".")[1]


CASES = list(glossaries())
JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def data_texts(folder, lang):
    """(where, text) for every string of this language in the game folder's definition files: card
    titles, texts and subtitles, pieces, boards, mats, tiles, the game's words (a `{ en = ..., it = ... }`
    table, or `text.en = ...`)."""
    def walk(value, path):
        if isinstance(value, dict):
            if isinstance(value.get(lang), str):
                yield path, value[lang]
            for k, v in value.items():
                yield from walk(v, f"{path}.{k}")
        elif isinstance(value, list):
            for i, v in enumerate(value):
                yield from walk(v, f"{path}[{i}]")
    for path in sorted(folder.glob("*.toml")):
        with open(path, "rb") as fh:
            yield from walk(tomllib.load(fh), path.name)


def texts(gid, lang):
    """(where, text) for every text of this game in this language."""
    game = load_game(find_game(gid))
    folder = game.folder / "booklet"
    yield "rules", Booklet(game, lang).source()
    for name in ("narration", "aid"):
        for s in strings(read_toml(folder / f"{name}.{lang}.toml")):
            yield name, JINJA.sub(" ", s)
    for c in game.cards:
        for field in (c.type.title, c.type.text, c.type.subtitle):
            if lang in field:
                yield f"cards.toml {c.type_id}", field[lang]
    for back in game.cards_file.backs.values() if hasattr(game.cards_file, "backs") else []:
        for s in (back.title.get(lang, ""), back.text.get(lang, "")):
            yield "cards.toml backs", s
    for key, words in game.meta.words.items():
        if lang in words:
            yield f"game.toml words.{key}", words[lang]
    for clan in game.meta.clans:
        yield f"game.toml clan {clan.id}", clan.name.get(lang, "")
    yield "game.toml subtitle", game.meta.subtitle.get(lang, "")
    yield from data_texts(game.folder, lang)
    for path in sorted((game.folder / "samples").glob("*.toml")):   # titles, descriptions, designer's notes
        data = read_toml(path)
        for entry in [data, *data.get("round", [])]:
            for key in ("title", "description", "note"):
                value = entry.get(key)
                text = value.get(lang) if isinstance(value, dict) else value if lang == game.meta.languages[0] else None
                if isinstance(text, str):
                    yield f"samples/{path.name} {key}", text


def offending(variant, term, text):
    """Where `text` uses `variant` as a word; a capitalised variant ("Area Bushi") counts only
    mid-sentence (a sentence or a label may start with a capital)."""
    found = []
    for m in re.finditer(r"(?<![\w’'-])" + re.escape(variant) + r"(?![\w’'-])", text):
        before = text[:m.start()].rstrip(" *«“\"(")
        if variant[:1].isupper() and (not before or before[-1] in ".!?:•\n—–»”"):
            continue
        found.append(text[max(0, m.start() - 30):m.end() + 30])
    return found


@pytest.mark.parametrize(("gid", "lang"), CASES)
def test_glossary_has_terms_and_definitions(gid, lang):
    folder = load_game(find_game(gid)).folder / "booklet"
    entries = glossary_entries(read_toml(folder / f"glossary.{lang}.toml"), "glossary")
    assert len(entries) >= 10
    def key(term):
        return unicodedata.normalize("NFD", term.lower()).encode("ascii", "ignore")
    assert [e.term for e in entries] == sorted((e.term for e in entries), key=key), "alphabetical order"


@pytest.mark.parametrize(("gid", "lang"), CASES)
def test_no_text_uses_a_forbidden_variant(gid, lang):
    folder = load_game(find_game(gid)).folder / "booklet"
    entries = glossary_entries(read_toml(folder / f"glossary.{lang}.toml"), "glossary")
    problems = []
    for where, text in texts(gid, lang):
        for e in entries:
            for variant in e.forbidden:
                problems += [f"{where}: {variant!r} (say {e.term!r}): …{s}…" for s in offending(variant, e.term, text)]
    assert not problems, "\n".join(problems)


@pytest.mark.slow
@pytest.mark.parametrize(("gid", "lang"), CASES)
def test_the_booklet_prints_glossary_and_only_typographic_quotes(gid, lang):
    """The booklet's own text (headings, paragraphs, captions: the shapes placed on the page, not those
    inside a card's or a diagram's picture)."""
    game = load_game(find_game(gid))
    pages = build_booklet(game, lang)
    lines = [" ".join(r.text for r in shape.runs) for page in pages for shape in page if isinstance(shape, Text)]
    text = "\n".join(lines)
    for e in glossary_entries(read_toml(game.folder / "booklet" / f"glossary.{lang}.toml"), "glossary"):
        assert e.term.split(",")[0] in text
    assert "'" not in text and '"' not in text, [ln for ln in lines if "'" in ln or '"' in ln][:5]


@pytest.mark.parametrize(("gid", "lang"), CASES)
def test_our_sources_are_written_with_typographic_quotes(gid, lang):
    """The narration, aid and glossary files are written typographic (outside jinja2's own syntax)."""
    folder = load_game(find_game(gid)).folder / "booklet"
    for name in ("narration", "aid", "glossary"):
        for s in strings(read_toml(folder / f"{name}.{lang}.toml")):
            prose = JINJA.sub(" ", s)
            assert "'" not in prose and '"' not in prose, (name, s)


def built_in_languages():
    for folder in sorted(cards_dir().iterdir()):
        if (folder / "game.toml").is_file():
            for lang in load_game(folder).meta.languages:
                yield folder.name, lang


@pytest.mark.parametrize(("gid", "lang"), list(built_in_languages()))
def test_card_and_component_texts_are_typographic(gid, lang):
    """What the kit prints on cards, pieces, boards and mats is written with ’ and typographic quotes:
    a straight apostrophe in a card text is a fault, in every built-in game and language."""
    straight = [f"{where}: {text}" for where, text in data_texts(load_game(find_game(gid)).folder, lang)
                if "'" in text or '"' in text]
    assert not straight, "\n".join(straight)


def test_typographic():
    assert typographic("l'area \"turno\"", "it") == "l’area «turno»"
    assert typographic("it's the \"round\"", "en") == "it’s the “round”"


def test_game_words_are_typographic():
    for gid in sorted(p.name for p in cards_dir().iterdir() if (p / "game.toml").is_file()):
        with open(load_game(find_game(gid)).folder / "game.toml", "rb") as fh:
            data = tomllib.load(fh)
        for s in strings([data.get("words", {}), data.get("credits", []), data.get("licence", {})]):
            assert "'" not in s and '"' not in s, s
