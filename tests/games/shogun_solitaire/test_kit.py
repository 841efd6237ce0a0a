"""Shogun Solitaire's printed deck."""


def test_every_shuffled_card_shows_the_same_back():
    """A solitaire deck read from behind is no game: clan, Fleet, enemy and Envoy cards share one
    back (colour included). The turn summary is the player aid, a card apart from the deck."""
    from pnp.draw.card import card_back
    from pnp.model import load_game
    from pnp.paths import cards_dir
    from pnp.render.svg import render_svg

    game = load_game(cards_dir() / "shogun-solitaire")
    shuffled = list(game.cards)
    assert {c.back_key for c in shuffled} == {"shogun"}
    assert len({render_svg(card_back(game, c, "en")) for c in shuffled}) == 1
    assert {c.colour for c in shuffled} != {shuffled[0].colour}      # the faces do differ by clan


def test_envoys_are_bronze_and_enemies_grey_on_the_face_only():
    """The rulebook's colours: enemies black/grey, the neutral Envoy bronze; the Fleet, a Shogun card
    of no clan, is not the enemies' grey. All of them keep the deck's one back."""
    from pnp.draw.card import card_back
    from pnp.model import load_game
    from pnp.paths import cards_dir
    from pnp.render.svg import render_svg

    game = load_game(cards_dir() / "shogun-solitaire")
    first = {}
    for c in game.cards:
        first.setdefault(c.type_id, c)
    assert first["envoy"].colour == "#9a6a2f"
    assert first["raid"].colour == first["assassin"].colour == first["ronin"].colour == "#3b3b3b"
    assert first["fleet"].colour not in ("#3b3b3b", "#9a6a2f")
    backs = {render_svg(card_back(game, first[t], "en")) for t in ("envoy", "fleet", "raid", "samurai")}
    assert len(backs) == 1


def test_a_card_of_no_clan_names_the_game_once_in_its_footer():
    """The footer says game and clan ("Shogun Solitaire · Takeda 武田氏"); a Fleet, Raid or Envoy has no
    clan and its back is titled with the game's name, which the footer printed twice."""
    from pnp.draw.card import card_face
    from pnp.model import load_game
    from pnp.paths import cards_dir

    game = load_game(cards_dir() / "shogun-solitaire")

    def words(card):
        return ["".join(r.text for r in s.runs) for s in _texts(card_face(game, card, "en").shapes)]

    fleet = next(c for c in game.cards if c.type_id == "fleet")
    takeda = next(c for c in game.cards if c.clan and c.clan.id == "takeda")
    assert "Shogun Solitaire" in words(fleet) and not any("Shogun Solitaire · Shogun" in w for w in words(fleet))
    assert any(w.startswith("Shogun Solitaire · Takeda") for w in words(takeda))


def _texts(shapes):
    for shape in shapes:
        if hasattr(shape, "runs"):
            yield shape
        elif hasattr(shape, "shapes"):
            yield from _texts(shape.shapes)
