"""Text rendering of a Theurgy view for a terminal player, and which components a view shows.

The screen fits 120 columns and about 40 lines: the hex map (TU-1) with every vertex labelled the way
the actions name it (`V30`) and the faith token on it (`V30=Lu`) and each acolyte by its deity and
number (`@Lu1`), then the win target, the action board (TU-3.2: where the pawns stand, what a seat
must or may not take next), each seat's public state, the deities still to choose, the face-up
monsters, the discard piles, and the viewer's hand and Divine Calling with their texts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import cards
from .board import COORDS, CORNERS
from .state import ACTIONS, DEITIES

HALF = 11               # half a hex's width in characters
BODY = 2                # lines of a hex between its upper and lower side vertices
WIDTH = 120
GREY_NAME = "non-believer"

# a corner of a hex (board.CORNERS order) -> (columns from the hex's centre, lines below the row's top)
_CORNER_AT = {1: (0, 0), 0: (HALF, 1), 2: (-HALF, 1), 3: (-HALF, BODY + 2), 5: (HALF, BODY + 2), 4: (0, BODY + 3)}
_ROW_LINES = BODY + 2
_MAP_LINES = 5 * _ROW_LINES + 2


def short(colour: str | None) -> str:
    """Two letters for a colour on the map: the deity's first two letters, `nb` for non-believers."""
    if not colour:
        return "?"
    return "nb" if colour == GREY_NAME else colour[:2]


# ---- which components a view shows ------------------------------------------------------------

def _ids(names: list[str], table: Mapping[str, Any]) -> list[str]:
    by_name = {c.name: c.id for c in table.values()}
    out: list[str] = []
    for name in names:
        cid = by_name.get(name)
        if cid is not None and cid not in out:
            out.append(cid)
    return out


def deities_to_choose(view: Mapping[str, Any]) -> list[str]:
    """The deities still on offer while the seats choose them (the `deities` variant set to choose,
    rulebook setup step 5), in the order the actions offer them; none once every seat has one."""
    seats = view["seats"]
    if all(seat["deity"] for seat in seats):
        return []
    taken = {seat["deity"] for seat in seats}
    return [d for d in DEITIES if d not in taken]


def components_in_view(view: Mapping[str, Any]) -> dict[str, list[str]]:
    """Groups of component ids the view shows (TU-3.4): the viewer's hand and Divine Calling (or the two
    dealt, before the choice), any hand it is looking at through Seep The Strength, then the open
    information: deities in play and those still to choose, face-up monsters, hordes, Aeoris's
    supply, discard piles, removed capital events."""
    groups: dict[str, list[str]] = {}
    seats = view["seats"]
    viewer = view.get("viewer")

    def add(group: str, ids: list[str]) -> None:
        if ids:
            groups[group] = ids

    if viewer is not None:
        mine = seats[viewer]
        add("your hand", _ids(mine.get("hand", []), cards.MIRACLE))
        if mine.get("calling"):
            add("your Divine Calling", _ids([mine["calling"]], cards.CALLING))
        else:
            add("Divine Callings dealt to you", _ids(mine.get("offer", []), cards.CALLING))
    for i, seat in enumerate(seats):
        if i != viewer and "hand" in seat:
            add(f"{seat['deity']}'s hand (Seep The Strength)", _ids(seat["hand"], cards.MIRACLE))
    add("deities in play", [cards.DEITY[s["deity"]].id for s in seats if s["deity"] in cards.DEITY])
    add("deities to choose", [cards.DEITY[d].id for d in deities_to_choose(view) if d in cards.DEITY])
    add("face-up monsters", _ids([m["name"] for m in view["faceup_monsters"]], cards.MONSTER))
    for seat in seats:
        add(f"{seat['deity']}'s horde", _ids(seat["horde"], cards.MONSTER))
        add(f"{seat['deity']}'s supply", _ids(seat["supply"], cards.MIRACLE))
    add("monster discard", _ids(list(reversed(view["monster_discard"])), cards.MONSTER))
    add("miracle discard", _ids(list(reversed(view["miracle_discard"])), cards.MIRACLE))
    add("capital events drawn", _ids(view["removed_events"], cards.EVENT))
    return groups


