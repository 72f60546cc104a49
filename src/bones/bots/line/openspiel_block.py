"""OpenSpiel's search bots for 2-player block, as bones bots, for ``bones arena``.

OpenSpiel (the ``openspiel`` extra) ships the 2-player double-six block game as
``python_block_dominoes``: 7 tiles each, 14 asleep, no drawing, player 0 opens with
any tile, a player who cannot play is skipped (no pass action), and an action is a
tile put on an open end named by its pip, not by a side. This adapter builds, from
a bones observation, the OpenSpiel state that seat would be in: the opener of the
hand is player 0, each hand as dealt is its tiles now and the tiles it played, the
other hand a draw of the unseen tiles that holds none of the numbers it passed on
(its passes are skipped turns there, so any other hand could not have led to the
same history). ISMCTS redraws that hand for every simulation (its resampler); MCTS
searches a few such draws and adds up the visits at the root.

The two engines differ in two places that do not change what is legal later: bones
opens the first hand with the highest double where OpenSpiel allows any tile, and a
blocked 2-player hand scores the difference in bones where OpenSpiel gives the
lighter hand the other's pips. The bots optimise OpenSpiel's scoring.
"""

from __future__ import annotations

import importlib.util
import random
from collections import Counter
from typing import Any

from bones.game import Move, Observation, Rules
from bones.line.moves import PASS_MOVE, LineMove
from bones.line.observation import LineObservation
from bones.line.rules import LineRules
from bones.tiles import HIGH, LOW, Tile, pip_set, tiles_of

GAME = "python_block_dominoes"
PLAYERS = ("ismcts", "mcts")
DEFAULT_SIMULATIONS = 100
DEFAULT_DEALS = 5  # the draws of the hidden hand that MCTS searches, one tree each
DEFAULT_UCT = 2.0  # OpenSpiel's examples' exploration constant
DEFAULT_ROLLOUTS = 1

OpenSpielTile = tuple[float, float]


def have_openspiel() -> bool:
    return importlib.util.find_spec("pyspiel") is not None


def check_rules(rules: Rules) -> None:
    """Their game is 2-player double-six block with 7 tiles each; refuse others clearly."""
    if not (
        isinstance(rules, LineRules)
        and rules.players == 2
        and not rules.partnership
        and rules.max_pip == 6
        and rules.hand_size == 7
        and not rules.draws
        and rules.direction == 1
    ):
        raise ValueError("OpenSpiel's players play only 2-player block: bones arena block -p 2")


def their_tile(tile: Tile | int) -> OpenSpielTile:
    t = int(tile)
    return (float(LOW[t]), float(HIGH[t]))


def _bones_tile(tile: OpenSpielTile) -> Tile:
    return Tile.of(int(tile[0]), int(tile[1]))


