"""Samurai Vassal scenarios: each from a stated position, the outcome worked out by hand from the
rulebook sentence quoted above it (seeds/002; RULINGS.md "Samurai Vassal" where it is silent)."""

from __future__ import annotations

import pytest

from pnp.catalog import cards_dir
from pnp.engine.notation import IllegalMove, NotationError
from pnp.games.samurai_vassal.module import SamuraiVassal
from pnp.model import load_game

SEATS = ["red", "blue", "green", "yellow", "purple", "black"]


@pytest.fixture(scope="module")
def game():  # type: ignore[no-untyped-def]
    return load_game(cards_dir() / "samurai-vassal")


def toml_value(v):  # type: ignore[no-untyped-def]
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f'{k} = {toml_value(x)}' for k, x in v.items()) + " }"
    return str(v).lower() if isinstance(v, bool) else str(v)


def scenario(game, plays, tables=None, trust=None, last=None, hands=None, options=(), npc=None, must=None,
             rounds=None):  # type: ignore[no-untyped-def]
    """Replay one round (or `rounds`) from a stated position; the transcript."""
    rounds = rounds or [plays]
    players = list(rounds[0])
    n = len(players)
    lines = ['game = "samurai-vassal"', f"players = {n}"]
    if options:
        lines.append(f"options = {toml_value(list(options))}")
    pos = {"round": 1}
    if tables:
        pos["tables"] = tables
    if trust:
        pos["trust"] = trust
    if last:
        pos["last"] = last
    if must:
        pos["must"] = must
    full = {p: ["party", "surveying", "fortressing", "war-drills", "invasion", "strategising"] for p in players}
    for p, t in (tables or {}).items():
        for c in t:
            full[p].remove(c.split()[0]) if c.split()[0] in full[p] else None
    for r in rounds:
        for p, c in r.items():
            if c not in full[p]:
                full[p].append(c)
    full.update(hands or {})
    pos["hands"] = full
    lines.append("[position]")
    lines += [f"{k} = {toml_value(v)}" for k, v in pos.items()]
    for r in rounds:
        lines.append("[[round]]")
        if npc:
            lines.append(f'npc = "{npc}"')
        lines += [f'{p} = "{c}"' for p, c in r.items()]
    return SamuraiVassal().replay(game, "\n".join(lines) + "\n", "scenario.toml")


def won(t):  # type: ignore[no-untyped-def]
    return set(t.rounds[-1].winners)


# ---- the rulebook's examples --------------------------------------------------------------

def test_majority_example(game):  # type: ignore[no-untyped-def]
    # "By examining the cards' convincing level, the majority win the round.
    #  Example: 3 Fortressing (convincing lv. 3) beats 2 War Drills (convincing lv. 4)."
    t = scenario(game, dict(zip(SEATS, ["fortressing"] * 3 + ["war-drills"] * 2)))
    assert won(t) == {"red", "blue", "green"} and t.rounds[0].rule == "majority"


def test_convincing_level_example(game):  # type: ignore[no-untyped-def]
    # "If there's a tie in the Majority rule, the higher convincing level among the tie win the round.
    #  Example: 2 Fortressing (lv. 3) beats 2 Surveying (lv. 2) and 1 War Drills (lv. 4)."
    t = scenario(game, dict(zip(SEATS, ["fortressing", "fortressing", "surveying", "surveying", "war-drills"])))
    assert won(t) == {"red", "blue"} and t.rounds[0].rule == "level"


def test_reject_example(game):  # type: ignore[no-untyped-def]
    # "Player A plays Cherry Blossom Party ... Player B plays Surveying, Player C plays Fortressing, and
    #  Players D and E each play Invasion (convincing level 5). Players D and E lose, and all others win."
    t = scenario(game, dict(zip(SEATS, ["party", "surveying", "fortressing", "invasion", "invasion"])))
    assert won(t) == {"red", "blue", "green"} and t.rounds[0].rule == "reject"


def test_trust_example(game):  # type: ignore[no-untyped-def]
    # "If you won in the previous round with Fortressing (1 trust point) and in this round with Surveying
    #  (2 trust points), you can get 3 trust points this round."
    t = scenario(game, {"red": "surveying", "blue": "party"}, tables={"red": ["fortressing"]},
                 trust={"red": 1})
    assert won(t) == {"red"} and t.state.trust == {"red": 4, "blue": 0}


