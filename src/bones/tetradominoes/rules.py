"""Tetradominoes (Don Kirkby, "Donimoes"; reference/donimoes/tetradominoes.md, RULES.md section 3).

Play matching dominoes in a grid, then try to play the tetromino shapes on top.

| | |
|---|---|
| players | 1 (solitaire, Level 1 or 2), 2, 3, or 4 as two pairs sitting crosswise (seats 0+2, 1+3) |
| equipment | a double-six set; seven two-sided tetrominoes, one shared pool |
| deal | 4 dominoes each, hidden; the rest is the pile |
| a turn | play one domino that touches a matching uncovered number; then you may lay one tetromino on it |
| stuck | reveal two hidden dominoes and draw one, until you can play; then reveal all and pass |
| refill | at the end of every turn, a passed one included, a player holding fewer than four dominoes draws one |
| winning | 2 and 4 players: the first player or pair to lay 4 tetrominoes; 3 players: 3 |
| tournament | games until a player or pair has 7 points, one point per tetromino laid |

**Dominoes.** The first domino can be anything. Every later domino must have a
number next to (sharing an edge with) the same number on an uncovered cell of a
domino already played; its other number may touch anything. When no number on
the table is uncovered, a domino only has to touch a covered number. A player
who cannot play reveals two hidden dominoes (their choice) and draws one,
repeating until they can play; when the pile is empty or they hold fewer than
two hidden dominoes they reveal all their hidden dominoes and pass. Revealed
dominoes stay face up until played.

**Tetrominoes.** Right after playing a domino a player may lay one tetromino.
It covers one or both numbers of that domino, lies wholly on uncovered numbers of
dominoes, covers only numbers that are on that domino, and must not share an
edge with a tetromino of the same colour (corners may touch). With 2 or 4
players the light token (the first player, and with 4 players their partner)
lays tetrominoes light side up and the dark token dark side up; with 3 players
everyone lays them light side up and marks them with their own tokens. With 4
players, after a tetromino is laid the two opponents of its player may trade one
domino each.

**The pieces** (RULES.md, decision): the seven shapes the rules draw, L S I J Z T O,
each a one-sided tetromino on its light side and its mirror image on its dark
side. A piece may be turned around on the table; turning it over changes its
colour and its handedness, so the dark side of L shows a J, of J an L, of S a Z
and of Z an S. Pieces are named by their light side.

**Solitaire.** The same rules, but tetrominoes may be laid either side up, and a
tetromino that can be laid on the domino just played must be laid. When no
domino can be played, discard a tetromino (it counts as unplayed), draw up to
four dominoes, put as many back in the pile and shuffle it. Level 1 scores
B×W + 7×X (B black, W white, X unplayed tetrominoes) and is won below 10;
Level 2 adds the number of cells along the longest side of the rectangle around
the dominoes played and is won below 15.

Move notation: see ``bones.tetradominoes.moves`` (``4:6@1,2>``, ``3:6@0,2v``,
``J/light@0,1 1,1 1,2 1,3``, ``skip``, ``reveal 5:5 3:1``, ``pass``, ``give 5:5``,
``keep``, ``discard T``, ``return 5:5``). Cells are ``row,col``; the first domino
lies on 0,0 and 0,1.

Decisions where the texts are silent:

1. Seat 0 plays first. In a tournament the first player moves one seat to the
   left every game, and the tokens follow the first player (2 players: the
   first player is light; 4 players: the first player and their partner).
2. The first domino is laid on cells 0,0 and 0,1: the table can be turned, so
   where and which way it lies changes nothing.
3. "Adjacent" and "right next to each other" mean sharing an edge.
4. With 2-4 players laying a tetromino is optional (the solitaire's "you must"
   is its own rule): ``skip`` declines. At most one tetromino per turn.
5. The refill draw (fewer than four dominoes: draw one) comes at the end of
   every turn, after the tetromino, and after a pass too: the text puts it after
   the passing rule with no condition, and nothing in it says otherwise. In a
   dealt game it never draws after a pass (a hand only shrinks by a play, every
   play is followed by the refill, and being stuck only draws, so whenever the
   pile is not empty every hand holds four or more); it matters in set-up
   positions with smaller hands.
6. The player who passes shows every hidden domino (a domino then drawn by the
   refill is hidden). When every player has passed in a row, none of them
   drawing, the game is blocked and ends: the player or pair with the most
   tetrominoes wins; equal counts are a draw (nobody wins).
7. With 3 players all tetrominoes are light, so no two tetrominoes may share an
   edge. A game for 3 in a tournament ends at the third tetromino (a player has
   three tokens).
8. The 4-player trade is an exchange of one domino each: the opponent who plays
   last of the pair offers first (``give``), then the next player answers with a
   domino of their own (``give``: the exchange happens) or declines (``keep``:
   the offer goes back). Either may ``keep`` at once. A traded domino stays
   hidden or revealed as it was; the other pair sees that a trade happened and
   only the revealed dominoes in it.
9. Solitaire: "draw up to four" draws four (all that remain if fewer), then the
   player puts the same number back one at a time (``return``), and the pile is
   shuffled. The game ends when every tetromino is laid or discarded, or when
   no domino is left in hand or pile (the rest count as unplayed). The score is
   the game's result: ``outcome.scores`` holds it, and ``winners`` is seat 0 only
   when it is under the level's mark.
10. Tournament points are counted the moment a tetromino is laid, so the
    tournament ends at once when a player or pair reaches 7; blocked games score
    their tetrominoes too.

Explicit setups (tests, positions): ``new_game(setup={...})`` with ``hands`` (one list
of hidden dominoes per seat), optional ``revealed`` (per seat), ``boneyard`` (the pile,
first drawn first; when given, dominoes named nowhere are set aside, else they form
the pile in a seeded order), ``board`` (domino moves in play order, not checked
against the matching rule), ``tetrominoes`` (tetromino moves, or ``{"move": ..,
"seat": ..}``), ``discarded`` (solitaire: piece letters), ``first``, ``to_move``,
``game`` and ``scores`` (tournament points per side).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from bones.game import (
    Encoding,
    GameInfo,
    GameOptionError,
    IllegalMoveError,
    Move,
    Observation,
    Option,
    Outcome,
    Rules,
    SettledState,
    State,
    register,
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
    Spec,
)
from bones.tetradominoes.moves import TetraMove, parse_move, place_move
from bones.tetradominoes.pieces import ANY_COLOUR, COLOURS, DARK, LIGHT, PIECES
from bones.tiles import TILES, Tile, mask_of, pip_set, tiles_of

VERSION = 2  # 2: the refill draw ends a passed turn too
GAME_ID = "tetradominoes"
FAMILY = "tetradominoes"
TOURNAMENT_TARGET = 7
SOLITAIRE_MARK = {1: 10, 2: 15}


@dataclass(frozen=True)
class TetraRules(Rules):
    game_id: str
    title: str
    version: int
    players: int
    tournament: bool
    solitaire_level: int
    options: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def move_help(self) -> str:
        return """Cells are row,col; the first domino lies on 0,0 and 0,1. 4:6@1,2> lays 4 on 1,2
