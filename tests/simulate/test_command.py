"""`pnp simulate` as a user runs it: the table, the files it writes, the same results whatever the
number of workers, games that are the games `pnp play` writes, and bad arguments refused (exit 2)."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.catalog import find_game, rules_for
from pnp.cli import app
from pnp.model import load_game
from pnp.simulate.output import rows_from_data
from tests.conftest import run_pnp

ROOT = Path(__file__).resolve().parents[2]


def simulate(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["simulate", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def daimyni_runs(tmp_path_factory):
    """The same 12 Daimyni games of the game's own bot from seed 5, with 1 and with 2 worker processes."""
    out = tmp_path_factory.mktemp("sim")
    runs = {}
    for workers in (1, 2):
        code, stdout, _ = simulate("daimyni", "--games", "12", "--policy", "bot", "--seed", "5",
                                   "--workers", str(workers), "--csv", str(out / f"w{workers}.csv"),
                                   "--json", str(out / f"w{workers}.json"), "-q")
        assert code == 0, stdout
        data = json.loads((out / f"w{workers}.json").read_text())
        runs[workers] = (stdout, (out / f"w{workers}.csv").read_text(), data)
    return runs


def test_one_or_two_workers_give_the_same_table_and_files(daimyni_runs):
    assert daimyni_runs[1][0] == daimyni_runs[2][0]
    assert daimyni_runs[1][1] == daimyni_runs[2][1]
    assert daimyni_runs[1][2] == daimyni_runs[2][2]


def test_win_rates_are_those_of_the_games_pnp_play_writes(daimyni_runs):
    # Game i of `--seed 5` is the game `pnp play daimyni --seed 5+i` writes: count its winners directly.
    game = load_game(find_game("daimyni"))
    module = rules_for(game)
    states = [module.play(game, module.settings(game, 2, (), 5 + i)) for i in range(12)]
    winners = [s.winner for s in states]
    data = daimyni_runs[1][2]
    rows = {(r["section"], r["subject"], r["measure"]): r for r in data["rows"]}
    for clan in ("red", "blue"):
        row = rows[("seat", clan, "win rate")]
        assert row["value"] == pytest.approx(winners.count(clan) / 12)
        assert row["low"] <= row["value"] <= row["high"] and row["n"] == 12
    assert rows[("seat", "(none)", "draw rate")]["value"] == pytest.approx(winners.count(None) / 12)
    assert rows[("first-player", "red", "win rate")]["value"] == rows[("seat", "red", "win rate")]["value"]
    assert data["games"] == 12 and data["seats"] == ["red", "blue"] and data["policy"] == "bot"
    # the card table: each card laid in these games, in number order, laid as often as the games say
    laid = Counter(n for s in states for r in s.history for play in r.plays.values() for n in play.cards)
    cards = {r["subject"]: r for r in data["rows"] if r["section"] == "card" and r["measure"] == "plays per game"}
    assert list(cards) == [str(n) for n in sorted(laid)]
    for n, times in laid.items():
        assert cards[str(n)]["value"] == pytest.approx(times / 12)


def test_csv_holds_the_same_rows_as_json(daimyni_runs):
    _, text, data = daimyni_runs[1]
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0]) == ["section", "subject", "measure", "value", "low", "high", "n"]
    assert len(rows) == len(data["rows"])
    for got, want in zip(rows, data["rows"]):
        assert (got["section"], got["subject"], got["measure"]) == (want["section"], want["subject"], want["measure"])
        assert float(got["value"]) == want["value"] and int(got["n"]) == want["n"]


def test_printed_table_names_the_run_and_each_section(daimyni_runs):
    table = daimyni_runs[1][0]
    assert table.startswith("daimyni, 2 players: 12 games, policy bot, seeds 5-16")
    for title in ("Seats", "First player", "Scores", "Game length", "Cards and actions played"):
        assert f"\n{title}" in table