class Translation:
    """One observation of 2-player block in OpenSpiel's terms: who is player 0, the moves as actions, the
    numbers the other hand is known to lack."""

    def __init__(self, observation: LineObservation) -> None:
        from open_spiel.python.games import block_dominoes

        self.module = block_dominoes
        self.observation = observation
        history = observation.history
        self.opener = history[0].seat if history else observation.seat
        self.player = self.their_player(observation.seat)
        self.actions: list[int] = []
        self.played: list[list[int]] = [[], []]  # bones tile ids each OpenSpiel player played
        self.lacks: set[int] = set()  # numbers the other hand cannot hold: it passed on them
        ends: list[int] = []
        for event in history:
            player = self.their_player(event.seat)
            move = event.move
            if move.code == PASS_MOVE.code:
                if player != self.player:
                    self.lacks.update(ends)
                continue
            assert move.tile is not None
            t = int(move.tile)
            self.actions.append(self.action(player, t, ends, move.slot))
            self.played[player].append(t)
            ends = self._after(ends, t, move.slot)
        self.ends = ends
        if ends:
            assert tuple(ends) == tuple(observation.public.ends[:2]), (ends, observation.public.ends)

    def their_player(self, seat: int) -> int:
        return 0 if seat == self.opener else 1

    @staticmethod
    def _after(ends: list[int], tile: int, slot: int) -> list[int]:
        high, low = HIGH[tile], LOW[tile]
        if not ends:
            return [high, low]  # bones lays the opening tile high end left
        side = 0 if slot <= 0 else 1
        joined = ends[side]
        new = list(ends)
        new[side] = low if high == joined else high
        return new

    def action(self, player: int, tile: int, ends: list[int], slot: int) -> int:
        """OpenSpiel's action for ``tile`` put on the end ``slot`` of ``ends`` by ``player``."""
        edge = None if not ends else float(ends[0 if slot <= 0 else 1])
        text = str(self.module.Action(player, their_tile(tile), edge))
        return self.module._ACTIONS_STR.index(text)

    def move(self, action: int) -> LineMove:
        """The bones move for OpenSpiel's ``action`` (the left end where both ends take it)."""
        chosen = self.module._ACTIONS[action]
        tile = _bones_tile(chosen.tile)
        if not self.ends:
            return LineMove.play(tile, -1)
        for move in self.observation.legal_moves:
            if move.tile == tile and self.ends[0 if move.slot <= 0 else 1] == chosen.edge:
                return move
        raise ValueError(f"OpenSpiel's action {chosen} is not a legal bones move here")

    def unseen(self) -> list[int]:
        seen = self.observation.hand_mask | self.observation.public.table
        return list(tiles_of(pip_set(6).full_mask & ~seen))

    def draw_other_hand(self, rng: random.Random) -> list[int]:
        """A hand for the other player that fits what this seat has seen."""
        size = self.observation.hand_sizes[1 - self.observation.seat]
        fits = [t for t in self.unseen() if HIGH[t] not in self.lacks and LOW[t] not in self.lacks]
        return rng.sample(fits, size)

    def state(self, other_hand: list[int]) -> Any:
        """OpenSpiel's state after this hand's history, with ``other_hand`` as the other player's tiles now."""
        import pyspiel

        hands: list[list[int]] = [[], []]
        hands[self.player] = [int(t) for t in self.observation.hand] + self.played[self.player]
        hands[1 - self.player] = list(other_hand) + self.played[1 - self.player]
        state = pyspiel.load_game(GAME).new_initial_state()
        deck = self.module._DECK
        for hand in hands:
            for t in hand:
                state.apply_action(deck.index(their_tile(t)))
        for action in self.actions:
            state.apply_action(action)
        return state

    def redraw(self, state: Any, rng: random.Random) -> Any:
        """``state`` with the other hand drawn again (ISMCTS's resampler): only the hidden tiles move."""
        other = 1 - self.player
        fresh = state.clone()
        hand = self.draw_other_hand(rng)
        fresh.hands[other] = sorted(their_tile(t) for t in hand)
        drawn = set(fresh.hands[other])
        fresh.deck = [tile for tile in fresh.deck + list(state.hands[other]) if tile not in drawn]
        return fresh


class OpenSpielBot:
    """OpenSpiel's ISMCTS or MCTS (random rollouts) for 2-player block behind the bones ``Bot`` interface."""

    def __init__(
        self,
        rules: Rules,
        name: str,
        sims: int = DEFAULT_SIMULATIONS,
        rollouts: int = DEFAULT_ROLLOUTS,
        uct: float = DEFAULT_UCT,
        deals: int = DEFAULT_DEALS,
    ) -> None:
        check_rules(rules)
        if name not in PLAYERS:
            raise ValueError(f"OpenSpiel has no block player {name!r} here; its players are: {', '.join(PLAYERS)}")
        if sims < 1 or rollouts < 1 or deals < 1:
            raise ValueError("sims, rollouts and deals must be at least 1")
        self.level = f"openspiel:{name}"
        self.name, self.sims, self.rollouts, self.uct, self.deals = (
            name,
            int(sims),
            int(rollouts),
            float(uct),
            int(deals),
        )

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        assert isinstance(observation, LineObservation)
        legal = observation.legal_moves
        if len(legal) == 1:
            return legal[0]  # a pass, or bones' forced opening double
        own = random.Random(rng.getrandbits(64))  # one draw from the shared generator, whatever they use
        translation = Translation(observation)
        state = translation.state(translation.draw_other_hand(own))
        action = self._search(translation, state, own)
        return translation.move(action)

    def _search(self, translation: Translation, state: Any, rng: random.Random) -> int:
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        numbers = np.random.RandomState(rng.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(self.rollouts, numbers)
        if self.name == "ismcts":
            bot = ismcts.ISMCTSBot(state.get_game(), evaluator, self.uct, self.sims, random_state=numbers)
            bot.set_resampler(lambda s, _player: translation.redraw(s, rng))
            policy = bot.run_search(state)
            return int(max(policy, key=lambda pair: pair[1])[0])
        visits: Counter[int] = Counter()
        for deal in range(self.deals):
            world = state if deal == 0 else translation.redraw(state, rng)
            bot = mcts.MCTSBot(world.get_game(), self.uct, self.sims, evaluator, random_state=numbers)
            root = bot.mcts_search(world)
            for child in root.children:
                visits[int(child.action)] += child.explore_count
        best = max(visits.values())
        return min(action for action, count in visits.items() if count == best)
