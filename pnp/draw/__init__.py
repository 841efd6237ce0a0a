"""Components -> backend-neutral shapes in millimetres."""
