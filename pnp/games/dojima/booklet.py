"""Dôjima's figures for the booklet: each reveal step of a replayed round drawn as the row of six
fields with the advisors above and the workers below (each on its die), and the events as sentences.

Everything drawn comes from the events the rules module emitted while replaying a notation file (a
sample game or an example from a stated position), so a figure cannot show what the rules did not do.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...catalog import rules_for
from ...draw import text
from ...draw.contrast import readable
from ...draw.fieldrow import Chip, Place, field_row
from ...draw.shapes import Circle, Group, Rect, Scene, Style
from ...draw.table import die_face
from ...draw.trackboard import trackboard_scene
from ...engine.events import Revealed
from ...engine.notation import localized, read_notation_file
from ...errors import DefinitionError
from ...model import Game
from ...model.load import display
from ...reference.narration import Narrator, grouped
from ..interface import BookletAdapter, Figure, Panel, Prose, RoundPage, Transcript
from .basics import BEGGAR, IMPERIAL, MARKET, MAX_WATER, SABOTEUR, SAKE, SOW, WATER, field_effect
from .events import (
    AdvisorRevealed,
    BeggarPaid,
    CardTurned,
    DiceShown,
    DiePicked,
    Drafted,
    FirstPlayer,
    GameOver,
    ImperialMoved,
    Overstock,
    PyramidLaid,
    Rerolled,
    SeasonStarted,
    Sold,
    WorkerPaid,
)
from .rules import START_WATER

ACTIVE, ADJACENT = "#f2d46b", "#fbefc4"     # the shades of the active and adjacent fields
NOBODY = "#3a3a3a"                          # an advisor nobody chose: it sits on the black die
STEP_OF = {SABOTEUR: "A", SAKE: "A", SOW: "B", WATER: "C", MARKET: "D", BEGGAR: "E"}
ADVISOR_OF = {"B": SOW, "C": WATER, "D": MARKET}
ROLE_STEP = {"sower": "B", "waterer": "C", "merchant": "D"}
FIELDS = range(1, 7)
TYPE_PT = 10.0      # the diagrams' numbers: still 7 pt when a row fills half a booklet column
# An example whose name says which step it shows (sowing, watering, market) is drawn at that step.
HINTS = {"sowing": "B", "watering": "C", "market": "D", "beggar": "E"}


@dataclass(frozen=True)
class Paid:
    """What one worker got: `role` (sower, waterer, sold), the values its sentence needs."""

    role: str
    player: str
    field: int
    effect: str
    values: tuple[tuple[str, Any], ...]


@dataclass
class Step:
    """One reveal step of a round: its letter, the row drawn, the sentences."""

    key: str
    scene: Scene | None
    sentences: list[str] = field(default_factory=list)
    results: list[str] = field(default_factory=list)               # what the workers (or the Beggar) got
    notes: list[tuple[str, str]] = field(default_factory=list)     # (player, what their worker got, short)
    paid: list[Paid] = field(default_factory=list)                 # the workers' results, to be told grouped
    above: dict[int, list[str]] = field(default_factory=dict)     # field -> card ids, for tests
    below: dict[int, list[str]] = field(default_factory=dict)     # field -> "player role", for tests
    shades: dict[int, str] = field(default_factory=dict)          # field -> active | adjacent | empty
    with_a: bool = False       # step A (Saboteur, Sake Seller) is told in this step's caption too


class Words:
    """The names the pictures and sentences use: players by colour, cards by title."""

    def __init__(self, game: Game, lang: str):
        self.game, self.lang = game, lang
        self.say = Narrator(game, lang)
        self.titles = {c.label: c.type.title.get(lang, c.type_id) for c in game.cards}
        self.glyphs = {c.label: c.type.kanji or c.type.title.get(lang, c.type_id)[:1] for c in game.cards}
        self.card_colour = {c.label: c.colour for c in game.cards}

    def player(self, p: str | None) -> str:
        return self.say.short(p) if p and p in self.game.clans else (p or "")

    def colour(self, p: str | None) -> str:
        return self.game.clans[p].colour if p and p in self.game.clans else NOBODY

    def title(self, card: str) -> str:
        return self.titles.get(card, card)

    def effect(self, eff: str) -> str:
        return self.say.say("effect", eff)

    def sign(self, p: str) -> str:
        """The player's sign as a character (the shape printed on their cards and markers), so that a die
        is not told apart by colour alone; the narration's `[signs]` gives it."""
        return self.say.say("signs", p) if p in self.game.clans else ""


def _record(log: Any) -> Any:
    """A round's record (what was drafted, rolled, laid and the events), from the round's log."""
    return getattr(log, "record", log)


def _events(transcript: Any) -> list[list[Any]]:
    """The events of each round of a replayed game."""
    return [list(getattr(_record(r), "events", ())) for r in transcript.rounds]


