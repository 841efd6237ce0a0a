"""What keeps a game folder, which is untrusted data, from running code, reading outside itself or
exhausting the machine: plain values for templates (`plain`), the template sandbox (`template`),
format strings from the folder (`formats`) and reading the folder's files (`files`).

These modules import nothing else of pnp but `pnp.errors`, so every layer can use them."""
