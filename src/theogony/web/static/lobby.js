import { api, el, saveToken, knownMatches, forgetToken, loadToken, savedName, saveName } from "/static/common.js";

let games = [];
const $ = (id) => document.getElementById(id);

function currentGame() { return games.find((g) => g.id === $("game").value); }

const LEVELS = ["easy", "normal", "hard", "expert"];

function seatOptions(game) {
  // people first, then the difficulty levels in order, then the game's own agents and the raw ones
  const opts = ["human", ...LEVELS.filter((l) => game.agents.includes(l))];
  for (const a of game.agents) if (!["mcts", "ismcts", "human", ...LEVELS].includes(a)) opts.push(a);
  opts.push("mcts:iterations=200", "mcts:seconds=1");
  return opts;
}

function drawSeats() {
  const game = currentGame();
  if (!game) return;
  const players = Math.max(game.min_players, Math.min(game.max_players, Number($("players").value) || game.min_players));
  $("players").value = players;
  const box = $("seats");
  const previous = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let i = 0; i < players; i++) {
    const select = el("select", { id: `seat-${i}`, "data-seat": i });
    for (const o of seatOptions(game)) select.append(el("option", { value: o, text: o }));
    select.value = previous[i] || (i === 0 ? "human" : (game.agents.includes("normal") ? "normal" : "random"));
    box.append(el("label", {}, el("span", { class: "l", text: `Seat ${i}` }), select));
  }
}

function drawGame() {
  const game = currentGame();
  if (!game) return;
  $("game-summary").textContent = `${game.summary || ""} (${game.min_players}–${game.max_players} players)`;
  $("players").min = game.min_players;
  $("players").max = game.max_players;
  $("rules-link").href = `/rules/${encodeURIComponent(game.id)}`;
  $("cards-link").href = `/cards/${encodeURIComponent(game.id)}`;
  const box = $("variants");
  box.replaceChildren();
  for (const [name, v] of Object.entries(game.variants)) {
    const select = el("select", { id: `variant-${name}`, "data-variant": name });
    v.choices.forEach((c, i) => select.append(el("option", { value: String(i), text: String(c) })));
    select.value = String(v.choices.findIndex((c) => c === v.default));
    box.append(el("label", { title: v.help || "" }, el("span", { class: "l", text: `Variant: ${name.replace(/_/g, " ")}` }), select,
      v.help ? el("span", { class: "muted", text: " " + v.help }) : null));
  }
  drawSeats();
}

