"""Shogun Solitaire figures for the booklet: positions as play-area and hand diagrams (drawn by the
generic `pnp.draw.table`), events as sentences, the rulebook's examples as replayed before/after
pairs, and the difficulty table measured by playing seeded games.

Every diagram is a position the rules reached by replaying a notation file (a sample game or an
example from `examples/`), so a diagram cannot show an illegal position."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...draw import image, text
from ...draw.shapes import Group, Rect, Scene, Style
from ...draw.table import Seat, table_scene
from ...draw.trackboard import trackboard_scene
from ...engine.events import GameEvent
from ...engine.notation import localized
from ...engine.replay import Transcript
from ...errors import DefinitionError
from ...model import Game
from ...model.load import display, read_text
from ...reference.narration import Phrasebook
from ...simulate.booklet import NAME, saved
from ...simulate.stats import Row, wilson
from ..interface import BookletAdapter, Figure, Panel, Prose, RoundPage
from . import notation
from .events import Discarded, Drew, Ended, Met, Played, Returned, Revealed4, Seized, SetAside, Struck
from .rules import OBJECTIVES, RANKS, InRow, ShogunState, clan_of, kind
from .rules import rank as rank_of

Replayed = Transcript[ShogunState, list[str]]

PLAY_ROW = "#e2a21b"      # the dot before each row: play area (gold), hand (ink), discarded (grey), revealed (blue)
HAND_ROW = "#231f1a"
GONE_ROW = "#9a8f83"
ASIDE_INK = "#8a6d3b"     # ASIDE_MARK's colour: it parts the cards set aside (shuffled back) from the discarded
ASIDE_MARK = "↺"
SHOWN_ROW = "#4f7fbf"
# the article a discard's cards take: the deck's cards met by a Raid are new to the reader ("an Envoy"), the
# Samurai that stops one is "your Samurai"; the others were in the hand or the play area ("the Envoy")
ARTICLE = {"raid-deck": "a", "raid-samurai": ""}
# the mon's side on a mini card (20 x 28): at the smallest scale a booklet prints a diagram (cards
# 15.8 pt wide) its ring is over 6 pt across, so its shape tells the clan when the colours do not
MON = 8.6
DIFFICULTY_GAMES = 400      # seeded games behind the booklet's difficulty table (seeds 1..N)
DIFFICULTY = "simulation-difficulty"   # the saved simulations it prints (and the same name ending -random)


class Cards:
    """Small card pictures for the diagrams, by notation name (hojo-cavalry, fleet; a played wild as
    ``fleet as kato-soldier``), each drawn once. A printed card face shrunk to a diagram's size
    leaves nothing legible, so a diagram card shows what play needs: its colour and its type's
    kanji, large; a wild in the play area takes the colour of the clan it was named as, with the
    kanji of the type it stands for under its own."""

    W, H = 20.0, 28.0

    def __init__(self, game: Game, lang: str):
        self.game, self.lang = game, lang
        self.by_name = {(f"{c.clan.id}-{c.type_id}" if c.clan else c.type_id): c for c in game.cards}
        self.drawn: dict[str, Scene] = {}

    def __call__(self, name: str) -> Scene:
        if name not in self.drawn:
            self.drawn[name] = self.draw(name)
        return self.drawn[name]

    def draw(self, name: str) -> Scene:
        card, _, declared = name.partition(" as ")
        c = self.by_name[card.strip()]
        colour, tint = c.colour, c.tint
        w, h = self.W, self.H
        scene = Scene(f"mini-{name.replace(' ', '-')}", w, h, 0.0)
        # a wild named without a clan (a Leader named as a type of its own clan) keeps its own clan's mon
        clan = (clan_of(declared) if declared else None) or (c.clan.id if c.clan else None)
        if declared and clan in self.game.clans:
            colour, tint = self.game.clans[clan].colour, self.game.clans[clan].tint
        scene.add(Rect(0, 0, w, h, Style(fill=tint, stroke=colour, width=1.4), radius=1.8))
        marked = self.mon(scene, clan, colour)
        top = MON + 1.0 if marked else 1.0      # the kanji keep below the mon, not under it
        kanji = c.type.kanji or c.type.title.get(self.lang, c.type_id)
        if not declared:
            if len(kanji) == 2:        # two kanji read top to bottom, apart enough not to read as one glyph
                # under a mon, set solid (no leading) to stay at 24: a smaller size prints under the
                # booklet's least legible size at the smallest diagrams and would become a bar
                size, half, lead = (24, (h - top - 1.4) / 2, 1.0) if marked else (25, 12.3, 1.22)
                scene.add(*text.box(1, top, w - 2, half, kanji[0], "jp", size, "center", colour,
                                    valign="bottom", leading=lead))
                scene.add(*text.box(1, top + half + 0.4, w - 2, half, kanji[1], "jp", size, "center", colour,
                                    valign="top", leading=lead))
            else:
                scene.add(*text.box(1, top + 1, w - 2, h - top - 3, kanji, "jp", 30, "center", colour, valign="middle"))
            return scene
        size = 24 if len(kanji) == 1 else 19      # 艦隊 at 19: over 6 pt at the size a booklet prints it
        target = next((x for x in self.game.cards if x.type_id == kind(declared)), None)
        stands = (target.type.kanji if target else "") or kind(declared)
        rule = top + (h - top) / 2 - 0.6          # the line between the wild's own kanji and the one it stands for
        scene.add(Rect(1.6, 1.6, w - 3.2, h - 3.2, Style(stroke=colour, width=0.5, dash=(1.0, 0.8)), radius=1.2))
        scene.add(*text.box(1, top, w - 2, rule - top, kanji, "jp", size, "center", colour, valign="middle",
                            leading=1.0))
        scene.add(Rect(3, rule, w - 6, 0.0, Style(stroke=colour, width=0.4)))
        scene.add(*text.box(1, rule + 0.4, w - 2, h - rule - 1.8, "＝" + stands, "jp", 18, "center", colour,
                            valign="middle"))
        return scene

    def mon(self, scene: Scene, clan: str | None, colour: str) -> bool:
        """The clan's mon in the card's top left corner, and whether the card has one: the clans told
        apart by a shape as well as by colour (Takeda blue and Amago purple are close, Hōjō red and Katō
        green alike to a red-green colour-blind reader), so the mon is drawn large enough to tell its
        shape at the smallest size a booklet prints a diagram (MON)."""
        if clan is None or clan not in self.game.clans:
            return False
        emblem = self.game.clans[clan].emblem
        if not emblem:
            return False
        i = list(self.game.clans).index(clan)
        scene.add(*image.placed(self.game.folder / emblem, (0.9, 0.9, MON, MON), "game.toml",
                                f"clans[{i}].emblem", colour))
        return True


class Say(Phrasebook):
    """The narration's sentences with the names of cards, clans and objectives in one language."""

    def __init__(self, game: Game, lang: str):
        super().__init__(game, lang)
        names = [f"{c.clan.id}-{c.type_id}" if c.clan else c.type_id for c in game.cards]
        self.copies = {x: names.count(x) for x in set(names)}     # how many of each card the deck holds

    def clan(self, clan: str) -> str:
        return self.n.short(clan)

    def card(self, name: str) -> str:
        """'Takeda Cavalry', 'Fleet', 'Raid'."""
        clan = clan_of(name)
        title = self.titles.get(kind(name), kind(name))
        return f"{self.clan(clan)} {title}" if clan else title

    def cards(self, names: Sequence[str], article: str = "", ordered: bool = True) -> str:
        """'an Envoy, the Takeda Leader and two Katō Samurai' (article "a"), 'the Envoy and the two Katō
        Samurai' ("the"), 'Envoy' (none, after "your"): each card with the article a person would give it,
        a card the deck holds once always with "the". The same card side by side is counted, not
        repeated (the order of the list stays, as a Ninja's cards put back top first need it); in a
        list whose order says nothing (a hand), the same card anywhere is counted ("the two Envoys")."""
        if not ordered:
            names = sorted(names, key=list(names).index)
        runs: list[tuple[str, int]] = []
        for c in names:
            if runs and runs[-1][0] == c:
                runs[-1] = (c, runs[-1][1] + 1)
            else:
                runs.append((c, 1))
        items = [self.item(c, n, article) for c, n in runs]
        if len(items) < 2:
            return "".join(items)
        return self("words", "list", items=items[:-1], last=items[-1])

    def item(self, name: str, n: int, article: str) -> str:
        """One entry of a list of cards: one card or a run of the same card, with its article."""
        card = self.card(name)
        said = card if n == 1 else self("words", "count", n=n, kind=kind(name), card=card)
        if not article:
            return said
        unique = self.copies.get(name.partition(" as ")[0].strip(), 0) == 1
        return self("words", "the" if article == "the" or unique else ("one" if n == 1 else "some"), card=said)

    def objective(self, index: int) -> str:
        return self("words", OBJECTIVES[index])


