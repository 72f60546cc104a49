"""Domino Runners' players (``players``)."""
