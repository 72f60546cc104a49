"""Search for the Bingo dominoes players: belief sampling, a greedy trick policy, playouts
and an exact end-of-hand solver.

Everything works on ``bones.bingo.kernel.Hand`` (plain integers). A *world* is a
hand with every hidden tile filled in consistently with what one seat has seen;
in a world both players see everything, so the policies here may look at both
hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bones.bingo.kernel import (
    ANSWER,
    BINGO,
    CHOOSE,
    CLOSE,
    DOUBLES,
    HONOURS,
    OVER,
    TAKE_HIDDEN,
    TAKE_TRUMP,
    TILE_PART,
    Hand,
    honours_points,
)
from bones.bits import bits
from bones.tiles import HIGH, LOW, PIPS


def _power(tile: int, trump: int) -> float:
    """What holding ``tile`` is worth for later tricks (in points), apart from its own value."""
    if tile == BINGO:
        return 12.0
    if trump in (HIGH[tile], LOW[tile]):
        return 5.0 + (PIPS[tile] - trump) * 0.8
    return PIPS[tile] * 0.35


POWER = tuple(tuple(_power(t, trump) for t in range(28)) for trump in range(7))


# -- what one seat knows -----------------------------------------------------


class Belief:
    """The hidden tiles as seen from ``seat``: who might hold what.

    ``unseen`` are the tiles ``seat`` has not seen (the other hand's unknown part and
    the face-down boneyard); ``allowed`` those of them the other may hold.
    """

    __slots__ = ("allowed", "known", "need", "public", "seat", "unseen")

    def __init__(self, public: Hand, seat: int, other_size: int) -> None:
        other = 1 - seat
        self.public = public
        self.seat = seat
        self.known = public.known[other]
        trump_bit = 1 << public.trump_tile if public.trump_in_stock else 0
        self.unseen = public.universe & ~public.hands[seat] & ~public.gone & ~self.known & ~trump_bit
        self.need = other_size - self.known.bit_count()
        allowed = self.unseen & ~public.cannot[other]
        if allowed.bit_count() < self.need:  # cannot happen with sound deductions; stay safe
            allowed = self.unseen
        self.allowed = allowed

    @property
    def possible(self) -> int:
        """Tiles the other seat might hold now."""
        return self.allowed | self.known

    def sample(self, rng: random.Random) -> Hand:
        """A world: the public hand with the hidden tiles dealt at random, consistently."""
        allowed = bits(self.allowed)
        rng.shuffle(allowed)
        theirs = allowed[: self.need]
        mask = 0
        for tile in theirs:
            mask |= 1 << tile
        rest = bits(self.unseen & ~mask)
        rng.shuffle(rest)
        world = self.public.copy()
        world.hands[1 - self.seat] = self.known | mask
        stock = world.stock
        for i in range(len(stock)):
            if stock[i] < 0:
                stock[i] = rest.pop()
        return world

    @property
    def exact(self) -> bool:
        """Whether only one world is possible (the boneyard is empty)."""
        return self.need == self.allowed.bit_count() and not any(t < 0 for t in self.public.stock)


# -- a greedy trick player (sees both hands) ---------------------------------------


def answer_choice(world: Hand, seat: int, mask: int, led: int, led_honours: int) -> tuple[int, float]:
    """The answer a greedy player picks from ``mask`` and its score for the answerer."""
    table = world.table
    value = table.value
    power = POWER[table.trump]
    beaten = table.beaten_by[led]
    stake0 = value[led]
    declare = 0
    if not world.declared[seat] and (world.hands[seat] & DOUBLES).bit_count() >= 2:
        declare = honours_points(world.hands[seat] & DOUBLES)
    best_code, best = -1, -1e9
    m = mask
    while m:
        low = m & -m
        tile = low.bit_length() - 1
        m ^= low
        stake = stake0 + value[tile]
        if beaten & low:
            score = stake - power[tile]
            code = tile
            if declare and low & DOUBLES:
                score += declare
                code = tile | HONOURS
        else:
            score = -stake - led_honours - power[tile]
            code = tile
        if score > best:
            best, best_code = score, code
    return best_code, best


def answer_mask(world: Hand, seat: int, led: int) -> int:
    hand = world.hands[seat]
    if not (world.closed >= 0 or not world.stock):
        return hand
    for mask in world.table.follow[led]:
        if hand & mask:
            return hand & mask
    return hand


def lead_score(world: Hand, seat: int, code: int) -> float:
    """How leading ``code`` turns out for ``seat`` against the greedy reply of the other hand."""
    other = 1 - seat
    table = world.table
    tile = code & TILE_PART
    hand = world.hands[seat]
    honours = honours_points(hand & DOUBLES) if code & HONOURS else 0
    reply, _ = answer_choice(world, other, answer_mask(world, other, tile), tile, honours)
    answer = reply & TILE_PART
    stake = table.value[tile] + table.value[answer]
    if table.beaten_by[tile] >> answer & 1:
        score = -stake - (honours_points(world.hands[other] & DOUBLES) if reply & HONOURS else 0)
    else:
        score = stake + honours
    return score - POWER[table.trump][tile]


def lead_choice(world: Hand, seat: int) -> tuple[int, float]:
    """The lead a greedy player picks when it can see the answerer's hand, and its score."""
    hand = world.hands[seat]
    declare = not world.declared[seat] and (hand & DOUBLES).bit_count() >= 2
    best_code, best = -1, -1e9
    m = hand
    while m:
        low = m & -m
        tile = low.bit_length() - 1
        m ^= low
        for code in (tile, tile | HONOURS) if declare and low & DOUBLES else (tile,):
            score = lead_score(world, seat, code)
            if score > best:
                best, best_code = score, code
    return best_code, best


