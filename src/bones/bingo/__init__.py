"""Bingo dominoes: tiles played as cards (seed 003, RULES.md section 2).

The rules and their documentation page are in ``bones.bingo.rules``; the fast
hand kernel in ``kernel``; the public match state and observations in ``state``.
"""
