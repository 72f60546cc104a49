"""Results and narration name the players: every game played to its end at a web table, and what the table shows of
it (the outcome, each hand's note, the last move and every move before it in words) says names, never "seat N"."""

from __future__ import annotations

import random
import re

import pytest

import bones
from bones.game import name_seats
from bones.web.table import COMPUTER, HUMAN, Seat, Table
from tests.test_conformance import cases

SEAT_NUMBER = re.compile(r"\bseats? \d")
NAMES = ["Ann", "Bob", "Cy", "Di"]


def played_table(game_id: str, options: dict, seed: int) -> tuple[Table, list[str]]:
    """A table whose game was played to its end by random moves, and every move's narration as each seat read it."""
    rules = bones.rules(game_id, **options)
    state = rules.new_game(seed=seed)
    rng = random.Random(seed)
    names = NAMES[: rules.num_players]
    told: list[str] = []
    before = None
    while not state.is_over:
        before, state = state, state.play(rng.choice(state.legal_moves))
        told += [state.narrate(before, names, seat) for seat in range(rules.num_players)]
    seats = [Seat(HUMAN, names[0], token="t")] + [Seat(COMPUTER, name, "easy") for name in names[1:]]
    return Table(f"{game_id}-{seed}", "easy", seats, state, before=before, status="over"), told


@pytest.mark.parametrize(("game_id", "options"), cases(), ids=lambda x: str(x))
def test_results_and_narration_at_the_end_of_every_game_name_the_players(game_id: str, options: dict) -> None:
    table, told = played_table(game_id, options, seed=1)
    view = table.view(0)
    shown = [view["outcome"]["reason"], (view["last"] or {}).get("text", "")] + [hand["note"] for hand in view["hands"]]
    if view["sheet"]:
        shown.append(view["sheet"]["note"])
    for text in shown + told:
        assert not SEAT_NUMBER.search(text), text


def test_seats_are_named_in_the_words_games_write_for_them() -> None:
    names = ["Ann", "Bob", "Cy", "Di"]
    assert name_seats("seat 1 laid four tetrominoes", names) == "Bob laid four tetrominoes"
    assert name_seats("white (seat 0) cannot move and loses", names) == "white (Ann) cannot move and loses"
    assert name_seats("the pair of seats 0 and 2 reached 101", names) == "the pair of Ann and Cy reached 101"
    assert name_seats("equal tetrominoes (seat 0 3, seat 1 3)", names) == "equal tetrominoes (Ann 3, Bob 3)"
    # A seat the game lacks stays as it was; a name that reads like a seat is not named again.
    assert name_seats("seat 7 and seats 12", names) == "seat 7 and seats 12"
    assert name_seats("seat 0 and seat 1", ["seat 1", "Bob"]) == "seat 1 and Bob"
