"""Crazy for Tetradominoes: sampled deals and look-ahead.

Crazy ranks its domino moves as Hard does and keeps the best few. It then deals
the hidden dominoes many times, consistently with everything it has seen
(``belief``), and plays each kept move forward in every deal: its own
tetromino and refill draw, then each player before its next turn lays a
tetromino if their (sampled) hand allows one (with 4 players the pair that did not
lay one trades first, as Hard does: the partner who plays next gets a domino that
opens a tetromino for them), or else covers the template we could open next turn
if one domino can (``BLOCK``), then whether it can lay one itself on its next
turn. With 3 and 4 players a player who cannot lay a tetromino lays a *quiet*
domino instead (``QUIET``): an opponent covers our live templates if one domino
can, else the domino goes on one of its placements drawn at random, and the
templates it opens count for the players after it and for us (with 2 players the
opponent only covers, as above). A tetromino that ends the game counts triple. The move
with the best average wins, Hard's own weighing breaking near-ties. The same
deals serve every move, so the comparison is fair; the number of deals and moves
is fixed, so a seed replays the same choices.

In the solitaire only the order of the pile is hidden and there is nobody to
look ahead to; Crazy plays it as Hard does (weighing the next draw exactly over
the whole pile scored worse in bench runs: 10.6-11.4 against Hard's 9.8 over 100
games).
"""

from __future__ import annotations

import random
from typing import ClassVar

from bones.bots import Estimate, register_analyser, work
from bones.bots.review import ReviewHooks, Scale, register_review
from bones.bots.tetradominoes.belief import Belief
from bones.bots.tetradominoes.evaluation import (
    MIRROR_INDEX,
    Board,
    Template,
    after_tetromino,
    all_templates,
    template_at,
    templates_through,
)
from bones.bots.tetradominoes.players import (
    Candidate,
    HardBot,
    View,
    enabling,
)
from bones.game import Move, Observation, Rules
from bones.tetradominoes.kernel import ANSWER, DOMINO, GIVE, KEEP, OFFER, PLACE, SKIP, TET, TETRO, Kernel
from bones.tetradominoes.moves import TetraMove
from bones.tetradominoes.pieces import ANY_COLOUR, DARK, DIRS, LIGHT
from bones.tetradominoes.state import TetraObservation
from bones.tiles import HIGH, LOW

WIN = 3.0  # a tetromino that ends the game


