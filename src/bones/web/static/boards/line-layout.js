// Where each tile of the line of play lies on the screen.
//
// Pure geometry, no rules: the server sends the placements (slot, near, far,
// joins) and the open ends (with the tile each grows from); this file lays them
// out. Units are the short side of a tile. The first tile sits in the middle;
// each arm walks outwards and, at the edge of the table or against another
// tile, turns a corner and comes back one row further on, so the line snakes.
// The largest tile size at which everything fits without overlap wins.
const E = [1, 0], W = [-1, 0], N = [0, -1], S = [0, 1];
const ccw = (d) => [d[1], -d[0]];
const cw = (d) => [-d[1], d[0]];
const neg = (d) => [-d[0], -d[1]];
const horizontal = (d) => d[1] === 0;
const EPS = 0.02;
// How many placements the search may try at each tile size before it settles for overlaps.
const SEARCH_STEPS = 800;

function rectFrom(P, d, isDouble) {
  const len = isDouble ? 1 : 2, wid = isDouble ? 2 : 1;
  const cx = P[0] + d[0] * len / 2, cy = P[1] + d[1] * len / 2;
  const w = horizontal(d) ? len : wid, h = horizontal(d) ? wid : len;
  return { x: cx - w / 2, y: cy - h / 2, w, h, next: [P[0] + d[0] * len, P[1] + d[1] * len] };
}

function overlaps(a, b) {
  return a.x < b.x + b.w - EPS && b.x < a.x + a.w - EPS && a.y < b.y + b.h - EPS && b.y < a.y + a.h - EPS;
}

function inside(r, box) {
  return r.x >= box.x0 - EPS && r.y >= box.y0 - EPS && r.x + r.w <= box.x1 + EPS && r.y + r.h <= box.y1 + EPS;
}

// Half the width of rect r measured across direction d.
function halfAcross(r, d) {
  return horizontal(d) ? r.h / 2 : r.w / 2;
}

// The start point for turning from an arm's head (P going d, last rect r) into direction d2.
function cornerStart(P, d, r, d2) {
  const hw = halfAcross(r, d);
  return [P[0] - d[0] * 0.5 + d2[0] * hw, P[1] - d[1] * 0.5 + d2[1] * hw];
}

function armFor(arms, placed, slot, origin) {
  if (arms[slot]) return arms[slot];
  const o = placed[origin];
  let d;
  if (slot === 0) d = W;
  else if (slot === 1) d = E;
  else {
    const a = o.dir;
    d = slot % 2 === 0 ? ccw(a) : cw(a);
  }
  const along = horizontal(d) ? o.w / 2 : o.h / 2;
  const cx = o.x + o.w / 2, cy = o.y + o.h / 2;
  let sense;
  if (slot === 0) sense = N;
  else if (slot === 1) sense = S;
  else sense = o.dir;
  const arm = { P: [cx + d[0] * along, cy + d[1] * along], d, last: o, sense, mode: "row", rowDir: d };
  arms[slot] = arm;
  return arm;
}

// Candidate placements for the next tile of an arm, best first.
function candidates(arm, isDouble) {
  const out = [];
  const straight = () => ({ r: rectFrom(arm.P, arm.d, isDouble), d: arm.d, turn: null });
  const turn = (d2, mode) => {
    const P2 = cornerStart(arm.P, arm.d, arm.last, d2);
    return { r: rectFrom(P2, d2, isDouble), d: d2, turn: mode };
  };
  // A hook turns beyond the end instead of over it: the new tile's first half lies
  // against the end face. It is the way out of a narrow gap (a double's side facing
  // the next arm), so it comes after the usual corners.
  const hook = (d2, mode) => {
    const P2 = [arm.P[0] + arm.d[0] * 0.5 - d2[0] * 0.5, arm.P[1] + arm.d[1] * 0.5 - d2[1] * 0.5];
    return { r: rectFrom(P2, d2, isDouble), d: d2, turn: mode };
  };
  if (arm.mode === "row") {
    out.push(straight());
    out.push(turn(arm.sense, "down"));
    out.push(turn(neg(arm.sense), "up"));
    out.push(hook(arm.sense, "down"));
    out.push(hook(neg(arm.sense), "up"));
  } else {
    // Come back only a full row away from the last row, so rows never crowd each other.
    const back = turn(neg(arm.rowDir), "back");
    const across = horizontal(arm.d) ? back.r.x + back.r.w / 2 : back.r.y + back.r.h / 2;
    if (Math.abs(across - arm.rowLine) >= 1.99) out.push(back);
    out.push(straight());
    if (out[0] !== back) out.push(back);
    out.push(turn(arm.rowDir, "forward"));
    out.push(hook(neg(arm.rowDir), "back"));
    out.push(hook(arm.rowDir, "forward"));
  }
  return out;
}