def steps_of(game: Game, lang: str, events: Sequence[Any], rows_below: int = 0,
             no_rice: frozenset[str] = frozenset()) -> tuple[list[Step], list[str]]:
    """The reveal steps of one round, drawn, and the sentences of the round's end. `no_rice`: the players
    whose Merchant had no rice to sell (told so, rather than as a sale not made)."""
    w = Words(game, lang)
    say = w.say
    placed: list[tuple[int, str, str | None]] = []        # (field, card, owner) of every advisor turned up
    hidden: set[str] = set()                              # advisors nobody chose, turned up on the black die
    steps: dict[str, Step] = {}
    workers: dict[str, list[tuple[str, int, str]]] = {}    # step -> (player, field, note)
    ghosts: dict[str, list[tuple[str, int, int]]] = {}     # step -> (player, from, to)
    end: list[str] = []
    current = "A"
    revealed: dict[AdvisorRevealed, str] = {}             # an advisor's reveal -> the sentence telling it

    def step(key: str) -> Step:
        return steps.setdefault(key, Step(key, None))

    for i, e in enumerate(events):
        if isinstance(e, AdvisorRevealed):
            placed.append((e.field, e.card, e.owner))
            if e.owner is None and e.by is not None:
                hidden.add(e.card)
            if e.card != IMPERIAL:
                current = STEP_OF.get(e.card, current)
            if e.card == IMPERIAL and e.owner is not None and i + 1 < len(events) \
                    and isinstance(events[i + 1], ImperialMoved):
                continue                  # the move's own sentence says the Imperial was turned up
            unused = e.card == IMPERIAL and e.owner is not None     # turned up at the end, never used
            lines = step(current).sentences
            before = events[i - 1] if i else None
            if e.owner is None and e.by is not None and isinstance(before, AdvisorRevealed) \
                    and before.owner == e.by and lines and lines[-1] == revealed.get(before):
                # the last player reveals their own advisor, then the hidden one: one sentence, not a log
                lines[-1] = say.say("events", "advisor-and-hidden", owner=w.player(e.by), card=w.title(before.card),
                                   field=before.field, hidden=w.title(e.card), black=e.field)
            else:
                lines.append(say.say("events", "imperial-unused" if unused else "advisor",
                                    card=w.title(e.card), field=e.field, owner=w.player(e.owner), by=w.player(e.by)))
                revealed[e] = lines[-1]
            if e.card in ADVISOR_OF.values():     # the Saboteur or Sake Seller already there changes its fields
                with_it = [c for f, c, _o in placed[:-1] if f == e.field and c in (SABOTEUR, SAKE)]
                if with_it:
                    step(current).sentences.append(say.say(
                        "events", "shares", card=w.title(e.card), field=e.field,
                        others=say.listing([w.title(c) for c in with_it]), n=len(with_it),
                        saboteur=SABOTEUR in with_it, sake=SAKE in with_it,
                        beside=say.listing([str(f) for f in FIELDS if abs(f - e.field) == 1]),
                        n_beside=sum(1 for f in FIELDS if abs(f - e.field) == 1)))
        elif isinstance(e, ImperialMoved):
            key = ROLE_STEP[e.role]
            ghosts.setdefault(key, []).append((e.player, e.src, e.dst))
            said = say.say("events", "imperial", player=w.player(e.player), role=w.title(f"{e.role}-{e.player}"),
                           src=e.src, dst=e.dst)
            step(key).sentences.append(said)
            step(key).results.append(said)
        elif isinstance(e, WorkerPaid):
            key = ROLE_STEP[e.role]
            values = dict(player=w.player(e.player), field=e.field, effect=w.effect(e.effect), water=e.water,
                          rice=e.rice, withered=e.withered, lost=e.lost)
            step(key).paid.append(Paid(e.role, w.player(e.player), e.field, e.effect,
                                       (("water", e.water), ("rice", e.rice), ("withered", e.withered),
                                        ("lost", e.lost))))
            workers.setdefault(key, []).append((e.player, e.field, say.say("note", e.role, **values)))
            step(key).notes.append((w.player(e.player), workers[key][-1][2]))
        elif isinstance(e, Sold):
            values = dict(player=w.player(e.player), field=e.field, effect=w.effect(e.effect), kind=e.effect,
                          rice=e.rice, ryo=e.ryo, from_box=e.from_box)
            step("D").paid.append(Paid("sold", w.player(e.player), e.field, e.effect,
                                       (("rice", e.rice), ("ryo", e.ryo),
                                        ("from_box", e.from_box), ("no_rice", e.player in no_rice))))
            workers.setdefault("D", []).append((e.player, e.field, say.say("note", "sold", **values)))
            step("D").notes.append((w.player(e.player), workers["D"][-1][2]))
        elif isinstance(e, BeggarPaid):
            # the basic advisors on its field, named: why it pays nothing (or would not have paid anyway)
            sharing = [say.say("words", "the", name=w.title(c)) for f, c, _o in placed
                       if f == e.field and c in ADVISOR_OF.values()]
            # with two players nobody holds the Beggar, yet it pays the player who is not first player
            shared = any(c == BEGGAR and o is None and c not in hidden for _f, c, o in placed)
            said = say.say("events", "beggar", player=w.player(e.player), field=e.field, blocked=e.blocked,
                           ryo=e.ryo, from_box=e.from_box, basics=say.listing(sharing), n=len(sharing),
                           pyramid=shared)
            step("E").sentences.append(said)
            step("E").results.append(said)
        elif isinstance(e, Overstock):
            end.append(say.say("events", "overstock", ryo=e.ryo))
        elif isinstance(e, FirstPlayer):
            end.append(say.say("events", f"first-{e.why}", player=w.player(e.player)))
        elif isinstance(e, SeasonStarted):
            end.append(say.say("events", "season", season=say.say("season", e.season), reserve=e.reserve,
                               water=e.water))
        elif isinstance(e, GameOver):
            end.append(say.say("events", "game-over", winners=[w.player(p) for p in e.winners], ryo=0))

    # a Saboteur or Sake Seller with no basic advisor on its field changes nothing: said, or a reader
    # wonders why the workers beside it are paid as usual
    basics = {f for f, c, _o in placed if c in ADVISOR_OF.values()}
    idle: dict[int, list[str]] = {}
    for f, c, _o in placed:
        if c in (SABOTEUR, SAKE) and f not in basics:
            idle.setdefault(f, []).append(c)
    if idle:
        where = [say.say("words", "on-idle", field=f,
                         cards=say.listing([say.say("words", "the", name=w.title(c)) for c in cards]))
                 for f, cards in sorted(idle.items())]
        step("A").sentences.append(say.say("events", "idle", places=say.listing(where),
                                           n=sum(len(c) for c in idle.values())))
    for st in steps.values():            # the workers' results close their step, players alike told together
        told = paid_sentences(w, st.paid, with_fields=True)
        st.sentences += told
        st.results += told
    field_of = {card: f for f, card, _o in placed}
    crowd = max((sum(1 for f2, _c, _o in placed if f2 == f) for f, _c, _o in placed), default=1)
    for key, st in sorted(steps.items()):
        if key == "A" and "B" in steps:        # the Saboteur and Sake Seller show in the Sow Advisor's row
            steps["B"].sentences[:0] = st.sentences
            steps["B"].with_a = True
            continue
        if key == "A":                         # nothing else was revealed: a row of its own
            st.results = list(st.sentences)
        above: dict[int, list[Chip]] = {}
        seen = placed if key == "E" else [p for p in placed if _before(p[1], key)]
        for f, card, owner in seen:
            colour = w.colour(owner) if owner else NOBODY if card in hidden else w.card_colour.get(card, NOBODY)
            above.setdefault(f, []).append(Chip(w.glyphs.get(card, card[:1]), colour, die=f,
                                                mark=w.sign(owner) if owner else ""))
            st.above.setdefault(f, []).append(card)
        places = [Place(n) for n in FIELDS]
        adv = ADVISOR_OF.get(key)
        if adv is not None and adv in field_of:
            a = field_of[adv]
            sab, sake = field_of.get(SABOTEUR) == a, field_of.get(SAKE) == a
            places = []
            for n in FIELDS:
                eff = field_effect(n, a, sab, sake)
                st.shades[n] = eff
                places.append(Place(n, "", {"active": ACTIVE, "adjacent": ADJACENT}.get(eff, "#ffffff")))
        elif key == "E" and BEGGAR in field_of:      # no shade: the key's shades are a basic advisor's fields
            places = [Place(n) for n in FIELDS]
        below: dict[int, list[Chip]] = {}
        for p, src, _dst in ghosts.get(key, []):
            below.setdefault(src, []).append(Chip("", w.colour(p), die=src, ghost=True))
        for p, f, note in workers.get(key, []):
            # a sale ("1→1") is the widest note: set tight to its sign, two on neighbouring fields stay apart
            sep = "" if "→" in note else " "
            below.setdefault(f, []).append(Chip("", w.colour(p), die=f, note=f"{w.sign(p)}{sep}{note}".strip()))
            st.below.setdefault(f, []).append(p)
        arrows = [(src, dst, w.colour(p)) for p, src, dst in ghosts.get(key, [])]
        st.scene = field_row(places, above, below, arrows, name=f"step-{key}", rows_below=rows_below if below else 0,
                             rows_above=crowd, type_size=TYPE_PT)
    return [s for k, s in sorted(steps.items()) if not (k == "A" and "B" in steps)], end


