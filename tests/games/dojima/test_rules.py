"""Dôjima rules checked on states built in Python: hidden information, the first-player card, the
Imperial's once-a-round limit, the two-player pyramid, positions, and the data read from cards.toml.
Each rule is stated in our words between « »."""

import random
import shutil

import pytest

from pnp.engine.core import Illegal
from pnp.engine.state import Hidden, same_view
from pnp.games.dojima.rules import (
    IMPERIAL,
    RECOMMENDED,
    SABOTEUR,
    DojimaState,
    Recorded,
    Rules,
    field_effect,
    neighbours,
    new_game,
)
from pnp.model import load_game
from tests.conftest import run_pnp

from .helpers import FOLDER, GAME, MODULE


def rules():
    return Rules.of(GAME)


def play_until(state, kind, rng=None, choose=None):
    """Play random legal actions (or `choose`) until a decision of `kind` is due."""
    rng = rng or random.Random(0)
    while not state.is_terminal() and state.decision().kind != kind:
        legal = state.legal_actions()
        state.apply_action(choose(state, legal) if choose else rng.choice(legal))
    return state


def test_fields_one_and_six_are_not_neighbours():
    """« Adjacent fields are one above and one below the active number; 1 and 6 do not touch. »"""
    assert neighbours(1) == (2,) and neighbours(6) == (5,)
    assert field_effect(6, 1) == "empty" and field_effect(1, 6) == "empty"
    assert [field_effect(w, 1) for w in range(1, 7)] == ["active", "adjacent", "empty", "empty", "empty", "empty"]


def test_the_deck_has_one_advisor_more_than_players_and_is_read_from_the_data():
    """RULINGS.md: « exactly players + 1 advisors »; two players use six, never the Imperial."""
    r = rules()
    assert set(r.advisors) == {"sow-advisor", "water-advisor", "market-advisor", "saboteur", "sake-seller",
                               "beggar", "imperial"}
    assert r.workers["red"] == {"sower": "sower-red", "waterer": "waterer-red", "merchant": "merchant-red"}
    for n in range(3, 7):
        assert len(RECOMMENDED[n]) == n + 1
    assert len(RECOMMENDED[2]) == 6 and IMPERIAL not in RECOMMENDED[2]


def test_the_draft_passes_left_and_the_last_player_chooses_between_two():
    """« The first player keeps one advisor and lays another face down; the deck goes left; the last
    player picks between the card left over and the face-down one, and lays the other face down. »"""
    s = new_game(rules(), 4, first="green", seed=3)
    order = []
    while s.phase == "draft":
        d = s.decision()
        order.append((d.player, d.kind))
        if d.kind == "draft-first":
            assert len(s.legal_actions()) == 5 * 4
            s.apply_action("keep sow-advisor hide saboteur")
        elif d.kind == "draft-last":
            assert s.legal_actions() == ["keep saboteur", "keep water-advisor"]
            s.apply_action("keep saboteur")
        else:
            s.apply_action({"yellow": "keep imperial", "red": "keep market-advisor"}[d.player])
    assert order == [("green", "draft-first"), ("yellow", "draft"), ("red", "draft"), ("blue", "draft-last")]
    assert s.hand["blue"] == "saboteur" and s.hidden == "water-advisor"


def test_a_player_never_sees_another_players_advisor_or_cards_before_they_turn_up():
    """« Advisors in hand, the face-down advisor and the cards laid on the dice are secret until
    revealed; dice and tracks are public. » Two games that differ only in blue's and green's
    advisors look the same to red, the first player, who saw the deck but not who took what."""
    s = new_game(rules(), 4, first="red", seed=5)
    s.apply_action("keep sow-advisor hide saboteur")
    s.apply_action("keep water-advisor")        # blue
    s.apply_action("keep market-advisor")       # green
    s.apply_action("keep imperial")             # yellow, last
    other = s.clone()
    other.hand["blue"], other.hand["green"] = s.hand["green"], s.hand["blue"]
    assert same_view(s, other, "red")
    assert not same_view(s, other, "blue")
    v = s.view("red")
    assert v.hand == "sow-advisor" and v.hid == "saboteur"
    assert all(isinstance(x, Hidden) for x in v.others.values())
    assert s.view("yellow").hid is None and "saboteur" in s.view("yellow").offered
    play_until(s, "assign")
    s.apply_action(s.legal_actions()[0])        # red lays its cards
    assert s.view("blue").laid == {} and "red" in s.view("blue").committed
    assert s.view("red").laid


