"""The chance of winning a race to the target number of tetrominoes, from the score alone.

With three players a tetromino is worth more to its player than it costs each
opponent: it puts its player ahead of both, while an opponent's puts only that
opponent ahead, and the third player loses as much by it as we do. Counting every
tetromino as plus or minus one (as with two sides) makes the look-ahead too careful
to deny the others and too slow to build its own. So Crazy's look-ahead with three
players ends in this chance instead: every player in turn lays a tetromino with the
same chance ``rate`` (Hard against Hard lays one in about 18% of its turns), and
the first to the target wins.
"""

from __future__ import annotations

from functools import cache

RATE = 0.18  # tetrominoes per turn, Hard against Hard with three players


@cache
def race_chances(counts: tuple[int, ...], to_move: int, target: int, rate: float = RATE) -> tuple[float, ...]:
    """Each player's chance to reach ``target`` first, ``to_move`` laying next with chance ``rate``
    (a turn without a tetromino passes to the next player; nobody reaching it never ends the race)."""
    players = len(counts)
    for side, count in enumerate(counts):
        if count >= target:
            return tuple(1.0 if s == side else 0.0 for s in range(players))
    # Over one round the first to lay decides the next state; a round without one comes back here.
    out = [0.0] * players
    stay = 1.0
    for step in range(players):
        seat = (to_move + step) % players
        laid = list(counts)
        laid[seat] += 1
        after = race_chances(tuple(laid), (seat + 1) % players, target, rate)
        weight = stay * rate
        for s in range(players):
            out[s] += weight * after[s]
        stay *= 1.0 - rate
    return tuple(v / (1.0 - stay) for v in out)


def tetromino_worth(players: int, target: int, rate: float = RATE) -> float:
    """What one tetromino of ours adds to our chance at the start: the scale between tetrominoes and chances."""
    start = (0,) * players
    laid = (1,) + (0,) * (players - 1)
    return race_chances(laid, 1 % players, target, rate)[0] - race_chances(start, 1 % players, target, rate)[0]
