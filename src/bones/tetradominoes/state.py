"""Tetradominoes' immutable game state (one game, or a tournament of games), its events and what each seat sees."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

from bones.game import (
    HandResult,
    IllegalMoveError,
    Move,
    Observation,
    Outcome,
    SettledState,
    State,
)
from bones.tetradominoes.kernel import (
    DISCARD,
    DRAW,
    GIVE,
    KEEP,
    PASS,
    PHASE_NAMES,
    PLACE,
    RETURN,
    REVEAL,
    SKIP,
    SOLO_DRAW,
    TET,
    TETRO,
    TILES_BY_PAIR,
    Kernel,
)
from bones.tetradominoes.moves import TetraMove, place_move
from bones.tetradominoes.pieces import COLOURS, PIECES
from bones.tiles import TILES, Tile, mask_of, pip_set, tiles_of

if TYPE_CHECKING:
    from bones.tetradominoes.rules import TetraRules

TOURNAMENT_TARGET = 7
SOLITAIRE_MARK = {1: 10, 2: 15}


@dataclass(frozen=True)
class GameResult:
    """A finished game of a tournament."""

    number: int
    winners: tuple[int, ...]
    tetrominoes: tuple[int, ...]  # per side
    totals: tuple[int, ...]  # tournament points per side after it
    note: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "winners": list(self.winners),
            "tetrominoes": list(self.tetrominoes),
            "totals": list(self.totals),
            "note": self.note,
        }


def deal(seed: int, game_no: int, players: int) -> tuple[list[int], list[int]]:
    """Hands (masks) and pile (the next tile drawn last) of game ``game_no``."""
    tiles = [int(t) for t in pip_set(6).tiles]
    random.Random(f"bones:{seed}:{game_no}").shuffle(tiles)
    hands = [mask_of(tiles[i * 4 : (i + 1) * 4]) for i in range(players)]
    return hands, tiles[players * 4 :]


@dataclass(frozen=True, eq=False)
class TetraState(SettledState):
    rules: TetraRules
    seed: int
    moves: tuple[TetraMove, ...]
    game_no: int
    first: int
    kernel: Kernel = field(repr=False)
    scores: tuple[int, ...]  # tournament points per side from finished games
    past_games: tuple[GameResult, ...] = ()  # finished games of a tournament
    final: Outcome | None = None
    aside: tuple[int, ...] = ()  # tiles a setup left out of the game
    initial: Mapping[str, Any] | None = field(default=None, repr=False)

    # -- making states ---------------------------------------------------

    @classmethod
    def start(cls, rules: TetraRules, seed: int, setup: Mapping[str, Any] | None) -> TetraState:
        zeros = (0,) * rules.num_sides
        if setup is None:
            first = rules.first_player(1)
            hands, pile = deal(seed, 1, rules.players)
            kernel = Kernel(rules.spec(first), hands, pile, first, f"bones:{seed}:1")
            return cls(rules, seed, (), 1, first, kernel, zeros)
        from bones.tetradominoes.setup import read_setup

        kernel, game_no, first, scores, aside = read_setup(rules, seed, setup)
        state = cls(rules, seed, (), game_no, first, kernel, scores, aside=aside, initial=dict(setup))
        return state._settle()

    # -- the State interface ----------------------------------------------

    @property
    def to_move(self) -> int | None:
        return None if self.final else self.kernel.to_move

    @cached_property
    def _legal(self) -> tuple[TetraMove, ...]:
        if self.final:
            return ()
        return tuple(TetraMove(m) for m in sorted(self.kernel.legal()))

    @property
    def legal_moves(self) -> tuple[TetraMove, ...]:
        return self._legal

    def play(self, move: Move | str) -> TetraState:
        move = self.accept(move, TetraMove)
        if move not in self._legal_set:
            from bones.tetradominoes.explain import why_illegal

            raise IllegalMoveError(why_illegal(self, move))
        kernel = self.kernel.copy(log=True)
        kernel.apply(move.kernel)
        return replace(self, moves=self.moves + (move,), kernel=kernel)._settle()

    @cached_property
    def _legal_set(self) -> frozenset[TetraMove]:
        return frozenset(self._legal)

    def _settle(self) -> TetraState:
        """Ends the game, or moves the tournament on, where the kernel says so."""
        rules, kernel = self.rules, self.kernel
        if rules.players == 1:
            if kernel.over:
                return replace(self, final=self._solitaire_outcome())
            return self
        live = tuple(s + c for s, c in zip(self.scores, kernel.counts))
        if rules.tournament:
            leaders = [side for side, points in enumerate(live) if points >= TOURNAMENT_TARGET]
            if leaders:
                side = leaders[0]
                note = f"{self.rules.side_name(side)} reached {TOURNAMENT_TARGET} points in game {self.game_no}"
                result = self._game_result(live, note)
                return replace(
                    self,
                    scores=live,
                    past_games=self.past_games + (result,),
                    final=Outcome(self.rules.seats_of(side), self.rules.seat_scores(live), note),
                )
            if not kernel.over:
                return self
            result = self._game_result(live, self._game_note())
            game_no = self.game_no + 1
            first = rules.first_player(game_no)
            hands, pile = deal(self.seed, game_no, rules.players)
            new_kernel = Kernel(rules.spec(first), hands, pile, first, f"bones:{self.seed}:{game_no}")
            return replace(
                self,
                game_no=game_no,
                first=first,
                kernel=new_kernel,
                scores=live,
                past_games=self.past_games + (result,),
                aside=(),
            )
        if not kernel.over:
            return self
        winners = () if kernel.winner is None else self.rules.seats_of(kernel.winner)
        return replace(self, final=Outcome(winners, self.rules.seat_scores(live), self._game_note()))

    def _game_result(self, totals: tuple[int, ...], note: str) -> GameResult:
        kernel = self.kernel
        winners = () if kernel.winner is None or not kernel.over else self.rules.seats_of(kernel.winner)
        return GameResult(self.game_no, winners, tuple(kernel.counts), totals, note)

    def _game_note(self) -> str:
        kernel, rules = self.kernel, self.rules
        if kernel.winner is not None and kernel.counts[kernel.winner] >= rules.target:
            return f"{self.rules.side_name(kernel.winner)} laid {_count_word(rules.target)} tetrominoes"
        counts = ", ".join(f"{self.rules.side_name(s)} {n}" for s, n in enumerate(kernel.counts))
        if kernel.winner is None:
            return f"blocked: nobody could play; equal tetrominoes ({counts}), a draw"
        return f"blocked: nobody could play; {self.rules.side_name(kernel.winner)} laid the most tetrominoes ({counts})"

    def _solitaire_outcome(self) -> Outcome:
        level = self.rules.solitaire_level
        score, black, white, unplayed, side = self.kernel.solitaire_score(level)
        mark = SOLITAIRE_MARK[level]
        won = score < mark
        parts = f"B×W = {black}×{white}, 7×X = 7×{unplayed}"
        if level >= 2:
            parts += f", longest side {side}"
        reason = f"Level {level} score {score} ({parts}): {'won' if won else 'lost'} (a win is under {mark})"
        return Outcome((0,) if won else (), (score,), reason)

    # -- what players see --------------------------------------------------

    @property
    def phase(self) -> str:
        return "over" if self.final else PHASE_NAMES[self.kernel.phase]

    @property
    def live_scores(self) -> tuple[int, ...]:
        """Tournament points per side, this game's tetrominoes included."""
        if self.final or self.rules.players == 1:
            return self.scores if self.rules.players > 1 else (0,)
        return tuple(s + c for s, c in zip(self.scores, self.kernel.counts))

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return tuple(tiles_of(self.kernel.hand(seat)))

    def hidden_tiles(self, seat: int) -> tuple[Tile, ...]:
        return tuple(tiles_of(self.kernel.hidden[seat]))

    def revealed_tiles(self, seat: int) -> tuple[Tile, ...]:
        return tuple(tiles_of(self.kernel.revealed[seat]))

    def offer_visible_to(self, seat: int) -> bool:
        kernel = self.kernel
        if kernel.offer < 0:
            return False
        return kernel.offer_revealed or self.rules.sides[seat] != self.rules.sides[kernel.trader]

    def observation(self, seat: int) -> TetraObservation:
        self.rules.check_seat(seat)
        kernel = self.kernel
        mine = self.to_move == seat
        partners = self._partners(seat)
        offer = kernel.offer if kernel.offer >= 0 and self.offer_visible_to(seat) else None
        return TetraObservation(
            rules=self.rules,
            seat=seat,
            to_move=self.to_move,
            legal_moves=self.legal_moves if mine else (),
            phase=self.phase,
            game_no=self.game_no,
            first=self.first,
            colours=kernel.spec.colours,
            hidden=self.hidden_tiles(seat),
            revealed=tuple(self.revealed_tiles(s) for s in range(self.rules.players)),
            hidden_counts=tuple(h.bit_count() for h in kernel.hidden),
            pile_size=len(kernel.boneyard),
            board=self.board,
            tetrominoes=self.tetrominoes,
            pool="".join(PIECES[p] for p in range(7) if kernel.pool >> p & 1),
            discarded="".join(PIECES[p] for p in range(7) if kernel.discarded >> p & 1),
            counts=tuple(kernel.counts),
            scores=self.live_scores,
            last=self.last_domino,
            offer=None if offer is None else TILES[offer],
            offer_pending=kernel.offer >= 0,
            events=self.events_for(seat, partners),
            past_games=self.past_games,
            move_number=len(self.moves),
            outcome=self.final,
            table=self._public_kernel(seat, offer),
        )

    @property
    def board(self) -> tuple[TetraMove, ...]:
        """The dominoes on the table in play order (as domino moves)."""
        kernel = self.kernel
        seen: set[int] = set()
        out = []
        for c in self._board_order():
            if c in seen:
                continue
            mate = kernel.mate[c]
            seen.update((c, mate))
            out.append(place_move(kernel.num[c], kernel.num[mate], c, mate))
        return tuple(out)

    def _board_order(self) -> list[int]:
        return list(self.kernel.num)

    @property
    def tetrominoes(self) -> tuple[tuple[str, int, int, TetraMove], ...]:
        """(piece, colour, seat, move) of each tetromino laid, in order."""
        return tuple(
            (PIECES[piece], colour, seat, TetraMove((TET, piece, colour, cells)))
            for piece, colour, seat, cells in self.kernel.tets
        )

    @property
    def last_domino(self) -> TetraMove | None:
        x, y = self.kernel.last
        if x < 0 or self.kernel.phase != TETRO:
            return None
        return place_move(self.kernel.num[x], self.kernel.num[y], x, y)

    def events_for(self, seat: int, partners: set[int]) -> tuple[Event, ...]:
        """This game's public history as ``seat`` saw it (other seats' draws hidden)."""
        kernel = self.kernel
        out: list[Event] = []
        for who, kind, a, b, c in kernel.log or []:
            if kind in (DRAW, SOLO_DRAW):
                out.append(Event(who, kind, a if who == seat else -1, 0, 0))
            elif kind == GIVE:
                seen = bool(b) or who in partners
                out.append(Event(who, kind, a if seen else -1, b, 0))
            else:
                out.append(Event(who, kind, a, b, c))
        return tuple(out)

    def _public_kernel(self, seat: int, offer: int | None) -> Kernel:
        """The kernel with every hidden tile that ``seat`` cannot see wiped (hidden hands 0, the pile -1)."""
        public = self.kernel.copy()
        public.hidden = [h if s == seat else 0 for s, h in enumerate(public.hidden)]
        public.boneyard = [-1] * len(public.boneyard)
        if public.offer >= 0 and offer is None:
            public.offer = -1
        return public

    def tiles_in_play(self) -> Sequence[int]:
        kernel = self.kernel
        out = [int(t) for s in range(self.rules.players) for t in tiles_of(kernel.hand(s))]
        out += kernel.boneyard
        out += [TILES_BY_PAIR[kernel.num[c]][kernel.num[kernel.mate[c]]] for c in kernel.num if c < kernel.mate[c]]
        if kernel.offer >= 0:
            out.append(kernel.offer)
        return out + list(self.aside)

    def hidden_from(self, seat: int) -> frozenset[str]:
        kernel = self.kernel
        hidden = [int(t) for s in range(self.rules.players) if s != seat for t in tiles_of(kernel.hidden[s])]
        hidden += kernel.boneyard
        if kernel.offer >= 0 and not self.offer_visible_to(seat):
            hidden.append(kernel.offer)
        # What a seat gave its partner or put back in the pile it still knows.
        known = {e.a for e in self.events_for(seat, self._partners(seat)) if e.kind in (GIVE, RETURN) and e.a >= 0}
        return frozenset(str(TILES[t]) for t in hidden if t not in known)

    def _partners(self, seat: int) -> set[int]:
        sides = self.rules.sides
        return {s for s in range(self.rules.players) if sides[s] == sides[seat]}

    def client_view(self, seat: int) -> dict[str, Any]:
        from bones.tetradominoes.view import client_view

        return client_view(self, seat)

    def render(self, seat: int | None = None) -> str:
        from bones.tetradominoes.text import render_state

        return render_state(self, seat)

    # -- what the faces read ---------------------------------------------

    def forced_move(self) -> TetraMove | None:
        """A lone skip, pass or keep: nothing to lay, to show or to give, so nothing to choose."""
        legal = self.legal_moves
        if len(legal) == 1 and legal[0].kind in (SKIP, PASS, KEEP):
            return legal[0]
        return None

    def current_hand(self) -> int:
        """A tournament's games are its hands; a single game is one."""
        return self.game_no

    def hands_played(self) -> int:
        return len(self.past_games) if self.rules.tournament else int(self.is_over)

    def side_scores(self) -> tuple[int, ...] | None:
        """Tournament points (a single game: tetrominoes laid) per side; the solitaire's score at its end."""
        if self.rules.players == 1 or self.final:
            return super().side_scores()
        return self.live_scores

    def hand_results(self) -> tuple[HandResult, ...]:
        """A tournament's finished games (tetrominoes laid, points after it, winners); a single
        game is one result, its outcome."""
        if not self.rules.tournament:
            return super().hand_results()
        return tuple(
            HandResult(g.number, g.tetrominoes, g.totals, g.winners, g.note, g.to_dict()) for g in self.past_games
        )

    def last_hand_points(self) -> tuple[int, ...]:
        """A point to each winner of the last finished game (of a tournament: the game just ended)."""
        if not self.rules.tournament or not self.past_games:
            return super().last_hand_points()
        winners = self.past_games[-1].winners
        return tuple(int(seat in winners) for seat in range(self.rules.num_players))

    def legend(self) -> str:
        from bones.tetradominoes.text import LEGEND

        return LEGEND

    def narrate(self, before: State, names: Sequence[str], seat: int = 0) -> str:
        """In words, what happened since ``before``, as ``seat`` may know it."""
        from bones.tetradominoes.text import narrate

        return narrate(before, self, names, seat)


