"""Fujisan: the puzzle and its solver in ``puzzle``, the one-player game in ``rules``."""