def test_the_bot_decides_from_its_own_view_only():
    """Changing what red may not know (blue's and green's advisors) does not change red's choice."""
    s = new_game(rules(), 4, first="red", seed=8)
    for action in ("keep market-advisor hide imperial", "keep water-advisor", "keep sow-advisor", "keep saboteur"):
        s.apply_action(action)
    play_until(s, "assign")
    other = s.clone()
    other.hand["blue"], other.hand["green"] = s.hand["green"], s.hand["blue"]
    for seed in range(10):
        assert MODULE.bot_action(s, random.Random(seed)) == MODULE.bot_action(other, random.Random(seed))


@pytest.mark.parametrize("saboteur,first", [("blue", "blue"), (None, "green")])
def test_first_player_goes_to_the_saboteur_or_to_the_left(saboteur, first):
    """« Whoever chose the Saboteur is first next round; if nobody did, the card goes left. »"""
    s = new_game(rules(), 4, first="blue", seed=2)
    s.apply_action("keep sow-advisor hide saboteur" if saboteur is None else "keep saboteur hide imperial")
    play_until(s, "draft-first")
    assert s.first == first


def test_two_players_alternate_first_player_whoever_places_the_saboteur():
    """« With two players the first-player card changes hands every round; the Saboteur has no
    say. »"""
    s = new_game(rules(), 2, first="red", seed=4)
    firsts = []
    rng = random.Random(1)
    for _ in range(6):
        firsts.append(s.first)
        rnd = s.round
        while s.round == rnd and not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
    assert firsts == ["red", "blue"] * 3


def test_the_pyramid_turns_cards_up_as_the_cards_under_them_get_dice():
    """RULINGS.md: « a face-down card turns up once both cards under it carry a die; dice go only to
    face-up cards ». Also: red's view shows the face-down cards as Hidden."""
    s = new_game(rules(), 2, first="red", seed=11)
    play_until(s, "pick")
    v = s.view("red")
    assert [isinstance(c, Hidden) for c in v.pyramid] == [True, True, True, False, False, False]
    bottom = s.pyramid[3:]
    assert all(a.split()[1] in bottom for a in s.legal_actions())
    s.apply_action(f"{s.free_dice[0]} {s.pyramid[3]}")
    s.apply_action(f"{s.free_dice[0]} {s.pyramid[4]}")
    assert s.up == [False, True, False, True, True, True]
    s.apply_action(f"{s.free_dice[0]} {s.pyramid[5]}")
    s.apply_action(f"{s.free_dice[0]} {s.pyramid[1]}")
    assert not s.up[0]
    s.apply_action(f"{s.free_dice[0]} {s.pyramid[2]}")
    assert s.up[0] and s.legal_actions() == [f"{s.free_dice[0]} {s.pyramid[0]}"]


def test_the_imperial_moves_one_worker_once_a_round():
    """RULINGS.md: « the Imperial moves one of its holder's own workers, before that worker's step,
    once a round »: after the Sower moved, the holder is not asked again that round."""
    s = new_game(rules(), 3, first="red", seed=6)
    for action in ("keep imperial hide market-advisor", "keep sow-advisor", "keep water-advisor"):
        s.apply_action(action)
    asked = []

    def choose(state, legal):
        d = state.decision()
        if d.kind == "imperial":
            asked.append(d.card)
            return "imperial sower"
        return legal[0]
    play_until(s, "draft-first", choose=choose)
    assert asked == ["sow-advisor"]
    moved = [e for e in s.history[0].events if e.kind == "imperial"]
    assert len(moved) == 1 and moved[0].player == "red" and moved[0].role == "sower"


