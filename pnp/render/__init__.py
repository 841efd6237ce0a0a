"""Renderers: translate `draw.shapes` into SVG (as svgwrite writes it) or PDF (ReportLab). Neither knows
what a card or a board is."""
