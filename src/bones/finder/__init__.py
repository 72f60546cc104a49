"""Domino Finder (Don Kirkby, Donimoes): a memory game over a face-down layout. The game is in ``rules``."""
