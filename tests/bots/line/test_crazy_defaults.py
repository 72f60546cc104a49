"""Where Crazy solves its sampled deals exactly by default (all fives and block with 2 players, block with 3,
not draw), and where it weighs them by the others' plays (draw and block with 2 players, block with 3)."""

from __future__ import annotations

import random

from bones.bots.line import crazy, crazy_defaults
from bones.bots.line.belief import Belief
from tests.bots.line.positions import a_few_moves_in


def _stats(game: str, **options: object) -> dict[str, int]:
    rules, observation = a_few_moves_in(game, seed=3, **options)
    stats: dict[str, int] = {}
    crazy.estimate_moves(rules, observation, random.Random(1), seconds=None, samples=20, stats=stats)  # type: ignore[arg-type]
    return stats


def test_block_with_two_players_solves_every_sampled_deal() -> None:
    # Nothing is drawn in block, so a sampled deal solves in a few thousand positions.
    stats = _stats("block")
    assert stats["samples"] == 20 and stats.get("solved") == 20


def test_draw_plays_its_sampled_deals_out() -> None:
    stats = _stats("draw")
    assert stats["samples"] == 20 and stats.get("solved", 0) == 0


def test_block_with_three_players_solves_every_sampled_deal() -> None:
    # Hands of five and nothing drawn: a sampled deal solves (max-n, ``exact_race``) in a few hundred positions.
    stats = _stats("block", players=3)
    assert stats["samples"] == 20 and stats.get("solved") == 20


def test_block_with_three_players_weighs_its_samples_by_the_others_plays() -> None:
    # Measured to help there against Easy, Normal, Hard and a mix (bench/crazy_race_ab.py, infers_by_default).
    stats = _stats("block", players=3)
    assert stats["samples"] == 20 and stats.get("weighed") == 20


def test_two_player_draw_weighs_its_samples_and_all_fives_does_not() -> None:
    assert _stats("draw").get("weighed") == 20
    assert _stats("allfives").get("weighed", 0) == 0


def test_draw_with_three_players_and_block_with_four_do_not_weigh_their_samples() -> None:
    # Not measured there: the plain sampler stays.
    assert _stats("draw", players=3).get("weighed", 0) == 0
    assert _stats("block", players=4).get("weighed", 0) == 0


def test_partnership_block_weighs_its_samples_by_the_others_plays() -> None:
    # Measured to help against dominoes:pab_bg and against itself without it (infers_by_default).
    assert _stats("block", players=4, teams=True).get("weighed") == 20
    assert _stats("draw", players=4, teams=True).get("weighed", 0) == 0


def test_partnership_block_plays_out_by_default_and_solves_late_in_the_hand_when_asked() -> None:
    # The pairs' solver measured no gain against dominoes:pab_bg (exact_hidden_by_default), so it is asked for.
    assert _stats("block", players=4, teams=True).get("solved", 0) == 0
    rules, observation = a_few_moves_in("block", seed=3, moves=12, players=4, teams=True)
    assert crazy_defaults.exact_hidden_by_default(rules) == 0  # type: ignore[arg-type]
    hidden = len(Belief.of(observation).unknown)  # the other three hands
    for exact_hidden, solved in ((hidden, 20), (hidden - 1, 0)):
        stats: dict[str, int] = {}
        estimates = crazy.estimate_moves(
            rules,  # type: ignore[arg-type]
            observation,
            random.Random(1),
            seconds=None,
            samples=20,
            stats=stats,
            exact_hidden=exact_hidden,
            exact_nodes=None,
        )
        assert stats["samples"] == 20 and stats.get("solved", 0) == solved
        assert {e.move for e in estimates} == set(observation.legal_moves)
