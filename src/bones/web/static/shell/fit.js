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
