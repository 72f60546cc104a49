"""Hard for the line-of-play games: weighs every move, as seed 004 describes it.

Each legal move gets a score from what it does and what it leaves:
shedding weight (pips, doubles first, since a double only goes on its own
number), keeping tiles that can follow on the new ends, putting numbers on the
ends that the next opponent has shown it lacks (its voids, from passes and
draws), not closing numbers a partner lacks, locking the game when its own hand
is the lighter, and in scoring games the points made against the best reply the
next opponent could make with the tiles it may still hold.

Once nothing can be drawn and every seat plays for itself, a hand is a race to go
out (``_race``): the chance that the next player, and the one ahead in the race,
cannot answer the new ends (few of the tiles that fit them are still out), and the
pips still held when an opponent ahead goes out (it scores them). Without it
(issue 15, duplicate deals against Normal, 1,000 each; 3 players 2,000) Hard was no
stronger than Normal in 4-player classic (share of the points 0.491, Normal
keeps its light tiles for the end just as well, and the 6:6 holder goes out first
in 9 hands of 10 unless it passes) and barely in 4-player block (0.532); with it
0.622 and 0.566, and block 2 players 0.533 to 0.600, 3 players 0.352 to 0.398
(fair share 0.333). The other games draw until the boneyard is empty and
change within the noise.

In every-double-spinner games each player for himself, while the boneyard lasts, Hard weighs the
chance that the next player cannot answer the new ends (``next_stuck``, weight 30: a stuck player
draws). Duplicate deals against Normal (which lays its doubles first), 1,000 each: 2-player classic
0.493 of the points to 0.632, 3-player classic 0.324 to 0.368 (fair 0.333). Crazy stays ahead of
that Hard there (100 and 200 deals at 0.5 s a move: 2 players share 0.635, p = 0.002; 3 players
0.461, p < 1e-6). Measured and kept off elsewhere: in 2-player draw it lifts Hard against Normal
too (0.644 to 0.749), but Crazy's edge over such a Hard fell from +9.3 points a hand to +1.9 (30
deals, bench/omniscient.py); in pairs (the next seat is always an opponent) kozel went from 0.508 of
the deals won to 0.591 and partnership block from +7.7 to +12.8 points a deal, but Crazy's edge over
Hard in kozel fell from +14.2 ± 6.5 points a deal (81 deals) to +3.0 ± 6.8 (100), p = 0.19.

In pairs with nothing to draw a double weighs 14 instead of 4 (``DOUBLE_IN_PAIRS``): a double left
in hand only goes on its own number, and a pair stuck with one loses the hand. Without it Hard
was no stronger than Normal laying its doubles first in kozel (0.508 of 1,000 deals won, p = 0.24);
with it 0.537 (p = 0.0003; a double weighing 7, 10 or 20: 0.526, 0.531, 0.536). Partnership block
keeps its edge (+5.3 ± 2.1 points a deal); in partnership muggins, while the boneyard lasts, a double
weighs 4 as before (+0.7 ± 0.5).
"""

from __future__ import annotations

import math
import random

from bones.bots.line.belief import Belief
from bones.line.kernel import SPINNER_EVERY, Kernel
from bones.line.moves import LineMove
from bones.line.observation import LineObservation
from bones.line.rules import MUGGINS, LineRules
from bones.tiles import HIGH, LOW, PIPS, pip_set, tiles_of

SHED = 1.0
DOUBLE = 4.0
DOUBLE_IN_PAIRS = 14.0  # in pairs with nothing to draw, a double left over is stuck (module docstring)
FOLLOW = 2.0
ANSWER = 1.5
OPPONENT_VOID = 3.0
PARTNER_VOID = 3.0
POINTS = 1.2
REPLY = 0.9
LOCK = 25.0
STUCK = 60.0  # per unit of chance that the next player, or the one ahead in the race, must pass
NEXT_STUCK = 30.0  # per unit of chance that the next opponent must pass or draw, where measured (below)
KEPT = 6.0  # per pip held when an opponent ahead in the race goes out


class HardLineBot:
    level = "hard"

    def __init__(self, rules: LineRules) -> None:
        self.rules = rules
        # Where the next opponent's chance of being stuck was measured to help and Crazy stays ahead
        # (module docstring): every-double-spinner games, each player for itself, while the boneyard lasts.
        self.next_stuck = NEXT_STUCK if not rules.teams and rules.spinner == SPINNER_EVERY else 0.0

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

        double = DOUBLE_IN_PAIRS if rules.teams and not obs.public.drawable_any() else DOUBLE
        total = SHED * tile.pips + (double if tile.is_double else 0.0)
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
        if not rules.teams and not kernel.drawable_any():
            total += self._race(obs, belief, fit, rest, nxt)
        elif self.next_stuck and kernel.drawable_any():
            total += self.next_stuck * self._stuck_chance(obs, belief, fit, nxt)
        if rules.scores_during_play:
            # Muggins writes one point per five of count: weigh a score by the count it stands for,
            # as in all fives, or shedding a pip outweighs scoring.
            unit = 5 if rules.scoring == MUGGINS else 1
            total += POINTS * unit * points
            if sides[nxt] != sides[seat]:
                total -= REPLY * unit * self._best_reply(kernel, belief, nxt)
        return total

    def _race(self, obs: LineObservation, belief: Belief, fit: int, rest: int, nxt: int) -> float:
        """With nothing left to draw and every seat for itself, the hand is a race to go out, won by the
        seat that can keep playing: ends that the next player, and the one ahead in the race, are unlikely
        to answer (few of the tiles that fit them are still out) make them pass. While an opponent will
        go out before us unless it passes, what we hold then is paid to it: keep the light tiles."""
        rules = self.rules
        players = rules.players
        seat = obs.seat

        def finish(other: int) -> int:
            """Turns from now until ``other`` goes out if nobody passes."""
            return ((other - seat) * rules.direction) % players + (obs.hand_sizes[other] - 1) * players

        leader = min((other for other in range(players) if other != seat), key=finish)
        total = STUCK * (self._stuck_chance(obs, belief, fit, nxt) + self._stuck_chance(obs, belief, fit, leader))
        ahead = finish(leader)
        if ahead < rest.bit_count() * players:
            turns = (ahead - 1) // players  # our turns before it goes out
            held = sorted(PIPS[t] for t in tiles_of(rest))
            total -= KEPT * sum(held[: len(held) - turns])
        return total

    @staticmethod
    def _stuck_chance(obs: LineObservation, belief: Belief, fit: int, seat: int) -> float:
        """The chance that ``seat``'s hand, as a random draw from the tiles it may hold, has none that fits
        (hypergeometric: its voids are counted, the tiles in our hand and on the table are out)."""
        pool = [tile for tile in belief.unknown if belief.can_hold(seat, tile)]
        free = sum(1 for tile in pool if not fit >> tile & 1)
        size = obs.hand_sizes[seat]
        if size > free:
            return 0.0
        return math.comb(free, size) / math.comb(len(pool), size)

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
