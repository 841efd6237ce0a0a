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
