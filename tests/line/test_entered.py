"""Games entered by hand (``bones.line.entered``): a record whose draws name their tiles replays without a
seed, and is checked as strictly as a seeded one."""

from __future__ import annotations

import random
from typing import Any

import pytest

import bones
from bones.bots import bot_for
from bones.line.state import LineState
from bones.record import Record, RecordError
from bones.tiles import TILES, tiles_of

RULES = {"players": 2, "target": 30}


def seeded_match(seed: int) -> tuple[LineState, list[str], list[list[list[str]]]]:
    """A seeded Draw match by Normal players: its end, its moves with every draw named, and each hand's deal."""
    rules = bones.rules("draw", **RULES)
    state = rules.new_game(seed=seed)
    assert isinstance(state, LineState)
    bot, rng = bot_for(rules, "normal"), random.Random(1)
    moves: list[str] = []
    deals = [[[str(t) for t in tiles_of(h)] for h in state.kernel.hands]]
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        move = bot.choose(state.observation(seat), rng)
        text = f"draw:{TILES[state.kernel.boneyard[-1]]}" if str(move) == "draw" else str(move)
        hand = state.hand_no
        state = state.play(text)
        moves.append(text)
        if not state.is_over and state.hand_no != hand:
            deals.append([[str(t) for t in tiles_of(h)] for h in state.kernel.hands])
    return state, moves, deals


def entered_record(moves: list[str], dealt: list[list[list[str]]], **setup: Any) -> Record:
    return Record.from_dict(
        {
            "format": "bones-record",
            "format_version": 1,
            "game": "draw",
            "options": RULES,
            "rules_version": bones.rules("draw", **RULES).version,
            "seed": 0,
            "moves": moves,
            "setup": {"draws": "named", "hands": dealt[0], "deals": dealt[1:], **setup},
        }
    )


def test_a_match_entered_by_hand_replays_as_the_seeded_one() -> None:
    end, moves, deals = seeded_match(3)
    assert len(deals) > 1 and any(m.startswith("draw:") for m in moves)
    replayed = entered_record(moves, deals).replay()
    assert replayed.outcome == end.outcome
    assert [r.to_dict() for r in replayed.hand_results()] == [r.to_dict() for r in end.hand_results()]
    assert Record.of(replayed).replay().outcome == end.outcome  # the record it makes keeps the named draws


def test_draws_may_come_in_any_order_the_table_saw() -> None:
    # At a real table nobody knows the boneyard's order: any unseen tile may be the one drawn.
    _, moves, deals = seeded_match(3)
    first = next(i for i, m in enumerate(moves) if m.startswith("draw:"))
    state = entered_record(moves[:first], deals).replay()
    assert isinstance(state, LineState)
    other = next(t for t in state.kernel.boneyard if t != state.kernel.boneyard[-1])
    after = state.play(f"draw:{TILES[other]}")
    assert isinstance(after, LineState)
    assert after.kernel.hands[state.to_move or 0] >> other & 1


def refusal(moves: list[str], dealt: list[list[list[str]]], **setup: Any) -> str:
    with pytest.raises(RecordError) as error:
        entered_record(moves, dealt, **setup).replay()
    return str(error.value)


def test_a_draw_of_a_tile_already_seen_is_refused() -> None:
    _, moves, deals = seeded_match(3)
    first = next(i for i, m in enumerate(moves) if m.startswith("draw:"))
    on_table = moves[0].split("@")[0]
    message = refusal([*moves[:first], f"draw:{on_table}"], deals)
    assert f"move {first + 1}" in message and f"{on_table} cannot be drawn: it is already on the table" in message
    before = entered_record(moves[:first], deals).replay()
    assert isinstance(before, LineState)
    held = str(TILES[next(iter(tiles_of(before.kernel.hands[1])))])
    assert "already in the hand of seat" in refusal([*moves[:first], f"draw:{held}"], deals)


def test_a_draw_out_of_turn_is_refused() -> None:
    # Before the first forced draw, the player to move holds a tile that fits.
    _, moves, deals = seeded_match(3)
    unseen = next(t for t in (str(tile) for tile in bones.tiles.pip_set(6).tiles) if all(t not in d for d in deals[0]))
    assert "you cannot draw: you hold a tile that fits" in refusal([moves[0], f"draw:{unseen}"], deals)


def test_an_entered_game_names_every_draw_and_every_hand() -> None:
    _, moves, deals = seeded_match(3)
    first = next(i for i, m in enumerate(moves) if m.startswith("draw:"))
    assert "name the tile drawn, like draw:6:3" in refusal([*moves[:first], "draw"], deals)
    assert "hand 2 was not entered" in refusal(moves, deals[:1])


def test_a_seeded_game_takes_a_named_draw_only_of_the_tile_its_deal_gives() -> None:
    rules = bones.rules("draw", **RULES)
    _, moves, _ = seeded_match(3)
    first = next(i for i, m in enumerate(moves) if m.startswith("draw:"))
    state = rules.replay(moves[:first], seed=3)
    assert isinstance(state, LineState)
    assert str(state.play(moves[first]).moves[-1]) == moves[first]
    other = TILES[state.kernel.boneyard[0]]
    with pytest.raises(bones.IllegalMoveError, match="does not follow this deal"):
        state.play(f"draw:{other}")


@pytest.mark.parametrize(
    ("setup", "words"),
    [({"draws": "yes"}, "'draws' is 'named'"), ({"draws": None, "deals": []}, "belongs to a game entered by hand")],
)
def test_bad_entered_setups_are_refused_in_words(setup: dict[str, Any], words: str) -> None:
    _, moves, deals = seeded_match(3)
    assert words in refusal(moves[:1], deals, **setup)
