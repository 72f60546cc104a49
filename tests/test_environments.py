"""bones.env: every game passes PettingZoo's api_test and seed_test and, one seat against bots,
Gymnasium's check_env; the followers encode as the observations do."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import bones

GAMES = sorted(bones.games())
# Variants with another number of players or another encoding size.
VARIANTS = [
    ("block", {"players": 4, "teams": True}),
    ("draw", {"players": 4, "teams": True, "set": 9}),
    ("classic", {"players": 4}),
    ("tetradominoes", {"players": 4}),
    ("tetradominoes", {"players": 1}),
    ("mountains", {"version": "coop"}),
]
CASES = [(game, {}) for game in GAMES] + VARIANTS


@pytest.mark.parametrize(("game", "options"), CASES, ids=[f"{g}-{o}" if o else g for g, o in CASES])
def test_every_game_passes_the_ecosystem_checkers(game: str, options: dict) -> None:
    rules = bones.rules(game, **options)
    opponents = None if rules.num_players == 1 else "easy"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(bones.single_agent_env(game, opponents, **options), skip_render_check=True)
        api_test(bones.env(game, **options), num_cycles=120)
        seed_test(lambda: bones.env(game, **options), num_cycles=60)


def _episode(env, seed: int) -> list:  # type: ignore[no-untyped-def]
    """Play with seeded random legal actions; the trace of observations, actions and rewards."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = []
    for agent in env.agent_iter(max_iter=400):
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        trace.append((agent, observation["observation"].tolist(), reward, action))
        env.step(action)
    return trace


def test_two_runs_with_the_same_seed_are_identical_and_another_seed_differs() -> None:
    first = _episode(bones.env("draw"), 7)
    assert first == _episode(bones.env("draw"), 7)
    assert first != _episode(bones.env("draw"), 8)


def test_the_agent_iterator_names_the_agents_as_pettingzoos_does() -> None:
    """bones' agent_iter (a generator, cheaper a step) gives PettingZoo's own iterator's agents: to the end of
    the game, the dead steps included, or up to max_iter."""
    from pettingzoo.utils.env import AECIterable

    def agents(iterate: Any, max_iter: int) -> list[str]:
        env = bones.env("kozel", target=1)
        env.reset(seed=3)
        rng, seen = np.random.default_rng(3), []
        for agent in iterate(env, max_iter):
            seen.append(agent)
            observation, _, terminated, truncated, _ = env.last()
            legal = np.flatnonzero(observation["action_mask"])
            env.step(None if terminated or truncated else int(rng.choice(legal)))
        return seen

    for max_iter in (7, 2**63):
        ours = agents(lambda env, n: env.agent_iter(n), max_iter)
        theirs = agents(lambda env, n: AECIterable(env, n), max_iter)
        assert ours == theirs and len(ours) == min(max_iter, len(theirs))
    assert len(ours) > 20 and len(set(ours[-4:])) == 4  # a whole hand, and each agent's dead step at its end


def test_a_match_ends_with_the_points_as_rewards() -> None:
    """Each of two matches (the second after a reset without a seed) rewards every seat its side's points."""
    env = bones.env("block", players=4, teams=True, target=20)
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    for _match in range(2):
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _info = env.last()
            totals[agent] += reward
            action = None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"])))
            env.step(action)
        state = env.game.state
        assert state.is_over
        # Partners share their pair's points; the winners reached the target.
        assert totals["player_0"] == totals["player_2"] == state.scores[0]
        assert totals["player_1"] == totals["player_3"] == state.scores[1]
        assert max(state.scores) >= 20
        env.reset()


def test_an_action_outside_the_mask_is_refused() -> None:
    env = bones.env("draw")
    env.reset(seed=1)
    observation = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)
    puzzle = bones.single_agent_env("fujisan")
    start, _ = puzzle.reset(seed=2)
    illegal = int(np.flatnonzero(start["action_mask"] == 0)[0])
    after, reward, terminated, _, info = puzzle.step(illegal)
    assert info["illegal_action"] == illegal and reward == 0 and not terminated
    assert (after["observation"] == start["observation"]).all()


