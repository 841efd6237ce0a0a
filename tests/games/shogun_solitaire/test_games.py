"""Illegal files (one per rule), random playouts with invariants, views that hide the deck order,
same seed same game, and notation round trips."""

import random
from collections import Counter
from pathlib import Path

import pytest

from pnp.engine.core import Chance
from pnp.engine.notation import IllegalMove
from pnp.games.interface import Settings
from pnp.games.shogun_solitaire.bot import heuristic_policy, random_policy
from pnp.games.shogun_solitaire.events import Returned, Seized
from pnp.games.shogun_solitaire.module import ShogunSolitaire
from pnp.games.shogun_solitaire.notation import replay, write
from pnp.games.shogun_solitaire.rules import PLAYER, RULES, ShogunState, deck_of, kind
from tests.conftest import open_pdf, run_pnp
from tests.soak import games

from .helpers import FOLDER, game

ILLEGAL = sorted((Path(__file__).parent / "illegal").glob("*.toml"))


@pytest.mark.parametrize("path", ILLEGAL, ids=[p.stem for p in ILLEGAL])
def test_an_illegal_file_names_its_rule(path):
    text = path.read_text(encoding="utf-8")
    rule = text.splitlines()[0].removeprefix("# rule: ").strip()
    assert rule in RULES
    with pytest.raises(IllegalMove) as exc:
        replay(game(), text, path.name)
    assert exc.value.rule == rule
    assert str(exc.value).startswith(f"{path.name}: round ")


def test_every_rule_has_an_illegal_file():
    assert {p.stem for p in ILLEGAL} == set(RULES)


def play(seed, policy, check=True):
    cards, clans = deck_of(game())
    s = ShogunState.new(cards, clans, Chance(seed))
    rng = random.Random(seed)
    full = Counter(cards)
    taken = set()          # the objectives off their boards, by the seize and return events
    while not s.is_terminal():
        legal = s.legal_actions()
        action = policy(s.view(PLAYER), legal, rng)
        assert action in legal
        events = s.apply_action(action)
        if check:
            assert s.places() == full                   # every card in exactly one place
            for e in events:
                if isinstance(e, Seized):
                    assert (e.clan, e.objective) not in taken
                    taken.add((e.clan, e.objective))
                elif isinstance(e, Returned):
                    taken.remove((e.clan, e.objective))
            # each objective is either on its board or held as a counter, never both, never lost
            assert taken == {(c, o) for c, h in s.held.items() for o in h} and 0 <= s.score <= 12
            assert s.is_terminal() or len(s.hand) == 5 or s.pending != "turn"
    return s


@pytest.mark.parametrize("policy", [random_policy, heuristic_policy])
def test_random_playouts_keep_the_invariants(policy):
    for seed in range(40):
        play(seed, policy)


@pytest.mark.slow
def test_random_games_keep_the_invariants():
    """2,500 random games (times PNP_SOAK, see tests/soak.py) end without error. In four games of ten,
    after every action each card is in exactly one place and each clan's three objectives are split
    between its board and the counters held; the other six are played by `random_game`, the fast
    path of `pnp simulate` (checking every step costs three times the game), and checked at the end.
    Each checked game is played by `random_game` too, which must end it the same way."""
    ends = Counter()
    count = games(2500)
    cards, clans = deck_of(game())
    full = Counter(cards)
    for seed in range(count):
        fast = ShogunState.new(cards, clans, Chance(seed))
        fast.random_game(random.Random(seed))
        if seed % 10 < 4:
            s = play(seed, random_policy)
            assert (s.score, s.won, s.places(), s.hand, s.deck) == (fast.score, fast.won, fast.places(), fast.hand,
                                                                  fast.deck), seed
        s = fast
        assert s.places() == full and 0 <= s.score <= 12
        ends[s.won] += 1
        assert s.is_terminal() and s.legal_actions() == []
    assert ends[False] == count    # a random player never unifies Japan with this deck


@pytest.mark.slow
def test_many_heuristic_games_keep_the_invariants():
    for seed in range(games(250)):
        play(seed, heuristic_policy)


def test_the_view_never_shows_the_deck_order():
    for seed in range(20):
        s = play(seed, heuristic_policy, check=False)
        cards, clans = deck_of(game())
        a = ShogunState.new(cards, clans, Chance(seed))
        b = a.clone()
        b.deck = list(reversed(b.deck))
        assert a.view(PLAYER) == b.view(PLAYER)
        assert a.view(PLAYER).deck.count == len(a.deck) > 0       # the size is seen, never the order
        assert s.view(PLAYER).deck.count == len(s.deck)


def test_same_seed_same_game_and_the_notation_round_trips():
    m = ShogunSolitaire()
    one = m.bot_notation(game(), Settings(1, frozenset(), 11))
    two = m.bot_notation(game(), Settings(1, frozenset(), 11))
    assert one == two
    t = replay(game(), one, "g.toml")
    assert t.state.is_terminal()
    assert write(t.state, 11, "Bot game, seed 11", "Written by `pnp play shogun-solitaire --seed 11`.") == one


def test_a_position_written_mid_game_plays_on_alike():
    cards, clans = deck_of(game())
    s = ShogunState.new(cards, clans, Chance(5))
    rng = random.Random(5)
    for _ in range(6):
        s.apply_action(heuristic_policy(s.view(PLAYER), s.legal_actions(), rng))
        while s.pending != "turn" and not s.is_terminal():
            s.apply_action(heuristic_policy(s.view(PLAYER), s.legal_actions(), rng))
    t = ShogunState(cards, clans, Chance(0))
    t.set_position(s.position(), "mid")
    t.chance.rng.setstate(s.chance.rng.getstate())     # later shuffles follow the same luck
    assert t.position() == s.position()
    for _ in range(5):
        a = s.legal_actions()[0]
        s.apply_action(a)
        t.apply_action(a)
        assert sorted(s.hand) == sorted(t.hand) and s.row == t.row


