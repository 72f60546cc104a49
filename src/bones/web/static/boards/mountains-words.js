// Mountains and Valleys' moves by the cells a player taps, and the map in words. Pure functions of
// the view (v.board is MountainsState.client_view), so node's test runner checks them.
export const myTurn = (v) => !!v && v.status === "playing" && v.to_move === v.seat;

// Per domino in hand, its moves (placements, or passing it on); and the other moves.
export function sources(v) {
  const tiles = new Map(), others = [];
  if (!myTurn(v)) return { tiles, others };
  for (const c of v.board.choices) {
    if (c.kind === "place" || c.kind === "pass") tiles.set(c.source, [...(tiles.get(c.source) || []), c]);
    else if (c.kind !== "lift") others.push(c);
  }
  return { tiles, others };
}

// The placements of ``tile`` that cover every tapped cell: the cells still glowing, the move once
// one is left, and the ones to ask in words when they lie on the same cells (the other way round).
export function narrow(v, tile, tapped = []) {
  const all = (sources(v).tiles.get(tile) || []).filter((c) => c.kind === "place");
  const left = all.filter((c) => tapped.every((cell) => c.cells.includes(cell)));
  const glow = new Set(left.flatMap((c) => c.cells).filter((cell) => !tapped.includes(cell)));
  return { glow, move: left.length === 1 ? left[0].move : null, ask: left.length > 1 && !glow.size ? left : [] };
}

export function liftAt(v, cell) {
  if (!myTurn(v)) return null;
  const c = v.board.choices.find((x) => x.kind === "lift" && x.cells[0] === cell);
  return c ? c.move : null;
}

export function turnText(v, picked) {
  if (!myTurn(v)) return v.status === "playing" ? `${v.seats[v.to_move].name} is thinking…` : "The map is finished";
  if (v.board.position.stage === "pass") return "Pass a domino to the player on your left: tap it";
  if (picked) return `Place ${picked}: tap the squares it covers`;
  return "Tap a domino to place it (or a placed one to lift it)";
}

export function cellWords(cell) {
  return cell.height === null ? `${cell.name}, empty` : `${cell.name}, height ${cell.height}`;
}

export function infoItems(v) {
  const placed = v.board.rows.flat().filter((c) => c.height !== null).length / 2;
  return [["Penalty (lower is better)", v.board.penalty], ["Placed", placed]];
}
