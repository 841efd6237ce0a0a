"""The command line as a user meets it: files written, summaries, exit codes and messages."""

import hashlib

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from tests.conftest import run_pnp
from tests.model.test_load_errors import edit


@pytest.mark.slow
def test_build_writes_the_kit_into_output_game_from_any_folder(tmp_path):
    res = run_pnp("build", "daimyni", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    out = tmp_path / "output" / "daimyni"
    assert not (out / "daimyni-pieces-a4.pdf").exists()      # the counters ride on the last card sheet
    for name in ("daimyni-cards-a4.pdf", "daimyni-board-a3.pdf", "daimyni-board-2xa4.pdf", "svg/pieces/bushi-red.svg",
                 "svg/board.svg", "svg/cards/back-red.svg"):
        assert (out / name).is_file(), name
    assert "daimyni-cards-a4.pdf" in res.stdout and "6 pages" in res.stdout   # 18 cards, 8 a sheet, each with backs
    assert "cards: drawing 18 faces" in res.stderr  # progress
    assert not list(out.rglob("*.part"))


@pytest.mark.slow
def test_letter_paper_and_only_cards(tmp_path):
    res = run_pnp("build", "daimyni", "--paper", "letter", "--only", "cards", "--out", tmp_path / "k")
    assert res.returncode == 0, res.stderr
    pdfs = sorted(p.name for p in (tmp_path / "k").glob("*.pdf"))
    assert pdfs == ["daimyni-cards-letter.pdf", "daimyni-duplex-check-letter.pdf"]   # with the calibration sheet
    assert not (tmp_path / "k" / "svg" / "board.svg").exists()


def test_unknown_game_lists_the_games(tmp_path):
    res = run_pnp("build", "daimini", cwd=tmp_path)
    assert res.returncode == 2
    assert "unknown game 'daimini'; built-in games: daimyni" in res.stderr
    assert "Traceback" not in res.stderr


@pytest.mark.slow
def test_bad_arguments_exit_2(tmp_path):
    for args, words in ((["--only", "cards,dragons"], "--only 'cards,dragons': expected a comma-separated list"),
                        (["--lang", "fr"], "--lang fr: daimyni is written in en, it"),
                        (["--paper", "a5"], "a5")):
        res = run_pnp("build", "daimyni", *args, "--out", tmp_path / "x")
        assert res.returncode == 2, args
        assert words in res.stderr, res.stderr
        assert "Traceback" not in res.stderr
    assert not (tmp_path / "x").exists()


@pytest.mark.slow
def test_bad_definition_exits_2_and_leaves_earlier_output_alone(game_copy, tmp_path):
    out = tmp_path / "out"
    first = run_pnp("build", game_copy, "--out", out)
    assert first.returncode == 0, first.stderr
    before = {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in out.rglob("*") if p.is_file()}
    edit(game_copy / "pieces.toml", "count = 2", "count = -2")
    res = run_pnp("build", game_copy, "--out", out)
    assert res.returncode == 2
    lines = res.stderr.strip().splitlines()
    assert lines[-1].endswith("pieces.toml: pieces[2].count: expected a number of at least 0, got -2")
    assert "Traceback" not in res.stderr
    after = {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in out.rglob("*") if p.is_file()}
    assert after == before


def test_card_larger_than_the_paper(game_copy, tmp_path):
    (game_copy / "layouts").mkdir()
    (game_copy / "layouts" / "sizes.toml").write_text('[poker]\nname = "Huge"\nsize = [300.0, 400.0]\n')
    res = run_pnp("build", game_copy, "--only", "cards", "--out", tmp_path / "o")
    assert res.returncode == 2
    assert "cards.toml: size: a 300 x 400 mm card does not fit on A4 (210 x 297 mm with 5 mm margins)" in res.stderr
    assert not (tmp_path / "o").exists()


@pytest.mark.slow
def test_list_and_help():
    res = run_pnp("list")
    assert res.returncode == 0 and "daimyni" in res.stdout and "Daimyni" in res.stdout
    res = run_pnp("build", "--help")
    assert res.returncode == 0
    for word in ("--paper", "--duplex", "--lang", "--out", "--only", "long-edge"):
        assert word in res.stdout


def test_list_says_a_run_of_player_counts_as_a_range():
    res = CliRunner().invoke(app, ["list"])
    assert res.exit_code == 0
    dice_first = next(line for line in res.output.splitlines() if "--option dice-first" in line)
    assert dice_first.endswith("(3-6 players)"), dice_first      # Dojima's dice-first: 3 to 6 players
    assert " or " not in dice_first


@pytest.mark.slow
def test_two_separate_runs_write_byte_identical_files(tmp_path):
    for name in ("a", "b"):
        assert run_pnp("build", "daimyni", "--out", tmp_path / name, "-q", fresh=True).returncode == 0
    files = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*") if p.is_file())
    assert len(files) == 34     # with the aid card's two SVGs (the aid and the counters print on the card sheets)
    for rel in files:
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes(), rel


@pytest.mark.slow
def test_only_a_part_the_game_lacks(tmp_path):
    res = run_pnp("build", "daimyo", "--only", "board", "--out", tmp_path / "x")
    assert res.returncode == 2
    assert "--only board: daimyo has no board (its parts: cards, tiles, mats, pieces, aid, booklet)" in res.stderr
    res = run_pnp("build", "daimyo", "--only", "tiles,mats", "--out", tmp_path / "y")
    assert res.returncode == 0, res.stderr
    assert sorted(p.name for p in (tmp_path / "y").glob("*.pdf")) == ["daimyo-han-tiles-a4.pdf",
                                                                      "daimyo-samegawa-a4.pdf"]


def _help_rows(*args):
    """`pnp ... -h` as printed: the option rows by their long name."""
    res = CliRunner().invoke(app, [*args, "-h"], terminal_width=100)
    assert res.exit_code == 0, res.output
    return {line.split()[1]: line for line in res.output.splitlines() if line.startswith("│ --")}


def test_help_shows_on_off_options_as_bare_flags():
    """--ink-saver, --quiet and -h take no value, so `pnp build -h` prints no type beside them, while
    the options that take one keep theirs."""
    rows = _help_rows("build")
    for flag in ("--ink-saver", "--quiet", "--help"):
        assert "<" not in rows[flag], rows[flag]
    assert "<a4|letter>" in rows["--paper"] and "<str>" in rows["--out"]
    assert "<" not in _help_rows()["--version"]
    for command in ("play", "check", "list", "export", "simulate"):
        assert not [row for row in _help_rows(command).values() if "<bool>" in row], command


def test_help_lists_every_command_in_order():
    res = CliRunner().invoke(app, ["-h"], terminal_width=100)
    names = [line.split()[1] for line in res.output.splitlines() if line.startswith("│ ") and len(line.split()) > 2
             and line.split()[1] in {"build", "play", "check", "list", "export", "simulate"}]
    assert names == ["build", "play", "check", "list", "export", "simulate"]


def test_sheet_tight_and_duplex_fold_from_the_command_line(tmp_path):
    """`--sheet tight --duplex fold` names its file for both; an unknown layout is exit 2 naming the
    choices; --offset with fold is refused in one line."""
    res = CliRunner().invoke(app, ["build", "daimyni", "--only", "cards", "--sheet", "tight", "--duplex", "fold",
                                   "--out", str(tmp_path / "k"), "-q"])
    assert res.exit_code == 0, res.output
    assert sorted(p.name for p in (tmp_path / "k").glob("*.pdf")) == ["daimyni-cards-a4-tight-fold.pdf"]
    bad = CliRunner().invoke(app, ["build", "daimyni", "--sheet", "loose", "--out", str(tmp_path / "j")])
    assert bad.exit_code == 2 and "standard" in bad.output and "tight" in bad.output
    off = CliRunner().invoke(app, ["build", "daimyni", "--duplex", "fold", "--offset", "1,0",
                                   "--out", str(tmp_path / "m")])
    assert off.exit_code == 2 and "--duplex fold prints one-sided" in off.output and "Traceback" not in off.output


def test_build_progress_names_a_builtin_game_and_the_summary_lists_only_what_was_written(tmp_path):
    res = run_pnp("build", "daimyni", "--only", "booklet", "--out", tmp_path / "b")
    assert res.returncode == 0, res.stderr
    assert "loading daimyni (built-in)" in res.stderr
    assert "site-packages" not in res.stderr and "_builtin" not in res.stderr
    assert "Daimyni: wrote 2 PDFs to " in res.stdout          # the A5 booklet and its saddle-stitch imposition
    assert "0 SVGs" not in res.stdout


def test_summary_lists_kinds_as_a_sentence():
    from pnp.commands.build import _count, _listed

    kinds = [_count(3, "PDF"), _count(23, "SVG"), _count(3, "other file")]
    assert _listed(kinds) == "3 PDFs, 23 SVGs and 3 other files"
    assert _listed([_count(1, "PDF"), _count(1, "SVG")]) == "1 PDF and 1 SVG"
    assert _count(0, "SVG") == ""


def test_build_into_a_folder_of_someone_elses_files_is_bad_input_exit_2(tmp_path):
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "mine.txt").write_text("keep", encoding="utf-8")
    res = run_pnp("build", "daimyni", "--only", "booklet", "--out", tmp_path / "x")
    assert res.returncode == 2, res.stderr
    assert "it holds mine.txt, which no pnp build wrote; build into a new or empty folder" in res.stderr
    assert [p.name for p in (tmp_path / "x").iterdir()] == ["mine.txt"]