def test_every_game_documents_its_encoding() -> None:
    for game in GAMES:
        text = bones.rules(game).encoding().describe()
        assert "Observation" in text and "Actions" in text


def _docs_example(number: int) -> str:
    from pathlib import Path

    text = (Path(__file__).parents[1] / "docs" / "environments.md").read_text(encoding="utf-8")
    return text.split("```python\n")[number].split("```", 1)[0]


def test_the_docs_example_runs_and_prints_both_scores(capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(_docs_example(1), "docs/environments.md", "exec"), {})
    out = capsys.readouterr().out
    assert out.startswith("random agent ") and "bones Hard" in out


def test_the_docs_trains_one_seat_against_normal_end_to_end(capsys: pytest.CaptureFixture[str]) -> None:
    namespace: dict = {}
    exec(compile(_docs_example(2), "docs/environments.md", "exec"), namespace)
    assert capsys.readouterr().out.startswith("points per hand against Normal: first 50 hands ")
    assert len(namespace["points"]) == 100 and namespace["weights"].any()  # it learned something
    assert all(bot.level == "normal" for bot in namespace["env"].bots.values())


@pytest.mark.parametrize(("game", "options"), CASES, ids=[f"{g}-{o}" if o else g for g, o in CASES])
def test_every_legal_move_has_its_own_action_and_comes_back(game: str, options: dict) -> None:
    import random

    rules = bones.rules(game, **options)
    encoding = rules.encoding()
    rng = random.Random(0)
    state = rules.new_game(seed=4)
    for _ in range(150):
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        observation = state.observation(seat)
        numbers = [encoding.action_index(move, observation) for move in observation.legal_moves]
        assert len(set(numbers)) == len(numbers)
        assert all(0 <= n < encoding.num_actions for n in numbers)
        assert [encoding.action_move(n, observation) for n in numbers] == list(observation.legal_moves)
        for other in range(rules.num_players):
            values = encoding.encode(state.observation(other))
            assert len(values) == encoding.size
            assert all(encoding.low <= v <= encoding.high for v in values)
        state = state.play(rng.choice(observation.legal_moves))


@pytest.mark.parametrize(("game", "options"), CASES, ids=[f"{g}-{o}" if o else g for g, o in CASES])
def test_the_follower_encodes_as_the_observation_does(game: str, options: dict) -> None:
    """An environment's follower (incremental where the family has one) gives the numbers and
    actions of ``encode(state.observation(seat))``, seats looked at now and then, as an
    environment does, absolute and relative."""
    import random

    rules = bones.rules(game, **options)
    rng = random.Random(1)
    for relative in (False, True):
        encoding = rules.encoding(relative=relative)
        moves = 60 if rules.num_players > 1 else 12
        follow_a_game(encoding, rules.new_game(seed=5), rules.num_players, rng, moves, looked=0.5)


@pytest.mark.parametrize(("game", "options"), CASES, ids=[f"{g}-{o}" if o else g for g, o in CASES])
def test_a_follower_restarted_on_another_game_encodes_that_game(game: str, options: dict) -> None:
    """An environment's reset restarts its follower on a new game, keeping its arrays: the new game's
    numbers are those of a fresh encoding from its first move, whatever the last game left behind."""
    import random

    rules = bones.rules(game, **options)
    rng = random.Random(2)
    moves = 40 if rules.num_players > 1 else 10
    for relative in (False, True):
        encoding = rules.encoding(relative=relative)
        follower = encoding.follow(rules.new_game(seed=7))
        # A game left after a few moves (where the new game's log soon outgrows what the last one's
        # arrays hold) and one left after many, the new game's first moves made before anybody looks.
        for seed, played, unlooked in ((8, 3, 6), (9, 0, 2)):
            for _ in range(played):
                if follower.state.is_over:
                    break
                for seat in range(rules.num_players):
                    follower.observe(seat)
                follower.play(rng.choice(follower.state.legal_moves))
            follower.restart(rules.new_game(seed=seed))
            for _ in range(unlooked):
                if not follower.state.is_over:
                    follower.play(rng.choice(follower.state.legal_moves))
            follow_a_game(encoding, follower.state, rules.num_players, rng, moves, follower=follower)