@dataclass(frozen=True)
class Event:
    """One entry of a game's history; ``tile`` is -1 where the viewer may not see it.

    Kinds are the kernel's: PLACE (a << 4 | b, cell of a, cell of b), TET (piece, colour, index),
    SKIP, REVEAL (tile, tile, open numbers), DRAW (tile), PASS (shown mask, open
    numbers), GIVE (tile, was revealed), KEEP, DISCARD (piece), SOLO_DRAW (tile),
    RETURN (tile), SHUFFLE.
    """

    seat: int
    kind: int
    a: int
    b: int
    c: int

    def text(self) -> str:
        kind, a, b, c = self.kind, self.a, self.b, self.c
        if kind == PLACE:
            return str(place_move(a >> 4, a & 15, b, c))
        if kind == TET:
            return f"lays the {PIECES[a]} {COLOURS[b]} side up"
        if kind == REVEAL:
            return f"reveal {TILES[a]} {TILES[b]}"
        if kind in (DRAW, SOLO_DRAW):
            return "draw" if a < 0 else f"draw {TILES[a]}"
        if kind == PASS:
            shown = " ".join(str(t) for t in tiles_of(a))
            return f"pass (shows {shown})" if shown else "pass"
        if kind == GIVE:
            return "give ?" if a < 0 else f"give {TILES[a]}"
        if kind == DISCARD:
            return f"discard {PIECES[a]}"
        if kind == RETURN:
            return f"return {TILES[a]}"
        return {SKIP: "skip", KEEP: "keep"}.get(kind, "shuffle the pile")


