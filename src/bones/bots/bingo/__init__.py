"""Bingo's players (``players``) and their trick search (``search``)."""
