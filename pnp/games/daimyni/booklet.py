"""Daimyni figures for the booklet: positions from the engine as diagrams, events as sentences."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from ...draw.board import board_scene
from ...draw.diagram import DiagramSpec, Stack, position_diagram
from ...draw.shapes import Scene
from ...engine.replay import Transcript
from ...model import Game
from ...model.load import display, read_text
from ...reference.narration import Narrator
from ..interface import BookletAdapter, Figure, Panel, RoundPage
from . import notation
from .events import Combat, DaimyoRemoved, MovedBushi, MovedDaimyo, MovedTanbo, NoEffect, Recruited, ReserveTaken
from .rules import DaimyniState, Rules, combat

Replayed = Transcript[DaimyniState, notation.RoundLog]

TANBO = "#26313a"


def pieces_text(bushi: int, daimyo: bool) -> str:
    """'2 Bushi + Daimyo': the same words in every language the kits use."""
    return " + ".join(([f"{bushi} Bushi"] if bushi else []) + (["Daimyo"] if daimyo else []))


def spec_of(game: Game, pos: notation.Position) -> DiagramSpec:
    spec = DiagramSpec()
    for clan_id, clan in game.clans.items():
        for cell, n in pos.bushi[clan_id].items():
            spec.units.setdefault(cell, []).append(Stack("bushi", clan.colour, n, clan_id))
        home = pos.daimyo[clan_id]
        if home:
            spec.units.setdefault(home, []).insert(0, Stack("daimyo", clan.colour, clan=clan_id))
    for cell in pos.tanbo:
        spec.units.setdefault(cell, []).append(Stack("tanbo", TANBO))
    return spec


def walkthrough(game: Game, sample: Path, lang: str) -> tuple[Replayed, list[RoundPage]]:
    """Replay a sample and turn each resolved card into a diagram and a sentence."""
    rules = Rules(game)
    t = notation.replay(read_text(sample, display(sample), "a sample game"), rules, display(sample))
    say = Narrator(game, lang)
    titles = {n: c.type.title[lang] for c in game.cards for n in [c.number]}
    pages = []
    for log in t.rounds:
        flooded = 0          # Tanbo moved so far this round: the second one is the other Tanbo
        # the cards each player takes back from its Reserve (from the second round on) go with what it
        # plays: one line a round, in the order of the phases
        back = {e.clan: list(e.cards) for e in log.events if isinstance(e, ReserveTaken)}
        # a pair of cards never splits over two lines ("8 +" / "13."): no-break spaces inside it
        plays = [{"clan": say.short(c), "cards": "\u00a0+\u00a0".join(map(str, log.plays[c])),
                  "numbers": list(log.plays[c]),
                  "back": "\u00a0+\u00a0".join(map(str, back.get(c, []))), "back_numbers": back.get(c, [])}
                 for c in rules.players]
        intro = [say.say("round", "played", plays=plays)]
        intro.append(say.say("round", "order", order=", ".join(
            f"{n} ({say.short(c)}, {titles[n]})" for n, c in log.order)))
        panels = []
        for step in log.steps:
            spec = spec_of(game, step.after)
            sentences = []
            clan, enemy = step.clan, rules.opponent(step.clan)
            colour = game.clans[clan].colour
            names = {"clan": say.short(clan), "enemy": say.short(enemy)}
            for e in step.events:
                if isinstance(e, MovedBushi):
                    spec.arrows.append((e.src, e.dst, colour))
                    key = "move-bushi-as-recruit" if e.as_recruit else "move-bushi"
                    sentences.append(say.say("events", key, **names, count=e.count, src=e.src, dst=e.dst))
                elif isinstance(e, MovedDaimyo):
                    spec.arrows.append((e.src, e.dst, colour))
                    sentences.append(say.say("events", "move-daimyo", **names, src=e.src, dst=e.dst,
                                             left=step.after.bushi[clan].get(e.src, 0)))
                elif isinstance(e, MovedTanbo):
                    spec.arrows.append((e.src, e.dst, TANBO))
                    sentences.append(say.say("events", "move-tanbo", **names, src=e.src, dst=e.dst,
                                             other=flooded > 0))
                    flooded += 1
                elif isinstance(e, Recruited):
                    spec.highlight.append(e.cell)
                    sentences.append(say.say("events", "recruit", **names, cell=e.cell))
                elif isinstance(e, NoEffect):
                    sentences.append(say.say("events", "no-effect", **names, why=say.say("why", e.effect)))
                elif isinstance(e, Combat):
                    spec.add_combat(e.cell, game.clans[e.attacker].colour, game.clans[e.defender].colour,
                                    e.attacker_lost, e.defender_bushi_lost, e.defender_daimyo_lost, "bushi", "daimyo")
                    survivors = e.attackers - e.attacker_lost
                    lone = e.defending_daimyo and not e.defending_bushi
                    sentences.append(say.say(
                        "events", f"combat-{e.winner}", **names, cell=e.cell,
                        attackers=pieces_text(e.attackers, False),
                        defenders=(say.say("events", "lone-daimyo", **names) if lone
                                   else pieces_text(e.defending_bushi, e.defending_daimyo)),
                        attacker_lost=e.attacker_lost, defender_lost=e.defender_bushi_lost,
                        daimyo_lost=e.defender_daimyo_lost, survivors=pieces_text(survivors, False),
                        kept=pieces_text(e.defending_bushi - e.defender_bushi_lost,
                                         e.defending_daimyo and not e.defender_daimyo_lost)))
                elif isinstance(e, DaimyoRemoved):
                    sentences.append(say.say("events", "daimyo-removed", clan=say.short(e.by),
                                             owner=say.short(e.owner)))
            if step is log.steps[-1] and t.state.is_terminal() and len(log.steps) < len(log.order):
                left = [str(n) for n, _ in log.order[len(log.steps):]]
                sentences.append(say.say("events", "unresolved", cards=say.listing(left), n=len(left)))
            heading = f"**{step.number}** · {say.short(clan)} · {titles[step.number]}"
            scene = position_diagram(game, spec, f"round-{log.round}")
            panels.append(Panel(scene, heading, " ".join(sentences), spec))
        pages.append(RoundPage(log.round, intro, panels))
    return t, pages


def setup_spec(game: Game) -> DiagramSpec:
    state = DaimyniState(Rules(game))
    return spec_of(game, notation.Position.of(state))


COMBAT_CASES = ((3, 1, False), (1, 2, False), (2, 2, False), (2, 1, True), (1, 1, True))


def combat_rows(game: Game, lang: str, cases: Iterable[tuple[int, int, bool]] = COMBAT_CASES) -> list[str]:
    """The combat table as bullet lines, each outcome computed by the engine."""
    say = Narrator(game, lang)
    rows = []
    for attackers, bushi, daimyo in cases:
        r = combat(attackers, bushi, daimyo)
        defenders = bushi + (1 if daimyo else 0)
        if r.winner == "attacker":
            outcome = say.say("table", "attacker", lost=r.attacker_lost, kept=attackers - r.attacker_lost,
                              kept_units=pieces_text(attackers - r.attacker_lost, False))
        elif r.winner == "defender":
            # the units it keeps, named: "1 Bushi + Daimyo" against 1 Bushi keeps only its Daimyo
            outcome = say.say("table", "defender", lost=r.defender_bushi_lost, kept=defenders - r.defender_bushi_lost,
                              kept_units=pieces_text(bushi - r.defender_bushi_lost,
                                                     daimyo and not r.defender_daimyo_lost))
        else:
            outcome = say.say("table", "tie")
        rows.append(say.say("table", "row", attackers=pieces_text(attackers, False),
                            defenders=pieces_text(bushi, daimyo), outcome=outcome,
                            daimyo_lost=r.defender_daimyo_lost))
    return rows


class DaimyniBooklet(BookletAdapter):
    def cover_scene(self, game: Game, lang: str) -> Scene:
        return board_scene(game, lang)

    # Any, not interface.Transcript: that protocol's members are writable, so a replay's `rounds`
    # (a list of this game's logs) does not match its `Sequence[Any]`; read-only members would.
    def walkthrough(self, game: Game, sample: Path, lang: str) -> tuple[Any, list[RoundPage]]:
        return walkthrough(game, sample, lang)

    def figures(self) -> dict[str, Callable[[Game, str, str], list[Figure] | list[str]]]:
        return {"setup": self.setup, "combat-table": lambda game, lang, _arg: combat_rows(game, lang)}

    def start_figure(self, game: Game, transcript: Any, lang: str) -> Figure | None:
        """A sample from a stated mid-game position is otherwise first seen after its first card."""
        if transcript.state.start is None or not transcript.rounds:
            return None
        scene = position_diagram(game, spec_of(game, transcript.rounds[0].start), "start")
        return Figure(scene, Narrator(game, lang).say("booklet", "start-position"))

    def setup(self, game: Game, lang: str, _arg: str) -> list[Figure]:
        scene = position_diagram(game, setup_spec(game), "setup")
        return [Figure(scene, Narrator(game, lang).say("booklet", "setup"))]

    def sample_values(self, game: Game, transcript: Any, lang: str) -> dict[str, Any]:
        s = transcript.state
        return {"winner": Narrator(game, lang).short(s.winner) if s.winner else "-", "round": s.round}
