"""Assemble the rules booklet from the game's prose (jinja2 + a small markup), figures drawn from
the definitions and diagrams of positions the engine replayed."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from pathlib import Path
from typing import Any

from ..catalog import is_data_only, rules_for
from ..draw import text
from ..draw.board import board_scene
from ..draw.card import card_back, card_face
from ..draw.miniature import legible
from ..draw.piece import counter_scene
from ..draw.shapes import PT, Group, Scene, Shape
from ..draw.trackboard import trackboard_scene
from ..engine.notation import GameRejected, NotationError, localized, read_notation_file
from ..errors import DefinitionError
from ..games.interface import AnyModule, BookletAdapter, Figure, Prose, RoundPage
from ..model import Card, Game
from ..model import Counter as PieceCounter
from ..model.aid import read_aid
from ..model.load import display, read_text, read_toml
from . import credits
from .components import card_rows, trim_width
from .flow import BOX_PAD, INK, LEAST_PT, SHORT_LIST_LINES, Flow, Frame, rich_wrap
from .markup import Block, parse
from .narration import Narrator, render_template

# What a booklet can print from the definitions alone: all a data-only game's booklet may use.
WITHOUT_ENGINE = ("cover", "components", "cards", "aid", "glossary", "credits", "box", "end-box")
# What needs the game replayed or played by its rules module, and why (for the refusal).
ENGINE_DIRECTIVES = {"walkthrough": "replays a sample game", "samples": "replays every sample game",
                     "simulation": "prints what `pnp simulate` measured by playing the game"}
_DIRECTIVE_LINE = re.compile(r"^[ \t]*@([A-Za-z0-9_-]+)", re.M)

# No page between the cover and the last is less full than this (the share of the text column down to
# its lowest mark) when moving page breaks can do it without adding a page (issue 25: 60 %).
BALANCED = 0.6
# mm above a section's heading, but for one at a page's top (`Flow.heading`)
HEADING_GAP = 6.0


def _clipped(scene: Scene, x: float, y: float, width: float) -> Group:
    k = width / scene.width
    return Group(legible(scene.shapes, k, LEAST_PT), x, y, 0.0, (0, 0, scene.width, scene.height), k)


class Booklet:
    def __init__(self, game: Game, lang: str):
        self.game, self.lang = game, lang
        self.say = Narrator(game, lang)
        self.where = display(game.folder / "booklet" / f"rules.{lang}.md")
        # a data-only game has no module: its booklet prints what the definitions hold (WITHOUT_ENGINE)
        self.module: AnyModule | None = None if is_data_only(game) else rules_for(game)
        adapter = self.module.booklet() if self.module is not None else None
        if self.module is not None and adapter is None:
            raise DefinitionError(display(game.folder / "booklet"), None,
                                  f"the rules module {self.module.id!r} has no booklet adapter")
        self.adapter: BookletAdapter | None = adapter
        first = next(iter(game.clans.values()), None)
        self.flow = Flow(Frame(accent=first.colour if first else INK),
                         f"{game.meta.title} · {self.say.say('booklet', 'tagline')}", lang=lang)
        self.samples = sorted((game.folder / "samples").glob("*.toml"))
        self.legend_shown = False
        self.made: dict[int, Any] = {}      # directive output measured ahead (see `box_height`), by block
        self.walked: dict[str, Any] = {}    # a walkthrough replayed ahead to measure its start, by sample
        self._samples: dict[Path, dict[str, Any]] = {}     # see `sample_data`

    def source(self) -> str:
        """The booklet's prose in this language, its template filled in (in the sandbox: see
        `pnp.reference.narration.render_template`)."""
        path = self.game.folder / "booklet" / f"rules.{self.lang}.md"
        where = display(path)
        raw = read_text(path, where, "the booklet's text in this language")
        if self.module is None:
            self.refuse_engine_directives(raw)
        count = Counter(c.type_id for c in self.game.cards)
        m = re.search(r"^@walkthrough\s+(\S+)", raw, re.M)
        walk = self.sample(m.group(1)) if m else None
        title = ""
        if walk is not None and walk.is_file():
            data = self.sample_data(walk)
            text = data.get("title", "")
            title = localized(text, self.lang) if isinstance(text, (str, dict)) else ""
        return render_template(raw, where, None, cards=self.game.cards, pieces=self.game.counters, count=count,
                               walkthrough_title=title, game=self.game.meta)

    def refuse_engine_directives(self, raw: str) -> None:
        """A data-only game's text may use only the WITHOUT_ENGINE directives: any other is refused
        with its line, before anything is drawn."""
        for m in _DIRECTIVE_LINE.finditer(raw):
            name = m.group(1)
            if name in WITHOUT_ENGINE:
                continue
            line = raw.count("\n", 0, m.start()) + 1
            raise DefinitionError(self.where, f"line {line}", self._engine_refusal(name))

    def _engine_refusal(self, name: str) -> str:
        why = ENGINE_DIRECTIVES.get(name, "is not a directive pnp draws from the definitions (a game's own figures "
                                          "come from its rules module)")
        return (f"@{name} {why}, and {self.game.meta.title} is a data-only game (no rules module); "
                f"its booklet may use {', '.join('@' + d for d in WITHOUT_ENGINE)}")

    def sample(self, name: str) -> Path:
        """samples/NAME.toml, for a name written in the booklet's text: no path may leave samples/."""
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}", name):
            where = display(self.game.folder / "booklet" / f"rules.{self.lang}.md")
            raise DefinitionError(where, "@walkthrough", f"{name!r}: expected the name of a file in samples/ "
                                                         "(letters, digits, '-' or '_', without .toml)")
        return self.game.folder / "samples" / f"{name}.toml"

    def build(self) -> list[list[Shape]]:
        self.lay_out()
        # first fit can leave a page half empty before something kept together: move some breaks
        self.flow = self.flow.loosened().balance(least=BALANCED, skip=1)
        return self.flow.finish()

    def lay_out(self) -> None:
        """Every block of the text handed to the flow in order: headings, paragraphs and the figures
        its directives draw (a web page reuses this with a flow of its own: `pnp.site.page`)."""
        blocks = parse(self.source())
        for i, block in enumerate(blocks):
            after = blocks[i + 1] if i + 1 < len(blocks) else None
            if block.kind == "h1" and after is not None and after.kind == "directive" and after.text == "cards":
                self.flow.ensure(62)    # the heading stays with the row of cards under it
            if block.kind == "h1" and self.adapter is not None and self.adapter.intro_with_first_round:
                # a walkthrough's heading and intro start on a page that holds its first round too: at a
                # page's foot, with the round overleaf, they read as cut off from what they introduce
                height = self.intro_height(blocks, i)
                # kept only when a page holds it (at a page's top the heading has no gap above it)
                if 0 < height - HEADING_GAP < self.flow.limit - self.flow.frame.top:
                    self.flow.keep(height, height)
            if block.kind == "h1":
                self.flow.heading(block.text, 1)
            elif block.kind == "h2":
                self.flow.heading(block.text, 2)
            elif block.kind == "para":
                self.flow.paragraph(block.text, then=self.short_list_after(blocks, i))
            elif block.kind == "bullet":
                if i == 0 or blocks[i - 1].kind != "bullet":       # a short list is kept on one page
                    run = [b.text for b in blocks[i:]]
                    ends = next((k for k, b in enumerate(blocks[i:]) if b.kind != "bullet"), len(run))
                    self.flow.keep_list(run[:ends])
                    if ends > 3:      # a long list opens with two items at least on its page
                        self.flow.keep_list(run[:2])
                elif (i + 2 < len(blocks) and blocks[i + 1].kind == "bullet" and blocks[i + 2].kind != "bullet"
                      and i >= 2 and blocks[i - 2].kind == "bullet"):
                    # ...and when it runs over a page, two items at least go with its last one: an item
                    # alone at the head of a page reads as cut off from its list
                    self.flow.keep_list([blocks[i].text, blocks[i + 1].text])
                self.flow.paragraph(block.text, indent=3.5, bullet="•")
            else:
                if self.adapter is None and block.text not in WITHOUT_ENGINE:   # one a template wrote
                    raise DefinitionError(self.where, f"@{block.text}", self._engine_refusal(block.text))
                handler = getattr(self, "do_" + block.text.replace("-", "_"), None)
                figures = self.adapter.figures() if self.adapter is not None else {}
                extra = figures.get(block.text)
                if block.text == "box":
                    # a box short enough for one page starts on a page that holds it: measured figures
                    # split from their method read as two statements
                    height = self.box_height(blocks, i, figures)
                    if height:
                        self.flow.keep(height + 2 * BOX_PAD + 3, 2 * BOX_PAD + 14)
                if i in self.made:
                    self.place(self.made.pop(i))
                elif extra is not None:
                    self.place(extra(self.game, self.lang, block.arg))
                elif handler is not None:
                    handler(block.arg)
                else:
                    known = ["cover", "credits", "aid", "glossary", "components", "cards", "walkthrough", "samples",
                             "simulation", "box", "end-box", "legend", *figures]
                    raise DefinitionError(self.where, f"@{block.text}",
                                          f"unknown figure directive (known: {', '.join(known)})")

    def box_height(self, blocks: list[Block], i: int, figures: dict[str, Any]) -> float:
        """The height of the blocks from an @box at block i to its @end-box, when it can be told before
        laying them out (paragraphs, bullets and lines a game's directive returns); 0 when it cannot
        (a drawn figure inside) or the box is taller than a page. A directive run here is kept for its
        own turn (`made`), so it runs once."""
        f, total = self.flow, 0.0
        for k in range(i + 1, len(blocks)):
            b = blocks[k]
            if b.kind == "directive" and b.text == "end-box":
                return total if total < f.limit - f.frame.top - 2 * BOX_PAD - 3 else 0.0
            if b.kind == "para":
                total += f.lines_height([b.text])[1]
            elif b.kind == "bullet":
                total += f.lines_height([b.text], indent=3.5)[1]
            elif b.kind == "directive" and b.text in figures:
                items = self.made[k] = figures[b.text](self.game, self.lang, b.arg)
                if any(not isinstance(x, str) for x in items):
                    return 0.0
                total += sum(f.lines_height([x], indent=0.0 if isinstance(x, Prose) else 3.5)[1] for x in items)
            else:
                return 0.0
        return 0.0

    def intro_height(self, blocks: list[Block], i: int) -> float:
        """The height of the heading at block i, the paragraphs under it and the first round of the
        walkthrough they lead into; 0 when no walkthrough follows them (or it starts from a drawn
        position, which its own figure lays out)."""
        paras = 0.0
        for b in blocks[i + 1:]:
            if b.kind == "para":
                paras += self.flow.lines_height([b.text])[1]
            elif b.kind == "directive" and b.text == "walkthrough":
                start = self.walkthrough_start(b.arg)
                return start + paras if start else 0.0
            else:
                return 0.0
        return 0.0

    def short_list_after(self, blocks: list[Block], i: int) -> float:
        """The height of the short list (SHORT_LIST_LINES or fewer) right after block i, which then leads
        into it and stays with it on one page; 0 when none follows."""
        run = []
        for b in blocks[i + 1:]:
            if b.kind != "bullet":
                break
            run.append(b.text)
        if not run:
            return 0.0
        n, height = self.flow.lines_height(run, indent=3.5)
        return height if n <= SHORT_LIST_LINES else 0.0

    def fit_figure(self, scene: Scene, width: float, caption: str, least: float = 0.7) -> None:
        """A figure `width` wide, centred; made smaller (down to `least` of its width) rather than
        pushed to the next page when the space left on this page nearly holds it."""
        self.flow.fit_figure(scene, width, caption, least)

    def place(self, items: list[Figure] | list[str]) -> None:
        """A game's own figures: one is centred at its `share` of the width (60 %), several go two to a row;
        lines are bullets."""
        figures = [i for i in items if isinstance(i, Figure)]
        lines = [i for i in items if isinstance(i, str)]
        for k, line in enumerate(lines):
            if isinstance(line, Prose):
                self.flow.paragraph(line)
                continue
            if k == 0 or isinstance(lines[k - 1], Prose):      # a run of bullets is kept on one page
                self.flow.keep_list(list(itertools.takewhile(lambda x: not isinstance(x, Prose), lines[k:])))
            self.flow.paragraph(line, indent=3.5, bullet="•")
        if len(figures) == 1:
            one = figures[0]
            self.fit_figure(one.scene, self.flow.width * one.share, one.caption, one.least)
        elif figures:
            self.flow.grid([(f.scene, f.scene.height / f.scene.width, f.caption) for f in figures], cols=2, gap=6)

    # -- directives ---------------------------------------------------------------------

    def do_simulation(self, arg: str) -> None:
        """A table `pnp simulate --save` kept in the game folder: a chart and a line per subject (see
        `pnp.simulate.booklet`)."""
        from ..simulate.booklet import COMMA, GAMES, LINE, figure, measured
        names = {cid: clan.name.get(self.lang, cid) for cid, clan in self.game.clans.items()}
        m = measured(self.game.folder, arg, display(self.game.folder / "booklet" / f"rules.{self.lang}.md"),
                     self.flow.width, names)
        if m.scene is not None:
            self.fit_figure(m.scene, self.flow.width, m.caption)
        data, lang = self.say.data, self.lang     # the narration words the figures in the booklet's language
        for r in m.rows:
            self.flow.paragraph(credits.booklet_word(data, "simulation-line", LINE, subject=r.subject,
                                                     value=figure(r.value, m.shares, lang),
                                                     low=figure(r.low, m.shares, lang),
                                                     high=figure(r.high, m.shares, lang)), indent=3.5, bullet="•")
        if m.games:
            games = f"{m.games:,}".replace(",", "." if lang in COMMA else ",")
            self.flow.paragraph(credits.booklet_word(data, "simulation-games", GAMES, n=games), size=7.8)

    def do_box(self, _arg: str) -> None:
        """@box ... @end-box: the blocks between are set apart in a box (measured figures, not rules)."""
        self.flow.box_open()

    def do_end_box(self, _arg: str) -> None:
        self.flow.box_close()

    def do_cover(self, _arg: str) -> None:
        f, g = self.flow, self.game
        w = f.frame.width
        f.add(*text.box(10, 22, w - 20, 18, g.meta.title, "sans-bold", 34, "center", INK, valign="middle"))
        sub = g.meta.subtitle.get(self.lang, "")
        if sub:
            f.add(*text.box(10, 42, w - 20, 8, sub, "sans", 13, "center", INK, valign="middle"))
        if g.meta.kanji:
            f.add(*text.box(10, 54, w - 20, 26, g.meta.kanji, "jp", 48, "center", f.frame.accent, valign="middle"))
        f.add(*text.box(14, 82, w - 28, 7, self.say.say("booklet", "tagline"), "sans-bold", 10, "center", INK,
                        valign="middle"))
        facts = " · ".join(credits.facts(g.meta, self.lang, self.say.data))
        f.add(*text.box(14, 89, w - 28, 6, facts, "sans", 9, "center", f.frame.accent, valign="middle"))
        board = self.adapter.cover_scene(g, self.lang) if self.adapter is not None else self.plain_board()
        if board is not None:
            bw = min(w - 28, 86 * board.width / board.height)
            f.add(_clipped(board, (w - bw) / 2, 99, bw))
        by = credits.byline(g.meta, self.lang, self.say.data)
        if by:
            f.add(*text.box(16, 190, w - 32, 8, by, "sans", 9, "center", INK, valign="middle"))
        f.new_page()

    def plain_board(self) -> Scene | None:
        """A data-only game's board, hex or tracks, for its cover and components (a game with a rules
        module draws its board with its own figures)."""
        if self.game.board is not None:
            return board_scene(self.game, self.lang)
        if self.game.trackboard is not None:
            return trackboard_scene(self.game, self.lang)
        return None

    def _data(self, kind: str, what: str) -> tuple[dict[str, Any], str]:
        """booklet/KIND.LANG.toml, read and named for errors."""
        path = self.game.folder / "booklet" / f"{kind}.{self.lang}.toml"
        if not path.is_file():
            raise DefinitionError(display(path), None, f"missing: @{kind} prints {what} from this file")
        return read_toml(path), display(path)

    def _text(self, value: object, where: str, key: str) -> str:
        if not isinstance(value, str):
            raise DefinitionError(where, key, f"expected text, got {value!r}")
        count = Counter(c.type_id for c in self.game.cards)
        return render_template(value, where, key, count=count, game=self.game.meta)

    def do_aid(self, _arg: str) -> None:
        """The player aid: a one-page turn summary from booklet/aid.LANG.toml (`pnp.model.aid`, the
        same data as the kit's reference card), on a page of its own. It must fit on that page."""
        aid, where = read_aid(self.game.folder, self.lang)
        aid = aid.rendered(lambda value, key: self._text(value, where, key))
        f = self.flow
        f.page_break()
        page = len(f.pages)
        f.heading(aid.title, 1)
        for sec in aid.section:
            f.heading(sec.heading, 2)
            for line in sec.lines:
                f.paragraph(line, size=7.6, indent=3.5, bullet="•")
        if len(f.pages) != page:
            raise DefinitionError(where, None, "the player aid does not fit on one A5 page: shorten it")
        f.close_page()     # whatever follows starts on a new page

    def do_glossary(self, _arg: str) -> None:
        """The glossary: each term in bold with its definition, from booklet/glossary.LANG.toml."""
        data, where = self._data("glossary", "the glossary ([[term]] with term, definition, forbidden)")
        for i, entry in enumerate(glossary_entries(data, where)):
            self.flow.paragraph(f"**{entry.term}.** {self._text(entry.definition, where, f'term[{i}].definition')}",
                                size=8.2)

    def do_credits(self, _arg: str) -> None:
        """The credit lines and the licence note, small, where the text puts them (the last page)."""
        for line in credits.credit_lines(self.game.meta, self.lang):
            self.flow.paragraph(line, size=7.8)
        note = credits.licence(self.game.meta, self.lang)
        if note:
            self.flow.paragraph(note, size=7.2)

    def do_components(self, _arg: str) -> None:
        g, lang, say = self.game, self.lang, self.say
        rows = card_rows(g, lang, self.flow.width, 3.0, LEAST_PT)
        cells = []
        for key, cards in rows.kinds.items():
            one = cards[0]
            least = rows.name_pt(g, one, LEAST_PT)      # the type that prints at LEAST_PT at this size
            face = card_face(g, one, lang, name_pt=least, text_pt=least)
            title = one.type.title[lang] if key == one.type_id else g.back(one).title.get(lang, key)
            sets = len({c.clan.id for c in cards if c.clan is not None})
            # the face shown is one card of many: a caption may name it (its type and clan) apart from the deck
            owner = (one.clan.short.get(lang) or one.clan.name.get(lang, one.clan.id)) if one.clan else ""
            cells.append((face, face.height / face.width, say.say("booklet", "components-cards", title=title,
                                                 n=len(cards), per=len(cards) // max(sets, 1), sets=sets,
                                                 types=len({c.type_id for c in cards}),
                                                 kind=one.type.title[lang], clan=owner)))
        for c in rows.backs:
            back = card_back(g, c, lang)
            sets = len({d.back_key for d in g.cards if d.deck == c.deck})    # a back per player's set
            cells.append((back, back.height / back.width, say.say("booklet", "components-back",
                                                                  title=g.back(c).title.get(lang, c.back_key),
                                                                  sets=sets if sets > 1 else 0)))
        self.flow.grid(cells, cols=rows.cols, gap=3.0, cell=rows.cell)
        seen: dict[str, tuple[PieceCounter, int]] = {}
        for counter in g.counters:
            key = counter.piece.id
            if key not in seen:
                seen[key] = (counter, 0)
            seen[key] = (seen[key][0], seen[key][1] + 1)
        pieces = [(counter_scene(c, lang, bleed=False, game=g), 1.0,
                   say.say("booklet", "components-piece", name=c.piece.name[lang], n=n, mark=c.piece.kanji))
                  for c, n in seen.values()]
        self.flow.grid(pieces, cols=4, gap=8)
        width = self.flow.width
        if g.board is not None:
            self.fit_figure(board_scene(g, lang), width * 0.8, say.say("booklet", "components-board"))
        elif self.adapter is None and g.trackboard is not None:
            self.fit_figure(trackboard_scene(g, lang), width * 0.8, say.say("booklet", "components-board"))
        if g.tiles is not None:
            from ..draw.tile import mat_scene, tile_scene
            t = g.tiles
            first = next(iter(g.clans.values()), None)
            tiles = [(tile_scene(g, None, lang, bleed=False), 0.866,
                      say.say("booklet", "components-neutral", name=t.title, n=t.neutral))]
            if first is not None:
                tiles.append((tile_scene(g, first, lang, bleed=False), 0.866,
                              say.say("booklet", "components-per-clan", name=t.title, n=t.per_clan)))
            if g.mats is not None and first is not None:
                mat = mat_scene(g, first, lang)
                tiles.append((mat, mat.height / mat.width, say.say("booklet", "components-per-clan",
                                                                  name=g.mats.name.get(lang, g.mats.file), n=1)))
            self.flow.grid(tiles, cols=3)

    def do_cards(self, arg: str) -> None:
        """`@cards`: one face of each type, titled; `@cards kanji`: the title followed by the type's kanji
        (for a game whose diagrams show cards by their kanji alone). Type ids after it (`@cards kanji
        leader fleet`) pick those types, in that order, set in one row: the cards a section of the rules
        explains stand beside its text, not in a gallery of the whole deck split over two pages.
        `names`: each face sets its name large enough to print at the booklet's smallest type, where the
        face's name box holds it (drawn small, a name shows as a bar)."""
        g = self.game
        firsts: dict[str, Card] = {}
        deck = g.cards[0].back_key
        for c in g.cards:
            if c.back_key == deck:
                firsts.setdefault(c.type_id, c)
        words = arg.split()
        kanji, named = "kanji" in words, "names" in words
        picked = [w for w in words if w not in ("kanji", "names")]
        unknown = [w for w in picked if w not in firsts]
        if unknown:
            raise DefinitionError(self.where, "@cards", f"{unknown[0]!r}: not a card type of this deck "
                                                        f"(known: {', '.join(firsts)})")
        chosen = [firsts[w] for w in picked] if picked else list(firsts.values())
        if picked and len(chosen) <= 6:
            cols = max(len(chosen), 4)
        else:
            cols = len(chosen) if len(chosen) in (3, 5) else 4
        cell = (self.flow.width - 3 * (cols - 1)) / cols
        small = self.adapter.thumbnail if self.adapter is not None else (lambda *_: None)
        faces = [(small(g, c, self.lang)
                  or card_face(g, c, self.lang, name_pt=LEAST_PT * trim_width(g, c) / cell if named else 0.0), c)
                 for c in chosen]
        cells = [(f, f.height / f.width, f"**{c.type.title[self.lang]}**"
                  + (f" {c.type.kanji}" if kanji and c.type.kanji else "")) for f, c in faces]
        self.flow.grid(cells, cols=cols, gap=3)

    def sample_data(self, path: Path) -> dict[str, Any]:
        """A sample's TOML, read once for the booklet: its title (`source`) and its notes (`notes`)
        come from the same file, which does not change while a booklet is made; nothing changes
        the data read."""
        if path not in self._samples:
            self._samples[path] = read_toml(path)
        return self._samples[path]

    def notes(self, path: Path) -> dict[int, str]:
        """The project's note on each round of a sample (its `note`, text or {lang = text}), by the round's place
        in the sample: 1 for its first [[round]], even when a stated position numbers that round 6."""
        rounds = self.sample_data(path).get("round", [])
        out = {}
        for i, entry in enumerate(rounds if isinstance(rounds, list) else [], 1):
            note = entry.get("note") if isinstance(entry, dict) else None
            text = localized(note, self.lang) if isinstance(note, (str, dict)) else ""
            if text:
                out[i] = text
        return out

    def engine(self) -> tuple[AnyModule, BookletAdapter]:
        assert self.module is not None and self.adapter is not None, "refused for a data-only game"
        return self.module, self.adapter

    def do_legend(self, _arg: str) -> None:
        """The key to the diagrams where the text first needs it (examples before the walkthrough);
        the walkthrough then does not print it again."""
        self.legend()

    def legend(self) -> None:
        """The key, once per booklet, whole on one page: read against the diagrams it explains, a key
        split over a page break makes the reader turn back for the end of a sentence."""
        if not self.legend_shown:
            key = self.say.say("booklet", "legend")
            height = self.flow.lines_height([key], size=7.6)[1]
            self.flow.keep(height, height)
            self.flow.paragraph(key, size=7.6)
            self.legend_shown = True

    def walked_through(self, arg: str) -> Any:
        """A sample replayed into its rounds and its drawn start (None: it starts from the setup), once."""
        if arg not in self.walked:
            _module, adapter = self.engine()
            transcript, rounds = adapter.walkthrough(self.game, self.sample(arg), self.lang)
            self.walked[arg] = (transcript, rounds, adapter.start_figure(self.game, transcript, self.lang))
        return self.walked[arg]

    def round_height(self, rp: RoundPage) -> tuple[float, float]:
        """How much of a page a walkthrough round needs: its heading, intro, first row of diagrams and
        their captions; and its heading and intro alone."""
        first = rp.panels[0].scene if rp.panels else None
        row = (self.flow.width - 5) / 2 * (first.height / first.width) if first is not None else 0
        intro = sum(len(rich_wrap(line, 8.0, self.flow.width)) * 8.0 * PT * 1.38 + 8.0 * PT * 0.55
                    for line in rp.intro)
        caption = max((len(rich_wrap(lead_in(p.heading, p.sentence), 7.0, (self.flow.width - 5) / 2))
                       for p in rp.panels[:2]), default=0) * 7.0 * PT * 1.32
        return 9 + intro + row + caption + 4, 9 + intro

    def walkthrough_start(self, arg: str) -> float:
        """The height of a walkthrough's heading, description, key and first round (0 when it starts
        from a drawn position, which its own figure lays out)."""
        transcript, rounds, start = self.walked_through(arg)
        description = localized(transcript.description, self.lang)
        if not rounds or start is not None:
            return 0.0
        height = 22.0 + (self.flow.lines_height([description])[1] if description else 0.0)
        if not self.legend_shown:
            height += self.flow.lines_height([self.say.say("booklet", "legend")], size=7.6)[1]
        return height + self.round_height(rounds[0])[0]

    def do_walkthrough(self, arg: str) -> None:
        _module, adapter = self.engine()
        notes = self.notes(self.sample(arg))
        transcript, rounds, start = self.walked_through(arg)
        description = localized(transcript.description, self.lang)
        # the start position, as wide as a step's diagram (never shrunk: smaller, its cell labels would fall
        # under 6 pt), with the game's description and its caption beside it once the key is printed
        side = (self.flow.width - 5) / 2
        if start is not None and description and self.legend_shown:
            self.flow.beside(start.scene, side, description, start.caption)
            start = None
        elif description:
            self.flow.paragraph(description)
        self.legend()      # the key to the diagrams, once per booklet
        if start is not None:
            self.fit_figure(start.scene, side, start.caption, least=1.0)
        for place, rp in enumerate(rounds, 1):
            # a round starts where the last one ended, provided its heading, intro and first row of
            # diagrams fit below (no forced page per round: that left pages half empty); when that
            # leaves a page half empty, `Flow.balance` may let the heading and intro stand at its foot
            self.flow.keep(*self.round_height(rp))
            self.flow.heading(self.say.say("booklet", "round", n=rp.round), 2)
            for line in rp.intro:
                self.flow.paragraph(line, size=8.0)
            cells = []
            for panel in rp.panels:
                scene = panel.scene
                cells.append((scene, scene.height / scene.width, lead_in(panel.heading, panel.sentence)))
            note = notes.get(place)
            label = self.say.say("booklet", "comment") if note else ""
            # a round's note stays on the page of its last row of diagrams, the step it comments on
            self.flow.grid(cells, cols=2, gap=5, then=self.flow.aside_height(label, note) if note else 0.0)
            if note:
                self.flow.aside(label, note, glued=True)

    def do_samples(self, _arg: str) -> None:
        module, adapter = self.engine()
        for path in self.samples:
            try:
                t = module.replay(self.game, read_notation_file(path, display(path)), display(path))
            except (NotationError, GameRejected) as exc:
                raise DefinitionError(display(path), None,
                                      f"a sample the booklet lists does not replay: {exc}") from None
            values = {"title": localized(t.title, self.lang) or path.stem, "file": path.name,
                      "rounds": len(t.rounds), "description": localized(t.description, self.lang)}
            values.update(adapter.sample_values(self.game, t, self.lang))
            self.flow.paragraph(self.say.say("booklet", "sample", **values), indent=3.5, bullet="•")


