"""Hard for the line-of-play games: weighs every move, as seed 004 describes it.

Each legal move gets a score from what it does and what it leaves:
shedding weight (pips, doubles first, since a double only goes on its own
number), keeping tiles that can follow on the new ends, putting numbers on the
ends that the next opponent has shown it lacks (its voids, from passes and
draws), not closing numbers a partner lacks, locking the game when its own hand
is the lighter, and in scoring games the points made against the best reply the
next opponent could make with the tiles it may still hold.
"""

from __future__ import annotations

import random

from bones.bots.line.belief import Belief
from bones.line.kernel import Kernel
from bones.line.moves import LineMove
from bones.line.rules import MUGGINS, LineRules
from bones.line.state import LineObservation
from bones.tiles import HIGH, LOW, PIPS, pip_set, tiles_of

SHED = 1.0
DOUBLE = 4.0
FOLLOW = 2.0
ANSWER = 1.5
OPPONENT_VOID = 3.0
PARTNER_VOID = 3.0
POINTS = 1.2
REPLY = 0.9
LOCK = 25.0


class HardLineBot:
    level = "hard"

    def __init__(self, rules: LineRules) -> None:
        self.rules = rules

    def choose(self, observation: LineObservation, rng: random.Random) -> LineMove:
        moves = observation.legal_moves
        if len(moves) == 1 or not moves[0].is_play:
            return moves[0]
        belief = Belief.of(observation)
        scored = [
            (self.score(observation, belief, move) + rng.random() * 1e-3, index) for index, move in enumerate(moves)
        ]
        return moves[max(scored)[1]]

    def score(self, obs: LineObservation, belief: Belief, move: LineMove) -> float:
        rules = self.rules
        tile = move.tile
        assert tile is not None
        kernel = obs.public.copy()
        points = kernel.apply(*move.kernel_move)
        ends = kernel.ends
        with_pip = pip_set(rules.max_pip).with_pip
        rest = obs.hand_mask & ~(1 << tile)
        fit = 0
        for end in ends:
            fit |= with_pip[end]
        follow = (rest & fit).bit_count()
        answered = sum(1 for end in set(ends) if rest & with_pip[end])

        total = SHED * tile.pips + (DOUBLE if tile.is_double else 0.0)
        total += FOLLOW * follow + ANSWER * answered
        if not rest:
            return 1000.0 + points
        seat = obs.seat
        sides = rules.sides
        nxt = (seat + rules.direction) % rules.players
        open_numbers = set(ends)
        for other, evidence in belief.seats.items():
            lacking = len(open_numbers & evidence.voids)
            if sides[other] == sides[seat]:
                total -= PARTNER_VOID * lacking
            else:
                weight = OPPONENT_VOID if other == nxt else OPPONENT_VOID / 3
                total += weight * lacking
        total += self._lock(obs, belief, kernel, rest)
        if rules.scores_during_play:
            # Muggins writes one point per five of count: weigh a score by the count it stands for,
            # as in all fives, or shedding a pip outweighs scoring.
            unit = 5 if rules.scoring == MUGGINS else 1
            total += POINTS * unit * points
            if sides[nxt] != sides[seat]:
                total -= REPLY * unit * self._best_reply(kernel, belief, nxt)
        return total

    def _best_reply(self, kernel: Kernel, belief: Belief, seat: int) -> int:
        """The most the next player could score at once with a tile it may hold."""
        best = 0
        raw = sum(v * w for v, w in zip(kernel.ends, kernel.kinds))
        for tile in belief.unknown:
            if kernel.table >> tile & 1 or not belief.can_hold(seat, tile):
                continue
            hi, lo = HIGH[tile], LOW[tile]
            for slot, end in enumerate(kernel.ends):
                if end != hi and end != lo:
                    continue
                far = hi + lo - end
                count = raw - end * kernel.kinds[slot] + far * (2 if hi == lo else 1)
                if count % 5 == 0 and count > best:
                    best = count if self.rules.scoring == "fives" else count // 5
        return best

    def _lock(self, obs: LineObservation, belief: Belief, kernel: Kernel, rest: int) -> float:
        """A move after which nobody can play (all tiles of the end numbers are out) ends the hand:
        good when our hand is the lighter, bad otherwise. Tiles still in the boneyard do not undo a
        lock: the next player, stuck, draws every tile that may be drawn, and they count against it."""
        with_pip = pip_set(self.rules.max_pip).with_pip
        fit = 0
        for end in kernel.ends:
            fit |= with_pip[end]
        hidden = 0
        for tile in belief.unknown:
            hidden |= 1 << tile
        if fit & (hidden | rest):
            return 0.0
        mine = sum(PIPS[t] for t in tiles_of(rest))
        unknown_pips = sum(PIPS[t] for t in belief.unknown)
        hidden_tiles = max(1, len(belief.unknown))
        sides = self.rules.sides
        drawer = kernel.to_move
        drawn = kernel.drawable() if sides[drawer] != sides[obs.seat] else 0
        opponents = [s for s in belief.seats if sides[s] != sides[obs.seat]]
        expected = (
            min(unknown_pips * (obs.hand_sizes[s] + (drawn if s == drawer else 0)) / hidden_tiles for s in opponents)
            if opponents
            else 0.0
        )
        return LOCK if mine < expected else -LOCK