@dataclass
class Snapshot:
    """What a diagram shows: the play area (as card names), the hand, the cards the step discarded,
    the score, the deck's size, the cards a discarded Ninja has just revealed and the enemies the
    step set aside (they go back into the deck, so they are not drawn with the discards)."""

    row: list[str]
    hand: list[str]
    gone: list[str]
    score: int
    deck: int
    shown: list[str] = field(default_factory=list)
    aside: list[str] = field(default_factory=list)


def snapshot(state: ShogunState, gone: Sequence[str] = (), aside: Sequence[str] = ()) -> Snapshot:
    return Snapshot([r.text() for r in state.row], sorted(state.hand, key=_order(state)), list(gone), state.score,
                    len(state.deck), list(state.revealed), list(aside))


def _order(state: ShogunState) -> Callable[[str], tuple[int, int, str]]:
    clans = {c: i for i, c in enumerate(state.clans)}
    kinds = {k: i for i, k in enumerate(("leader", "samurai", "ninja", "cavalry", "soldier", "fleet", "envoy"))}
    return lambda c: (clans.get(clan_of(c) or "", len(clans)), kinds.get(kind(c), len(kinds)), c)


def diagram(cards: Cards, snap: Snapshot, name: str, columns: int = 0, played: bool = False) -> Scene:
    """One position, three rows: the play area (the card just played ringed), the hand, and what
    left the hand or the deck for the discard pile in this step, then, after a ↺, the enemies set
    aside (they go back into the deck); a fourth shows the cards a Ninja has just revealed, top of
    the deck first. The rows carry no words, so the diagram stays legible at the size a booklet
    prints it; the legend names them."""
    rows = [Seat("", PLAY_ROW, tuple(cards(c) for c in snap.row),
                 highlight=(len(snap.row) - 1,) if played and snap.row else ()),
            Seat("", HAND_ROW, tuple(cards(c) for c in snap.hand))]
    aside = (aside_mark(cards), *(cards(c) for c in snap.aside)) if snap.aside else ()
    if snap.gone or aside:       # the cards set aside close the row, after the ↺ that tells them apart
        rows.append(Seat("", GONE_ROW, (*(cards(c) for c in snap.gone), *aside)))
    if snap.shown:
        rows.append(Seat("", SHOWN_ROW, tuple(cards(c) for c in snap.shown)))
    return table_scene(rows, name=name, columns=max(columns, 5), label_width=6.0, note_width=0.0, card_width=14.0)


