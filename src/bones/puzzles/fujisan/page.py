"""The rules page of Fujisan for players (``bones.rulebook`` markup; facts as in ``bones.puzzles.fujisan.rules``)."""

PAGE = """\
## The goal

A puzzle for one. Lead four priests up the mountain: all four must stand on the peak.

## What you need

- Twelve dominoes without sixes and without doubles, standing side by side, so they make two
  rows of twelve squares. The two middle dominoes are the peak.
- Four priests, starting on the ground beside both ends of both rows.

## A turn

Each turn you move one priest, in one of two ways:

- Along his row, onto a square whose number equals the number of free squares he crosses,
  counting the square he lands on. Squares with a priest on them are not counted.
- Up or down to the other square of the domino he stands on. This is the only way onto a
  blank.

From the ground a priest can only move along his own row. Once on the peak he never leaves
it: he may step to the other square of his peak domino, or straight across to the same row of
the other peak domino, never diagonally.

Example: a priest on the ground at the left end of this row moves right.

= Square ; 1 ; 2 ; 3 ; 4 ; 5
= Number ; 2 ; 4 ; 3 ; 1 ; 5

Landing on square 1 counts 1 but it shows 2; square 2 counts 2 but shows 4; square 3 counts 3
and shows 3, so he may go there. If another priest stood on square 2, landing on square 4
would count 3 (squares 1, 3 and 4), and square 4 shows 1, so that move would not work.

## Scoring

There are no points: the puzzle is solved or it is not. The challenge is to solve it in as
few moves as possible; the game knows the shortest solution and tells you how close you came.

Worked example: the shortest solution of a puzzle takes 14 moves. Solving it in 14 is a
perfect game; solving it in 17 is a win, three moves longer than needed.

## How it ends

The puzzle is solved when all four priests stand on the peak (or, with Country Road, when all
four have come back down). You may also give up; the game then tells you whether a solution
existed.

## Tips

- Work backwards: find which squares lead onto the peak, then how to reach them.
- A priest standing still is a stepping stone. Because occupied squares are not counted, a
  priest in the way shortens the others' moves.
- Blanks can only be reached from the other square of the same domino: use them as resting
  places, not targets.
- Bring the priests up one at a time only when each one's path does not block the next.

## Variations

- Country Road: after the ascent, the two peak dominoes are moved to the ends of the mountain
  (each to the end on its own side, the top number still on top), the peak squares count as
  blanks, and all four priests must come down by landing on those end dominoes, never to step
  back on the mountain.
- Puzzles by length or difficulty: easy, medium or hard, or a puzzle whose shortest solution
  has a given number of moves.
"""
