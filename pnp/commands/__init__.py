"""Sub-commands that live in their own modules; each module's `register(app)` adds its commands to
the `pnp` application (see pnp.cli)."""
