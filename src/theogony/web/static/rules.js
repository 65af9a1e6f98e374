import { api, esc, matchIdFromPath } from "/static/common.js";

// A small Markdown subset: headings, lists, code blocks, emphasis, paragraphs. Input is escaped first.
function markdown(text) {
  const out = [];
  let list = null;
  let code = null;
  const inline = (s) => esc(s).replace(/`([^`]+)`/g, "<code>$1</code>").replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>").replace(/\*([^*]+)\*/g, "<em>$1</em>");
  const closeList = () => { if (list) { out.push(`</${list}>`); list = null; } };
  for (const line of text.split("\n")) {
    if (line.startsWith("```")) {
      if (code === null) { closeList(); code = []; } else { out.push(`<pre>${esc(code.join("\n"))}</pre>`); code = null; }
      continue;
    }
    if (code !== null) { code.push(line); continue; }
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    const li = /^\s*[-*]\s+(.*)$/.exec(line);
    const ol = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (h) { closeList(); out.push(`<h${h[1].length + 1}>${inline(h[2])}</h${h[1].length + 1}>`); }
    else if (li || ol) {
      const kind = li ? "ul" : "ol";
      if (list !== kind) { closeList(); out.push(`<${kind}>`); list = kind; }
      out.push(`<li>${inline((li || ol)[1])}</li>`);
    } else if (!line.trim()) { closeList(); }
    else { closeList(); out.push(`<p>${inline(line)}</p>`); }
  }
  closeList();
  if (code !== null) out.push(`<pre>${esc(code.join("\n"))}</pre>`);
  return out.join("\n");
}

const gameId = matchIdFromPath();
api("GET", `/api/games/${encodeURIComponent(gameId)}/rules`).then((data) => {
  document.getElementById("title").textContent = `Rules · ${data.title}`;
  document.title = `theogony — ${data.title} rules`;
  const box = document.getElementById("rules");
  box.innerHTML = data.markdown ? markdown(data.markdown) : `<p>${esc(data.summary || "")}</p><p class="muted">The full rules summary of this game is not written yet.</p>`;
}).catch((error) => { document.getElementById("rules").textContent = error.message; });
