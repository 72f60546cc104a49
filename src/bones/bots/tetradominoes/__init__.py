"""Tetradominoes' players (``players``), their belief, evaluation, solitaire value and analysis search."""
