"""Round counters for the pieces, for players with no pawns at hand."""

from __future__ import annotations

from ..model import Counter, Game
from . import image, text
from .contrast import luminance, mix, readable
from .ink import DARK_TEXT, PALE, TINT, saving
from .shapes import Circle, Scene, Shape, Style

CUT = Style(stroke="#000000", width=0.25)
BLEED = 1.5       # mm of colour beyond the cut circle, so a cut slightly outside it shows no white
NAME_PT = 6.0     # nothing printed is smaller than 6 pt
NAMED = 14.0      # mm: a counter with art this wide or more prints its name (6 pt needs the room)


def ring_ink(fill: str, ink: str) -> str:
    """The decorative ring inside a coloured counter's cut line: its ink when that is light, else a
    light tint of the counter's colour. A dark ring a few mm inside the black cut circle is a second
    line to cut along, and a cut on it makes a smaller counter; a white counter keeps its dark ring."""
    return ink if luminance(ink) >= PALE or luminance(fill) >= PALE else mix(fill, 1.0, 0.55)


def counter_ink(fill: str) -> str:
    """The ring and text colour on a counter of colour `fill`: white on a strong colour, as dark as a
    light one (yellow) needs, and near-black on a paper-pale one (a white counter), whose only edge on white
    paper is that ring and the cut line, so it must read as print does."""
    return DARK_TEXT if luminance(fill) >= PALE else readable("#ffffff", fill)


PAPER = "#fbf7ee"
FACE = 0.8        # the paper face of a counter with art, a share of its radius: the rest is its colour


def _saved(fill: str) -> bool:
    """Whether this counter's colour is thinned by the ink saver (`pnp build --ink-saver`): a coloured
    ground becomes a pale tint outlined outside the cut, so its colour would survive only on the offcut."""
    return saving() and luminance(fill) < PALE


def _ink_band(fill: str, r: float) -> Circle:
    """The band of the full colour an ink-saver counter keeps inside its cut line, so counters of
    different colours still differ once cut (and the player's or clan's colour is not left on the offcut)."""
    return Circle(r, r, r * (1 + FACE) / 2, Style(stroke=fill, width=r * (1 - FACE) * 0.7))


def _ink_of(fill: str) -> str:
    """The glyph, name and mon colour: `counter_ink`, or with the ink saver the counter's own colour,
    as dark as reads on the pale tint its ground turns to (white on that tint would vanish)."""
    return readable(fill, mix(fill, 1.0, TINT)) if _saved(fill) else counter_ink(fill)


def _pictured(game: Game, counter: Counter, lang: str, r: float) -> list[Shape]:
    """A counter with art: a paper face inside a ring of the piece's colour, the figure drawn in
    that colour, the name under it and the clan's mon beside it (so a clan shows by shape too)."""
    piece, colour = counter.piece, counter.colour
    assert piece.image is not None
    i = game.pieces_file.pieces.index(piece)
    out: list[Shape] = [Circle(r, r, r * FACE, Style(fill=PAPER))]
    out += image.placed(game.folder / piece.image, (r * 0.42, r * 0.3, r * 1.16, r * 1.0), game.files["pieces"],
                        f"pieces[{i}].image", colour)
    clan = counter.clan
    if clan is not None and clan.emblem is not None:
        k = next(n for n, c in enumerate(game.meta.clans) if c.id == clan.id)
        out += image.placed(game.folder / clan.emblem, (r * 0.3, r * 0.5, r * 0.46, r * 0.46), game.files["game"],
                            f"clans[{k}].emblem", colour)
    size = max(NAME_PT, r * 0.5)
    if piece.diameter >= NAMED:
        # a small counter (an 11.5 mm marker) has no room for its name: its picture says it
        out += text.box(r * 0.4, r * 1.3, r * 1.2, r * 0.38, piece.name[lang], "sans-bold", size,
                        "center", readable(colour, PAPER) if luminance(colour) < PALE else DARK_TEXT,
                        valign="middle", min_size=NAME_PT)
    return out


def _backdropped(game: Game, counter: Counter, lang: str, r: float) -> list[Shape]:
    """A counter whose value (its `kanji`) stands on a picture (`backdrop`): a paper face inside a
    ring of the piece's colour, the picture filling the face, the value large in dark ink across its
    middle and the name under it. The picture leaves the middle calm (a paper plaque, a coin's flat):
    the value stays the biggest and clearest thing on the counter."""
    piece = counter.piece
    assert piece.backdrop is not None
    i = game.pieces_file.pieces.index(piece)
    f = r * FACE
    out: list[Shape] = [Circle(r, r, f, Style(fill=PAPER))]
    out += image.placed(game.folder / piece.backdrop, (r - f, r - f, 2 * f, 2 * f), game.files["pieces"],
                        f"pieces[{i}].backdrop", counter.colour)
    out += text.box(r * 0.45, r * 0.4, r * 1.1, r * 0.9, piece.kanji, "sans-bold", r * 2.15, "center", DARK_TEXT,
                    valign="middle", min_size=3)
    out += text.box(r * 0.45, r * 1.3, r * 1.1, r * 0.3, piece.name[lang], "sans-bold", max(NAME_PT, r * 0.42),
                    "center", DARK_TEXT, valign="middle", min_size=NAME_PT)
    return out