# ---- the basic cards ------------------------------------------------------------------------

def test_loser_flips_every_card_and_gains_nothing(game):  # type: ignore[no-untyped-def]
    # "Flip all your cards on the table face down, and do not gain any trust point."
    t = scenario(game, {"red": "surveying", "blue": "fortressing", "green": "fortressing"},
                 tables={"red": ["fortressing", "surveying"]})
    assert t.state.tables["red"] == [["fortressing", False], ["surveying", False], ["surveying", False]]
    assert t.state.trust["red"] == 0


def test_face_down_cards_earn_nothing_later(game):  # type: ignore[no-untyped-def]
    # "Even if you win a round later on, these cards could not earn you any trust point."
    t = scenario(game, {"red": "surveying", "blue": "party"}, tables={"red": ["fortressing down"]})
    assert won(t) == {"red"} and t.state.trust["red"] == 2


def test_strategising_loses_and_returns_all(game):  # type: ignore[no-untyped-def]
    # "You lose this round. When this card is played, return all your cards (including this card) to
    #  your hand immediately."
    t = scenario(game, {"red": "strategising", "blue": "surveying"}, tables={"red": ["fortressing down", "invasion"]})
    assert won(t) == {"blue"} and t.state.tables["red"] == []
    assert sorted(t.state.hands["red"]) == sorted(["party", "surveying", "fortressing", "war-drills", "invasion",
                                                   "strategising"])


def test_war_drills_penalty(game):  # type: ignore[no-untyped-def]
    # "If you win this round, player(s) losing this round lose 1 trust points."
    t = scenario(game, {"red": "war-drills", "blue": "surveying"}, trust={"blue": 3})
    assert won(t) == {"red"} and t.state.trust == {"red": 0, "blue": 2}


def test_invasion_cancels_majority(game):  # type: ignore[no-untyped-def]
    # "Cancel majority rule. Card(s) with highest convincing level win the round."
    t = scenario(game, {"red": "invasion", "blue": "surveying", "green": "surveying"})
    assert won(t) == {"red"} and t.rounds[0].rule == "highest"


def test_party_without_target_is_no_reject(game):  # type: ignore[no-untyped-def]
    # "AND there is at least one suitable target card played in that round"
    t = scenario(game, {"red": "party", "blue": "surveying"})
    assert won(t) == {"blue"}