class CrazyBot(HardBot):
    level = "crazy"
    # (deals, candidates, weight of Hard's own weighing) by number of players. With more players
    # the look-ahead is noisier (three others move before our next turn), so it gets more deals,
    # fewer candidates and leans more on Hard's weighing; every setting keeps a move under about 1 s
    # (with 3 and 4 players the quiet dominoes make a deal dearer: 64 deals; with 3 a move took 0.47 s
    # median and 0.96 s at most in 6 games).
    SETTINGS: ClassVar[dict[int, tuple[int, int, float]]] = {2: (96, 16, 0.25), 3: (64, 8, 1.0), 4: (64, 8, 1.0)}
    FOLLOW = (1.0, 0.8, 0.7)
    NEXT = 0.6
    # The chance that an opponent who cannot lay a tetromino but could cover our live templates does
    # so. Taken as certain, the look-ahead underrates our next tetromino: among Hard players
    # (``bench/strength_tetradominoes.py --cover 60 --seed 100``) a live template that an opponent
    # could have covered was laid 72% of the time with 2 players (86% when nobody could), 74% with 3
    # (88%). The chances measured first (0.4 with 2 players, 0.1 with 3 and 4) made the look-ahead right on
    # average but Crazy no stronger against Hard on the same deals (2 players: 47 of 81 games won
    # against 49 of 81; 3 players: 88 of 240 against 87 of 242), so it stays certain.
    BLOCK: ClassVar[dict[int, float]] = {2: 1.0, 3: 1.0, 4: 1.0}
    # Whether the players who cannot lay a tetromino lay a domino in the look-ahead (``quiet_domino``)
    # rather than only covering our templates. Without them the look-ahead saw no tetromino that a
    # quiet domino opens, which with 3 players left every candidate level in about half the choices
    # and Crazy on Hard's move in 93% of them (0.357 of 238 games won against Hard on the ladder's first
    # 100 deals, fair 0.333). With them, at 64 deals rather than 128 to stay under a second a move,
    # Crazy differs from Hard in 55% of its choices and won 101 of 218 games (0.463, p < 1e-6). With 4
    # players (also 64 deals) it won 43 of those 100 deals and lost 12, 0.656 of the points (p = 2e-6;
    # without them 0.534, p = 0.17); with 2 they changed nothing (47 of 77 games won on 41 deals against
    # 49 of 81), so they are left out there.
    QUIET: ClassVar[dict[int, bool]] = {2: False, 3: True, 4: True}
    deals = 0  # sampled deals per decision (0: SETTINGS' number)

    def limit_thinking(self, seconds: float) -> None:
        self.deals = work(seconds, 96, 4)

    def domino(self, obs: TetraObservation, moves: list[tuple], rng: random.Random) -> tuple:
        if obs.rules.players == 1:
            return super().domino(obs, moves, rng)
        ranked = sorted(self.weigh_dominoes(obs, moves, rng), key=lambda c: -c.value)
        kept = ranked[: self.SETTINGS[obs.rules.players][1]]
        if len(kept) == 1:
            return kept[0].move
        return self.search(obs, kept, rng, Board(obs.table)).move

    def tetromino(self, obs: TetraObservation, moves: list[tuple], rng: random.Random) -> tuple:
        if obs.rules.players == 1 or len(moves) < 2:
            return super().tetromino(obs, moves, rng)
        # Which piece, and which cells it leaves: weigh each tetromino like a domino move.
        view = View(obs)
        kept = []
        for move in moves:
            masks = self.masks_after_tetromino(obs.table, move[1:])
            kept.append(Candidate(move, view.value(masks, 0) + rng.random() * 1e-6, None, masks))
        kept.sort(key=lambda c: -c.value)
        return self.search(obs, kept[: self.SETTINGS[obs.rules.players][1]], rng, None).move

    def search(
        self, obs: TetraObservation, kept: list[Candidate], rng: random.Random, board: Board | None
    ) -> Candidate:
        """The candidate with the best average over sampled deals (Hard's weighing breaks near-ties)."""
        best = None
        best_value = 0.0
        for candidate, value in zip(kept, self.values(obs, kept, rng, board, self.deals), strict=True):
            if best is None or value > best_value:
                best, best_value = candidate, value
        assert best is not None
        return best

    def values(
        self, obs: TetraObservation, kept: list[Candidate], rng: random.Random, board: Board | None, deals: int = 0
    ) -> list[float]:
        """Each candidate's average gain over the same sampled deals, plus Hard's weighing of it."""
        belief = Belief(obs)
        standard, _, hard_weight = self.SETTINGS[obs.rules.players]
        worlds = [belief.world(obs.table, rng) for _ in range(deals or standard)]
        out = []
        for candidate in kept:
            templates = self.threats(obs, board, candidate)
            total = 0.0
            for number, world in enumerate(worlds):
                total += self.play_forward(world, obs, candidate, templates, random.Random(number))
            out.append(total / len(worlds) + hard_weight * candidate.value)
        return out

    def threats(self, obs: TetraObservation, board: Board | None, candidate: Candidate) -> list[Template]:
        """The templates left after ``candidate``."""
        if candidate.move[0] == SKIP:
            return list(all_templates(obs.table).values())
        if candidate.move[0] == TET:
            after = obs.table.copy()
            after.apply(candidate.move)
            return list(all_templates(after).values())
        if candidate.tet is None and board is not None:
            _, a, b, x, y = candidate.move
            return board.templates_after(a, b, x, y)
        assert candidate.tet is not None
        after = obs.table.copy()
        after.apply(candidate.move)
        after.apply((TET, *candidate.tet))
        return list(all_templates(after).values())

    def play_forward(
        self,
        world: Kernel,
        obs: TetraObservation,
        candidate: Candidate,
        templates: list[Template],
        rng: random.Random,
    ) -> float:
        seat = obs.seat
        rules = obs.rules
        sides = rules.sides
        k = world.copy()
        k.apply(candidate.move)
        gain = 0.0
        if candidate.move[0] == TET:
            if k.over:
                return WIN
            gain += 1.0
        elif k.phase == TETRO:
            if candidate.tet is None:
                k.apply((SKIP,))
            else:
                k.apply((TET, *candidate.tet))
                if k.over:
                    return WIN
                gain += 1.0
        _trade(k, templates)
        colour = k.spec.colours[seat]
        my_bit = 3 if colour == ANY_COLOUR else 1 << colour
        my_hand = k.hidden[seat] | k.revealed[seat]
        live = [t for t in templates if t.colours & my_bit and t.tiles & my_hand]
        survive = 1.0  # the chance that our live templates outlast the opponents' quiet moves
        block = self.BLOCK[rules.players]
        for step in range(1, rules.players):
            s = (seat + step) % rules.players
            hand = k.hidden[s] | k.revealed[s]
            bit = 1 << k.spec.colours[s]
            used = next((t for t in templates if t.colours & bit and t.tiles & hand), None)
            if used is None:
                if self.QUIET[rules.players]:
                    templates = quiet_domino(k, s, templates, live if sides[s] != sides[seat] else [], rng)
                    live = [t for t in templates if t.colours & my_bit and t.tiles & my_hand]
                elif live and sides[s] != sides[seat] and _can_block(k, s, live):
                    survive *= 1.0 - block
                continue
            k.to_move = s
            k.phase = DOMINO
            laid = _lay_template(k, s, used, hand)
            if laid is None:
                continue
            place, tet = laid
            k.apply((TET, *tet))
            sign = 1.0 if sides[s] == sides[seat] else -1.0
            if k.over:
                return gain + sign * WIN * self.FOLLOW[step - 1]
            gain += sign * self.FOLLOW[step - 1]
            templates = after_tetromino(templates, k, place[3], place[4], tet)
            _trade(k, templates)
            my_hand = k.hidden[seat] | k.revealed[seat]
            live = [t for t in templates if t.colours & my_bit and t.tiles & my_hand]
            survive = 1.0
        if live:
            gain += survive * self.NEXT * (WIN if k.counts[sides[seat]] + 1 >= rules.target else 1.0)
        return gain


