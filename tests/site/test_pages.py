"""`pnp site`: the pages read back as a browser would get them, without a browser (the browser's own
tests are in test_browser.py)."""

from __future__ import annotations

import base64
import functools
import io
import re
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from pnp.catalog import builtin_games, find_game
from pnp.model import load_game
from pnp.reference.booklet import Booklet
from pnp.reference.markup import parse, typographic
from pnp.scaffold import create
from pnp.site.build import site_files
from tests.conftest import run_pnp
from tests.site.conftest import GAMES
from tests.site.pages import read_page

PAGES = [(g, "en") for g in GAMES] + [("daimyni", "it")]


def words(s: str) -> str:
    return " ".join(s.split())


def plain(s: str, lang: str) -> str:
    return words(re.sub(r"\*\*(.+?)\*\*", r"\1", typographic(s, lang)))


def test_an_index_and_one_page_per_game_and_language(site: Path) -> None:
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    assert files == sorted(["index.html", "assets/site.css", "assets/site.js",
                            *(f"{g}/{lang}.html" for g, lang in PAGES)])
    index = read_page((site / "index.html").read_text())
    assert {f"{g}/{lang}.html" for g, lang in PAGES} <= set(index.links)
    assert "index.html" not in index.links          # its "All games" names the page itself: no link to it
    assert '<span aria-current="page">All games</span>' in (site / "index.html").read_text()


def test_nothing_names_an_address_to_fetch(site: Path, data_only_site: Path) -> None:
    for root in (site, data_only_site):
        for path in root.rglob("*"):
            if path.is_file():
                text = re.sub(r"data:[\w/+.-]+;base64,[A-Za-z0-9+/=]+", "data:", path.read_text(encoding="utf-8"))
                assert not re.search(r"https?:|(?:href|src)=[\"']?//|url\([\"']?//|@import", text, re.I), \
                    f"{path.name} names an address"
                for url in re.findall(r"url\(([^)]*)\)", text):
                    assert url.startswith(("data:", "#")), url


@functools.cache
def _ids(page: Path) -> frozenset[str]:
    return frozenset(read_page(page.read_text()).ids)


def _resolves(site: Path, page: Path, link: str) -> str | None:
    """Why a link of `page` does not lead anywhere, or None."""
    if link.startswith("data:"):        # a picture inside a diagram, carried in the page
        return None
    target, _, fragment = link.partition("#")
    file = (page.parent / target).resolve() if target else page
    if site.resolve() not in file.parents or not file.is_file():
        return f"{link}: no file {file}"
    if fragment and file.suffix == ".html" and fragment not in _ids(file):
        return f"{link}: no id {fragment!r} in {file.name}"
    return None


def test_every_internal_link_resolves(site: Path, data_only_site: Path) -> None:
    checked = 0
    for root in (site, data_only_site):
        for page in root.rglob("*.html"):
            for link in read_page(page.read_text()).links:
                assert _resolves(root, page, link) is None, (page.name, _resolves(root, page, link))
                checked += 1
    assert checked > 50


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_the_page_says_what_the_booklet_says(site: Path, game: str, lang: str) -> None:
    """Every heading, paragraph and list item of booklet/rules.LANG.md (its template filled in) is on
    the page: the page is made from the booklet's source, not from a copy of it."""
    booklet = Booklet(load_game(find_game(game)), lang)
    page = read_page((site / game / f"{lang}.html").read_text())
    text = words(page.text)
    blocks = [b for b in parse(booklet.source()) if b.kind != "directive"]
    assert len(blocks) > 10
    for block in blocks:
        assert plain(block.text, lang) in text, block.text


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_every_walkthrough_is_every_step_of_its_replay_in_order(site: Path, game: str, lang: str) -> None:
    booklet = Booklet(load_game(find_game(game)), lang)
    page = read_page((site / game / f"{lang}.html").read_text())
    samples = re.findall(r"^@walkthrough\s+(\S+)", booklet.source(), re.M)
    assert samples, "each built-in booklet has a walkthrough"
    assert booklet.adapter is not None
    # a caption's no-break spaces ("Red 0 → 1" kept on one line) read as spaces
    labels = [words(svg.get("aria-label", "")) for svg in page.svgs]
    listed = []
    for sample in samples:
        _t, rounds = booklet.adapter.walkthrough(booklet.game, booklet.sample(sample), lang)
        ids = [s for s in page.steps if s.startswith(f"{sample}-round-")]
        assert [int(s.split("-round-")[1].split("-")[0]) for s in ids] == \
            [r.round for r in rounds for _p in r.panels]
        for panel in (p for r in rounds for p in r.panels):
            said = plain(f"{panel.heading}. {panel.sentence}", lang)
            assert said in labels, f"no diagram named {said!r}"      # the diagram's alt text is its narration
            assert said in words(page.text)                           # and its caption
        listed += ids
    assert listed == page.steps


def test_cards_are_steps_in_the_order_they_resolve(site: Path) -> None:
    """Daimyni, "first-blood.toml" round 3: red plays cards 1 and 8, blue 5 and 10; the lowest card
    resolves first ("Card 1 is the lowest in play: red strikes d3 before blue can reinforce it"), so
    the steps are cards 1, 5, 8, 10, each with an address of its own."""
    page = read_page((site / "daimyni" / "en.html").read_text())
    third = [s for s in page.steps if s.startswith("first-blood-round-3-")]
    assert third == [f"first-blood-round-3-card-{n}" for n in (1, 5, 8, 10)]