// The arm after its next tile goes to candidate c (a new object: arms are shared by the search's branches).
function advance(arm, c) {
  const next = { ...arm, P0: arm.P, P: c.r.next, last: c.r, d: c.d };
  if (c.turn === "down" || c.turn === "up") {
    next.mode = "turn";
    next.rowLine = horizontal(c.d) ? arm.P[0] : arm.P[1];
    if (c.turn === "up") next.sense = neg(arm.sense);
    next.rowDir = arm.d;
  } else if (c.turn === "back" || c.turn === "forward") {
    next.mode = "row";
    next.rowDir = c.d;
  }
  return next;
}

function firstRect(t) {
  const isDouble = t.near === t.far;
  const r = isDouble ? { x: -0.5, y: -1, w: 1, h: 2 } : { x: -1, y: -0.5, w: 2, h: 1 };
  // The first tile reads left to right: near (slot 0's side) then far.
  return { ...r, dir: E, double: isDouble, a: t.near, b: t.far, vertical: isDouble };
}

function tileRect(t, c) {
  const isDouble = t.near === t.far;
  const d = c.d;
  const r = { ...c.r, dir: d, double: isDouble, vertical: isDouble ? horizontal(d) : !horizontal(d) };
  // a: the left or top half, b: the right or bottom half.
  const forwards = isDouble || d[0] === 1 || d[1] === 1;
  r.a = forwards ? t.near : t.far;
  r.b = forwards ? t.far : t.near;
  return r;
}

// Lay the line out in box. With a budget, a search over each tile's candidates
// backs out of dead ends (an arm walled in by the others) and finds a layout with
// no overlap when one turns up within that many steps; without one, or
// when the search gives up, each tile takes its first free candidate (or, when
// none is free, its first one, counted in bad).
export function walk(layout, box, budget) {
  const tiles = layout.tiles || [];
  const placed = []; // rects of tiles, same order as layout.tiles
  let steps = 0;

  function free(r, others) {
    if (!inside(r, box)) return false;
    for (const o of placed) if (overlaps(r, o)) return false;
    for (const o of others || []) if (overlaps(r, o)) return false;
    return true;
  }

  function armOf(arms, t) {
    const origin = t.joins >= 0 && placed[t.joins] && !arms[t.slot] ? originOf(layout, t.slot, t.joins) : 0;
    const scratch = { ...arms };
    return { scratch, arm: armFor(scratch, placed, t.slot, origin) };
  }

  // Dashed slots where the next tile of each open end would go; null when one has no room and strict.
  function openSlots(arms, strict) {
    const slots = [];
    let bad = 0;
    const scratch = { ...arms };
    for (const end of layout.ends || []) {
      if (!placed.length) break;
      const arm = armFor(scratch, placed, end.slot, end.origin || 0);
      const options = candidates(arm, false);
      let chosen = options.find((c) => free(c.r, slots));
      if (!chosen) {
        if (strict) return null;
        chosen = options[0];
        bad += 1;
      }
      const r = chosen.r;
      slots.push({ x: r.x, y: r.y, w: r.w, h: r.h, slot: end.slot, name: end.name, value: end.value, dir: chosen.d });
    }
    if (!tiles.length) slots.push({ x: -1, y: -0.5, w: 2, h: 1, slot: -1, name: "centre", value: null, dir: E });
    return { slots, bad };
  }

  // Room an arm needs is checked as soon as it can be lost for good: a spinner's side arm
  // right after the spinner lies (its first tile must fit between the rows around it), an
  // open end once its arm's last tile lies. Later tiles only take room, so the search backs
  // out there, a few tiles back, instead of many tiles later.
  const checks = tiles.map(() => []);
  const firstOf = {};
  tiles.forEach((t, i) => { if (t.slot >= 2 && firstOf[t.slot] === undefined) firstOf[t.slot] = i; });
  for (const [slot, first] of Object.entries(firstOf)) {
    const origin = originOf(layout, +slot, tiles[first].joins);
    if (origin < first) checks[origin].push({ slot: +slot, origin, isDouble: tiles[first].near === tiles[first].far });
  }
  for (const end of layout.ends || []) {
    let at = end.origin || 0;
    tiles.forEach((t, i) => { if (t.slot === end.slot) at = Math.max(at, i); });
    if (at < tiles.length) checks[at].push({ slot: end.slot, origin: end.origin || 0, isDouble: false });
  }

  function hasRoom(arms, needs) {
    const scratch = { ...arms };
    return needs.every((n) => candidates(armFor(scratch, placed, n.slot, n.origin), n.isDouble).some((c) => free(c.r)));
  }

  // Limited discrepancy search: a layout that strays from the first free candidate at
  // most `spare` times, with spare = 0, 1, 2... The first choice is usually right, so a
  // wrong one early on (an arm that turned too soon) is found as cheaply as a late one.
  function search(i, arms, spare) {
    if (i === tiles.length) return openSlots(arms, true);
    const t = tiles[i];
    if (t.slot < 0) {
      placed.push(firstRect(t));
      const found = hasRoom(arms, checks[i]) && search(i + 1, arms, spare);
      if (!found) placed.pop();
      return found;
    }
    const { scratch, arm } = armOf(arms, t);
    let cost = 0;
    for (const c of candidates(arm, t.near === t.far)) {
      if (cost > spare || steps > budget) return null;
      steps++;
      if (!free(c.r)) continue;
      placed.push(tileRect(t, c));
      const next = { ...scratch, [t.slot]: advance(arm, c) };
      const found = hasRoom(next, checks[i]) && search(i + 1, next, spare - cost);
      if (found) return found;
      placed.pop();
      cost = 1;
    }
    return null;
  }

  for (let spare = 0; budget > 0 && steps <= budget && spare <= tiles.length; spare++) {
    const found = search(0, {}, spare);
    if (found) return { tiles: placed, slots: found.slots, bad: 0 };
    placed.length = 0;
  }
  let arms = {};
  let bad = 0;
  for (const t of tiles) {
    if (t.slot < 0) { placed.push(firstRect(t)); continue; }
    const { scratch, arm } = armOf(arms, t);
    const options = candidates(arm, t.near === t.far);
    let chosen = options.find((c) => free(c.r));
    if (!chosen) { chosen = options[0]; bad += 1; }
    placed.push(tileRect(t, chosen));
    arms = { ...scratch, [t.slot]: advance(arm, chosen) };
  }
  const open = openSlots(arms, false);
  return { tiles: placed, slots: open.slots, bad: bad + open.bad };
}

