"""Every built-in card layout keeps its text inside the safe zone (issue 10: a slightly-off cut must
not take letters away). A right-aligned Samurai Vassal name ran to 3.8 mm from the trim, flush with
the panel's rounded corner, and lost its last letters there."""

import pytest

from pnp.model import load_game
from pnp.paths import cards_dir

GAMES = sorted(p.name for p in cards_dir().iterdir() if (p / "game.toml").is_file())


@pytest.mark.parametrize("game_id", GAMES)
def test_text_elements_stay_inside_the_safe_zone(game_id):
    layouts = load_game(cards_dir() / game_id).layouts.cards
    outside = []
    for name, layout in layouts.items():
        width = layout.design_width
        for element_name, element in layout.elements.items():
            if not element.font:
                continue
            x, _y, w, _h = element.box
            if x * width < layout.safe - 1e-6 or (x + w) * width > width - layout.safe + 1e-6:
                outside.append(f"{name}.{element_name} {element.box}")
    assert not outside, outside