def aside_mark(cards: Cards) -> Scene:
    """The place between the discarded cards and those set aside: ↺ (shuffled back) on the felt, as
    large as a card's kanji, so the two are told apart by a sign; the legend names it."""
    scene = Scene("aside-mark", cards.W, cards.H, 0.0)
    scene.add(*text.box(0, 0, cards.W, cards.H, ASIDE_MARK, "sans-bold", 40, "center", ASIDE_INK, valign="middle"))
    return scene


def sentences(say: Say, action: str, events: Sequence[GameEvent], plays_drawn: bool = False,
              played_drawn: bool = False) -> str:
    """What one action did, in words: the card played or discarded, a seize, an enemy met, the draws.
    A card played or discarded and the one draw that replaces it make one sentence ("You discard the
    Takeda Cavalry and draw an Amago Samurai"). `plays_drawn`: the next action plays the card this one
    draws last, so the draw says so ("..., which you play at once"); `played_drawn`: this action is
    that play, already told."""
    out: list[str] = []
    drawn: list[str] = []
    aside: list[str] = []
    order = action.partition("top ")[2].split() if action.startswith("ninja:") else []
    # a play or single discard not yet told: it waits for the draw that replaces it, to share its sentence
    pending: list[tuple[str, str, dict[str, Any]]] = []

    def told() -> None:
        for section, key, values in pending:
            out.append(say(section, key, drew="", then_play=False, **values))
        pending.clear()

    def flush(last: bool = False) -> None:
        """One sentence for a whole refill: the cards drawn, and any enemy met on the way set aside."""
        if drawn and pending and not aside:
            section, key, values = pending.pop()
            out.append(say(section, key, drew=say.cards(drawn, "a", ordered=False),
                           then_play=plays_drawn and last, **values))
            drawn.clear()
        told()
        if drawn:
            out.append(say("events", "drew", cards=say.cards(drawn, "a", ordered=False), n=len(drawn),
                           aside=say.cards(aside, "the"), n_aside=len(aside), then_play=plays_drawn and last))
        elif aside:
            out.append(say("events", "aside", cards=say.cards(aside, "the"), n=len(aside)))
        drawn.clear()
        aside.clear()

    for e in events:
        if isinstance(e, Drew):
            drawn.append(e.card)
            continue
        if isinstance(e, SetAside):
            aside.append(e.card)
            continue
        if isinstance(e, Discarded) and e.reason == "raid-deck" and aside and not drawn:
            found = list(aside)         # enemies turned over with the deck's cards: told with them
            aside.clear()
        else:
            found = []
        if isinstance(e, Struck) and pending and not drawn and not aside:
            # the enemy is the draw that replaces the card just played or discarded: one sentence
            section, key, values = pending.pop()
            told()
            strikes = say("events", "strikes", card=say.cards([e.card], "a", ordered=False))
            out.append(say(section, key, drew=strikes, then_play=False, **values))
            continue
        flush()
        if isinstance(e, Played):
            wild = kind(e.card) in ("fleet", "leader") and (kind(e.card) == "fleet" or e.type != "leader")
            if not played_drawn:
                pending.append(("events", "play-wild" if wild else "play",
                                {"card": say.card(e.card), "as_": say.item(f"{e.colour}-{e.type}", 1, "a")}))
            continue
        told()
        if isinstance(e, Seized):
            out.append(say("events", "seize", clan=say.clan(e.clan), objective=say.objective(e.objective),
                           unified=e.unified, n=len(e.cleared), ninjas=_ninja_in_run(e.cleared)))
        elif isinstance(e, Discarded):
            cards = [c for c in e.cards if kind(c) not in ("raid", "assassin", "ronin")]
            listed = say.cards(cards, ARTICLE.get(e.reason, "the"), ordered=e.reason in ("ninja", "raid-deck"))
            values = {"cards": listed, "n": len(cards), "order": say.cards(order, "the"), "n_order": len(order),
                      "found": say.cards(found, "the"), "n_found": len(found)}
            if e.reason == "discard":
                pending.append(("discard", e.reason, values))
            else:
                out.append(say("discard", e.reason, **values))
            if e.reason == "ninja":
                order = []
        elif isinstance(e, Struck):
            out.append(say("events", "struck", card=say.cards([e.card], "a", ordered=False), enemy=kind(e.card)))
        elif isinstance(e, Met) and e.answer == "ronin: none":
            out.append(say("events", "ronin-none"))
        elif isinstance(e, Revealed4):
            out.append(say("events", "ninja", cards=say.cards(e.cards, "a"), n=len(e.cards)))
        elif isinstance(e, Returned):
            out.append(say("events", "returned", clan=say.clan(e.clan), objective=say.objective(e.objective)))
        elif isinstance(e, Ended):
            out.append(say("events", "won" if e.won else "ended", score=e.score, rank=e.rank))
    flush(last=True)
    if order:     # no Shogun card was revealed: the cards only go back
        out.append(say("events", "ninja-order", cards=say.cards(order, "the")))
    return " ".join(x for x in out if x)


