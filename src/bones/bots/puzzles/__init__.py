"""The puzzles' players (``players``): random, the solver's advice."""