def paid_sentences(w: Words, paid: Sequence[Paid], with_fields: bool) -> list[str]:
    """One sentence for each outcome of a step (the same role, field effect and result), naming every
    player who had it: "Green and Purple (5, active) grow 3 rice each." `with_fields`: where each stood."""
    say = w.say
    def told_by(p: Paid) -> str:
        """The field's effect where the sentence names it, or where it is the reason (a sale on an empty field)."""
        return p.effect if with_fields or (p.role == "sold" and not dict(p.values)["rice"]) else ""

    def key_of(p: Paid) -> tuple[str, str, tuple[tuple[str, Any], ...]]:
        """Sowers cut short by the rice limit go together even with different room left: one sentence
        ("room for only 1 and 2 of the 3 rice"), not the same clause twice."""
        v = dict(p.values)
        if p.role == "sower" and v["rice"] and v["lost"]:
            return p.role, told_by(p), (("capped", v["rice"] + v["lost"]),)
        return p.role, told_by(p), p.values

    told: list[tuple[str, int | None, list[str], str]] = []      # (effect, its one field or None, names, sentence)
    for (role, effect, values), people in grouped((key_of(p), (p.player, p.field, dict(p.values))) for p in paid):
        names = [name for name, _f, _v in people]
        fields = sorted({f for _n, f, _v in people})
        rooms = [v["rice"] for _n, _f, v in people]
        capped = values[0][0] == "capped"
        if capped:
            values = tuple(people[0][2].items())
        one = fields[0] if with_fields and len(fields) == 1 else None
        if not with_fields or one is not None:      # a single field is named once, where groups sharing it meet
            who = say.listing(names)
        elif max(sum(1 for _n, f2, _v in people if f2 == f) for f in fields) >= 3:
            # several on one field: each field once ("Purple on 3 and Orange, Red ... on 1"), not "(1)" five times
            where = [say.say("words", "on-field-many", names=say.listing([n for n, f2, _v in people if f2 == f]),
                             field=f) for f in dict.fromkeys(f for _n, f, _v in people)]
            who = say.say("words", "at-fields-many", effect=w.effect(effect), places=say.listing(where))
        else:
            who = say.say("words", "at-fields", effect=w.effect(effect), names=say.listing(
                [say.say("words", "on-field", name=n, field=f) for n, f, _v in people]))
        if not capped or len(set(rooms)) < 2:
            sentence = say.say("events", role, who=who, n=len(people), kind=effect, **dict(values))
        else:
            sentence = say.say("events", "sower-capped", who=who, n=len(people), total=dict(values)["rice"]
                               + dict(values)["lost"], rooms=say.listing([str(r) for r in rooms]))
        told.append((effect, one, names, sentence))
    # the workers on one field are told together, however their results differ: "Green, Orange and Red
    # (3, active): Green gains 1 water; Orange and Red are already at 8 water."
    out: list[str] = []
    for (effect, one), group in grouped(((effect, one if one is not None else -1 - i), (names, sentence))
                                        for i, (effect, one, names, sentence) in enumerate(told)):
        if one is not None and one < 0:
            out.append(group[0][1])
        elif len(group) == 1:
            names, sentence = group[0]
            who = say.listing(names)
            out.append(say.say("words", "at-field", names=who, field=one, effect=w.effect(effect))
                       + sentence[len(who):])
        else:
            out.append(say.say("words", "at-field", names=say.listing([n for names, _s in group for n in names]),
                               field=one, effect=w.effect(effect))
                       + ": " + "; ".join(s.rstrip(".") for _n, s in group) + ".")
    return out if with_fields else [sentence for _e, _o, _w, sentence in told]


