"""Every scoring rule of RULES.md section 1, one scenario each."""

from bones.line.scoring import round_to_five
from tests.line.helpers import legal, play, setup

# -- draw and block --------------------------------------------------------


def test_going_out_scores_the_opponents_pips() -> None:
    state = play(setup("block", ["6:6 6:1", "5:3 2:2"]), "6:6", "pass", "6:1@left")
    result = state.results[0]
    assert (result.ending, result.winner, result.pips, result.points) == ("domino", 0, (0, 12), (12, 0))
    assert state.scores == (12, 0)


def test_going_out_with_three_players_scores_all_other_hands() -> None:
    state = play(setup("draw", ["6:6 6:1", "5:3", "2:2"]), "6:6", "pass", "pass", "6:1@left")
    assert state.scores == (12, 0, 0)


def test_blocked_two_players_score_the_difference() -> None:
    state = play(setup("block", ["6:6 1:0", "5:3"]), "6:6")
    assert state.results[0].ending == "blocked"
    assert state.scores == (7, 0)


def test_blocked_three_or_four_players_score_the_others_total() -> None:
    state = play(setup("block", ["6:6 1:0", "5:3", "4:2"]), "6:6")
    assert state.scores == (14, 0, 0)


def test_reaching_the_target_ends_the_match() -> None:
    state = play(setup("draw", ["6:6 6:1", "5:3 2:2"], scores=[95, 40]), "6:6", "pass", "6:1@left")
    assert state.is_over and state.outcome is not None
    assert state.outcome.winners == (0,)
    assert state.outcome.scores == (107, 40)
    assert "reached 100" in state.outcome.reason


# -- all fives ---------------------------------------------------------------


def test_allfives_first_tile_counts_both_numbers() -> None:
    assert play(setup("allfives", ["5:5 1:0", "5:3 2:1"]), "5:5").scores == (10, 0)
    assert play(setup("allfives", ["6:4 1:0", "4:3 2:1"]), "6:4").scores == (10, 0)


def test_allfives_a_double_at_an_end_counts_both_halves() -> None:
    state = play(setup("allfives", ["6:6 3:1", "6:3 2:1"]), "6:6")
    assert state.scores == (0, 0) and state.layout.count == 12
    state = play(state, "6:3@right")
    assert state.layout.count == 15
    assert state.scores == (0, 15)


def test_allfives_end_of_hand_pips_round_to_the_nearest_five() -> None:
    assert [round_to_five(p) for p in (25, 27, 28, 30, 32, 33)] == [25, 25, 30, 30, 30, 35]
    state = play(setup("allfives", ["6:6 6:1", "5:5 5:4 4:4"]), "6:6", "pass", "6:1@left")
    assert state.results[0].pips[1] == 27 and state.scores == (25, 0)
    state = play(setup("allfives", ["6:6 6:2", "5:5 5:4 4:4 1:0"]), "6:6", "pass", "6:2@left")
    assert state.results[0].pips[1] == 28 and state.scores == (30, 0)


def test_allfives_blocked_scores_the_difference_rounded() -> None:
    state = play(setup("allfives", ["6:6 1:0", "5:4 2:2"]), "6:6")
    assert state.results[0].ending == "blocked"
    assert state.scores == (10, 0)  # 13 - 1 = 12 -> 10


def test_allfives_is_won_at_once_in_the_middle_of_a_hand() -> None:
    state = play(setup("allfives", ["5:5 6:1", "4:3 2:1"], scores=[140, 0]), "5:5")
    assert state.is_over and state.outcome is not None
    assert state.outcome.winners == (0,) and state.scores == (150, 0)
    assert "during hand 1" in state.outcome.reason
    assert state.results[-1].ending == "target"


def test_allfives_spinner_arms_all_count() -> None:
    state = setup("allfives", ["5:5 5:2 3:1", "5:0 5:3 1:1"], spinner=True)
    state = play(state, "5:5")
    assert state.scores == (10, 0)
    state = play(state, "5:0@right")  # the spinner still counts 10, plus the 0
    assert state.scores == (10, 10)
    assert legal(state) == ["5:2@left"]
    state = play(state, "5:2@left")  # both long sides taken: the spinner no longer counts
    assert state.layout.count == 2
    assert "5:3@up" in legal(state) and "5:3@down" in legal(state)
    state = play(state, "5:3@up")
    assert state.layout.count == 5 and state.scores == (10, 15)


