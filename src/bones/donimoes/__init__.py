"""Donimoes games with players: Tetradominoes, Domino Runners and Domino Finder (seed 000)."""
