// Choosing among boxes on the screen: where a dropped piece lands, and where an arrow key moves
// the keyboard's cursor. Pure geometry over DOMRect-like boxes ({left, top, width, height}), so
// node's test runner checks it.

const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

// The target a dragged piece is dropped on: the nearest centre among the boxes within ``pad``
// pixels of the point, or -1 (a drop away from every target cancels).
export function nearestBox(boxes, x, y, pad = 20) {
  let best = -1, bestDist = Infinity;
  boxes.forEach((r, i) => {
    if (x < r.left - pad || x > r.left + r.width + pad || y < r.top - pad || y > r.top + r.height + pad) return;
    const c = centre(r);
    const dist = Math.hypot(x - c.x, y - c.y);
    if (dist < bestDist) { best = i; bestDist = dist; }
  });
  return best;
}

// The boxes as a page is read: in lines from the top, each line from the left. Boxes whose middles
// lie within half a box of each other's height share a line.
export function readingOrder(boxes) {
  const order = boxes.map((_, i) => i).sort((a, b) => centre(boxes[a]).y - centre(boxes[b]).y);
  const lines = [];
  for (const i of order) {
    const line = lines[lines.length - 1];
    const c = centre(boxes[i]);
    if (line && c.y - line.y <= Math.max(4, Math.min(line.h, boxes[i].height) / 2)) line.items.push(i);
    else lines.push({ y: c.y, h: boxes[i].height, items: [i] });
  }
  return lines.flatMap((line) => line.items.sort((a, b) => boxes[a].left - boxes[b].left));
}

// Where an arrow key takes the cursor from box ``current`` (-1: from none, then to the first box).
// Left and Right walk every box in reading order and wrap around, so each one can be reached; Up
// and Down go to the nearest box above or below (the horizontal distance counts double), and stay
// where nothing lies that way.
export function arrowTarget(boxes, current, key) {
  if (!boxes.length) return -1;
  const order = readingOrder(boxes);
  if (current < 0 || current >= boxes.length) return key === "ArrowLeft" || key === "ArrowUp" ? order[order.length - 1] : order[0];
  if (key === "ArrowRight" || key === "ArrowLeft") {
    const at = order.indexOf(current);
    return order[(at + (key === "ArrowRight" ? 1 : -1) + order.length) % order.length];
  }
  if (key !== "ArrowUp" && key !== "ArrowDown") return current;
  const from = centre(boxes[current]);
  const down = key === "ArrowDown";
  let best = current, bestScore = Infinity;
  boxes.forEach((r, i) => {
    const c = centre(r);
    const dy = down ? c.y - from.y : from.y - c.y;
    if (i === current || dy <= Math.min(r.height, boxes[current].height) / 4) return;
    const score = dy + 2 * Math.abs(c.x - from.x);
    if (score < bestScore) { best = i; bestScore = score; }
  });
  return best;
}
