"""The rules page of Domino Finder for players (``bones.rulebook`` markup; facts as in ``bones.finder.rules``)."""

PAGE = """\
## The goal

A memory game with hidden traps. Walk your pawn over a board of face-down dominoes, turn them
over one at a time, and find the treasure the dice name before the others do, without
stepping on a blank. Collect enough treasures to win.

## What you need

- A double-six set, laid face down in 7 rows of four dominoes end to end (8 squares a row).
  Each row holds exactly one domino with a blank.
- Two dice, and one pawn for each player.
- 2 to 4 players.

## A turn

At the start everyone rolls the dice; the highest total plays first and rolls for the first
treasure. The two dice name a domino: a roll of 5 and 2 makes [5:2] the treasure.

On your turn:

1. Walk your pawn as far as you like over face-up dominoes and empty spaces, never over a
   blank or a face-down domino. On your first turn your pawn comes in from outside the
   board, onto a face-down domino along the edge.
2. Turn over exactly one face-down domino next to your pawn, and step onto its square
   next to you.

If the square you stepped onto is a blank, it is a trap: your pawn stays there and you miss
your next turn. If the domino you turned is the treasure, you take it and your pawn stands in
the empty space. Then every revealed trap without a pawn on it is turned face down again, and
the dice are rolled for the next treasure. They are rolled again if they name a treasure
already taken or a domino under a pawn; a face-up domino they name is turned face down, and
they are rolled again. So the treasure is always face down, and never holds a blank.

## Scoring

Each treasure you take counts one. To win you need 5 treasures with 2 players, 4 with 3
players and 3 with 4 players.

Worked example with 2 players: you have 2 treasures and your opponent 4, and the dice name
[5:2]. Your opponent turns over [4:0] and steps onto the 0: a trap, so they miss their next
turn. You walk over the face-up [6:1] and turn over the domino beyond it: it is [5:2], and
you take it. You have 3 treasures; your opponent still needs one.

## How it ends

The first player to collect the treasures they need wins at once.

## Tips

- Remember every domino you have seen turned over, yours and the others': the next treasure
  may be one of them, face down again.
- Step onto the half of a domino that is less likely to be a blank: a row already showing its
  blank is safe.
- Turned-over dominoes are your roads. Open paths towards the middle of the board.
- After a treasure is found, the traps go face down again: remember where they were.
"""
