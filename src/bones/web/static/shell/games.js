// YOUR GAMES: the player's finished matches, the latest first, a page at a time (from the statistics
// screen), each with REPLAY and REVIEW. The server lists the asking player's own matches only.
import { $, el } from "./dom.js";
import { api } from "./net.js";
import { showHome } from "./home.js";
import { openReview } from "./review.js";
import { gameLine } from "./review-chart.js";

let page = 0;

async function showGames(at = page) {
  page = at;
  const box = $("games-list");
  box.textContent = "Loading…";
  $("stats-screen").hidden = true;
  $("games-screen").hidden = false;
  $("games-close").focus();
  let listed;
  try {
    listed = await api("GET", `/api/my-games?page=${page}`);
  } catch (e) {
    box.textContent = e.retry ? "Connection lost: your games could not be fetched. Try again in a moment." : e.message;
    return;
  }
  box.replaceChildren();
  $("games-page").textContent = listed.pages > 1 ? `Page ${listed.page + 1} of ${listed.pages}` : "";
  $("games-newer").hidden = listed.page === 0;
  $("games-older").hidden = listed.page + 1 >= listed.pages;
  if (!listed.games.length) { box.appendChild(el("p", "sub", "No finished games yet: they appear here once you finish one.")); return; }
  for (const game of listed.games) {
    const line = gameLine(game, new Date(game.finished));
    const item = el("section", "games-entry");
    item.dataset.game = game.id;
    item.appendChild(el("h3", "", line.title));
    item.appendChild(el("p", "games-when sub", line.when));
    item.appendChild(el("p", "games-who", line.who));
    item.appendChild(el("p", `games-result ${game.won ? "won" : ""}`, line.result));
    const buttons = el("div", "row");
    for (const [label, mode] of [["REPLAY", "replay"], ["REVIEW", "review"]]) {
      const b = el("button", "btn", label);
      b.type = "button";
      b.setAttribute("aria-label", `${label.toLowerCase()}: ${line.title}, ${line.when}`);
      b.addEventListener("click", () => {
        $("games-screen").hidden = true;
        openReview(
          { id: game.id, seat: game.seat, names: game.names, token: game.token, moves: game.moves },
          { from: "games", mode, back: async () => { await showHome(); showGames(page); } },
        );
      });
      buttons.appendChild(b);
    }
    item.appendChild(buttons);
    box.appendChild(item);
  }
}

export function wireGames() {
  $("games-btn").addEventListener("click", () => showGames(0));
  $("games-newer").addEventListener("click", () => showGames(Math.max(0, page - 1)));
  $("games-older").addEventListener("click", () => showGames(page + 1));
  $("games-close").addEventListener("click", () => { $("games-screen").hidden = true; });
}