# -- muggins -------------------------------------------------------------


def test_muggins_scores_one_point_per_five() -> None:
    state = play(setup("muggins", ["6:6 6:3", "5:5 1:2"]), "6:6", "pass")
    state = play(state, "6:3@right")  # 12 + 3 = 15 -> 3 points, and out: 13 pips -> 3
    assert state.results[0].play_points == (3, 0)
    assert state.results[0].points == (3, 0)
    assert state.scores == (6, 0)


def test_muggins_end_points_are_rounded_pips_over_five() -> None:
    state = play(setup("muggins", ["6:6 6:1", "5:5 1:1"]), "6:6", "pass", "6:1@left")
    assert state.results[0].pips[1] == 12 and state.results[0].points == (2, 0)


def test_muggins_teams_pool_points_and_count_the_other_pair() -> None:
    state = setup("muggins", ["6:6 6:1", "5:4", "3:3", "2:2 4:0"], teams=True)
    state = play(state, "6:6", "pass", "pass", "pass", "6:1@left")
    # opponents hold 9 + 8 = 17 -> 15 -> 3 points; the partner's 6 pips do not count
    assert state.scores == (3, 0)
    assert state.outcome is None
    assert state.observation(2).scores == (3, 0)


def test_muggins_target_is_61() -> None:
    state = play(setup("muggins", ["6:6 6:3", "5:5 1:2"], scores=[58, 0]), "6:6", "pass", "6:3@right")
    assert state.is_over and state.outcome is not None and "61" in state.outcome.reason


# -- kozel -----------------------------------------------------------------


def test_kozel_the_other_pair_writes_both_its_hands() -> None:
    state = setup("kozel", ["1:1 6:1", "5:5 4:4", "3:3 2:2", "5:4 0:0"])
    state = play(state, "1:1", "pass", "pass", "pass", "6:1@left")
    assert state.results[0].winner == 0
    assert state.scores == (0, 27)
    assert state.to_move == 0  # who went out opens the next hand


def test_kozel_a_hand_of_only_double_blank_counts_25() -> None:
    state = setup("kozel", ["1:1 6:1", "5:5 4:4", "3:3 2:2", "0:0"])
    state = play(state, "1:1", "pass", "pass", "pass", "6:1@left")
    assert state.results[0].pips == (0, 18, 10, 25)
    assert state.scores == (0, 43)


def test_kozel_fish_the_heavier_pair_writes_its_own_total() -> None:
    state = play(setup("kozel", ["1:1 2:0", "5:5", "3:3", "4:4"]), "1:1")
    result = state.results[0]
    assert result.ending == "blocked"
    assert state.scores == (0, 18)  # pair 0+2 holds 8, pair 1+3 holds 18
    assert state.to_move == 0  # who made the fish opens


def test_kozel_fish_is_won_by_the_lighter_pair_even_when_the_fish_maker_writes() -> None:
    # issue 10: seat 0 made the fish, his pair holds 25 (0:0 alone) + 14 and writes 39
    state = play(setup("kozel", ["1:1 0:0", "2:2 3:0", "5:5 4:0", "6:6 3:3"]), "1:1")
    result = state.results[0]
    assert result.points == (39, 0)
    assert result.winner == 1  # the lighter hand of the lighter pair (seats 1 and 3)
    assert "seats 1 and 3 is lighter" in result.note and "seat 0" not in result.note
    assert state.to_move == 0  # the fish maker still opens the next hand


def test_kozel_fish_winner_is_the_lighter_pair_when_the_fish_maker_wins() -> None:
    state = play(setup("kozel", ["1:1 2:0", "5:5", "3:3", "4:4"]), "1:1")
    assert state.results[0].winner in (0, 2) and state.results[0].points == (0, 18)


def test_kozel_double_blank_counts_25_when_pairs_are_compared() -> None:
    state = play(setup("kozel", ["1:1 2:0", "5:5", "0:0", "4:4"]), "1:1")
    assert state.scores == (27, 0)  # 2 + 25 against 10 + 8