def _ninja_in_run(cleared: Sequence[str]) -> bool:
    """Whether a Ninja stood among the three cards that seized (the run ends the cleared row)."""
    counted = 0
    for card in reversed(cleared):
        if kind(card) == "ninja":
            return True
        counted += 1
        if counted == 3:
            return False
    return False


def steps(game: Game, t: Replayed, where: str) -> tuple[ShogunState, list[tuple[int, str, list[GameEvent], Snapshot]]]:
    """Replay a transcript action by action: the start, and (round, action, events, the position after).
    After a seize the play area is empty, which would hide the step's point: its diagram shows the
    run as it stood when the card completing it was played (wilds with their dashed frame)."""
    state = notation.start_state(game, getattr(t.header, "seed", 1), t.start, where)
    start = state.clone()
    out = []
    for actions in t.rounds:
        rnd = state.round
        for action in actions:
            before, run = len(state.discard), [r.text() for r in state.row]
            events = state.apply_action(action)
            snap = snapshot(state, state.discard[before:], [e.card for e in events if isinstance(e, SetAside)])
            if any(isinstance(e, Seized) for e in events):
                snap.row = run + [InRow(p.card, p.colour, p.type).text() for p in events if isinstance(p, Played)]
            out.append((rnd, action, events, snap))
    return start, out