def follow_a_game(
    encoding: Any,
    state: Any,
    players: int,
    rng: Any,
    moves: int | None = None,
    looked: float = 1.0,
    follower: Any = None,
) -> None:
    """Random legal moves (``moves`` of them, or to the end), the follower's numbers and actions compared with the
    observation's after each (each seat looked at with the chance ``looked``; every seat at the end). ``follower``:
    one already following ``state`` (a new one by default)."""
    follower = follower or encoding.follow(state)
    made = 0
    while moves is None or made < moves:
        for seat in range(players):
            if rng.random() < looked or state.is_over:
                assert list(follower.observe(seat)) == list(encoding.encode(state.observation(seat)))
        if state.is_over:
            return
        actions = follower.legal_actions()
        assert actions == encoding.actions(state.observation(state.to_move))
        move = rng.choice(state.legal_moves)
        if made % 2:  # an environment's step plays an action; a bot's choice, a move
            (action,) = [number for number, legal in actions.items() if legal == move]
            assert follower.play_action(action) is actions[action]
        else:
            follower.play(move)
        state = state.play(move)
        assert follower.to_move == state.to_move
        assert follower.seat_scores == encoding.seat_scores(state)
        # Looked at now and then, as an environment's reset or a bot would: a follower may make its state only
        # when asked (the line family's, after moves that score nothing and end no hand).
        if rng.random() < 0.3 or state.is_over:
            assert follower.state.moves == state.moves
            assert follower.state.legal_moves == state.legal_moves
            assert follower.state.outcome == state.outcome
            assert follower.state.render() == state.render()
        made += 1
    assert follower.state.moves == state.moves


def test_relative_observations_number_seats_from_the_observer() -> None:
    rules = bones.rules("block", players=4, teams=True)
    state = rules.replay([], seed=2)
    absolute, relative = rules.encoding(), rules.encoding(relative=True)
    n, seats = absolute.tiles, rules.num_players
    ends = 3 * n + absolute.slots
    for seat in range(seats):
        mine = relative.encode(state.observation(seat))[ends : ends + 5 * seats]
        flags = [mine[5 * k + 3] for k in range(seats)]
        assert flags == [1, 0, 0, 0]  # "this seat" is always the first
        theirs = absolute.encode(state.observation(seat))[ends : ends + 5 * seats]
        assert [theirs[5 * k + 3] for k in range(seats)] == [int(k == seat) for k in range(seats)]
    assert "numbered from this seat" in relative.describe()


def test_bees_give_up_end_encodes() -> None:
    rules = bones.rules("bee")
    moves = ["2D2", "2U2", "1R3", "1U3", "1L5", "1R5", "1U1L4", "1R1", "1R2", "2D2", "2U1", "give-up"]
    state = rules.replay([*moves, "2D1", "2R4D1", "give-up"], seed=0)
    assert state.is_over
    values = list(rules.encoding().encode(state.observation(0)))
    assert len(values) == rules.encoding().size
    # The long first line goes on in the next row of the page.
    first = state.observation(0).picture.splitlines()[0]
    assert len(first) > 128 and "".join(map(chr, values[128:256])).rstrip("\0") == first[128:256]


