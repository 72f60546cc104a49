"""The Donimoes games with players (Don Kirkby's book): Tetradominoes, Domino Runners, Domino Finder."""