def test_strategising_never_counts_for_majority(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: "Strategising never counts towards a majority".
    t = scenario(game, {"red": "strategising", "blue": "strategising", "green": "surveying"})
    assert won(t) == {"green"}


def test_end_most_trust_then_most_cards_then_shared(game):  # type: ignore[no-untyped-def]
    # "the player with the most trust points wins ... In the case of a tie, the player with the most
    #  cards on the table is the winner. If it is still a tie, they share the victory!"
    t = scenario(game, {"red": "surveying", "blue": "surveying"}, trust={"red": 10, "blue": 10},
                 tables={"red": ["fortressing down"]})
    assert t.state.trust == {"red": 12, "blue": 12} and t.state.winners == ("red",)
    t = scenario(game, {"red": "surveying", "blue": "surveying"}, trust={"red": 10, "blue": 10})
    assert t.state.winners == ("red", "blue")


# ---- the characters -------------------------------------------------------------------------

CHAR_CASES = [
    # (card text quoted, plays, position extras, expected winners, expected trust)
    ("Date Masamune: If you win this round, player(s) losing this round lose 2 trust points.",
     {"red": "date-masamune", "blue": "surveying"}, {"trust": {"blue": 3}}, {"red"}, {"red": 0, "blue": 1}),
    ("Shima Sakon: If you win this round, player(s) losing this round lose 1 trust point.",
     {"red": "shima-sakon", "blue": "surveying"}, {"trust": {"blue": 3}}, {"red"}, {"red": 0, "blue": 2}),
    ("Maeda Toshiie: If player(s) with convincing level 2 wins, you win together with them.",
     {"red": "maeda-toshiie", "blue": "surveying", "green": "surveying"}, {}, {"red", "blue", "green"},
     {"red": 0, "blue": 2, "green": 2}),
    ("Naoe Kanetsugu: If you win ... you gain 1 trust point for each face-down card you have played.",
     {"red": "naoe-kanetsugu", "blue": "party"}, {"tables": {"red": ["invasion down", "fortressing down"]}},
     {"red"}, {"red": 2, "blue": 0}),
    ("Sanada Yukimura: no convincing level ... If you lose this round, all other player(s) lose 1 trust point.",
     {"red": "sanada-yukimura", "blue": "surveying"}, {"trust": {"blue": 1}}, {"blue"}, {"red": 0, "blue": 2}),
    ("Ishida Mitsunari: return all other cards you have played in front of you to your hand.",
     {"red": "ishida-mitsunari", "blue": "party"}, {"tables": {"red": ["surveying"]}}, {"red"},
     {"red": 0, "blue": 0}),
    ("Takenaka Hanbei: Cancel majority rule. Card(s) with highest convincing level win the round.",
     {"red": "takenaka-hanbei", "blue": "surveying", "green": "surveying"}, {}, {"red"},
     {"red": 0, "blue": 0, "green": 0}),
    ("Kuroda Kanbei: Cancel all card effect(s) ... victory only by the majority rule and convincing level.",
     {"red": "kuroda-kanbei", "blue": "party", "green": "invasion"}, {}, {"green"},
     {"red": 0, "blue": 0, "green": 1}),
    ("Matsu: If you win this round, you gain 4 trust points.",
     {"red": "matsu", "blue": "party"}, {}, {"red"}, {"red": 4, "blue": 0}),
    ("Nene: If player(s) with convincing level 5 wins, you win together with them.",
     {"red": "nene", "blue": "invasion"}, {}, {"red", "blue"}, {"red": 0, "blue": 1}),
    ("Tokugawa Ieyasu: Cancel majority ... If you win this round, you gain 2 trust points.",
     {"red": "tokugawa-ieyasu", "blue": "surveying", "green": "surveying"}, {}, {"red"},
     {"red": 2, "blue": 0, "green": 0}),
    ("Oda Nobunaga: ... you immediately flip all other cards you have played in front of you face-down.",
     {"red": "oda-nobunaga", "blue": "surveying"}, {"tables": {"red": ["surveying"]}}, {"red"},
     {"red": 0, "blue": 0}),
    ("Toyotomi Hideyoshi: Cancel majority rule ... (must play Strategising next round: see the illegal test)",
     {"red": "toyotomi-hideyoshi", "blue": "surveying", "green": "surveying"}, {}, {"red"},
     {"red": 0, "blue": 0, "green": 0}),
    ("Hattori Hanzo: 'Reject' character card(s) played by other player(s) this round.",
     {"red": "hattori-hanzo", "blue": "matsu", "green": "surveying"}, {}, {"red", "green"},
     {"red": 0, "blue": 0, "green": 2}),
    ("Sarutobi Sasuke: copies your last played card's convincing level and card effect(s). Trust value 1.",
     {"red": "sarutobi-sasuke", "blue": "surveying", "green": "surveying"}, {"last": {"red": "invasion"}},
     {"red"}, {"red": 1, "blue": 0, "green": 0}),
    ("Fuma Kotaro: All players lose this round.",
     {"red": "fuma-kotaro", "blue": "surveying"}, {}, set(), {"red": 0, "blue": 0}),
    ("Asano Nagamasa: If player(s) with convincing level 4 wins, you win together with them.",
     {"red": "asano-nagamasa", "blue": "war-drills"}, {}, {"red", "blue"}, {"red": 0, "blue": 0}),
    ("Kaihime: 'Reject' card(s) with convincing level 5 ... 'Reject' card(s) with convincing level 4.",
     {"red": "kaihime", "blue": "war-drills", "green": "invasion", "yellow": "surveying"}, {},
     {"red", "yellow"}, {"red": 0, "blue": 0, "green": 0, "yellow": 2}),
    ("Oichi: 'Reject' level 5 ... If you win this round, you gain 2 trust points.",
     {"red": "oichi", "blue": "invasion"}, {}, {"red"}, {"red": 2, "blue": 0}),
    ("Chacha: 'Reject' card(s) with convincing level 5 ...",
     {"red": "chacha", "blue": "invasion"}, {}, {"red"}, {"red": 0, "blue": 0}),
    ("Honda Tadakatsu: When this card is played, player(s) with the most trust point immediately lose 1.",
     {"red": "honda-tadakatsu", "blue": "surveying", "green": "surveying"}, {"trust": {"blue": 5, "green": 5}},
     {"blue", "green"}, {"red": 0, "blue": 6, "green": 6}),
    ("Takeda Shingen: If you win, losers lose 1 trust ... Cancel majority rule.",
     {"red": "takeda-shingen", "blue": "surveying", "green": "surveying"}, {"trust": {"blue": 1}}, {"red"},
     {"red": 0, "blue": 0, "green": 0}),
    ("Uesugi Kenshin: When this card is played, return your last played card to your hand immediately.",
     {"red": "uesugi-kenshin", "blue": "surveying"}, {"tables": {"red": ["surveying", "fortressing"]}}, {"red"},
     {"red": 2, "blue": 0}),
    ("Kato Kiyomasa: If you lose this round, all other player(s) lose 1 trust point.",
     {"red": "kato-kiyomasa", "blue": "war-drills", "green": "war-drills"}, {"trust": {"blue": 2, "green": 2}},
     {"blue", "green"}, {"red": 0, "blue": 1, "green": 1}),
    ("Fukushima Masanori: If player(s) with convincing level 4 wins, you win together with them.",
     {"red": "fukushima-masanori", "blue": "war-drills"}, {}, {"red", "blue"}, {"red": 0, "blue": 0}),
    ("Shibata Katsuie: player(s) with the most trust point immediately lose 1 trust point.",
     {"red": "shibata-katsuie", "blue": "party"}, {"trust": {"red": 4, "blue": 2}}, {"red"},
     {"red": 3, "blue": 2}),
    ("Akechi Mitsuhide: no convincing level. 'Reject' card(s) with convincing level 5.",
     {"red": "akechi-mitsuhide", "blue": "invasion", "green": "surveying"}, {}, {"red", "green"},
     {"red": 0, "blue": 0, "green": 2}),
    ("Nohime: 'Reject' level 5 ... flip all other cards you have played in front of you face-down.",
     {"red": "nohime", "blue": "invasion"}, {"tables": {"red": ["surveying"]}}, {"red"}, {"red": 0, "blue": 0}),
]


@pytest.mark.parametrize("text,plays,extra,winners,trust", CHAR_CASES, ids=[c[1]["red"] for c in CHAR_CASES])
def test_character(game, text, plays, extra, winners, trust):  # type: ignore[no-untyped-def]
    t = scenario(game, plays, **extra)
    assert won(t) == winners, text
    assert t.state.trust == trust, text


def test_every_character_has_a_scenario():  # type: ignore[no-untyped-def]
    from pnp.games.samurai_vassal.cards import CHARACTER_IDS
    assert sorted(c[1]["red"] for c in CHAR_CASES) == sorted(CHARACTER_IDS)


# ---- effects that meet ------------------------------------------------------------------------

def test_kuroda_blocks_reject(game):  # type: ignore[no-untyped-def]
    # Kuroda: "This effect takes precedence to block all other card effect(s) this round"
    t = scenario(game, {"red": "kuroda-kanbei", "blue": "party", "green": "invasion", "yellow": "invasion"})
    assert won(t) == {"green", "yellow"} and t.rounds[0].rule == "majority"


def test_kuroda_does_not_block_strategising(game):  # type: ignore[no-untyped-def]
    # "... except the effects of 'Strategising'."
    t = scenario(game, {"red": "kuroda-kanbei", "blue": "strategising"}, tables={"blue": ["surveying"]})
    assert won(t) == {"red"} and t.state.tables["blue"] == []


def test_kuroda_blocks_sasuke(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: "a blocked Sasuke has no level and loses".
    t = scenario(game, {"red": "sarutobi-sasuke", "blue": "kuroda-kanbei"}, last={"red": "invasion"})
    assert won(t) == {"blue"}


def test_sasuke_without_earlier_card_loses(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: "Sasuke with no earlier card to copy loses".
    t = scenario(game, {"red": "sarutobi-sasuke", "blue": "strategising"})
    assert won(t) == set()


def test_fuma_beats_reject(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: Fuma "overrides every win, Reject's 'all others win' included".
    t = scenario(game, {"red": "fuma-kotaro", "blue": "party", "green": "invasion"})
    assert won(t) == set()


def test_fuma_blocked_by_kuroda_loses(game):  # type: ignore[no-untyped-def]
    # "If its effect is blocked by Kuroda Kanbei, it will also lose the round as it has no convincing level."
    t = scenario(game, {"red": "fuma-kotaro", "blue": "kuroda-kanbei"})
    assert won(t) == {"blue"}


def test_nene_then_maeda_chain(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: win-together effects "chained as written (Nene wins, so Maeda wins through her level)".
    t = scenario(game, {"red": "invasion", "blue": "nene", "green": "maeda-toshiie"})
    assert won(t) == {"red", "blue", "green"}


def test_rejected_card_stays_a_loser_with_win_together(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: "a rejected card ... stays a loser even with a win-together effect".
    t = scenario(game, {"red": "hattori-hanzo", "blue": "nene", "green": "surveying"})
    assert won(t) == {"red", "green"}


def test_trust_netted_then_floored(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: "Trust changes of a round are netted, then floored at 0 ... stacked loss effects add up."
    t = scenario(game, {"red": "date-masamune", "blue": "war-drills", "green": "kato-kiyomasa"},
                 trust={"green": 2})
    # Date (3) and Kato (3) are the majority; Date wins, so blue (the loser) loses 2 from 0: floored at 0.
    assert won(t) == {"red", "green"}
    assert t.state.trust == {"red": 0, "blue": 0, "green": 2}


# ---- Middle Player mode ----------------------------------------------------------------------

def test_npc_card_counts_and_gains_nothing(game):  # type: ignore[no-untyped-def]
    # "The additional NPC card may affect the win/lose result ... NPC could win a round, but could not
    #  gain any trust point."
    t = scenario(game, {"red": "invasion", "blue": "surveying"}, options=["middle-player"], npc="surveying")
    assert won(t) == {"red"}
    t = scenario(game, {"red": "fortressing", "blue": "surveying"}, options=["middle-player"], npc="surveying")
    assert won(t) == {"blue", "green"} and "green" not in t.state.trust


# ---- refused games ---------------------------------------------------------------------------

def test_card_not_in_hand_is_refused(game):  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalMove) as e:
        scenario(game, {"red": "surveying", "blue": "surveying"}, hands={"red": ["party"]})
    assert e.value.rule == "not-in-hand"


def test_hideyoshi_forces_strategising(game):  # type: ignore[no-untyped-def]
    # "No matter you win or lose this round, you must play 'Strategising' next round."
    with pytest.raises(IllegalMove) as e:
        scenario(game, {}, rounds=[{"red": "toyotomi-hideyoshi", "blue": "surveying"},
                                   {"red": "surveying", "blue": "surveying"}])
    assert e.value.rule == "must-strategise" and "round 2, red" in str(e.value)


def test_kuroda_blocks_must_strategise(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: "Kuroda also blocks 'must play Strategising next round' effects."
    t = scenario(game, {}, rounds=[{"red": "chacha", "blue": "kuroda-kanbei"},
                                   {"red": "surveying", "blue": "surveying"}])
    assert len(t.rounds) == 2


def test_npc_card_must_be_left_in_deck(game):  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalMove) as e:
        scenario(game, {}, rounds=[{"red": "surveying", "blue": "surveying"}] * 2, options=["middle-player"],
                 npc="invasion")
    assert e.value.rule == "npc-card"


def test_samurai_keep_must_be_dealt(game):  # type: ignore[no-untyped-def]
    text = '''game = "samurai-vassal"
players = 2
options = ["samurai"]
[setup]
dealt = { red = ["nene", "oichi", "matsu"], blue = ["chacha", "kaihime", "nohime"] }
kept = { red = "chacha", blue = "nohime" }
[[round]]
red = "surveying"
blue = "surveying"
'''
    with pytest.raises(IllegalMove) as e:
        SamuraiVassal().replay(game, text, "s.toml")
    assert e.value.rule == "not-dealt"


def test_unknown_card_is_bad_notation(game):  # type: ignore[no-untyped-def]
    with pytest.raises(NotationError):
        scenario(game, {"red": "surveyng", "blue": "surveying"})
