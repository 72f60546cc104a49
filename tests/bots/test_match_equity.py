"""The match-equity table (``bones.bots.match_equity``) and the line games' (``bones.bots.line.match``):
the chances sum to 1, the target decides, equal scores are even, more points never hurt (never help
where the lowest score wins), and a hand in play reads through the table."""

from __future__ import annotations

import itertools

import pytest

import bones
from bones.bots.line.match import match_equity
from bones.bots.match_equity import HandResult, MatchEquity

# A small made-up game: a hand is won by one side for 1 to 4 points (or both score, or nobody).
RESULTS = [
    HandResult((1.0, 0.0), 0),
    HandResult((0.0, 3.0), 1),
    HandResult((4.0, 0.0), 0),
    HandResult((2.0, 1.5), 0),
    HandResult((0.0, 0.0), None),
]


def three_sided() -> MatchEquity:
    results = [HandResult((5.0, 0.0, 0.0), 0), HandResult((0.0, 2.0, 1.0), 1), HandResult((0.0, 0.0, 9.0), 2)]
    return MatchEquity(20, 3, results)


@pytest.mark.parametrize("lowest_wins", [False, True])
def test_the_chances_sum_to_one_and_equal_scores_are_even(lowest_wins: bool) -> None:
    table = MatchEquity(10, 2, RESULTS, lowest_wins=lowest_wins)
    for scores in itertools.product([0, 1.5, 3, 7.2, 9.9], repeat=2):
        assert sum(table.chances(scores)) == pytest.approx(1.0)
    for score in (0, 2.5, 5, 9.5):
        assert table.chances((score, score)) == pytest.approx((0.5, 0.5))
    three = three_sided()
    for scores in itertools.product([0, 7, 13.5, 19], repeat=3):
        assert sum(three.chances(scores)) == pytest.approx(1.0)
    assert three.chances((6, 6, 6)) == pytest.approx((1 / 3, 1 / 3, 1 / 3))


def test_the_target_decides_the_match() -> None:
    table = MatchEquity(10, 2, RESULTS)
    assert table.chances((10, 9.9)) == (1.0, 0.0)
    assert table.chances((3, 12)) == (0.0, 1.0)
    goat = MatchEquity(10, 2, RESULTS, lowest_wins=True)  # the side reaching the target loses
    assert goat.chances((10, 2)) == (0.0, 1.0)
    three = three_sided()
    assert three.chances((25, 21, 3)) == (1.0, 0.0, 0.0)  # two reached it in one hand: the most points


def test_more_points_never_hurt_and_never_help_where_the_lowest_wins() -> None:
    table = MatchEquity(10, 2, RESULTS)
    goat = MatchEquity(10, 2, RESULTS, lowest_wins=True)
    for other in (0, 4, 9):
        mine = [table.chances((score / 4, other))[0] for score in range(41)]
        assert all(a <= b + 1e-12 for a, b in itertools.pairwise(mine))
        low = [goat.chances((score / 4, other))[0] for score in range(41)]
        assert all(a >= b - 1e-12 for a, b in itertools.pairwise(low))
    assert table.chances((9, 0))[0] > table.chances((0, 0))[0] > table.chances((0, 9))[0]
    three = three_sided()
    mine = [three.chances((score, 4, 10))[0] for score in range(21)]
    assert all(a <= b + 1e-12 for a, b in itertools.pairwise(mine))


def test_a_hand_in_play_reads_through_the_table() -> None:
    table = MatchEquity(10, 2, RESULTS)
    # A certain result: the table at the score it leaves.
    assert table.after_hand((3, 5), 0, 4.0, 1.0) == pytest.approx(table.chances((7, 5))[0])
    assert table.after_hand((3, 5), 0, -2.0, 0.0) == pytest.approx(table.chances((3, 7))[0])
    # More expected points, or a better chance to win the hand, never lower the chance to win the match.
    by_points = [table.after_hand((6, 6), 0, points / 2, 0.5) for points in range(-8, 9)]
    assert all(a <= b + 1e-12 for a, b in itertools.pairwise(by_points))
    assert table.after_hand((6, 6), 0, 0.0, 0.5) == pytest.approx(0.5)
    assert table.after_hand((9, 9), 0, 1.0, 1.0) == 1.0  # the hand won ends the match


def test_bad_tables_are_refused() -> None:
    with pytest.raises(ValueError, match="never end"):
        MatchEquity(10, 2, [HandResult((0.0, 0.0), None)])
    with pytest.raises(ValueError, match="points for 2 sides"):
        MatchEquity(10, 2, [HandResult((1.0,), 0)])
    with pytest.raises(ValueError, match="a score per side"):
        MatchEquity(10, 2, RESULTS).chances((1, 2, 3))


@pytest.mark.parametrize(("game", "options"), [("draw", {}), ("kozel", {}), ("muggins", {}), ("draw", {"players": 3})])
def test_the_line_games_tables_keep_the_properties(game: str, options: dict[str, int]) -> None:
    rules = bones.rules(game, **options)
    table = match_equity(rules)
    n, target = rules.num_sides, rules.target
    assert table is match_equity(rules)  # kept, not made again
    assert table.chances((0,) * n) == pytest.approx((1 / n,) * n)
    assert table.chances((target // 2,) * n) == pytest.approx((1 / n,) * n)
    ahead = table.chances((target // 2,) + (0,) * (n - 1))[0]
    assert (ahead < 1 / n) if rules.low_score_wins else (ahead > 1 / n)
    assert sum(table.chances((target - 1,) + (target // 3,) * (n - 1))) == pytest.approx(1.0)
    assert table.chances((target,) + (0,) * (n - 1))[0] == (0.0 if rules.low_score_wins else 1.0)