def test_mountains_numbers_each_move_by_what_it_does() -> None:
    rules = bones.rules("mountains")
    encoding = rules.encoding()
    assert encoding.num_actions < 3100
    first = rules.new_game(seed=1)
    place = next(m for m in first.legal_moves if "=" in str(m))
    later = first.play(place)
    lift = next(m for m in later.legal_moves if str(m).startswith("lift"))
    for state, move in ((first, place), (later, lift)):
        observation = state.observation(0)
        number = encoding.action_index(move, observation)
        assert encoding.action_move(number, observation) == move
        assert encoding.actions(observation)[number] == move
    # The same placement has the same number in another position.
    again = next(m for m in later.legal_moves if str(m) == "a1=0,b1=0" or "=" in str(m))
    assert encoding.action_index(again, later.observation(0)) == encoding.number(again)


def test_the_factories_are_typed_precisely() -> None:
    import typing

    import bones.environments as environments

    names = vars(environments)
    assert typing.get_type_hints(bones.env, localns=names)["return"] is environments.BonesEnv
    assert typing.get_type_hints(bones.single_agent_env, localns=names)["return"] is environments.SingleAgentEnv


def _masked_random(observation: dict, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(observation["action_mask"])))


def test_one_seat_against_bots_sees_only_its_turns_and_its_rewards() -> None:
    class Counting:
        level = "counting"

        def __init__(self) -> None:
            self.calls = 0

        def choose(self, observation, rng):  # type: ignore[no-untyped-def]
            self.calls += 1
            return observation.legal_moves[0]

    bot = Counting()
    env = bones.single_agent_env("block", opponents=bot, seat=1, target=30)
    observation, _ = env.reset(seed=4)
    rng = np.random.default_rng(0)
    total, done = 0.0, False
    while not done:
        assert env.game.state.to_move == 1 and observation["action_mask"].any()
        observation, reward, done, _, info = env.step(_masked_random(observation, rng))
        total += reward
    state = env.game.state
    assert state.is_over and bot.calls > 0 and "outcome" in info
    assert total == state.scores[state.rules.sides[1]]


def test_a_hand_episode_ends_with_the_hand_and_the_next_goes_on_with_the_match() -> None:
    env = bones.single_agent_env("draw", opponents="normal", episode="hand", target=200)
    rng = np.random.default_rng(1)
    observation, _ = env.reset(seed=9)
    for hand in (1, 2):
        assert env.game.state.current_hand() == hand
        done = False
        while not done:
            observation, _reward, done, _, _ = env.step(_masked_random(observation, rng))
        assert env.game.state.hands_played() == hand
        observation, _ = env.reset()


def test_opponents_are_named_by_level_list_or_seat_and_refused_clearly() -> None:
    env = bones.single_agent_env("block", players=3, opponents={1: "easy", 2: "normal"})
    assert [bot.level for bot in env.bots.values()] == ["easy", "normal"]
    env = bones.single_agent_env("block", players=3, opponents=["normal", "easy"], seat=2)
    assert sorted(env.bots) == [0, 1]
    with pytest.raises(ValueError, match="name the opponents"):
        bones.single_agent_env("block")
    with pytest.raises(ValueError, match="2 other seats"):
        bones.single_agent_env("block", players=3, opponents=["easy"])
    with pytest.raises(ValueError, match="episode"):
        bones.single_agent_env("block", opponents="easy", episode="trick")  # type: ignore[arg-type]


def test_a_vector_of_environments_steps_and_resets_each_copy() -> None:
    import gymnasium

    copies = 3
    vector = gymnasium.vector.SyncVectorEnv(
        [lambda: bones.single_agent_env("block", opponents="easy", episode="hand") for _ in range(copies)]
    )
    observations, _ = vector.reset(seed=0)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(40):
        actions = np.array(
            [_masked_random({"action_mask": mask}, rng) if mask.any() else 0 for mask in observations["action_mask"]]
        )
        observations, _rewards, terminated, _truncated, _ = vector.step(actions)
        ended += int(terminated.sum())
        assert observations["observation"].shape == (copies, vector.single_observation_space["observation"].shape[0])
    assert ended >= copies
    vector.close()


