"""Imposition: placing trimmed components on paper. Knows paper, trim and bleed, not games."""
