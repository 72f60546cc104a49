"""The faces conformance suite: every registered game and option variant (the same list as
tests/test_conformance.py), every level its bots have, through the faces that players use.

- the bots of every level play only legal moves and play the same game for the same seed;
- advice (``bones.bots.hint``, what ``bones hint`` and the terminal's ``hint`` call) gives
  every legal move an estimate, best first, in every position of a seeded game;
- ``bones tournament`` runs one deal;
- ``bones play`` fed a script on stdin reaches the end, saves its record, and ``bones
  replay`` replays it.

A new game joins by registering itself; nothing here names a game. Games are kept short
through the registry: an option called ``target`` is set to the least value it accepts.
"""

from __future__ import annotations

import io
import itertools
import json
import random
from pathlib import Path
from typing import Any

import pytest

import bones
from bones.bots import bot_for, hint, levels_for
from bones.cli import main, table_bots
from bones.game import GameOptionError, HandResult, Rules, State
from bones.registry import game_info
from tests.test_conformance import PIECE_TEXT, cases

THINK = 0.0025  # seconds of thinking for the searching levels and the hints: a fixed, small amount of work
SEED = 5
MOVES = 400  # enough for a short game of any of them; a bot game that runs longer still checks every move


def quick(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with the least match target the game accepts, where it has one and it is not set."""
    info = game_info(game_id)
    for option in info.options:
        if option.name == "target" and option.name not in options and isinstance(option.default, int):
            for value in range(1, option.default + 1):
                try:
                    option.validate(game_id, value)
                except GameOptionError:
                    continue
                return {**options, "target": value}
    return options


CASES = [(game_id, quick(game_id, options)) for game_id, options in cases()]
LEVEL_CASES = [
    (game_id, options, level) for game_id, options in CASES for level in levels_for(bones.rules(game_id, **options))
]
GAMES = sorted({game_id for game_id, _ in CASES})


def case_id(value: object) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def bot_game(rules: Rules, level: str, seed: int) -> list[str]:
    """A game with every seat at ``level``; checks each move is legal and returns them."""
    bot = bot_for(rules, level, THINK)
    state = rules.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(MOVES):
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        move = bot.choose(state.observation(seat), rng)
        assert move in state.legal_moves, f"{level} chose {move}, which is not legal here"
        state = state.play(move)
    return [str(m) for m in state.moves]


@pytest.mark.slow  # every game and variant: make test runs it, make check does not
@pytest.mark.parametrize(("game_id", "options", "level"), LEVEL_CASES, ids=case_id)
def test_bots_play_legal_moves_and_the_same_game_for_a_seed(game_id: str, options: dict, level: str) -> None:
    rules = bones.rules(game_id, **options)
    first = bot_game(rules, level, SEED)
    assert first, "the bot made no move"
    assert bot_game(rules, level, SEED) == first, "the same seed gave another game"


def easy_game(rules: Rules, seed: int) -> list[State]:
    state = rules.new_game(seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over and len(states) <= MOVES:
        state = state.play(rng.choice(state.legal_moves))
        states.append(state)
    return states


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=case_id)
def test_hand_results_forced_moves_and_client_views_in_every_position(game_id: str, options: dict) -> None:
    """What the faces read of every game has one shape: a result for each finished hand (a game
    not played in hands has one, at the end), scores by side, a forced move only where it is the
    only legal move, a client view that is JSON data, and a narration that tells each seat
    nothing hidden from it."""
    rules = bones.rules(game_id, **options)
    states = easy_game(rules, SEED)
    for state in states:
        results = state.hand_results()
        assert len(results) == state.hands_played()
        assert [r.number for r in results] == list(range(1, len(results) + 1))
        for result in results:
            assert isinstance(result, HandResult)
            assert len(result.points) == len(result.totals) == rules.num_sides
            sides = {rules.sides[seat] for seat in result.winners}
            assert set(result.winners) == {seat for seat in range(rules.num_players) if rules.sides[seat] in sides}
            assert result.note
            json.dumps(result.to_dict())
        scores = state.side_scores()
        assert scores is None or len(scores) == rules.num_sides
        forced = state.forced_move()
        assert forced is None or state.legal_moves == (forced,)
        if state.to_move is not None:
            json.dumps(state.client_view(state.to_move))
    for before, after in itertools.pairwise(states):
        if after.hands_played() != before.hands_played() or after.is_over:
            continue  # a finished hand is turned face up
        for seat in range(rules.num_players):
            told = set(PIECE_TEXT.findall(after.narrate(before, [f"P{n}" for n in range(rules.num_players)], seat)))
            assert not told & after.hidden_from(seat), f"seat {seat} is told {sorted(told & after.hidden_from(seat))}"
    last = states[-1]
    assert last.is_over and last.hand_results(), "a finished game has at least one result"
    assert last.hand_results()[-1].totals == last.side_scores()


HINTS = 60  # positions advised per game: every one of a short game, evenly spread over a long one


@pytest.mark.slow  # every game and variant: make test runs it, make check does not
@pytest.mark.parametrize(("game_id", "options"), CASES, ids=case_id)
def test_hint_in_every_position(game_id: str, options: dict) -> None:
    rules = bones.rules(game_id, **options)
    states = [s for s in easy_game(rules, SEED) if not s.is_over]
    stride = -(-len(states) // HINTS)
    for number, state in enumerate(states[::stride]):
        seat = state.to_move
        assert seat is not None
        advice = hint(rules, state.observation(seat), random.Random(number), THINK)
        estimates = advice.estimates
        assert estimates is not None, "no estimates"
        assert sorted(str(e.move) for e in estimates) == sorted(str(m) for m in state.legal_moves)
        assert advice.best == estimates[0].move and advice.best in state.legal_moves
        data = advice.to_dict()
        json.dumps(data)  # the web table sends it as it is
        for estimate in estimates:
            assert estimate.unit, "an estimate says what its value counts"
            assert estimate.win_chance is None or 0.0 <= estimate.win_chance <= 1.0


def run(capsys: pytest.CaptureFixture[str], *argv: str, stdin: str = "") -> tuple[int, str]:
    import sys

    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        main(list(argv))
        code = 0
    except SystemExit as done:
        code = int(done.code or 0)
    finally:
        sys.stdin = old
    return code, capsys.readouterr().out


def option_args(options: dict[str, Any]) -> list[str]:
    out = []
    for name, value in options.items():
        out += ["-o", f"{name}={value}"]
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_tournament_runs_one_deal(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    options = quick(game_id, {})
    levels = levels_for(bones.rules(game_id, **options))
    pair = ",".join(levels[:2] if len(levels) > 1 else levels * 2)
    code, out = run(capsys, "tournament", game_id, "-b", pair, "-n", "1", *option_args(options))
    assert code == 0, out
    assert "1 deals per pair" in out and "ratings" in out


def script(rules: Rules, seed: int) -> tuple[str, int]:
    """What a player types to play ``bones play -l easy --seed seed`` to the end: the number
    of a random legal move each turn (a forced move, ``State.forced_move``, goes by itself).

    The match is played here first with the same computer players and the same chance, so
    the script fits the game the command will play. Returns the script and the moves made.
    """
    state = rules.new_game(seed=seed)
    bots = table_bots(rules, "easy")
    rng = random.Random(seed)
    mine = random.Random(f"player:{seed}")
    lines = []
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        if seat == 0:
            moves = state.legal_moves
            forced = state.forced_move()
            if forced is not None:
                move = forced
            else:
                choice = mine.randrange(len(moves))
                lines.append(str(choice + 1))
                move = moves[choice]
        else:
            move = bots[seat].choose(state.observation(seat), rng)
        state = state.play(move)
        assert len(state.moves) < 5000, "the scripted game does not end"
    return "".join(f"{line}\n" for line in lines), len(state.moves)


@pytest.mark.slow  # every game and variant: make test runs it, make check does not
@pytest.mark.parametrize(("game_id", "options"), CASES, ids=case_id)
def test_a_scripted_terminal_game_reaches_the_end_and_replays(
    game_id: str, options: dict, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = bones.rules(game_id, **options)
    typed, made = script(rules, SEED)
    record = tmp_path / "game.json"
    args = ["play", game_id, "-l", "easy", "-s", str(SEED), "--save", str(record), *option_args(options)]
    code, out = run(capsys, *args, stdin=typed)
    assert code == 0, out[-2000:]
    assert "Match over" in out, out[-2000:]
    saved = json.loads(record.read_text())
    assert len(saved["moves"]) == made
    code, out = run(capsys, "replay", str(record))
    assert code == 0, out[-2000:]
    outcome = rules.replay(saved["moves"], seed=SEED).outcome
    assert outcome is not None
    assert " ".join(outcome.reason.split()) in " ".join(out.split()), "replay does not reach the same end"