def _faces(css: str) -> dict[str, set[int]]:
    """The characters each embedded face holds, by family and weight."""
    out: dict[str, set[int]] = {}
    for rule in re.findall(r"@font-face\{([^}]*)\}", css):
        family = re.search(r'font-family:"([^"]+)"', rule)
        weight = re.search(r"font-weight:(\w+)", rule)
        data = re.search(r"base64,([A-Za-z0-9+/=]+)", rule)
        assert family and weight and data, rule
        font = TTFont(io.BytesIO(base64.b64decode(data.group(1))))
        assert font.flavor == "woff"
        out[f"{family.group(1)} {weight.group(1)}"] = set(font.getBestCmap())
    return out


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_diagram_text_is_text_set_in_embedded_fonts(site: Path, game: str, lang: str) -> None:
    page = read_page((site / game / f"{lang}.html").read_text())
    assert page.glyphs_in_svg == 0, "text drawn as outlines"
    assert len(words(page.svg_text)) > 20
    faces = _faces((site / "assets" / "site.css").read_text())
    assert set(faces) == {"pnp sans normal", "pnp sans bold", "pnp jp normal"}
    held = set().union(*faces.values())
    missing = {ch for ch in page.svg_text + page.text if not ch.isspace() and ord(ch) not in held}
    assert not missing
    assert len(faces["pnp sans normal"]) < 400, "a subset, not the whole font"


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_headings_landmarks_and_names(site: Path, game: str, lang: str) -> None:
    page = read_page((site / game / f"{lang}.html").read_text())
    levels = [level for level, _ in page.headings]
    assert levels.count(1) == 1 and levels[0] == 1
    assert all(b <= a + 1 for a, b in zip(levels, levels[1:])), "a heading level skipped"
    assert {"main", "nav", "header", "footer"} <= page.landmarks
    assert page.svgs and all(svg.get("role") == "img" and svg.get("aria-label", "").strip() for svg in page.svgs)
    assert len(page.ids) == len(set(page.ids)), "an id used twice"


def test_a_single_file_page_needs_nothing_beside_it(data_only_site: Path) -> None:
    files = sorted(p.relative_to(data_only_site).as_posix() for p in data_only_site.rglob("*") if p.is_file())
    assert files == ["index.html", "my-game/en.html"]
    source = (data_only_site / "my-game" / "en.html").read_text()
    page = read_page(source)
    assert [link for link in page.links if not link.startswith(("#", "data:image/"))] == ["../index.html"]
    assert "@font-face" in page.styles and "history.replaceState" in page.scripts
    assert not page.steps and len(page.svgs) >= 5          # a data-only game: components, no walkthrough
    assert "What is in the box" in page.text


def test_a_game_folder_cannot_write_html(tmp_path: Path) -> None:
    create(tmp_path / "g", "Tags <b>")
    rules = tmp_path / "g" / "booklet" / "rules.en.md"
    rules.write_text(rules.read_text() + "\n# Tricks <script>alert(1)</script>\n\n"
                     "A **bold** word and <img src=x onerror=alert(2)> \"quoted\".\n")
    game = load_game(tmp_path / "g")
    files = {a.name: a.data.decode() for a in site_files([game], single_file=True)}
    page = files["g/en.html"]
    assert "<script>alert" not in page and "<img src=x" not in page and "<b>" not in files["index.html"]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "&lt;img src=x onerror=alert(2)&gt;" in page
    assert "<strong>bold</strong>" in page and "“quoted”" in page
    assert "Tags &lt;b&gt;" in files["index.html"]


def test_the_same_folder_gives_the_same_bytes(tmp_path: Path) -> None:
    game = load_game(find_game("shogun-solitaire"))
    first = {a.name: a.data for a in site_files([game])}
    again = {a.name: a.data for a in site_files([game])}
    assert first == again


def test_a_language_the_booklet_is_not_written_in_is_refused(tmp_path: Path) -> None:
    done = run_pnp("site", "daimyo", "--lang", "it", "--out", tmp_path / "out")
    assert done.returncode == 2
    assert "--lang it: daimyo is written in en" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()


def test_all_in_one_language_is_the_games_written_in_it(tmp_path: Path) -> None:
    done = run_pnp("site", "all", "--lang", "it", "--out", tmp_path / "out", "-q")
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (tmp_path / "out").rglob("*.html")) == ["index.html", "it.html"]
    assert (tmp_path / "out" / "daimyni" / "it.html").is_file()
    without = sorted(load_game(e.folder).meta.title for e in builtin_games()
                     if not (e.folder / "booklet" / "rules.it.md").is_file())
    assert without, "every game has an Italian booklet now: pick another language for this test"
    assert f"left out, having no booklet in --lang it: {', '.join(without)}" in done.stdout


def test_what_the_booklet_sets_apart_in_a_box_is_boxed(site: Path) -> None:
    """Daimyo's rules.en.md puts its measured balance between @box and @end-box."""
    source = (site / "daimyo" / "en.html").read_text()
    box = source.split('<div class="box">', 1)[1].split("</div>", 1)[0]
    assert "Measured over 2,000 games." in box and "<h2" not in box
