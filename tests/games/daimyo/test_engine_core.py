"""Daimyo on the shared engine core: typed events the booklet reads by type, cards committed in
secret and revealed by priority, what view(player) may show, returns(), positions as tables,
and the shared notation rules (rounds numbered from 1, a card written twice refused)."""

import random

import pytest

from pnp.engine import Committed, Hidden, Revealed
from pnp.engine.notation import NotationError
from pnp.engine.position import HasPosition
from pnp.engine.state import same_view
from pnp.games.daimyo import booklet, notation
from pnp.games.daimyo.actions import PlayCards
from pnp.games.daimyo.events import (
    Alternative,
    Combat,
    Control,
    DaimyoRemoved,
    HanMoved,
    HanPlaced,
    MassRecruitment,
    MasteryRevealed,
    Morale,
    MovedBushi,
    MovedDaimyo,
    Ninja,
    NoEffect,
    Recruited,
    ReserveTaken,
    Retreat,
    RoninHired,
    Treachery,
)
from pnp.games.daimyo.rules import DaimyoState
from pnp.games.daimyo.state import Options, Rules
from pnp.model import load_game
from pnp.paths import cards_dir

GAME = load_game(cards_dir() / "daimyo")
SAMPLES = sorted((cards_dir() / "daimyo" / "samples").glob("*.toml"))


def scenario(units: str, green: str, red: str, hand: str, mastery: str = "") -> str:
    """Two clans from a stated position with the special and mastery rules."""
    return ('game = "daimyo"\nplayers = 2\nadvanced = ["balanced", "special", "mastery"]\n\n[position]\n'
            f"{units}\nhand = {hand}\n{mastery}\n\n[[round]]\ngreen = {green}\nred = {red}\n")


SPECIAL_HAND = '{{ green = ["{}", "B2"], red = ["B1", "B4"] }}'
SCENARIOS = {
    "alternative": scenario('n2 = "green 2"\nn1 = "red 3"\ng3 = "green D"\nr3 = "red D"',
                            '["F1: alternative n2 n1 r1", "B2: recruit"]', '["B1: recruit", "B4: recruit"]',
                            SPECIAL_HAND.format("F1")),
    "ninja": scenario('r3 = "red D+3"\ng1 = "green 1"\ng3 = "green D"', '["F2: ninja red", "B2: recruit"]',
                      '["B1: recruit", "B4: recruit"]', SPECIAL_HAND.format("F2")),
    "ronin": scenario('g1 = "green 1"\ng3 = "green D"\nr3 = "red D"', '["F3: ronin", "B2: recruit"]',
                      '["B1: recruit", "B4: recruit"]', SPECIAL_HAND.format("F3")),
    "treachery": scenario('n2 = "red 2"\ng2 = "green 1"\ng3 = "green D"\nr3 = "red D"',
                          '["F5: treachery n2 g2", "B2: recruit"]', '["B1: recruit", "B4: recruit"]',
                          SPECIAL_HAND.format("F5")),
    "retreat": scenario('g3 = "green D+2"\nn1 = "red 1"\ng2 = "red 1"\nr3 = "red D"',
                        '["F6: retreat g3-g1", "B2: recruit"]', '["B1: recruit", "B4: recruit"]',
                        SPECIAL_HAND.format("F6")),
    "morale": scenario('n1 = "red 4"\ng1 = "green 1"\ng3 = "green D"\nr3 = "red D"', '["F7: morale n1", "B2: recruit"]',
                       '["B1: recruit", "B4: recruit"]', SPECIAL_HAND.format("F7")),
    "daimyo-falls": scenario('g2 = "red 2"\ng1 = "green 1"\ng3 = "green D"\nr3 = "red D"', '["B2", "B3"]',
                             '["A2: g2-g3", "B1"]', '{ green = ["B2", "B3"], red = ["A2", "B1"] }'),
    "cavalry": scenario('g1 = "green 2"\ng3 = "green D"\nr3 = "red D"', '["A1: g1-n1-n2 x1", "B2: recruit"]',
                        '["B1: recruit", "B4: recruit"]', '{ green = ["A1", "B2"], red = ["B1", "B4"] }',
                        'mastery = { green = "kihei" }'),
}

