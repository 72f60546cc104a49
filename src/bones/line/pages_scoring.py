"""The rules pages of All Fives, Muggins, Kozel and Classic, for players (``bones.rulebook`` markup)."""

from __future__ import annotations

from bones.line.pages import LINE_BASICS

COUNTING_ENDS = """\
After every play, add up the numbers at the open ends of the line. A double lying across an
end counts both its halves, and the very first tile alone counts both its numbers.
"""

ALLFIVES_PAGE = f"""\
## The goal

Score points during play by making the open ends of the line add up to 5, 10, 15, 20 or
more multiples of five, and by going out first. The first player to 150 wins.

## What you need

- A double-six set: 28 tiles, from [0:0] to [6:6].
- 2 players take 7 tiles each (3 or 4 players may play with 5 tiles each). The rest is the
  boneyard.

## A turn

{LINE_BASICS}
The first hand is opened by the player holding the highest double, with it (no double
dealt: the heaviest tile). Later hands are opened by the winner of the hand before, with any
tile.

On your turn, play one tile on either open end; you must play if you can. If you cannot,
draw from the boneyard until a tile fits; when the boneyard is empty, pass.

## Scoring

{COUNTING_ENDS}
If the total is a multiple of 5, you score it at once.

Worked example with 2 players:

= Play ; Open ends ; Count ; Points
= You open with [5:5] ; the double alone ; 5 + 5 = 10 ; you score 10
= Your opponent adds [5:0] ; [5:5] across one end, 0 at the other ; 10 + 0 = 10 ; they score 10
= You add [0:3] ; [5:5] and 3 ; 10 + 3 = 13 ; nothing
= Your opponent adds [5:2] on the double ; 2 and 3 ; 2 + 3 = 5 ; they score 5

When the hand ends, its winner also scores the pips left in the other hands, rounded to the
nearest 5: 27 pips score 25, 28 pips score 30. If the hand blocks, the lightest hand wins
and scores the difference to each other hand, rounded the same way.

## How it ends

A hand ends when someone goes out or nobody can play. The first player to reach 150 wins at
once, even in the middle of a hand.

## Tips

- Look for the five before you play: check what each of your tiles would make the ends add
  up to.
- Doubles on an end are worth twice as much: [5:5] across an end counts 10.
- Do not hand your opponent an easy count. Leaving ends that add up to 1, 2 or 3 less than a
  multiple of five invites a score.
- Tiles like [5:0], [6:4] and [3:2] are strong openers and fillers: they add a multiple of
  five or keep the count where it is.

## Variations

- Spinner: the first double laid becomes a spinner. Once both its long sides are taken,
  its short sides open too, so the line can grow in four directions, and every arm's end
  counts. The spinner counts both halves until both long sides are taken.
- Bigger sets (double-nine: 10 tiles each, 8 with 3 or 4 players; double-twelve: 12, or 11),
  a different number of points to win, or of tiles each.
"""

MUGGINS_PAGE = f"""\
## The goal

Score during play by making the open ends add up to a multiple of five, at one point for
every five, and by going out first. The first to 61 points wins.

## What you need

- A double-six set: 28 tiles.
- 2 to 4 players, 5 tiles each. The rest is the boneyard; its last 2 tiles (with 2 players)
  or last tile (with 3 or 4) are never drawn.

## A turn

{LINE_BASICS}
The first hand is opened by the player holding the highest double (no double dealt: the
heaviest tile). Later hands are opened by the winner of the hand before, with any tile.

On your turn, play one tile on either open end; you must play if you can. If you cannot,
draw until a tile fits; when only the untouchable last tiles are left, pass.

## Scoring

{COUNTING_ENDS}
Each multiple of five scores one point for every five: 10 scores 2, 15 scores 3.

When the hand ends, the player who went out (or the lightest hand, if the line blocks) adds
the pips left in the other hands divided by 5, rounded to the nearest point.

Worked example with 2 players:

= What happened ; Count ; Points
= You open with [6:4] ; 6 + 4 = 10 ; 2 points
= Your opponent adds [4:3] ; 6 + 3 = 9 ; nothing
= You lay [6:6] across the 6 and go out ; 12 + 3 = 15 ; 3 points
= Your opponent still holds [6:5] [2:0] ; 13 divided by 5 is 2.6 ; 3 points

You score 2 + 3 + 3 = 8 points in the hand.

## How it ends

A hand ends when someone goes out or nobody can play. The first player to 61 wins at once,
even in the middle of a hand.

## Tips

- Every count matters: a 20 is worth four points, as much as a good hand's end.
- Keep the fives and the fives-makers ([5:0], [6:4], [3:2], [4:1]) for the moment they score.
- Doubles at an end count twice: a [5:5] or [6:6] can turn a small count into a big one.
- Before playing, check what your opponent could make of the ends you leave.

## Variations

- Partners: 4 players in two pairs, partners opposite, pool their points. The other pair's
  two hands are counted at the end, and a blocked hand goes to the lighter pair.
- Spinner: the first double becomes a spinner and opens in four directions, as in All Fives.
- Drawing the whole boneyard, bigger sets, a different number of points to win, or of tiles
  each.
"""

