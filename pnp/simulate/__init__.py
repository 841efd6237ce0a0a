"""Many games played by a policy and measured: `pnp simulate`.

- `policies`: the generic policies every game gets (random, greedy, mcts), joined to a module's own;
  `determinize`, how a policy looks ahead without seeing what its player cannot see;
- `run`: one game per index and seed, in chunks on local processes or a Dask cluster, the records
  in index order whatever the number of workers;
- `stats`: the measures with 95 % intervals (Wilson for shares);
- `output`: the printed table, CSV, JSON and the TOML a game folder keeps for its booklet;
- `chart`: bar charts drawn with pnp's shapes, for PDF, SVG and the booklet.
"""