def _before(card: str, key: str) -> bool:
    """Whether an advisor is on the table by reveal step `key` (the Imperial: from its own move)."""
    return card == IMPERIAL or STEP_OF.get(card, "Z") <= key


def intro_lines(game: Game, lang: str, record: Any, events: Iterable[Any], dice_too: bool = True) -> list[str]:
    """The round's opening: season and first player, the draft, the dice and any re-roll (`dice_too`)."""
    w = Words(game, lang)
    say = w.say
    out = []
    season = getattr(record, "season", "")
    if season:
        out.append(say.say("round", "season", season=say.say("season", season), n=getattr(record, "round", ""),
                           first=w.player(getattr(record, "first", None)), reserve=None))
    kept, hidden = [], ""
    dice: dict[tuple[str, str], str] = {}      # (player, what) -> the dice played with, after any re-roll
    black = None
    picks = []
    for e in events:
        if isinstance(e, Drafted):
            kept.append(f"{w.player(e.player)} {w.title(e.card)}")
            if e.hidden:
                hidden = w.title(e.hidden)
        elif isinstance(e, DiceShown):
            if e.what == "black":
                black = e.values[0] if e.values else None
            else:
                dice[(e.player, e.what)] = f"{w.player(e.player)} {' '.join(map(str, e.values))}"
        elif isinstance(e, Rerolled) and dice_too:
            out.append(say.say("round", "reroll", player=w.player(e.player), before=" ".join(map(str, e.before)),
                               after=" ".join(map(str, e.after))))
            rolled = [k for k in dice if k[0] == e.player]
            if rolled:                          # the dice line gives the dice kept, not the first throw
                dice[rolled[-1]] = f"{w.player(e.player)} {' '.join(map(str, e.after))}"
        elif isinstance(e, PyramidLaid):
            out.append(say.say("round", "pyramid", cards=", ".join(w.title(c) for c in e.order)))
        elif isinstance(e, DiePicked):
            picks.append(say.say("round", "pick", player=w.player(e.player), value=e.value, card=w.title(e.card)))
    if kept:     # the draft follows the season and first player in one paragraph: a round opens in two
        draft = say.say("round", "draft", kept="; ".join(kept), hidden=hidden)
        if season:
            out[0] += " " + draft
        else:
            out.insert(0, draft)
    if dice and dice_too:
        out.append(say.say("round", "dice", dice="; ".join(dice.values()), black=black))
    out += picks
    return out


