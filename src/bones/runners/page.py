"""The rules page of Domino Runners for players (``bones.rulebook`` markup; facts as in ``bones.runners.rules``)."""

PAGE = """\
## The goal

Two players steer a runner across a board of dominoes, dropping a checker wherever the runner
turns. Place your checkers on high numbers and capture your opponent's: the higher score
after ten moves each wins.

## What you need

- A double-six set, all 28 tiles laid face up in a grid of 7 rows by 8 squares.
- 2 players, one black (dark) and one white (light). Each has a runner and ten checkers.

## A turn

Setting up: black puts the black runner on any square. White then either places the white
runner on another free square, or swaps: the players exchange colours, and the other player
places the white runner. This keeps black from choosing an unfair start.

Black moves first. On your turn, move your runner in a V:

1. Go straight up, down, left or right at least one square.
2. Turn a right angle and go at least one more square.
3. Drop one of your checkers on the square where you turned.

The runner may not cross or land on a runner or a checker. A checker never lies on a blank,
so the runner may not turn on a blank (it may pass over blanks and stop on one).

Jumps: the checker you just dropped may jump over a neighbouring opponent's checker (up,
down, left or right) onto the free square just beyond, which must not be a blank, and may
keep jumping the same way. Every checker jumped is captured. Jumping is up to you.

## Scoring

When the game ends, you score the numbers under your own checkers, plus one point for each
checker you captured.

Worked example: eight of your checkers are left on the board, on 6, 6, 5, 4, 4, 3, 2 and 1,
and you captured 3 of your opponent's. Your score is 31 + 3 = 34. Your opponent has nine
checkers on numbers adding up to 30 and captured 2: 32. You win.

## How it ends

Each move drops one checker, so after each player's tenth move the game ends and the higher
score wins; equal scores are a draw. A player who cannot move on their turn loses at once,
whatever the score.

## Tips

- Turn on sixes and fives: the turning square is where your points go.
- Do not leave a checker alone next to a free square: your opponent may drop a checker beside
  it and jump it.
- Long runs are not needed; look for a short V that ends where your opponent cannot follow.
- Late in the game, count your opponent's moves: a runner boxed in by checkers cannot move
  and loses.
- As white, swap when black's runner stands on a strong square.
"""
