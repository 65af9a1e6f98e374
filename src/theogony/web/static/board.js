// The board of the match page: the server's drawing of the seat's view, made playable (the board
// contract of docs/web.md). Places carrying `data-action` / `data-actions` take actions on a click
// (one action: taken; several: a piece then its destination, else a small menu); components show
// their text on hover, long press or in the menu; the drawing zooms and pans (buttons, wheel with
// Ctrl, pinch, drag); pieces (`data-piece`) glide from their old position to the new one.
import { el, showSvg } from "/static/common.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const DRAG_PX = 5;
const MAX_SCALE = 6;
const MOTION_MS = 450;
const LONG_PRESS_MS = 450;

export function placeActions(node) {
  const many = node.getAttribute("data-actions");
  if (many) {
    try { const list = JSON.parse(many); if (Array.isArray(list)) return list.map(String); } catch (e) { /* one action */ }
  }
  const one = node.getAttribute("data-action");
  return one === null ? [] : [one];
}

export function motionWanted() {
  const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  let stored = null;
  try { stored = localStorage.getItem("theogony:motion"); } catch (e) { /* private mode */ }
  return stored === null ? !reduced : stored === "1" && !reduced;
}

// Zoom and pan by rewriting the drawing's viewBox (crisp at every scale, no library).
class ZoomPan {
  constructor(frame, onChange) {
    this.frame = frame;
    this.onChange = onChange;
    this.svg = null;
    this.base = null;
    this.scale = 1;
    this.centre = null;
  }

  attach(svg) {
    const base = baseBox(svg);
    const same = this.base && base && ["x", "y", "w", "h"].every((k) => this.base[k] === base[k]);
    this.svg = svg;
    this.base = base;
    if (!same) { this.scale = 1; this.centre = base ? { x: base.x + base.w / 2, y: base.y + base.h / 2 } : null; }
    this.apply();
  }

  apply() {
    if (!this.svg || !this.base) return;
    const { x, y, w, h } = this.base;
    const vw = w / this.scale;
    const vh = h / this.scale;
    this.centre.x = clamp(this.centre.x, x + vw / 2, x + w - vw / 2);
    this.centre.y = clamp(this.centre.y, y + vh / 2, y + h - vh / 2);
    this.svg.setAttribute("viewBox", `${this.centre.x - vw / 2} ${this.centre.y - vh / 2} ${vw} ${vh}`);
    this.frame.dataset.zoom = this.scale.toFixed(2);
    this.frame.classList.toggle("zoomed", this.scale > 1.001);
    this.onChange(this.scale);
  }

  // zoom by `factor` keeping the drawing's point under (clientX, clientY) where it is
  zoomAt(factor, clientX, clientY) {
    if (!this.base) return;
    const before = this.toUser(clientX, clientY);
    this.scale = clamp(this.scale * factor, 1, MAX_SCALE);
    this.apply();
    const after = this.toUser(clientX, clientY);
    if (before && after) { this.centre.x += before.x - after.x; this.centre.y += before.y - after.y; this.apply(); }
  }

  zoomCentre(factor) {
    const box = this.svg && this.svg.getBoundingClientRect();
    if (box) this.zoomAt(factor, box.left + box.width / 2, box.top + box.height / 2);
  }

  panBy(dxPx, dyPx) {
    if (!this.svg || !this.base) return;
    const box = this.svg.getBoundingClientRect();
    if (!box.width) return;
    const perPx = this.base.w / this.scale / box.width;
    this.centre.x -= dxPx * perPx;
    this.centre.y -= dyPx * perPx;
    this.apply();
  }

  reset() { this.scale = 1; if (this.base) this.centre = { x: this.base.x + this.base.w / 2, y: this.base.y + this.base.h / 2 }; this.apply(); }

  toUser(clientX, clientY) {
    const matrix = this.svg && this.svg.getScreenCTM();
    if (!matrix) return null;
    return new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  }
}

function baseBox(svg) {
  const box = (svg.getAttribute("viewBox") || "").trim().split(/[\s,]+/).map(Number);
  if (box.length === 4 && box.every(Number.isFinite) && box[2] > 0 && box[3] > 0) return { x: box[0], y: box[1], w: box[2], h: box[3] };
  const w = parseFloat(svg.getAttribute("width"));
  const h = parseFloat(svg.getAttribute("height"));
  if (w > 0 && h > 0) { svg.setAttribute("viewBox", `0 0 ${w} ${h}`); return { x: 0, y: 0, w, h }; }
  return null;
}

function clamp(value, low, high) { return low > high ? (low + high) / 2 : Math.min(high, Math.max(low, value)); }