def _replay(game: Game, path: Path) -> Any:
    shown = display(path)
    return rules_for(game).replay(game, read_notation_file(path, shown), shown)


def round_end(w: Words, events: Sequence[Any], season: str, reserve_after: int, ryo: dict[str, int]) -> list[str]:
    """The end of a round as sentences: the autumn overstock (or why none went back), the reserve
    before and after the round and whether that ends the season, who is first player next (not
    after the last round), the new season or the winner."""
    say = w.say
    ended = any(isinstance(e, (SeasonStarted, GameOver)) for e in events)
    after = 0 if ended else reserve_after
    # what left the reserve this round: sales and the Beggar (less what the box paid), the overstock
    paid = sum(e.ryo - e.from_box for e in events if isinstance(e, Sold))
    paid += sum(e.ryo - e.from_box for e in events if isinstance(e, BeggarPaid) and e.player)
    overstock = sum(e.ryo for e in events if isinstance(e, Overstock))
    out = []
    if overstock:
        out.append(say.say("events", "overstock", ryo=overstock))
    # in autumn with no overstock the sales or the Beggar emptied the reserve: told with the season's end
    out.append(say.say("events", "reserve", before=after + paid + overstock, after=after, ended=ended,
                       season=say.say("season", season), no_overstock=season == "autumn" and not overstock))
    over = any(isinstance(e, GameOver) for e in events)
    for e in events:
        if isinstance(e, FirstPlayer) and not over:
            out.append(say.say("events", f"first-{e.why}", player=w.player(e.player)))
        elif isinstance(e, SeasonStarted):
            out.append(say.say("events", "season", season=say.say("season", e.season), reserve=e.reserve,
                               water=e.water))
        elif isinstance(e, GameOver):
            out.append(say.say("events", "game-over", winners=[w.player(p) for p in e.winners],
                               ryo=max((ryo.get(p, 0) for p in e.winners), default=0)))
    return out


def tracks_scene(w: Words, log: Any, name: str, winners: Sequence[str] = ()) -> Scene:
    """Each player's water, rice and Ryô after a round, as a small table: a row a player, named in
    words beside a swatch of the colour (the colour alone would not tell them apart for everyone)."""
    say = w.say
    heads = [say.say("booklet", "tracks-water"), say.say("booklet", "tracks-rice"), say.say("booklet", "tracks-ryo")]
    row, name_w, cell, pt = 5.2, 22.0, 12.0, 8.4
    players = list(log.water)
    scene = Scene(name, name_w + cell * 3 + 2.0, row * (len(players) + 1) + 2.0, 0.0)
    scene.add(Rect(0, 0, scene.width, scene.height, Style(fill="#eef1ea", stroke="#c9cfc2", width=0.4), radius=2.0))
    for j, h in enumerate(heads):
        scene.add(*text.box(1.0 + name_w + j * cell, 1.0, cell, row, h, "sans-bold", pt, "center", "#231f1a",
                            valign="middle"))
    for i, p in enumerate(players, 1):
        y = 1.0 + i * row
        scene.add(Rect(2.0, y + row * 0.2, row * 0.6, row * 0.6, Style(fill=w.colour(p), stroke="#231f1a", width=0.2),
                       radius=0.6))
        face = "sans-bold" if p in winners else "sans"     # winter's count: the winning row stands out
        scene.add(*text.box(2.0 + row * 0.8, y, name_w - row, row, w.player(p), face, pt, "left", "#231f1a",
                            valign="middle"))
        for j, v in enumerate((log.water[p], log.rice[p], log.ryo[p])):
            scene.add(*text.box(1.0 + name_w + j * cell, y, cell, row, str(v), face, pt, "center", "#231f1a",
                                valign="middle"))
    return scene


