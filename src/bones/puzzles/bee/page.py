"""The rules page of Bee Donimoes for players (``bones.rulebook`` markup; facts as in ``bones.puzzles.bee.rules``)."""

PAGE = """\
## The goal

A puzzle for one. Dice fly like bees over a field of dominoes; bring them together around the
queen bee, so that they form one group touching side to side.

## What you need

- The dominoes up to the number of dice: with 4 dice, every domino from [0:0] to [4:4], face
  up in a rectangle.
- 3 to 6 dice (4 unless you choose otherwise). Die 1 starts on the 1 of [1:0], die 2 on the 2
  of [2:0], and so on.

## A turn

The puzzle is played in rounds. In the first round die 3 is the queen; in the next, die 4;
and so on up to the biggest die. Every round starts with the dice on their starting squares.
The queen is the biggest die in play and never moves; the smaller dice do.

A move takes one die:

- straight along a row or column, flying over anything;
- it may turn a right angle when it is directly above another die, as often as it likes;
- it must land on a free square showing its own number, or on a wild blank. With the basic
  rule every free blank is wild.

Example: in this row, die 1 stands on square 1 and the queen, die 3, on square 6.

= Square ; 1 ; 2 ; 3 ; 4 ; 5 ; 6
= Number ; 1 ; 4 ; 2 ; 0 ; 1 ; 3

Die 1 can fly four squares right and land on the other 1, next to the queen. It could also
land on the blank, three squares away, but that would not touch the queen.

## Scoring

You score one for each round you solve; you win when every round is solved. The game knows
the shortest solution of each round, so you can see how close you came.

Worked example with 4 dice: there are two rounds, with queen 3 and then queen 4. If the
shortest solutions take 3 and 5 moves, solving both in 8 moves in all is perfect; solving the
first and giving up on the second scores 1.

## How it ends

A round is solved when all its dice form one group, each touching another along a side. The
puzzle ends when the last round is solved, or when you give up (the game then shows a
shortest solution, or says there is none).

## Tips

- Start from the queen: find the squares next to her that show a 1, a 2 and so on, and work
  out which die can reach which.
- Use the other dice as turning points: a die can change direction only above another die.
- Blanks are shortcuts with the basic rule; with the advanced rule only one blank helps.
- Sometimes a die must first fly somewhere useless so that another can turn above it.

## Variations

- Advanced rule: only the blank on the queen's own domino is wild.
- 3 to 6 dice: more dice, more rounds and a bigger field.
- Puzzles by difficulty (easy, medium or hard), or by the number of moves the last round
  needs.
"""
