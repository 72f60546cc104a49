// The renderers the table knows, by the kind of board a game names (GameInfo.board, sent in the
// catalog). The shell asks here for a game's renderer and never looks at the game itself, so a new
// kind of board joins by registering; a game joins by naming a kind that is registered.
//
// A renderer is an object with:
//   adapt(view)                      optional: the server's view as this board reads it (ctx.S.view)
//   enter()                          a new table: forget what was drawn for the last one
//   render(ctx, {animate, old})      draw the board, the hand and the seat's choices from ctx.S.view
//   refit(ctx)                       the board's room changed: draw again if the picture depends on it
//   seatTiles(ctx, v, seat, side)    what sits under another player's name (the backs of their tiles)
//   info(v)                          [label, number] pairs for the chip beside the score
//   scores(v)                        optional: {scores, target, sides} where the view has no match score
//   turnText(ctx, v), describe(ctx, v, last, old)   the status line while playing, and the last move
//   soundOf(last), bubbleOf(v, last) the sound and the word over a name after a move
//   automatic(v)                     optional: the player's move needs no choice, the server makes it
//                                    (default: the view's ``forced``)
//   showHint(ctx, hint)              mark the hint on the board; returns the words for the status line
//   key(ctx, ev), escape(ctx)        the board's keys; Escape drops a half-made choice (true if it did)
//   focusTarget(ctx)                 where keyboard focus goes after a move
//   handTitle(v), fillSheet(ctx, v, {hands, totals})   optional: the hand sheet (its title on the
//                                    status line; fill its two tables, return {title, note, final});
//                                    by default the shell shows each side's points and totals
const RENDERERS = new Map();

export function registerBoard(kind, renderer) {
  RENDERERS.set(kind, renderer);
}

export function rendererFor(kind) {
  return RENDERERS.get(kind) || null;
}

export const boardKinds = () => [...RENDERERS.keys()];
