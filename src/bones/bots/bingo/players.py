"""Computer players for Bingo dominoes (RULES.md section 2).

- Easy: any tile; declares honours whenever it may; never closes.
- Normal: answers greedily (takes a trick when the points are worth the tile it
  spends, else throws its least useful tile), leads its least useful tile,
  declares honours only when the declared trick is surely won, never closes.
- Hard: remembers every tile played and what the answers after closing showed,
  and weighs each lead against the replies the other hand may hold (sampled
  hands consistent with what it saw); closes when the tiles it holds that
  nothing can beat carry it to 70.
- Crazy: samples many deals of the hidden tiles consistent with everything seen,
  plays every legal move to the end of the hand in each (greedy playouts, and an
  exact search once both hands are small and nothing is drawn any more), and
  picks the best mean result in sets, then points.
"""

from __future__ import annotations

import random

from bones.bingo.kernel import ANSWER, BINGO, CHOOSE, CLOSE, DOUBLES, HONOURS, TAKE_TRUMP, TARGET, TILE_PART, Hand
from bones.bingo.moves import BingoMove
from bones.bingo.state import BingoObservation
from bones.bots import Bot, Estimate, register_analyser, register_bot, work
from bones.bots.bingo.belief import Belief
from bones.bots.bingo.review import HOOKS as REVIEW
from bones.bots.bingo.search import POWER, answer_choice, answer_mask, best_move, evaluate, lead_score
from bones.bots.review import register_review
from bones.game import Observation, Rules


def _move(code: int) -> BingoMove:
    return BingoMove(code)


class EasyBingoBot:
    """A beginner: any tile, honours whenever possible, never closes."""

    level = "easy"

    def choose(self, observation: BingoObservation, rng: random.Random) -> BingoMove:
        moves = [m for m in observation.legal_moves if m.code != CLOSE]
        move = rng.choice(moves)
        if move.is_play and not move.honours and BingoMove.play(move.code, True) in observation.legal_moves:
            return BingoMove.play(move.code, True)
        return move


class NormalBingoBot:
    """Greedy for the trick on the table, no memory."""

    level = "normal"

    def choose(self, observation: BingoObservation, rng: random.Random) -> BingoMove:
        world = observation.public
        seat = observation.seat
        if world.phase == CHOOSE:
            return _move(TAKE_TRUMP)
        if world.phase == ANSWER:
            led = world.led
            code, _ = answer_choice(world, seat, world.playable(), led, world.pending[1 - seat])
            return _move(code)
        power = POWER[world.trump]
        value = world.table.value

        def cost(tile: int) -> tuple[float, int, float]:
            return (value[tile] + power[tile], tile, rng.random())

        tiles = [m.code for m in observation.legal_moves if m.code < HONOURS]
        tile = min(tiles, key=cost)
        if tile == BINGO and BingoMove.play(tile, True) in observation.legal_moves:
            return BingoMove.play(tile, True)
        return _move(tile)


def sure_winners(world: Hand, belief: Belief) -> int:
    """Tiles of the seat to move that nothing the other may hold can beat when led."""
    beaten = world.table.beaten_by
    possible = belief.possible
    mine = world.hands[belief.seat]
    out = 0
    for tile in range(28):
        if mine >> tile & 1 and not beaten[tile] & possible:
            out |= 1 << tile
    return out


class HardBingoBot:
    """Counts tiles, weighs leads against sampled replies, closes on sure points."""

    level = "hard"

    def __init__(self, samples: int = 24, close_margin: int = 12) -> None:
        self.samples = samples
        self.close_margin = close_margin  # close this many points short of a sure 70

    def choose(self, observation: BingoObservation, rng: random.Random) -> BingoMove:
        world = observation.public
        seat = observation.seat
        if world.phase == CHOOSE:
            return _move(TAKE_TRUMP)
        if world.phase == ANSWER:
            code, _ = answer_choice(world, seat, world.playable(), world.led, world.pending[1 - seat])
            return _move(code)
        belief = Belief(world, seat, observation.hand_sizes[1 - seat])
        codes = [m.code for m in observation.legal_moves]
        if CLOSE in codes and self._should_close(world, belief):
            return _move(CLOSE)
        codes = [c for c in codes if c != CLOSE]
        if len(codes) == 1:
            return _move(codes[0])
        worlds = [belief.sample(rng) for _ in range(1 if belief.exact else self.samples)]
        totals = dict.fromkeys(codes, 0.0)
        for w in worlds:
            for code in codes:
                totals[code] += lead_score(w, seat, code)
        return _move(max(codes, key=lambda c: (totals[c], -c)))

    def _should_close(self, world: Hand, belief: Belief) -> bool:
        value = world.table.value
        sure = sure_winners(world, belief)
        points = world.points[belief.seat] + sum(value[t] for t in range(28) if sure >> t & 1)
        return points >= TARGET - self.close_margin