def test_solitaire_reports_the_share_of_each_rank(tmp_path):
    code, table, _ = simulate("shogun-solitaire", "--games", "10", "--workers", "1", "--save",
                              str(tmp_path / "simulation.toml"), "-q")
    assert code == 0, table
    assert "Outcomes" in table and "Seats" not in table          # one player: no win rates, results instead
    data = tomllib.loads((tmp_path / "simulation.toml").read_text())
    assert data["command"].startswith("pnp simulate shogun-solitaire --players 1 --games 10 --policy ")
    outcomes = [r for r in rows_from_data(data) if r.section == "outcome"]
    assert outcomes and sum(round(r.value * r.n) for r in outcomes) == 10
    game = load_game(find_game("shogun-solitaire"))
    module = rules_for(game)
    ranks = [module.outcome(module.play(game, module.settings(game, 1, (), 1 + i))) for i in range(10)]  # heuristic
    for r in outcomes:
        assert r.value == pytest.approx(ranks.count(r.subject) / 10)


def test_charts_are_readable_pdf_and_svg(tmp_path):
    pdf, svg = tmp_path / "c.pdf", tmp_path / "c.svg"
    for target in (pdf, svg):
        code, out, _ = simulate("daimyni", "--games", "4", "--policy", "random", "--workers", "1", "--chart",
                                str(target), "-q")
        assert code == 0, out
    from pypdf import PdfReader
    text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "Win rate by seat" in text and "Game length" in text and "red" in text
    root = ET.parse(svg).getroot()
    assert root.tag.endswith("svg")
    assert len([e for e in root.iter() if e.tag.endswith("rect")]) >= 2 + 2 + 16     # seats, length, 16+ cards
    again = tmp_path / "d.pdf"
    simulate("daimyni", "--games", "4", "--policy", "random", "--workers", "1", "--chart", str(again), "-q")
    assert again.read_bytes() == pdf.read_bytes()              # same inputs, byte-identical file


@pytest.mark.parametrize("args, message", [
    (["daimyni", "--games", "0"], "--games 0: play at least one game"),
    (["daimyni", "--policy", "psychic"], "--policy psychic: daimyni has no such policy"),
    (["daimyni", "--players", "3"], "--players 3"),
    (["daimyni", "--option", "fast"], "--option fast: daimyni has no such option"),
    (["daimyni", "--chart", "out.png"], "--chart out.png: the file name must end in .pdf or .svg"),
    (["daimyni", "--workers", "0"], "--workers 0: at least one worker"),
    (["daimyni", "-n", "4", "--workers", "100000"], "--workers 100000: at most"),
    (["daimyni", "-n", "4", "--workers", "99999999999999999999"], "--workers 99999999999999999999: at most"),
    (["daimyni", "-n", "99999999999999"], "--games 99999999999999: at most 100,000,000"),
    (["daimyni", "--budget", "0"], "--budget 0"),
    (["daimyni", "--scheduler", "localhost"], "--scheduler localhost: expected a scheduler address"),
    (["no-such-game"], "unknown game 'no-such-game'"),
    (["daimyni", "--policy", "greedy,random,mcts"], "one policy for every seat, or one per seat (2 here"),
    (["daimyni", "--policy", "greedy,psychic"], "--policy psychic: daimyni has no such policy"),
])
def test_bad_arguments_exit_2_with_a_message(args, message):
    proc = run_pnp("simulate", *args, "-q", cwd=ROOT)
    assert proc.returncode == 2
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.slow
def test_unreachable_scheduler_exits_2():
    proc = subprocess.run([sys.executable, "-m", "pnp.cli", "simulate", "daimyni", "--games", "2", "--scheduler",
                           "tcp://127.0.0.1:9", "-q"], capture_output=True, text=True, cwd=ROOT, timeout=120,
                          env={**os.environ, "PNP_SCHEDULER_TIMEOUT": "2"})
    assert proc.returncode == 2, proc.stderr
    assert "cannot reach a Dask scheduler" in proc.stderr and "Traceback" not in proc.stderr


