import os

import pytest

from pnp.errors import DefinitionError
from pnp.press.words import SheetWords


def test_a_words_file_changed_between_two_builds_is_read_again(tmp_path):
    """`pnp watch` builds again in the same process after a save: the sheet words it prints are the
    file's new ones, though a build reads each words file once."""
    words = tmp_path / "layouts" / "words.toml"
    words.parent.mkdir()
    words.write_text('cards = { en = "Cut along the lines" }\n', encoding="utf-8")
    assert SheetWords.load("en", tmp_path)("cards") == "Cut along the lines"
    words.write_text('cards = { en = "Cut out the cards, then fold" }\n', encoding="utf-8")
    stat = words.stat()
    os.utime(words, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))     # a later save, however fast
    assert SheetWords.load("en", tmp_path)("cards") == "Cut out the cards, then fold"


def test_a_bad_words_file_is_refused_every_time_naming_it(tmp_path):
    words = tmp_path / "layouts" / "words.toml"
    words.parent.mkdir()
    words.write_text('cards = "not a table of languages"\n', encoding="utf-8")
    for _ in range(2):
        with pytest.raises(DefinitionError, match=r"words\.toml.*cards.*table of texts by language"):
            SheetWords.load("en", tmp_path)
