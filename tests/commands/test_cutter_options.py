"""`pnp build --cutter/--die-line` and `pnp export --die-line/--output-profile` on the command line:
files where the docs say, and one clear line with exit 2 for what cannot be done."""

from __future__ import annotations

import re

from tests.conftest import run_pnp


def test_build_with_a_cutter_lists_its_folder(tmp_path):
    out = tmp_path / "kit"
    run = run_pnp("build", "daimyni", "--only", "cards", "--cutter", "silhouette", "--die-line", "-q", "--out", out)
    assert run.returncode == 0, run.stderr
    assert "silhouette/" in run.stdout and "other files" in run.stdout
    assert (out / "daimyni-silhouette-a4.pdf").is_file()
    assert (out / "daimyni-cards-a4-dieline.pdf").is_file()        # not the name a plain build writes
    assert not (out / "daimyni-cards-a4.pdf").exists()
    assert "daimyni-cards-a4-dieline.pdf" in run.stdout
    assert {p.suffix for p in (out / "silhouette").iterdir()} == {".dxf", ".svg"}


def test_bad_cutter_arguments_are_one_line_and_exit_2(tmp_path):
    run = run_pnp("build", "daimyni", "--cutter", "laser", "--out", tmp_path / "a")
    assert run.returncode == 2 and "laser" in run.stderr
    run = run_pnp("build", "daimyni", "--only", "booklet", "--cutter", "cricut", "--out", tmp_path / "b")
    assert run.returncode == 2 and "nothing to cut" in run.stderr and "Traceback" not in run.stderr
    run = run_pnp("build", "daimyni", "--only", "booklet", "--die-line", "--out", tmp_path / "c")
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "--die-line: only card sheets carry a die line and this build makes none" in run.stderr
    assert not (tmp_path / "c").exists()
    run = run_pnp("export", "daimyni", "--target", "dtc", "--die-line", "--out", tmp_path / "c")
    assert run.returncode == 2 and "PDF/X-1a is PDF 1.4" in run.stderr
    run = run_pnp("export", "daimyni", "--target", "dtc", "--output-profile", tmp_path / "none.icc",
                  "--out", tmp_path / "d")
    assert run.returncode == 2 and "none.icc: cannot read it" in run.stderr


def test_the_cutter_progress_counts_sheets_and_pages_apart(tmp_path):
    run = run_pnp("build", "daimyni", "--only", "cards", "--cutter", "silhouette", "--out", tmp_path / "s")
    assert run.returncode == 0, run.stderr
    line = next(x for x in run.stderr.splitlines() if "silhouette:" in x)
    pages = int(re.search(r"daimyni-silhouette-a4\.pdf\s+(\d+) pages", run.stdout)[1])
    assert line.strip() == f"silhouette: 18 pieces on 3 sheets: {pages} pages, 3 fronts and 3 backs"   # 6 a sheet