def test_kozel_equal_pairs_are_eggs_carried_to_the_next_losers() -> None:
    state = play(setup("kozel", ["1:1 2:0", "3:0", "3:3", "5:0"]), "1:1")
    assert state.scores == (0, 0) and state.eggs == 8
    assert "eggs" in state.results[0].note
    assert state.results[0].winner is None  # nobody wins eggs
    assert state.to_move == 0  # the fish maker opens the next hand all the same
    # eggs pile up
    state = play(setup("kozel", ["1:1 2:0", "3:0", "3:3", "5:0"], eggs=8), "1:1")
    assert state.eggs == 16
    # and the next losers write them
    state = play(
        setup("kozel", ["1:1 6:1", "5:5 4:4", "3:3 2:2", "5:4"], eggs=16), "1:1", "pass", "pass", "pass", "6:1@left"
    )
    assert state.scores == (0, 18 + 9 + 16) and state.eggs == 0


def test_kozel_reaching_101_is_the_goat() -> None:
    state = setup("kozel", ["1:1 6:1", "5:5 4:4", "3:3 2:2", "5:4"], scores=[30, 80])
    state = play(state, "1:1", "pass", "pass", "pass", "6:1@left")
    assert state.is_over and state.outcome is not None
    assert state.outcome.winners == (0, 2)
    assert state.outcome.reason.endswith("goat") and "dry" not in state.outcome.reason


def test_kozel_dry_goat() -> None:
    state = setup("kozel", ["1:1 6:1", "5:5 4:4", "3:3 2:2", "5:4"], scores=[0, 80])
    state = play(state, "1:1", "pass", "pass", "pass", "6:1@left")
    assert state.outcome is not None and "dry goat" in state.outcome.reason


# -- classic ------------------------------------------------------------------


def test_classic_every_double_branches() -> None:
    state = setup("classic", ["6:6 6:2 3:3 4:4", "6:3 6:1 5:3 1:0"])
    state = play(state, "6:6", "6:3@left", "6:2@right")
    # both long sides taken: the short sides open
    assert legal(state) == ["5:3@left", "6:1@up", "6:1@down"]
    state = play(state, "6:1@up", "3:3@left")
    assert len(state.layout.ends) == 4
    state = play(state, "5:3@left")  # beyond the 3:3 its own short sides open
    assert state.layout.ends == (5, 2, 1, 6, 3, 3)
    assert "up arm" in state.layout.line_text()


def test_classic_blocked_lightest_scores_the_others_total() -> None:
    state = play(setup("classic", ["6:6 1:0", "5:3 2:0"]), "6:6")
    assert state.results[0].ending == "blocked"
    assert state.scores == (10, 0)


def test_classic_match_is_to_200() -> None:
    state = play(setup("classic", ["6:6 6:1", "5:3 2:2"], scores=[195, 0]), "6:6", "pass", "6:1@left")
    assert state.outcome is not None and "200" in state.outcome.reason


def test_kozel_terminal_sheets_name_the_lighter_pair_and_no_winner_for_eggs() -> None:
    from bones.line.text import sheet

    names = ["You", "Lily", "Max", "Zoe"]
    for hands, expected in (
        (["1:1 0:0", "2:2 3:0", "5:5 4:0", "6:6 3:3"], "fish: the pair of seats 1 and 3 is lighter (25 against 39)"),
        (["1:1 2:0", "4:0", "3:3", "2:2"], "fish with equal pairs (8 each): eggs, nobody wins, 8 carried"),
    ):
        state = play(setup("kozel", hands), "1:1")
        assert expected in sheet(state.results[0], state, names)


def test_a_tile_beside_a_later_spinner_is_narrated_by_its_double() -> None:
    # Classic opens a later double's sides as ends @4, @5...: "on the 4 end" read like an
    # end showing 4, so the narration names the double the end grows from.
    import random

    import bones
    from bones.line.text import narrate
    from bones.tiles import TILES

    names = ["You", "Lily"]
    rules = bones.rules("classic")
    for seed in range(200):
        state = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over and state.hand_no == 1:
            move = rng.choice(state.legal_moves)
            after = state.play(move)
            if move.slot >= 4:
                double = state.kernel.log[state.kernel.origins[move.slot]][2]
                text = narrate(state, after, names)
                assert f"{move.tile} beside {TILES[double]} (end @{move.slot})" in text, text
                assert TILES[double].is_double
                return
            state = after
    raise AssertionError("no seeded game played beside a later spinner")
