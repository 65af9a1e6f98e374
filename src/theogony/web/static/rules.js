import { api, esc, matchIdFromPath } from "/static/common.js";

// The rules document, rendered on the server (CommonMark, its raw HTML escaped).
const gameId = matchIdFromPath();
api("GET", `/api/games/${encodeURIComponent(gameId)}/rules`).then((data) => {
  document.getElementById("title").textContent = `Rules · ${data.title}`;
  document.title = `theogony — ${data.title} rules`;
  const box = document.getElementById("rules");
  box.innerHTML = data.html || `<p>${esc(data.summary || "")}</p><p class="muted">The full rules summary of this game is not written yet.</p>`;
  document.body.dataset.ready = "1";
}).catch((error) => { document.getElementById("rules").textContent = error.message; });
