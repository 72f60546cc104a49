"""Domino Runners (Don Kirkby, Donimoes): runners and checkers on a 7x8 grid. The game is in ``rules``."""
