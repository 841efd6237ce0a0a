"""Rules pages for the web, made from the booklet's sources (`pnp site`)."""
