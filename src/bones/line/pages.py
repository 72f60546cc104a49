"""The rules pages of the blocking and drawing games (Draw, Block, the partnership game), for players.

Written in the markup of ``bones.rulebook``; the facts follow the project's rules sheet and
``bones.line.scoring``, and tests replay the worked examples.
"""

from __future__ import annotations

LINE_BASICS = """\
Dominoes join end to end in one line of play. A tile may go on an open end when one of its
numbers matches the number showing there: [6:3] can follow [3:1] because both show a 3.
A double, like [5:5], is laid across the line.
"""

DRAW_PAGE = f"""\
## The goal

Be the first to play every tile in your hand, hand after hand, and collect the pips (the
spots) left in your opponents' hands. The first player to 100 points wins the match.

## What you need

- A double-six set: 28 tiles, from [0:0] to [6:6].
- 2 to 4 players. With 2 players each takes 7 tiles; with 3 or 4, 5 tiles each.
- The tiles nobody takes stay face down as the boneyard.

## A turn

{LINE_BASICS}
The first hand is opened by the player holding the highest double, who must lay it. If
nobody holds a double, the heaviest tile opens (the one with the higher number breaks ties).
Every later hand is opened by the winner of the hand before, with any tile they like (after a
blocked hand that nobody won, by the player after the last opener).

On your turn, play one tile on either open end. You must play if you can. If you cannot,
draw from the boneyard one tile at a time until one fits, then play it. When the boneyard
is empty and nothing fits, you pass.

[3:1] [1:6] [6:6] [6:2]

In the line above the open ends show 3 and 2, so [3:5] or [2:4] could be played next.

## Scoring

When a player plays their last tile they win the hand and score all the pips left in the
other players' hands.

If nobody can play and the boneyard is empty, the hand is blocked. The player with the
fewest pips in hand wins it. With 2 players they score the difference between the two
hands; with 3 or 4 players they score the total of the other hands. If the lowest counts
are equal, nobody scores.

Worked example with 2 players:

= What happened ; Tiles left ; Points
= You go out; your opponent still holds [6:5] [3:1] [2:0] ; 11 + 4 + 2 ; you score 17
= The hand blocks: you hold [4:2] [1:1] (8), your opponent [6:4] [2:1] (13) ; 13 - 8 ; you score 5

## How it ends

A hand ends when someone goes out or the line is blocked. Hands go on until a player
reaches 100 points at the end of a hand; that player wins the match.

## Tips

- Get rid of heavy tiles early: if the hand blocks, every pip you still hold counts
  against you.
- Keep a mix of numbers. A hand of many different numbers fits more ends and draws less.
- Watch what your opponent draws on. If they had to draw when the ends showed 4 and 6, they
  hold neither number: try to keep a 4 or a 6 showing.
- Play doubles while they still fit. A double needs its own number at an end, and late in
  the hand that number may be gone.

## Variations

- Reserve: the last 2 tiles of the boneyard (with 2 players) or the last one (with 3 or 4)
  are never drawn.
- Partners: 4 players in two pairs, partners sitting opposite, play the partnership game
  described under Partnership, with drawing.
- Bigger sets: with a double-nine set each player takes 10 tiles (8 with 3 or 4 players);
  with a double-twelve, 12 (11 with 3 or 4).
- A different number of points to win, or a different number of tiles each.
"""

