"""Where Crazy's options are on by default (``bones.bots.line.crazy``), each with the measurements that put it
there or left it off: the inference from the others' plays, the sampled deals solved exactly, the
playouts' race bonus."""

from __future__ import annotations

from bones.bots.line import exact as line_exact
from bones.bots.line import exact_race
from bones.line.rules import FIVES, PIPS_TO_WINNER, LineRules

EVERY_DEAL = 1 << 10  # an ``exact_hidden`` above any number of hidden tiles: every sampled deal is solved
# The playouts' bonus for a tile after which the next player holds none that fits, once nothing can be
# drawn and every seat plays for itself (line_search.playout): worth about a 6:4 over a blank.
RACE = 10.0


def infers_by_default(rules: LineRules) -> bool:
    """Whether Crazy weighs its samples by the others' plays: only where bench/crazy_ab.py showed it helps.

    Measured at 300 samples a move, points per hand against each opponent: 2-player draw +2 to +3
    against Easy, Normal and Hard, +0.8 against a per-move mix of the three (90 deals); 2-player all
    fives -2.5 to +1.3 (30 deals each), so not there. 2-player block, against Hard (bench/omniscient.py,
    deals 30-149, Crazy's points a hand over Hard): +0.66 with it, +0.34 without; with every sampled
    deal solved exactly (``exact_hidden_by_default``) +0.74. 2-player all fives again, now with every
    sampled deal solved (bench/crazy_regret.py, 0.5 CPU seconds a move, points lost to perfect play a
    decision): deals 0-19 -1.12 (-2.35..-0.17), deals 20-39 +0.46 (-0.89..+1.79), about -0.3 over
    the 298 decisions: no clear gain, so still not there. 3-player block, 1 CPU second a move, the change
    in Crazy's points a hand over the mean of the other two seats (bench/crazy_race_ab.py, 1,000 deals
    each): against Hard +0.28 (+0.06..+0.51) on deals 0-999 and +0.18 (-0.06..+0.44) on 1000-1999,
    Normal +0.29 (+0.06..+0.52), Easy +0.36 (-0.01..+0.72), a mix +0.05 (-0.26..+0.36); bench/ladder.py
    against Hard, 2,000 deals played with it and without, +0.09 +- 0.16 (share 0.348, p = 0.0003, against
    0.344, p = 0.004). Partnership block (issue 28, 1 CPU second a move): against ``dominoes:pab_bg``
    (bench/outside.py, the same 300 deals, seeds 1, 101 and 201) deals won 0.670, 0.670 and 0.665 with it
    (+6.55, +10.96 and +10.14 points a hand) against 0.615, 0.565 and 0.710 without (+4.54, +4.29, +10.26):
    0.668 against 0.630 and +9.2 against +6.4 a hand, at 0.24 CPU seconds a move instead of 0.11; with it
    against without it (``bones arena``, 60 duplicate deals, seed 1) deals won 0.542 (0.417..0.661), +2.08
    points a hand (p = 0.195); against Hard (the same tool, 100 deals, seed 1) 0.725 of the deals and +12.39
    points a hand, against 0.680 and +6.05 without it. Its partner's plays say most: a player laying a light
    tile where a heavier one fitted likely holds no heavier one, and the package's players lay the heaviest
    tile first.
    Other games were not measured.
    """
    pips_in_a_line = rules.scoring == PIPS_TO_WINNER and not rules.spinner
    nothing_drawn = not rules.draws
    return pips_in_a_line and (rules.players == 2 or (nothing_drawn and (rules.players == 3 or rules.partnership)))


def exact_hidden_by_default(rules: LineRules) -> int:
    """Up to how many hidden tiles Crazy solves its sampled deals exactly: where bench/crazy_regret.py showed it helps.

    2-player all fives, 0.5 CPU seconds a move, 24 deals (175 decisions), every deal solved against
    playouts: 7.3 points lost to perfect play per decision instead of 11.2 (-3.9, interval -6.7..-1.6).
    2-player draw, 20 deals (136 decisions): -0.65 (-2.8..+1.6), no clear gain, so not there.
    2-player block (nothing is drawn, so a sampled deal solves in a few thousand positions), against
    Hard in bench/omniscient.py (deals 30-149, with ``infer``): +0.74 points a hand over Hard against
    +0.66 with playouts, at a median 0.026 CPU seconds a move instead of 0.047.
    3-player block (``exact_race``, every deal from the opening tile on): as strong as the playouts at
    less than half their time. bench/ladder.py against Hard, the same 1,000 deals: share of the points
    0.348 (fair 0.333, p = 0.006) with the solver, 0.350 (p = 0.003) with the playouts, a per-deal
    difference of +0.09 +- 0.63 points for the playouts; on first hands (bench/crazy_race_ab.py, 200
    deals, 0.5 CPU seconds a move) the solver made +0.28 points a hand more (-0.29..+0.86), at a median
    0.027 CPU seconds a move instead of 0.069.
    Not with 4 players: block, 73 deals of bench/crazy_race_ab.py, -2.7 points a deal (-6.9..+1.4)
    against the playouts with their race bonus (four hands of five: up to 7,000 positions a deal).
    Not in partnership block (``exact_pairs``): against ``dominoes:pab_bg`` (bench/outside.py, 1 CPU second a
    move, the same 300 deals), with at most 18 tiles hidden (and up to 200,000 positions a solve) deals won
    0.640 and +7.42 points a hand, against 0.630 and +6.36 with the playouts: within the deals' noise.
    """
    if line_exact.supported(rules) and (rules.scoring == FIVES or not rules.draws):
        return EVERY_DEAL
    if exact_race.supported(rules) and rules.players == 3:
        return EVERY_DEAL
    return 0


def races_by_default(rules: LineRules) -> float:
    """The playouts' race bonus (``RACE``) where it was measured to help: 4 players each for himself with
    nothing to draw (block and classic), where Hard's race term made it Crazy's equal (issue 15).

    bench/crazy_race_ab.py, Crazy at 0.2 CPU seconds a move against Hard on duplicate deals (two seats
    each), the change in Crazy's margin over Hard in points a deal with the bonus: classic deals 0-79
    +3.79 ± 3.0 (paired; deals 0-39 +2.05, 40-79 +5.54), Crazy over Hard +3.91 ± 2.71 a deal with it
    (p ~ 0.002) and +0.12 ± 2.3 without; block deals 0-79 +3.35 ± 3.2 (deals 0-39 +2.91, 40-79
    +3.79), Crazy over Hard +4.74 ± 3.47 with it (p ~ 0.004) and +1.39 ± 3.18 without. A move's CPU
    time is the budget's, as before (median 0.2 s, block 0.13 s). Elsewhere it was not measured
    (2 players in block solve their samples exactly; 3-player block: not measured). Measured and
    dropped: breaking near ties among Crazy's moves (within 2 points) by Hard's score, classic deals
    0-39, -0.11 (-2.90..+2.83).
    """
    if rules.players == 4 and not rules.draws and not rules.teams:
        return RACE
    return 0.0
