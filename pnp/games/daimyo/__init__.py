"""Daimyo: rules (basic and advanced), notation, a bot."""
