"""Hostile or clumsy input (issue 9): a game folder cannot run code or name files outside --out,
and every bad input is one line with exit 2 (1 for an illegal game), never a traceback."""

import pytest

from pnp.errors import DefinitionError
from pnp.model import load_game
from pnp.reference.narration import render_template
from tests.conftest import run_pnp
from tests.model.test_load_errors import edit


def fails(res, code: int, *words: str) -> str:
    assert res.returncode == code, res.stderr
    assert "Traceback" not in res.stderr and "internal error" not in res.stderr, res.stderr
    for w in words:
        assert w in res.stderr, (w, res.stderr)
    return res.stderr


def build(folder, tmp_path, *extra):
    return run_pnp("build", folder, "-q", "--out", tmp_path / "kit", *extra)


# ---- 1. templates in the sandbox ------------------------------------------------------

@pytest.mark.parametrize("source, words", [
    ("{{ lipsum.__globals__['os'].popen('touch %s').read() }}", "'lipsum' is undefined"),
    ("{{ cycler.__init__.__globals__.__builtins__.open('/etc/hostname').read() }}", "has no field '__init__'"),
    ("{{ joiner.__init__.__globals__ }}", "has no field '__init__'"),
    ("{% include 'narration.en.toml' %}", "include is not allowed"),
    ("{% import 'x' as x %}", "import is not allowed"),
    ("{% extends 'x' %}", "extends is not allowed"),
    ("{{ 1 / 0 }}", "ZeroDivisionError"),
    ("{{ 'x' * 1000000000 }}", "that many times"),
])
@pytest.mark.slow
def test_a_booklet_template_cannot_reach_python(game_copy, tmp_path, source, words):
    marker = tmp_path / "X"
    edit(game_copy / "booklet" / "rules.en.md", "\n", "\n\n" + source.replace("%s", str(marker)) + "\n")
    err = fails(build(game_copy, tmp_path), 2, "booklet/rules.en.md: line 3: template error", words)
    assert not marker.exists() and not (tmp_path / "kit").exists(), err


@pytest.mark.slow
def test_a_narration_template_cannot_reach_python(game_copy, tmp_path):
    path = game_copy / "booklet" / "narration.en.toml"
    text = path.read_text(encoding="utf-8")
    key = text.split("[booklet]", 1)[1].split("\n")[1].split("=")[0].strip()
    path.write_text(text.replace("[booklet]\n", "[booklet]\n" + key + " = \"{{ cycler.__init__ }}\"\n", 1)
                    .replace(f"\n{key} =", f"\nold_{key} =", 2).replace(f"old_{key}", key, 1), encoding="utf-8")
    fails(build(game_copy, tmp_path), 2, "narration.en.toml: booklet.", "line 1: template error",
          "has no field '__init__'")


def test_templates_still_fill_in_values():
    assert render_template("{{ n }} {{ '%d'|format(n) }} {{ names|join(', ') }}", "f", None, n=2,
                           names=["a", "b"]) == "2 2 a, b"
    with pytest.raises(DefinitionError, match="f: k, line 1: template error: 'config' is undefined"):
        render_template("{{ config }}", "f", "k")


# ---- 2. names that become file names --------------------------------------------------

@pytest.mark.parametrize("file, old, new, words", [
    ("cards.toml", "number = 7\n", 'number = 7\nlabel = "../../../../PWNED"\n', "cards[6].label: '../../../../PWNED'"),
    ("cards.toml", "number = 7\n", 'number = 7\nlabel = "a/b/c"\n', "cards[6].label: 'a/b/c'"),
    ("cards.toml", "number = 7\n", 'number = 7\nlabel = "a\\u0000b"\n', "cards[6].label"),
    ("pieces.toml", 'id = "bushi"', 'id = "../../../../PIECEPWN"', "pieces[1].id: '../../../../PIECEPWN' is used in"),
    ("game.toml", 'id = "red"', 'id = "../red"', "clans[0].id: '../red' is used in file names"),
    ("game.toml", 'id = "daimyni"', 'id = "Dai/myni"', "game.toml: id: 'Dai/myni' is used in file names"),
    ("game.toml", 'languages = ["en", "it"]', 'languages = ["en", "../it"]', "languages[1]"),
])
def test_a_name_that_becomes_a_file_name_is_a_slug(game_copy, tmp_path, file, old, new, words):
    edit(game_copy / file, old, new)
    fails(build(game_copy, tmp_path), 2, words)
    assert not (tmp_path / "kit").exists()
    assert not list(tmp_path.parent.rglob("*PWN*"))


def test_a_deck_id_is_a_slug(tmp_path):
    import shutil

    from pnp.paths import cards_dir
    dst = tmp_path / "g"
    shutil.copytree(cards_dir() / "daimyni", dst)
    edit(dst / "cards.toml", "[backs.red]", '[backs."../x"]\ntitle = { en = "x", it = "x" }\n\n[backs.red]')
    fails(build(dst, tmp_path), 2, "backs.../x: '../x' is used in file names")


