import { api, el, esc, joinFromFragment, matchIdFromPath, renderGeneric, outcomeTable, showSvg } from "/static/common.js";

const $ = (id) => document.getElementById(id);
const matchId = matchIdFromPath();
let token = null;
let snap = null;
let socket = null;
let pollTimer = null;
let busy = false;

function who(seat) {
  if (seat === null || seat === undefined) return "game";
  return snap && seat === snap.viewer ? "you" : `seat ${seat}`;
}

function render(data) {
  if (snap && data.revision < snap.revision && data.id === snap.id) return; // an older push
  if (!snap || data.revision !== snap.revision) placeFilter = null;
  snap = data;
  document.title = `theogony — ${data.title} ${data.id}`;
  $("title").textContent = `${data.title} · ${data.id}`;
  $("who").textContent = data.viewer === null ? "spectator" : `you are seat ${data.viewer}`;
  const d = data.decision;
  $("status").textContent = data.status === "finished" ? "game over" : data.status === "expired" ? "expired (abandoned)" :
    (data.your_turn ? "your turn" : (d ? `waiting for seat ${d.player}` : "")) + ` · move ${data.steps}`;
  $("rules-link").href = `/rules/${encodeURIComponent(data.game)}`;
  $("replay-link").href = `/replay/${data.id}`;
  document.body.dataset.revision = String(data.revision);
  document.body.dataset.status = data.status;
  document.body.dataset.yourTurn = data.your_turn ? "1" : "0";

  // board: the game's own drawing of your view, or a generic rendering of it
  const generic = renderGeneric(data.view, data.viewer);
  if (data.board_svg && showSvg($("board"), data.board_svg)) {
    $("generic").replaceChildren(generic);
    $("view-data").hidden = false;
    const legal = new Set(data.legal);
    for (const node of $("board").querySelectorAll("[data-action]")) {
      if (legal.has(node.getAttribute("data-action"))) {
        node.classList.add("legal");
        node.addEventListener("click", (event) => { event.stopPropagation(); act(node.getAttribute("data-action")); });
      }
    }
    // places (hexes, zones, cards): a click shows the legal actions that name the place
    for (const node of $("board").querySelectorAll("[data-place]")) {
      const place = node.getAttribute("data-place");
      if (data.legal.some((text) => placeRegex(place).test(text))) {
        node.classList.add("legal");
        node.addEventListener("click", () => { placeFilter = place; drawActions(); });
      }
    }
  } else {
    $("board").replaceChildren(generic);
    $("view-data").hidden = true;
  }

  // decision and legal actions
  if (data.status === "finished") {
    $("prompt").textContent = "The game is over.";
  } else if (data.status === "expired") {
    $("prompt").textContent = "This match expired: nobody moved for too long. Its replay stays.";
  } else if (data.your_turn) {
    $("prompt").textContent = d ? `Your decision: ${d.prompt}` : "Your decision";
  } else if (d) {
    $("prompt").textContent = `Seat ${d.player} decides: ${d.prompt}`;
  }
  drawActions();
  $("undo").disabled = !data.can_undo;
  $("hint").disabled = !data.your_turn;
  const mine = data.viewer !== null ? data.seats[data.viewer] : null;
  $("to-bot").hidden = !(mine && mine.controller === "human" && data.status !== "finished");
  $("take-back").hidden = !(mine && mine.controller === "bot" && data.status !== "finished");
  $("new-link").hidden = !(mine && data.status === "running");

  // seats
  const seats = $("seats");
  seats.replaceChildren();
  for (const s of data.seats) {
    const row = el("div", { class: "seat-row" + (data.current_player === s.seat ? " turn" : "") },
      el("span", { text: `Seat ${s.seat}` }),
      el("span", { class: "badge" + (s.seat === data.viewer ? " you" : ""), text: s.seat === data.viewer ? "you" : (s.controller === "human" ? "human" : s.agent) }));
    if (data.current_player === s.seat && data.status !== "finished") row.append(el("span", { class: "muted", text: `deciding (${Math.round(data.waiting_seconds)} s)` }));
    if (s.claimable) row.append(el("button", { type: "button", class: "claim", text: "Hand to a bot (idle)", onclick: () => handOver(s.seat) }));
    seats.append(row);
  }

  // events
  const log = $("log");
  log.replaceChildren();
  for (const entry of data.events) {
    const texts = entry.events.map((e) => e.text);
    if (entry.action) texts.unshift(`(${entry.action})`);
    if (!texts.length) texts.push("decided");
    log.append(el("li", {}, el("span", { class: "who", text: `${entry.n}. ${who(entry.seat)}:` }), texts.join(" · ")));
  }
  log.scrollTop = log.scrollHeight;

  // the final screen
  const final = $("final");
  if (data.status === "finished" && data.outcome) {
    const winners = data.outcome.winners.map((w) => (w === data.viewer ? "you" : `seat ${w}`)).join(", ");
    final.replaceChildren(el("h2", { id: "game-over", text: "Game over" }),
      el("p", { id: "winners", text: `Winner${data.outcome.winners.length > 1 ? "s" : ""}: ${winners}` }),
      outcomeTable(data.outcome, data.seats),
      el("p", {}, el("a", { href: `/replay/${data.id}`, text: "Watch the replay" }), " · ", el("a", { href: "/", text: "New match" })));
    final.hidden = false;
  } else {
    final.hidden = true;
  }
  if (data.bot_error) message(data.bot_error);
}