def test_progress_goes_to_standard_error():
    proc = run_pnp("simulate", "daimyni", "--games", "3", "--policy", "random", "--workers", "1", cwd=ROOT)
    assert proc.returncode == 0
    assert "3/3 games" in proc.stderr and "3/3 games" not in proc.stdout


@pytest.mark.parametrize("policies, strong", [("greedy,random", "red"), ("random,greedy", "blue")])
def test_one_policy_per_seat_shows_greedy_beats_random(tmp_path, policies, strong):
    # Greedy looks one step ahead with the game's evaluation: against random play it must win clearly,
    # whichever seat it takes (the lower end of its 95 % interval above one half).
    code, out, _ = simulate("daimyni", "--games", "30", "--policy", policies, "--workers", "1", "--json",
                            str(tmp_path / "r.json"), "-q")
    assert code == 0, out
    assert f"policy {policies}," in out
    data = json.loads((tmp_path / "r.json").read_text())
    rows = {(r["section"], r["subject"], r["measure"]): r for r in data["rows"]}
    assert rows[("seat", strong, "win rate")]["low"] > 0.5


@pytest.mark.slow
def test_a_users_game_folder_simulates_like_a_builtin(tmp_path):
    # The proof game High Roll, installed as a user's package would be, named by its folder's path:
    # workers find it again by that path, and 1 or 2 workers agree.
    import os

    from tests.test_fixture_game import FIXTURES, FOLDER, make_plugin
    site = make_plugin(tmp_path / "site")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(FIXTURES), str(ROOT)]))
    outs = []
    for workers in ("1", "2"):
        proc = subprocess.run([sys.executable, "-m", "pnp.cli", "simulate", str(FOLDER), "--players", "3", "--games",
                               "8", "--policy", "greedy", "--workers", workers, "-q"], capture_output=True, text=True,
                              cwd=tmp_path, env=env)
        assert proc.returncode == 0, proc.stderr
        outs.append(proc.stdout)
    assert outs[0] == outs[1]
    assert "3 players: 8 games, policy greedy" in outs[0] and "\nSeats" in outs[0]


@pytest.mark.slow
def test_mcts_beats_random(tmp_path):
    # Tree search with its default budget (64 iterations a decision) against uniformly random play.
    # Four games: winning all four puts the interval's lower end above one half (Wilson, 0.51).
    code, out, _ = simulate("daimyni", "--games", "4", "--policy", "mcts,random", "--json", str(tmp_path / "r.json"),
                            "-q")
    assert code == 0, out
    data = json.loads((tmp_path / "r.json").read_text())
    rows = {(r["section"], r["subject"], r["measure"]): r for r in data["rows"]}
    assert rows[("seat", "red", "win rate")]["low"] > 0.5


@pytest.mark.slow
def test_a_scheduler_that_never_answers_does_not_hang(tmp_path):
    """A server that accepts the connection and says nothing (issue 21): before, `simulate` waited
    forever; now it gives up after PNP_SCHEDULER_TIMEOUT with exit 2 and what to check."""
    import socket
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(4)
    held, stop = [], threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        port = server.getsockname()[1]
        proc = subprocess.run([sys.executable, "-m", "pnp.cli", "simulate", "daimyni", "--games", "2",
                               "--scheduler", f"tcp://127.0.0.1:{port}", "-q"], capture_output=True, text=True,
                              cwd=ROOT, timeout=120, env={**os.environ, "PNP_SCHEDULER_TIMEOUT": "2"})
    finally:
        stop.set()
        thread.join()
        for conn in held:
            conn.close()
        server.close()
    assert proc.returncode == 2, proc.stderr
    assert "cannot reach a Dask scheduler" in proc.stderr and "check the address" in proc.stderr
    assert "Traceback" not in proc.stderr
