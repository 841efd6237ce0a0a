"""Samurai Vassal scenarios: each from a stated position, the outcome worked out by hand from the
rule summarised above it (rulebook, seeds/002; RULINGS.md "Samurai Vassal" where it is silent)."""

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
    # Rulebook, majority rule and its example: «the level laid by the most cards takes the round», so
    # three Fortressing (level 3) outnumber two War Drills (level 4).
    t = scenario(game, dict(zip(SEATS, ["fortressing"] * 3 + ["war-drills"] * 2)))
    assert won(t) == {"red", "blue", "green"} and t.rounds[0].rule == "majority"


def test_convincing_level_example(game):  # type: ignore[no-untyped-def]
    # Rulebook, convincing-level rule and its example: «when the largest groups are equal in size, the
    # higher level among them wins»; two Fortressing (3) beat two Surveying (2), the lone War Drills (4) loses.
    t = scenario(game, dict(zip(SEATS, ["fortressing", "fortressing", "surveying", "surveying", "war-drills"])))
    assert won(t) == {"red", "blue"} and t.rounds[0].rule == "level"


def test_reject_example(game):  # type: ignore[no-untyped-def]
    # Rulebook, Reject example: «a Reject with a target makes the targets lose and every other card win».
    # With Party, Surveying, Fortressing and two Invasions (level 5), the Invasions lose, the other three win.
    t = scenario(game, dict(zip(SEATS, ["party", "surveying", "fortressing", "invasion", "invasion"])))
    assert won(t) == {"red", "blue", "green"} and t.rounds[0].rule == "reject"


def test_trust_example(game):  # type: ignore[no-untyped-def]
    # Rulebook, trust example: «a winner scores every face-up card in front of them», so an earlier
    # Fortressing (1) plus this round's Surveying (2) earns 3.
    t = scenario(game, {"red": "surveying", "blue": "party"}, tables={"red": ["fortressing"]},
                 trust={"red": 1})
    assert won(t) == {"red"} and t.state.trust == {"red": 4, "blue": 0}


# ---- the basic cards ------------------------------------------------------------------------

def test_loser_flips_every_card_and_gains_nothing(game):  # type: ignore[no-untyped-def]
    # Rulebook, losing a round: «the loser turns all their table cards face down and scores nothing».
    t = scenario(game, {"red": "surveying", "blue": "fortressing", "green": "fortressing"},
                 tables={"red": ["fortressing", "surveying"]})
    assert t.state.tables["red"] == [["fortressing", False], ["surveying", False], ["surveying", False]]
    assert t.state.trust["red"] == 0


def test_face_down_cards_earn_nothing_later(game):  # type: ignore[no-untyped-def]
    # Rulebook: «cards already turned face down never score again, even on a later win».
    t = scenario(game, {"red": "surveying", "blue": "party"}, tables={"red": ["fortressing down"]})
    assert won(t) == {"red"} and t.state.trust["red"] == 2


def test_strategising_loses_and_returns_all(game):  # type: ignore[no-untyped-def]
    # Rulebook, card 'Strategising': «its player loses the round and at once takes every table card,
    # Strategising included, back into hand».
    t = scenario(game, {"red": "strategising", "blue": "surveying"}, tables={"red": ["fortressing down", "invasion"]})
    assert won(t) == {"blue"} and t.state.tables["red"] == []
    assert sorted(t.state.hands["red"]) == sorted(["party", "surveying", "fortressing", "war-drills", "invasion",
                                                   "strategising"])


def test_war_drills_penalty(game):  # type: ignore[no-untyped-def]
    # Rulebook, card 'War Drills': «when it wins, each loser of the round drops 1 trust».
    t = scenario(game, {"red": "war-drills", "blue": "surveying"}, trust={"blue": 3})
    assert won(t) == {"red"} and t.state.trust == {"red": 0, "blue": 2}


def test_invasion_cancels_majority(game):  # type: ignore[no-untyped-def]
    # Rulebook, card 'Invasion': «the majority rule is switched off and the top level present wins».
    t = scenario(game, {"red": "invasion", "blue": "surveying", "green": "surveying"})
    assert won(t) == {"red"} and t.rounds[0].rule == "highest"


def test_party_without_target_is_no_reject(game):  # type: ignore[no-untyped-def]
    # Rulebook, Reject: «the Party only rejects when a card it can target was played this round».
    t = scenario(game, {"red": "party", "blue": "surveying"})
    assert won(t) == {"blue"}


