// Shared helpers of the theogony web client: API calls, seat tokens, a generic view renderer.

export function esc(value) {
  return String(value).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.detail) ? (typeof body.detail === "string" ? body.detail : JSON.stringify(body.detail)) : `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

export async function api(method, path, { token, body } = {}) {
  const headers = { "Accept": "application/json" };
  if (token) headers["X-Seat-Token"] = token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

// Seat tokens live in this browser only (localStorage), never in a URL that is sent to the server.
// A join link carries a one-time code in its fragment (#seat=N&join=CODE): the page claims the seat
// with it (the server answers the seat's new token, and the creator's copy stops working), stores
// the token and removes the code from the address bar. Answers { token, error }.
export async function joinFromFragment(matchId) {
  const params = new URLSearchParams(location.hash.slice(1));
  const code = params.get("join");
  const seat = params.get("seat");
  const legacy = params.get("token");
  let error = null;
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  if (legacy) saveToken(matchId, legacy);
  if (code && seat !== null) {
    try {
      const name = savedName();
      const body = name ? { code, name } : { code };
      const claimed = await api("POST", `/api/matches/${matchId}/seats/${encodeURIComponent(seat)}/claim`, { body });
      saveToken(matchId, claimed.token);
    } catch (e) {
      error = `This join link cannot be used: ${e.message}`;
    }
  }
  return { token: loadToken(matchId), error };
}
// The player's name, remembered in this browser for the next seat they claim.
export function savedName() { try { return localStorage.getItem("theogony:name") || ""; } catch (e) { return ""; } }
export function saveName(name) { try { localStorage.setItem("theogony:name", name); } catch (e) { /* private mode */ } }
export function saveToken(matchId, token) { try { localStorage.setItem("theogony:token:" + matchId, token); } catch (e) { /* private mode */ } }
export function loadToken(matchId) { try { return localStorage.getItem("theogony:token:" + matchId); } catch (e) { return null; } }
export function forgetToken(matchId) { try { localStorage.removeItem("theogony:token:" + matchId); } catch (e) { /* ignore */ } }
export function knownMatches() {
  const out = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && key.startsWith("theogony:token:")) out.push(key.slice("theogony:token:".length));
    }
  } catch (e) { /* ignore */ }
  return out;
}

export function matchIdFromPath() {
  const parts = location.pathname.split("/").filter(Boolean);
  return parts[parts.length - 1];
}

const BASE_KEYS = new Set(["game", "players", "viewer", "current_player", "decision", "terminal", "variant", "outcome"]);

function human(key) { return String(key).replace(/_/g, " "); }
function isScalar(v) { return v === null || ["string", "number", "boolean"].includes(typeof v); }
function scalarText(v) { return v === null ? "–" : (typeof v === "boolean" ? (v ? "yes" : "no") : String(v)); }

// A clear generic drawing of any view: sections that fold, chips for lists, tables for rows.
export function renderGeneric(view, viewer) {
  const root = el("div", { class: "gv" });
  const keys = Object.keys(view || {}).filter((k) => !BASE_KEYS.has(k));
  for (const key of keys) root.append(renderValue(key, view[key], 0, viewer));
  if (!keys.length) root.append(el("p", { class: "muted", text: "Nothing to show." }));
  return root;
}

function renderValue(key, value, depth, viewer) {
  if (isScalar(value)) {
    return el("div", { class: "kv" }, el("span", { class: "k", text: human(key) + ":" }), scalarText(value));
  }
  if (Array.isArray(value)) {
    if (value.every(isScalar)) {
      return el("div", { class: "kv" }, el("span", { class: "k", text: `${human(key)} (${value.length}):` }),
        value.length ? value.map((v) => el("span", { class: "chip", text: scalarText(v) })) : el("span", { class: "muted", text: "none" }));
    }
    const objects = value.every((v) => v && typeof v === "object" && !Array.isArray(v));
    const flat = objects && value.every((v) => Object.values(v).every((x) => isScalar(x) || (Array.isArray(x) && x.every(isScalar))));
    const box = el("details", { open: depth < 2 }, el("summary", { text: `${human(key)} (${value.length})` }));
    if (flat && value.length) {
      const cols = [...new Set(value.flatMap((v) => Object.keys(v)))];
      const table = el("table", {}, el("tr", {}, el("th", { text: "#" }), cols.map((c) => el("th", { text: human(c) }))));
      value.forEach((row, i) => {
        table.append(el("tr", { class: i === viewer ? "mine" : null },
          el("td", { text: i === viewer ? `${i} (you)` : String(i) }),
          cols.map((c) => el("td", { text: Array.isArray(row[c]) ? row[c].map(scalarText).join(", ") : (c in row ? scalarText(row[c]) : "") }))));
      });
      box.append(el("div", { class: "nested" }, table));
    } else {
      const inner = el("div", { class: "nested" });
      value.forEach((v, i) => inner.append(renderValue(`${human(key)} ${i}${i === viewer && key.includes("seat") || (i === viewer && key.includes("player")) ? " (you)" : ""}`, v, depth + 1, viewer)));
      box.append(inner);
    }
    return box;
  }
  const mine = /hand|you|own|private|secret/i.test(key);
  const box = el("details", { open: depth < 2, class: mine ? "mine" : null }, el("summary", { text: human(key) }));
  const inner = el("div", { class: "nested" });
  for (const [k, v] of Object.entries(value)) inner.append(renderValue(k, v, depth + 1, viewer));
  box.append(inner);
  return box;
}

export function outcomeTable(outcome, seats) {
  const table = el("table", {}, el("tr", {}, el("th", { text: "seat" }), el("th", { text: "player" }), el("th", { text: "rank" }), el("th", { text: "score" })));
  outcome.ranks.forEach((rank, i) => {
    const who = seats && seats[i] ? (seats[i].name || (seats[i].controller === "human" ? "human" : seats[i].agent)) : "automaton";
    table.append(el("tr", {}, el("td", { text: String(i) }), el("td", { text: who }), el("td", { text: String(rank) }), el("td", { text: String(outcome.scores[i]) })));
  });
  return table;
}

// Puts a board SVG (drawn by the server from the receiver's own view) into `box`.
export function showSvg(box, svg) {
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  const root = doc.documentElement;
  if (root.nodeName !== "svg") return false;
  root.querySelectorAll("script, foreignObject").forEach((n) => n.remove());
  for (const node of root.querySelectorAll("*")) {
    for (const attr of [...node.attributes]) if (/^on/i.test(attr.name)) node.removeAttribute(attr.name);
  }
  box.replaceChildren(document.importNode(root, true));
  return true;
}

// A component's printed numbers ("cost 2 PP · strength +1"), or nothing.
export function cardDetails(card) {
  if (!card.details || !card.details.length) return null;
  return el("p", { class: "card-numbers", text: card.details.map(([k, v]) => `${k} ${v}`).join(" · ") });
}

// A card by its full name, with its text in a tooltip shown on hover, on keyboard focus and on tap
// (a button: reachable with Tab; the text is also its accessible description).
let tipCount = 0;
function closeTips(except) {
  for (const open of document.querySelectorAll(".card.open")) if (open !== except) open.classList.remove("open");
}
document.addEventListener("click", (event) => { if (!event.target.closest || !event.target.closest(".card")) closeTips(null); });
export function cardChip(card) {
  const tipId = `tip-${++tipCount}`;
  const tip = el("span", { class: "card-tip", role: "tooltip", id: tipId },
    el("strong", { text: card.name }), el("span", { class: "card-kind", text: ` (${card.kind})` }), cardDetails(card), el("span", { class: "card-text", text: card.text }));
  const chip = el("button", { type: "button", class: "card-chip", "data-component": card.id, "aria-describedby": tipId, text: card.name });
  const wrap = el("span", { class: "card" }, chip, tip);
  chip.addEventListener("click", () => { closeTips(wrap); wrap.classList.toggle("open"); });
  // open towards the side with room, so a tip near the right edge stays on the screen
  const place = () => { wrap.classList.toggle("tip-left", chip.getBoundingClientRect().left > window.innerWidth / 2); };
  chip.addEventListener("mouseenter", place);
  chip.addEventListener("focus", place);
  chip.addEventListener("keydown", (event) => { if (event.key === "Escape") { wrap.classList.remove("open"); chip.blur(); } });
  return wrap;
}

// A seat as players read it: its name (or "seat N"), "you" for the viewer.
export function seatName(seats, seat, viewer) {
  if (seat === null || seat === undefined) return "game";
  const named = seats && seats[seat] && seats[seat].name;
  const base = named ? `${named} (seat ${seat})` : `seat ${seat}`;
  return seat === viewer ? `you (${named || `seat ${seat}`})` : base;
}

// One log entry as { who, text }. An entry whose first event starts with its own seat ("seat 2
// chooses Orrun") names the seat there, once ("3. Ann (seat 2) chooses Orrun"), instead of a
// credit in front; other entries are credited in front ("3. seat 1: Lutraz places a faith token").
// The seat's own action text (only ever sent to that seat) follows its first event.
export function logLine(seats, entry, viewer) {
  const texts = entry.events.map((e) => e.text);
  const action = entry.action ? `(${entry.action})` : null;
  const own = entry.seat === null || entry.seat === undefined ? null : new RegExp(`^seat ${entry.seat}(?!\\d)`);
  if (own && texts.length && own.test(texts[0])) {
    const named = seats && seats[entry.seat] && seats[entry.seat].name;
    const you = entry.seat === viewer;
    const label = named ? `${named} (seat ${entry.seat}${you ? ", you" : ""})` : `seat ${entry.seat}${you ? " (you)" : ""}`;
    texts[0] = texts[0].replace(own, label);
    if (action) texts.splice(1, 0, action);
    return { who: `${entry.n}.`, text: texts.join(" · ") };
  }
  if (action) texts.unshift(action);
  if (!texts.length) texts.push(entry.decision ? `decided: ${entry.decision.prompt}` : "decided");
  return { who: `${entry.n}. ${seatName(seats, entry.seat, viewer)}:`, text: texts.join(" · ") };
}