def columns_of(done: Sequence[tuple[int, str, list[GameEvent], Snapshot]]) -> int:
    """The cards a walkthrough's widest row holds: all its diagrams are drawn that wide, to one scale."""
    return max([len(s.row) for *_, s in done] + [len(s.hand) for *_, s in done]
               + [len(s.gone) + len(s.aside) + bool(s.aside) for *_, s in done])


def panels_for(game: Game, t: Replayed, where: str, lang: str, name: str) -> list[RoundPage]:
    cards, say = Cards(game, lang), Say(game, lang)
    start, done = steps(game, t, where)
    columns = columns_of(done)
    pages: dict[int, RoundPage] = {}
    last = snapshot(start)
    actions_in: dict[int, int] = {}
    for rnd, *_ in done:
        actions_in[rnd] = actions_in.get(rnd, 0) + 1
    for i, (rnd, action, events, snap) in enumerate(done):
        if rnd not in pages:
            pages[rnd] = RoundPage(rnd, [say("round", "intro", deck=last.deck, score=last.score)], [])
        if actions_in[rnd] == 1 and _plain(action, events):     # play a card, draw a card: told in a line
            pages[rnd].intro.append(sentences(say, action, events))
            last = snap
            continue
        scene = diagram(cards, snap, f"{name}-{i + 1}", columns, played=action.startswith("play "))
        heading = f"**{say('actions', action.split()[0].rstrip(':'))}** · {say('words', 'score', score=snap.score)}"
        pages[rnd].panels.append(Panel(scene, heading, sentences(say, action, events), snap))
        last = snap
    return list(pages.values())


def _plain(action: str, events: Sequence[GameEvent]) -> bool:
    """A turn with nothing to show: one card played as itself or discarded (not a Ninja's, not the whole
    hand) and one card drawn; no seize, no enemy, no wild named."""
    if not action.startswith(("play ", "discard ")) or " as " in action:
        return False
    return all(isinstance(e, (Played, Drew)) or (isinstance(e, Discarded) and e.reason == "discard") for e in events)


def walkthrough(game: Game, sample: Path, lang: str) -> tuple[Replayed, list[RoundPage]]:
    where = display(sample)
    t = notation.replay(game, read_text(sample, where, "a sample game"), where)
    return t, panels_for(game, t, where, lang, sample.stem)


