"""Mountains and Valleys: the penalty, the exact solver against brute force, the three versions."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import bones
from bones.bots import bot_for
from bones.puzzles.grid import Grid, GridFormatError
from bones.puzzles.mountains import puzzle as mountains
from bones.record import Record
from tests.puzzles import brute

FIXTURES = Path(__file__).parent / "fixtures"

BOOK_DEAL = """\
4 1 3   2 5 2
- - -   - - -
2 0 1   0 4 2

3 6 5   5 6 4
- - -   - - -
0 0 5   1 3 4

6 1 3   0 1 1
- - -   - - -
5 4 3   4 6 2
"""

BOOK_MAP = """\
0|1 2|1 0|4

2 1|5 4|1 4
-         -
0 0|6 4|2 4

0|3 3|3 4|5

1 2 3|6 5|5
- -
3 2 1|6 5|6
"""


def layouts() -> dict[str, str]:
    """The named maps and deals of fixtures/mountains_layouts.txt."""
    text = (FIXTURES / "mountains_layouts.txt").read_text()
    parts = re.split(r"^## (.+)$", text, flags=re.M)
    return {name.strip(): body.strip("\n") + "\n" for name, body in zip(parts[1::2], parts[2::2])}


def test_penalty_of_known_maps() -> None:
    known = layouts()
    for name, body in known.items():
        arrangement = mountains.arrangement_from_grid(Grid.parse(body))
        if arrangement is None:
            continue
        expected = int(name.rsplit("penalty ", 1)[1].split()[0])
        assert arrangement.penalty == expected, name
    book = mountains.arrangement_from_grid(Grid.parse(BOOK_MAP))
    assert book is not None and book.penalty == 0
    assert book.tiles() == mountains.tiles_from_grid(Grid.parse(BOOK_DEAL))


def test_penalty_is_the_cost_of_the_missing_steps() -> None:
    values = [3] * 18 + [5] * 18  # two plateaus: one step of two levels joins them
    assert mountains.penalty(values) == 2
    values[0] = 0  # one square of 0 in the corner, next to 3s
    assert mountains.penalty(values) == 5
    assert mountains.penalty([None] * 36) == 0


@pytest.mark.parametrize("seed", range(30))
def test_penalty_matches_prims_algorithm(seed: int) -> None:
    rng = random.Random(seed)
    values = [rng.randrange(7) for _ in range(36)]
    assert mountains.penalty(values) == brute.prim(values, 6, 6)


@pytest.mark.parametrize("size", [(3, 2), (4, 2), (2, 3)])
@pytest.mark.parametrize("seed", range(12))
def test_solver_is_optimal_against_brute_force_on_small_boards(size: tuple[int, int], seed: int) -> None:
    width, height = size
    tiles = random.Random(seed).sample(mountains.FULL_SET, width * height // 2)
    geometry = mountains.Geometry(width, height)
    result = mountains.solve(tiles, geometry=geometry)
    assert result.penalty == brute.least_penalty(tiles, width, height)
    assert result.arrangement is not None and result.arrangement.penalty == result.penalty
    assert result.arrangement.tiles() == sorted(tiles)


def test_the_books_deal_and_the_deals_an_evolutionary_search_left_at_2() -> None:
    deals = {"book": BOOK_DEAL} | {k: v for k, v in layouts().items() if "deal" in k}
    assert len(deals) == 4  # the book's, the solver's start layout and the two left at penalty 2
    for name, body in deals.items():
        tiles = mountains.tiles_from_grid(Grid.parse(body))
        result = mountains.solve(tiles)
        assert result.penalty == 0, name
        assert result.arrangement is not None and result.arrangement.tiles() == sorted(tiles)
        assert mountains.penalty(result.arrangement.values) == 0


def test_a_missing_height_is_proved_to_cost_its_gap() -> None:
    rng = random.Random(5)
    without_3 = [t for t in mountains.FULL_SET if 3 not in t]
    tiles = rng.sample(without_3, 18)
    result = mountains.solve(tiles)
    assert result.lower_bound == 2 and result.penalty == 2
    assert mountains.Solver(tiles).feasible(1) is None  # proved by the formula, not only by the bound


def test_kept_dominoes_stay_where_they_lie() -> None:
    tiles = mountains.tiles_from_grid(Grid.parse(BOOK_DEAL))
    kept = [(0, 6, 1, 6)] if (6, 6) in tiles else [(0, tiles[0][0], 1, tiles[0][1])]
    result = mountains.solve(tiles, fixed=kept)
    assert result.arrangement is not None
    c1, v1, c2, v2 = kept[0]
    assert result.arrangement.values[c1] == v1 and result.arrangement.values[c2] == v2


def test_bad_deals_are_refused() -> None:
    with pytest.raises(GridFormatError, match="18 dominoes"):
        mountains.tiles_from_grid(Grid.parse("1|2 3|4"))
    with pytest.raises(GridFormatError, match="appears twice"):
        mountains.tiles_from_grid(Grid.parse(BOOK_DEAL.replace("4 1 3", "2 1 3", 1)))


def test_solitaire_solve_replays_to_a_connected_map() -> None:
    state = bones.rules("mountains").new_game(setup={"grid": BOOK_DEAL})
    for move in state.solve():
        state = state.play(move)
    assert state.is_over and state.outcome is not None and state.outcome.winners == (0,)
    assert state.penalty == 0
    assert Record.loads(Record.of(state).dumps()).replay().render() == state.render()


def test_solitaire_lifting_and_placing_rules() -> None:
    state = bones.rules("mountains").new_game(setup={"grid": BOOK_DEAL})
    state = state.play("b1=4,c1=2")
    with pytest.raises(bones.IllegalMoveError, match="already covered"):
        state.play("a1=0,b1=1")
    with pytest.raises(bones.IllegalMoveError, match="could no longer be covered"):
        state.play("a2=0,a3=1")  # a1 would be boxed in
    state = state.play("lift c1")
    assert state.values[1] == -1 and (2, 4) in state.hands[0]
    with pytest.raises(bones.IllegalMoveError, match="not among your"):
        state.play("a1=6,a2=6")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cooperative_game_with_normal_bots(players: int) -> None:
    rules = bones.rules("mountains", version="coop", players=players)
    state = rules.new_game(seed=players)
    rng = random.Random(players)
    bot = bot_for(rules, "normal")
    while not state.is_over:
        seat = state.to_move
        obs = state.observation(seat)
        assert all(t not in obs.to_dict()["position"]["hand"] for t in state.hidden_from(seat))
        state = state.play(bot.choose(obs, rng))
    assert state.full and state.outcome is not None
    assert state.outcome.scores == (state.penalty,) * players
    assert [len(h) for h in state.hands] == ([0] * players if players < 4 else [0, 0, 1, 1])


def test_cooperative_rules_refuse_with_reasons() -> None:
    state = bones.rules("mountains", version="coop").new_game(seed=1)
    seat = state.to_move
    theirs = state.hands[1 - seat][0]
    with pytest.raises(bones.IllegalMoveError, match="do not hold"):
        state.play(f"pass {theirs[1]}:{theirs[0]}")
    with pytest.raises(bones.IllegalMoveError, match="first pass"):
        state.play("a1=1,a2=1")
    mine = state.hands[seat][0]
    state = state.play(f"pass {mine[1]}:{mine[0]}")
    state = state.play(f"a1={mine[0]},a2={mine[1]}")
    nxt = state.hands[state.to_move][0]
    state = state.play(f"pass {nxt[1]}:{nxt[0]}")
    with pytest.raises(bones.IllegalMoveError, match="must touch"):
        state.play(f"e5={nxt[0]},f5={nxt[1]}")
    with pytest.raises(bones.IllegalMoveError, match="cannot be moved"):
        state.play("lift a1")


def test_drawn_solitaire_turns_one_up_per_placement() -> None:
    state = bones.rules("mountains", version="drawn").new_game(seed=2)
    assert len(state.hands[0]) == 5 and len(state.face_down) == 13
    hidden = state.hidden_from(0)
    assert hidden and not any(t in str(state.observation(0).to_dict()) for t in hidden)
    state = state.play(state.legal_moves[0])
    assert len(state.hands[0]) == 5 and len(state.face_down) == 12


def test_solitaire_lifting_has_no_limit() -> None:
    """Issue 10: the book lets the player lift and place again for as long as they like."""
    state = bones.rules("mountains").new_game(setup={"grid": BOOK_DEAL})
    for _ in range(40):  # 80 moves: well past the 60 where lifting used to stop
        state = state.play("b1=4,c1=2").play("lift b1")
    assert len(state.moves) == 80 and "lift b1" in map(str, state.play("b1=4,c1=2").legal_moves)
    state = state.play("b1=4,c1=2").play("lift c1")
    assert state.values[1] == -1 and not state.is_over
