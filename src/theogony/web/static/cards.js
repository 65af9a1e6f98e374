import { api, el, matchIdFromPath, cardDetails } from "/static/common.js";

// The card reference of one game: every component grouped by kind, with its numbers and text.
const gameId = matchIdFromPath();
const box = document.getElementById("cards");

function draw(data) {
  document.getElementById("title").textContent = `Cards · ${data.title}`;
  document.title = `theogony — ${data.title} cards`;
  document.getElementById("rules-link").href = `/rules/${encodeURIComponent(data.game)}`;
  box.replaceChildren();
  for (const [kind, cards] of Object.entries(data.kinds)) {
    const list = el("div", { class: "card-grid" });
    for (const card of cards) {
      list.append(el("article", { class: "card-entry", id: `card-${card.id}`, "data-component": card.id, "data-search": `${card.name} ${card.text} ${kind}`.toLowerCase() },
        el("h3", { text: card.name }), cardDetails(card), el("p", { text: card.text })));
    }
    box.append(el("section", { class: "panel card-kind", "data-kind": kind }, el("h2", { text: `${kind} (${cards.length})` }), list));
  }
  document.body.dataset.ready = "1";
}

document.getElementById("card-filter").addEventListener("input", (event) => {
  const wanted = event.target.value.trim().toLowerCase();
  for (const entry of box.querySelectorAll(".card-entry")) entry.hidden = Boolean(wanted) && !entry.dataset.search.includes(wanted);
  for (const section of box.querySelectorAll(".card-kind")) section.hidden = ![...section.querySelectorAll(".card-entry")].some((e) => !e.hidden);
});

api("GET", `/api/games/${encodeURIComponent(gameId)}/components`).then(draw)
  .catch((error) => { box.textContent = error.message; });