def counter_scene(counter: Counter, lang: str, bleed: bool = True, game: Game | None = None) -> Scene:
    """A counter `diameter` mm across; origin at the top-left of its square, the cut line a
    thin circle on the edge and the colour running `BLEED` mm beyond it (without `bleed`: the
    counter as it looks once cut, for pictures of it). A piece with `image` (given its `game`)
    shows its art on a paper face instead of its glyph; one with a `backdrop`, its glyph (a value)
    large on that picture."""
    d = counter.piece.diameter
    r = d / 2
    b = BLEED if bleed else 0.0
    scene = Scene(f"piece-{counter.slug}", d, d, b)
    ink = _ink_of(counter.colour)
    band = [_ink_band(counter.colour, r)] if _saved(counter.colour) else []
    scene.add(Circle(r, r, r + b, Style(fill=counter.colour)))
    if counter.piece.image is not None and game is not None:
        scene.add(*_pictured(game, counter, lang, r))
        if luminance(counter.colour) >= PALE:      # a white piece: its paper face needs an edge
            scene.add(Circle(r, r, r * FACE, Style(stroke=ink, width=0.3)))
        # its figure keeps the colour in its outline; a player's marker may ask for the band as well
        scene.add(*(band if counter.piece.ink_ring else []), Circle(r, r, r - CUT.width / 2, CUT))
        return scene
    if counter.piece.backdrop is not None and counter.piece.kanji and game is not None:
        scene.add(*_backdropped(game, counter, lang, r))
        scene.add(*band, Circle(r, r, r - CUT.width / 2, CUT))
        return scene
    scene.add(*band or [Circle(r, r, r * 0.82, Style(stroke=ring_ink(counter.colour, ink), width=0.35))])
    if game is not None and _mon(scene, game, counter, ink, r, counter.piece.kanji, counter.piece.name[lang]):
        scene.add(Circle(r, r, r - CUT.width / 2, CUT))
        return scene
    kanji = counter.piece.kanji
    if kanji:
        scene.add(*text.box(r * 0.3, r * 0.42, r * 1.4, r * 0.8, kanji, "jp", r * 1.25, "center", ink,
                            valign="middle", min_size=3))
    scene.add(*text.box(r * 0.35, r * 1.22, r * 1.3, r * 0.4, counter.piece.name[lang], "sans-bold",
                        max(NAME_PT, r * 0.55), "center", ink, valign="middle", min_size=NAME_PT))
    scene.add(Circle(r, r, r - CUT.width / 2, CUT))   # inside the cut line, its outer edge on it
    return scene


def _mon(scene: Scene, game: Game, counter: Counter, ink: str, r: float, kanji: str, name: str) -> bool:
    """A plain counter of a clan with a mon: the mon above a smaller glyph and the name, drawn in the
    counter's ink, so clans whose colours a colour-blind player confuses still differ by shape.
    False (nothing drawn) for a counter of no clan or a clan without a mon."""
    clan = counter.clan
    if clan is None or clan.emblem is None:
        return False
    k = next(n for n, c in enumerate(game.meta.clans) if c.id == clan.id)
    scene.add(*image.placed(game.folder / clan.emblem, (r * 0.6, r * 0.26, r * 0.8, r * 0.62), game.files["game"],
                            f"clans[{k}].emblem", ink))
    if kanji:
        scene.add(*text.box(r * 0.4, r * 0.9, r * 1.2, r * 0.38, kanji, "jp", r * 0.62, "center", ink,
                            valign="middle", min_size=3))
    scene.add(*text.box(r * 0.35, r * 1.28, r * 1.3, r * 0.36, name, "sans-bold", max(NAME_PT, r * 0.5), "center", ink,
                        valign="middle", min_size=NAME_PT))
    return True


BACK_BLEED = BLEED   # on a back the bleed also hides a 1-2 mm duplex misregistration


def counter_back_scene(counter: Counter, lang: str, game: Game | None = None) -> Scene:
    """The back of a two-sided counter: same size, its own colour, name and glyph, with bleed."""
    back = counter.piece.back
    assert back is not None
    d = counter.piece.diameter
    r = d / 2
    scene = Scene(f"piece-{counter.slug}-back", d, d, BACK_BLEED)
    fill = back.colour or counter.colour
    ink = _ink_of(fill)
    scene.add(Circle(r, r, r + BACK_BLEED, Style(fill=fill)))
    ring = Circle(r, r, r * 0.82, Style(stroke=ring_ink(fill, ink), width=0.35, dash=(1.2, 0.9)))
    scene.add(_ink_band(fill, r) if _saved(fill) else ring)
    name = back.name.get(lang) or counter.piece.name[lang]
    if game is not None and _mon(scene, game, counter, ink, r, back.kanji, name):
        return scene
    if back.kanji:
        scene.add(*text.box(r * 0.3, r * 0.42, r * 1.4, r * 0.8, back.kanji, "jp", r * 1.25, "center", ink,
                            valign="middle", min_size=3))
    scene.add(*text.box(r * 0.35, r * 1.22, r * 1.3, r * 0.4, name, "sans-bold", max(NAME_PT, r * 0.55), "center",
                        ink, valign="middle", min_size=NAME_PT))
    return scene