// The tile a new arm (slot) grows from: the spinner it joins.
function originOf(layout, slot, joins) {
  for (const end of layout.ends || []) if (end.slot === slot && end.origin !== undefined) return end.origin;
  return joins;
}

// Lay out for a board of width x height pixels; returns pixel rects.
export function fit(layout, width, height, opts) {
  const maxUnit = (opts && opts.maxUnit) || 40;
  const minUnit = (opts && opts.minUnit) || 7;
  const margin = 0.4;
  const attempt = (u) => {
    const hw = width / u / 2 - margin, hh = height / u / 2 - margin;
    if (hw < 1.5 || hh < 1.2) return null;
    return { u, ...walk(layout, { x0: -hw, x1: hw, y0: -hh, y1: hh }, SEARCH_STEPS) };
  };
  // The biggest tiles with no overlap. Sizes are bisected: where a size fits, a
  // smaller one nearly always does too. Failing that, the fewest overlaps.
  let best = attempt(maxUnit);
  let fallback = null;
  if (!best || best.bad > 0) {
    fallback = best;
    best = null;
    let lo = minUnit, hi = maxUnit - 1;
    while (lo <= hi) {
      const u = (lo + hi) >> 1;
      const result = attempt(u);
      if (result && result.bad === 0) {
        best = result;
        lo = u + 1;
      } else {
        if (result && (!fallback || result.bad < fallback.bad)) fallback = result;
        hi = u - 1;
      }
    }
  }
  best = best || fallback || { u: minUnit, ...walk(layout, { x0: -1e6, x1: 1e6, y0: -1e6, y1: 1e6 }, SEARCH_STEPS) };
  // Centre the whole picture on the board.
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const r of best.tiles.concat(best.slots)) {
    x0 = Math.min(x0, r.x); y0 = Math.min(y0, r.y);
    x1 = Math.max(x1, r.x + r.w); y1 = Math.max(y1, r.y + r.h);
  }
  const u = best.u;
  const ox = width / 2 - ((x0 + x1) / 2) * u;
  const oy = height / 2 - ((y0 + y1) / 2) * u;
  const px = (r) => ({ ...r, left: ox + r.x * u, top: oy + r.y * u, width: r.w * u, height: r.h * u });
  return { unit: u, bad: best.bad, tiles: best.tiles.map(px), slots: best.slots.map(px) };
}