def example_figures(game: Game, lang: str) -> list[Figure]:
    """Each file of examples/: the stated position, then the position after its turns, with what happened.
    Every panel is drawn at one card size, the one the widest row of all the examples allows, so the
    cards do not change size from one example to the next."""
    cards, say = Cards(game, lang), Say(game, lang)
    out = []
    replayed = []
    for path in sorted((game.folder / "examples").glob("*.toml")):
        where = display(path)
        t = notation.replay(game, read_text(path, where, "an example"), where)
        replayed.append((path, t, *steps(game, t, where)))
    columns = max(max([len(start.row), len(start.hand)]
                      + [max(len(s.row), len(s.hand), len(s.gone) + len(s.aside) + bool(s.aside)) for *_, s in done])
                  for _, _, start, done in replayed)
    for path, t, start, done in replayed:
        before = diagram(cards, snapshot(start), f"{path.stem}-before", columns)
        told = " ".join(sentences(say, a, ev, plays_drawn=_plays(done, i + 1, ev),
                                  played_drawn=_plays(done, i, done[i - 1][2] if i else []))
                        for i, (_, a, ev, _) in enumerate(done))
        after = diagram(cards, done[-1][3], f"{path.stem}-after", columns, played=_played_last(done))
        title = localized(t.title, lang)
        out.append(Figure(before, say("booklet", "example-before", title=title,
                                      description=localized(t.description, lang))))
        out.append(Figure(after, say("booklet", "example-after", title=title, what=told)))
    return out


def _played_last(done: Sequence[tuple[int, str, list[GameEvent], Snapshot]]) -> bool:
    """Whether the card that ends the final play area is the one played in these steps: it is ringed
    even when an enemy met after the play is the last step."""
    plays = [a.split()[1] for _, a, _, _ in done if a.startswith("play ")]
    row = done[-1][3].row
    return bool(plays and row) and row[-1] == plays[-1]


def _plays(done: Sequence[tuple[int, str, list[GameEvent], Snapshot]], i: int, before: Sequence[GameEvent]) -> bool:
    """Whether step `i` plays, as itself, the card the events `before` it drew last: an example tells the
    two as one ("You draw an Amago Samurai, which you play at once")."""
    drawn = [e.card for e in before if isinstance(e, Drew)]
    if i >= len(done) or not drawn:
        return False
    action = done[i][1]
    return action == f"play {drawn[-1]}" and not any(isinstance(e, (Struck, SetAside)) for e in before)


def difficulty_rows(game: Game, lang: str, arg: str) -> list[str]:
    """The share of each rank over seeded games played by the heuristic policy, with 95 % intervals,
    as bullet lines, and the random policy's mean over the same shuffles. The figures are data: two
    files `pnp simulate --save` wrote into the game folder (argument: the first's name, default
    `DIFFICULTY`; the blind baseline is the same name ending in -random), so a build plays no game."""
    name = arg.strip() or DIFFICULTY
    if not NAME.fullmatch(name):
        where = display(game.folder / "booklet" / f"rules.{lang}.md")
        raise DefinitionError(where, "@difficulty", f"{name!r}: expected the name of a saved simulation in the game "
                                                    "folder, starting with 'simulation' (without .toml)")
    outcomes, n = _saved_rows(game, name, "heuristic")
    shares = {r.subject: (r.value, r.low, r.high) for r in outcomes if r.section == "outcome"}
    blind, _ = _saved_rows(game, f"{name}-random", "random")
    mean = next((r.value for r in blind if r.section == "score" and r.measure == "mean return"), 0.0)
    defeat = next((r.value for r in blind if r.section == "outcome" and r.subject == RANKS[-1][1]), 0.0)
    say = Say(game, lang)
    rows: list[str] = [Prose(say("difficulty", "games", n=n))]      # the method first: what the figures count
    bounds = [(low, RANKS[i - 1][0] - 1 if i else low) for i, (low, _) in enumerate(RANKS)]
    for (low, rank), (_, high) in zip(RANKS, bounds, strict=True):
        value, lo, hi = shares.get(rank) or (0.0, *_none(n))
        rows.append(say("difficulty", "row", rank=rank, low=low, high=high, share=100 * value, lo=100 * lo,
                        hi=100 * hi))
    rows.append(Prose(say("difficulty", "random", n=n, mean=mean, defeat=100 * defeat)))
    return rows


