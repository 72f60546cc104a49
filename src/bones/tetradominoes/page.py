"""The rules page of Tetradominoes for players (``bones.rulebook`` markup; facts as in ``bones.tetradominoes.rules``)."""

PAGE = """\
## The goal

Build a grid of dominoes together, matching numbers, and lay tetromino shapes on top of it.
The first player (or pair) to lay 4 tetrominoes wins; with 3 players, 3.

## What you need

- A double-six set: 28 tiles.
- Seven tetrominoes, one shared pool: the shapes L, S, I, J, Z, T and O. Each is light on
  one side and dark on the other; the dark side shows the mirror shape (L becomes J, S
  becomes Z).
- 1 to 4 players. Each takes 4 dominoes and keeps them hidden; the rest is the pile. With 2
  players one plays light and the other dark; with 4, two pairs sitting opposite, one pair
  light and one dark; with 3, everyone plays light with their own markers.

## A turn

1. Play one domino. The first can go anywhere. Every later domino must lie with one of its
   numbers right next to (sharing an edge with) the same number on an uncovered square of a
   domino already played; its other number may touch anything. (When every number on the
   table is covered, a domino only has to touch one.)
2. Then you may lay one tetromino of your colour on the domino you just played. It must
   cover one or both of that domino's squares, lie only on uncovered squares, cover only
   squares showing one of that domino's two numbers, and must not share an edge with a
   tetromino of the same colour (corners may touch).
3. If you hold fewer than four dominoes at the end of your turn, draw one.

Say you play [4:6] next to a 4 already on the table. A tetromino laid now may cover only
squares showing 4 or 6, and must cover at least one square of your [4:6].

Stuck? Reveal two of your hidden dominoes and draw one, until you can play. If the pile is
empty, or you have fewer than two hidden dominoes, reveal them all and pass.

With 4 players, after a tetromino is laid the two opponents of the player who laid it may
trade one domino each.

## Scoring

In a single game you count tetrominoes laid. In a tournament each tetromino laid is worth
one point, counted at once, and games are played until a player or pair has 7 points.

Worked example of a tournament for 2: you win the first game 4 tetrominoes to 2, so you lead
4 to 2. In the second game you lay your third tetromino while your opponent has laid 1: you
have 7 points, and the tournament ends at once, 7 to 3.

The solitaire has its own score, and low is good. Level 1: multiply the light tetrominoes
laid by the dark ones, and add 7 for each tetromino never laid. You win under 10.
Worked examples:

= Light laid ; Dark laid ; Never laid ; Score
= 6 ; 1 ; 0 ; 6 x 1 + 0 = 6: a win
= 5 ; 1 ; 1 ; 5 x 1 + 7 = 12: not quite
= 3 ; 3 ; 1 ; 3 x 3 + 7 = 16

Level 2 adds the number of squares along the longest side of the rectangle around all the
dominoes played, and you win under 15.

## How it ends

The game ends when a player or pair lays its fourth tetromino (its third with 3 players). If
every player passes in a row without drawing, the game is blocked: the most tetrominoes wins,
and equal counts are a draw. The solitaire ends when every tetromino is laid or discarded, or
when no domino is left.

## Tips

- Build pockets: a group of squares showing the same two numbers is where a tetromino fits.
- Play dominoes whose numbers already sit next to each other on the table, so your
  tetromino has room.
- Spread your tetrominoes out: one of your colour may not touch another of yours along an
  edge (corners are fine), so two pockets side by side hold only one of yours.
- Keep a domino in hand that fits many places: it saves you from revealing your hand.

## Variations

- Solitaire (1 player): tetrominoes may be laid either side up, and one that can be laid on
  the domino you just played must be laid. When no domino can be played, discard a
  tetromino (it counts as never laid), draw up to four dominoes, put as many back and
  shuffle the pile. Level 1 or Level 2 scoring.
- Tournament (2 to 4 players): games until a player or pair has 7 points.
"""