# ---- the map -----------------------------------------------------------------------------------

class _Canvas:
    def __init__(self, lines: int, width: int) -> None:
        self.rows = [[" "] * width for _ in range(lines)]

    def put(self, line: int, col: int, text: str) -> None:
        row = self.rows[line]
        for i, ch in enumerate(text):
            if 0 <= col + i < len(row):
                row[col + i] = ch

    def centred(self, line: int, col: int, text: str) -> None:
        self.put(line, col - len(text) // 2, text)

    def text(self) -> list[str]:
        return ["".join(r).rstrip() for r in self.rows]


def _centre(p: int) -> tuple[int, int]:
    """(column of the hex's centre, line of its row's top) for board position p."""
    q, r = COORDS[p]
    return WIDTH // 2 - 2 + (2 * q + r) * HALF, (r + 2) * _ROW_LINES


def _fit(parts: list[str], width: int) -> str:
    """Parts joined by spaces, squeezed when needed; a `+N` says how many did not fit."""
    for sep in (" ", ""):
        text = sep.join(parts)
        if len(text) <= width:
            return text
    kept: list[str] = []
    for i, part in enumerate(parts):
        rest = f"+{len(parts) - i - 1}" if i < len(parts) - 1 else ""
        room = width - len(" ".join(kept)) - (1 if kept else 0) - (len(rest) + 1 if rest else 0)
        if len(part) > room:
            if not kept:
                kept.append(part[:max(room, 1)])
                kept.append(rest)
            else:
                kept.append(f"+{len(parts) - i}")
            return " ".join(k for k in kept if k)[:width]
        kept.append(part)
    return " ".join(kept)[:width]


def _pieces(view: Mapping[str, Any]) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Acolytes (`@Lu1`, `@Lu2!` wounded: acolyte_tag) and monsters (`Werewolf/Lu`) per settlement name."""
    acolytes: dict[str, list[str]] = {}
    for seat in view["seats"]:
        for number, (where, hurt) in enumerate(zip(seat["acolytes"], seat["wounded"]), start=1):
            if where is not None:
                acolytes.setdefault(where, []).append(acolyte_tag(seat["deity"], number) + ("!" if hurt else ""))
    monsters: dict[str, list[str]] = {}
    for name, m in view["monsters"].items():
        monsters.setdefault(m["at"], []).append(f"{name}/{short(m['owner'])}")
    return acolytes, monsters


def acolyte_tag(deity: str | None, number: int) -> str:
    """An acolyte on the map: its deity's two letters and its number as the actions name it (`@Lu2`)."""
    return f"@{short(deity)}{number}"


def _hex_lines(st: Mapping[str, Any], anomaly: bool, acolytes: list[str], monsters: list[str],
               staying: tuple[str, str] | None = None) -> tuple[list[str], list[str]]:
    """The four lines inside a hex: name, mortals and doubt, buildings and acolytes, monsters; and
    the acolytes they have no room for. `staying`: the pilgrim's colour and the mark of its followers
    here that moved or were converted in this Pilgrimage (`Lu3(2)`, `Ke3(2/1)`: staying_marks)."""
    inner = 2 * HALF - 3            # between the side bars
    narrow = 2 * HALF - 8           # between the vertex labels on the name and monster lines
    name = st["name"] + (" *A*" if anomaly else "")
    mortals = [map_count(c, k) + (f"({staying[1]})" if staying and c == staying[0] else "")
               for c, k in st["mortals"].items()] or ["empty"]
    if st["sceptics"]:
        mortals.append(f"s{st['sceptics']}")
    built = ([f"T:{short(st['temple'])}"] if st["temple"] else []) + (
        ["r:" + ",".join(short(c) for c in st["ruins"])] if st["ruins"] else [])
    upper, lower, left_out = _body(mortals, built + acolytes, inner)
    return [_fit([name], narrow), _fit(upper, inner), _fit(lower, inner),
            _fit(_shortened(monsters, narrow), narrow)], left_out


def _is_acolyte(tag: str) -> bool:
    return tag.startswith("@")


def _body(upper: list[str], lower: list[str], width: int) -> tuple[list[str], list[str], list[str]]:
    """The hex's two body lines, every acolyte tag whole with a space around it (a click finds it):
    those the lower line has no room for go up to the end of the mortals' line while it has room;
    the rest are left out, counted as `+N` (render_text lists them under the map)."""
    upper, lower, at = list(upper), list(lower), len(upper)
    while len(" ".join(lower)) > width and _is_acolyte(lower[-1]) and len(" ".join(upper + lower[-1:])) <= width:
        upper.insert(at, lower.pop())
    left_out: list[str] = []
    if len(" ".join(lower)) > width:
        while lower and _is_acolyte(lower[-1]) and (
                not left_out or len(" ".join([*lower, f"+{len(left_out)}"])) > width):
            left_out.insert(0, lower.pop())
    return upper, lower + ([f"+{len(left_out)}"] if left_out else []), left_out


def _shortened(tags: list[str], width: int) -> list[str]:
    """Monster tags (`Werewolf/Ke`) with their names cut so that all of them fit side by side."""
    if len(" ".join(tags)) <= width or not tags:
        return tags
    room = max((width - len(tags) + 1) // len(tags) - 3, 2)
    return [f"{tag[:-3][:room]}{tag[-3:]}" for tag in tags]


def _pilgrimage(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    return next((e for e in view.get("in_progress") or () if e.get("step") == "pilgrimage"), None)


def staying_marks(view: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
    """Per settlement: the pilgrim's colour and the mark of its followers there that may not move any
    more (moved, or converted: TU-5.1, TU-5.7), then `/n` those of Kelerix that moved once and may
    go on (TU-14.2)."""
    pil = _pilgrimage(view)
    if pil is None:
        return {}
    colour = _deity(view, pil["seat"])
    done, once = pil["followers_done"], pil["followers_moved_once"]
    return {name: (colour, f"{done.get(name, 0)}" + (f"/{once[name]}" if name in once else ""))
            for name in [*done, *(n for n in once if n not in done)]}


def render_map(view: Mapping[str, Any]) -> list[str]:
    return _drawn_map(view)[0]


def _drawn_map(view: Mapping[str, Any]) -> tuple[list[str], dict[str, list[str]]]:
    """The map's lines, and per settlement the acolytes its hex has no room for."""
    canvas = _Canvas(_MAP_LINES, WIDTH)
    left_out: dict[str, list[str]] = {}
    acolytes, monsters = _pieces(view)
    faith = view["faith"]
    staying = staying_marks(view)
    for p, st in enumerate(view["settlements"]):
        cx, top = _centre(p)
        for corner, v in enumerate(CORNERS[p]):
            dx, dy = _CORNER_AT[corner]
            owner = faith.get(f"V{v}")
            canvas.centred(top + dy, cx + dx, f"V{v}" + (f"={short(owner)}" if owner else ""))
        lines, crowded = _hex_lines(st, st["name"] == view["anomaly"], acolytes.get(st["name"], []),
                                    monsters.get(st["name"], []), staying.get(st["name"]))
        if crowded:
            left_out[st["name"]] = crowded
        canvas.centred(top + 1, cx, lines[0])
        for i in range(BODY):
            canvas.put(top + 2 + i, cx - HALF, "|")
            canvas.put(top + 2 + i, cx - HALF + 2, lines[1 + i])
        canvas.centred(top + BODY + 2, cx, lines[3])
    _corners(canvas, view)
    return canvas.text(), left_out


def _left_out_line(left_out: Mapping[str, list[str]]) -> list[str]:
    if not left_out:
        return []
    return ["Acolytes the map has no room for (+N): " + "; ".join(
        f"{name} {' '.join(tags)}" for name, tags in left_out.items())]


def turn_order(view: Mapping[str, Any]) -> list[int]:
    """The seats in the order they play (TU-3.1: clockwise), from the seat whose turn it is."""
    players = len(view["seats"])
    return [(view["turn"] + k) % players for k in range(players)]


def _order_line(view: Mapping[str, Any]) -> str:
    seats = view["seats"]
    return "order " + ">".join(short(seats[i]["deity"]) if seats[i]["deity"] else f"s{i}"
                               for i in turn_order(view))


def _first_line(view: Mapping[str, Any]) -> str:
    """The starting player (TU-2.6, TU-3.1) beside the turns taken: the order line has no room left
    with six seats."""
    first = view.get("first")
    seats = view["seats"]
    if not isinstance(first, int) or not 0 <= first < len(seats):
        return f"turns taken {view['turns_taken']}"
    who = short(seats[first]["deity"]) if seats[first]["deity"] else f"s{first}"
    return f"first {who}, turns taken {view['turns_taken']}"


def _corners(canvas: _Canvas, view: Mapping[str, Any]) -> None:
    """The key, the win target and the decks in the four empty corners around the hexagon."""
    x = view["temples_x"]
    blocks = (
        (0, 0, ["nb non-believers", "s2 two sceptic tokens", "T:Lu temple r: ruins", "@Lu1 acolyte, ! wounded",
                "Vn=Lu faith token"]),
        (0, WIDTH - 21, [f"Win (X={x}) at the end", "of your turn with", f"{x} temples incl. the",
                         f"Capital, {x + 1} + calling,", f"or {x + 2}; a ruin is 1/2"]),
        # the order takes 23 columns with six seats: only the lines beside the hexes' sides have them
        (_MAP_LINES - 5, 0, ["inner ring: the six", "around the Capital", _order_line(view), "*A* the Anomaly",
                             _first_line(view)]),
        (_MAP_LINES - 5, WIDTH - 21, [f"miracle deck {view['miracle_deck']}", f"monster deck {view['monster_deck']}",
                                      *(["capital events drawn:", *view["removed_events"]]
                                        if view["removed_events"] else [])]),
    )
    for line, col, texts in blocks:
        for i, text in enumerate(texts):
            canvas.put(line + i, col, text[:WIDTH - col])


# ---- the rest of the screen --------------------------------------------------------------------

def _temples(view: Mapping[str, Any], colour: str) -> tuple[int, int, bool]:
    """(temples, ruins, temple in the Capital) of one colour."""
    temples = sum(st["temple"] == colour for st in view["settlements"])
    ruins = sum(colour in st["ruins"] for st in view["settlements"])
    capital = any(st["type"] == "capital" and st["temple"] == colour for st in view["settlements"])
    return temples, ruins, capital


#: The four actions as the action board names them (the text under which a click takes one).
ACTION_TITLES = {"pilgrimage": "Pilgrimage", "spread the word": "Spread the Word",
                 "divine intervention": "Divine Intervention", "test the faith": "Test the Faith"}


def _tags(view: Mapping[str, Any], key: str, action: str) -> list[str]:
    return [short(seat["deity"]) for seat in view["seats"] if seat["deity"] and seat[key] == action]


def action_board_line(view: Mapping[str, Any]) -> str:
    """The action board (TU-3.2, TU-13 Cast The Runes): each action with the pawns on it, and the seats
    that must take it, or may not, on their next turn."""
    spaces: list[str] = []
    for action in ACTIONS:
        pawns = _tags(view, "pawn", action)
        rules = [f"{', '.join(tags)} {says}" for tags, says in
                 ((_tags(view, "forced", action), "must take it next"),
                  (_tags(view, "banned", action), "may not take it next")) if tags]
        spaces.append(f"{ACTION_TITLES[action]}: {', '.join(pawns) or '-'}"
                      + (f" ({'; '.join(rules)})" if rules else ""))
    return "Action board, pawns: " + " | ".join(spaces)


def _you(view: Mapping[str, Any], i: int) -> str:
    return (" (you)" if i == view.get("viewer") else "") + (" (to play)" if i == view.get("turn") else "")


def _seat_line(view: Mapping[str, Any], i: int) -> str:
    """A seat's open information (TU-3.4); where its monsters stand is on the map, its pawn on the
    action board line."""
    seat = view["seats"][i]
    temples, ruins, capital = _temples(view, seat["deity"])
    score = temples + ruins / 2
    parts = [f"Seat {i} {seat['deity']} [{short(seat['deity'])}]{_you(view, i)}",
             f"temples {temples} ruins {ruins} = {score:g}/{view['temples_x']}{' incl. Capital' if capital else ''}",
             f"hand {seat['hand_size']}"]
    if seat["horde"]:
        parts.append("horde " + ", ".join(seat["horde"]))
    if seat["supply"]:
        parts.append("supply " + ", ".join(seat["supply"]))
    return " | ".join(parts)


def _seat_lines(view: Mapping[str, Any]) -> list[str]:
    """One line per seat with a deity, then one for all those still without (while they choose)."""
    seats = view["seats"]
    lines = [_seat_line(view, i) for i, seat in enumerate(seats) if seat["deity"]]
    waiting = [f"{i}{_you(view, i)}" for i, seat in enumerate(seats) if not seat["deity"]]
    if waiting:
        lines.append(f"Seat{'s' if len(waiting) > 1 else ''} {', '.join(waiting)}: no deity chosen yet; "
                     "deities to choose, with their powers:")
        lines += [_card_line("", name, cards.DEITY) for name in deities_to_choose(view)]
    return lines


def _card_line(indent: str, label: str, table: Mapping[str, Any], name: str | None = None) -> str:
    by_name = {c.name: c for c in table.values()}
    card = by_name.get(name or label)
    return f"{indent}{label}: {card.text}" if card is not None else f"{indent}{label}"


def _monster_line(head: str, name: str, markers: int) -> str:
    """A face-up monster with its numbers and its text (and a legendary one's when-summoned text)."""
    m = next((m for m in cards.MONSTERS if m.name == name), None)
    if m is None:
        return f"{head}{name}"
    tags = f"{m.type} {m.ability} {m.movement}{' legendary' if m.legendary else ''}"
    marks = f", {markers} marker{'s' if markers > 1 else ''}" if markers else ""
    summoned = f" When summoned: {m.summoned_text}" if m.legendary else ""
    return f"{head}{name} ({tags}{marks}): {m.text}{summoned}"


def _wrap(line: str, indent: str = "    ") -> list[str]:
    """A long line broken at spaces to fit the screen, continued after `indent`."""
    out: list[str] = []
    while len(line) > WIDTH:
        cut = line.rfind(" ", 0, WIDTH)
        cut = cut if cut > len(indent) else WIDTH
        out.append(line[:cut])
        line = indent + line[cut:].lstrip()
    out.append(line)
    return out


def render_text(view: Mapping[str, Any]) -> str:
    seats = view["seats"]
    lines, left_out = _drawn_map(view)
    while lines and not lines[-1]:
        lines.pop()
    lines += _left_out_line(left_out)
    progress = progress_line(view)
    if progress:
        lines.append(progress)
    if not deities_to_choose(view):
        lines.append(action_board_line(view))
    lines += _seat_lines(view)
    head = "Face-up: "
    for k, m in enumerate(view["faceup_monsters"]):
        lines += _wrap(_monster_line(head if k == 0 else " " * len(head), m["name"], m["markers"]), " " * len(head))
    if view["monster_discard"] or view["miracle_discard"]:
        lines.append(_discards_line(view))
    lines += _private_lines(view)
    decision = view.get("decision")
    if decision and decision["player"] == view.get("viewer") and decision["kind"] in ("turn", "ttf"):
        forecast = ttf_forecast(view)
        lines.append("Test the Faith would: " + ("; ".join(forecast) if forecast else "change no temple"))
    if view.get("decision"):
        d = view["decision"]
        who = f" ({seats[d['player']]['deity']})" if seats[d["player"]]["deity"] else ""
        lines.append(f"Seat {d['player']}{who} to decide: {d['prompt']}")
    return "\n".join(out for line in lines for out in _wrap(line))


# ---- the action under way ------------------------------------------------------------------------

def _deity(view: Mapping[str, Any], seat: Any) -> str:
    seats = view["seats"]
    if isinstance(seat, int) and 0 <= seat < len(seats) and seats[seat]["deity"]:
        return str(seats[seat]["deity"])
    return f"seat {seat}"


def _acolyte_left(number: int, acolyte: Mapping[str, Any]) -> str:
    """What one acolyte may still do in the Pilgrimage (TU-5.4, TU-5.8, TU-14.1, TU-14.2)."""
    if acolyte["stood_up"]:
        return f"acolyte {number} ({acolyte['at']}) stood up, does nothing else"
    left = acolyte["moves_left"]
    deeds = ([f"move{' x' + str(left) if left > 1 else ''}"] if left else []) + (
        ["preach"] if acolyte["may_preach"] else []) + (["fight"] if acolyte["may_fight"] else [])
    return f"acolyte {number} ({acolyte['at']}) " + ("may " + "/".join(deeds) if deeds else "is done")


def map_count(colour: str, k: int) -> str:
    """k mortals of a colour as the text map writes them (`Lu3`)."""
    return f"{short(colour)}{k}"


def _pilgrimage_text(view: Mapping[str, Any], entry: Mapping[str, Any], count: Callable[[str, int], str]) -> str:
    """`count` writes mortals as the map does, for the key of the marks of the followers that stay
    (staying_marks)."""
    deity = _deity(view, entry["seat"])
    parts = [_acolyte_left(k + 1, a) for k, a in enumerate(entry["acolytes"])]
    marks = staying_marks(view)
    if marks:                       # the key, read off the first marked settlement
        name, (_, mark) = next(iter(marks.items()))
        total = next((st["mortals"].get(deity, 0) for st in view["settlements"] if st["name"] == name), 0)
        stay, _, once = mark.partition("/")
        key = f"map {count(deity, total)}({mark}) in {name}: ({stay}) of them moved or were converted and stay"
        parts.append(key + (f", /{once} moved once and may go on" if once else ""))
    return f"Pilgrimage ({deity}): " + "; ".join(parts)


def _intervention_text(view: Mapping[str, Any], entry: Mapping[str, Any]) -> str:
    made = {"miracle": "miracle performed", "summon": "monster summoned"}.get(
        entry["made"] or "", "no miracle or summon yet")
    parts = [made]
    if entry["may_activate"]:
        parts.append("may activate " + ", ".join(entry["may_activate"]))
    if entry["may_move"]:
        parts.append("may move " + ", ".join(entry["may_move"]))
    return f"Divine Intervention ({_deity(view, entry['seat'])}): " + "; ".join(parts)


def _effect_text(view: Mapping[str, Any], entry: Mapping[str, Any]) -> str:
    where = f" at {entry['at']}" if entry["at"] else ""
    left = entry["left"]
    count = f": {left} choice{'s' if left != 1 else ''} left" if left else ""
    return f"Effect of {entry['source']}{where}{count}"


def progress_line(view: Mapping[str, Any]) -> str:
    """The action under way and what it still allows (view["in_progress"]), or ""."""
    return " | ".join(progress_texts(view))


def progress_texts(view: Mapping[str, Any], count: Callable[[str, int], str] = map_count) -> list[str]:
    """One text per step under way (view["in_progress"], outermost first); `count` writes mortals
    of a colour the way the board showing the text does."""
    texts: list[str] = []
    for entry in view.get("in_progress") or ():
        step = entry.get("step")
        if step == "pilgrimage":
            texts.append(_pilgrimage_text(view, entry, count))
        elif step == "divine intervention":
            texts.append(_intervention_text(view, entry))
        elif step == "test the faith":
            texts.append(f"Test the Faith ({_deity(view, entry['seat'])}) in {entry['tested']}: "
                         f"{entry['sceptics_left']} sceptic token(s) left to place")
        elif step == "effect":
            texts.append(_effect_text(view, entry))
    return texts


def ttf_forecast(view: Mapping[str, Any]) -> list[str]:
    """What a Test the Faith would do to the temples of each settlement it may test now (TU-9.2 to
    TU-9.6), from the view alone: only the settlements where a temple would rise or fall."""
    from .rules.test_the_faith import conversions

    colours = [seat["deity"] for seat in view["seats"]] + [GREY_NAME]
    blocked = {m["at"] for name, m in view["monsters"].items()
               if any(c.name == name and c.effect == "no_temples" for c in cards.MONSTERS)}
    out: list[str] = []
    for st in view["settlements"]:
        if st["name"] == view["anomaly"]:
            continue
        tokens = [0] * len(colours)
        for v in st["vertices"]:
            owner = view["faith"].get(f"V{v}")
            if owner in colours:
                tokens[colours.index(owner)] += 1
        tokens[-1] = st["sceptics"]
        after = conversions([st["mortals"].get(c, 0) for c in colours], tokens)
        leaders = [c for c, k in enumerate(after) if k == max(after)]
        winner = colours[leaders[0]] if len(leaders) == 1 and leaders[0] < len(colours) - 1 else None
        if winner is not None and winner == st["temple"]:
            continue
        falls = f"{short(st['temple'])}'s temple falls" if st["temple"] else ""
        rises = ""
        if winner is not None and st["name"] not in blocked:      # the Giant forbids building there
            rises = f"{short(winner)} {'restores' if winner in st['ruins'] else 'builds'}"
        if falls or rises:
            out.append(f"{st['name']} {', '.join(x for x in (rises, falls) if x)}")
    return out


def _discards_line(view: Mapping[str, Any]) -> str:
    """The tops of both discard piles, as many as one line holds (the cards in view list them all)."""
    line = ""
    for monsters, miracles in ((3, 2), (2, 2), (3, 1), (2, 1), (1, 1)):
        line = (f"Discards, top first: monsters {_pile(view['monster_discard'], monsters)}; miracles "
                f"{_pile(view['miracle_discard'], miracles)}")
        if len(line) <= WIDTH:
            break
    return line


def _pile(names: list[str], shown: int = 3) -> str:
    top = ", ".join(reversed(names[-shown:])) or "-"
    return top + (f" (+{len(names) - shown})" if len(names) > shown else "")


def _private_lines(view: Mapping[str, Any]) -> list[str]:
    """The viewer's hand, deity power and calling, and a hand seen through Seep The Strength."""
    lines: list[str] = []
    viewer = view.get("viewer")
    for i, seat in enumerate(view["seats"]):
        if "hand" not in seat:
            continue
        whose = "Your" if i == viewer else f"{seat['deity']}'s (seen through Seep The Strength)"
        head = f"{whose} hand: "
        if not seat["hand"]:
            lines.append(head + "-")
        for k, name in enumerate(dict.fromkeys(seat["hand"])):
            copies = seat["hand"].count(name)
            label = f"{name} (x{copies})" if copies > 1 else name
            line = _card_line(head if k == 0 else " " * len(head), label, cards.MIRACLE, name)
            lines += _wrap(line, " " * len(head))
    if viewer is None:
        return lines
    mine = view["seats"][viewer]
    if mine["deity"] in cards.DEITY:
        lines.append(f"Power: {cards.DEITY[mine['deity']].text}")
    if mine.get("calling"):
        lines.append(_card_line("Divine Calling: ", mine["calling"], cards.CALLING))
    elif mine.get("offer"):
        head = "Keep one Divine Calling: "
        for k, name in enumerate(mine["offer"]):
            lines += _wrap(_card_line(head if k == 0 else " " * len(head), name, cards.CALLING), " " * len(head))
    return lines
