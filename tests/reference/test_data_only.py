"""A data-only game: a folder with no rules module builds its kit and booklet from the definitions
alone; what needs an engine is refused by name, file and line."""

import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.build import Options, build_kit
from pnp.catalog import DataOnly, is_data_only, rules_for
from pnp.cli import app
from pnp.errors import DefinitionError, UsageError
from pnp.model import load_game
from tests.conftest import open_pdf

FIXTURE = Path(__file__).parents[1] / "fixtures" / "two-decks"
RULES = """@cover

# What is in the box

@components

# The cards

@cards

Each turn, play **one card** face down.

@aid
"""
AID = """title = "Turn summary"
[[section]]
heading = "Each turn"
lines = ["**Play** one of your {{ count['proposal'] }} proposals."]
"""


def _folder(tmp_path: Path, rules: str | None = RULES, aid: bool = True) -> Path:
    """The two-decks fixture (no rules module) with a booklet text and an aid in both its languages,
    and no narration file."""
    folder = tmp_path / "lantern"
    shutil.copytree(FIXTURE, folder)
    (folder / "booklet").mkdir()
    for lang in ("en", "it"):
        if rules is not None:
            (folder / "booklet" / f"rules.{lang}.md").write_text(rules, encoding="utf-8")
        if aid:
            (folder / "booklet" / f"aid.{lang}.toml").write_text(AID, encoding="utf-8")
    return folder


def _cli(*args: object) -> tuple[int, str]:
    res = CliRunner().invoke(app, [str(a) for a in args])
    return res.exit_code, res.output


def test_the_fixture_is_data_only_and_a_named_module_never_is(tmp_path):
    assert is_data_only(load_game(FIXTURE))
    folder = _folder(tmp_path)
    game_toml = folder / "game.toml"
    game_toml.write_text(game_toml.read_text(encoding="utf-8") + 'rules = "lantern"\n', encoding="utf-8")
    game = load_game(folder)
    assert not is_data_only(game)
    with pytest.raises(UsageError) as err:
        rules_for(game)
    message = str(err.value)
    assert "'lantern', which is not installed" in message
    assert "to one of them" not in message       # no hint that would build another game's booklet
    assert "remove `rules`" in message


def test_kit_and_booklet_build_without_a_narration_file(tmp_path):
    folder = _folder(tmp_path)
    assert not (folder / "booklet" / "narration.en.toml").exists()
    arts = {a.name: a for a in build_kit(load_game(folder), Options(svg=False))}
    assert {"two-decks-rules-a5.pdf", "two-decks-rules-a4-booklet.pdf", "two-decks-cards-proposal-a4.pdf"} <= set(arts)
    text = "".join(page.get_text() for page in open_pdf(arts["two-decks-rules-a5.pdf"].data))
    assert "Two Decks" in text and "2-6 players" in text                 # @cover
    assert "Proposal: 2 cards" in text and "Character back" in text      # @components, with pnp's own words
    assert "one card" in text                                            # the prose
    assert "Turn summary" in text and "Play one of your 2 proposals." in text   # @aid, its template filled


def test_italian_booklet_uses_italian_words(tmp_path):
    opts = Options(lang="it", svg=False, only=("booklet",))
    arts = {a.name: a for a in build_kit(load_game(_folder(tmp_path)), opts)}
    text = "".join(page.get_text() for page in open_pdf(arts["two-decks-rules-a5-it.pdf"].data))
    assert "Proposta: 2 carte" in text and "Regolamento" in text


@pytest.mark.parametrize("directive", ["@walkthrough first-game", "@samples", "@simulation balance", "@setup"])
def test_engine_directives_are_refused_with_file_and_line(tmp_path, directive):
    folder = _folder(tmp_path, RULES + "\n" + directive + "\n")
    with pytest.raises(DefinitionError) as err:
        build_kit(load_game(folder), Options(svg=False, only=("booklet",)))
    line = RULES.count("\n") + 2
    message = str(err.value)
    assert message.startswith(f"{folder / 'booklet' / 'rules.en.md'}: line {line}: {directive.split()[0]} ")
    assert "data-only game" in message and "@cover, @components, @cards, @aid" in message


def test_build_and_check_refuse_an_engine_directive_with_exit_2(tmp_path):
    folder = _folder(tmp_path, RULES + "@walkthrough first-game\n")
    for command in ("build", "check"):
        code, out = _cli(command, folder, *(["--out", tmp_path / "out"] if command == "build" else []))
        assert code == 2, out
        assert "rules.en.md: line 14: @walkthrough replays a sample game" in out
        assert "Traceback" not in out


def test_check_passes_the_fixture_and_a_data_only_folder(tmp_path):
    for folder in (FIXTURE, _folder(tmp_path)):
        code, out = _cli("check", folder)
        assert code == 0, out
        assert "data-only game" in out and "kit ok (en, it)" in out


def test_check_reads_every_file_the_build_reads(tmp_path):
    folder = _folder(tmp_path)
    (folder / "booklet" / "aid.it.toml").write_text('title = "Turno"\n', encoding="utf-8")   # no [[section]]
    code, out = _cli("check", folder)
    assert code == 2 and "aid.it.toml" in out and "section" in out


def test_play_and_sample_games_need_a_rules_module(tmp_path):
    folder = _folder(tmp_path)
    code, out = _cli("play", folder)
    assert code == 2 and "data-only game" in out and "`pnp play` needs a rules module" in out
    (folder / "samples").mkdir()
    (folder / "samples" / "first.toml").write_text('title = "First"\n', encoding="utf-8")
    code, out = _cli("check", folder)
    assert code == 2 and "replaying sample games" in out and "first.toml" in out
    with pytest.raises(DataOnly):
        rules_for(load_game(folder))


@pytest.mark.parametrize("with_booklet", [False, True])
def test_the_aid_builds_with_or_without_a_booklet(tmp_path, with_booklet):
    folder = _folder(tmp_path, RULES if with_booklet else None)
    # a deck of another size than the aid, so the aid gets its own sheets
    cards = folder / "cards.toml"
    cards.write_text(cards.read_text(encoding="utf-8").replace('size = "poker"', 'size = "mini"'), encoding="utf-8")
    arts = {a.name for a in build_kit(load_game(folder), Options(svg=False))}
    assert "two-decks-aid-a4.pdf" in arts
    assert ("two-decks-rules-a5.pdf" in arts) == with_booklet


def test_a_data_only_booklet_shows_its_board_of_tracks(tmp_path):
    """With no rules module to draw it, the board made of tracks is on the cover and in @components."""
    folder = _folder(tmp_path)
    tracks = (FIXTURE.parent / "tracks-only" / "tracks.toml").read_text(encoding="utf-8")
    (folder / "tracks.toml").write_text(re.sub(r'\{ en = ("[^"]*") \}', r"{ en = \1, it = \1 }", tracks),
                                        encoding="utf-8")
    arts = {a.name: a for a in build_kit(load_game(folder), Options(svg=False, only=("booklet",)))}
    pages = [page.get_text() for page in open_pdf(arts["two-decks-rules-a5.pdf"].data)]
    assert any("The board" in text for text in pages[1:])
    assert len(open_pdf(arts["two-decks-rules-a5.pdf"].data)[0].get_drawings()) > 20   # the cover's board