def greedy_move(world: Hand) -> int:
    phase = world.phase
    if phase == CHOOSE:
        return TAKE_TRUMP
    seat = world.to_move
    if phase == ANSWER:
        led = world.led
        return answer_choice(world, seat, answer_mask(world, seat, led), led, world.pending[1 - seat])[0]
    return lead_choice(world, seat)[0]


# -- results and playouts ---------------------------------------------------------


NO_CAP = (99, 99)


def utility(world: Hand, seat: int, need: tuple[int, int] = NO_CAP) -> float:
    """How good a finished hand is for ``seat``: sets first (no more than each side still
    needs to win the match: ``need`` is (``seat``'s, the other's)), then points."""
    other = 1 - seat
    mine = min(world.sets[seat] + world.bonus_sets[seat], need[0])
    theirs = min(world.sets[other] + world.bonus_sets[other], need[1])
    return mine - theirs + 0.002 * (world.points[seat] - world.points[other])


def playout(world: Hand, seat: int, need: tuple[int, int] = NO_CAP) -> float:
    """Play ``world`` to the end of the hand with the greedy policy (mutates it)."""
    while world.phase != OVER:
        world.apply(greedy_move(world))
    return utility(world, seat, need)


# -- exact play once nothing is hidden ----------------------------------------------


def solve(world: Hand, seat: int, need: tuple[int, int] = NO_CAP, alpha: float = -1e9, beta: float = 1e9) -> float:
    """The value for ``seat`` of ``world`` with best play by both (no closing, both hands known)."""
    if world.phase == OVER:
        return utility(world, seat, need)
    if world.phase == CHOOSE:
        moves = [TAKE_TRUMP, TAKE_HIDDEN]
    elif world.phase == ANSWER:
        moves = _answers(world)
    else:
        moves = _ordered_leads(world)
    maximizing = world.to_move == seat
    if maximizing:
        value = -1e9
        for move in moves:
            child = world.copy()
            child.apply(move)
            value = max(value, solve(child, seat, need, alpha, beta))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = 1e9
    for move in moves:
        child = world.copy()
        child.apply(move)
        value = min(value, solve(child, seat, need, alpha, beta))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def _answers(world: Hand) -> list[int]:
    """Answers worth trying: a double declares exactly when it takes the trick."""
    seat = world.to_move
    led = world.led
    mask = answer_mask(world, seat, led)
    declare = not world.declared[seat] and (world.hands[seat] & DOUBLES).bit_count() >= 2
    beaten = world.table.beaten_by[led]
    winners, losers = [], []
    for tile in bits(mask):
        if beaten >> tile & 1:
            winners.append(tile | HONOURS if declare and (1 << tile) & DOUBLES else tile)
        else:
            losers.append(tile)
    value = world.table.value
    winners.sort(key=lambda t: -value[t & TILE_PART])
    losers.sort(key=lambda t: value[t])
    return winners + losers


def _ordered_leads(world: Hand) -> list[int]:
    moves = [m for m in world.legal() if m != CLOSE]
    first, _ = lead_choice(world, world.to_move)
    moves.sort(key=lambda m: m != first)
    return moves


def solvable(world: Hand, limit: int) -> bool:
    """Small enough to solve: at most ``limit`` tiles in each hand and no drawing left."""
    return (world.closed >= 0 or not world.stock) and max(h.bit_count() for h in world.hands) <= limit


def evaluate(world: Hand, seat: int, move: int, solve_limit: int, need: tuple[int, int] = NO_CAP) -> float:
    """The value for ``seat`` of playing ``move`` in ``world`` (which is left unchanged)."""
    child = world.copy()
    child.apply(move)
    if child.phase != OVER and solvable(child, solve_limit):
        return solve(child, seat, need)
    return playout(child, seat, need)


def best_move(
    worlds: Sequence[Hand], seat: int, moves: Sequence[int], solve_limit: int, need: tuple[int, int] = NO_CAP
) -> tuple[int, list[float]]:
    """The move with the best mean value over ``worlds``, and every move's mean."""
    totals = [0.0] * len(moves)
    for world in worlds:
        for i, move in enumerate(moves):
            totals[i] += evaluate(world, seat, move, solve_limit, need)
    means = [t / len(worlds) for t in totals]
    best = max(range(len(moves)), key=lambda i: (means[i], -i))
    return moves[best], means