def imperial_round(choose):
    """Three players, fixed dice: red keeps the Imperial and hides the Market Advisor, blue keeps the
    Sow Advisor, green the Water Advisor; the Market Advisor lies on the black die, 4. Red: Imperial 5,
    Sower 2, Waterer 1, Merchant 3; blue: Sow Advisor 2; green: Water Advisor 5. `choose(state)` answers
    each of red's Imperial decisions; every Merchant makes no sale."""
    s = DojimaState(rules(), ("red", "blue", "green"), "red", Recorded())
    s.dice_source.queue = {("black",): (4,), ("workers", "red"): (1, 2, 3, 5), ("workers", "blue"): (2, 3, 4, 6),
                           ("workers", "green"): (1, 2, 5, 6)}
    s.begin()
    for action in ("keep imperial hide market-advisor", "keep sow-advisor", "keep water-advisor",
                   "imperial 5, sower 2, waterer 1, merchant 3", "sow-advisor 2, sower 3, waterer 4, merchant 6",
                   "water-advisor 5, sower 1, waterer 6, merchant 2"):
        s.apply_action(action)
    asked = []
    while s.round == 1:
        d = s.decision()
        if d.kind == "imperial":
            asked.append((d.card, sorted(s.legal_actions())))
            s.apply_action(choose(s))
        else:
            assert d.kind == "sell"
            s.apply_action("no sale")
    return s, asked


def test_the_imperial_may_move_a_worker_of_a_later_step():
    """RULINGS.md: « Imperial, which worker: any one of its holder's own workers whose step has not yet
    resolved, to any field, even a worse one; the worker then earns what its new field gives. »
    As the Sow Advisor (2) turns up, red may move its Sower, Waterer or Merchant. It moves the Waterer
    from 1 (empty for the Water Advisor on 5: it would lose 3 water) to the Imperial's field, 5, which
    the Water Advisor makes active: 6 + 1 = 7 water. Red's Sower stays on 2, the Sow Advisor's field:
    2 + 3 = 5 rice. The move is used: red is not asked again at the Water and Market Advisors."""
    s, asked = imperial_round(lambda s: "imperial waterer")
    assert asked == [("sow-advisor", ["imperial merchant", "imperial sower", "imperial waterer", "pass"])]
    assert s.water["red"] == 7 and s.rice["red"] == 5
    moved = [e for e in s.history[0].events if e.kind == "imperial"]
    assert [(e.role, e.src, e.dst) for e in moved] == [("waterer", 1, 5)]


def test_the_imperial_may_move_a_worker_to_a_worse_field():
    """RULINGS.md: « ... to any field, even a worse one; the worker then earns what its new field
    gives. » Red moves its Sower from 2 (the Sow Advisor's field: 3 rice) to the Imperial's field, 5,
    three fields away: empty, so red grows nothing and keeps 2 rice. Its Waterer, left on 1, is on an
    empty field for the Water Advisor (5): 6 - 3 = 3 water."""
    s, _asked = imperial_round(lambda s: "imperial sower")
    assert s.rice["red"] == 2 and s.water["red"] == 3


def test_the_imperial_cannot_move_a_worker_already_paid():
    """RULINGS.md: « any one of its holder's own workers whose step has not yet resolved ». Red passes at
    the Sow Advisor; as the Water Advisor turns up the Sower has been paid: only the Waterer and the
    Merchant may move, and naming the Sower is refused."""
    refused = []

    def choose(s):
        if s.step == "sow-advisor":
            return "pass"
        with pytest.raises(Illegal) as exc:
            s.apply_action("imperial sower")
        refused.append((exc.value.rule, exc.value.reason))
        return "pass"

    s, asked = imperial_round(choose)
    assert [card for card, _legal in asked] == ["sow-advisor", "water-advisor", "market-advisor"]
    assert asked[1][1] == ["imperial merchant", "imperial waterer", "pass"]
    assert asked[2][1] == ["imperial merchant", "pass"]
    assert refused[0][0] == "imperial-holder" and "the sower was paid in its own step" in refused[0][1]
    assert s.water["red"] == 3 and s.rice["red"] == 5          # nothing moved


def test_a_position_round_trips():
    s = new_game(rules(), 5, seed=9)
    play_until(s, "draft-first", rng=random.Random(4))
    table = s.position()
    other = DojimaState(rules(), s.players, None, None, frozenset())
    other.set_position(table, "p.toml")
    assert other.position() == table