BLOCK_PAGE = f"""\
## The goal

Be the first to play every tile in your hand and collect the pips left in your opponents'
hands. There is no drawing: when you are stuck, you pass. The first player to 100 points
wins the match.

## What you need

- A double-six set: 28 tiles, from [0:0] to [6:6].
- 2 to 4 players. With 2 players each takes 7 tiles; with 3 or 4, 5 tiles each.
- The tiles nobody takes stay face down and are never used.

## A turn

{LINE_BASICS}
The first hand is opened by the player holding the highest double, who must lay it. If
nobody holds a double, the heaviest tile opens. Every later hand is opened by the winner of
the hand before, with any tile (after a tie, by the player after the last opener).

On your turn, play one tile on either open end. You must play if you can; if nothing fits,
you pass.

[2:2] [2:5] [5:0]

Here the open ends show 2 and 0: a player holding no 2 and no 0 passes.

## Scoring

The player who goes out wins the hand and scores all the pips left in the other hands.

When nobody can play, the hand is blocked and the lightest hand wins. With 2 players the
winner scores the difference between the two hands; with 3 or 4 players, the total of the
other hands. Equal lowest hands score nothing.

Worked example with 3 players, blocked:

= Player ; Tiles left ; Pips
= You ; [2:1] [1:0] ; 4
= Left ; [6:3] [4:0] ; 13
= Right ; [6:2] ; 8

You hold the fewest pips, so you win the hand and score 13 + 8 = 21.

## How it ends

A hand ends when someone goes out or nobody can play. The first player to reach 100 points
at the end of a hand wins the match.

## Tips

- Count the tiles. There are seven tiles of each number; when you hold or see most of one
  number, you can block the line by leaving it at both ends.
- Shed heavy tiles first: a block is won by the lightest hand.
- Keep your longest suit. Holding four or five tiles of one number lets you keep playing
  when others must pass.
- A pass tells you something: the passer holds neither number at the ends.

## Variations

- Partners: 4 players in two pairs, partners sitting opposite. This is the partnership game
  with its own page, Partnership (Latin).
- Bigger sets: a double-nine set deals 10 tiles each (8 with 3 or 4 players); a
  double-twelve, 12 (11 with 3 or 4).
- A different number of points to win, or a different number of tiles each.
"""

PARTNERSHIP_PAGE = f"""\
## The goal

Four players in two pairs, partners sitting opposite each other, play as a team. Your pair
wins a hand when either of you plays your last tile, or when the line blocks and your pair
holds fewer pips. The first pair to 100 points wins the match.

## What you need

- A double-six set. All 28 tiles are dealt, 7 to each player, so there is no boneyard.
- 4 players. You sit opposite your partner, and play goes round the table, so the turns
  alternate between the pairs.

## A turn

{LINE_BASICS}
The first hand is opened by whoever holds [6:6], with it. Every later hand is opened by the
winner of the hand before, with any tile.

On your turn, play one tile on either end. You must play if you can; otherwise you pass.
Your partner's tiles are hidden from you: help them by leaving numbers they have been
playing and blocking numbers your opponents need.

## Scoring

Points belong to the pair. When a player goes out, their pair scores the pips of all four
hands, their partner's included.

When nobody can play, the pair with fewer pips in its two hands wins, and again scores the
pips of all four hands. If both pairs hold the same number of pips, nobody scores.

Worked example, blocked hand:

= Pair ; Hands ; Pips
= You and your partner ; [3:2] and [4:1] [1:0] ; 5 + 6 = 11
= Your opponents ; [6:2] and [6:3] ; 8 + 9 = 17

Your pair is lighter, so it wins the hand and scores 11 + 17 = 28.

## How it ends

A hand ends when someone goes out or nobody can play. After a blocked hand, the player who
laid the last tile opens the next one if their pair won; otherwise the next player, who
belongs to the winning pair. After a tie the same player opens again. The first pair to
reach 100 points wins.

## Tips

- Lead with a number you hold many of: your partner learns what you can play.
- Do not cover your partner's number. If your partner just played a 5, keeping a 5 open
  helps them.
- Make your opponents pass. When an opponent passes on two numbers, play to leave those
  numbers showing.
- With the block near, count pairs, not hands: your partner's light hand can win it for
  both of you.

## Variations

- Cuban style, with a double-nine set: 10 tiles each, and the other 15 stay face down and
  are never used. The first hand is opened with [9:9] or the highest double dealt. Cuban
  tables usually play to 200.
- With drawing: stuck players draw from the face-down tiles, as in Draw.
- A different number of points to win.
"""
