"""Donimoes: Don Kirkby's games for players on a grid of dominoes (RULES.md section 3)."""