async function create(event) {
  event.preventDefault();
  const game = currentGame();
  const variant = {};
  for (const select of document.querySelectorAll("[data-variant]")) {
    variant[select.dataset.variant] = game.variants[select.dataset.variant].choices[Number(select.value)];
  }
  const seats = [...document.querySelectorAll("[data-seat]")].map((s) => s.value);
  const body = { game: game.id, players: seats.length, seats, variant, idle_seconds: Math.round(Number($("idle").value || 5) * 60) };
  const myName = $("my-name").value.trim();
  const mySeat = seats.indexOf("human");
  if (myName && mySeat >= 0) body.names = seats.map((s, i) => (i === mySeat ? myName : null));
  body.open = $("open").checked;
  $("create-message").textContent = "";
  try {
    const made = await api("POST", "/api/matches", { body });
    if (myName) saveName(myName);
    const box = $("created-links");
    box.replaceChildren();
    // the server hands the creator the token of its own seat only; every other human seat has a link
    const myToken = made.tokens[String(mySeat)];
    if (myToken) {
      saveToken(made.id, myToken);
      const others = Object.keys(made.links).length
        ? (made.open ? " — the other human seats are listed under Open matches for anyone to join, or send their links:"
          : " — send each other human seat its link:")
        : "";
      box.append(el("p", {}, el("a", { href: `/match/${made.id}`, class: "play-link", id: "my-seat-link", "data-seat": String(mySeat), text: `Play as seat ${mySeat} (yours)` }), others));
    }
    for (const [seat, link] of Object.entries(made.links)) {
      const url = new URL(link, location.href).href;
      box.append(el("p", {}, el("a", { href: link, class: "play-link", "data-seat": seat, text: `Join link of seat ${seat}` }), ": ",
        el("code", { text: url }), " ",
        el("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(url), text: "Copy" })));
    }
    box.append(el("p", {}, el("a", { href: made.spectate, text: "Watch as spectator" }), " · ", el("a", { href: made.replay, text: "Replay viewer" })));
    if (Object.keys(made.links).length) {
      box.append(el("p", { class: "muted", text: "Each join link claims its seat once: send each only to its player. " +
        "Whoever opens a link first holds the seat; a player can make a new link for their own seat on the match page." }));
    }
    $("created").hidden = false;
    loadRecent();
  } catch (error) {
    $("create-message").textContent = error.message;
  }
}

async function loadOpen() {
  const box = $("open-matches");
  try {
    const list = await api("GET", "/api/lobby?limit=20");
    box.replaceChildren();
    if (!list.length) { box.append(el("p", { class: "muted", text: "No open match has a free seat now." })); return; }
    for (const m of list) {
      const taken = m.names.map((n, i) => (n ? `${n} (seat ${i})` : null)).filter(Boolean).join(", ");
      box.append(el("div", { class: "open-seat", "data-match": m.id },
        el("strong", { text: titleOf(m.game) }), ` · ${m.players} players · ${m.revision} moves`, taken ? ` · with ${taken}` : "", " ",
        m.free_seats.map((seat) => el("button", { type: "button", class: "join-seat", "data-seat": String(seat), text: `Join seat ${seat}`, onclick: () => join(m.id, seat) }))));
    }
  } catch (error) { box.textContent = error.message; }
}

function titleOf(gameId) { const g = games.find((x) => x.id === gameId); return g ? g.title : gameId; }

async function join(matchId, seat) {
  const name = $("join-name").value.trim();
  $("join-message").textContent = "";
  if (!name) { $("join-message").textContent = "Give your name first (the other players see it)."; $("join-name").focus(); return; }
  try {
    const joined = await api("POST", `/api/matches/${matchId}/seats/${seat}/join`, { body: { name } });
    saveToken(matchId, joined.token);
    saveName(name);
    location.href = `/match/${matchId}`;
  } catch (error) {
    $("join-message").textContent = error.message;
    loadOpen();
  }
}

async function loadRecent() {
  try {
    const list = await api("GET", "/api/matches?limit=20");
    const box = $("recent");
    box.replaceChildren();
    if (!list.length) { box.append(el("p", { class: "muted", text: "No matches yet." })); return; }
    const table = el("table", {}, el("tr", {}, ["match", "game", "seats", "status", "moves", ""].map((h) => el("th", { text: h }))));
    for (const m of list) {
      table.append(el("tr", {}, el("td", { text: m.id }), el("td", { text: m.game }), el("td", { text: m.seats.join(", ") }),
        el("td", { text: m.status }), el("td", { text: String(m.revision) }),
        el("td", {}, el("a", { href: `/match/${m.id}`, text: "watch" }), " ", el("a", { href: `/replay/${m.id}`, text: "replay" }))));
    }
    box.append(table);
  } catch (error) {
    $("recent").textContent = error.message;
  }
  const mine = $("mine");
  const ids = knownMatches();
  if (ids.length) {
    mine.replaceChildren();
    for (const id of ids) {
      mine.append(el("p", {}, el("a", { href: `/match/${id}`, text: `match ${id}` }), " ",
        el("button", { type: "button", text: "forget", onclick: () => { forgetToken(id); loadRecent(); } })));
    }
  }
}

async function start() {
  try {
    games = await api("GET", "/api/games");
  } catch (error) {
    $("create-message").textContent = error.message;
    return;
  }
  for (const g of games) $("game").append(el("option", { value: g.id, text: g.title }));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((g) => g.id === wanted)) $("game").value = wanted;
  $("game").addEventListener("change", drawGame);
  $("players").addEventListener("change", drawSeats);
  $("create-form").addEventListener("submit", create);
  $("my-name").value = savedName();
  $("join-name").value = savedName();
  drawGame();
  loadRecent();
  loadOpen();
  document.body.dataset.ready = "1";
}

start();
void saveToken; void loadToken;