# What each kind of event must make the booklet say on its step's panel.
SAYS = {
    MovedBushi: lambda e: f"moves {e.count} Bushi from {e.src} to {e.dst}" + (f" through {e.via}" if e.via else ""),
    MovedDaimyo: lambda e: f"moves its Daimyo from {e.src} to {e.dst}",
    Recruited: lambda e: f"recruits a Bushi on {e.tile}",
    HanPlaced: lambda e: f"adds the neutral Han {e.tile} to the map",
    HanMoved: lambda e: f"lifts the empty Han {e.tile}",
    NoEffect: lambda e: "cannot carry this card out",
    Combat: lambda e: {"attacker": "wins the fight", "defender": f"holds {e.tile}",
                       "tie": f"A tie: every piece on {e.tile} is removed"}[e.winner],
    DaimyoRemoved: lambda e: f"The {e.owner} Daimyo has fallen",
    MasteryRevealed: lambda e: "reveals its Mastery" + (": Master of Cavalry" if e.mastery == "kihei" else ""),
    Alternative: lambda e: f"gives up a Bushi on {e.sacrificed} and pushes {e.count}",
    Ninja: lambda e: f"Ninja Attack: {e.removed} Bushi guarding",
    RoninHired: lambda e: f"hires {e.ronin} Rōnin on {e.tile}",
    MassRecruitment: lambda e: f"Mass Recruitment: new {e.clan} Bushi on " + ", ".join(e.tiles),
    Treachery: lambda e: f"Treachery on {e.tile}: a {e.victim} Bushi goes home" + (
        f" and a {e.clan} Bushi enters {e.placed}" if e.placed else ""),
    Retreat: lambda e: "Strategic Retreat: " + ", ".join(f"{a} to {b}" for a, b in e.moves),
    Morale: lambda e: f"Breakdown of Morale on {e.tile}: {e.removed}",
}


@pytest.fixture(scope="module")
def walkthroughs():
    texts = [p.read_text(encoding="utf-8") for p in SAMPLES] + list(SCENARIOS.values())
    out = []
    for text in texts:
        t = notation.replay(text, GAME)
        out.append((t, booklet.panels_for(GAME, t, "en")))
    return out


@pytest.mark.parametrize("kind", list(SAYS), ids=lambda k: k.__name__)
def test_the_booklet_reads_each_typed_event(kind, walkthroughs):
    seen = 0
    for t, pages in walkthroughs:
        for log, page in zip(t.rounds, pages):
            for step, panel in zip(log.steps, page.panels):
                for e in step.events:
                    if type(e) is kind:
                        seen += 1
                        assert SAYS[kind](e) in panel.sentence, (e, panel.sentence)
    assert seen, f"no scenario shows a {kind.__name__} event"


def test_round_events_reach_the_booklet(walkthroughs):
    taken = control = 0
    for t, pages in walkthroughs:
        for log, page in zip(t.rounds, pages):
            for e in log.events:
                if isinstance(e, ReserveTaken):
                    taken += 1
                    assert f"{e.clan.capitalize()} {' + '.join(e.cards)}" in " ".join(page.intro)
                if isinstance(e, Control):
                    control += 1
                    assert f"{e.bushi} Bushi on " in page.panels[-1].sentence
    assert taken and control


def test_events_keep_their_kind_names_and_fields():
    e = Treachery("green", "F5", 2, tile="n2", victim="red")
    assert (e.kind, e["tile"], e.data["special"], e.narration()) == ("special", "n2", "treachery",
                                                                    {"tile": "n2", "victim": "red"})
    assert NoEffect("red", "C1", 1, "daimyo-move")["effect"] == "daimyo-move"


