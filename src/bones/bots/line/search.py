"""Playouts and their valuation for the line-of-play bots (Crazy and the analysis).

A playout takes a complete kernel (sampled hidden hands filled in), plays the
hand to its end with a quick greedy policy, and reports what each side made:
points scored during play (all fives, muggins) and what the end of the hand
gives (pips won, or in kozel the points written). ``value`` turns that into one
number in the match context: the points difference, plus a large term when the
hand would end the match (reaching the target, or the goat line in kozel).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from bones.line.kernel import BLOCKED, DOMINO, PLAY, PLAYING, Kernel
from bones.line.rules import FIVES, KOZEL, MUGGINS, LineRules
from bones.line.scoring import score_hand
from bones.tiles import HIGH, LOW, PIPS

MAX_PLAYOUT_MOVES = 400
# Keys are whole numbers, so noise below 1 only breaks ties (more noise made all fives playouts weaker).
TIE_BREAK = 0.9
# The two-ended playouts' key: pips, a double, and a multiple of 5 made (in all fives and muggins).
PIP_KEY, DOUBLE_KEY, SCORE_KEY = 1, 3, 4


@dataclass(frozen=True)
class PlayoutResult:
    points: tuple[int, ...]  # per side: made during play plus the end of the hand (kozel: written)
    hand_winner: int | None  # side that won the hand
    match_end: int | None  # side that reached the target during play (all fives, muggins)


def greedy_choice(
    kernel: Kernel,
    moves: list[tuple[int, int, int]],
    scoring: bool,
    rnd: Callable[[], float],
    race: float = 0.0,
    next_hand: int = 0,
) -> tuple[int, int, int]:
    """The playout policy: the best immediate score, then the heaviest tile, doubles first; ties broken at random."""
    if len(moves) == 1:
        return moves[0]
    best = moves[0]
    best_key = -1.0
    ends, kinds = kernel.ends, kernel.kinds
    raw = 0
    if scoring:
        for value, weight in zip(ends, kinds):
            raw += value * weight
    for move in moves:
        _, tile, slot = move
        hi, lo = HIGH[tile], LOW[tile]
        key = PIPS[tile] + (3 if hi == lo else 0) + rnd() * TIE_BREAK
        if scoring:
            count = _count_after(kernel, raw, tile, slot, hi, lo)
            if count and count % 5 == 0:
                key += 4 * count
        if race and slot >= 0:
            fit = kernel.masks[hi + lo - ends[slot]]
            for other, end in enumerate(ends):
                if other != slot:
                    fit |= kernel.masks[end]
            if not next_hand & fit:
                key += race
        if key > best_key:
            best_key = key
            best = move
    return best


def _count_after(kernel: Kernel, raw: int, tile: int, slot: int, hi: int, lo: int) -> int:
    if slot < 0:
        return hi + lo
    value = kernel.ends[slot]
    far = hi + lo - value
    return raw - value * kernel.kinds[slot] + far * (2 if hi == lo else 1)


def playout(
    kernel: Kernel,
    rules: LineRules,
    scores: tuple[int, ...],
    eggs: int,
    rnd: Callable[[], float],
    reply: float = 0.0,
    race: float = 0.0,
) -> PlayoutResult:
    """Play ``kernel`` (mutated) to the end of the hand with the greedy policy.

    ``reply`` > 0 (scoring games, a line with two ends): each scoring move is also charged that share of
    the best score the next player could answer with at once from its hand (a one-move look-ahead).
    ``race`` > 0: once nothing can be drawn and every seat plays for itself (the hand is a race to go
    out), a tile after which the next player holds none that fits gets that bonus on its key.
    """
    if kernel.status == PLAYING and kernel.placed and len(kernel.ends) == 2 and not kernel.pending:
        return _two_ends(kernel, rules, scores, eggs, rnd, reply, race)
    sides = rules.sides
    made = [0] * rules.num_sides
    scoring = rules.scores_during_play
    target = rules.target
    racing = race and not rules.teams
    moves_left = MAX_PLAYOUT_MOVES
    while kernel.status == PLAYING and moves_left:
        moves_left -= 1
        moves = kernel.legal()
        seat = kernel.to_move
        if moves[0][0] != PLAY:
            move = moves[0]
        elif racing and not kernel.drawable_any():
            next_hand = kernel.hands[(seat + rules.direction) % rules.players]
            move = greedy_choice(kernel, moves, scoring, rnd, race, next_hand)
        else:
            move = greedy_choice(kernel, moves, scoring, rnd)
        points = kernel.apply(*move)
        if points:
            side = sides[seat]
            made[side] += points
            if scores[side] + made[side] >= target:
                return PlayoutResult(tuple(made), side, side)
    if kernel.status == PLAYING:
        return PlayoutResult(tuple(made), None, None)
    end = score_hand(rules, kernel, eggs)
    total = tuple(m + p for m, p in zip(made, end.points))
    return PlayoutResult(total, end.winning_side, None)


def value(rules: LineRules, side: int, scores: tuple[int, ...], result: PlayoutResult) -> float:
    """How good ``result`` is for ``side``, in points, in the match context."""
    points = result.points
    others = [s for s in range(rules.num_sides) if s != side]
    bonus = float(rules.target)
    if rules.scoring == KOZEL:
        other = others[0]
        total = float(points[other] - points[side])
        if scores[side] + points[side] >= rules.target:
            total -= bonus
        if scores[other] + points[other] >= rules.target:
            total += bonus
        return total
    total = points[side] - sum(points[o] for o in others) / len(others)
    if result.match_end is not None:
        return total + (bonus if result.match_end == side else -bonus)
    if scores[side] + points[side] >= rules.target:
        total += bonus
    elif any(scores[o] + points[o] >= rules.target for o in others):
        total -= bonus
    return total


def _two_ends(
    kernel: Kernel,
    rules: LineRules,
    scores: tuple[int, ...],
    eggs: int,
    rnd: Callable[[], float],
    reply: float,
    race: float = 0.0,
) -> PlayoutResult:
    """The same policy as ``playout`` on bare integers, for a line with two ends and no spinner to come."""
    hands = kernel.hands
    boneyard = kernel.boneyard
    with_pip = kernel.masks
    players = rules.players
    direction = rules.direction
    limit = rules.reserve if rules.draws else len(boneyard)
    scoring = SCORE_STYLE.get(rules.scoring, 0)
    sides = rules.sides
    target = rules.target
    made = [0] * rules.num_sides
    racing = race and not rules.teams
    left, right = kernel.ends
    left_weight, right_weight = kernel.kinds
    seat = kernel.to_move
    stuck = 0
    last = kernel.last_player
    pips, high, low = PIPS, HIGH, LOW
    pip_key, double_key, score_key = PIP_KEY, DOUBLE_KEY, SCORE_KEY
    while True:
        hand = hands[seat]
        fit_left = hand & with_pip[left]
        fit_right = hand & with_pip[right]
        while not (fit_left or fit_right) and len(boneyard) > limit:
            hand |= 1 << boneyard.pop()
            fit_left = hand & with_pip[left]
            fit_right = hand & with_pip[right]
        if not (fit_left or fit_right):
            hands[seat] = hand
            stuck += 1
            if stuck == players:
                kernel.status = BLOCKED
                break
            seat = (seat + direction) % players
            continue
        stuck = 0
        raw = left * left_weight + right * right_weight
        best_key = -math.inf
        best_tile = -1
        best_left = True
        for fit, on_left in ((fit_left, True), (fit_right, False)):
            end = left if on_left else right
            end_weight = left_weight if on_left else right_weight
            while fit:
                bit = fit & -fit
                fit ^= bit
                tile = bit.bit_length() - 1
                double = high[tile] == low[tile]
                key = pip_key * pips[tile] + (double_key if double else 0) + rnd() * TIE_BREAK
                if scoring:
                    count = raw - end * end_weight + (pips[tile] - end) * (2 if double else 1)
                    if count % 5 == 0:
                        key += score_key * count
                    if reply:
                        far = pips[tile] - end
                        if on_left:
                            answer = _best_answer(
                                hands[(seat + direction) % players],
                                far,
                                2 if double else 1,
                                right,
                                right_weight,
                                with_pip,
                            )
                        else:
                            answer = _best_answer(
                                hands[(seat + direction) % players],
                                left,
                                left_weight,
                                far,
                                2 if double else 1,
                                with_pip,
                            )
                        key -= score_key * reply * answer
                if racing and len(boneyard) <= limit:
                    far = pips[tile] - end
                    ends_fit = with_pip[far] | with_pip[right if on_left else left]
                    if not hands[(seat + direction) % players] & ends_fit:
                        key += race
                if key > best_key:
                    best_key, best_tile, best_left = key, tile, on_left
        tile = best_tile
        double = high[tile] == low[tile]
        if best_left:
            left = pips[tile] - left
            left_weight = 2 if double else 1
        else:
            right = pips[tile] - right
            right_weight = 2 if double else 1
        hand ^= 1 << tile
        hands[seat] = hand
        last = seat
        if scoring:
            count = left * left_weight + right * right_weight
            if count % 5 == 0 and count:
                side = sides[seat]
                made[side] += count if scoring == 1 else count // 5
                if scores[side] + made[side] >= target:
                    return PlayoutResult(tuple(made), side, side)
        if not hand:
            kernel.status = DOMINO
            break
        seat = (seat + direction) % players
    kernel.last_player = last
    end_score = score_hand(rules, kernel, eggs)
    return PlayoutResult(tuple(m + p for m, p in zip(made, end_score.points)), end_score.winning_side, None)


def _best_answer(
    hand: int, left: int, left_weight: int, right: int, right_weight: int, with_pip: tuple[int, ...]
) -> int:
    """The highest count that is a multiple of 5 the holder of ``hand`` can make at once on these ends."""
    best = 0
    # Laying on one end replaces it; the other end keeps its count.
    for end, other in ((left, right * right_weight), (right, left * left_weight)):
        fit = hand & with_pip[end]
        while fit:
            bit = fit & -fit
            fit ^= bit
            tile = bit.bit_length() - 1
            double = HIGH[tile] == LOW[tile]
            count = other + (PIPS[tile] - end) * (2 if double else 1)
            if count % 5 == 0 and count > best:
                best = count
    return best


SCORE_STYLE = {FIVES: 1, MUGGINS: 2}
