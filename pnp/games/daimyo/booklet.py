"""Daimyo figures for the booklet: maps of Han tiles as the engine left them, events as sentences."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, cast

from ...draw.shapes import Scene
from ...draw.tilemap import bounds
from ...engine.notation import localized
from ...engine.replay import Transcript as Replayed
from ...errors import DefinitionError
from ...hexgrid import neighbours
from ...model import Game
from ...model.load import display, read_text
from ...reference.narration import Narrator
from ..interface import BookletAdapter, Figure, Panel, RoundPage, Transcript
from . import notation
from .actions import MoveBushi
from .cardfigures import card_figures, example_paths
from .combat import combat
from .deal import deal_table
from .events import (
    Combat,
    Control,
    DaimyoRemoved,
    Dealt,
    HandDealt,
    HanMoved,
    HanPlaced,
    MasteryRevealed,
    MovedBushi,
    MovedDaimyo,
    NoEffect,
    Recruited,
    ReserveTaken,
    SpecialAction,
)
from .maps import draw, spec_of
from .position import tile_order
from .rules import DaimyoState
from .state import Options, Rules

Snapshot = notation.Snapshot


def pieces_text(bushi: int, daimyo: bool) -> str:
    """'2 Bushi + Daimyo': the same words in every language the kits use."""
    return " + ".join(([f"{bushi} Bushi"] if bushi else []) + (["Daimyo"] if daimyo else []))


Replay = Replayed[DaimyoState, notation.RoundLog]
# The walkthrough prints its maps two to a row, framed round the whole game's map (a Han moved aside, one
# added), so smaller than the setup maps: Han names drawn at 14 pt there print at 7.1 pt (13 pt gave 6.6).
WALKTHROUGH_LABEL_PT = 13.8


def control_sentence(say: Narrator, rules: Rules, snap: Snapshot, e: Control) -> str:
    """The win by control told by the Han it rests on ('Red holds g1 (its Daimyo and 1 Bushi) and g2
    (2 Bushi): 3 Bushi on green Han'), not by one stock sentence for every position."""
    rivals = rules.rivals(e.clan)
    held, colours = [], []
    rival_han = [(tile, owner) for tile, owner in snap["owner"].items() if owner in rivals and tile in snap["tiles"]]
    # the clans in seat order, as the rules name them; each clan's Han by name
    for tile, owner in sorted(rival_han, key=lambda x: (rules.clans.index(x[1]), tile_order(x[0]))):
        if any(snap["bushi"][c].get(tile) or snap["ronin"][c].get(tile) or snap["daimyo"][c] == tile
               for c in snap["bushi"] if c != e.clan):
            continue
        bushi, ronin = snap["bushi"][e.clan].get(tile, 0), snap["ronin"][e.clan].get(tile, 0)
        daimyo = snap["daimyo"][e.clan] == tile
        if bushi or ronin or daimyo:
            held.append(say.say("events", "held-han", tile=tile, bushi=bushi, ronin=ronin, daimyo=daimyo))
            colours.append(say.short(owner).lower())
    return say.say("events", "control", clan=say.short(e.clan), held=say.listing(held), bushi=e.bushi,
                   colours=say.listing(list(dict.fromkeys(colours))))


def beside(snap: Snapshot, tile: str, at: tuple[int, int]) -> list[str]:
    """The Han a moved Han touches in its new place, by name: where it went, in words."""
    near = set(neighbours(at))
    return sorted((t for t, p in snap["tiles"].items() if t != tile and p in near), key=tile_order)


def start_maps(game: Game, lang: str, counts: str = "") -> list[tuple[Scene, str]]:
    """The start map of each player count named in `counts` ("2 3"; every map when empty): the
    4-player map is the widest, so the rules draw it alone, where it prints large enough to read."""
    if game.maps is None:
        raise ValueError("Daimyo needs maps.toml")
    known = {str(m.players) for m in game.maps.maps}
    wanted = counts.split()
    if any(c not in known for c in wanted):
        raise DefinitionError(display(game.folder / "booklet" / f"rules.{lang}.md"), "@setup",
                              f"{counts.strip()!r}: expected player counts that maps.toml has a map for "
                              f"({', '.join(sorted(known))})")
    out = []
    for m in game.maps.maps:
        if wanted and str(m.players) not in wanted:
            continue
        s = DaimyoState(Rules(game, Options(players=m.players)))
        say = Narrator(game, lang)
        out.append((_start_map(game, s, m.players),
                    say.say("booklet", "start-map", n=m.players,
                            clans=", ".join(game.clans[c].short.get(lang, c) for c in s.rules.clans))))
    return out


# The start maps drawn lately, by game and player count: the cover shows the widest, which the rules'
# @setup shows again. A map is a function of the game's definitions, which do not change once it is
# loaded (the game is kept with its maps and must be the very same object); nothing changes a scene
# once drawn (the booklet draws it scaled, from its shapes). The last few.
_START_MAPS: dict[tuple[int, int], tuple[Game, Scene]] = {}
START_MAPS_KEPT = 8


def _start_map(game: Game, state: DaimyoState, players: int) -> Scene:
    key = (id(game), players)
    seen = _START_MAPS.get(key)
    if seen is None or seen[0] is not game:
        snap = notation.snapshot(state)
        if len(_START_MAPS) >= START_MAPS_KEPT:
            _START_MAPS.pop(next(iter(_START_MAPS)))
        seen = _START_MAPS[key] = (game, draw(game, snap, spec_of(game, snap), None, name=f"start-{players}"))
    return seen[1]


def panels_for(game: Game, t: Replay, lang: str) -> list[RoundPage]:
    say = Narrator(game, lang)
    rules = t.state.rules
    everything = [p for r in t.rounds for snap in (r.start, r.end) if snap for p in snap["tiles"].values()]
    frame = bounds(everything)
    titles = {c.label: c.type.title.get(lang, c.type_id) for c in game.cards}
    pages = []
    told_taking = False
    for log in t.rounds:
        intro = []
        if log is t.rounds[0] and t.start is None:
            # the opening hands, so a reader can check that every card played was in hand
            hands = [e for e in t.state.setup_events if isinstance(e, HandDealt)]
            balanced = any(e.balanced for e in t.state.setup_events if isinstance(e, Dealt))
            intro.append(say.say("round", "dealt-balanced" if balanced else "dealt", hands="; ".join(
                f"{say.short(e.clan)} {', '.join(e.cards)}" for e in hands)))
        intro.append(say.say("round", "played", plays="; ".join(
            f"{say.short(c)} {' + '.join(log.plays[c])}" for c in rules.clans)))
        taken = [e for e in log.events if isinstance(e, ReserveTaken)]
        if taken:
            # how the reserves come back is told once; later rounds only say what came back
            intro.append(say.say("round", "reserve-again" if told_taking else "reserve", taken="; ".join(
                f"{say.short(e.clan)} {' + '.join(e.cards)}" for e in taken)))
            told_taking = True
        order = ", ".join(f"{c} ({say.short(p)}, {titles[c]})" for c, p in log.order)
        intro.append(say.say("round", "order", order=order))
        panels = []
        for step in log.steps:
            spec = spec_of(game, step.after)
            moved: list[tuple[tuple[int, int], tuple[int, int]]] = []
            sentences: list[str] = []
            clan = step.clan
            names = {"clan": say.short(clan)}
            colour = game.clans[clan].colour
            for e in step.events:
                if isinstance(e, MovedBushi):
                    if e.via:
                        spec.routes.append(((e.src, e.via, e.dst), colour))
                    else:
                        spec.arrows.append((e.src, e.dst, colour))
                    met = next((c for c in step.events if isinstance(c, Combat) and c.tile == e.dst), None)
                    sentences.append(say.say("events", "move-bushi", **names, count=e.count, src=e.src, dst=e.dst,
                                             via=e.via, **(met_values(say, met) if met else {"enemy": None})))
                elif isinstance(e, MovedDaimyo):
                    if e.via:
                        spec.routes.append(((e.src, e.via, e.dst), colour))
                    else:
                        spec.arrows.append((e.src, e.dst, colour))
                    sentences.append(say.say("events", "move-daimyo", **names, src=e.src, dst=e.dst))
                elif isinstance(e, Recruited):
                    spec.highlight.append(e.tile)
                    sentences.append(say.say("events", "recruit", **names, tile=e.tile))
                elif isinstance(e, HanPlaced):
                    spec.highlight.append(e.tile)
                    sentences.append(say.say("events", "new-han", **names, tile=e.tile))
                elif isinstance(e, HanMoved):
                    moved.append((e.src, e.at))
                    sentences.append(say.say("events", "move-han", **names, tile=e.tile,
                                             beside=say.listing(beside(step.after, e.tile, e.at))))
                elif isinstance(e, NoEffect):
                    sentences.append(say.say("events", "no-effect", **names))
                elif isinstance(e, Combat):
                    spec.add_combat(e.tile, game.clans[e.attacker].colour, game.clans[e.defender].colour,
                                    e.attacker_lost, e.defender_lost, e.daimyo_lost, "bushi", "daimyo")
                    sentences.append(combat_sentence(say, e))
                elif isinstance(e, DaimyoRemoved):
                    sentences.append(say.say("events", "daimyo-removed", clan=say.short(e.by),
                                             owner=say.short(e.owner)))
                elif isinstance(e, SpecialAction):
                    sentences.append(say.say("special", e.special, **names,
                                             **{x: (say.short(v) if x in e.clans else v)
                                                for x, v in e.narration().items()}))
                elif isinstance(e, MasteryRevealed):
                    sentences.append(say.say("events", "mastery", **names,
                                             mastery=rules.mastery_titles.get(e.mastery, e.mastery)))
            scene = draw(game, step.after, spec, frame, moved, name=f"round-{log.round}",
                         label_pt=WALKTHROUGH_LABEL_PT)
            heading = f"**{step.card}** · {say.short(clan)} · {titles[step.card]}"
            panels.append(Panel(scene, heading, " ".join(sentences), spec))
        for e in log.events:
            if isinstance(e, Control) and panels and log.end is not None:
                panels[-1].sentence += " " + control_sentence(say, rules, log.end, e)
        pages.append(RoundPage(log.round, intro, panels))
    return pages


def met_values(say: Narrator, e: Combat) -> dict[str, Any]:
    """What a move that attacks meets, for the move's sentence: the combat's sides are told there once."""
    return {"enemy": say.short(e.defender), "defending": e.defending, "defending_daimyo": e.defending_daimyo}


def combat_sentence(say: Narrator, e: Combat) -> str:
    """The combat's outcome. The sides are told before it (by the move, or an example's scene), so only
    what fell and what holds the Han is said here."""
    return say.say("events", f"combat-{e.winner}", clan=say.short(e.attacker), enemy=say.short(e.defender),
                   tile=e.tile, attack=e.attack, defence=e.defence, attackers=e.attackers, defending=e.defending,
                   defending_daimyo=e.defending_daimyo, attacker_lost=e.attacker_lost,
                   defender_lost=e.defender_lost, survivors=e.attackers - e.attacker_lost,
                   kept=e.defending + e.defending_daimyo - e.defender_lost,
                   bonus=e.attack - e.attackers + e.defence - e.defending - e.defending_daimyo,
                   # the strengths compared are told only when a bonus makes them differ from the pieces
                   counted=(e.attack, e.defence) != (e.attackers, e.defending + e.defending_daimyo))


def walkthrough(game: Game, sample: Path, lang: str) -> tuple[Replay, list[RoundPage]]:
    t = notation.replay(read_text(sample, display(sample), "a sample game"), game, display(sample))
    return t, panels_for(game, t, lang)


def example_figures(game: Game, lang: str, names: str = "") -> list[tuple[Scene, str]]:
    """The rulebook's examples: the files of examples/ named (all of them when none is)."""
    out = []
    for path in example_paths(game, names, lang, "examples"):
        t = notation.replay(read_text(path, display(path), "an example"), game, display(path))
        last = t.rounds[-1]
        snap = last.end
        assert snap is not None   # every replayed round ends with its snapshot
        say = Narrator(game, lang)
        # a combat's point is the change: the map just before the move that attacks (with the scene)
        # beside the map just after it (with the outcome), so neither caption
        # repeats the other and no other card of the round shows as a change between them
        step = next((s for s in last.steps if isinstance(s.action, MoveBushi)
                     and any(isinstance(e, Combat) for e in s.events)), None)
        if step is not None:
            move = step.action
            assert isinstance(move, MoveBushi)   # the step was found by it
            fights = [e for e in step.events if isinstance(e, Combat)]
            spec = spec_of(game, step.after)
            for e in fights:
                # the removed pieces are tagged as in the walkthrough, so the losses told can be seen
                spec.add_combat(e.tile, game.clans[e.attacker].colour, game.clans[e.defender].colour,
                                e.attacker_lost, e.defender_lost, e.daimyo_lost, "bushi", "daimyo")
                spec.arrows.append((move.src, e.tile, game.clans[e.attacker].colour))
            frame = bounds([p for x in (step.before, step.after) for p in x["tiles"].values()])
            ahead = spec_of(game, step.before)
            ahead.arrows = list(spec.arrows)
            out.append((draw(game, step.before, ahead, frame, name=f"{path.stem}-before"),
                        say.say("booklet", "example-before", title=localized(t.title, lang),
                                description=localized(t.description, lang))))
            out.append((draw(game, step.after, spec, frame, name=path.stem),
                        say.say("booklet", "example-after", told=" ".join(combat_sentence(say, e) for e in fights))))
            continue
        # the description sets the scene (and, for a position that wins nothing, says so in its title);
        # a win is told once, from the replayed events
        told = [control_sentence(say, t.state.rules, snap, e) for e in last.events if isinstance(e, Control)]
        caption = " ".join([f"**{localized(t.title, lang)}.** {localized(t.description, lang)}", *told])
        out.append((draw(game, snap, spec_of(game, snap), None, name=path.stem), caption))
    return out


COMBAT_CASES = ((4, 3, False), (3, 1, False), (1, 2, False), (2, 2, False), (2, 1, True), (1, 1, True))


def combat_rows(game: Game, lang: str, cases: Sequence[tuple[int, int, bool]] = COMBAT_CASES) -> list[str]:
    """The combat table as bullet lines, each outcome computed by the engine."""
    say = Narrator(game, lang)
    rows = []
    for attackers, bushi, daimyo in cases:
        d = combat(attackers, bushi, daimyo)
        defenders = bushi + (1 if daimyo else 0)
        if d.winner == "attacker":
            outcome = say.say("table", "attacker", lost=d.attacker_lost, kept=attackers - d.attacker_lost)
        elif d.winner == "defender":
            outcome = say.say("table", "defender", lost=d.defender_lost, kept=defenders - d.defender_lost,
                              kept_bushi=bushi - d.defender_lost, daimyo=daimyo)
        else:
            outcome = say.say("table", "tie")
        rows.append(say.say("table", "row", attackers=pieces_text(attackers, False),
                            defenders=pieces_text(bushi, daimyo), outcome=outcome, daimyo_lost=d.daimyo_lost))
    return rows


class DaimyoBooklet(BookletAdapter):
    # the heading, its intro and round 1 open one page: it costs no page here
    intro_with_first_round = True

    def cover_scene(self, game: Game, lang: str) -> Scene:
        # the last map (the widest) is the cover's: drawn alone, not with the others the rules draw
        last = game.maps.maps[-1].players if game.maps is not None and game.maps.maps else None
        return start_maps(game, lang, "" if last is None else str(last))[-1][0]

    def walkthrough(self, game: Game, sample: Path, lang: str) -> tuple[Transcript, list[RoundPage]]:
        t, pages = walkthrough(game, sample, lang)
        # the interface's Transcript declares `rounds` a writable Sequence, the replay's is a list
        return cast(Transcript, t), pages

    def figures(self) -> dict[str, Callable[[Game, str, str], list[Figure] | list[str]]]:
        return {
            "setup": lambda game, lang, arg: [Figure(sc, cap) for sc, cap in start_maps(game, lang, arg)],
            "examples": lambda game, lang, arg: [Figure(sc, cap) for sc, cap in example_figures(game, lang, arg)],
            "card-examples": card_figures,
            "deal-table": lambda game, lang, _arg: deal_table(game, lang),
            "combat-table": lambda game, lang, _arg: combat_rows(game, lang),
        }

    def sample_values(self, game: Game, transcript: Any, lang: str) -> dict[str, Any]:
        s = transcript.state
        return {"players": s.rules.options.players, "reason": s.win_reason, "round": s.round,
                "winner": Narrator(game, lang).short(s.winner) if s.winner else "-"}