# -- everyone commits, then reveal and resolve by priority ------------------------------------


def test_cards_are_committed_in_secret_then_revealed_in_priority_order():
    s = DaimyoState(Rules(GAME, Options(players=3, balanced=True)))
    d = s.decision()
    assert d.kind == "play" and d.secret and d.players == ("green", "red", "yellow")
    events = s.apply_action(PlayCards(("D2", "A1")))
    assert events == [Committed("green")]
    assert s.view("red").table == {"green": Hidden()} and s.view("green").table == {"green": ("A1", "D2")}
    assert s.decision().players == ("red", "yellow")
    s.apply_action(PlayCards(("B2", "A2")))
    reveal = s.apply_action(PlayCards(("C1", "A3")))[-1]
    assert isinstance(reveal, Revealed)
    assert reveal.of("green") == ("A1", "D2") and s.view("red").table["green"] == ("A1", "D2")
    # letter first, then number: every A before B, A1 < A2 < A3
    assert [c for c, _ in reveal.order] == ["A1", "A2", "A3", "B2", "C1", "D2"] == [c for c, _ in s.queue]


# -- what a player may see -------------------------------------------------------------------


def strings(value) -> set[str]:
    """Every text inside a view (dataclass, dicts, tuples, sets)."""
    if isinstance(value, str):
        return {value}
    if hasattr(value, "__dataclass_fields__"):
        return set().union(*(strings(getattr(value, f)) for f in value.__dataclass_fields__))
    if isinstance(value, dict):
        return set().union(*(strings(k) | strings(v) for k, v in value.items())) if value else set()
    if isinstance(value, (tuple, list, set, frozenset)):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def secrets_from(s: DaimyoState, player: str) -> set[str]:
    """What `player` must not learn: other hands, face-down cards, unrevealed Mastery cards."""
    out = set()
    for clan in s.players:
        if clan == player:
            continue
        out |= s.hand[clan]
        if not s.commits.is_revealed and s.commits.own(clan):
            out |= set(s.commits.own(clan))
        if s.mastery[clan] and clan not in s.revealed:
            out.add(s.mastery[clan])
    return out


def check_views(s: DaimyoState) -> None:
    unused = sorted(set(s.rules.cards) - set(s.cards_in_play))
    for player in s.players:
        view = s.view(player)
        assert view.hand == tuple(s.sorted_cards(s.hand[player]))
        assert not strings(view) & secrets_from(s, player), player
        for other in s.players:
            if other == player:
                continue
            # another clan's hand changed: the player cannot tell
            if s.hand[other] and unused:
                changed = s.clone()
                changed.hand[other] = set(s.hand[other])
                changed.hand[other].discard(min(s.hand[other]))
                changed.hand[other].add(unused[0])
                assert same_view(s, changed, player)
                assert not same_view(s, changed, other)
            # another clan's face-down cards changed: the player cannot tell before the reveal
            played = s.commits.own(other)
            if played and not s.commits.is_revealed and unused:
                changed = s.clone()
                changed.commits.clear()
                for clan in s.players:
                    mine = s.commits.own(clan)
                    if mine is not None:
                        changed.commits.commit(clan, (unused[0], played[1]) if clan == other else mine)
                assert same_view(s, changed, player)


@pytest.mark.parametrize("players,advanced", [(2, {}), (3, {"special": True, "mastery": True}),
                                              (4, {"special": True, "mastery": True, "teams": True})])
@pytest.mark.slow
def test_views_hide_other_hands_and_face_down_cards_at_every_step(players, advanced):
    for seed in range(3):
        s = DaimyoState(Rules(GAME, Options(players=players, seed=seed, round_cap=8, **advanced)))
        rng = random.Random(seed)
        check_views(s)
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            check_views(s)