class CrazyBingoBot:
    """Samples hidden deals consistent with all it saw and plays each move out in each."""

    level = "crazy"

    def __init__(
        self, playouts: int = 2000, min_samples: int = 24, max_samples: int = 200, solve_limit: int = 4
    ) -> None:
        self.playouts = playouts  # per move decision, shared among the candidate moves
        self.min_samples = min_samples
        self.max_samples = max_samples
        self.solve_limit = solve_limit

    def limit_thinking(self, seconds: float) -> None:
        self.playouts = work(seconds, 2000, 2)
        self.min_samples = min(self.min_samples, self.playouts)

    def choose(self, observation: BingoObservation, rng: random.Random) -> BingoMove:
        moves = observation.legal_moves
        if len(moves) == 1:
            return moves[0]
        world = observation.public
        seat = observation.seat
        codes = [m.code for m in moves]
        if world.phase == ANSWER:
            codes = _sensible_answers(world, seat, codes)
            if len(codes) == 1:
                return _move(codes[0])
        belief = Belief(world, seat, observation.hand_sizes[1 - seat])
        samples = max(self.min_samples, min(self.max_samples, self.playouts // len(codes)))
        worlds = [belief.sample(rng) for _ in range(1 if belief.exact else samples)]
        limit = 7 if belief.exact else self.solve_limit
        target = observation.rules.target
        need = (target - observation.sets[seat], target - observation.sets[1 - seat])
        code, _ = best_move(worlds, seat, codes, limit, need)
        return _move(code)


def _sensible_answers(world: Hand, seat: int, codes: list[int]) -> list[int]:
    """An answer declares honours exactly when it takes the trick (nothing else can happen to it)."""
    beaten = world.table.beaten_by[world.led]
    out = []
    for code in codes:
        tile = code & TILE_PART
        if (1 << tile) & DOUBLES and (code | HONOURS) in codes:
            wins = bool(beaten >> tile & 1)
            if bool(code & HONOURS) != wins:
                continue
        out.append(code)
    return out


ANALYSIS_PLAYOUTS = 2000  # per second of thinking, shared by the legal moves as Crazy shares them


def analyse(rules: Rules, observation: Observation, rng: random.Random, seconds: float) -> list[Estimate]:
    """Crazy's search for every legal move: the same sampled deals, each move played out
    (or solved exactly) in each; the value is the sets the mover comes out ahead by at the
    end of the hand (points break ties), the chance the share of deals it comes out ahead."""
    assert isinstance(observation, BingoObservation)
    world = observation.public
    seat = observation.seat
    moves = list(observation.legal_moves)
    belief = Belief(world, seat, observation.hand_sizes[1 - seat])
    per_move = work(seconds, ANALYSIS_PLAYOUTS, 8) // len(moves)
    worlds = [belief.sample(rng) for _ in range(1 if belief.exact else max(8, min(200, per_move)))]
    limit = 7 if belief.exact else CrazyBingoBot().solve_limit
    target = observation.rules.target
    need = (target - observation.sets[seat], target - observation.sets[1 - seat])
    estimates = []
    for move in moves:
        values = [evaluate(w, seat, move.code, limit, need) for w in worlds]
        ahead = sum(v > 0 for v in values) / len(values)
        estimates.append(
            Estimate(move, sum(values) / len(values), "sets ahead", ahead, len(values), "come out ahead in the hand")
        )
    estimates.sort(key=lambda e: -(e.value or 0.0))
    return estimates


def _easy(_rules: Rules) -> Bot:
    return EasyBingoBot()


def _normal(_rules: Rules) -> Bot:
    return NormalBingoBot()


def _hard(_rules: Rules) -> Bot:
    return HardBingoBot()


def _crazy(_rules: Rules) -> Bot:
    return CrazyBingoBot()


register_bot("bingo", "easy", _easy)
register_bot("bingo", "normal", _normal)
register_bot("bingo", "hard", _hard)
register_bot("bingo", "crazy", _crazy)
register_analyser("bingo", analyse)
register_review("bingo", REVIEW)

__all__ = ["CrazyBingoBot", "EasyBingoBot", "HardBingoBot", "NormalBingoBot", "answer_mask"]