def lead_in(heading: str, sentence: str) -> str:
    """A walkthrough step's caption: its heading, then what happened. A heading that brings its own stop
    (a bold lead-in, "**B · Sowers.**") is not given a second one."""
    stop = "" if heading.rstrip("*").endswith((".", ":", "!", "?")) else "."
    return f"{heading}{stop} {sentence}"


class GlossaryEntry:
    def __init__(self, term: str, definition: str, forbidden: list[str]):
        self.term, self.definition, self.forbidden = term, definition, forbidden


def glossary_entries(data: dict[str, Any], where: str) -> list[GlossaryEntry]:
    """The [[term]] tables of a glossary file: term, definition, forbidden (variants not to use)."""
    terms = data.get("term", [])
    if not isinstance(terms, list):
        raise DefinitionError(where, "term", "expected [[term]] tables")
    out = []
    for i, t in enumerate(terms):
        ok = (isinstance(t, dict) and isinstance(t.get("term"), str) and isinstance(t.get("definition"), str)
              and isinstance(t.get("forbidden", []), list) and all(isinstance(v, str) for v in t.get("forbidden", [])))
        if not ok:
            raise DefinitionError(where, f"term[{i}]", "expected term and definition (texts) and forbidden "
                                                      "(a list of texts)")
        out.append(GlossaryEntry(t["term"], t["definition"], list(t.get("forbidden", []))))
    return out


def pdf_metadata(game: Game, lang: str) -> dict[str, str]:
    """Title, subject and author for the booklet's PDF, in the build's language."""
    data = Narrator(game, lang).data
    return {"title": credits.pdf_title(game.meta, lang, data), "subject": credits.pdf_subject(game.meta, lang, data),
            "author": credits.pdf_author(game.meta, lang)}


def build_booklet(game: Game, lang: str) -> list[list[Shape]]:
    """The booklet's A5 pages (lists of shapes)."""
    return Booklet(game, lang).build()
