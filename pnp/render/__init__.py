"""Renderers: translate `draw.shapes` into SVG (svgwrite) or PDF (ReportLab). Neither knows
what a card or a board is."""