def _saved_rows(game: Game, name: str, policy: str) -> tuple[list[Row], int]:
    """The saved simulation `name` (of games played by `policy`): its rows and the number of games."""
    from ...paths import cards_dir
    builtin = os.path.realpath(game.folder) == os.path.realpath(cards_dir() / game.id)
    which = game.id if builtin else display(game.folder)
    command = f"pnp simulate {which} --games {DIFFICULTY_GAMES} --policy {policy}"
    data, rows = saved(game.folder, name, "@difficulty", command)
    return rows, int(data.get("games", 0) or 0)


def _none(n: int) -> tuple[float, float]:
    """The interval of a rank no game reached."""
    iv = wilson(0, n)
    return iv.low, iv.high


# The first clan's board on the printed sheet (tracks.toml): its objectives side, in mm. Alone it prints
# large enough for its words (8 pt and more on the sheet) to stay readable in a booklet column.
FIRST_BOARD = (14.0, 30.0, 86.0, 106.0)


def board_figure(game: Game, lang: str, _arg: str) -> list[Figure]:
    """`@board`: one clan's board as the kit prints it, its objectives side, cut from the sheet of four
    (the whole sheet shrunk to a booklet column would leave its words unreadable)."""
    if game.trackboard is None:
        return []
    sheet = trackboard_scene(game, lang)
    x, y, w, h = FIRST_BOARD
    scene = Scene("clan-board", w, h, 0.0)
    scene.add(Group(tuple(sheet.shapes), -x, -y, 0.0, (x, y, w, h)))
    return [Figure(scene, Say(game, lang)("booklet", "components-board"))]


def cover_scene(game: Game, lang: str) -> Scene | None:
    """The cover: the first example's stated position."""
    paths = sorted((game.folder / "examples").glob("*.toml"))
    if not paths:
        return None
    where = display(paths[0])
    t = notation.replay(game, read_text(paths[0], where, "an example"), where)
    start, _ = steps(game, t, where)
    return diagram(Cards(game, lang), snapshot(start), "cover")


class ShogunBooklet(BookletAdapter):
    def cover_scene(self, game: Game, lang: str) -> Scene | None:
        return cover_scene(game, lang)

    # Any, not interface.Transcript: that protocol's members are writable, so a replay's `rounds`
    # (a list of this game's logs) does not match its `Sequence[Any]`; read-only members would.
    def walkthrough(self, game: Game, sample: Path, lang: str) -> tuple[Any, list[RoundPage]]:
        return walkthrough(game, sample, lang)

    def start_figure(self, game: Game, transcript: Any, lang: str) -> Figure | None:
        """A sample from a stated mid-game position (its [position]) is drawn as it stands before the
        first turn, at the scale of the turns' diagrams: the play area and the hand."""
        if transcript.start is None or not transcript.rounds:
            return None
        where = f"{game.id} walkthrough"     # the walkthrough has replayed it already: no error is left
        start, done = steps(game, transcript, where)
        scene = diagram(Cards(game, lang), snapshot(start), "start", columns_of(done))
        say = Say(game, lang)
        return Figure(scene, say("booklet", "start-position", deck=len(start.deck), score=start.score))

    def figures(self) -> dict[str, Callable[[Game, str, str], list[Figure] | list[str]]]:
        return {
            "examples": lambda game, lang, _arg: example_figures(game, lang),
            "board": board_figure,
            "difficulty": difficulty_rows,
        }

    def sample_values(self, game: Game, transcript: Any, lang: str) -> dict[str, Any]:
        s = transcript.state
        return {"score": s.score, "rank": rank_of(s.score), "round": s.round}
