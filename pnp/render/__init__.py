"""Renderers: translate `draw.shapes` into SVG (written as text) or PDF (ReportLab). Neither knows
what a card or a board is."""
