// The web table's entry point: the renderers register their kinds of board, then the shell starts.
// Plain ES modules, no build step.
import "./boards/bee.js";
import "./boards/bingo.js";
import "./boards/finder.js";
import "./boards/fujisan.js";
import "./boards/line.js";
import "./boards/mountains.js";
import "./boards/runners.js";
import "./boards/tetradominoes.js";
import { fit, walk } from "./boards/line-layout.js";
import { maxUnitFor } from "./boards/line-targets.js";
import { wireDialogs } from "./shell/dialogs.js";
import { wireGames } from "./shell/games.js";
import { $, wait } from "./shell/dom.js";
import { renderHome, showHome, wireHome } from "./shell/home.js";
import { LIVE, dropLive } from "./shell/live.js";
import { openInvitation, wireLobby } from "./shell/lobby.js";
import { api, connectionBack, connectionLost } from "./shell/net.js";
import { wireReview } from "./shell/review.js";
import { PACE, S } from "./shell/state.js";
import { staticTile } from "./shell/tiles.js";
import { wireTable } from "./shell/table.js";

async function boot() {
  wireHome();
  wireTable();
  wireLobby();
  wireDialogs(showHome);
  wireReview();
  wireGames();
  $("brand-tiles").append(staticTile(6, 5, 28, 56), staticTile(3, 3, 28, 56));
  for (;;) {
    try {
      S.catalog = await api("GET", "/api/catalog");
      connectionBack();
      break;
    } catch (e) {
      await wait(connectionLost(e));
    }
  }
  // An invitation link (/?join=ID) opens that table's room; anything else, the menu.
  const join = new URLSearchParams(location.search).get("join");
  if (join) {
    await openInvitation(join);
    renderHome(); // the menu behind the room, ready for its BACK
  } else await showHome();
}

// For the browser tests and the console: the shell's state, and the line fitting to replay a board.
window.BonesTable = { state: S, pace: PACE };
window.BonesLayout = { fit, walk, maxUnitFor };
window.BonesLive = { live: LIVE, drop: dropLive };
boot();
