"""Assemble the rules booklet from the game's prose (jinja2 + a small markup), figures drawn from
the definitions and diagrams of positions the engine replayed."""

from __future__ import annotations

from collections import Counter

import jinja2

from ..draw import text
from ..draw.board import board_scene
from ..draw.card import card_back, card_face
from ..draw.diagram import position_diagram
from ..draw.piece import counter_scene
from ..draw.shapes import Group, Scene
from ..errors import DefinitionError
from ..engine.notation import localized
from ..games.daimyni import notation
from ..games.daimyni.rules import Rules, combat
from ..model import Game
from ..model.load import display
from . import daimyni as dm
from .flow import Flow, Frame, INK
from .markup import parse
from .narration import Narrator, pieces_text


def _clipped(scene: Scene, x: float, y: float, width: float) -> Group:
    k = width / scene.width
    return Group(tuple(scene.shapes), x, y, 0.0, (0, 0, scene.width, scene.height), k)


class Booklet:
    def __init__(self, game: Game, lang: str):
        self.game, self.lang = game, lang
        self.say = Narrator(game, lang)
        self.rules_id = game.meta.rules or game.id
        if self.rules_id == "daimyo":
            from . import daimyo as ref
            self.ref = ref
        else:
            self.ref = dm
        red = next(iter(game.clans.values()))
        self.flow = Flow(Frame(accent=red.colour), f"{game.meta.title} · {self.say.say('booklet', 'tagline')}")
        self.samples = sorted((game.folder / "samples").glob("*.toml"))

    def source(self) -> str:
        path = self.game.folder / "booklet" / f"rules.{self.lang}.md"
        try:
            raw = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise DefinitionError(display(path), None, "file not found: the booklet's text in this language") from None
        count = Counter(c.type_id for c in self.game.cards)
        import re
        m = re.search(r"^@walkthrough\s+(\S+)", raw, re.M)
        walk = self.game.folder / "samples" / f"{m.group(1) if m else ''}.toml"
        title = ""
        if walk.is_file():
            import tomllib
            title = localized(tomllib.loads(walk.read_text(encoding="utf-8")).get("title", ""), self.lang)
        try:
            return jinja2.Environment(undefined=jinja2.StrictUndefined).from_string(raw).render(
                cards=self.game.cards, pieces=self.game.counters, count=count, walkthrough_title=title,
                game=self.game.meta)
        except jinja2.TemplateError as exc:
            raise DefinitionError(display(path), None, f"template error: {exc}") from None

    def build(self) -> list[list]:
        for block in parse(self.source()):
            if block.kind == "h1":
                self.flow.heading(block.text, 1)
            elif block.kind == "h2":
                self.flow.heading(block.text, 2)
            elif block.kind == "para":
                self.flow.paragraph(block.text)
            elif block.kind == "bullet":
                self.flow.paragraph(block.text, indent=3.5, bullet="•")
            else:
                handler = getattr(self, "do_" + block.text.replace("-", "_"), None)
                if handler is None:
                    raise DefinitionError(self.say.where.replace("narration", "rules").replace(".toml", ".md"),
                                          f"@{block.text}", "unknown figure directive")
                handler(block.arg)
        return self.flow.finish()

    # -- directives ---------------------------------------------------------------------

    def do_cover(self, _arg: str) -> None:
        f, g = self.flow, self.game
        w = f.frame.width
        f.add(*text.box(10, 22, w - 20, 18, g.meta.title, "sans-bold", 34, "center", INK, valign="middle"))
        sub = g.meta.subtitle.get(self.lang, "")
        if sub:
            f.add(*text.box(10, 42, w - 20, 8, sub, "sans", 13, "center", INK, valign="middle"))
        f.add(*text.box(10, 54, w - 20, 26, "大名", "jp", 48, "center", f.frame.accent, valign="middle"))
        f.add(*text.box(14, 84, w - 28, 7, self.say.say("booklet", "tagline"), "sans-bold", 10, "center", INK,
                        valign="middle"))
        if g.board is not None:
            board = board_scene(g, self.lang)
        else:
            board = self.ref.start_maps(g, self.lang)[-1][0]
        bw = min(w - 28, 88 * board.width / board.height)
        f.add(_clipped(board, (w - bw) / 2, 98, bw))
        f.add(*text.box(16, 190, w - 32, 10, self.say.say("booklet", "proof"), "sans", 7.5, "center", "#5a5348",
                        valign="middle"))
        f.new_page()

    def do_components(self, _arg: str) -> None:
        g, lang, say = self.game, self.lang, self.say
        cw, ch = g.card_size.size
        by_type: dict[str, list] = {}
        for c in g.cards:
            by_type.setdefault(c.type_id, []).append(c)
        if len(by_type) > 6:   # many kinds: one card a deck instead
            by_type = {}
            for c in g.cards:
                by_type.setdefault(c.back_key, []).append(c)
        cells = []
        clans = len(g.clans)
        for key, cards in by_type.items():
            face = card_face(g, cards[0], lang)
            title = cards[0].type.title[lang] if key == cards[0].type_id else g.back(cards[0]).title.get(lang, key)
            cells.append((face, ch / cw, say.say("booklet", "components-cards", title=title,
                                                 n=len(cards), per=len(cards) // clans)))
        backs = {}
        for c in g.cards:
            backs.setdefault(c.back_key, c)
        for c in list(backs.values())[:1] if g.board is not None else backs.values():
            cells.append((card_back(g, c, lang), ch / cw, say.say("booklet", "components-back",
                                                                  title=g.back(c).title.get(lang, c.back_key))))
        self.flow.grid(cells, cols=3)
        seen: dict[str, tuple] = {}
        for counter in g.counters:
            key = counter.piece.id
            if key not in seen:
                seen[key] = (counter, 0)
            seen[key] = (seen[key][0], seen[key][1] + 1)
        pieces = [(counter_scene(c, lang), 1.0, say.say("booklet", "components-piece", name=c.piece.name[lang], n=n))
                  for c, n in seen.values()]
        self.flow.grid(pieces, cols=4, gap=8)
        width = self.flow.width
        if g.board is not None:
            board = board_scene(g, lang)
            self.flow.figure(_clipped(board, 0, 0, width), width * board.height / board.width,
                             say.say("booklet", "components-board"))
        if g.tiles is not None:
            from ..draw.tile import mat_scene, tile_scene
            t = g.tiles
            first = next(iter(g.clans.values()))
            tiles = [(tile_scene(g, None, lang), 0.866, f"Han: {t.neutral} neutral"),
                     (tile_scene(g, first, lang), 0.866, f"Han: {t.per_clan} per clan")]
            if g.mats is not None:
                mat = mat_scene(g, first, lang)
                tiles.append((mat, mat.height / mat.width, f"{g.mats.name.get(lang, 'Samegawa')}: 1 per clan"))
            self.flow.grid(tiles, cols=3)

    def do_setup(self, _arg: str) -> None:
        if self.rules_id == "daimyo":
            maps = self.ref.start_maps(self.game, self.lang)
            self.flow.grid([(sc, sc.height / sc.width, cap) for sc, cap in maps], cols=2, gap=6)
            return
        scene = position_diagram(self.game, dm.setup_spec(self.game), "setup")
        width = self.flow.width * 0.7
        group = _clipped(scene, self.flow.width * 0.15, 0, width)
        self.flow.figure(group, width * scene.height / scene.width, self.say.say("booklet", "setup"))

    def do_cards(self, _arg: str) -> None:
        g = self.game
        cw, ch = g.card_size.size
        firsts = {}
        deck = g.cards[0].back_key
        for c in g.cards:
            if c.back_key == deck:
                firsts.setdefault(c.type_id, c)
        cells = [(card_face(g, c, self.lang), ch / cw, f"**{c.type.title[self.lang]}**") for c in firsts.values()]
        self.flow.grid(cells, cols=len(cells) if len(cells) in (3, 5) else 4, gap=3)

    def do_examples(self, _arg: str) -> None:
        figures = self.ref.example_figures(self.game, self.lang)
        self.flow.grid([(sc, sc.height / sc.width, cap) for sc, cap in figures], cols=2, gap=6)

    def do_combat_table(self, _arg: str) -> None:
        cases = ((3, 1, False), (1, 2, False), (2, 2, False), (2, 1, True), (1, 1, True))
        if self.rules_id == "daimyo":
            cases = ((4, 3, False),) + cases
        for attackers, bushi, daimyo in cases:
            if self.rules_id == "daimyo":   # each game's own engine computes its table
                from ..games.daimyo.rules import combat as daimyo_combat
                d = daimyo_combat(attackers, bushi, daimyo)
                winner, a_lost, d_lost, daimyo_lost = d.winner, d.attacker_lost, d.defender_lost, d.daimyo_lost
            else:
                r = combat(attackers, bushi, daimyo)
                winner, a_lost, d_lost, daimyo_lost = r.winner, r.attacker_lost, r.defender_bushi_lost, r.defender_daimyo_lost
            defenders = bushi + (1 if daimyo else 0)
            if winner == "attacker":
                outcome = self.say.say("table", "attacker", lost=a_lost, kept=attackers - a_lost)
            elif winner == "defender":
                outcome = self.say.say("table", "defender", lost=d_lost, kept=defenders - d_lost)
            else:
                outcome = self.say.say("table", "tie")
            row = self.say.say("table", "row", attackers=pieces_text(attackers, False),
                               defenders=pieces_text(bushi, daimyo), outcome=outcome, daimyo_lost=daimyo_lost)
            self.flow.paragraph(row, indent=3.5, bullet="•")

    def do_walkthrough(self, arg: str) -> None:
        path = self.game.folder / "samples" / f"{arg}.toml"
        transcript, rounds = self.ref.walkthrough(self.game, path, self.lang)
        if transcript.description:
            self.flow.paragraph(localized(transcript.description, self.lang))
        self.flow.paragraph(self.say.say("booklet", "legend"), size=7.6)
        for rp in rounds:
            if not self.flow.at_top():
                self.flow.new_page()
            self.flow.heading(self.say.say("booklet", "round", n=rp.round), 2)
            for line in rp.intro:
                self.flow.paragraph(line, size=8.0)
            cells = []
            for panel in rp.panels:
                scene = panel.scene or position_diagram(self.game, panel.spec, f"round-{rp.round}")
                cells.append((scene, scene.height / scene.width, f"{panel.heading}. {panel.sentence}"))
            self.flow.grid(cells, cols=2, gap=5)

    def do_samples(self, _arg: str) -> None:
        if self.rules_id == "daimyo":
            for path in self.samples:
                self.flow.paragraph(self.say.say("booklet", "sample", **self.ref.sample_line(self.game, path, self.lang)),
                                    indent=3.5, bullet="•")
            return
        rules = Rules(self.game)
        for path in self.samples:
            t = notation.replay(path.read_text(encoding="utf-8"), rules, display(path))
            winner = self.say.short(t.state.winner) if t.state.winner else "-"
            self.flow.paragraph(self.say.say("booklet", "sample", title=localized(t.title, self.lang) or path.stem,
                                             file=path.name, rounds=len(t.rounds), winner=winner, round=t.state.round,
                                             description=localized(t.description, self.lang)),
                                indent=3.5, bullet="•")


def build_booklet(game: Game, lang: str) -> list[list]:
    """The booklet's A5 pages (lists of shapes)."""
    return Booklet(game, lang).build()