def test_the_aid_card_prints_the_deck_composition(tmp_path):
    """The kit's reference card (the player aid) gives the deck composition from the card counts."""
    out = run_pnp("build", "shogun-solitaire", "--only", "aid", "--out", tmp_path, "-q")
    assert out.returncode == 0, out.stderr
    doc = open_pdf((tmp_path / "shogun-solitaire-aid-a4.pdf").read_bytes())
    text = " ".join(" ".join(p.get_text() for p in doc).split())
    cards, _ = deck_of(game())
    assert f"Deck: {len(cards)} cards" in text
    kinds = Counter(kind(c) for c in cards)
    per_clan = ", ".join(f"{kinds[k] // 4} {k.capitalize()}" for k in ("leader", "samurai", "ninja", "cavalry",
                                                                        "soldier"))
    assert f"Per clan: {per_clan}." in text
    assert (f"{kinds['fleet']} Fleet; {kinds['raid']} Raid, {kinds['assassin']} Assassin, {kinds['ronin']} Ronin; "
            f"{kinds['envoy']} Envoy.") in text


@pytest.mark.slow
def test_pnp_play_takes_a_policy_and_pnp_check_replays_it(tmp_path):
    files = {}
    for policy in ("heuristic", "random"):
        out = run_pnp("play", "shogun-solitaire", "--seed", "4", "--policy", policy, cwd=tmp_path)
        assert out.returncode == 0, out.stderr
        assert f"--seed 4 --policy {policy}" in out.stdout
        files[policy] = tmp_path / f"{policy}.toml"
        files[policy].write_text(out.stdout, encoding="utf-8")
        checked = run_pnp("check", "shogun-solitaire", files[policy], cwd=tmp_path)
        assert checked.returncode == 0, checked.stdout + checked.stderr
    assert files["heuristic"].read_text() != files["random"].read_text()
    bad = run_pnp("play", "shogun-solitaire", "--policy", "greedy", cwd=tmp_path)
    assert bad.returncode == 2 and "its policies: heuristic, random" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_the_outcome_is_the_rank_of_the_final_score():
    m = ShogunSolitaire()
    assert list(m.policies()) == ["heuristic", "random"]
    seen = set()
    for seed in range(30):
        s = m.play(game(), Settings(1, frozenset(), seed), "random")
        expected = ("Supreme Shogun" if s.score == 12 else "Shogun" if s.score >= 10
                    else "Weak Shogun" if s.score == 9 else "Total Defeat")
        assert m.outcome(s) == expected
        seen.add(expected)
    assert "Total Defeat" in seen
    fresh = m.new_state(game(), Settings(1, frozenset(), 1))
    assert m.outcome(fresh) is None


def test_simulate_counts_the_cards_played():
    """`pnp simulate`'s card table counts the card each play lays (a wild under its own name) and
    the Samurai that stops a Raid, never a discard."""
    s = ShogunState(*deck_of(game()), Chance(0))
    assert s.action_labels("play fleet as kato-soldier") == ["fleet"]
    assert s.action_labels("play hojo-leader as ninja") == ["hojo-leader"]
    assert s.action_labels("play kato-cavalry") == ["kato-cavalry"]
    assert s.action_labels("raid: samurai amago-samurai") == ["amago-samurai"]
    assert s.action_labels("discard kato-cavalry") == [] and s.action_labels("discard hand") == []
    out = run_pnp("simulate", "shogun-solitaire", "-n", "20", "--workers", "1")
    assert out.returncode == 0, out.stderr
    assert "Total Defeat" in out.stdout and "fleet" in out.stdout and "discard kato" not in out.stdout


@pytest.mark.slow
def test_a_copied_folder_with_other_counts_plays_its_own_deck(tmp_path):
    """Counts are data: a user's copy of the folder with 4 Cavalry per clan instead of 7 plays a
    smaller deck with no Python, and its player aid says so; samples written for the old deck
    are refused by name, without a traceback."""
    import re
    import shutil
    mine = tmp_path / "mine"
    shutil.copytree(FOLDER, mine)
    text = (mine / "cards.toml").read_text(encoding="utf-8")
    (mine / "cards.toml").write_text(re.sub(r'type = "cavalry"\ncount = 7', 'type = "cavalry"\ncount = 4', text),
                                     encoding="utf-8")
    played = run_pnp("play", mine, "--seed", "2", cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    aid = run_pnp("build", mine, "--only", "aid", "--out", tmp_path / "out", "-q", cwd=tmp_path)
    assert aid.returncode == 0, aid.stderr
    doc = open_pdf(next((tmp_path / "out").glob("*-aid-a4.pdf")).read_bytes())
    printed = " ".join(" ".join(p.get_text() for p in doc).split())
    assert "Deck: 85 cards" in printed and "4 Cavalry" in printed
    checked = run_pnp("check", mine, cwd=tmp_path)
    assert checked.returncode in (1, 2) and "Traceback" not in checked.stderr
    said = checked.stdout + checked.stderr
    assert "raid-and-ronin.toml: position: kato-cavalry: named 7 times, the deck has 4" in said
