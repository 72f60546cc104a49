"""The rules page of Mountains and Valleys for players (``bones.rulebook`` markup; facts as in
``bones.puzzles.mountains.rules``)."""

PAGE = """\
## The goal

Lay dominoes into a square map of hills and valleys, where each number is a height. A walker
may step between neighbouring squares whose heights differ by at most one. Make a map where
every square can be reached from every other.

## What you need

- 18 dominoes from a double-six set, which fill a square of 6 by 6.
- 1 player for the solitaire and the drawn solitaire; 2 to 4 players for the game together.

## A turn

In the solitaire all 18 dominoes lie face up. Place them in the square one at a time, and lift
any domino back out whenever you like, until the map is full and you accept it.

Each domino covers two neighbouring squares. A domino may not go where the empty squares left
could no longer be filled by dominoes.

= Map ; a ; b ; c
= 1 ; 3 ; 4 ; 4
= 2 ; 2 ; 6 ; 5

In this corner of a map, a walker can go from 3 to 4 to 4 to 5, and from 3 down to 2, but the
6 is reached only from the 5: from the 4 above it the step is two levels.

## Scoring

A map where every square can be reached scores 0, the best. Otherwise the penalty is what it
costs to join the map up, when a step of two or more levels costs its difference in height,
taking the cheapest steps that connect everything.

Worked example: the map falls into two areas, one of heights 0 to 2 and one of heights 4 to 6.
Somewhere a 2 lies next to a 4: joining the areas there costs 2, so the penalty is 2. If the
closest the areas come were a 1 next to a 4, the penalty would be 3.

## How it ends

The solitaire ends when you accept a full map, when you stop, or by itself with a perfect map;
it is won with a penalty of 0. The game together and the drawn solitaire end when the square
is full, and are won with a penalty under 5.

## Tips

- Build slopes, not cliffs: put numbers next to their neighbours, 2 beside 1 and 3.
- Place the extreme dominoes, like [6:6] and [0:0], first, and surround them with gentle
  slopes.
- Fill the corners early: a corner square has only two neighbours, so a bad one there is hard
  to join.
- When a perfect map looks impossible, gather the cliffs in one place: one big step costs less
  than several.

## Variations

- Together (2 to 4 players): each player takes 9, 6 or 5 dominoes, hidden. The first player
  passes one domino to the player on the left, who places it and passes one of theirs, until
  the square is full. Every domino after the first must touch one already placed, and none
  moves again.
- Drawn solitaire: 18 dominoes are drawn and 5 lie face up; each one you place turns up the
  next. Every domino after the first must touch one already placed, and none moves again.
"""
