"""The line games' match-equity table (``bones.bots.match_equity``): the hands' results from self-play.

Every line game is a match to a target (the first there wins; in kozel the pair that reaches it is the
goat). The table needs how a hand of these rules ends: ``HANDS`` hands dealt from seeds 0, 1, ... and
played out by the playouts' greedy policy (``search.playout``: the best immediate score, then the
heaviest tile, Normal's way of playing) with a generator seeded by the game, once per set of rules and
kept for the process (well under a second, most of it the table).
"""

from __future__ import annotations

import functools
import random

from bones.bots.line.search import playout
from bones.bots.match_equity import HandResult, MatchEquity
from bones.line.rules import LineRules

#: Hands played to learn how a hand of the rules ends.
HANDS = 400


def hand_results(rules: LineRules, hands: int = HANDS) -> list[HandResult]:
    """How ``hands`` hands of ``rules`` end between greedy players (the first hand of a match each)."""
    rng = random.Random(f"bones:match-equity:{rules.game_id}")
    zeros = (0,) * rules.num_sides
    results = []
    for seed in range(hands):
        kernel = rules.new_game(seed=seed).kernel.copy()
        result = playout(kernel, rules, zeros, 0, rng.random)
        results.append(HandResult(tuple(float(p) for p in result.points), result.hand_winner))
    return results


@functools.lru_cache(maxsize=16)
def match_equity(rules: LineRules) -> MatchEquity:
    """The match-equity table of ``rules`` (kept: the rules are frozen and hashable)."""
    return MatchEquity(rules.target, rules.num_sides, hand_results(rules), lowest_wins=rules.low_score_wins)
