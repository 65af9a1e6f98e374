"""Taking a decision on the board in a real browser (the board contract, docs/web.md): find the
place(s) whose `data-action` / `data-actions` hold the chosen action, then click them as a player
would, with the mouse at a point where the place is on top: one action, a piece then its
destination (or, where the first place's menu covers the second, that menu), or the place's menu."""

from __future__ import annotations

from dataclasses import dataclass

# The click plan for an action text: the places to click and how ("one", "pair" or "menu"), or null.
PLAN_JS = """(text) => {
  const acts = (n) => { const m = n.getAttribute('data-actions'); return m ? JSON.parse(m) : [n.getAttribute('data-action')]; };
  const holders = [...document.querySelectorAll('#board [data-action].legal')].filter((n) => acts(n).includes(text));
  if (!holders.length) return null;
  const key = (n) => n.getAttribute('data-place');
  const single = holders.find((n) => acts(n).length === 1);
  if (single) return { kind: 'one', places: [key(single)] };
  for (const a of holders) for (const b of holders) {
    if (a === b) continue;
    const first = new Set(acts(a));
    if (acts(b).filter((t) => first.has(t)).length === 1) return { kind: 'pair', places: [key(a), key(b)] };
  }
  return { kind: 'menu', places: [key(holders[0])] };
}"""

# A viewport point where the place itself receives the click (not a piece or a menu above it).
POINT_JS = """(place) => {
  const node = document.querySelector(`#board [data-place="${CSS.escape(place)}"]`);
  if (!node) return null;
  node.scrollIntoView({ block: 'center', inline: 'center' });
  const box = node.getBoundingClientRect();
  const steps = [0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9, 0.05, 0.95, 0.03, 0.97];
  for (const fy of steps) for (const fx of steps) {
    const x = box.left + box.width * fx, y = box.top + box.height * fy;
    const hit = document.elementFromPoint(x, y);
    if (hit && hit.closest && hit.closest('[data-action].legal') === node) return { x, y };
  }
  return null;
}"""


@dataclass(slots=True)
class BoardClick:
    kind: str            # "one", "pair", "menu"; "list" when taken from the action list
    places: list[str]


def click_place(page, place: str) -> bool:
    point = page.evaluate(POINT_JS, place)
    if point is None:
        return False
    page.mouse.click(point["x"], point["y"])
    return True


def take_on_board(page, text: str) -> BoardClick | None:
    """Takes `text` by clicking the board; None (nothing clicked) when no drawn place offers it or
    the place cannot be reached with the mouse. The caller then uses the action list."""
    plan = page.evaluate(PLAN_JS, text)
    if plan is None:
        return None
    places = plan["places"]
    if page.evaluate(POINT_JS, places[0]) is None or (
            plan["kind"] == "pair" and page.evaluate(POINT_JS, places[1]) is None):
        return None
    click_place(page, places[0])
    if plan["kind"] == "pair":
        page.wait_for_selector("#place-menu:not([hidden])")
        if not click_place(page, places[1]):
            # the first place's menu covers its partner (a neighbouring place): the menu lists the
            # same action, so the player takes it there
            page.locator(f"#place-menu button.menu-action[data-action={css_string(text)}]").click()
            return BoardClick(kind="menu", places=places[:1])
    elif plan["kind"] == "menu":
        page.locator(f"#place-menu button.menu-action[data-action={css_string(text)}]").click()
    return BoardClick(kind=plan["kind"], places=places)


def css_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
