// Where the ends of the line may be tapped. Pure geometry over the rectangles of the fitted board.

// Where the line is crowded, the places of two ends a tile fits can overlap, and a tap on one
// then lands on the other (or never lands). The places the picked tile may go are trimmed apart:
// each keeps the part of the overlap nearer its own side.
export function separateTargets(slots, targets) {
  const places = slots.map((s) => ({ ...s }));
  const live = places.filter((s) => targets.has(s.name));
  for (let i = 0; i < live.length; i++) {
    for (let j = i + 1; j < live.length; j++) {
      const a = live[i], b = live[j];
      const ox = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
      const oy = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
      if (ox <= 0 || oy <= 0) continue;
      const [pos, size] = ox <= oy ? ["left", "width"] : ["top", "height"];
      const [first, second] = a[pos] + a[size] / 2 <= b[pos] + b[size] / 2 ? [a, b] : [b, a];
      const cut = (Math.max(first[pos], second[pos]) + Math.min(first[pos] + first[size], second[pos] + second[size])) / 2;
      const secondEnd = second[pos] + second[size];
      first[size] = Math.max(8, cut - first[pos]);
      second[pos] = cut;
      second[size] = Math.max(8, secondEnd - cut);
    }
  }
  return places;
}

// A lit end on a crowded line is as small as its tiles (27 px on a phone held sideways): its place
// grows round its middle to at least `least` pixels each way (kept inside the board), then the
// places are trimmed apart as above. `pad`: what the drawn button loses at each edge.
export function reachTargets(slots, targets, room, least = 44, pad = 2) {
  const grow = (start, size, limit) => {
    const want = least + 2 * pad;
    if (size >= want) return [start, size];
    const wide = Math.min(want, limit);
    return [Math.max(0, Math.min(limit - wide, start - (wide - size) / 2)), wide];
  };
  const grown = slots.map((s) => {
    if (!targets.has(s.name)) return s;
    const [left, width] = grow(s.left, s.width, room.width);
    const [top, height] = grow(s.top, s.height, room.height);
    return { ...s, left, width, top, height };
  });
  return separateTargets(grown, targets);
}

// The largest tile unit worth trying on a board of W x H pixels.
export function maxUnitFor(W, H) {
  return Math.max(10, Math.min(44, Math.floor(Math.min(W / 10, H / 6))));
}
