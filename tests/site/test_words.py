"""The site's own words: pnp's in English and Italian, a game's narration file may word them."""

from pnp.site.words import site_words


def test_a_narration_file_words_the_buttons_in_its_language() -> None:
    own = {"site": {"next": "Weiter", "step": "Schritt {n} von {total}", "unknown": "x", "previous": 3}}
    words = site_words("de", own)
    assert words["next"] == "Weiter" and words["step"] == "Schritt {n} von {total}"
    assert words["previous"] == "Previous" and "unknown" not in words      # not text, or not a word of the site
    assert site_words("it")["next"] == "Avanti" and site_words("it", {"site": "oops"})["next"] == "Avanti"
