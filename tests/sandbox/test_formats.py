"""Format strings from a game folder (issue 21, item 3): only `{}` and known `{name}` fields,
bounded widths; anything else is exit 2 naming the file and the key. Before, `{x}`, `{1}` and `{`
were exit 70, `{0.__class__.__mro__}` printed interpreter internals on a card and `{:>999999999}`
allocated a gigabyte."""

import shutil

import pytest

from pnp.paths import cards_dir
from pnp.sandbox.formats import FormatProblem, fill, problem
from tests.conftest import run_pnp
from tests.model.test_load_errors import edit


@pytest.mark.parametrize("template, words", [
    ("{0.__class__.__mro__}", "are not allowed"),
    ("{x}", "unknown name {x}"),
    ("{1}", "are not allowed"),
    ("{", "brace"),
    ("{:>999999999}", "width above 200"),
    ("{:.999}", "precision above 20"),
    ("{!r}", "!r is not allowed"),
    ("{:{}}", "cannot hold another field"),
])
def test_what_python_format_would_allow_is_refused(template, words):
    why = problem(template, ("n",), value=True)
    assert why is not None and words in why, why
    with pytest.raises(FormatProblem):
        fill(template, {"n": 1}, value=2)


def test_fields_and_specs_that_suit_are_filled():
    assert fill("{n:>3}|{:.1f}|{{x}}", {"n": 7}, value=2.25) == "  7|2.2|{x}"
    with pytest.raises(FormatProblem, match="does not suit the value 'abc'"):
        fill("{:d}", value="abc")


@pytest.mark.slow
@pytest.mark.parametrize("template", ["● {0.__class__.__mro__}", "● {x}", "● {", "● {:>999999999}"])
def test_a_layout_format_is_checked_when_the_folder_loads(tmp_path, template):
    game = tmp_path / "sv"
    shutil.copytree(cards_dir() / "samurai-vassal", game)
    edit(game / "layouts" / "cards.toml", 'field = "trust"\n', f'field = "trust"\nformat = "{template}"\n')
    for command in (("check", game), ("build", game, "-q", "--out", tmp_path / "kit")):
        res = run_pnp(*command)
        assert res.returncode == 2, res.stderr
        assert "layouts/cards.toml" in res.stderr and "elements.trust.format" in res.stderr, res.stderr
        assert "Traceback" not in res.stderr, res.stderr


@pytest.mark.slow
@pytest.mark.parametrize("text, words", [
    ("{title.__class__} cards", "are not allowed"),
    ("{tilte} cards", "unknown name {tilte}"),
    ("{title:>999999999}", "width above 200"),
])
def test_words_in_game_toml_are_checked(game_copy, tmp_path, text, words):
    edit(game_copy / "game.toml", "[words]\n", f'[words]\ncards = {{ en = "{text}" }}\n')
    res = run_pnp("build", game_copy, "-q", "--out", tmp_path / "kit", "--only", "cards")
    assert res.returncode == 2, res.stderr
    assert "game.toml" in res.stderr and "words.cards" in res.stderr and words in res.stderr, res.stderr
    assert "Traceback" not in res.stderr