def test_strategising_never_counts_for_majority(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: «Strategising is never counted in a majority».
    t = scenario(game, {"red": "strategising", "blue": "strategising", "green": "surveying"})
    assert won(t) == {"green"}


def test_end_most_trust_then_most_cards_then_shared(game):  # type: ignore[no-untyped-def]
    # Rulebook, end of game: «highest trust wins; ties go to whoever has more table cards, and a
    # remaining tie is a shared win».
    t = scenario(game, {"red": "surveying", "blue": "surveying"}, trust={"red": 10, "blue": 10},
                 tables={"red": ["fortressing down"]})
    assert t.state.trust == {"red": 12, "blue": 12} and t.state.winners == ("red",)
    t = scenario(game, {"red": "surveying", "blue": "surveying"}, trust={"red": 10, "blue": 10})
    assert t.state.winners == ("red", "blue")


# ---- the characters -------------------------------------------------------------------------

CHAR_CASES = [
    # (the card's rule in our words, plays, position extras, expected winners, expected trust,
    #  red's cards in front after the round (None: not checked), whether red must Strategise next)
    ("Date Masamune: «when this card wins, each player who lost the round gives up 2 trust»",
     {"red": "date-masamune", "blue": "surveying"}, {"trust": {"blue": 3}}, {"red"}, {"red": 0, "blue": 1},
     None, False),
    ("Shima Sakon: «when this card wins, each player who lost the round gives up 1 trust»",
     {"red": "shima-sakon", "blue": "surveying"}, {"trust": {"blue": 3}}, {"red"}, {"red": 0, "blue": 2},
     None, False),
    ("Maeda Toshiie: «if any level-2 card is among the winners, this card wins as well»",
     {"red": "maeda-toshiie", "blue": "surveying", "green": "surveying"}, {}, {"red", "blue", "green"},
     {"red": 0, "blue": 2, "green": 2}, None, False),
    ("Naoe Kanetsugu: «when this card wins, its player earns 1 more trust per face-down card in front»",
     {"red": "naoe-kanetsugu", "blue": "party"}, {"tables": {"red": ["invasion down", "fortressing down"]}},
     {"red"}, {"red": 2, "blue": 0}, None, False),
    ("Sanada Yukimura: «no level of its own; when it loses, every other player gives up 1 trust»",
     {"red": "sanada-yukimura", "blue": "surveying"}, {"trust": {"blue": 1}}, {"blue"}, {"red": 0, "blue": 2},
     None, False),
    ("Ishida Mitsunari: «as it is laid, the other cards in front of its player go back to the hand»",
     {"red": "ishida-mitsunari", "blue": "party"}, {"tables": {"red": ["surveying"]}}, {"red"},
     {"red": 0, "blue": 0}, [["ishida-mitsunari", True]], False),
    ("Takenaka Hanbei: «the majority does not count this round: the highest level wins»",
     {"red": "takenaka-hanbei", "blue": "surveying", "green": "surveying"}, {}, {"red"},
     {"red": 0, "blue": 0, "green": 0}, None, False),
    ("Kuroda Kanbei: «every other card effect of the round is switched off (Strategising's excepted); "
     "majority and level alone decide»",
     {"red": "kuroda-kanbei", "blue": "party", "green": "invasion"}, {}, {"green"},
     {"red": 0, "blue": 0, "green": 1}, None, False),
    ("Matsu: «when this card wins, its player earns 4 trust more»",
     {"red": "matsu", "blue": "party"}, {}, {"red"}, {"red": 4, "blue": 0}, None, False),
    ("Nene: «if any level-5 card is among the winners, this card wins as well»",
     {"red": "nene", "blue": "invasion"}, {}, {"red", "blue"}, {"red": 0, "blue": 1}, None, False),
    ("Tokugawa Ieyasu: «the highest level wins, not the majority; when this card wins, 2 trust more»",
     {"red": "tokugawa-ieyasu", "blue": "surveying", "green": "surveying"}, {}, {"red"},
     {"red": 2, "blue": 0, "green": 0}, None, False),
    ("Oda Nobunaga: «the highest level wins; as it is laid, its player's other cards turn face down»",
     {"red": "oda-nobunaga", "blue": "surveying"}, {"tables": {"red": ["surveying"]}}, {"red"},
     {"red": 0, "blue": 0}, [["surveying", False], ["oda-nobunaga", True]], False),
    ("Toyotomi Hideyoshi: «the highest level wins; win or lose, its player lays Strategising next round»",
     {"red": "toyotomi-hideyoshi", "blue": "surveying", "green": "surveying"}, {}, {"red"},
     {"red": 0, "blue": 0, "green": 0}, None, True),
    ("Hattori Hanzo: «no level; every character card of the other players is rejected, and its own "
     "player's other cards go back to the hand»",
     {"red": "hattori-hanzo", "blue": "matsu", "green": "surveying"}, {"tables": {"red": ["fortressing"]}},
     {"red", "green"}, {"red": 0, "blue": 0, "green": 2}, [["hattori-hanzo", True]], False),
    ("Sarutobi Sasuke: «takes the level and effects of the card its player laid just before; worth 1 trust»",
     {"red": "sarutobi-sasuke", "blue": "surveying", "green": "surveying"}, {"last": {"red": "invasion"}},
     {"red"}, {"red": 1, "blue": 0, "green": 0}, None, False),
    ("Fuma Kotaro: «nobody wins the round; as it is laid, its player's last card still in front goes "
     "back to the hand»",
     {"red": "fuma-kotaro", "blue": "surveying"}, {"tables": {"red": ["party", "fortressing"]}}, set(),
     {"red": 0, "blue": 0}, [["party", False], ["fuma-kotaro", False]], False),
    ("Asano Nagamasa: «if any level-4 card is among the winners, this card wins as well»",
     {"red": "asano-nagamasa", "blue": "war-drills"}, {}, {"red", "blue"}, {"red": 0, "blue": 0}, None, False),
    ("Kaihime: «the other players' level-5 and level-4 cards are rejected»",
     {"red": "kaihime", "blue": "war-drills", "green": "invasion", "yellow": "surveying"}, {},
     {"red", "yellow"}, {"red": 0, "blue": 0, "green": 0, "yellow": 2}, None, False),
    ("Oichi: «the other players' level-5 cards are rejected; when this card wins, 2 trust more»",
     {"red": "oichi", "blue": "invasion"}, {}, {"red"}, {"red": 2, "blue": 0}, None, False),
    ("Chacha: «the other players' level-5 cards are rejected; win or lose, Strategising next round»",
     {"red": "chacha", "blue": "invasion"}, {}, {"red"}, {"red": 0, "blue": 0}, None, True),
    ("Honda Tadakatsu: «as it is laid, whoever has the most trust gives up 1; when it wins, the losers "
     "give up 1»",
     {"red": "honda-tadakatsu", "blue": "surveying", "green": "surveying"}, {"trust": {"blue": 5, "green": 5}},
     {"blue", "green"}, {"red": 0, "blue": 6, "green": 6}, None, False),
    ("Takeda Shingen: «the highest level wins; when this card wins, the losers give up 1 trust»",
     {"red": "takeda-shingen", "blue": "surveying", "green": "surveying"}, {"trust": {"blue": 1}}, {"red"},
     {"red": 0, "blue": 0, "green": 0}, None, False),
    ("Uesugi Kenshin: «as it is laid, its player's last card still in front goes back to the hand; when "
     "it wins, the losers give up 1 trust»",
     {"red": "uesugi-kenshin", "blue": "surveying"}, {"tables": {"red": ["surveying", "fortressing"]}}, {"red"},
     {"red": 2, "blue": 0}, [["surveying", True], ["uesugi-kenshin", True]], False),
    ("Kato Kiyomasa: «when this card loses, every other player gives up 1 trust»",
     {"red": "kato-kiyomasa", "blue": "war-drills", "green": "war-drills"}, {"trust": {"blue": 2, "green": 2}},
     {"blue", "green"}, {"red": 0, "blue": 1, "green": 1}, None, False),
    ("Fukushima Masanori: «if any level-4 card is among the winners, this card wins as well»",
     {"red": "fukushima-masanori", "blue": "war-drills"}, {}, {"red", "blue"}, {"red": 0, "blue": 0},
     None, False),
    ("Shibata Katsuie: «as it is laid, whoever has the most trust (its own player too) gives up 1»",
     {"red": "shibata-katsuie", "blue": "party"}, {"trust": {"red": 4, "blue": 2}}, {"red"},
     {"red": 3, "blue": 2}, None, False),
    ("Akechi Mitsuhide: «no level; the other players' level-5 cards are rejected»",
     {"red": "akechi-mitsuhide", "blue": "invasion", "green": "surveying"}, {}, {"red", "green"},
     {"red": 0, "blue": 0, "green": 2}, None, False),
    ("Nohime: «the other players' level-5 cards are rejected; as it is laid, its player's other cards "
     "turn face down»",
     {"red": "nohime", "blue": "invasion"}, {"tables": {"red": ["surveying"]}}, {"red"}, {"red": 0, "blue": 0},
     [["surveying", False], ["nohime", True]], False),
]


@pytest.mark.parametrize("text,plays,extra,winners,trust,table,must", CHAR_CASES,
                         ids=[c[1]["red"] for c in CHAR_CASES])
def test_character(game, text, plays, extra, winners, trust, table, must):  # type: ignore[no-untyped-def]
    t = scenario(game, plays, **extra)
    assert won(t) == winners, text
    assert t.state.trust == trust, text
    if table is not None:
        assert t.state.tables["red"] == table, text
    assert ("red" in t.state.must) == must, text
    laid_before = [c.split()[0] for c in extra.get("tables", {}).get("red", [])]
    on_table = [c for c, _ in t.state.tables["red"]]
    for c in laid_before:        # a card taken back from the table is in the hand again
        if c not in on_table:
            assert c in t.state.hands["red"], text


def test_every_character_has_a_scenario():  # type: ignore[no-untyped-def]
    from pnp.games.samurai_vassal.cards import CHARACTER_IDS
    assert sorted(c[1]["red"] for c in CHAR_CASES) == sorted(CHARACTER_IDS)
    assert all("«" in c[0] and c[0].endswith("»") for c in CHAR_CASES)


# ---- effects that meet ------------------------------------------------------------------------

def test_kuroda_blocks_reject(game):  # type: ignore[no-untyped-def]
    # Rulebook, card 'Kuroda Kanbei': «its blocking comes first, so no other effect (Reject included) applies».
    t = scenario(game, {"red": "kuroda-kanbei", "blue": "party", "green": "invasion", "yellow": "invasion"})
    assert won(t) == {"green", "yellow"} and t.rounds[0].rule == "majority"


def test_kuroda_does_not_block_strategising(game):  # type: ignore[no-untyped-def]
    # Rulebook, card 'Kuroda Kanbei': «Strategising is the one effect it leaves alone».
    t = scenario(game, {"red": "kuroda-kanbei", "blue": "strategising"}, tables={"blue": ["surveying"]})
    assert won(t) == {"red"} and t.state.tables["blue"] == []


def test_kuroda_blocks_sasuke(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: «a Sasuke whose copy is blocked has no level, and loses».
    t = scenario(game, {"red": "sarutobi-sasuke", "blue": "kuroda-kanbei"}, last={"red": "invasion"})
    assert won(t) == {"blue"}


def test_sasuke_without_earlier_card_loses(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: «a Sasuke with nothing laid before it to copy loses».
    t = scenario(game, {"red": "sarutobi-sasuke", "blue": "strategising"})
    assert won(t) == set()


def test_strategising_loses_even_when_a_reject_makes_every_other_card_win(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: «Strategising always loses, even when a Reject's "all the other cards win" would make it win
    # ("You lose, cannot be canceled").»
    # Red's Party rejects blue's Invasion (level 5): every other card wins, but green's Strategising still loses
    # and takes its Surveying back. Red alone wins and scores its Party (1).
    t = scenario(game, {"red": "party", "blue": "invasion", "green": "strategising"}, tables={"green": ["surveying"]})
    assert won(t) == {"red"} and t.rounds[0].rule == "reject"
    assert t.state.trust == {"red": 1, "blue": 0, "green": 0}
    assert t.state.tables["green"] == [] and "surveying" in t.state.hands["green"]
    # the same for a Sasuke copying Strategising: it loses and takes its cards back
    t = scenario(game, {"red": "party", "blue": "invasion", "green": "sarutobi-sasuke"}, last={"green": "strategising"},
                 tables={"green": ["surveying"]})
    assert won(t) == {"red"} and t.state.tables["green"] == []
    assert {"surveying", "sarutobi-sasuke"} <= set(t.state.hands["green"])


def test_sasuke_copying_a_sasuke_copies_what_it_stood_in_for(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: «Sasuke copying a Sasuke: an earlier Sasuke counts as the card it stood in for that round».
    # Round 1: red's last card was Strategising, so the Sasuke copies it: red loses and takes every card in front
    # (the Fortressing) and the Sasuke back to hand; blue's Surveying wins (2 trust). Round 2: red lays the Sasuke
    # again; the card before it is the Sasuke, which stood in for Strategising, so it copies Strategising again:
    # red loses and takes the Sasuke back. Blue's Fortressing, the only level, wins: Surveying 2 + Fortressing 1.
    t = scenario(game, {}, rounds=[{"red": "sarutobi-sasuke", "blue": "surveying"},
                                   {"red": "sarutobi-sasuke", "blue": "fortressing"}],
                 last={"red": "strategising"}, tables={"red": ["fortressing"]})
    assert [set(r.winners) for r in t.rounds] == [{"blue"}, {"blue"}]
    assert t.state.tables["red"] == [] and {"sarutobi-sasuke", "fortressing"} <= set(t.state.hands["red"])
    assert t.state.trust == {"red": 0, "blue": 5}
    assert t.state.last["red"] == "strategising"


def test_sasuke_after_a_sasuke_that_copied_nothing_loses(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: «one that had nothing to copy, or was blocked, gives nothing to copy, and the new Sasuke loses»
    # («Sasuke with no earlier card to copy loses»). The position says red's last card was a Sasuke that copied
    # nothing. Blue's Party rejects green's Invasion, so every other card would win, but red's Sasuke has nothing
    # to copy and loses: blue alone wins and scores its Party (1).
    t = scenario(game, {"red": "sarutobi-sasuke", "blue": "party", "green": "invasion"},
                 last={"red": "sarutobi-sasuke"})
    assert won(t) == {"blue"} and t.rounds[0].rule == "reject"
    assert t.state.trust == {"red": 0, "blue": 1, "green": 0}
    assert t.state.last["red"] == "sarutobi-sasuke"
    # a Sasuke switched off by Kuroda copies nothing: the next Sasuke (a stated position) has nothing either
    t = scenario(game, {"red": "sarutobi-sasuke", "blue": "kuroda-kanbei"}, last={"red": "invasion"})
    assert won(t) == {"blue"} and t.state.last["red"] == "sarutobi-sasuke"


def test_a_sasuke_copying_kuroda_switches_off_another_sasuke(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: «Kuroda Kanbei cancels every other card effect of the round ... including ... Sasuke's copy (a
    # blocked Sasuke has no level and loses)»; the booklet's Clarification: a copied Kuroda blocks as Kuroda
    # does. Blue's Sasuke copies Kuroda (level 3), so red's Sasuke copies nothing: levels 3 (blue) and 2
    # (green), one card each: the higher, 3, wins. Blue scores its Sasuke (1).
    t = scenario(game, {"red": "sarutobi-sasuke", "blue": "sarutobi-sasuke", "green": "surveying"},
                 last={"red": "invasion", "blue": "kuroda-kanbei"})
    assert won(t) == {"blue"} and t.state.trust == {"red": 0, "blue": 1, "green": 0}


def test_a_sasuke_copying_kuroda_blocks_exactly_as_kuroda_does(game):  # type: ignore[no-untyped-def]
    # Rulebook, Sasuke: it «copies your last played card's convincing level and card effect(s)»; Kuroda's effect
    # is to «block all other card effect(s)», «except the effects of "Strategising"». RULINGS.md is silent on a
    # copied Kuroda; the booklet's Clarification (review R2-sv item 22): it blocks exactly as Kuroda does.
    # By hand: red's Sasuke copies Kuroda (level 3). Blue's Party (level 1) would reject green's Invasion, but is
    # switched off, and so is the Invasion's "no majority". Yellow's Strategising still acts: yellow loses and
    # takes the Surveying back. Levels 3, 1 and 5 were laid once each, so the highest, green's 5, wins and
    # scores the Invasion (1).
    t = scenario(game, {"red": "sarutobi-sasuke", "blue": "party", "green": "invasion", "yellow": "strategising"},
                 last={"red": "kuroda-kanbei"}, tables={"yellow": ["surveying"]})
    assert won(t) == {"green"} and t.rounds[0].rule == "level"
    assert t.state.trust == {"red": 0, "blue": 0, "green": 1, "yellow": 0}
    assert t.state.tables["yellow"] == [] and "surveying" in t.state.hands["yellow"]
    # ... and Chacha's "next round you must play Strategising" is switched off too: blue may lay Surveying in
    # round 2. Round 1: red's copied Kuroda (3) beats blue's Chacha (1), each laid once; red scores its Sasuke (1).
    t = scenario(game, {}, rounds=[{"red": "sarutobi-sasuke", "blue": "chacha"},
                                   {"red": "surveying", "blue": "surveying"}], last={"red": "kuroda-kanbei"})
    assert len(t.rounds) == 2 and set(t.rounds[0].winners) == {"red"} and t.rounds[0].trust["red"] == 1


def test_fuma_beats_reject(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: «Fuma's everyone-loses beats every win, the wins a Reject hands out included».
    t = scenario(game, {"red": "fuma-kotaro", "blue": "party", "green": "invasion"})
    assert won(t) == set()


def test_fuma_blocked_by_kuroda_loses(game):  # type: ignore[no-untyped-def]
    # Rulebook, card 'Fuma Kotaro': «with its effect blocked by Kuroda it has no level, so it loses too».
    t = scenario(game, {"red": "fuma-kotaro", "blue": "kuroda-kanbei"})
    assert won(t) == {"blue"}


def test_nene_then_maeda_chain(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: «win-together effects chain: Nene wins, so Maeda wins through Nene's level 2».
    t = scenario(game, {"red": "invasion", "blue": "nene", "green": "maeda-toshiie"})
    assert won(t) == {"red", "blue", "green"}


def test_rejected_card_stays_a_loser_with_win_together(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: «a rejected card loses, even when its own effect would let it win alongside a winner».
    t = scenario(game, {"red": "hattori-hanzo", "blue": "nene", "green": "surveying"})
    assert won(t) == {"red", "green"}


def test_trust_netted_then_floored(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: «a round's trust changes are added up per player, then trust stops at 0».
    t = scenario(game, {"red": "date-masamune", "blue": "war-drills", "green": "kato-kiyomasa"},
                 trust={"green": 2})
    # Date (3) and Kato (3) are the majority; Date wins, so blue (the loser) loses 2 from 0: floored at 0.
    assert won(t) == {"red", "green"}
    assert t.state.trust == {"red": 0, "blue": 0, "green": 2}


# ---- Middle Player mode ----------------------------------------------------------------------

def test_npc_card_counts_and_gains_nothing(game):  # type: ignore[no-untyped-def]
    # Rulebook, Middle Player mode: «the NPC card takes part in deciding the round and can win it, but
    # never scores trust».
    t = scenario(game, {"red": "invasion", "blue": "surveying"}, options=["middle-player"], npc="surveying")
    assert won(t) == {"red"}
    t = scenario(game, {"red": "fortressing", "blue": "surveying"}, options=["middle-player"], npc="surveying")
    assert won(t) == {"blue", "green"} and "green" not in t.state.trust


def test_npc_war_drills_costs_every_player_who_lost(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: «The NPC's own effects act like any player's: a winning NPC War Drills costs each losing player 1
    # trust ... Only the NPC's own trust is never counted.» Levels 2 (red), 3 (blue) and 4 (the NPC, green), one
    # card each: the higher level, 4, wins. The NPC's War Drills won, so red and blue, who lost, give up 1 each.
    t = scenario(game, {"red": "surveying", "blue": "fortressing"}, options=["middle-player"], npc="war-drills",
                 trust={"red": 2, "blue": 2})
    assert won(t) == {"green"} and t.rounds[0].rule == "level"
    assert t.state.trust == {"red": 1, "blue": 1}


def test_npc_party_rejects(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: «an NPC Reject rejects.» The NPC's Party rejects red's Invasion (level 5): red loses, every other
    # card wins; blue scores its Surveying (2), the NPC nothing.
    t = scenario(game, {"red": "invasion", "blue": "surveying"}, options=["middle-player"], npc="party")
    assert won(t) == {"blue", "green"} and t.rounds[0].rule == "reject"
    assert t.state.trust == {"red": 0, "blue": 2}


# ---- refused games ---------------------------------------------------------------------------

def test_card_not_in_hand_is_refused(game):  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalMove) as e:
        scenario(game, {"red": "surveying", "blue": "surveying"}, hands={"red": ["party"]})
    assert e.value.rule == "not-in-hand"


def test_hideyoshi_forces_strategising(game):  # type: ignore[no-untyped-def]
    # Rulebook, card 'Toyotomi Hideyoshi': «win or lose, its player lays Strategising next round».
    with pytest.raises(IllegalMove) as e:
        scenario(game, {}, rounds=[{"red": "toyotomi-hideyoshi", "blue": "surveying"},
                                   {"red": "surveying", "blue": "surveying"}])
    assert e.value.rule == "must-strategise" and "round 2, red" in str(e.value)


def test_kuroda_blocks_must_strategise(game):  # type: ignore[no-untyped-def]
    # RULINGS.md: «Kuroda switches off the must-Strategise-next-round effects as well».
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
