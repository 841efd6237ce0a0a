"""Daimyni figures for the booklet: positions from the engine as diagrams, events as sentences."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..draw.diagram import DiagramSpec, Stack
from ..draw.shapes import Scene
from .narration import Narrator, pieces_text
from ..games.daimyni import notation
from ..games.daimyni.rules import Rules
from ..model import Game
from ..model.load import display

TANBO = "#26313a"


@dataclass
class Panel:
    """One resolved card: the diagram after it and what happened."""

    spec: DiagramSpec
    heading: str
    sentence: str
    scene: Scene | None = None   # drawn already (tile maps); else drawn from `spec` on the board


@dataclass
class RoundPage:
    round: int
    intro: list[str]
    panels: list[Panel]


def spec_of(game: Game, pos: notation.Position) -> DiagramSpec:
    spec = DiagramSpec()
    for clan_id, clan in game.clans.items():
        for cell, n in pos.bushi[clan_id].items():
            spec.units.setdefault(cell, []).append(Stack("bushi", clan.colour, n))
        cell = pos.daimyo[clan_id]
        if cell:
            spec.units.setdefault(cell, []).insert(0, Stack("daimyo", clan.colour))
    for cell in pos.tanbo:
        spec.units.setdefault(cell, []).append(Stack("tanbo", TANBO))
    return spec


def walkthrough(game: Game, sample: Path, lang: str) -> tuple[notation.Transcript, list[RoundPage]]:
    """Replay a sample and turn each resolved card into a diagram and a sentence."""
    rules = Rules(game)
    t = notation.replay(sample.read_text(encoding="utf-8"), rules, display(sample))
    say = Narrator(game, lang)
    titles = {n: c.type.title[lang] for c in game.cards for n in [c.number]}
    pages = []
    for log in t.rounds:
        intro = [say.say("round", "played", red=say.short("red"), blue=say.short("blue"),
                         red_cards=" + ".join(map(str, log.plays["red"])),
                         blue_cards=" + ".join(map(str, log.plays["blue"])))]
        taken = [e for e in log.events if e.kind == "take-reserve"]
        if taken:
            intro.append(say.say("round", "reserve", taken="; ".join(
                f"{say.short(e['clan'])} {' + '.join(map(str, e['cards']))}" for e in taken)))
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
                d = e.data
                if e.kind == "move-bushi":
                    spec.arrows.append((d["src"], d["dst"], colour))
                    key = "move-bushi-as-recruit" if d["as_recruit"] else "move-bushi"
                    sentences.append(say.say("events", key, **names, count=d["count"], src=d["src"], dst=d["dst"]))
                elif e.kind == "move-daimyo":
                    spec.arrows.append((d["src"], d["dst"], colour))
                    sentences.append(say.say("events", "move-daimyo", **names, src=d["src"], dst=d["dst"]))
                elif e.kind == "move-tanbo":
                    spec.arrows.append((d["src"], d["dst"], TANBO))
                    sentences.append(say.say("events", "move-tanbo", **names, src=d["src"], dst=d["dst"]))
                elif e.kind == "recruit":
                    spec.highlight.append(d["cell"])
                    sentences.append(say.say("events", "recruit", **names, cell=d["cell"]))
                elif e.kind == "no-effect":
                    sentences.append(say.say("events", "no-effect", **names, why=say.say("why", d["kind"])))
                elif e.kind == "combat":
                    spec.add_combat(d["cell"], game.clans[d["attacker"]].colour, game.clans[d["defender"]].colour,
                                    d["attacker_lost"], d["defender_bushi_lost"], d["defender_daimyo_lost"])
                    survivors = d["attackers"] - d["attacker_lost"]
                    sentences.append(say.say(
                        "events", f"combat-{d['winner']}", **names, cell=d["cell"],
                        attackers=pieces_text(d["attackers"], False),
                        defenders=pieces_text(d["defending_bushi"], d["defending_daimyo"]),
                        attacker_lost=d["attacker_lost"], defender_lost=d["defender_bushi_lost"],
                        survivors=pieces_text(survivors, False)))
                elif e.kind == "daimyo-removed":
                    sentences.append(say.say("events", "daimyo-removed", clan=say.short(d["by"]),
                                             owner=say.short(d["owner"])))
            if step is log.steps[-1] and t.state.is_terminal() and len(log.steps) < len(log.order):
                sentences.append(say.say("events", "unresolved"))
            heading = f"**{step.number}** · {say.short(clan)} · {titles[step.number]}"
            panels.append(Panel(spec, heading, " ".join(sentences)))
        pages.append(RoundPage(log.round, intro, panels))
    return t, pages


def setup_spec(game: Game) -> DiagramSpec:
    from ..games.daimyni.rules import DaimyniState
    state = DaimyniState(Rules(game))
    return spec_of(game, notation.Position.of(state))
