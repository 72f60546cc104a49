"""Mountains and Valleys: the puzzle and its solver in ``puzzle``, the game in ``rules``."""