# Play-forwards per second of thinking, by number of players: with 2, Crazy's 96 deals of 16 candidates;
# with 3 and 4 the quiet dominoes make one dearer (Crazy's 64 deals of 8 take about half a second).
ANALYSIS_FORWARDS = {2: 1536, 3: 1024, 4: 1024}


def analyse(
    rules: Rules, observation: Observation, rng: random.Random, seconds: float, also: Move | None = None
) -> list[Estimate]:
    """Every legal move's worth as the strongest player sees it (``also``: a move to look into even where
    Hard's weighing leaves it out of Crazy's few: the move played, for the review).

    Dominoes and tetrominoes at a table of several: Crazy's look-ahead over the same
    sampled deals (tetrominoes the mover's side gains on the others by its next turn,
    a game-ending one counting triple) for the few moves Hard's weighing puts first,
    as Crazy does; the rest follow in Hard's order with no number. The solitaire: Hard's (and so
    Crazy's) value of the position each move leaves. The small choices (which
    dominoes to show, a discard, a trade) have no search: the strongest player's
    choice comes first, the others after it.
    """
    assert isinstance(observation, TetraObservation)
    bot = CrazyBot()
    kernel = observation.table
    moves = list(observation.legal_moves)
    kinds = [m.kernel for m in moves]
    if rules.num_players > 1 and all(k[0] in (PLACE, TET, SKIP) for k in kinds):
        board = Board(kernel) if kernel.phase == DOMINO else None
        if board is not None:
            candidates = bot.weigh_dominoes(observation, kinds, rng)
        else:
            view = View(observation)
            candidates = []
            for kind in kinds:
                masks = bot.masks_after_tetromino(kernel, kind[1:]) if kind[0] == TET else _masks(kernel)
                candidates.append(Candidate(kind, view.value(masks, 0), None, masks))
        candidates.sort(key=lambda c: -c.value)
        kept = candidates[: CrazyBot.SETTINGS[rules.num_players][1]]
        if isinstance(also, TetraMove) and all(c.move != also.kernel for c in kept):
            kept += [c for c in candidates if c.move == also.kernel]
        deals = max(8, work(seconds, ANALYSIS_FORWARDS[rules.num_players]) // len(kept))
        values = bot.values(observation, kept, rng, board, deals)
        estimates = [
            Estimate(TetraMove(c.move), v, "tetrominoes ahead", None, deals) for c, v in zip(kept, values, strict=True)
        ]
        estimates.sort(key=lambda e: -(e.value or 0.0))
        # Below Crazy's best few by Hard's weighing: not looked into further, so no number.
        return estimates + [Estimate(TetraMove(c.move), None, "tetrominoes ahead") for c in candidates[len(kept) :]]
    elif rules.num_players == 1 and kernel.phase in (DOMINO, TETRO) and kinds[0][0] in (PLACE, TET):
        level = observation.rules.solitaire_level
        value = bot.solo_move_value if kernel.phase == DOMINO else bot.solo_tet_value
        estimates = [Estimate(m, value(kernel, m.kernel, level), "solitaire value") for m in moves]
    else:
        choice = bot.choose(observation, rng)
        estimates = [Estimate(m, float(m == choice), "the strongest player's choice") for m in moves]
    estimates.sort(key=lambda e: -(e.value or 0.0))
    return estimates


def _masks(kernel: Kernel) -> tuple[int, int]:
    templates = all_templates(kernel)
    return enabling(templates, LIGHT), enabling(templates, DARK)


register_analyser("tetradominoes", analyse)


def fair(rules: Rules, observation: Observation, rng: random.Random, depth: float, chosen: Move) -> list[Estimate]:
    """The review's fair verdict: the analysis, the move played looked into too."""
    return analyse(rules, observation, rng, depth, chosen)


register_review(
    "tetradominoes",
    ReviewHooks(
        fair=fair,
        scales=(
            # Tetrominoes the side gains on the others by its next turn (a game-ending one counts triple).
            Scale("tetrominoes ahead", inaccuracy=0.1, mistake=0.25, blunder=0.5),
            Scale("solitaire value", inaccuracy=1.0, mistake=3.0, blunder=6.0),
            Scale("the strongest player's choice", 1.0, 1.0, 1.0, measure=False),
        ),
        not_shown="even with every domino shown, a whole game of Tetradominoes is far too large to solve exactly",
    ),
)


def _lay_template(k: Kernel, seat: int, template: Template, hand: int) -> tuple[tuple, tuple] | None:
    """Plays the domino that opens ``template`` (from ``hand``); returns that move and the tetromino
    (piece, colour, cells) it opens.

    None (and nothing played) when the template no longer holds on this board.
    """
    num, free = k.num, k.free
    tiles = template.tiles & hand
    tile = (tiles & -tiles).bit_length() - 1
    p, q = HIGH[tile], LOW[tile]
    empties = [c for c in template.cells if c not in num]

    def matches(c: int, n: int) -> bool:
        return any(c + d in free and num[c + d] == n for d in DIRS)

    if len(empties) == 2:
        e, f = empties
        if not (matches(e, p) or matches(f, q)):
            p, q = q, p
    else:
        if len(empties) != 1:
            return None
        e = empties[0]
        outside = [e + d for d in DIRS if e + d not in num and e + d not in template.cells]
        if not outside:
            return None
        f = outside[0]
        if not matches(e, p):
            p, q = q, p
    move = (PLACE, p, q, e, f) if e < f else (PLACE, q, p, f, e)
    if not k.tetromino_fits(*move[1:], seat):
        return None
    k.apply(move)
    colour = k.spec.colours[seat]
    if colour == ANY_COLOUR:
        colour = LIGHT if template.colours & 1 else DARK
    piece = template.shape if colour == LIGHT else MIRROR_INDEX[template.shape]
    return move, (piece, colour, template.cells)


def quiet_domino(
    k: Kernel, seat: int, templates: list[Template], live: list[Template], rng: random.Random
) -> list[Template]:
    """``seat``, who cannot lay a tetromino, lays a domino: one that covers every template in ``live``
    if it has one, else any; returns the templates after it."""
    k.to_move = seat
    k.phase = DOMINO
    places = k.placements(seat)
    if not places:
        return templates
    choice = None
    if live:
        choice = next((p for p in places if all(p[2] in t.cells or p[3] in t.cells for t in live)), None)
    if choice is None:
        choice = places[rng.randrange(len(places))]
    k.apply((PLACE, *choice))
    if k.phase == TETRO:
        k.apply((SKIP,))
    x, y = choice[2], choice[3]
    near = {x + d for d in DIRS} | {y + d for d in DIRS}
    kept = []
    for t in templates:
        if x in t.cells or y in t.cells:
            continue
        # A template whose one empty cell had x or y as its only room for the domino's other half is gone.
        if any(c in near for c in t.cells) and template_at(k, t.cells, t.shape) is None:
            continue
        kept.append(t)
    return kept + list(templates_through(k, (x, y)).values())


def _can_block(k: Kernel, seat: int, live: list[Template]) -> bool:
    """Whether one domino of ``seat`` lands on an empty cell of every template in ``live``."""
    for _, _, x, y in k.placements(seat):
        if all(x in t.cells or y in t.cells for t in live):
            return True
    return False


def _trade(k: Kernel, templates: list[Template]) -> None:
    """The 4-player trade after a tetromino, as Hard makes it: the giver hands the partner who plays
    next a domino that opens a tetromino for them when the partner holds none, and gets a domino back
    that opens nothing; otherwise both keep."""
    while k.phase in (OFFER, ANSWER):
        if k.phase == ANSWER:
            k.apply((KEEP,))
            continue
        giver, taker = k.to_move, (k.trader + 1) % 4
        bit = 1 << k.spec.colours[taker]
        useful = 0
        for t in templates:
            if t.colours & bit:
                useful |= t.tiles
        given = k.hand(giver) & useful
        if not given or k.hand(taker) & useful:
            k.apply((KEEP,))
            continue
        spare = k.hand(taker) & ~useful
        if not spare:
            k.apply((KEEP,))
            continue
        k.apply((GIVE, (given & -given).bit_length() - 1))
        k.apply((GIVE, (spare & -spare).bit_length() - 1))
