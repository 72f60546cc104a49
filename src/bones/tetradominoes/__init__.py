"""Tetradominoes (Don Kirkby, Donimoes): dominoes in a grid, tetrominoes on top. The game is in ``rules``."""
