"""Several decks in one game: each with its own card size, face layout and fields."""

from pathlib import Path

import pymupdf

from pnp.build import Options, build_kit
from pnp.model import load_game

FIXTURE = Path(__file__).parents[1] / "fixtures" / "two-decks"


def test_decks_of_two_sizes_print_on_their_own_sheets():
    game = load_game(FIXTURE)
    arts = {a.name: a for a in build_kit(game, Options(only=("cards",)))}
    assert {n for n in arts if n.endswith(".pdf")} == {"two-decks-cards-proposal-a4.pdf",
                                                       "two-decks-cards-character-a4.pdf",
                                                       "two-decks-duplex-check-a4.pdf"}
    # each deck's cards are drawn at its own trim size plus 3 mm of bleed on every side
    for svg, (w, h) in (("01-proposal.svg", (41.0, 63.0)), ("ronja-character.svg", (63.5, 88.9))):
        head = arts[f"svg/cards/{svg}"].data.decode()[:200]
        assert f'height="{h + 6:g}mm"' in head and f'width="{w + 6:g}mm"' in head, head
    proposals = pymupdf.open(stream=arts["two-decks-cards-proposal-a4.pdf"].data)[0].get_text()
    characters = pymupdf.open(stream=arts["two-decks-cards-character-a4.pdf"].data)[0].get_text()
    assert proposals.count("Play face down.") == 2 and "Keep in front of you." not in proposals
    assert characters.count("Keep in front of you.") == 2 and "Play face down." not in characters


def test_fields_print_where_the_layout_puts_them_and_cards_override_their_type():
    game = load_game(FIXTURE)
    ronja = next(c for c in game.cards if c.label == "Ronja")
    bo = next(c for c in game.cards if c.label == "Bo")
    assert ronja.field("trust", "en") == "3" and bo.field("trust", "en") == "1"
    assert ronja.field("power", "it") == "Annulla una maggioranza" and bo.field("power", "en") is None
    arts = {a.name: a for a in build_kit(game, Options(only=("cards",), lang="en"))}
    text = pymupdf.open(stream=arts["two-decks-cards-character-a4.pdf"].data)[0].get_text()
    assert "Trust 3" in text and "Trust 1" in text and "Cancels a majority" in text
    proposal = pymupdf.open(stream=arts["two-decks-cards-proposal-a4.pdf"].data)[0].get_text()
    assert "Trust" not in proposal


def test_text_that_cannot_fit_stops_the_build_unless_the_layout_lets_it_shrink(tmp_path):
    import shutil

    import pytest

    from pnp.errors import DefinitionError

    folder = tmp_path / "wordy"
    shutil.copytree(FIXTURE, folder)
    cards = folder / "cards.toml"
    cards.write_text(cards.read_text().replace('text = { en = "Play face down.", it = "Si gioca coperta." }',
                                               'text = { en = "' + "Play face down. " * 40 + '", it = "x" }'))
    with pytest.raises(DefinitionError, match=r"card 1 \(proposal\), element 'text'.*does not fit"):
        build_kit(load_game(folder), Options(only=("cards",), lang="en"))
    layouts = folder / "layouts" / "cards.toml"
    text = layouts.read_text().replace('[proposal]\nextends = "base"', '[proposal]\nextends = "base"\nshrink = true')
    layouts.write_text(text)
    arts = build_kit(load_game(folder), Options(only=("cards",), lang="en"))
    assert any(a.name == "two-decks-cards-proposal-a4.pdf" for a in arts)