def test_seats_and_cards_come_from_the_game_folder(tmp_path):
    """Rename the red colour in the data: the game, its notation and its cards follow."""
    folder = tmp_path / "dojima"
    shutil.copytree(FOLDER, folder)
    for name in ("game.toml", "cards.toml"):
        path = folder / name
        path.write_text(path.read_text().replace('"red"', '"crimson"').replace("-red\"", "-crimson\""))
    game = load_game(folder)
    r = Rules.of(game)
    assert r.colours[0] == "crimson" and r.workers["crimson"]["sower"] == "sower-crimson"
    state = MODULE.play(game, MODULE.settings(game, 3, (), seed=2))
    assert state.over and "crimson" in state.players
    res = run_pnp("play", folder, "--players", "3", "--seed", "2", "--out", tmp_path / "g.toml")
    assert res.returncode == 0, res.stderr
    text = (tmp_path / "g.toml").read_text()
    assert "crimson = " in text and "red" not in text.replace("Red", "")


def test_a_saboteur_nobody_chose_acts_on_the_black_die():
    """RULINGS.md: « a Saboteur nobody chose is turned up by the last player on the black die in its
    step and acts there ». The event names the last player as the one who turns it up."""
    s = new_game(rules(), 4, first="red", seed=12)
    s.apply_action("keep sow-advisor hide saboteur")
    s.apply_action("keep water-advisor")
    s.apply_action("keep market-advisor")
    s.apply_action("keep imperial")
    play_until(s, "draft-first", rng=random.Random(2))
    shown = [e for e in s.history[0].events if e.kind == "advisor" and e.card == SABOTEUR]
    assert shown and shown[0].owner is None and shown[0].by == "yellow" and shown[0].field == s.history[0].black


@pytest.mark.parametrize("players,options", [(2, ()), (4, ()), (5, ("dice-first",))])
def test_views_hide_what_is_secret_at_every_step_of_random_games(players, options):
    """At every step: another player's advisor shows only once it lies face up on the table, a
    player sees only their own laid cards before the reveal, and the pyramid's face-down cards are
    Hidden. A determinized copy for the player to act (`pnp simulate --policy mcts`) looks the same
    to that player and offers the same choices."""
    for seed in range(4):
        s = MODULE.new_state(GAME, MODULE.settings(GAME, players, options, seed))
        rng = random.Random(seed)
        while not s.is_terminal():
            for p in s.players:
                v = s.view(p)
                face_up = {card for _o, card, _f in s.table}
                for shown in v.others.values():
                    assert isinstance(shown, Hidden) or shown in face_up
                assert v.laid == (dict(s.laid.own(p)) if s.laid.own(p) else {})
                for i, card in enumerate(v.pyramid):
                    assert isinstance(card, Hidden) != s.up[i]
            d = s.decision()
            world = s.determinize(d.player, random.Random(seed))
            assert world.view(d.player) == s.view(d.player)
            assert sorted(world.legal_actions()) == sorted(s.legal_actions())
            s.apply_action(rng.choice(s.legal_actions()))


def test_simulate_labels_the_advisors_drafted_and_the_sales():
    s = new_game(rules(), 3, first="red", seed=1)
    assert s.action_labels("keep imperial hide sow-advisor") == ["imperial"]
    s.apply_action("keep imperial hide sow-advisor")
    assert s.action_labels("keep water-advisor") == ["water-advisor"]


def test_too_few_ryo_tokens_in_the_folder_is_a_definition_error(tmp_path):
    """The box must hold what a game can pay: three reserves of 8 and up to 12 more a season."""
    folder = tmp_path / "dojima"
    shutil.copytree(FOLDER, folder)
    pieces = folder / "pieces.toml"
    text = pieces.read_text()
    assert 'id = "ryo-3"' in text
    pieces.write_text(text.replace('id = "ryo-3"', 'id = "coin-3"'))
    res = run_pnp("check", folder)
    assert res.returncode == 2
    assert "the Ryô tokens add up to" in res.stdout + res.stderr
    assert "Traceback" not in res.stderr
