import { api, el, loadToken, matchIdFromPath, renderGeneric, outcomeTable, seatName, logLine } from "/static/common.js";
import { Board, motionWanted } from "/static/board.js";

const $ = (id) => document.getElementById(id);
const matchId = matchIdFromPath();
const token = loadToken(matchId);
let info = null;
let current = 0;
let loading = 0;
const board = new Board($("board"), { onAction: () => {}, onSelect: () => {} });

async function load() {
  info = await api("GET", `/api/matches/${matchId}/history`, { token });
  $("title").textContent = `Replay · ${info.title} · ${info.id}`;
  $("who").textContent = info.viewer === null ? "as spectator" : `as seat ${info.viewer}`;
  $("status").textContent = info.status === "finished" ? `finished · seed ${info.seed}` : info.status;
  $("step").max = info.steps;
  $("match-link").href = `/match/${info.id}`;
  const log = $("log");
  log.replaceChildren();
  log.append(el("li", { "data-n": "0", text: "0. setup", onclick: () => go(0) }));
  for (const entry of info.entries) {
    const line = logLine(info.seats, entry, info.viewer);
    log.append(el("li", { "data-n": String(entry.n), onclick: () => go(entry.n) }, el("span", { class: "who", text: line.who }), line.text));
  }
}

function who(seat) { return seatName(info && info.seats, seat, info ? info.viewer : null); }

async function go(step) {
  step = Math.max(0, Math.min(info.steps, step));
  current = step;
  $("step").value = String(step);
  $("position").textContent = `step ${step} / ${info.steps}`;
  const ticket = ++loading;
  const data = await api("GET", `/api/matches/${matchId}/history?step=${step}`, { token });
  if (ticket !== loading) return;
  const d = data.view.decision;
  $("prompt").textContent = d ? `${who(d.player)} to decide: ${d.prompt}` : (data.view.terminal ? "Game over." : "");
  // the board as in a match (zoom, pan, card texts; pieces glide from step to step), without actions
  if (!(data.board_svg && board.show(data.board_svg, [], data.board_components || {}, motionWanted()))) {
    board.detach();
    $("board").replaceChildren(renderGeneric(data.view, data.viewer));
  }
  for (const li of $("log").children) li.classList.toggle("current", li.dataset.n === String(step));
  const mark = $("log").querySelector("li.current");
  if (mark) mark.scrollIntoView({ block: "nearest" });
  const final = $("final");
  if (data.view.terminal && data.view.outcome) {
    final.replaceChildren(el("h2", { text: "Game over" }),
      el("p", { text: `Winners: ${data.view.outcome.winners.map((w) => who(w)).join(", ")}` }), outcomeTable(data.view.outcome, info.seats));
    final.hidden = false;
  } else final.hidden = true;
  document.body.dataset.step = String(step);
}

$("first").addEventListener("click", () => go(0));
$("prev").addEventListener("click", () => go(current - 1));
$("next").addEventListener("click", () => go(current + 1));
$("last").addEventListener("click", async () => { await load(); go(info.steps); });
$("step").addEventListener("input", () => go(Number($("step").value)));
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowRight") go(current + 1);
  if (e.key === "ArrowLeft") go(current - 1);
});
load().then(() => go(0)).catch((error) => { $("prompt").textContent = error.message; });
