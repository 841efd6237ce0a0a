"""The rules-reference booklet: prose from the game folder, figures from the definitions and
diagrams from positions the rules engine replayed."""
