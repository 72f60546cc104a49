"""Domino Finder's players (``players``)."""
