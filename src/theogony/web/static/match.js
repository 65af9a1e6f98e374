import { api, el, joinFromFragment, matchIdFromPath, renderGeneric, outcomeTable, cardChip, seatName, logLine, saveName, saveToken } from "/static/common.js";
import { Board, motionWanted } from "/static/board.js";

const $ = (id) => document.getElementById(id);
const matchId = matchIdFromPath();
let token = null;
let snap = null;
let socket = null;
let pollTimer = null;
let busy = false;
let placeFilter = null;  // the board place selected: the action list shows its actions
const board = new Board($("board"), {
  onAction: (text) => act(text),
  onSelect: (place) => { placeFilter = place; drawActions(); },
});

function who(seat) {
  return seatName(snap && snap.seats, seat, snap ? snap.viewer : null);
}

// Turn notifications: the tab title says when it is your turn; an optional short tone (off by default).
let wasMyTurn = false;
function notifyTurn(data) {
  const mine = Boolean(data.your_turn);
  document.title = `${mine ? "▶ Your turn · " : ""}theogony — ${data.title} ${data.id}`;
  if (mine && !wasMyTurn && $("sound").checked) beep();
  wasMyTurn = mine;
}
function beep() {
  try {
    const audio = new (window.AudioContext || window.webkitAudioContext)();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
  } catch (e) { /* no audio here */ }
}

const foldedGroups = {};
// The cards the seat's view shows, grouped as the game says, each with its text on hover/focus/tap.
function drawCards(data) {
  const comp = data.components || { groups: {}, cards: {} };
  const box = $("card-groups");
  box.replaceChildren();
  const mineFirst = ([a], [b]) => Number(!/^your\b/i.test(a)) - Number(!/^your\b/i.test(b));
  const groups = Object.entries(comp.groups).filter(([, ids]) => ids.length).sort(mineFirst);
  for (const [group, ids] of groups) {
    // your own cards and short groups open; a long market folds (a player's toggle is kept)
    const open = group in foldedGroups ? foldedGroups[group] : (/^your\b/i.test(group) || ids.length <= 12);
    const details = el("details", { class: "card-group", "data-group": group, open },
      el("summary", { text: `${group} (${ids.length})` }), el("div", { class: "chips" }, ids.map((id) => cardChip(comp.cards[id]))));
    details.addEventListener("toggle", () => { foldedGroups[group] = details.open; });
    box.append(details);
  }
  $("cards-panel").hidden = !groups.length;
  $("cards-link").href = `/cards/${encodeURIComponent(data.game)}`;
}