def panels_for(game: Game, transcript: Any, lang: str) -> list[RoundPage]:
    """The rounds of a replayed game: those of its first season drawn step by step, the later ones
    told without the field diagrams (where each advisor and worker stood, what each step gave); after
    each round a table of the tracks (after the last, winter's count)."""
    say = Narrator(game, lang)
    pages = []
    records = list(transcript.rounds)
    w = Words(game, lang)
    first_season = getattr(_record(records[0]), "season", None) if records else None
    water = {p: START_WATER for p in transcript.state.players}      # each player's water before a round
    for i, (log, events) in enumerate(zip(records, _events(transcript)), 1):
        # nothing changes rice after the Merchants: a Merchant who sold nothing and ends the round with no
        # rice had none to sell
        sold = {e.player: e.rice for e in events if isinstance(e, Sold)}
        no_rice = frozenset(p for p, r in getattr(log, "rice", {}).items() if r == 0 and sold.get(p) == 0)
        steps, _end = steps_of(game, lang, events, rows_below=_stack(events), no_rice=no_rice)    # one size
        record = _record(log)
        end = round_end(w, events, getattr(record, "season", ""), getattr(log, "reserve", 0),
                        dict(getattr(log, "ryo", {})))
        detailed = getattr(record, "season", None) == first_season
        intro = intro_lines(game, lang, record, events)
        if detailed:     # the step's lead-in in bold, as in the later rounds and the examples
            panels = [Panel(s.scene, f"**{heading(say, s)}.**", " ".join(s.sentences), s)
                      for s in steps if s.scene is not None]
        else:
            panels = []
            intro += [f"**{heading(say, s)}.** {' '.join(s.sentences)}" for s in steps if s.sentences]
        winners = [p for e in events if isinstance(e, GameOver) for p in e.winners]
        if all(hasattr(log, k) for k in ("water", "rice", "ryo")):
            # the last round's table is winter's count, its winner in bold; after a season's last round the
            # table already holds the new season's water, and says so
            season = next((e for e in events if isinstance(e, SeasonStarted)), None)
            title = (say.say("booklet", "after-season", season=say.say("season", season.season))
                     if season is not None else say.say("booklet", "after"))
            if season is not None:      # under the season's title: the refill, and whose water the top cut short
                plain = say.say("events", "season", season=say.say("season", season.season), reserve=season.reserve,
                                water=season.water)
                capped = say.say("events", "season-table", reserve=season.reserve, water=season.water, top=MAX_WATER,
                                 cap=water_cap(w, season.water, water, events, log.water))
                end = [capped if x == plain else x for x in end]
            panels.append(Panel(tracks_scene(w, log, f"tracks-{i}", winners), f"**{title}.**",
                                " ".join(x for x in end if x)))
            water = dict(log.water)
        elif panels:
            panels[-1].sentence += " " + " ".join(end)
        else:
            intro.append(" ".join(end))
        pages.append(RoundPage(getattr(log, "round", i), intro, panels))
    return pages


def water_cap(w: Words, gain: int, before: dict[str, int], events: Iterable[Any], after: dict[str, int]) -> str:
    """Who got less than a new season's water because the track stops at its top: from each player's
    water before the round, what their Waterer changed, and the table's figure."""
    end_of_round = dict(before)
    for e in events:
        if isinstance(e, WorkerPaid) and e.role == "waterer":
            end_of_round[e.player] = end_of_round.get(e.player, 0) + e.water
    short = [(p, after[p] - end_of_round[p]) for p in after if p in end_of_round and after[p] - end_of_round[p] < gain]
    if not short:
        return ""
    parts = [w.say.say("events", "water-cap-part", names=w.say.listing([w.player(p) for p, g in short if g == got]),
                       got=got, n=sum(1 for _p, g in short if g == got))
             for got in dict.fromkeys(sorted((g for _p, g in short), reverse=True))]
    return ", ".join(parts)


def heading(say: Narrator, step: Step) -> str:
    """A step's heading; "A and B" when the Saboteur and Sake Seller are told with the Sowers."""
    return say.say("step", "AB" if step.with_a else step.key)


def brief(w: Words, step: Step) -> str:
    """A step in brief: the Imperial's move if any, then what the workers got, players alike together,
    without their fields."""
    if not step.paid:
        return " ".join(step.results)
    told = set(paid_sentences(w, step.paid, with_fields=True))
    moves = [r for r in step.results if r not in told]
    return " ".join([*moves, *paid_sentences(w, step.paid, with_fields=False)])


def _stack(events: Iterable[Any]) -> int:
    """The most workers (and ghosts) one field holds in any step of the round."""
    count: dict[tuple[str, int], int] = {}
    for e in events:
        if isinstance(e, WorkerPaid):
            key = (e.role, e.field)
        elif isinstance(e, Sold):
            key = ("merchant", e.field)
        elif isinstance(e, ImperialMoved):
            key = (e.role, e.src)
        else:
            continue
        count[key] = count.get(key, 0) + 1
    return max(count.values(), default=1)


def focus(events: Sequence[Any], steps: Sequence[Step], name: str = "") -> list[Step]:
    """The steps an example is about: the step its name says (sowing: B), the Imperial's step, the
    basic advisor sharing a field with the Saboteur or Sake Seller, the Beggar's step; else every
    step with workers."""
    keys: list[str] = [key for hint, key in HINTS.items() if hint in name]
    if keys:
        return [s for s in steps if s.key in keys]
    fields: dict[str, int] = {e.card: e.field for e in events if isinstance(e, AdvisorRevealed)}
    for e in events:
        if isinstance(e, ImperialMoved):
            keys.append(ROLE_STEP[e.role])
    for special in (SABOTEUR, SAKE):
        if special in fields:
            keys += [k for k, adv in ADVISOR_OF.items() if fields.get(adv) == fields[special]]
    if any(isinstance(e, BeggarPaid) and e.player for e in events):
        keys.append("E")
    chosen = [s for s in steps if s.key in keys]
    return chosen or [s for s in steps if s.below]


def stacked(scenes: Sequence[Scene], name: str, gap: float = 3.0) -> Scene:
    """Several rows one under the other, as one figure."""
    width = max(s.width for s in scenes)
    height = sum(s.height for s in scenes) + gap * (len(scenes) - 1)
    out = Scene(name, width, height, 0.0)
    y = 0.0
    for s in scenes:
        out.add(Group(tuple(s.shapes), 0.0, y))
        y += s.height + gap
    return out