def test_own_mastery_is_shown_and_others_hidden_until_revealed():
    s = DaimyoState(Rules(GAME, Options(players=2, balanced=True, mastery=True)))
    s.mastery = {"green": "heiho", "red": "bobi"}
    assert s.view("green").mastery == {"green": "heiho", "red": Hidden()}
    s.revealed.add("red")
    assert s.view("green").mastery == {"green": "heiho", "red": "bobi"}
    with pytest.raises(ValueError, match="purple is not a clan"):
        s.view("purple")


# -- returns --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_returns_for_every_player(players):
    s = DaimyoState(Rules(GAME, Options(players=players, balanced=True)))
    assert s.players == s.rules.clans and len(s.players) == players
    assert s.returns() == {c: 0 for c in s.players}
    s.winner = s.players[1]
    assert s.returns() == {c: (1 if c == s.players[1] else -1) for c in s.players}


def test_returns_in_team_play_reward_both_allies():
    s = DaimyoState(Rules(GAME, Options(players=4, balanced=True, teams=True)))
    s.winner = "yellow"    # seats 1 and 3 against 2 and 4
    assert s.returns() == {"green": 1, "red": -1, "yellow": 1, "blue": -1}


# -- positions as the engine's tables ---------------------------------------------------------


def test_positions_follow_the_engine_contract():
    text = SAMPLES[0].read_text(encoding="utf-8")
    head, _, rest = text.partition("[[round]]")
    state = notation.replay(head + "[[round]]" + rest.partition("[[round]]")[0], GAME).state
    positioned: HasPosition = state   # the engine's contract, checked by type
    table = positioned.position()
    assert table == notation.position_table(state) and table["round"] == 2
    fresh = notation.replay(head, GAME).state
    fresh.set_position(table, "test")
    assert fresh.position() == table and fresh.legal_actions() == state.legal_actions()
    with pytest.raises(NotationError, match=r"^test: position\.n1: "):
        fresh.set_position({"n1": "lots"}, "test")


# -- the shared notation rules ----------------------------------------------------------------

HEAD = 'game = "daimyo"\nplayers = 2\nadvanced = ["balanced"]\n'
ROUND = '[[round]]\ngreen = ["A1: g1-n1", "B2: recruit"]\nred = ["A2: r1-n2", "B1: recruit"]\n'


@pytest.mark.parametrize("text,message", [
    (HEAD + ROUND.replace("[[round]]", "[[round]]\nfoo = 1"), "f.toml: round 1, foo: unknown key"),
    (HEAD + ROUND + ROUND.replace("[[round]]", "[[round]]\nfoo = 1"), "f.toml: round 2, foo: unknown key"),
    (HEAD + ROUND + '[[round]]\ngreen = ["A4: g1-n1", 7]\n', "f.toml: round 2, green[1]: expected"),
    (HEAD + ROUND + 'expect = { x9 = "red 1" }\n', "f.toml: round 1, expect.x9: no Han of that name"),
    (HEAD + '[position]\nround = 3\ng3 = "green D"\nr3 = "red D"\n' + ROUND.replace("[[round]]", "[[round]]\nfoo = 1"),
     "f.toml: round 3, foo: unknown key"),
    (HEAD + ROUND + "[end]\nwho = 1\n", "f.toml: end.who: unknown key"),
    ("", "f.toml: (file): empty"),
])
def test_notation_messages_number_rounds_from_1(text, message):
    with pytest.raises(NotationError) as err:
        notation.replay(text, GAME, "f.toml")
    assert str(err.value).startswith(message), str(err.value)


@pytest.mark.parametrize("green", ['["A1: g1-n1", "A1: g1-n1"]', '["A1: g1-n1", "a1: pass"]'])
def test_a_card_written_twice_in_one_round_is_refused(green):
    text = HEAD + f'[[round]]\ngreen = {green}\nred = ["A2: r1-n2", "B1: recruit"]\n'
    with pytest.raises(NotationError, match=r"^f\.toml: round 1, green: card A1 is written twice"):
        notation.replay(text, GAME, "f.toml")
