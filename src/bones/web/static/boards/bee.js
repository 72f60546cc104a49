// Bee Donimoes: the layout of dominoes face up, the dice on it, the queen that never moves. Tap a
// glowing die, then a glowing cell it can land on; each round ends when the dice touch in one group.
import { $, el } from "../shell/dom.js";
import { half } from "../shell/tiles.js";
import * as B from "./bee-words.js";
import { registerBoard } from "./index.js";
import { pickActions } from "./pick-actions.js";

const P = { picked: null, at: -1 };

function cellSize(v) {
  const board = $("board");
  const rows = v.board.rows.length, cols = v.board.rows[0].length;
  return Math.max(20, Math.floor(Math.min((board.clientWidth - 24) / cols, (board.clientHeight - 70) / rows, 76)));
}

function renderBoard(ctx, v) {
  const board = $("board");
  board.setAttribute("aria-label", "The layout of dominoes with the dice on it");
  const glow = new Set(B.options(v, P.picked));
  const hint = ctx.S.hint && ctx.S.hint.best;
  const hinted = hint ? v.board.choices.find((c) => c.move === hint) : null;
  const grid = el("div", "bee");
  grid.style.setProperty("--cell", `${cellSize(v)}px`);
  grid.style.gridTemplateColumns = `repeat(${v.board.rows[0].length}, var(--cell))`;
  for (const row of v.board.rows) {
    for (const cell of row) {
      const b = el("button", `bee-cell runners-cell join-${cell.join}`);
      b.type = "button";
      b.dataset.cell = cell.name;
      b.appendChild(half(cell.number, true));
      if (cell.die) {
        const d = el("span", `bee-die${cell.queen ? " queen" : ""}`, String(cell.die));
        d.setAttribute("aria-hidden", "true");
        b.appendChild(d);
      }
      const can = glow.has(cell.name);
      b.classList.toggle("target", can);
      b.classList.toggle("picked", P.picked === cell.name);
      b.classList.toggle("wild", cell.wild);
      b.classList.toggle("hinted", !!hinted && (hinted.from === cell.name || hinted.to === cell.name));
      b.tabIndex = can ? 0 : -1;
      if (!can) b.setAttribute("aria-disabled", "true");
      b.setAttribute("aria-label", `${B.cellWords(cell)}${can ? (P.picked ? ": land here" : ": move this die") : ""}`);
      b.addEventListener("click", () => tap(ctx, cell.name, b));
      grid.appendChild(b);
    }
  }
  const giveUp = v.board.choices.find((c) => !c.from);
  const actions = pickActions(ctx, {
    picked: P.picked,
    back: () => { P.picked = null; ctx.render(); ctx.say(B.turnText(v, null)); },
    giveUp: B.myTurn(v) ? giveUp : null,
    giveUpLabel: "Give up this round",
    moveClass: "bee-move",
  });
  const wrap = el("div", "fujisan-wrap");
  wrap.append(grid, actions);
  board.replaceChildren(wrap);
}

function tap(ctx, name, e) {
  const v = ctx.S.view;
  if (!v || ctx.S.busy || !B.myTurn(v)) return;
  if (!B.options(v, P.picked).includes(name)) { ctx.sound("nope"); ctx.say(`Not a choice now. ${B.turnText(v, P.picked)}`, true); return; }
  if (P.picked) { ctx.send(B.moveFor(v, P.picked, name), e); return; }
  P.picked = name;
  P.at = v.move_number;
  ctx.render();
  ctx.say(B.turnText(v, P.picked));
  document.querySelector(".bee-cell.target")?.focus();
}

export const beeBoard = {
  enter() { P.picked = null; },
  render(ctx) {
    const v = ctx.S.view;
    if (P.at !== v.move_number) P.picked = null;
    renderBoard(ctx, v);
    $("hand").replaceChildren(el("div", "fujisan-mine", v.board.queen ? `Round of queen ${v.board.queen}: ${v.board.round_moves} moves` : "All rounds played"));
    $("boneyard").hidden = true;
  },
  refit(ctx) {
    const grid = document.querySelector("#board .bee");
    const want = `${cellSize(ctx.S.view)}px`;
    if (!grid || grid.style.getPropertyValue("--cell") === want) return false;
    grid.style.setProperty("--cell", want);
    return true;
  },
  seatTiles: () => null,
  info: B.infoItems,
  turnText: (ctx, v) => B.turnText(v, P.picked),
  describe: () => "",
  soundOf: () => "play",
  bubbleOf: () => null,
  showHint(ctx, h) {
    const c = ctx.S.view.board.choices.find((x) => x.move === h.best);
    return `Hint: ${c ? c.words.charAt(0).toLowerCase() + c.words.slice(1) : h.best}`;
  },
  key: () => false,
  escape(ctx) {
    if (!P.picked) return false;
    P.picked = null;
    ctx.render();
    ctx.say(B.turnText(ctx.S.view, null));
    return true;
  },
  focusTarget: () => document.querySelector(".bee-cell.target"),
};

registerBoard("bee", beeBoard);