def example_figures(game: Game, lang: str, arg: str = "") -> list[Figure]:
    """`@examples NAME...`: examples/NAME.toml in the order named (`@examples` alone: every file, by
    name), each drawn at the steps it is about, replayed from its stated position."""
    say = Narrator(game, lang)
    out = []
    names = arg.split()
    paths = ([_file(game, lang, "examples", n, "@examples") for n in names] if names
             else sorted((game.folder / "examples").glob("*.toml")))
    for path in paths:
        t = _replay(game, path)
        events = [e for evs in _events(t) for e in evs]
        steps, _end = steps_of(game, lang, events)
        shown = focus(events, steps, path.stem)
        if not shown:
            continue
        scene = stacked([s.scene for s in shown if s.scene is not None], path.stem)
        caption = say.say("booklet", "example", title=localized(t.title, lang) or path.stem,
                          description=localized(t.description, lang))
        caption += " " + " ".join(sentence for s in shown for sentence in s.results)
        out.append(Figure(scene, caption))
    return out


# Two players roll the advisor dice in two colours of their own (not their workers' colours): the
# first player in seat order the white ones, the other the black (fill, pips).
ADVISOR_DICE = (("#ffffff", "#231f1a"), ("#231f1a", "#ffffff"))

# The pyramid's six places, top first, then the middle and the bottom rows left to right (as the
# rules lay it out), in columns of half a card: a card rests on the two below it.
PYRAMID = ((2, 0), (1, 1), (3, 1), (0, 2), (2, 2), (4, 2))


def pyramid_figure(game: Game, lang: str, sample: Path) -> list[Figure]:
    """Two players: the first round's pyramid with the die each advisor received and from whom, in
    the order the dice were given; a card face down at first turns up once both cards under it
    have a die."""
    w = Words(game, lang)
    say = w.say
    t = _replay(game, sample)
    events = _events(t)[0] if t.rounds else []
    laid = next((e.order for e in events if isinstance(e, PyramidLaid)), ())
    if not laid:
        return []
    seats = list(t.state.players)
    looks = {p: ADVISOR_DICE[i % 2] for i, p in enumerate(seats)}
    # who rolled each die given: the dice are one pool, so a player may give a die the other rolled (a
    # value both rolled counts as the giver's own while the giver has one left)
    pool = {p: list(v) for p, v in getattr(_record(t.rounds[0]), "advisor_dice", {}).items()}
    dice: dict[str, tuple[int, str, int]] = {}
    borrowed: list[tuple[str, str, int]] = []      # (giver, roller, value)
    for n, e in enumerate((e for e in events if isinstance(e, DiePicked)), 1):
        roller = e.player if e.value in pool.get(e.player, []) else next(
            (p for p in seats if e.value in pool.get(p, [])), e.player)
        if e.value in pool.get(roller, []):
            pool[roller].remove(e.value)
        if roller != e.player:
            borrowed.append((e.player, roller, e.value))
        dice[e.card] = (e.value, roller, n)
    turned = {e.card for e in events if isinstance(e, CardTurned)}
    half, row, tile, die, top = 15.0, 26.0, 13.0, 8.0, 7.0
    scene = Scene("pyramid", half * 6 + 6, top + row * 3, 0.0)
    scene.add(Rect(0, 0, scene.width, scene.height, Style(fill="#eef1ea", stroke="#c9cfc2", width=0.4), radius=2.5))
    for card, (col, line) in zip(laid, PYRAMID):
        x, y = 3 + col * half + (half * 2 - tile - die - 1) / 2, top + line * row
        colour = w.card_colour.get(card, NOBODY)
        scene.add(Rect(x, y, tile, tile, Style(fill=colour), radius=1.2))
        if card in turned:     # laid face down: a dashed line inside the card
            scene.add(Rect(x + 1, y + 1, tile - 2, tile - 2, Style(stroke="#ffffff", width=0.35, dash=(0.9, 0.7)),
                           radius=0.8))
        scene.add(*text.box(x, y, tile, tile, w.glyphs.get(card, card[:1]), "jp", 15, "center",
                            readable("#ffffff", colour), valign="middle"))
        scene.add(*text.box(x - 5, y + tile + 0.4, tile + die + 11, 5, w.title(card), "sans", 9.5, "left",
                            "#231f1a", valign="middle", min_size=8.5))
        if card in dice:
            value, player, n = dice[card]
            fill, pips = looks.get(player, ADVISOR_DICE[0])
            scene.add(*die_face(value, x + tile + 1.5, y + (tile - die) / 2, die, colour=pips, fill=fill))
            # the order, ringed so it does not read as another die's value
            r = 2.9
            cx, cy = x + tile + 1.5 + die / 2, y - 3.2
            scene.add(Circle(cx, cy, r, Style(fill="#ffffff", stroke="#231f1a", width=0.3)))
            scene.add(*text.box(cx - r, cy - r, 2 * r, 2 * r, str(n), "sans-bold", 10.0, "center", "#231f1a",
                                valign="middle"))
    # the dice given two by two, with the cards they turn up: a sentence a pair
    chunks: list[tuple[list[Any], list[str]]] = []
    for e in events:
        if isinstance(e, DiePicked):
            if not chunks or chunks[-1][1] or len(chunks[-1][0]) == 2:
                chunks.append(([], []))
            chunks[-1][0].append(e)
        elif isinstance(e, CardTurned) and chunks:
            chunks[-1][1].append(w.title(e.card))
    sentences = [say.say("round", "picks", picks=[(w.player(e.player), e.value, w.title(e.card)) for e in picks],
                         turned=say.listing(turned), n=len(turned)) for picks, turned in chunks]
    dice_key = say.say("booklet", "pyramid-dice", players=[w.player(p) for p in seats],
                       borrowed=[(w.player(g), w.player(r), v) for g, r, v in borrowed[:1]])
    caption = say.say("booklet", "pyramid", dice=dice_key, picks=" ".join(sentences))
    return [Figure(scene, caption)]


