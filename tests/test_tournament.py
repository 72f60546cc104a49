import pytest

from bones.tournament import PairStats, elo, run_tournament, seatings


def test_duplicate_seating_gives_every_level_every_seat() -> None:
    import bones

    assert seatings(bones.rules("draw"), ("a", "b")) == [[0, 1], [1, 0]]
    assert seatings(bones.rules("kozel"), ("a", "b")) == [[0, 1, 0, 1], [1, 0, 1, 0]]
    three = seatings(bones.rules("draw", players=3), ("a", "b"))
    assert len(three) == 3 and all(sorted(set(s)) == [0, 1] for s in three)


def test_jobs_do_not_change_results() -> None:
    one = run_tournament("draw", ["normal", "easy"], 12, jobs=1, seed=3, pairs=[("normal", "easy")])
    two = run_tournament("draw", ["normal", "easy"], 12, jobs=2, seed=3, pairs=[("normal", "easy")])
    assert [p.margins for p in one.pairs] == [p.margins for p in two.pairs]
    assert one.pairs[0].hands == 24  # each deal played twice, seats swapped


def test_a_deterministic_level_against_itself_has_zero_margins() -> None:
    # Crazy with a fixed sample budget and no clock is a pure function of the position and its seed,
    # and both rotations of a deal replay the same position for the same seat.
    result = run_tournament(
        "block",
        ["crazy"],
        3,
        seed=5,
        pairs=[("crazy", "crazy")],
        bot_settings={"crazy_seconds": None, "crazy_samples": 10},
    )
    pair = result.pairs[0]
    assert pair.deals == 3 and pair.points[0] == pair.points[1]


def test_stats() -> None:
    pair = PairStats("a", "b", margins=[5, 3, -1, 0, 7, 2, 4, 1, 6, 2], points=[60, 30], hands=20)
    assert pair.win_rate == pytest.approx(0.85)
    low, high = pair.win_interval()
    assert 0.5 < low < 0.85 < high < 1.0
    assert pair.points_share == pytest.approx(2 / 3)
    assert pair.margin_per_hand == pytest.approx(29 / 20)
    assert pair.p_value() < 0.01
    ratings = elo(["a", "b"], [pair])
    assert ratings["a"] > 1500 > ratings["b"]
    assert ratings["a"] + ratings["b"] == pytest.approx(3000)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        run_tournament("draw", ["easy", "grandmaster"], 2)