@pytest.mark.slow
def test_a_walkthrough_cannot_name_a_file_outside_samples(game_copy, tmp_path):
    path = game_copy / "booklet" / "rules.en.md"
    text = path.read_text(encoding="utf-8")
    name = text.split("@walkthrough", 1)[1].split()[0]
    (tmp_path / "outside.toml").write_text((game_copy / "samples" / f"{name}.toml").read_text(encoding="utf-8"))
    path.write_text(text.replace(f"@walkthrough {name}", "@walkthrough ../../outside"), encoding="utf-8")
    fails(build(game_copy, tmp_path), 2, "rules.en.md: @walkthrough: '../../outside': expected the name of a file")


# ---- 4. limits and messages -----------------------------------------------------------

@pytest.mark.parametrize("file, old, new, words", [
    ("cards.toml", "number = 7\n", "number = 7\ncount = 100000000\n",
     "cards[6].count: expected a number of at most 10000"),
    ("cards.toml", "number = 7\n", "number = 7" + "1" * 5000 + "\n",
     "not valid TOML: a number has more than 4,300 digits"),
    ("cards.toml", "number = 7\n", "number = 7\nfields = { x = " + "[" * 50000 + "]" * 50000 + " }\n",
     "cards.toml: not valid TOML: nested more than"),
    ("cards.toml", "number = 7\n", "number = 7\nfields = { x = " + "[" * 40 + "]" * 40 + " }\n",
     "cards.toml: nested more than 32 levels deep"),
    ("cards.toml", "number = 7\n", "nubmer = 7\n", "cards.toml: cards[6].nubmer: unknown key 'nubmer' in cards[6]; "
                                                  "did you mean 'number'?"),
    ("game.toml", 'title = "Daimyni"', 'titel = "Daimyni"', "unknown key 'titel'; did you mean 'title'?"),
])
def test_bad_definitions_get_a_message(game_copy, tmp_path, file, old, new, words):
    edit(game_copy / file, old, new)
    fails(build(game_copy, tmp_path), 2, words)


def test_every_count_zero_is_an_error(game_copy, tmp_path):
    path = game_copy / "cards.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("[[cards]]\n", "[[cards]]\ncount = 0\n"), "utf-8")
    fails(build(game_copy, tmp_path, "--only", "cards"), 2, "cards.toml: cards: every card has count = 0")
    assert not (tmp_path / "kit").exists()


def test_every_piece_count_zero_is_an_error(game_copy, tmp_path):
    path = game_copy / "pieces.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("per_clan = 1", "per_clan = 0").replace("per_clan = 9", "per_clan = 0")
                    .replace("count = 2", "count = 0"), "utf-8")
    fails(build(game_copy, tmp_path, "--only", "pieces"), 2, "pieces.toml: pieces: every piece has count = 0")


@pytest.mark.parametrize("value", ["inf", "nan", "-inf", "1e300"])
def test_paper_size_must_be_finite(game_copy, tmp_path, value):
    (game_copy / "layouts").mkdir(exist_ok=True)
    (game_copy / "layouts" / "paper.toml").write_text(f'[a4]\nname = "A4"\nsize = [{value}, 297]\n')
    fails(build(game_copy, tmp_path, "--only", "cards"), 2, "paper.toml: a4.size[0]")


@pytest.mark.slow
def test_a_bom_is_accepted(game_copy, tmp_path):
    for name in ("game.toml", "cards.toml"):
        path = game_copy / name
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    res = build(game_copy, tmp_path, "--only", "cards")
    assert res.returncode == 0, res.stderr


def test_not_utf8_names_the_file(game_copy, tmp_path):
    (game_copy / "pieces.toml").write_bytes(b"id = \"\xff\"\n")
    fails(build(game_copy, tmp_path), 2, "pieces.toml: the file is not UTF-8 text")


@pytest.mark.slow
def test_a_folder_the_rules_cannot_play(game_copy, tmp_path):
    edit(game_copy / "game.toml", "# Words", '[[clans]]\nid = "green"\nname = { en = "G", it = "G" }\n'
                                            'colour = "#00aa00"\n\n# Words')
    words = ("the rules module 'daimyni' cannot play this game folder", "exactly two clans")
    fails(build(game_copy, tmp_path), 2, *words)
    fails(run_pnp("check", game_copy), 2, *words)
    fails(run_pnp("play", game_copy), 2, *words)
    assert build(game_copy, tmp_path, "--only", "cards").returncode == 0   # no rules needed for the cards


@pytest.mark.slow
def test_a_renamed_piece_the_rules_need(game_copy, tmp_path):
    for name in ("pieces.toml", "board.toml"):
        path = game_copy / name
        path.write_text(path.read_text(encoding="utf-8").replace('"bushi"', '"warrior"'), "utf-8")
    fails(build(game_copy, tmp_path), 2, "cannot play this game folder", "StopIteration")
    fails(run_pnp("check", game_copy), 2, "cannot play this game folder")


@pytest.mark.slow
def test_an_invalid_sample_in_the_booklet(game_copy, tmp_path):
    rules = (game_copy / "booklet" / "rules.en.md").read_text(encoding="utf-8")
    walk = rules.split("@walkthrough", 1)[1].split()[0]
    (game_copy / "samples" / f"{walk}.toml").write_text("title = = 'x'\n")
    fails(build(game_copy, tmp_path), 2, f"samples/{walk}.toml", "not valid TOML")


