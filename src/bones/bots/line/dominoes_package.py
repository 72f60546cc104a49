"""The players of the PyPI package ``dominoes`` as bones bots, for ``bones arena``.

That package plays the partnership block game (4 players, double-six, 7 each); its
players take a ``dominoes.Game`` and sort its ``valid_moves``, best first. From a
bones observation this adapter builds the Game that player would see in its own
program: its hand, the board's ends, every move and pass of the hand, and the other
hands as the unseen tiles in hands of the right sizes. Their players use only the
union of the other hands (it is public: every tile is dealt) and the voids shown by
passes, so the placeholder split tells them nothing. Their random choices come from
the global ``random``, seeded here from the arena's generator and restored after.

A player sorts ``valid_moves``, which the package lists in the order of the hand, and
its hands come from a shuffled deal; bones' hands are sorted, so the adapter shuffles
the hand (seeded) before listing the moves: otherwise every tie a player leaves (and
everything the alpha-beta player leaves before it starts searching) would fall to
bones' order, the lightest tiles first.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bones.game import Move, Observation, Rules
from bones.line.moves import PASS_MOVE, LineMove
from bones.line.observation import LineObservation
from bones.line.rules import LineRules
from bones.tiles import HIGH, LOW, Tile, pip_set, tiles_of

#: The players the arena offers, by name. probabilistic_alphabeta's exhaustive default
#: takes minutes a move early in the hand: it samples a few deals, and searches from
#: the move where a search of the rest of the hand takes well under a second.
#: ``pab_bg`` is the package's players composed as it documents ("players may be applied
#: one after another"): bota_gorda sorts the moves, then probabilistic_alphabeta (with
#: bota_gorda ordering its search) reorders them from move 12 on, its ties left in
#: bota_gorda's order.
PLAYERS = ("random", "bota_gorda", "double", "probabilistic_alphabeta", "pab_bg")
ALPHABETA_SAMPLES = 8
ALPHABETA_FROM_MOVE = 12


def check_rules(rules: Rules) -> None:
    """Their game is the double-six partnership block game; refuse others clearly."""
    if not (
        isinstance(rules, LineRules)
        and rules.partnership
        and rules.max_pip == 6
        and rules.hand_size == 7
        and not rules.draws
        and rules.direction == 1
    ):
        raise ValueError(
            "the dominoes package plays only the partnership block game: bones arena block -p 4 -o teams=true"
        )


def _player(name: str, samples: int = ALPHABETA_SAMPLES, from_move: int = ALPHABETA_FROM_MOVE) -> Callable[[Any], None]:
    import dominoes

    if name == "probabilistic_alphabeta":
        return dominoes.players.probabilistic_alphabeta(start_move=from_move, sample_size=samples)
    if name == "pab_bg":
        bota_gorda = dominoes.players.bota_gorda
        search = dominoes.players.probabilistic_alphabeta(start_move=from_move, sample_size=samples, player=bota_gorda)

        def chained(game: Any) -> None:
            bota_gorda(game)
            search(game)

        return chained
    if name not in PLAYERS:
        raise ValueError(f"the dominoes package has no player {name!r}; its players are: {', '.join(PLAYERS)}")
    player: Callable[[Any], None] = getattr(dominoes.players, name)
    return player


class DominoesPackageBot:
    """One of the package's players behind the bones ``Bot`` interface."""

    def __init__(
        self, rules: Rules, name: str, samples: int = ALPHABETA_SAMPLES, from_move: int = ALPHABETA_FROM_MOVE
    ) -> None:
        check_rules(rules)
        self.level = f"dominoes:{name}"
        self.player = _player(name, samples, from_move)

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        assert isinstance(observation, LineObservation)
        legal = observation.legal_moves
        if legal == (PASS_MOVE,):
            return PASS_MOVE  # their game skips a player who cannot play
        own = random.Random(rng.getrandbits(64))  # one draw from the shared generator, whatever they use
        game = their_game(observation, own)
        saved = random.getstate()
        random.seed(own.getrandbits(64))
        try:
            self.player(game)
        finally:
            random.setstate(saved)
        domino, left = game.valid_moves[0]
        tile = Tile.of(domino.first, domino.second)
        move = LineMove.play(tile, -1 if not observation.public.placed else 0 if left else 1)
        if move not in legal:
            raise ValueError(f"{self.level} chose {move}, which is not legal here")
        return move


def their_game(observation: LineObservation, rng: random.Random | None = None) -> Any:
    """The ``dominoes.Game`` this seat would see in the package's own program; ``rng`` shuffles the hand as
    their deal would (None: bones' order)."""
    import dominoes

    seat = observation.seat
    public = observation.public
    board = dominoes.SkinnyBoard()
    moves: list[Any] = []
    for event in observation.history:
        move = event.move
        if move.code == PASS_MOVE.code:
            moves.append(None)
            continue
        assert move.tile is not None
        t = int(move.tile)
        domino = dominoes.Domino(HIGH[t], LOW[t])
        left = move.slot <= 0
        board.add(domino, left)
        moves.append((domino, left))
    if len(board):
        assert (board.left_end(), board.right_end()) == tuple(public.ends[:2])
    own = [dominoes.Domino(HIGH[t], LOW[t]) for t in map(int, observation.hand)]
    if rng is not None:
        rng.shuffle(own)
    seen = observation.hand_mask | public.table
    unseen = [dominoes.Domino(HIGH[t], LOW[t]) for t in map(int, tiles_of(pip_set(6).full_mask & ~seen))]
    hands = []
    for other, size in enumerate(observation.hand_sizes):
        if other == seat:
            hands.append(dominoes.Hand(own))
        else:
            hands.append(dominoes.Hand(unseen[:size]))
            unseen = unseen[size:]
    starting = observation.history[0].seat if observation.history else seat
    game = dominoes.Game(board, hands, moves, seat, (), starting, None)
    if not len(board):
        opening = {int(m.tile) for m in observation.legal_moves if m.tile is not None}
        game.valid_moves = tuple((d, True) for d in own if int(Tile.of(d.first, d.second)) in opening)
    else:
        game._update_valid_moves()
    return game