let placeFilter = null;
function placeRegex(place) {
  const quoted = place.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^A-Za-z0-9-])${quoted}($|[^A-Za-z0-9-])`, "i");
}

function drawActions() {
  const box = $("actions");
  box.replaceChildren();
  if (busy) { box.append(el("p", { class: "muted", text: "sending…" })); return; }
  if (!snap || !snap.your_turn) { placeFilter = null; return; }
  const filter = $("filter");
  filter.hidden = snap.legal.length <= 12;
  const wanted = filter.hidden ? "" : filter.value.trim().toLowerCase();
  let legal = snap.legal;
  if (placeFilter) {
    const re = placeRegex(placeFilter);
    const matching = legal.filter((text) => re.test(text));
    if (matching.length) {
      legal = matching;
      box.append(el("p", { class: "muted" }, `Actions at ${placeFilter} `,
        el("button", { type: "button", id: "clear-place", text: "show all", onclick: () => { placeFilter = null; drawActions(); } })));
    } else placeFilter = null;
  }
  for (const text of legal) {
    if (wanted && !text.toLowerCase().includes(wanted)) continue;
    box.append(el("button", { type: "button", class: "action", "data-action": text, text, onclick: () => act(text) }));
  }
}

function message(text, ok = false) {
  $("message").textContent = text || "";
  $("message").className = "message" + (ok ? " ok" : "");
}

async function act(text) {
  if (busy || !snap) return;
  busy = true;
  message("");
  drawActions();  // no second click on a decision already answered
  let result = null;
  try {
    result = await api("POST", `/api/matches/${matchId}/actions`, { token, body: { action: text, version: snap.revision } });
  } catch (error) {
    busy = false;
    message(error.message);
    try { await refresh(); } catch (e) { /* shown on the next poll */ }
  }
  busy = false;
  if (result) render(result);
  drawActions();  // a newer push may have arrived during the request: draw from the latest snapshot
  schedulePoll();
}

async function undo() {
  try {
    const result = await api("POST", `/api/matches/${matchId}/undo`, { token, body: { version: snap.revision } });
    render(result);
    message(`Undone (${result.undone} decision${result.undone === 1 ? "" : "s"}).`, true);
  } catch (error) { message(error.message); }
}

async function hint() {
  message("thinking…", true);
  try {
    const result = await api("POST", `/api/matches/${matchId}/hint`, { token });
    message(`Hint: ${result.action}`, true);
    for (const b of document.querySelectorAll("button.action")) if (b.dataset.action === result.action) b.focus();
  } catch (error) { message(error.message); }
}

async function handOver(seat) {
  try { render(await api("POST", `/api/matches/${matchId}/seats/${seat}/bot`, { token, body: {} })); }
  catch (error) { message(error.message); }
}

async function takeBack() {
  try { render(await api("POST", `/api/matches/${matchId}/seats/${snap.viewer}/human`, { token })); }
  catch (error) { message(error.message); }
}

// A new join link for your own seat, to continue in another browser (this one then stops working
// for the seat once the link is claimed there).
async function newLink() {
  try {
    const made = await api("POST", `/api/matches/${matchId}/seats/${snap.viewer}/link`, { token });
    const url = new URL(made.link, location.href).href;
    $("link-box").replaceChildren(el("p", { class: "muted", text: "Open this link in the other browser (it works once; your seat moves there):" }),
      el("code", { id: "new-link-url", text: url }), " ",
      el("button", { type: "button", text: "Copy", onclick: () => navigator.clipboard && navigator.clipboard.writeText(url) }));
  } catch (error) { message(error.message); }
}

async function refresh(since) {
  const query = since === undefined ? "" : `?since=${since}&wait=25`;
  render(await api("GET", `/api/matches/${matchId}${query}`, { token }));
}

// Live updates: a WebSocket when the server offers one, else polling.
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  let opened = false;
  try {
    socket = new WebSocket(`${scheme}://${location.host}/api/matches/${matchId}/ws`);
  } catch (e) { socket = null; schedulePoll(); return; }
  socket.onopen = () => {
    opened = true;
    socket.send(JSON.stringify(token ? { token } : {}));
    stopPolling();
    document.body.dataset.live = "websocket";
  };
  socket.onmessage = (event) => {
    const data = JSON.parse(event.data);
    if (data.type === "match") render(data);
    else if (data.type === "error") message(data.detail);
  };
  socket.onclose = (event) => {
    socket = null;
    document.body.dataset.live = "polling";
    if (event.code >= 4400 && event.code < 4500) return;  // refused (e.g. the seat was claimed elsewhere)
    schedulePoll();
    if (opened && (!snap || snap.status === "running")) setTimeout(connect, 2000);
  };
}

// Without a WebSocket: long polling (the server answers as soon as the match changes).
function stopPolling() { if (pollTimer) { clearTimeout(pollTimer); pollTimer = null; } }
function schedulePoll(delay = 0) {
  if ((socket && socket.readyState === WebSocket.OPEN) || pollTimer || polling) return;
  if (snap && snap.status !== "running") return;
  pollTimer = setTimeout(poll, delay);
}
let polling = false;
async function poll() {
  pollTimer = null;
  if (socket && socket.readyState === WebSocket.OPEN) return;
  polling = true;
  let delay = 0;
  try {
    await refresh(snap ? snap.revision : undefined);
  } catch (error) {
    message(error.message);
    delay = 2000;
    if (error.status === 403 || error.status === 404) { polling = false; return; }
  }
  polling = false;
  schedulePoll(delay);
}

$("undo").addEventListener("click", undo);
$("hint").addEventListener("click", hint);
$("to-bot").addEventListener("click", () => snap && handOver(snap.viewer));
$("take-back").addEventListener("click", takeBack);
$("filter").addEventListener("input", drawActions);
$("new-link").addEventListener("click", newLink);
async function start() {
  const joined = await joinFromFragment(matchId);
  token = joined.token;
  try { await refresh(); } catch (error) { message(error.message); }
  if (joined.error) message(joined.error);
  connect();
  schedulePoll();
}
start();
void esc;