# ---- notation files ---------------------------------------------------------------------

def notation(tmp_path, text: str | bytes):
    path = tmp_path / "n.toml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return path


@pytest.mark.parametrize("text, code, words", [
    ("", 2, "empty"),
    ("  \n# nothing\n", 2, "empty"),
    ("x = " + "[" * 50000 + "]" * 50000, 2, "not valid TOML: nested more than"),
    ("title = " + "[" * 40 + "]" * 40 + "\n[[round]]\n", 2, "nested more than 32 levels deep"),
    ("round_cap = " + "9" * 5000 + "\n", 2, "a number has more than 4,300 digits"),
    ("round_cap = true\n[[round]]\nred = ['1']\nblue = ['2']\n", 2, "round_cap: expected a whole number, got True"),
    (b"\xff\xfe", 2, "not UTF-8"),
])
def test_bad_notation_gets_a_message(tmp_path, text, code, words):
    fails(run_pnp("check", "daimyni", notation(tmp_path, text)), code, words)


@pytest.mark.parametrize("key, words", [("winnr", "unknown key 'winnr' in end; did you mean 'winner'?"),
                                        ("colour", "end.colour: unknown key")])
def test_unknown_keys_in_end_are_refused(tmp_path, key, words):
    from pnp.paths import cards_dir
    text = (cards_dir() / "daimyni" / "samples" / "first-blood.toml").read_text(encoding="utf-8")
    fails(run_pnp("check", "daimyni", notation(tmp_path, text.replace("[end]\n", f"[end]\n{key} = 'red'\n"))), 2, words)


def test_empty_notation_files(tmp_path):
    fails(run_pnp("check", "daimyni", "/dev/null"), 2, "/dev/null: (file): empty")


@pytest.mark.slow
def test_a_huge_or_endless_notation_file_is_not_read_whole(tmp_path):
    fails(run_pnp("check", "daimyni", "/dev/zero"), 2, "/dev/zero: (file): cannot read: larger than the limit")
    big = tmp_path / "big.toml"
    with open(big, "wb") as fh:
        fh.truncate(64 * 1024 * 1024)
    fails(run_pnp("check", "daimyni", big), 2, "cannot read: larger than the limit")


def test_a_notation_file_with_a_bom_replays(tmp_path):
    from pnp.paths import cards_dir
    sample = sorted((cards_dir() / "daimyni" / "samples").glob("*.toml"))[0]
    res = run_pnp("check", "daimyni", notation(tmp_path, b"\xef\xbb\xbf" + sample.read_bytes()))
    assert res.returncode == 0, res.stderr


def test_loader_refuses_a_huge_definition_file(game_copy):
    with open(game_copy / "pieces.toml", "ab") as fh:
        fh.write(b"# " + b"x" * (11 * 1024 * 1024) + b"\n")
    with pytest.raises(DefinitionError, match="pieces.toml: cannot read: larger than the limit of 10 MB"):
        load_game(game_copy)


def test_a_daimyni_folder_without_cards(game_copy):
    """`pnp check` on a copy without cards.toml was exit 70 (max() of no cards)."""
    (game_copy / "cards.toml").unlink()
    fails(run_pnp("check", game_copy), 2, "cannot play this game folder", "has none (add cards.toml")


@pytest.mark.slow
@pytest.mark.parametrize("file, old, new, words", [
    ("cards.toml", 'text = { en = "', 'text = { en = "\\u0000', "the text holds a control character (U+0000)"),
    ("booklet/rules.en.md", "\n", "\n\x00\n", "a control character (U+0000) on line 2"),
])
def test_a_control_character_is_refused_naming_the_place(game_copy, tmp_path, file, old, new, words):
    path = game_copy / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    fails(build(game_copy, tmp_path), 2, file, words)


@pytest.mark.slow
@pytest.mark.parametrize("file, old, new, words", [
    ("booklet/aid.en.toml", "lines = [\n", 'lines = [\n  "{{ count.nothing.deeper }}",\n',
     "booklet/aid.en.toml: section[0].lines[0], line 1: template error"),
    ("booklet/rules.it.md", "\n", "\n\n{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}"
                                  "{% endfor %}\n",
     "booklet/rules.it.md: line 3: template error: the templates do too much work"),
    ("cards.toml", 'image = "art/move-daimyo.svg"\n', 'image = "art/broken.png"\n',
     "cards.toml: types.move-daimyo.image: image 'broken.png': not a readable PNG"),
])
def test_check_reads_what_build_reads(game_copy, file, old, new, words):
    """`pnp check` said "definitions ok" for folders `pnp build` refuses: it never read the aid,
    rendered the booklet's templates (in every language) or opened the images."""
    (game_copy / "art").mkdir(exist_ok=True)
    (game_copy / "art" / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 200)
    edit(game_copy / file, old, new)
    err = fails(run_pnp("check", game_copy), 2, words)
    assert "definitions ok" not in err