function render(data) {
  if (snap && data.revision < snap.revision && data.id === snap.id) return; // an older push
  if (!snap || data.revision !== snap.revision) { placeFilter = null; board.forget(); }
  snap = data;
  notifyTurn(data);
  $("title").textContent = `${data.title} · ${data.id}`;
  $("who").textContent = data.viewer === null ? "spectator" : `you are ${who(data.viewer).replace(/^you \((.*)\)$/, "$1")}`;
  const d = data.decision;
  $("status").textContent = data.status === "finished" ? "game over" : data.status === "expired" ? "expired (abandoned)" :
    (data.your_turn ? "your turn" : (d ? `waiting for ${who(d.player)}` : "")) + ` · move ${data.steps}`;
  $("rules-link").href = `/rules/${encodeURIComponent(data.game)}`;
  $("replay-link").href = `/replay/${data.id}`;
  document.body.dataset.revision = String(data.revision);
  document.body.dataset.status = data.status;
  document.body.dataset.yourTurn = data.your_turn ? "1" : "0";

  // board: the game's own drawing of your view, or a generic rendering of it
  // (board places take the deciding seat's actions: the server marks them, the Board clicks them)
  const generic = renderGeneric(data.view, data.viewer);
  const texts = { ...(data.board_components || {}), ...((data.components || {}).cards || {}) };
  if (data.board_svg && board.show(data.board_svg, data.legal, texts, $("motion").checked && motionWanted())) {
    $("generic").replaceChildren(generic);
    $("view-data").hidden = false;
  } else {
    board.detach();
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
    $("prompt").textContent = `${who(d.player)} decides: ${d.prompt}`;
  }
  drawActions();
  drawCards(data);
  // seat buttons: only those the server offers this viewer (none to a spectator)
  const controls = new Set(data.controls || []);
  for (const id of ["undo", "hint", "to-bot", "take-back", "new-link", "rematch"]) $(id).hidden = !controls.has(id);
  $("undo").disabled = !data.can_undo;
  $("hint").disabled = !data.your_turn;
  $("rematch").textContent = data.rematch ? "Go to the rematch" : "Rematch";
  $("name-form").hidden = data.viewer === null;
  $("sound-label").hidden = data.viewer === null;
  if (data.viewer !== null && document.activeElement !== $("name")) $("name").value = data.seats[data.viewer].name || "";

  // seats
  const seats = $("seats");
  seats.replaceChildren();
  for (const s of data.seats) {
    const row = el("div", { class: "seat-row" + (data.current_player === s.seat ? " turn" : "") },
      el("span", { class: "seat-name", text: s.name ? `${s.name} · seat ${s.seat}` : `Seat ${s.seat}` }),
      el("span", { class: "badge" + (s.seat === data.viewer ? " you" : ""), text: s.seat === data.viewer ? "you" : (s.controller === "human" ? "human" : s.agent) }));
    if (data.current_player === s.seat && data.status !== "finished") row.append(el("span", { class: "muted", text: `deciding (${Math.round(data.waiting_seconds)} s)` }));
    if (s.claimable) row.append(el("button", { type: "button", class: "claim", text: "Hand to a bot (idle)", onclick: () => handOver(s.seat) }));
    seats.append(row);
  }

  // events
  const log = $("log");
  log.replaceChildren();
  for (const entry of data.events) {
    const line = logLine(data.seats, entry, data.viewer);
    log.append(el("li", {}, el("span", { class: "who", text: line.who }), line.text));
  }
  log.scrollTop = log.scrollHeight;

  // the final screen
  const final = $("final");
  if (data.status === "finished" && data.outcome) {
    const winners = data.outcome.winners.map((w) => who(w)).join(", ");
    final.replaceChildren(el("h2", { id: "game-over", text: "Game over" }),
      el("p", { id: "winners", text: `Winner${data.outcome.winners.length > 1 ? "s" : ""}: ${winners}` }),
      outcomeTable(data.outcome, data.seats),
      el("p", {}, el("a", { href: `/replay/${data.id}`, text: "Watch the replay" }), " · ", el("a", { href: "/", text: "New match" }),
        controls.has("rematch") ? el("span", {}, " · ", el("button", { type: "button", id: "final-rematch", class: "primary", text: data.rematch ? "Go to the rematch" : "Rematch (same seats)", onclick: rematch })) : null));
    final.hidden = false;
  } else {
    final.hidden = true;
  }
  if (data.bot_error) message(data.bot_error);
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
  const selected = placeFilter === null ? null : board.placeNode(placeFilter);
  if (selected) {
    const here = new Set(board.actionsOf(selected));
    legal = legal.filter((text) => here.has(text));
    box.append(el("p", { class: "muted" }, `Actions at ${placeFilter} `,
      el("button", { type: "button", id: "clear-place", text: "show all", onclick: () => { board.closeMenu(); board.select(null); } })));
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
    board.hint(result.action);
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

// The same seats again: the first to ask makes the rematch (and gets the other humans' links);
// everyone who asks moves to their own seat there.
async function rematch() {
  try {
    const made = await api("POST", `/api/matches/${matchId}/rematch`, { token });
    for (const [seat, seatToken] of Object.entries(made.tokens)) saveToken(made.id, seatToken);
    const links = Object.entries(made.links);
    if (!links.length) { location.href = `/match/${made.id}`; return; }
    $("link-box").replaceChildren(el("p", { class: "muted", text: "Rematch ready. Send each player their link (each works once):" }),
      ...links.map(([seat, link]) => el("p", {}, `${who(Number(seat))}: `, el("code", { class: "rematch-link", text: new URL(link, location.href).href }))),
      el("p", {}, el("a", { id: "to-rematch", href: `/match/${made.id}`, text: "Go to the rematch" })));
  } catch (error) { message(error.message); }
}

async function saveMyName(event) {
  event.preventDefault();
  try {
    render(await api("POST", `/api/matches/${matchId}/name`, { token, body: { name: $("name").value } }));
    saveName($("name").value.trim());
    message("Name saved.", true);
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
$("rematch").addEventListener("click", rematch);
$("name-form").addEventListener("submit", saveMyName);
try { $("sound").checked = localStorage.getItem("theogony:sound") === "1"; } catch (e) { /* ignore */ }
$("sound").addEventListener("change", () => { try { localStorage.setItem("theogony:sound", $("sound").checked ? "1" : "0"); } catch (e) { /* ignore */ } });
async function start() {
  const joined = await joinFromFragment(matchId);
  token = joined.token;
  try { await refresh(); } catch (error) { message(error.message); }
  if (joined.error) message(joined.error);
  connect();
  schedulePoll();
}
$("motion").checked = motionWanted();
$("motion").addEventListener("change", () => { try { localStorage.setItem("theogony:motion", $("motion").checked ? "1" : "0"); } catch (e) { /* ignore */ } });
$("sheet-toggle").addEventListener("click", () => {
  const folded = $("sheet").classList.toggle("folded");
  $("sheet-toggle").setAttribute("aria-expanded", folded ? "false" : "true");
  $("sheet-toggle").textContent = folded ? "Show actions" : "Hide actions";
});
start();
