// A grid of square cells fitted to the room it has: as large as both directions allow, between a
// least size (for touch) and a largest (so a big screen is not all board). Pure, for node's tests.
//
// room: {width, height} in pixels; rows, cols: the grid; gap: pixels between cells; reserve: the
// pixels taken below the grid (a row of buttons) and around it.
export function fitCells({ width, height, rows, cols, gap = 0, reserveX = 0, reserveY = 0, min = 14, max = 64 }) {
  const byWidth = (width - reserveX - (cols - 1) * gap) / cols;
  const byHeight = (height - reserveY - (rows - 1) * gap) / rows;
  return Math.max(min, Math.floor(Math.min(byWidth, byHeight, max)));
}

// A hand's tile width (a tile is twice as high): as wide as the room allows, between `least` (a finger) and
// `most`, and no higher than `byHeight` allows unless that is under `least`. Tiles that do not fit one row
// wrap, at most into `rows` rows; past that the hand is one row that scrolls sideways (`scrolls`).
export function handTiles({ room, n, byHeight, least = 40, most = 60, gap = 6, rows = 2 }) {
  const count = Math.max(n, 1);
  const fit = Math.floor((room - (count - 1) * gap) / count);
  const tw = Math.max(least, Math.min(most, fit, Math.max(least, byHeight)));
  const perRow = Math.max(1, Math.floor((room + gap) / (tw + gap)));
  return { tw, scrolls: Math.ceil(count / perRow) > rows };
}
