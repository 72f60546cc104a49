"""The line-of-play family: draw, block, allfives, muggins, kozel, classic."""