def pyramid_reveal(game: Game, lang: str, sample: Path) -> list[str]:
    """Two players: the reveal of the round the pyramid figure lays out, step by step in words (the
    field diagrams would take a page): where the workers were laid, what each step paid, how the round
    ends. Read from the same replay as the figure, so the two cannot disagree."""
    w = Words(game, lang)
    say = w.say
    t = _replay(game, sample)
    if not t.rounds:
        return []
    events = _events(t)[0]
    log = t.rounds[0]
    laid = next((e.choices for e in events if isinstance(e, Revealed)), ())
    workers = [say.say("round", "laid", player=w.player(p), cards=say.listing(
        [say.say("words", "the", name=w.title(f"{role}-{p}")) + f" {say.say('words', 'on')} {v}"
         for role, v in dict(choices).items()])) for p, choices in laid]
    steps, _end = steps_of(game, lang, events)
    out: list[str] = [Prose(say.say("round", "reveal", laid="; ".join(workers)))]
    out += [Prose(f"**{heading(say, s)}.** {' '.join(s.sentences)}") for s in steps if s.sentences]
    end = round_end(w, events, getattr(_record(log), "season", ""), getattr(log, "reserve", 0),
                    dict(getattr(log, "ryo", {})))
    tracks = "; ".join(say.say("round", "holds", player=w.player(p), water=log.water[p], rice=log.rice[p],
                               ryo=log.ryo[p]) for p in log.water)
    out.append(Prose(say.say("round", "end", end=" ".join(end), tracks=tracks)))
    return out


def standings(game: Game, transcript: Any, lang: str) -> list[str]:
    """Each player's water, rice and Ryô at the end of a replayed game, as bullet lines."""
    w = Words(game, lang)
    s = transcript.state
    return [w.say.say("events", "track", player=w.player(p), water=s.water[p], rice=s.rice[p], ryo=s.ryo[p])
            for p in s.players]


def sample_path(game: Game, lang: str, name: str, directive: str) -> Path:
    """samples/NAME.toml for a name the booklet's text gives: no path may leave samples/."""
    return _file(game, lang, "samples", name, directive)


def _file(game: Game, lang: str, folder: str, name: str, directive: str) -> Path:
    """FOLDER/NAME.toml for a name the booklet's text gives: no path may leave the folder."""
    where = display(game.folder / "booklet" / f"rules.{lang}.md")
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}", name):
        raise DefinitionError(where, directive, f"{name!r}: expected the name of a file in {folder}/ "
                                                "(letters, digits, '-' or '_', without .toml)")
    path = game.folder / folder / f"{name}.toml"
    if not path.is_file():
        raise DefinitionError(where, directive, f"{name!r}: there is no {folder}/{name}.toml")
    return path


class DojimaBooklet(BookletAdapter):
    # the heading, its intro and round 1 open one page: it costs no page here
    intro_with_first_round = True

    def cover_scene(self, game: Game, lang: str) -> Scene:
        return trackboard_scene(game, lang)

    def walkthrough(self, game: Game, sample: Path, lang: str) -> tuple[Transcript, list[RoundPage]]:
        t = _replay(game, sample)
        return t, panels_for(game, t, lang)

    def figures(self) -> dict[str, Callable[[Game, str, str], list[Figure] | list[str]]]:
        def final(game: Game, lang: str, arg: str) -> list[Figure] | list[str]:
            return standings(game, _replay(game, sample_path(game, lang, arg, "@standings")), lang)

        def pyramid(game: Game, lang: str, arg: str) -> list[Figure] | list[str]:
            return pyramid_figure(game, lang, sample_path(game, lang, arg, "@pyramid"))

        def reveal(game: Game, lang: str, arg: str) -> list[Figure] | list[str]:
            return pyramid_reveal(game, lang, sample_path(game, lang, arg, "@pyramid-reveal"))

        return {
            "examples": example_figures,
            "standings": final,
            "pyramid": pyramid,
            "pyramid-reveal": reveal,
        }

    def sample_values(self, game: Game, transcript: Any, lang: str) -> dict[str, Any]:
        w = Words(game, lang)
        s = transcript.state
        return {"players": len(s.players), "winner": " & ".join(w.player(p) for p in s.winners) or "-"}
