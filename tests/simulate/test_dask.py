"""`pnp simulate --scheduler`: the games run on a Dask cluster (here a local one, in this process)
and give the same report as local processes."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from pnp.cli import app

distributed = pytest.importorskip("distributed")


def test_local_dask_cluster_gives_the_same_report_as_processes(tmp_path):
    args = ["simulate", "daimyni", "--games", "10", "--policy", "random", "--seed", "3", "-q"]
    local = CliRunner().invoke(app, [*args, "--workers", "2", "--csv", str(tmp_path / "local.csv")])
    assert local.exit_code == 0, local.stdout
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        remote = CliRunner().invoke(app, [*args, "--scheduler", cluster.scheduler_address,
                                          "--csv", str(tmp_path / "dask.csv")])
    assert remote.exit_code == 0, remote.stdout + str(remote.exception)
    assert remote.stdout == local.stdout
    assert (tmp_path / "dask.csv").read_text() == (tmp_path / "local.csv").read_text()
