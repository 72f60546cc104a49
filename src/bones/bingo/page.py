"""The rules page of Bingo dominoes for players (``bones.rulebook`` markup; facts as in ``bones.bingo.rules``)."""

PAGE = """\
## The goal

Bingo is a card game played with dominoes. Win tricks that hold valuable tiles and reach 70
points in a hand before your opponent; every hand won that way gives you sets, and the first
player to 7 sets wins the match.

## What you need

- A double-six set: 28 tiles.
- 2 players, 7 tiles each. The rest is the boneyard.
- Trumps: the leader turns one tile up; its higher number is trumps for the hand. That tile
  lies face up at the bottom of the boneyard and is drawn last.

## A turn

Before each hand both players turn over a tile; the higher total leads the hand (equal totals:
the higher number). The tiles go back before the deal.

The leader plays a tile and the other player answers with one; the winner takes both tiles
(a trick) and leads next.

- The bingo, [0:0], wins every trick.
- A trump (a tile showing the trumps number) beats any other tile; of two trumps the higher
  total wins.
- Without trumps, the higher total wins; equal totals go to the leader.

After each trick both players draw, the winner first. When only one face-down tile and the
trump tile are left, the winner of the trick chooses which one to take.

Closing: on your turn to lead, while a face-down tile is left, you may close the boneyard.
Nobody draws again. From then on, and also once the boneyard is empty, you must follow: a
trump led must be answered with a trump; any other tile with a tile showing its higher
number, else its lower number, else a trump. Only if you can do none of these may you play
any tile.

## Scoring

Tricks score the tiles in them. With 4 as trumps:

= Tile ; Points
= [4:4], the double trump ; 28
= [0:0], the bingo ; 14 (28 when 0 is trumps)
= Any other double, like [5:5] ; its total: 10
= Any other trump, like [6:4] or [4:1] ; its total: 10, 5
= [6:4] and [3:0], whatever the trumps ; 10
= Every other tile ; 0

Honours: when you play a double while holding at least one more, you may declare honours
and show all your doubles. Two doubles score 20, three 40, four 50, five 60, six 70, and all
seven 210, with 10 more when the bingo is among them. They count only if you win that trick.
Taking the double trump with the bingo wins a set at once.

Worked example, trumps 4: you lead [5:5] and your opponent answers [4:1]. The trump wins, so
your opponent takes 10 + 5 = 15 points. Later you answer their [6:3] with [6:4], a trump:
you take 10 + 0 = 10 points.

## How it ends

As soon as a player's points reach 70, the hand ends and that player wins sets:

= Your opponent has ; You win
= taken no trick ; 3 sets
= taken a trick, under 30 points ; 2 sets
= 30 points or more ; 1 set

A player who closed must reach 70: if the tiles run out first, the opponent wins the sets the
closer would have won at that moment. A hand where nobody reaches 70 and nobody closed gives
no sets. The first to 7 sets wins the match.

## Tips

- Keep a trump or two for the end, when your opponent must follow and cannot escape them.
- Lead low tiles worth nothing early, and let your opponent spend trumps on them.
- Close when you are close to 70 and hold the trumps: your opponent can no longer draw into
  help, and must follow your leads.
- Save doubles for honours: three doubles declared on a trick you are sure to win are worth
  40.

## Variations

- A match to a different number of sets.
"""
