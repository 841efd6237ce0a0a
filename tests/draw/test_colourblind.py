"""Colour-vision simulation (pnp.draw.colourblind): the Machado 2009 matrices keep greys grey, and
the pairs textbooks name as confused come out close, the others stay far apart."""

import pytest

from pnp.draw.colourblind import DEFICIENCIES, VISIONS, confusable, delta_e, lab, simulate


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("grey", ["#000000", "#808080", "#ffffff"])
def test_greys_look_the_same_to_everyone(vision, grey):
    """Each matrix row sums to 1, so a grey (equal linear R, G, B) is unchanged."""
    assert simulate(grey, vision) == pytest.approx(simulate(grey, "normal"), abs=1e-5)


def test_every_matrix_row_sums_to_one():
    for m in DEFICIENCIES.values():
        for row in m:
            assert sum(row) == pytest.approx(1.0, abs=1e-5)


def test_lab_of_white_and_black():
    assert lab((1.0, 1.0, 1.0)) == pytest.approx((100.0, 0.0, 0.0), abs=0.05)
    assert lab((0.0, 0.0, 0.0)) == pytest.approx((0.0, 0.0, 0.0), abs=1e-6)


def test_red_green_is_lost_to_red_green_deficiencies_only():
    """A mid red and a mid green: far apart in normal vision and for tritanopes (blue-yellow),
    close for deuteranopes, the classic confusion."""
    red, green = "#cc0000", "#009900"
    assert delta_e(red, green) > 100
    assert delta_e(red, green, "tritanopia") > 100
    assert delta_e(red, green, "deuteranopia") < 10


def test_blue_green_comes_closer_for_tritanopes():
    blue, green = "#0000ff", "#00aa00"
    assert delta_e(blue, green, "tritanopia") < delta_e(blue, green, "deuteranopia") / 3


def test_confusable_names_the_pair_and_the_vision():
    [problem] = confusable({"Red clan": ("#cc0000", "disc"), "Green clan": ("#009900", "disc"),
                            "Blue clan": ("#1f4e9c", "wave")})
    assert problem.startswith("Red clan and Green clan: the same sign (disc)")
    assert "deuteranopia" in problem
    assert confusable({"Red clan": ("#cc0000", "sun"), "Green clan": ("#009900", "pine")}) == []