KOZEL_PAGE = f"""\
## The goal

Kozel means "the goat". Two pairs play, partners sitting opposite. Only the pair that loses
a hand writes points, so low is good: the first pair to reach 101 is the goat and loses the
match.

## What you need

- A double-six set. All 28 tiles are dealt, 7 to each player.
- 4 players in two pairs, partners opposite, so the turns alternate between the pairs.

## A turn

{LINE_BASICS}
The first hand is opened with [1:1] by whoever holds it. Every later hand is opened by the
player who went out, or who laid the tile that blocked the line (the "fish").

On your turn, play one tile on either end. You must play if you can; otherwise you pass.

## Scoring

When a player goes out, the other pair writes the pips left in both its hands.

In a fish (nobody can play), each pair adds up its pips. The lighter pair wins the hand,
whoever made the fish, and the heavier pair writes its own total. A hand holding only the
double blank, [0:0], counts 25, also when the pairs are compared.

If both pairs hold the same total, nobody writes anything: these are "eggs". The eggs are
added to whatever the losers of the next hand write, and they can pile up.

Worked example over three hands:

= Hand ; What happened ; Written
= 1 ; Your partner goes out; the others hold [6:5] [4:4] and [2:1] [3:0] ; they write 11 + 8 + 3 + 3 = 25
= 2 ; A fish: your pair holds 15, the other pair 15 ; eggs: nobody writes, 15 carried
= 3 ; A fish: your pair 20, the other pair 12 ; your pair writes 20 + 15 = 35

## How it ends

Hands go on until a pair reaches 101 points: that pair is the goat and loses. If the winners
have not written a single point, it is a "dry goat", the worst defeat.

## Tips

- Heavy tiles are a burden: the pair that loses writes its pips, so shed [6:6] and [6:5]
  early.
- Beware the lone [0:0]: holding only it at the end counts 25.
- Help your partner go out. If your partner keeps playing one number, keep it showing.
- Count before you make a fish: blocking the line only pays if your pair is the lighter.

## Variations

- Bigger sets (double-nine or double-twelve, the tiles shared equally among the four), a
  different number of points that makes the goat, or of tiles each.
"""

CLASSIC_PAGE = f"""\
## The goal

Go out first, hand after hand, and collect the pips left in the other hands. Every double
branches out, so the line grows in many directions. The first player to 200 wins.

## What you need

- A double-six set: 28 tiles.
- 2 to 4 players, 7 tiles each. With 4 players all 28 are dealt; with 2 or 3 the rest is the
  boneyard.

## A turn

{LINE_BASICS}
Every hand is opened by whoever holds [6:6], with it; if nobody does, the highest double
dealt; if no double was dealt, the heaviest tile. Play goes to the right
(counter-clockwise).

Every double is laid across and becomes a spinner: once a tile has been played beyond it,
its two short sides open as new arms.

[6:6] [6:2] [2:2] [2:4]

Here [2:2] is already a branch point: both its short sides take a 2.

On your turn, play one tile on any open end; you must play if you can. With 2 or 3 players,
draw from the boneyard until a tile fits; with 4 players, or an empty boneyard, pass.

## Scoring

The player who goes out scores all the pips left in the other hands. If nobody can play,
the lightest hand wins and scores the total of the other hands. Equal lightest hands score
nothing.

Worked example with 3 players: you go out while the others hold [6:4] [3:3] (16 pips) and
[5:1] (6 pips). You score 16 + 6 = 22.

## How it ends

A hand ends when someone goes out or nobody can play. The first player to reach 200 points
at the end of a hand wins.

## Tips

- Doubles are strong here: each one opens two new ends for you to play on.
- Count the arms: more open ends means fewer passes, for you and for everyone else.
- Shed heavy tiles before the line closes.
- Remember who passed on which number, and keep those numbers showing.

## Variations

- Bigger sets (double-nine: 10 tiles each, 8 with 3 or 4 players; double-twelve: 12, or 11),
  a different number of points to win, or of tiles each.
"""