function centreOf(node) {
  const box = node.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

export class Board {
  // box: the element the drawing goes in; onAction(text) takes an action; onSelect(place) tells the
  // page which place is selected (null: none), so the action list can follow
  constructor(box, { onAction, onSelect }) {
    this.box = box;
    this.onAction = onAction;
    this.onSelect = onSelect;
    this.legal = new Set();
    this.cards = {};
    this.selected = null;
    this.pointers = new Map();
    this.dragged = false;
    this.frame = el("div", { class: "board-frame" });
    this.stage = el("div", { class: "board-stage" });
    this.tip = el("div", { class: "board-tip", role: "tooltip", id: "board-tip", hidden: true });
    this.menu = el("div", { class: "place-menu", id: "place-menu", hidden: true });
    this.tools = this.makeTools();
    this.frame.append(this.tools, this.stage, this.menu, this.tip);
    this.zoom = new ZoomPan(this.frame, (scale) => { this.tools.querySelector(".zoom-out").disabled = scale <= 1.001; });
    this.listen();
  }

  makeTools() {
    const button = (cls, label, text, fn) => el("button", { type: "button", class: cls, "aria-label": label, title: label, text, onclick: fn });
    return el("div", { class: "board-tools" },
      button("zoom-in", "Zoom in", "+", () => this.zoom.zoomCentre(1.5)),
      button("zoom-out", "Zoom out", "−", () => this.zoom.zoomCentre(1 / 1.5)),
      button("zoom-fit", "Fit the board", "Fit", () => this.zoom.reset()),
      el("span", { class: "board-help muted", text: "drag to pan · Ctrl+wheel or pinch to zoom" }));
  }

  // Draws `svg` (annotated by the server for the deciding seat), `legal` the seat's legal actions,
  // `cards` the texts of the components it may see (by id). Returns false when it is no SVG.
  show(svg, legal, cards, animate) {
    if (svg === this.shown && this.svg && this.box.contains(this.svg)) return true;  // the same push again
    const before = this.piecePositions();
    const holder = document.createElement("div");
    if (!showSvg(holder, svg)) return false;
    if (!this.box.contains(this.frame)) this.box.replaceChildren(this.frame);
    this.stage.replaceChildren(...holder.childNodes);
    this.svg = this.stage.querySelector("svg");
    this.shown = svg;
    this.legal = new Set(legal);
    this.cards = cards || {};
    this.closeMenu();
    this.hideTip();
    this.zoom.attach(this.svg);
    this.markPlaces();
    const previous = this.selected;
    this.selected = null;
    if (previous) this.select(this.placeNode(previous));
    document.body.dataset.animated = String(animate ? this.glide(before) : 0);
    return true;
  }

  // a new decision: the old selection means nothing any more
  forget() { this.selected = null; }

  // marks the places of a hinted action
  hint(text) {
    if (!this.svg) return;
    for (const node of this.svg.querySelectorAll("[data-action].legal")) node.classList.toggle("hinted", this.actionsOf(node).includes(text));
  }

  detach() { this.svg = null; this.shown = null; this.selected = null; this.closeMenu(); this.hideTip(); }

  placeNode(place) {
    if (!this.svg || place === null) return null;
    return this.svg.querySelector(`[data-place="${CSS.escape(place)}"]`);
  }

  actionsOf(node) { return placeActions(node).filter((text) => this.legal.has(text)); }

  markPlaces() {
    let playable = 0;
    for (const node of this.svg.querySelectorAll("[data-action]")) {
      const actions = this.actionsOf(node);
      if (!actions.length) continue;
      playable += 1;
      node.classList.add("legal");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      const where = node.getAttribute("data-place") || "this place";
      node.setAttribute("aria-label", actions.length === 1 ? actions[0] : `${actions.length} actions at ${where}`);
    }
    // a picture (role img) may hold no controls: a playable board is a group of them
    if (playable && this.svg.getAttribute("role") === "img") this.svg.setAttribute("role", "group");
  }

  // ---- clicks ------------------------------------------------------------------------------------

  listen() {
    this.stage.addEventListener("click", (event) => this.clicked(event));
    this.stage.addEventListener("keydown", (event) => {
      if ((event.key === "Enter" || event.key === " ") && event.target.closest && event.target.closest("[data-action].legal")) {
        event.preventDefault();
        const box = event.target.getBoundingClientRect();
        this.choose(event.target.closest("[data-action].legal"), box.left + box.width / 2, box.top + box.height / 2);
      }
    });
    this.frame.addEventListener("keydown", (event) => { if (event.key === "Escape") { this.closeMenu(); this.select(null); } });
    this.stage.addEventListener("pointerover", (event) => { if (event.pointerType === "mouse") this.hover(event); });
    // (a touch pointer leaves when lifted: a long-pressed card keeps its text until the next tap)
    this.stage.addEventListener("pointerleave", (event) => { if (event.pointerType === "mouse") this.hideTip(); });
    this.listenZoom();
  }

  clicked(event) {
    if (this.dragged) { this.dragged = false; return; }
    this.finishMotion();
    if (this.longPressed) { this.longPressed = false; return; }
    const node = event.target.closest && event.target.closest("[data-action].legal");
    if (!node) {
      const component = event.target.closest && event.target.closest("[data-component]");
      if (component && this.cardOf(component)) this.showTip(component, event.clientX, event.clientY);
      else this.hideTip();
      this.closeMenu();
      this.select(null);
      return;
    }
    this.choose(node, event.clientX, event.clientY);
  }

  // The click protocol: with a place selected, the only action involving both places is taken
  // (piece, then destination); else one action is taken; several open the menu and select the place.
  choose(node, x, y) {
    const actions = this.actionsOf(node);
    if (this.selected && this.selected !== node) {
      const first = new Set(this.actionsOf(this.selected));
      const both = actions.filter((text) => first.has(text));
      if (both.length === 1) { this.take(both[0]); return; }
      if (both.length > 1) { this.openMenu(node, both, x, y); return; }
    }
    if (this.selected === node) { this.select(null); this.closeMenu(); return; }
    if (actions.length === 1) { this.take(actions[0]); return; }
    this.select(node);
    this.openMenu(node, actions, x, y);
  }

  take(text) {
    this.closeMenu();
    this.select(null);
    this.onAction(text);
  }

  select(node) {
    if (this.svg) for (const old of this.svg.querySelectorAll(".selected, .partner")) old.classList.remove("selected", "partner");
    this.selected = node || null;
    if (node) {
      node.classList.add("selected");
      const mine = new Set(this.actionsOf(node));
      for (const other of this.svg.querySelectorAll("[data-action].legal")) {
        if (other !== node && this.actionsOf(other).some((text) => mine.has(text))) other.classList.add("partner");
      }
    }
    this.onSelect(node ? node.getAttribute("data-place") : null);
  }

  openMenu(node, actions, x, y) {
    const card = this.cardOf(node);
    const items = actions.map((text) => el("button", { type: "button", class: "menu-action", role: "menuitem", "data-action": text, text, onclick: () => this.take(text) }));
    this.menu.replaceChildren(...[
      el("div", { class: "menu-head" }, el("strong", { text: card ? card.name : (node.getAttribute("data-place") || "") }),
        el("button", { type: "button", class: "menu-close", "aria-label": "Close the menu", text: "×", onclick: () => { this.closeMenu(); this.select(null); } })),
      card && card.text ? el("p", { class: "menu-text", text: card.text }) : null,
      el("div", { role: "menu", "aria-label": "Actions here" }, items)].filter(Boolean));
    this.menu.hidden = false;
    this.place(this.menu, x, y);
    items[0].focus({ preventScroll: true });
  }

  closeMenu() { this.menu.hidden = true; this.menu.replaceChildren(); }

  // puts a floating box near the frame point under (clientX, clientY), inside the frame
  place(box, clientX, clientY) {
    const frame = this.frame.getBoundingClientRect();
    const width = box.offsetWidth;
    const height = box.offsetHeight;
    const left = clamp(clientX - frame.left + 8, 0, Math.max(0, frame.width - width));
    const below = clientY - frame.top + 12;
    const top = below + height > frame.height && clientY - frame.top - height - 12 >= 0 ? clientY - frame.top - height - 12 : below;
    box.style.left = `${left}px`;
    box.style.top = `${Math.max(0, top)}px`;
  }

  // ---- component texts ---------------------------------------------------------------------------

  cardOf(node) {
    const holder = node.closest("[data-component]");
    const id = holder && holder.getAttribute("data-component");
    if (id && this.cards[id]) return this.cards[id];
    const place = node.getAttribute("data-place");
    if (!place) return null;
    const wanted = place.toLowerCase();
    return Object.values(this.cards).find((card) => card.id === place || card.name.toLowerCase() === wanted) || null;
  }

  hover(event) {
    const node = event.target.closest && event.target.closest("[data-component]");
    const card = node && this.cardOf(node);
    if (card) this.showTip(node, event.clientX, event.clientY);
    else this.hideTip();
  }

  showTip(node, x, y) {
    const card = this.cardOf(node);
    if (!card) return;
    const details = (card.details || []).map(([k, v]) => `${k} ${v}`).join(" · ");
    this.tip.replaceChildren(...[el("strong", { text: card.name }), el("span", { class: "card-kind", text: ` (${card.kind})` }),
      details ? el("span", { class: "card-numbers", text: details }) : null,
      card.text ? el("span", { class: "card-text", text: card.text }) : null].filter(Boolean));
    this.tip.dataset.component = card.id;
    this.tip.hidden = false;
    this.place(this.tip, x, y);
  }

  hideTip() { this.tip.hidden = true; }

  // ---- zoom and pan ------------------------------------------------------------------------------

  listenZoom() {
    const stage = this.stage;
    stage.addEventListener("wheel", (event) => {
      if (!(event.ctrlKey || event.metaKey || this.zoom.scale > 1.001)) return;
      event.preventDefault();
      this.zoom.zoomAt(Math.exp(-event.deltaY / 300), event.clientX, event.clientY);
    }, { passive: false });
    stage.addEventListener("pointerdown", (event) => {
      this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY, startX: event.clientX, startY: event.clientY });
      this.dragged = false;
      this.longPressed = false;
      if (event.pointerType !== "mouse") this.startLongPress(event);
      if (this.pointers.size === 2) this.pinch = this.pinchState();
    });
    stage.addEventListener("pointermove", (event) => this.moved(event));
    const up = (event) => {
      clearTimeout(this.pressTimer);
      this.pointers.delete(event.pointerId);
      if (this.pointers.size < 2) this.pinch = null;
    };
    stage.addEventListener("pointerup", up);
    stage.addEventListener("pointercancel", up);
  }

  startLongPress(event) {
    clearTimeout(this.pressTimer);
    const node = event.target.closest && event.target.closest("[data-component]");
    if (!node || !this.cardOf(node)) return;
    const { clientX, clientY } = event;
    this.pressTimer = setTimeout(() => { this.longPressed = true; this.showTip(node, clientX, clientY); }, LONG_PRESS_MS);
  }

  pinchState() {
    const [a, b] = [...this.pointers.values()];
    return { distance: Math.hypot(a.x - b.x, a.y - b.y) || 1 };
  }

  moved(event) {
    const pointer = this.pointers.get(event.pointerId);
    if (!pointer) return;
    const dx = event.clientX - pointer.x;
    const dy = event.clientY - pointer.y;
    pointer.x = event.clientX;
    pointer.y = event.clientY;
    if (Math.hypot(pointer.x - pointer.startX, pointer.y - pointer.startY) > DRAG_PX) clearTimeout(this.pressTimer);
    if (this.pinch && this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      this.zoom.zoomAt(distance / this.pinch.distance, (a.x + b.x) / 2, (a.y + b.y) / 2);
      this.pinch.distance = distance;
      this.dragged = true;
      return;
    }
    if (this.zoom.scale <= 1.001) return;
    if (!this.dragged && Math.hypot(pointer.x - pointer.startX, pointer.y - pointer.startY) <= DRAG_PX) return;
    this.dragged = true;
    this.zoom.panBy(dx, dy);
  }

  // ---- motion ------------------------------------------------------------------------------------

  piecePositions() {
    const out = new Map();
    if (!this.svg || !this.box.contains(this.svg)) return out;
    for (const node of this.svg.querySelectorAll("[data-piece]")) out.set(node.getAttribute("data-piece"), centreOf(node));
    return out;
  }

  // Each piece drawn before and now elsewhere glides from its old place (a wrapper group carries the
  // move, so the piece's own transform stays). Returns how many pieces move.
  glide(before) {
    if (!before.size) return 0;
    let moving = 0;
    for (const node of this.svg.querySelectorAll("[data-piece]")) {
      const old = before.get(node.getAttribute("data-piece"));
      const parent = node.parentNode;
      const matrix = parent && parent.getScreenCTM && parent.getScreenCTM();
      if (!old || !matrix) continue;
      const now = centreOf(node);
      if (Math.hypot(now.x - old.x, now.y - old.y) < 1) continue;
      const inverse = matrix.inverse();
      const from = new DOMPoint(old.x, old.y).matrixTransform(inverse);
      const to = new DOMPoint(now.x, now.y).matrixTransform(inverse);
      const wrapper = document.createElementNS(SVG_NS, "g");
      wrapper.setAttribute("class", "moving");
      parent.insertBefore(wrapper, node);
      wrapper.append(node);
      const motion = wrapper.animate([{ transform: `translate(${from.x - to.x}px, ${from.y - to.y}px)` }, { transform: "translate(0px, 0px)" }],
        { duration: MOTION_MS, easing: "ease-out" });
      const unwrap = () => { if (wrapper.parentNode) { wrapper.parentNode.insertBefore(node, wrapper); wrapper.remove(); } };
      motion.onfinish = unwrap;
      motion.oncancel = unwrap;
      moving += 1;
    }
    return moving;
  }

  finishMotion() {
    if (!this.svg) return;
    for (const wrapper of this.svg.querySelectorAll("g.moving")) for (const motion of wrapper.getAnimations()) motion.finish();
  }
}