and 6 to its right (v: below, < left, ^ above); J/light@0,1 1,1 1,2 1,3 lays the
tetromino J light side up on those cells; skip lays none; reveal 5:5 3:1 shows two
hidden dominoes when stuck; pass; give 5:5 / keep (the 4-player trade); discard T
and return 5:5 (the solitaire)."""

    @property
    def num_players(self) -> int:
        return self.players

    def in_pairs(self) -> bool:
        return self.teams

    @property
    def teams(self) -> bool:
        return self.players == 4

    @property
    def target(self) -> int:
        """Tetrominoes that win a game (0: the solitaire)."""
        return {1: 0, 2: 4, 3: 3, 4: 4}[self.players]

    def first_player(self, game_no: int) -> int:
        return (game_no - 1) % self.players

    def colours(self, first: int) -> tuple[int, ...]:
        if self.players == 1:
            return (ANY_COLOUR,)
        if self.players == 3:
            return (LIGHT,) * 3
        return tuple(LIGHT if (seat - first) % 2 == 0 else DARK for seat in range(self.players))

    def spec(self, first: int) -> Spec:
        return Spec(self.players, self.sides, self.colours(first), self.target)

    def new_game(self, seed: int = 0, setup: Mapping[str, Any] | None = None) -> TetraState:
        return TetraState.start(self, seed, setup)

    def parse_move(self, text: str) -> TetraMove:
        return parse_move(text)

    def encoding(self) -> Encoding:
        from bones.tetradominoes.encoding import TetraEncoding

        return TetraEncoding(self)

    def describe(self) -> str:
        lines = [(__doc__ or "").strip(), "", "This table:"]
        if self.players == 1:
            lines.append(f"  solitaire, Level {self.solitaire_level}: won under {SOLITAIRE_MARK[self.solitaire_level]}")
        else:
            lines.append(f"  players: {self.players}" + (" (two pairs, sitting crosswise)" if self.teams else ""))
            lines.append(f"  a game is won with {self.target} tetrominoes")
            if self.tournament:
                lines.append(f"  tournament to {TOURNAMENT_TARGET} points")
        return "\n".join(lines)


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
                note = f"{self.side_name(side)} reached {TOURNAMENT_TARGET} points in game {self.game_no}"
                result = self._game_result(live, note)
                return replace(
                    self,
                    scores=live,
                    past_games=self.past_games + (result,),
                    final=Outcome(self.seats_of(side), self.seat_scores(live), note),
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
        winners = () if kernel.winner is None else self.seats_of(kernel.winner)
        return replace(self, final=Outcome(winners, self.seat_scores(live), self._game_note()))

    def _game_result(self, totals: tuple[int, ...], note: str) -> GameResult:
        kernel = self.kernel
        winners = () if kernel.winner is None or not kernel.over else self.seats_of(kernel.winner)
        return GameResult(self.game_no, winners, tuple(kernel.counts), totals, note)

    def _game_note(self) -> str:
        kernel, rules = self.kernel, self.rules
        if kernel.winner is not None and kernel.counts[kernel.winner] >= rules.target:
            return f"{self.side_name(kernel.winner)} laid {_count_word(rules.target)} tetrominoes"
        counts = ", ".join(f"{self.side_name(s)} {n}" for s, n in enumerate(kernel.counts))
        if kernel.winner is None:
            return f"blocked: nobody could play; equal tetrominoes ({counts}), a draw"
        return f"blocked: nobody could play; {self.side_name(kernel.winner)} laid the most tetrominoes ({counts})"

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

    def seats_of(self, side: int) -> tuple[int, ...]:
        return tuple(seat for seat, s in enumerate(self.rules.sides) if s == side)

    def seat_scores(self, side_scores: Sequence[int]) -> tuple[int, ...]:
        return tuple(side_scores[s] for s in self.rules.sides)

    def side_name(self, side: int) -> str:
        seats = self.seats_of(side)
        return f"seat {seats[0]}" if len(seats) == 1 else "seats " + " and ".join(map(str, seats))

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
        if not 0 <= seat < self.rules.players:
            raise ValueError(f"no seat {seat}: seats are 0..{self.rules.players - 1}")
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

    def render(self, seat: int | None = None) -> str:
        from bones.tetradominoes.text import render_state

        return render_state(self, seat)

    def legend(self) -> str:
        from bones.tetradominoes.text import LEGEND

        return LEGEND

    def narrate(self, before: State, names: Sequence[str]) -> str:
        """In words, what happened since ``before``, as seat 0 (the terminal's player) may know it."""
        from bones.tetradominoes.text import narrate

        return narrate(before, self, names)


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


def _make(**options: Any) -> TetraRules:
    players = options.get("players", 2)
    tournament = bool(options.get("tournament", False))
    level = options.get("solitaire_level", 1)
    if players == 1 and tournament:
        raise GameOptionError(f"{GAME_ID}: the tournament needs 2-4 players")
    if players != 1 and "solitaire_level" in options:
        raise GameOptionError(f"{GAME_ID}: solitaire_level is for 1 player (players=1)")
    return TetraRules(GAME_ID, "Tetradominoes", VERSION, players, tournament, level, options=dict(options))


INFO = GameInfo(
    GAME_ID,
    "Tetradominoes",
    FAMILY,
    _make,
    (
        Option("players", 2, "number of players (1: the solitaire)", choices=(1, 2, 3, 4)),
        Option("tournament", False, "play games until a player or pair has 7 points (2-4 players)"),
        Option("solitaire_level", 1, "solitaire scoring: Level 1, or Level 2 (adds the longest side)", choices=(1, 2)),
    ),
    "Play matching dominoes in a grid, then try to play the tetromino shapes on top.",
)
register(INFO)