def _count_word(n: int) -> str:
    return {3: "three", 4: "four"}.get(n, str(n))


@dataclass(frozen=True)
class TetraObservation(Observation):
    rules: TetraRules
    seat: int
    to_move: int | None
    legal_moves: tuple[TetraMove, ...]
    phase: str
    game_no: int
    first: int
    colours: tuple[int, ...]
    hidden: tuple[Tile, ...]  # this seat's hidden dominoes
    revealed: tuple[tuple[Tile, ...], ...]  # every seat's face-up dominoes
    hidden_counts: tuple[int, ...]
    pile_size: int
    board: tuple[TetraMove, ...]
    tetrominoes: tuple[tuple[str, int, int, TetraMove], ...]
    pool: str
    discarded: str
    counts: tuple[int, ...]  # tetrominoes per side in this game
    scores: tuple[int, ...]  # tournament points per side
    last: TetraMove | None
    offer: Tile | None  # the domino offered in a trade, where this seat may see it
    offer_pending: bool
    events: tuple[Event, ...]
    past_games: tuple[GameResult, ...]
    move_number: int
    outcome: Outcome | None
    table: Kernel = field(repr=False, compare=False)  # the kernel with what this seat cannot see wiped

    @property
    def hand(self) -> tuple[Tile, ...]:
        return tuple(sorted(self.hidden + self.revealed[self.seat]))

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.rules.game_id,
            "seat": self.seat,
            "to_move": self.to_move,
            "legal_moves": [str(m) for m in self.legal_moves],
            "phase": self.phase,
            "game_no": self.game_no,
            "first": self.first,
            "colours": [COLOURS[c] if c >= 0 else "either" for c in self.colours],
            "hidden": [str(t) for t in self.hidden],
            "revealed": [[str(t) for t in r] for r in self.revealed],
            "hidden_counts": list(self.hidden_counts),
            "pile_size": self.pile_size,
            "board": [str(m) for m in self.board],
            "tetrominoes": [
                {"piece": p, "colour": COLOURS[c], "seat": s, "move": str(m)} for p, c, s, m in self.tetrominoes
            ],
            "pool": self.pool,
            "discarded": self.discarded,
            "counts": list(self.counts),
            "scores": list(self.scores),
            "sides": list(self.rules.sides),
            "last": None if self.last is None else str(self.last),
            "offer": None if self.offer is None else str(self.offer),
            "offer_pending": self.offer_pending,
            "events": [{"seat": e.seat, "move": e.text()} for e in self.events],
            "past_games": [r.to_dict() for r in self.past_games],
            "move_number": self.move_number,
            "outcome": self.outcome.to_dict() if self.outcome else None,
        }
