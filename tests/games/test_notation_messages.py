"""Notation messages a player reads (issue 21, item 9): rounds named from a stated position, the
documented rule names and exit codes, no invisible spaces, no Python reprs."""

import pytest

from pnp.paths import cards_dir
from tests.conftest import run_pnp


def check(game, tmp_path, text, name="f.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    res = run_pnp("check", game, path)
    assert "Traceback" not in res.stderr and "internal error" not in res.stderr, res.stderr
    return res


def test_a_failed_expectation_after_a_position_names_the_games_round(tmp_path):
    """06-sasuke-copies starts at «round = 2»: its first [[round]] is round 2 of the game."""
    text = (cards_dir() / "samurai-vassal" / "examples" / "06-sasuke-copies.toml").read_text(encoding="utf-8")
    res = check("samurai-vassal", tmp_path, text.replace("trust = { red = 3,", "trust = { red = 4,"))
    assert res.returncode == 1, res.stderr
    assert "round 2, red: expected 4 trust, but it is 3" in res.stderr


@pytest.mark.parametrize("change, words", [
    ('red = "sarutobi-sasuke"', 'red = ["sarutobi-sasuke", "party"]'),
    ('red = "sarutobi-sasuke"', "red = 7"),
])
def test_a_card_that_is_not_one_card_id_says_what_it_got(tmp_path, change, words):
    text = (cards_dir() / "samurai-vassal" / "examples" / "06-sasuke-copies.toml").read_text(encoding="utf-8")
    res = check("samurai-vassal", tmp_path, text.replace(change, words))
    assert res.returncode == 2, res.stderr
    assert "round 2, red:" in res.stderr
    assert "[" not in res.stderr.split("round 2, red:")[1], res.stderr      # no Python list
    assert ("a list of 2 entries" in res.stderr) or ("got 7" in res.stderr), res.stderr


def test_winners_that_are_not_colours_are_bad_notation(tmp_path):
    """Was a TypeError (exit 70): «expect = { winners = ["red", 1] }»."""
    text = (cards_dir() / "samurai-vassal" / "examples" / "06-sasuke-copies.toml").read_text(encoding="utf-8")
    res = check("samurai-vassal", tmp_path, text.replace('winners = ["red"]', 'winners = ["red", 1]'))
    assert res.returncode == 2, res.stderr
    assert 'expect.winners: expected a list of colours (e.g. ["red"]), got a list of 2 entries ("red", 1)' \
        in res.stderr


SHOGUN = """game = "shogun-solitaire"
seed = 1

[position]
row = {row}
hand = ["takeda-cavalry", "takeda-samurai", "takeda-ninja", "hojo-soldier", "envoy"]
deck = {deck}

[[round]]
do = {do}
"""
DECK = '["amago-soldier", "hojo-cavalry", "kato-leader", "amago-ninja", "kato-cavalry", "hojo-samurai"]'


def test_shogun_an_answer_when_no_decision_waits_is_wrong_decision(tmp_path):
    """docs/notation.md lists `wrong-decision` (exit 1); it was exit 2 with advice to start a turn."""
    res = check("shogun-solitaire", tmp_path, SHOGUN.format(row="[]", deck=DECK,
                                                            do='["play takeda-cavalry", "raid: deck"]'))
    assert res.returncode == 1, res.stderr
    assert "a turn is waiting, not raid" in res.stderr and "starts another turn" not in res.stderr


def test_shogun_a_ninja_with_nothing_to_put_back_needs_no_trailing_space(tmp_path):
    """The Ninja reveals the one card left; discarding it leaves nothing to put back on top."""
    for answer in ('"ninja: discard amago-soldier"', '"ninja: discard amago-soldier, top"'):
        res = check("shogun-solitaire", tmp_path, SHOGUN.format(row="[]", deck='["amago-soldier"]',
                                                                do=f'["discard takeda-ninja", {answer}]'))
        assert res.returncode == 0, res.stderr


def test_shogun_play_without_a_card_says_so(tmp_path):
    res = check("shogun-solitaire", tmp_path, SHOGUN.format(row="[]", deck=DECK, do='["play"]'))
    assert res.returncode == 1, res.stderr
    assert "'play' names no card" in res.stderr and "(nothing)" not in res.stderr


@pytest.mark.parametrize("card", ["envoy", "raid"])
def test_shogun_a_position_row_holds_shogun_cards_only(tmp_path, card):
    """Was an AssertionError (exit 70)."""
    res = check("shogun-solitaire", tmp_path, SHOGUN.format(row=f'["takeda-soldier", "{card}"]', deck=DECK,
                                                            do='["play takeda-cavalry"]'))
    assert res.returncode == 2, res.stderr
    assert f'position.row[1]: "{card}": only Shogun cards lie in the play area' in res.stderr


def test_a_missing_npc_card_is_said_missing(tmp_path):
    """Middle Player mode: a round without its NPC card said `got None`."""
    path = cards_dir() / "samurai-vassal" / "examples" / "11-npc-card.toml"
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if not ln.startswith("npc = ")]
    res = check("samurai-vassal", tmp_path, "\n".join(lines) + "\n")
    assert res.returncode == 2, res.stderr
    assert ", npc: missing: the card laid" in res.stderr and "None" not in res.stderr
