"""Visual regression: the first page of every PDF of both built-in kits (and the last card sheet),
rasterised with PyMuPDF at a low resolution, must match the reviewed reference image in tests/press/reference/.

A change in looks then shows up as a failing test and is approved by updating the references in
the same commit, where a reviewer sees the new images:

    PNP_UPDATE_REFERENCE=1 .venv/bin/python -m pytest tests/press/test_visual.py

rewrites every reference PNG from the current build (and fails nothing); look at the changed
images (git status tests/press/reference, then open them) before committing them. A failing page
is also written to $TMPDIR/pnp-visual/ to compare with its reference."""

import io
import os
import tempfile
from pathlib import Path

import pymupdf
import pytest
from PIL import Image, ImageChops

from pnp.build import Options, available_parts, build_kit
from pnp.draw.card import card_back, card_face
from pnp.draw.dice import die_net_scene
from pnp.draw.ink import ink_saving
from pnp.draw.piece import counter_scene
from pnp.draw.shapes import Group
from pnp.draw.tile import mat_scene, tile_scene
from pnp.draw.trackboard import trackboard_scene
from pnp.kit.aidcard import aid_card
from pnp.model import load_game
from pnp.paths import cards_dir
from pnp.render.pdf import Page, render_pdf

REFERENCE = Path(__file__).parent / "reference"
DPI = 30
UPDATE = os.environ.get("PNP_UPDATE_REFERENCE") == "1"
ACTUAL = Path(tempfile.gettempdir()) / "pnp-visual"   # a failing page is written here to look at
# Anti-aliasing and font hinting move a few pixels by a few levels between library versions; a real
# change (a shape moved, a colour changed, text reflowed) moves many pixels by a lot.
LEVEL = 48          # a pixel differs when a channel moves by more than this (of 255)
SHARE = 0.004       # the page differs when more than this share of its pixels do


def _pages(game_id):
    """(name, image) of the first page of every PDF, and of the last fronts sheet of the cards (where
    the player aids and the counters fill the places the deck leaves)."""
    game = load_game(cards_dir() / game_id)
    for art in build_kit(game, Options(svg=False)):
        if art.name.endswith(".pdf"):
            doc = pymupdf.open(stream=art.data, filetype="pdf")
            name = art.name.removesuffix(".pdf")
            chosen = [(name, doc[0])]
            if "-cards-" in art.name and doc.page_count > 2:
                chosen.append((f"{name}-last", doc[doc.page_count - 2]))
            for label, page in chosen:
                pix = page.get_pixmap(dpi=DPI, alpha=False)
                yield label, Image.open(io.BytesIO(pix.tobytes("png"))).convert("RGB")


COMPONENTS = REFERENCE / "components"
COMPONENT_DPI = 60


def _scene_image(scene) -> Image.Image:
    """A component drawn alone, with its bleed, at COMPONENT_DPI."""
    b = scene.bleed
    page = Page(scene.width + 2 * b, scene.height + 2 * b, [Group(tuple(scene.shapes), b, b)])
    pix = pymupdf.open(stream=render_pdf([page], scene.name), filetype="pdf")[0].get_pixmap(dpi=COMPONENT_DPI,
                                                                                             alpha=False)
    return Image.open(io.BytesIO(pix.tobytes("png"))).convert("RGB")


def _components(game_id):
    """(name, image) of one front and back of every card kind, the player aid's two sides, every kind
    of counter (also as the ink saver prints it), tile and mat."""
    game = load_game(cards_dir() / game_id)
    lang = game.meta.languages[0]
    kinds: dict[str, object] = {}
    for card in game.cards:
        kinds.setdefault(card.type_id, card)
    for type_id, card in kinds.items():
        yield f"{game_id}-card-{type_id}-front", _scene_image(card_face(game, card, lang))
        yield f"{game_id}-card-{type_id}-back", _scene_image(card_back(game, card, lang))
    if "aid" in available_parts(game):
        front, back, _aid, _where = aid_card(game, lang)
        yield f"{game_id}-aid-front", _scene_image(front)
        yield f"{game_id}-aid-back", _scene_image(back)
    for slug in dict.fromkeys(c.slug for c in game.counters):
        counter = next(c for c in game.counters if c.slug == slug)
        yield f"{game_id}-piece-{slug}", _scene_image(counter_scene(counter, lang, game=game))
        with ink_saving(True):      # the colour must survive inside the cut line (issue 24 review)
            saver = _scene_image(counter_scene(counter, lang, game=game))
        yield f"{game_id}-piece-{slug}-ink-saver", saver
    if game.tiles is not None:
        for clan in [None, *game.meta.clans]:
            yield f"{game_id}-tile-{clan.id if clan else 'neutral'}", _scene_image(tile_scene(game, clan, lang))
    if game.mats is not None:
        for clan in game.meta.clans:
            yield f"{game_id}-mat-{clan.id}", _scene_image(mat_scene(game, clan, lang))
    if game.trackboard is not None and game_id == "shogun-solitaire":   # its four objective boards
        yield f"{game_id}-trackboard", _scene_image(trackboard_scene(game, lang))
    if game.dice is not None and game.dice.nets is not None:      # the paper dice, on the dice PDF's last pages
        for i, die in enumerate(game.dice.dice):
            pip = (game.folder / die.pip, "dice.toml", f"dice[{i}].pip") if die.pip else None
            yield f"{game_id}-die-{die.id}-net", _scene_image(die_net_scene(die, game.dice.nets, lang, pip))


