// Where each tile of the line of play lies on the screen.
//
// Pure geometry, no rules: the server sends the placements (slot, near, far,
// joins) and the open ends (with the tile each grows from); this file lays them
// out. Units are the short side of a tile. The first tile sits in the middle;
// each arm walks outwards and, at the edge of the table or against another
// tile, turns a corner and comes back one row further on, so the line snakes.
// The largest tile size at which everything fits without overlap wins.
"use strict";

(function (global) {
  const E = [1, 0], W = [-1, 0], N = [0, -1], S = [0, 1];
  const ccw = (d) => [d[1], -d[0]];
  const cw = (d) => [-d[1], d[0]];
  const neg = (d) => [-d[0], -d[1]];
  const horizontal = (d) => d[1] === 0;
  const EPS = 0.02;

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

  function walk(layout, box) {
    const tiles = layout.tiles || [];
    const placed = []; // rects of tiles, same order as layout.tiles
    const arms = {};   // slot -> arm state
    let bad = 0;

    function free(r) {
      if (!inside(r, box)) return false;
      for (const o of placed) if (o && overlaps(r, o)) return false;
      return true;
    }

    function armFor(slot, origin) {
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
      if (arm.mode === "row") {
        out.push(straight());
        out.push(turn(arm.sense, "down"));
        out.push(turn(neg(arm.sense), "up"));
      } else {
        // Come back only a full row away from the last row, so rows never crowd each other.
        const back = turn(neg(arm.rowDir), "back");
        const across = horizontal(arm.d) ? back.r.x + back.r.w / 2 : back.r.y + back.r.h / 2;
        if (Math.abs(across - arm.rowLine) >= 1.99) out.push(back);
        out.push(straight());
        out.push(back);
        out.push(turn(arm.rowDir, "forward"));
      }
      return out;
    }

    function commit(arm, c) {
      arm.P0 = arm.P;
      arm.P = c.r.next;
      arm.last = c.r;
      if (c.turn === "down" || c.turn === "up") {
        arm.mode = "turn";
        arm.rowLine = horizontal(c.d) ? arm.P0[0] : arm.P0[1];
        if (c.turn === "up") arm.sense = neg(arm.sense);
        arm.rowDir = arm.d;
      } else if (c.turn === "back" || c.turn === "forward") {
        arm.mode = "row";
        arm.rowDir = c.d;
      }
      arm.d = c.d;
    }

    tiles.forEach((t, i) => {
      const isDouble = t.near === t.far;
      if (t.slot < 0) {
        const r = isDouble ? { x: -0.5, y: -1, w: 1, h: 2 } : { x: -1, y: -0.5, w: 2, h: 1 };
        r.dir = E;
        r.double = isDouble;
        // The first tile reads left to right: near (slot 0's side) then far.
        r.a = t.near; r.b = t.far; r.vertical = isDouble;
        placed.push(r);
        return;
      }
      const origin = t.joins >= 0 && placed[t.joins] && !arms[t.slot] ? originOf(layout, t.slot, t.joins) : 0;
      const arm = armFor(t.slot, origin);
      const options = candidates(arm, isDouble);
      let chosen = options.find((c) => free(c.r));
      if (!chosen) { chosen = options[0]; bad += 1; }
      commit(arm, chosen);
      const r = chosen.r;
      r.dir = chosen.d;
      r.double = isDouble;
      r.vertical = isDouble ? horizontal(chosen.d) : !horizontal(chosen.d);
      // a: the left or top half, b: the right or bottom half.
      const d = chosen.d;
      if (isDouble) { r.a = t.near; r.b = t.far; }
      else if (d === E || (d[0] === 1)) { r.a = t.near; r.b = t.far; }
      else if (d[0] === -1) { r.a = t.far; r.b = t.near; }
      else if (d[1] === 1) { r.a = t.near; r.b = t.far; }
      else { r.a = t.far; r.b = t.near; }
      placed.push(r);
    });

    // Dashed slots where the next tile of each open end would go.
    const slots = [];
    (layout.ends || []).forEach((end) => {
      if (!placed.length) return;
      const arm = armFor(end.slot, end.origin || 0);
      const probe = { ...arm, P: arm.P.slice() };
      const options = candidates(probe, false);
      let chosen = options.find((c) => free(c.r) && !slots.some((s) => overlaps(s, c.r)));
      if (!chosen) { chosen = options[0]; bad += 1; }
      const r = chosen.r;
      slots.push({ x: r.x, y: r.y, w: r.w, h: r.h, slot: end.slot, name: end.name, value: end.value, dir: chosen.d });
    });
    if (!tiles.length) slots.push({ x: -1, y: -0.5, w: 2, h: 1, slot: -1, name: "centre", value: null, dir: E });
    return { tiles: placed, slots, bad };
  }

  // The tile a new arm (slot) grows from: the spinner it joins.
  function originOf(layout, slot, joins) {
    for (const end of layout.ends || []) if (end.slot === slot && end.origin !== undefined) return end.origin;
    return joins;
  }

  // Lay out for a board of width x height pixels; returns pixel rects.
  function fit(layout, width, height, opts) {
    const maxUnit = (opts && opts.maxUnit) || 40;
    const minUnit = (opts && opts.minUnit) || 7;
    const margin = 0.4;
    let best = null;
    for (let u = maxUnit; u >= minUnit; u -= 1) {
      const hw = width / u / 2 - margin, hh = height / u / 2 - margin;
      if (hw < 1.5 || hh < 1.2) continue;
      const box = { x0: -hw, x1: hw, y0: -hh, y1: hh };
      const result = walk(layout, box);
      // Fewest overlaps first, then the biggest tiles.
      if (!best || result.bad < best.bad) best = { u, ...result };
      if (result.bad === 0) break;
    }
    if (!best) best = { u: minUnit, ...walk(layout, { x0: -1e6, x1: 1e6, y0: -1e6, y1: 1e6 }) };
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

  global.BonesLayout = { fit, walk };
})(typeof window !== "undefined" ? window : globalThis);