def test_a_deal_over_before_its_first_move_is_never_an_episode() -> None:
    assert bones.rules("bee").new_game(seed=383).is_over  # solved as dealt
    env = bones.env("bee")
    env.reset(seed=383)
    observation, _, terminated, _, _ = env.last()
    assert not terminated and observation["action_mask"].any()
    puzzle = bones.single_agent_env("bee")
    again, _ = puzzle.reset(seed=383)
    assert again["action_mask"].any() and not puzzle.game.state.is_over


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("block", {}),
        ("allfives", {}),
        ("allfives", {"players": 3, "spinner": True}),
        ("muggins", {"players": 4, "teams": True}),
        ("draw", {"players": 3}),
        ("classic", {}),
        ("block", {"players": 4, "teams": True}),
        ("kozel", {}),
        ("bingo", {}),
    ],
)
def test_the_follower_encodes_whole_matches_across_hands(game: str, options: dict) -> None:
    """Every seat looked at after every move through whole matches of many hands: a seat's
    numbers are turned to the next hand in place and must match a fresh encoding there too
    (the opener and the hand's number change even where no score does)."""
    import random

    rules = bones.rules(game, **options)
    for relative in (False, True):
        encoding = rules.encoding(relative=relative)
        for seed in range(3):
            rng = random.Random(seed)
            state = rules.new_game(seed=seed)
            follower = encoding.follow(state)
            hands = set()
            while True:
                hands.add(state.hand_no)
                for seat in range(rules.num_players):
                    assert list(follower.observe(seat)) == list(encoding.encode(state.observation(seat)))
                if state.is_over:
                    break
                move = rng.choice(state.legal_moves)
                follower.play(move)
                state = state.play(move)
            assert len(hands) > 1


@pytest.mark.parametrize("game", GAMES)
def test_a_follower_plays_no_illegal_action(game: str) -> None:
    """An action the mask rules out returns None and changes nothing; a legal one plays its move."""
    encoding = bones.rules(game).encoding()
    follower = encoding.follow(bones.rules(game).new_game(seed=3))
    state, legal = follower.state, follower.legal_actions()
    illegal = next(a for a in range(encoding.num_actions) if a not in legal)
    assert follower.play_action(illegal) is None
    assert follower.state is state and follower.legal_actions() == legal
    action = min(legal)
    assert follower.play_action(action) is legal[action]
    assert follower.state.moves == state.play(legal[action]).moves


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("finder", {}),
        ("finder", {"players": 4}),
        ("tetradominoes", {}),
        ("tetradominoes", {"players": 4}),
        ("bee", {}),
        ("fujisan", {}),
        ("mountains", {"version": "coop"}),
    ],
)
def test_the_follower_encodes_whole_games(game: str, options: dict) -> None:
    """Every seat looked at after every move to the game's end, absolute and relative."""
    import random

    rules = bones.rules(game, **options)
    for relative in (False, True):
        encoding = rules.encoding(relative=relative)
        for seed in range(1 if game == "mountains" else 3):  # (a long game)
            follow_a_game(encoding, rules.new_game(seed=seed), rules.num_players, random.Random(seed))


def test_a_puzzle_page_goes_on_in_the_next_row() -> None:
    """A picture's line longer than the page's row goes on in the next row; short lines take a row each."""
    from bones.puzzles.encoding import COLUMNS

    encoding = bones.rules("bee").encoding()
    page = encoding.page("ab\n" + "x" * (COLUMNS + 3) + "\n\nc")
    rows = ["".join(map(chr, page[r * COLUMNS : (r + 1) * COLUMNS])).rstrip("\0") for r in range(5)]
    assert rows == ["ab", "x" * COLUMNS, "xxx", "", "c"]
    assert len(page) == encoding.size and not any(page[5 * COLUMNS :])