def _compare(pairs, folder: Path, prefix: str) -> list[str]:
    seen, failures = [], []
    if UPDATE:
        folder.mkdir(exist_ok=True)
    for name, image in pairs:
        seen.append(name)
        ref = folder / f"{name}.png"
        if UPDATE:
            image.save(ref, optimize=True)
            continue
        if not ref.is_file():
            failures.append(f"{name}: no reference image (build it with PNP_UPDATE_REFERENCE=1)")
            continue
        want = Image.open(ref).convert("RGB")
        if want.size != image.size:
            failures.append(f"{name}: size {image.size} px, reference {want.size} px")
            continue
        share = _differing(image, want)
        if share > SHARE:
            ACTUAL.mkdir(parents=True, exist_ok=True)
            image.save(ACTUAL / f"{name}.png")
            failures.append(f"{name}: {share:.2%} of pixels differ (tolerance {SHARE:.2%}); "
                            f"this build's image: {ACTUAL / name}.png")
    assert seen
    stale = sorted(p.stem for p in folder.glob(f"{prefix}-*.png") if p.stem not in seen)
    if stale and not UPDATE:
        failures.append(f"reference images for what the kit no longer has: {stale}")
    return failures


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["daimyni", "daimyo", "shogun-solitaire", "dojima"])
def test_every_card_kind_counter_tile_and_mat_matches_its_reference(game_id):
    """Issue 24, item 7: each kind of component alone, so a change to one card's art shows by name."""
    failures = _compare(_components(game_id), COMPONENTS, game_id)
    assert not failures, "\n".join(failures)


def _differing(a: Image.Image, b: Image.Image) -> float:
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > LEVEL else 0)
    return diff.histogram()[255] / (a.width * a.height)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["daimyni", "daimyo", "dojima", "samurai-vassal", "shogun-solitaire"])
def test_first_page_of_every_pdf_matches_its_reference(game_id):
    failures = _compare(_pages(game_id), REFERENCE, game_id)
    assert not failures, "\n".join(failures)


def test_the_comparison_sees_a_change():
    a = Image.new("RGB", (100, 100), "white")
    b = a.copy()
    assert _differing(a, b) == 0
    b.paste((0, 0, 0), (0, 0, 10, 10))      # a 1 % black square
    assert _differing(a, b) > SHARE


# Samurai Vassal (issue 24): one front and one back of every card kind (a proposal, a character, the
# aid card) and the counter sheet, each its own small reference image.
SV_CARDS = {"proposal": "red-party", "character": "nene"}


def _scene_png(scene, dpi: int = 60) -> Image.Image:  # type: ignore[no-untyped-def]
    from pnp.render.svg import render_svg

    doc = pymupdf.open(stream=render_svg(scene), filetype="svg")
    pix = doc[0].get_pixmap(dpi=dpi, alpha=False)
    return Image.open(io.BytesIO(pix.tobytes("png"))).convert("RGB")


def _samurai_vassal_images():  # type: ignore[no-untyped-def]
    from pnp.draw.card import card_back, card_face
    from pnp.kit.aidcard import aid_card

    game = load_game(cards_dir() / "samurai-vassal")
    for kind, label in SV_CARDS.items():
        [card] = [c for c in game.cards if c.label == label]
        yield f"samurai-vassal-{kind}-front", _scene_png(card_face(game, card, "en"))
        yield f"samurai-vassal-{kind}-back", _scene_png(card_back(game, card, "en"))
    front, back, _aid, _where = aid_card(game, "en")
    yield "samurai-vassal-aid-front", _scene_png(front)
    yield "samurai-vassal-aid-back", _scene_png(back)
    for art in build_kit(game, Options(svg=False, only=("pieces",))):
        if art.name.endswith(".pdf") and "-pieces-" in art.name:
            pix = pymupdf.open(stream=art.data, filetype="pdf")[0].get_pixmap(dpi=DPI, alpha=False)
            yield "samurai-vassal-counters", Image.open(io.BytesIO(pix.tobytes("png"))).convert("RGB")


@pytest.mark.slow
def test_samurai_vassal_cards_and_counters_match_their_references():
    images = list(_samurai_vassal_images())
    assert len(images) == 7
    # with the components, apart from the page references that share the game's prefix
    failures = _compare(images, COMPONENTS, "samurai-vassal")
    assert not failures, "\n".join(failures)