@pytest.mark.parametrize("flag, value, choices", [("--cutter", "foo", "silhouette, cricut"),
                                                  ("--sheet", "x", "standard, tight"),
                                                  ("--duplex", "y", "long, short, none, fold"),
                                                  ("--paper", "a5", "a4, letter")])
def test_a_wrong_word_option_reads_like_every_other_pnp_error(tmp_path, flag, value, choices):
    res = run_pnp("build", "daimyni", flag, value, "--out", tmp_path / "k")
    assert res.returncode == 2
    assert res.stderr.strip() == f"pnp: error: {flag} {value!r}: expected one of {choices}"
    assert not (tmp_path / "k").exists()


def test_help_paragraphs_wrap_at_the_terminal_not_at_the_source_lines():
    from pnp.cli import COMMANDS, reflow

    wide = CliRunner().invoke(app, ["-h"], env={"COLUMNS": "400"}, terminal_width=400)
    check = CliRunner().invoke(app, ["check", "-h"], env={"COLUMNS": "400"}, terminal_width=400)
    for name, command in COMMANDS:
        first = reflow(command.__doc__).split("\n\n")[0]
        assert first in wide.output, name        # each command's summary on one line of a wide terminal
    assert "2 when a file is not valid notation" in check.output    # a later paragraph is joined too


def test_a_command_line_is_parsed_by_an_application_of_its_one_command():
    """`pnp build ...` starts an application holding only `build` (typer works out the options of
    every command it holds); what a user sees is the same: each command's help and errors, and the
    whole list for `pnp -h` or a mistyped command."""
    from pnp.cli import COMMANDS, app_for

    assert [c.name for c in app_for(["build", "daimyni", "-q"]).registered_commands] == ["build"]
    assert [c.name for c in app_for(["--version"]).registered_commands] == [n for n, _ in COMMANDS]
    assert app_for(["buidl", "daimyni"]) is app and app_for([]) is app
    runner = CliRunner()
    lines = [[name, "-h"] for name, _ in COMMANDS] + [["build"], ["build", "daimyni", "--paper", "a5"],
                                                      ["play", "--nope"], ["buidl"], ["-h"], []]
    for args in lines:
        one, every = runner.invoke(app_for(args), args), runner.invoke(app, args)
        assert (one.exit_code, one.output) == (every.exit_code, every.output), args
