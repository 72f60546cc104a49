// The buttons under a board played by picking a piece and then its square (the puzzles' grids):
// Back drops the piece picked, and the move that gives the round or the game up, when there is one.
import { el } from "../shell/dom.js";

export function pickActions(ctx, { picked, back, giveUp, giveUpLabel, moveClass }) {
  const actions = el("div", "fujisan-actions");
  if (picked) {
    const b = el("button", "btn", "Back");
    b.type = "button";
    b.addEventListener("click", back);
    actions.appendChild(b);
  }
  if (giveUp) {
    const b = el("button", `btn ${moveClass}`, giveUpLabel);
    b.type = "button";
    b.dataset.move = giveUp.move;
    b.addEventListener("click", () => ctx.send(giveUp.move, b));
    actions.appendChild(b);
  }
  return actions;
}
