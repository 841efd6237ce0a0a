"""Samurai Vassal figures for the booklet: each round as the cards on the table (drawn by the
generic `pnp.draw.table`), the approval as sentences, the resolution steps and the characters as
lists, the rulebook's examples as replayed card diagrams.

Every diagram is a position the rules replayed: a walkthrough round shows the cards just revealed
(the winners ringed) beside what already lay in front of each player, then the tables and trust
after the trust step; an example shows its last round the same way."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ...draw.card import card_back, card_face
from ...draw.shapes import Scene
from ...draw.table import Column, columns_scene, felt_width, placed
from ...engine.notation import localized
from ...engine.replay import Transcript as Replayed
from ...errors import DefinitionError
from ...model import Card, Game
from ...model.load import display, read_text
from ...reference.narration import Phrasebook, grouped
from ..interface import BookletAdapter, Figure, Panel, RoundPage, Transcript
from .anatomy import anatomy_figure
from .cards import CARDS, CHARACTER_IDS, Bonus, CancelMajority, MustStrategise, Penalty, Spite, WinWith
from .diagram import diagram_face
from .events import (
    Blocked,
    CardsFlipped,
    CardsReturned,
    Copied,
    GameEnded,
    Rejected,
    RoundDecided,
    TrustChanged,
)
from .notation import replay
from .rules import STEPS, RoundLog, SamuraiVassalState

Table = list[tuple[str, bool]]


class Cards:
    """The drawn card faces and backs of one game and language, each drawn once: the diagram faces
    (level, name and emblem large enough to read at a diagram's size), or with `printed` the faces
    as the kit prints them (the cover)."""

    def __init__(self, game: Game, lang: str, printed: bool = False):
        self.game, self.lang, self.printed = game, lang, printed
        self.by_key = {(c.type_id, c.clan.id if c.clan else None): c for c in game.cards}
        self.drawn: dict[tuple[str, str | None, bool], Scene] = {}

    def card(self, card_id: str, seat: str | None, up: bool = True) -> Scene:
        key = (card_id, seat if (card_id, seat) in self.by_key else None, up)
        if key not in self.drawn:
            c = self.by_key[(card_id, key[1])]
            if not up:
                self.drawn[key] = card_back(self.game, c, self.lang)
            elif self.printed:
                self.drawn[key] = card_face(self.game, c, self.lang)
            else:
                name = Say(self.game, self.lang)("short-names", card_id) if card_id in CHARACTER_IDS else ""
                self.drawn[key] = diagram_face(self.game, c, self.lang, name)
        return self.drawn[key]


def _tables(position: dict[str, Any]) -> dict[str, Table]:
    """The cards in front of each player in a stated position ("card" or "card down")."""
    out = {}
    for p, cards in position.get("tables", {}).items():
        out[p] = [(c.split()[0], not c.endswith(" down")) for c in cards]
    return out


class Say(Phrasebook):
    """The narration's sentences for one game and language, with the names they need."""

    def who(self, seat: str, npc: str | None) -> str:
        return self("words", "npc") if seat == npc else self.n.short(seat)

    def people(self, seats: Sequence[str], npc: str | None) -> str:
        names = [self.who(s, npc) for s in seats]
        if len(names) < 2:
            return "".join(names)
        return self("words", "list", items=names[:-1], last=names[-1])

    def cards(self, ids: Sequence[str]) -> str:
        return self.joined([self.titles[c] for c in ids])

    def joined(self, names: Sequence[str]) -> str:
        if len(names) < 2:
            return "".join(names)
        return self("words", "list", items=names[:-1], last=names[-1])


def reveal_scene(cards: Cards, say: Say, seats: Sequence[str], npc: str | None, plays: dict[str, str],
                 winners: Sequence[str], before: dict[str, Table] | None, gained: dict[str, int], name: str,
                 small_rows: int = 0, min_columns: int = 0, min_height: float = 0.0) -> Scene:
    """The revealed cards side by side, the winners ringed, the trust each player won or lost under
    them; with `before`, the cards that already lay in front of each player, smaller, below."""
    cols = []
    for s in seats:
        if s not in plays:
            continue
        change = gained.get(s, 0)
        note = f"+{change}" if change > 0 else (f"−{-change}" if change < 0 else "")
        earlier = tuple(cards.card(c, s, up) for c, up in (before or {}).get(s, []))
        label = say("words", "npc-label") if s == npc else say.n.short(s)
        cols.append(Column(label, say.game.clans[s].colour, (cards.card(plays[s], s),),
                           (0,) if s in winners else (), note, earlier))
    return columns_scene(cols, name, small_rows=small_rows, min_columns=min_columns, min_height=min_height)


def after_scene(cards: Cards, say: Say, seats: Sequence[str], tables: dict[str, Table], trust: dict[str, int],
                name: str, rows: int, min_height: float = 0.0) -> Scene:
    """Each player's cards in front after the trust step (face down: the back), and the trust held."""
    cols = [Column(say.n.short(s), say.game.clans[s].colour, tuple(cards.card(c, s, up) for c, up in tables[s]),
                   note=say("booklet", "trust-note", n=trust[s])) for s in seats]
    return columns_scene(cols, name, rows=rows, step=0.25, min_height=min_height)


def approval(say: Say, log: RoundLog, npc: str | None, last: Mapping[str, str | None] | None = None,
             told: set[str] | None = None) -> list[str]:
    """The round's approval, step by step, as sentences (the steps of `rules.STEPS`). `last`: each
    player's card of the round before (what a Sasuke would copy), so a copy that Kuroda Kanbei
    blocks is told apart from a Sasuke with nothing to copy. `told`: what earlier rounds of the same
    walkthrough told in full (updated), so a reader is not given the same long sentence every round."""
    told = set() if told is None else told
    out = []
    t = say.titles
    plays = dict(log.plays) | ({npc: log.npc} if npc and log.npc else {})
    copied = {e.player: e.card for e in log.events if isinstance(e, Copied)}
    blocked = {w for e in log.events if isinstance(e, Blocked) for w in e.by}
    ended = any(isinstance(e, GameEnded) for e in log.events)

    def level(w: str) -> int | None:
        card = copied[w] if w in copied else plays.get(w)
        return CARDS[card].level if card else None

    def owned(w: str) -> str:
        return say("words", "owned", player=say.who(w, npc), card=t[plays[w]])

    def named(ws: Sequence[str]) -> str:
        """Several players' cards, the same card of several players named once: "Red’s and Green’s Invasions"."""
        return say.joined([owned(g[0]) if len(g) == 1 else
                           say("words", "owned-many", players=[say.who(w, npc) for w in g], card=t[card])
                           for card, g in grouped((plays[w], w) for w in ws)])

    # how many cards share each level that counts for a majority (Strategising and no level never do)
    counts: dict[int, int] = {}
    for w in plays:
        lv = level(w)
        if lv is not None and (copied.get(w) or plays[w]) != "strategising":
            counts[lv] = counts.get(lv, 0) + 1
    most = max(counts.values(), default=0)
    tied = sorted((lv for lv, n in counts.items() if n == most), reverse=True)
    rejected_seats: tuple[str, ...] = ()
    told_copy: dict[str, int] = {}     # a Sasuke's seat: how many sentences were said once its copy was told

    # everyone who laid Strategising is told in one sentence, where the first of them is
    strategists = [e for e in log.events if isinstance(e, CardsReturned) and CARDS[e.by].id == "strategising"]
    # a Sasuke that had a card to copy when Kuroda switched it off: told with the block, in one sentence
    switched_off = [e for e in log.events if isinstance(e, Copied) and e.card is None and blocked
                    and e.player not in blocked and (last or {}).get(e.player) not in (None, plays[e.player])]
    # Kuroda's block is told first: a Sasuke's copy it switches off is told after it
    events = sorted(log.events, key=lambda e: not isinstance(e, Blocked))
    for e in events:
        if isinstance(e, CardsReturned) and e in strategists:
            if e is strategists[0]:
                taken = [len(x.cards) for x in strategists]
                names = [say.who(x.player, npc) for x in strategists]
                out.append(say("events", "strategising-again" if "strategising" in told else "strategising",
                               players=say.people([x.player for x in strategists], npc), n=len(strategists),
                               counts=taken, numbers=[say("words", "number", n=c) for c in taken], names=names,
                               whose=[say("words", "owned", player=m, card="").rstrip() for m in names]))
                told.add("strategising")
        elif isinstance(e, Blocked):
            blocker = say.joined(list(dict.fromkeys(t[copied.get(w) or plays[w]] for w in e.by)))
            if switched_off:
                off = switched_off[0]
                out.append(say("events", "blocked-copy", by=blocker, player=say.who(off.player, npc),
                               card=t[(last or {})[off.player] or ""]))
            else:
                out.append(say("events", "blocked", by=blocker))
        elif isinstance(e, Copied):
            would = (last or {}).get(e.player)
            if switched_off and e is switched_off[0]:
                pass                    # told with the block
            elif e in switched_off and would:
                out.append(say("events", "copy-blocked", player=say.who(e.player, npc), card=t[would]))
            elif e.card is None:
                out.append(say("events", "copied-nothing", player=say.who(e.player, npc)))
            else:
                out.append(say("events", "copied", player=say.who(e.player, npc), card=t[e.card]))
                told_copy[e.player] = len(out)
        elif isinstance(e, CardsReturned):
            out.append(say("events", "returned", player=say.who(e.player, npc), cards=say.cards(e.cards), by=t[e.by],
                           n=len(e.cards)))
        elif isinstance(e, CardsFlipped) and e.by != "lost":
            out.append(say("events", "flipped", player=say.who(e.player, npc), cards=say.cards(e.cards),
                           by=t[e.by], n=len(e.cards), own=e.player in plays and plays[e.player] == e.by))
        elif isinstance(e, Rejected):
            by = [owned(w) for w in e.by]
            out.append(say("events", "rejected", by=say.joined(by), n_by=len(by), targets=named(e.targets),
                           n=len(e.targets)))
            rejected_seats = e.targets
        elif isinstance(e, RoundDecided):
            first = [w for w in e.winners if w not in e.together]
            levels = sorted({lv for w in first if (lv := level(w)) is not None})
            # who loses under a Reject without being its target: Strategising, a Sasuke with no copy
            excepted = [w for w in e.losers if w not in rejected_seats] if e.rule == "reject" else []
            # the cards whose "cancel majority" decided it, named: the sentence tells this round, not any round
            cancellers = [w for w in plays if not (blocked and w not in blocked)
                          and any(isinstance(fx, CancelMajority) for fx in CARDS[copied.get(w) or plays[w]].effects)]
            # a Sasuke whose copy was just told is "it": naming it a third time reads as a log
            it = len(cancellers) == 1 and told_copy.get(cancellers[0]) == len(out)
            out.append(say("decided", e.rule, winners=say.people(first, npc), n=len(first), n_all=len(e.winners),
                           cancellers=say("words", "it") if it else named(cancellers), n_cancellers=len(cancellers),
                           top=say.joined([owned(w) for w in first]),
                           level=levels[-1] if levels else 0, tied=say.joined([str(lv) for lv in tied]),
                           count=most, targets=len(rejected_seats), rejected=bool(rejected_seats),
                           excepted=say.joined([owned(w) for w in excepted]), n_excepted=len(excepted)))
            joined = list(first)
            links = []
            for w in e.together:     # in the order they joined: a chain is told link by link, in one sentence
                ww = next(fx for fx in CARDS[copied.get(w) or plays[w]].effects if isinstance(fx, WinWith))
                joined_with = next(x for x in joined if level(x) == ww.level)
                links.append({"card": owned(w), "level": ww.level, "winner": owned(joined_with)})
                joined.append(w)
            if links:
                out.append(say("events", "together", links=links))
            must = []                   # told in one sentence for all who must
            for w in plays:
                effects = () if (blocked and w not in blocked) else CARDS[copied.get(w) or plays[w]].effects
                won = w in e.winners
                for fx in effects:
                    if isinstance(fx, Penalty) and won:
                        out.append(say("events", "penalty", card=owned(w), points=fx.points))
                    elif isinstance(fx, Spite) and not won:
                        out.append(say("events", "spite", card=owned(w), points=fx.points))
                    elif isinstance(fx, Bonus) and won:
                        out.append(say("events", "bonus", card=owned(w), points=fx.points))
                    elif isinstance(fx, MustStrategise) and w != npc and not ended:
                        must.append(w)
            if must:
                out.append(say("events", "must", cards=say.joined([t[plays[w]] for w in must]),
                               players=say.people(must, npc), n=len(must)))
        elif isinstance(e, GameEnded):
            out.append(say("ended", e.tie_break, winners=say.people(e.winners, npc), n=len(e.winners),
                           trust=max(log.trust[w] for w in e.winners)))
    return out


def trust_sentence(say: Say, log: RoundLog, npc: str | None) -> str:
    changes = [e for e in log.events if isinstance(e, TrustChanged)]
    if not changes:
        return say("events", "no-trust")
    # a player at 0 who loses trust keeps 0: told once for all of them, not as "0 → 0"
    broke = [e for e in changes if e.before == e.after == 0]
    # players whose trust went alike are named together: "Red, Blue and Green 0 → 1"
    alike = grouped(((e.before, e.after, e.gained - e.lost), e) for e in changes if e not in broke)
    parts = [say("events", "trust", player=say.people([e.player for e in es], npc), before=es[0].before,
                 after=es[0].after, gained=es[0].gained, lost=es[0].lost) for _, es in alike]
    said = [say("events", "trust-list", parts=parts)] if parts else []
    if broke:
        said.append(say("events", "nothing-to-lose", players=say.people([e.player for e in broke], npc),
                        n=len(broke)))
    return " ".join(said)


RoundDrawn = tuple[RoundLog, Scene, Scene, list[str], str]


def _kept(before: dict[str, Table], log: RoundLog) -> dict[str, Table]:
    """The cards in front before the round that stay there as the new cards are laid: a card an effect
    takes back to hand (Fuma, Uesugi...) drawn under the new card would read as one still in front."""
    out = {p: list(cards) for p, cards in before.items()}
    for e in log.of(CardsReturned):
        for card in e.cards:
            row = out.get(e.player, [])
            at = max((i for i, (c, _up) in enumerate(row) if c == card), default=None)
            if at is not None:
                del row[at]
    return out


def rounds_of(game: Game, t: Replayed[SamuraiVassalState, RoundLog], lang: str, name: str, with_before: bool = False,
              columns: int = 0, side_by_side: bool = True) -> list[RoundDrawn]:
    """Each round of a replayed game: the log, the reveal and after-the-round diagrams, the approval
    sentences and the trust sentence."""
    state: SamuraiVassalState = t.state
    cards, say = Cards(game, lang), Say(game, lang)
    seats = list(state.players) + ([state.npc] if state.npc else [])
    start = t.start["position"] if isinstance(t.start, dict) else {}
    before: dict[str, Table] = {p: [] for p in state.players} | _tables(start)
    trust = {p: 0 for p in state.players} | dict(start.get("trust", {}))
    widest = max([len(v) for log in t.rounds for v in log.tables.values()] + [1])
    last: dict[str, str | None] = dict(start.get("last", {}))
    told: set[str] = set()
    out = []
    for log in t.rounds:
        plays = dict(log.plays) | ({state.npc: log.npc} if state.npc and log.npc else {})
        gained = {p: log.trust[p] - trust[p] for p in state.players}
        shown = _kept(before, log) if with_before else None
        # an example reserves room for the cards it shows in front (none left: no empty row under the cards)
        room = max((len(v) for v in (shown or {}).values()), default=0) if with_before else 0
        reveal = reveal_scene(cards, say, seats, state.npc, plays, log.winners, shown, gained,
                              f"{name}-round-{log.round}", small_rows=room, min_columns=columns)
        after = after_scene(cards, say, state.players, log.tables, log.trust, f"{name}-after-{log.round}", widest)
        if side_by_side and abs(reveal.height - after.height) > 1e-6:     # as tall as each other
            tall = max(reveal.height, after.height)
            reveal = reveal_scene(cards, say, seats, state.npc, plays, log.winners, shown, gained,
                                  f"{name}-round-{log.round}", small_rows=room, min_columns=columns,
                                  min_height=tall)
            after = after_scene(cards, say, state.players, log.tables, log.trust, f"{name}-after-{log.round}",
                                widest, min_height=tall)
        out.append((log, reveal, after, approval(say, log, state.npc, last, told), trust_sentence(say, log, state.npc)))
        before, trust = log.tables, log.trust
        copied = {e.player: e.card for e in log.of(Copied)}
        last = last | {w: copied.get(w) or c for w, c in plays.items()}
    return out


def walkthrough(game: Game, sample: Path, lang: str) -> tuple[Any, list[RoundPage]]:
    where = display(sample)
    t = replay(game, read_text(sample, where, "a sample game"), where)
    say = Say(game, lang)
    npc = t.state.npc
    pages = []
    for log, reveal, after, steps, trust in rounds_of(game, t, lang, sample.stem):
        plays = [say("round", "play", player=say.n.short(p), card=say.titles[c]) for p, c in log.plays.items()]
        intro = []
        if npc and log.npc:
            intro.append(say("round", "npc", card=say.titles[log.npc], colour=say.n.short(npc)))
        intro.append(say("round", "played", plays=plays))
        panels = [Panel(reveal, say("booklet", "revealed"), " ".join(steps)),
                  Panel(after, say("booklet", "after"), trust)]
        pages.append(RoundPage(log.round, intro, panels))
    return t, pages


NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
# Every example prints its cards at one size: one of five seats (the most an example has) takes 60 % of
# the column, one of fewer seats is narrower. Each drawn at 60 %, a three-seat example had larger cards
# than a five-seat one, and took a fifth more of the page to show less.
EXAMPLE_SEATS, EXAMPLE_SHARE = 5, 0.6


def _after_naming(say: Say, description: str, log: RoundLog, npc: str | None,
                  steps: list[str]) -> tuple[str, list[str]]:
    """An example's description and steps, when the description ends by naming the card the first step
    opens with: the two join ("... but Red lays Hattori Hanzo, which rejects Blue’s Nene."), and a card
    laid as an effect acts is "it" ("As it is laid, ..."), never named twice in a row like a log."""
    if not steps or not description.rstrip().endswith("."):
        return description, steps
    plays = dict(log.plays) | ({npc: log.npc} if npc and log.npc else {})
    first, said = steps[0], description.rstrip()
    for seat, card in plays.items():
        title = say.titles[card]
        if not said.endswith(f"{title}."):
            continue
        owned = say("words", "owned", player=say.who(seat, npc), card=title)
        for named in (f"{owned} ", f"{title} "):
            if first.startswith(named):
                return f"{said[:-1]}, {say('words', 'which')} {first[len(named):]}", steps[1:]
        laid = say("words", "as-laid", card=title)
        if first.startswith(laid):
            return said, [say("words", "as-laid", card=say("words", "it-small")) + first[len(laid):], *steps[1:]]
    return description, steps


def example_figures(game: Game, lang: str, arg: str) -> list[Figure]:
    """`@example NAME [NAME...]`: examples/NAME.toml replayed, its last round drawn with its result;
    `@example` alone: every example."""
    folder = game.folder / "examples"
    names = arg.split()
    for n in names:
        if not NAME.fullmatch(n):
            raise DefinitionError(display(game.folder / "booklet" / f"rules.{lang}.md"), "@example",
                                  f"{n!r}: expected the name of a file in examples/ (without .toml)")
    paths = [folder / f"{n}.toml" for n in names] if names else sorted(folder.glob("*.toml"))
    out = []
    for path in paths:
        where = display(path)
        t = replay(game, read_text(path, where, "an example the booklet draws"), where)
        # alone, a felt is kept four seats wide (a two-seat one is cramped); two to a row, each fills its half
        seats = 0 if len(paths) > 1 else 4
        log, reveal, _after, steps, trust = rounds_of(game, t, lang, path.stem, True, columns=seats,
                                                      side_by_side=False)[-1]
        description, steps = _after_naming(Say(game, lang), localized(t.description, lang), log, t.state.npc,
                                           steps)
        caption = (f"**{localized(t.title, lang)}.** {description} "
                   + " ".join(steps) + " " + trust)
        # never shrunk to stay on a page: smaller, the diagram faces' level and names would print as bars
        out.append(Figure(reveal, caption.strip(), share=EXAMPLE_SHARE * reveal.width / felt_width(EXAMPLE_SEATS),
                          least=1.0))
        del log
    return out


def step_lines(game: Game, lang: str, _arg: str) -> list[str]:
    """The resolution algorithm, one bullet a step, from `rules.STEPS` (the order the engine uses)."""
    say = Say(game, lang)
    return [say("steps", "line", n=n, text=text) for n, text in STEPS]


def character_lines(game: Game, lang: str, _arg: str) -> list[str]:
    """One bullet per character: name, convincing level (or none), trust value, effect as printed."""
    say = Say(game, lang)
    by_id = {c.type_id: c for c in game.cards}
    out = []
    for cid in CHARACTER_IDS:
        c = by_id[cid]
        d = CARDS[cid]
        out.append(say("characters", "line", name=c.type.title.get(lang, cid), level=d.level, trust=d.trust,
                       text=c.type.text.get(lang, "")))
    return out


def cover(game: Game, lang: str) -> Scene:
    """The six Proposal cards of the first colour set and a character, fanned: the diagrams' faces, whose
    level, emblem and name stay legible at a fan's size (the printed face's effect text turns to bars)."""
    cards = Cards(game, lang)
    first = next(iter(game.clans))
    faces = [cards.card(c, first) for c in ("party", "surveying", "fortressing", "war-drills", "invasion",
                                            "strategising")] + [cards.card("kuroda-kanbei", None)]
    w = 34.0
    step = w * 0.42
    h = w * faces[0].height / faces[0].width
    scene = Scene("cover", w + step * (len(faces) - 1), h + 2.0, 0.0)
    for i, face in enumerate(faces):
        scene.add(placed(face, i * step, 1.0 if i % 2 else 0.0, w))
    return scene


class SamuraiVassalBooklet(BookletAdapter):
    intro_with_first_round = True

    def cover_scene(self, game: Game, lang: str) -> Scene:
        return cover(game, lang)

    def walkthrough(self, game: Game, sample: Path, lang: str) -> tuple[Transcript, list[RoundPage]]:
        return walkthrough(game, sample, lang)

    def thumbnail(self, game: Game, card: Card, lang: str) -> Scene | None:
        """The diagrams' face (level, owner's sign, emblem): the card the examples draw, named under it."""
        return Cards(game, lang).card(card.type_id, card.clan.id if card.clan else None)

    def figures(self) -> dict[str, Callable[[Game, str, str], list[Figure] | list[str]]]:
        return {"example": example_figures, "steps": step_lines, "characters": character_lines,
                "anatomy": anatomy_figure}

    def sample_values(self, game: Game, transcript: Any, lang: str) -> dict[str, Any]:
        s = transcript.state
        say = Say(game, lang)
        return {"players": len(s.players), "round": s.round,
                "options": ", ".join(s.rules.names()),
                "winner": say.people(s.winners, None) if s.winners else "-"}


__all__ = ["SamuraiVassalBooklet"]
