"""Daimyo positions: the engine writes the position at the start of any round as the notation's
`[position]` table; reading it back gives the same state, and a game started there replays the
remaining rounds to the same result."""

import re
import tomllib

import pytest

from pnp.engine.notation import NotationError
from pnp.games.daimyo import notation
from pnp.games.daimyo.actions import PlayCards
from pnp.games.daimyo.module import bot_game
from pnp.model import load_game
from pnp.paths import cards_dir

GAME = load_game(cards_dir() / "daimyo")
SAMPLES = sorted((cards_dir() / "daimyo" / "samples").glob("*.toml"))
EXAMPLES = sorted((cards_dir() / "daimyo" / "examples").glob("*.toml"))
EVERY = ("balanced", "fortifications", "inaccessible", "formation", "teams", "special", "mastery")


def split(text: str) -> tuple[str, list[str], str]:
    """(header with [setup], each [[round]] entry, the [end] table) of a notation file."""
    body, sep, end = text.partition("\n[end]")
    head, *rounds = re.split(r"(?m)^(?=\[\[round\]\])", body)
    return head, rounds, sep + end


def without_setup(head: str) -> str:
    return re.sub(r"(?ms)^\[setup\]\n.*?(?=^\[|\Z)", "", head)


def facts(s) -> tuple:
    """Everything about a state at the start of a round that play depends on."""
    return (s.position(), s.round, s.tile_pos, s.tile_at, s.tile_owner, s.han_reserve, s.out_of_game, s.bushi,
            s.ronin, s.daimyo, s.area, s.ronin_free, s.hand, s.reserve, sorted(s.cards_in_play), s.mastery,
            s.revealed, s.touched, s.barred_tile, s.phase, s.interlude, s.decision(), s.legal_actions())


def check_every_round_start(text: str) -> int:
    """For the start of every round: write -> read gives the same state, and starting there (with
    and without the setup choices) replays the remaining rounds to the same end."""
    final = notation.replay(text, GAME).state
    head, rounds, end = split(text)
    for k in range(len(rounds)):
        reached = notation.replay(head + "".join(rounds[:k]), GAME).state
        pos = notation.write_position(reached)
        for start in (head, without_setup(head)):
            again = notation.replay(start + "\n" + pos, GAME).state
            assert facts(again) == facts(reached), pos
            assert notation.write_position(again) == pos
            rest = notation.replay(start + "\n" + pos + "\n" + "".join(rounds[k:]) + end, GAME).state
            assert (rest.winner, rest.win_reason, rest.round) == (final.winner, final.win_reason, final.round)
            assert (rest.bushi, rest.ronin, rest.daimyo, rest.tile_pos) == \
                   (final.bushi, final.ronin, final.daimyo, final.tile_pos)
            written = notation.write(rest)   # a game started from a position writes that position
            assert notation.write(notation.replay(written, GAME).state) == written
    return len(rounds)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_positions_round_trip_and_replay_to_the_same_end(path):
    assert check_every_round_start(path.read_text(encoding="utf-8")) >= 4


@pytest.mark.slow
@pytest.mark.parametrize("players,advanced", [(2, ()), (3, ("special", "mastery", "formation")), (4, EVERY)])
def test_bot_game_positions_round_trip(players, advanced):
    for seed in range(3):
        check_every_round_start(notation.write(bot_game(GAME, seed, players, advanced)))


def test_written_position_reads_as_toml_with_the_documented_keys():
    state = notation.replay(SAMPLES[0].read_text(encoding="utf-8").partition("[[round]]")[0], GAME).state
    table = notation.position_table(state)
    assert {"round", "han", "hand", "reserve", "mastery", "revealed"} <= set(table)
    assert table["round"] == 1 and all(re.fullmatch(r"-?\d+,-?\d+", v) for v in table["han"].values())
    assert tomllib.loads(notation.write_position(state))["position"] == table


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_write_their_position_and_round_trip(path):
    state = notation.replay(path.read_text(encoding="utf-8"), GAME).state
    written = notation.write(state)
    assert "[position]" in written
    again = notation.replay(written, GAME).state
    assert notation.write(again) == written and again.winner == state.winner and again.bushi == state.bushi


def test_position_is_only_written_at_the_start_of_a_round():
    state = notation.replay('game = "daimyo"\nplayers = 2\nadvanced = ["balanced"]\n', GAME).state
    clan = state.decision().player
    state.apply_action(PlayCards(tuple(state.sorted_cards(state.hand[clan])[:2])))
    with pytest.raises(ValueError, match="start of a round"):
        state.position()


HEAD = 'game = "daimyo"\nplayers = 2\nadvanced = ["balanced"]\n[position]\ng3 = "green D"\nr3 = "red D"\n'


@pytest.mark.parametrize("extra,key,words", [
    ("round = 0", "position.round", "at least 1"),
    ('han = { g1 = "0,0" }', "position.han", "missing"),
    ('han = { g1 = "0,0", x9 = "1,1" }', "position.han.x9", "no Han of that name"),
    ('n1 = "red 2 r1"', "position.n1", "special rule"),
    ('hand = { green = ["A1", "A1"] }', "position.hand.green", "already"),
    ('hand = { green = ["Z9", "A1"] }', "position.hand.green", "no card Z9"),
    ('hand = { purple = ["A1", "A2"] }', "position.hand.purple", "not playing"),
    ('mastery = { green = "heiho" }', "position.mastery", "mastery rule"),
])
def test_bad_positions_name_the_key(extra, key, words):
    with pytest.raises(NotationError) as err:
        notation.replay(HEAD + extra + "\n", GAME)
    assert f": {key}: " in str(err.value) and words in str(err.value)
