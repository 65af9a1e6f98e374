"""The solo automaton ("the Bot", issue 5), the module of the `bot` mode: an engine-driven extra
seat resolved from its deck. Rule ids BOT-x.y refer to docs/rules/theocratia.md (section "Solo
automaton"). The classic rules reach it only where the Bot takes part: its turns (a BotTurn
frame), its Civ choice, its round setup, its End Round Bonus build and its Development Worship."""

from __future__ import annotations

import math

from theogony.core import Event, Rng

from ..content import (BARRACK, BLACK, BOT_CARDS, CIV_NAMES, DESERT, DEV_EFFECTS, DIST, FACTORY,
                       FORTRESS_OF, GREEN, HEXES, HOME_HEX, HOUSE, MONSTER_DESERT, MONSTER_PLAIN,
                       N_HEX, NEIGHBOURS, PERSONALITIES, PLAINS, PYRAMID, TOKENS, WARRIOR)
from ..state import BotTurn, Player, TheocratiaState
from .actions import WAR_COST, compensate
from .board import civ_size, frontier, owner, place, remove
from .chronicles import chronicle, turn_page
from .power_cards import draw
from .tracks import worship

KIND_OF = {"house": HOUSE, "factory": FACTORY, "barrack": BARRACK, "pyramid": PYRAMID}


def _pixel(h: int) -> tuple[float, float]:
    q, r = HEXES[h].q, HEXES[h].r
    return (math.sqrt(3) * (q + r / 2), 1.5 * r)


def _angles() -> tuple[tuple[float, ...], ...]:
    """Clockwise angle (screen, y down) of every hex around each Fortress, measured from the
    direction of the Volcano (BOT-4.5)."""
    centre = next(h for h in range(N_HEX) if HEXES[h].terrain == "volcano")
    out = []
    cx, cy = _pixel(centre)
    for v in range(4):
        fx, fy = _pixel(FORTRESS_OF[v])
        ref = math.atan2(cy - fy, cx - fx)
        row = []
        for h in range(N_HEX):
            x, y = _pixel(h)
            a = math.atan2(y - fy, x - fx) if h != FORTRESS_OF[v] else ref
            row.append((a - ref) % (2 * math.pi))
        out.append(tuple(row))
    return tuple(out)


ANGLE = _angles()


def check_decks() -> None:
    for name in PERSONALITIES:
        numbers = sorted(c.number for c in BOT_CARDS if name in c.decks)
        assert numbers == list(range(1, 21)), (name, numbers)


# ---- setup and rounds ---------------------------------------------------------------------------

def bot_token_grid(rng: Rng) -> list[int]:
    """BOT-1.3 twelve tokens (one duplicate copy removed) in a grid, one row of 3 per Civ."""
    dups = [k for k, t in enumerate(TOKENS) if t.copies > 1]
    tokens = [k for k, t in enumerate(TOKENS) for _ in range(t.copies)]
    tokens.remove(rng.choice(dups))
    rng.shuffle(tokens)
    return tokens


def setup_bot_seat(bot: Player) -> None:
    """BOT-2.1 the Bot ignores Cosmo and holds all its Conversion tiles from the start."""
    bot.cosmo = 0
    bot.tiles = [2, 2, 2, 2]


def bot_deck(personality: str, rng: Rng) -> list[int]:
    """BOT-1.2 the personality's deck of Bot cards, shuffled."""
    deck = [i for i, c in enumerate(BOT_CARDS) if personality in c.decks]
    rng.shuffle(deck)
    return deck


def bot_choose_civ(s: TheocratiaState, events: list[Event]) -> None:
    """BOT-1.4 a die drawn from the bag names the Bot's Civ (the die goes back)."""
    free = [v for v in range(4) if v not in s.civ_choice]
    dice = [v for v in free for _ in range(3)]
    v = dice[s.rng.below(len(dice))]
    seat = s.bot_seat
    s.civ_choice[seat] = v
    place(s, v, HOME_HEX[v][s.seats[seat].colour], HOUSE, -1, events)
    events.append(Event("civ", f"the Bot ({s.bot}) takes {CIV_NAMES[v]}", seat, actor=seat))


def bot_round_setup(s: TheocratiaState) -> None:
    """BOT-4.1 the revealed cards go back into the deck; two new cards are revealed."""
    s.bot_deck.extend(s.bot_revealed)
    s.bot_revealed = []
    s.rng.shuffle(s.bot_deck)
    s.bot_revealed = [_draw_card(s, check_pyramid=False), _draw_card(s, check_pyramid=False)]


def _pyramid_limit(s: TheocratiaState) -> int:
    return 3 if s.players == 1 else 2


def _draw_card(s: TheocratiaState, check_pyramid: bool = True) -> int:
    """Top card of the Bot deck; at its Pyramid limit, Pyramid cards are discarded (BOT-2.9).
    An empty deck is rebuilt from the personality's cards not in view (ruling R-B3)."""
    for _ in range(60):
        if not s.bot_deck:
            s.bot_deck = [i for i, c in enumerate(BOT_CARDS) if s.bot in c.decks
                          and i not in s.bot_revealed]
            s.rng.shuffle(s.bot_deck)
        card = s.bot_deck.pop()
        if check_pyramid and BOT_CARDS[card].action == "pyramid" and \
                s.seats[s.bot_seat].pyramids_built >= _pyramid_limit(s):
            continue
        return card
    return card


# ---- the Bot's turn (BOT-4) ---------------------------------------------------------------------

def choose_die(table: list[int], number: int, arrow: str) -> int:
    """BOT-4.3 the die showing `number` nearest the arrow's side; else a 6; else the closest
    number (the higher on a tie). Dice of one number lie in Civ order (Magenta on the left)."""
    def side(dice: list[int]) -> int:
        return min(dice) if arrow == "left" else max(dice)

    same = [d for d in table if d % 10 == number]
    if same:
        return side(same)
    sixes = [d for d in table if d % 10 == 6]
    if sixes:
        return side(sixes)
    best = min(abs(d % 10 - number) for d in table)
    close = [d for d in table if abs(d % 10 - number) == best]
    top = max(d % 10 for d in close)
    return side([d for d in close if d % 10 == top])


def run_bot_turn(s: TheocratiaState, f: BotTurn, events: list[Event]) -> None:
    """The BotTurn frame: the Bot plays its turn at once."""
    s.stack.pop()
    bot_turn(s, events)


def bot_turn(s: TheocratiaState, events: list[Event]) -> None:
    seat = s.bot_seat
    new = _draw_card(s)
    arrow = BOT_CARDS[new].arrow
    idx = 0 if arrow == "left" else 1
    card = s.bot_revealed[idx]
    s.bot_revealed = [new, s.bot_revealed[1 - idx]]
    events.append(Event("bot", f"the Bot reveals card {BOT_CARDS[new].number} ({arrow} arrow) "
                        f"and resolves card {BOT_CARDS[card].number} "
                        f"({BOT_CARDS[card].action}, die {BOT_CARDS[card].die})", seat, actor=seat))
    for _ in range(40):
        d = choose_die(s.table, BOT_CARDS[card].die, arrow)
        if _feasible(s, card, d // 10):
            break
        events.append(Event("bot", f"the Bot cannot resolve card {BOT_CARDS[card].number}: "
                            "discarded, another is drawn", seat, actor=seat))
        card = _draw_card(s)  # BOT-2.10
    else:
        return
    _resolve(s, card, d, arrow, events)


def _feasible(s: TheocratiaState, card: int, v: int) -> bool:
    c = BOT_CARDS[card]
    if c.action in ("bonus", "holiday"):
        return True
    if c.action == "war":
        return bool(s.civs[v].supply) and _war_target(s, v, c.rotation) is not None
    if c.action == "pyramid":
        if s.civs[v].pyramids <= 0 or s.seats[s.bot_seat].pyramids_built >= _pyramid_limit(s):
            return False
        return _bot_building(s, v, (BARRACK, FACTORY, HOUSE)) >= 0 or _build_hex(s, v) is not None
    kind = KIND_OF[c.action]
    pieces = {HOUSE: s.civs[v].houses, FACTORY: s.civs[v].factories, BARRACK: s.civs[v].barracks}
    if pieces[kind] <= 0:
        return False
    if kind != HOUSE and _bot_building(s, v, (HOUSE,)) >= 0:
        return True
    return _build_hex(s, v) is not None


def _resolve(s: TheocratiaState, card: int, d: int, arrow: str, events: list[Event]) -> None:
    seat = s.bot_seat
    c = BOT_CARDS[card]
    v = d // 10
    s.table.remove(d)
    s.civs[v].row.append(v * 10 + c.die)  # BOT-4.4 turned to the card's face, no row limit
    events.append(Event("bot", f"the Bot takes {CIV_NAMES[v]} {d % 10} (turned to {c.die}) for "
                        f"{CIV_NAMES[v]}: {c.action}", seat, actor=seat))
    gain = c.worship
    if c.action == "bonus":
        s.next_first = seat
        if s.erb_holder < 0:
            s.erb_holder = seat
        else:
            draw(s, seat, events, v)
    elif c.action == "war":
        _bot_war(s, v, c.rotation, events)
    elif c.action == "holiday":
        gain = _bot_holiday(s, v, events)
    elif c.action == "pyramid":
        _bot_pyramid(s, v, arrow, events)
    else:
        bot_build(s, v, KIND_OF[c.action], events)
    if gain:
        worship(s, seat, v, gain, events)  # BOT-4.8


# ---- building ---------------------------------------------------------------------------------

def _bot_building(s: TheocratiaState, v: int, kinds: tuple[int, ...]) -> int:
    """The Bot's building of Civ v of the first kind in `kinds` present, closest to the Fortress."""
    col = s.seats[s.bot_seat].colour
    fort = FORTRESS_OF[v]
    for kind in kinds:
        cands = [h for h in range(N_HEX) if s.hex_civ[h] == v and s.hex_kind[h] == kind
                 and s.hex_colour[h] == col]
        if cands:
            return min(cands, key=lambda h: (DIST[fort][h], h))
    return -1


def _neutral_class(s: TheocratiaState, h: int) -> int:
    """Target classes for the Bot: 0 Green, 1 Yellow, 2 unchosen colour, 3 a person's hex."""
    col = s.hex_colour[h]
    if col == PLAINS:
        return 0
    if col == DESERT:
        return 1
    if col >= 0 and s.colour_seat[col] < 0:
        return 2
    return 3


def _class_order(s: TheocratiaState, h: int) -> int:
    k = _neutral_class(s, h)
    if s.high:  # BOT-3.2 people first
        return 0 if k == 3 else k + 1
    return k


def _build_hex(s: TheocratiaState, v: int) -> tuple[int, int] | None:
    """(hex, tile) where the Bot builds for Civ v: its own empty hex next to the Civ closest to the
    Fortress (tile -1), else the first hex it can convert (BOT-4.6)."""
    col = s.seats[s.bot_seat].colour
    fort = FORTRESS_OF[v]
    front = frontier(s, v)
    own = [h for h in front if s.hex_colour[h] == col]
    if own:
        return (min(own, key=lambda h: (DIST[fort][h], h)), -1)
    tiles = s.seats[s.bot_seat].tiles
    cands = []
    for h in front:
        neutral = s.hex_colour[h] < 0
        usable = [t for t in range(4) if tiles[t] == 2 and (t > 0 or neutral)]
        if usable:
            cands.append((_class_order(s, h), DIST[fort][h], h, usable[0]))
    if not cands:
        return None
    _, _, h, t = min(cands)
    return (h, t)


def bot_build(s: TheocratiaState, v: int, kind: int, events: list[Event]) -> int:
    """BOT-4.6 Build icon (also the End Round Bonus card's Expand for the Bot); the hex built on,
    or -1."""
    seat = s.bot_seat
    if kind in (FACTORY, BARRACK):
        h = _bot_building(s, v, (HOUSE,))
        if h >= 0:
            remove(s, h)
            place(s, v, h, kind, -1, events)
            events.append(Event("bot", f"the Bot upgrades to a {CIV_NAMES[v]} "
                                f"{'Factory' if kind == FACTORY else 'Barrack'} on {HEXES[h].id}", seat, actor=seat))
            return h
    spot = _build_hex(s, v)
    if spot is None:
        return -1
    h, t = spot
    if t >= 0:
        s.seats[seat].tiles[t] = 3
        s.hex_colour[h] = s.seats[seat].colour
    place(s, v, h, kind, -1, events)
    events.append(Event("bot", f"the Bot builds a {CIV_NAMES[v]} "
                        f"{('House', 'Factory', 'Barrack', 'Pyramid')[kind - HOUSE]} on "
                        f"{HEXES[h].id}" + (f" (converted with tile {t})" if t >= 0 else ""), seat, actor=seat))
    return h


def _bot_pyramid(s: TheocratiaState, v: int, arrow: str, events: list[Event]) -> None:
    seat = s.bot_seat
    h = _bot_building(s, v, (BARRACK, FACTORY, HOUSE))
    if h >= 0:
        remove(s, h)
        place(s, v, h, PYRAMID, -1, events)
        events.append(Event("bot", f"the Bot raises a {CIV_NAMES[v]} Pyramid on {HEXES[h].id}",
                            seat, actor=seat))
    else:  # bot_build logs the Pyramid itself: one event per Pyramid
        h = bot_build(s, v, PYRAMID, events)
    s.seats[seat].pyramids_built += 1
    turn_page(s, v, events)
    # BOT-4.6 discard the first token of the Civ's row from the arrow's side
    row = list(range(3 * v, 3 * v + 3))
    if arrow == "right":
        row.reverse()
    for slot in row:
        k = s.grid[slot]
        if k >= 0:
            s.grid[slot] = -1
            s.tokens.remove(k)
            break
    if s.high:  # BOT-3.5 remove people's buildings next to the Pyramid
        victims = [n for n in sorted(NEIGHBOURS[h], key=lambda x: (DIST[FORTRESS_OF[v]][x], x))
                   if HOUSE <= s.hex_kind[n] <= BARRACK and 0 <= owner(s, n) != seat]
        if s.players == 1:
            victims = victims[:1]
        for n in victims:
            loser, kind, civ = owner(s, n), s.hex_kind[n], s.hex_civ[n]
            remove(s, n)
            events.append(Event("bot", f"the Bot removes the {CIV_NAMES[civ]} building on "
                                f"{HEXES[n].id}", seat, actor=seat))
            compensate(s, loser, civ, kind, False, events)


# ---- war ----------------------------------------------------------------------------------------

def _war_target(s: TheocratiaState, v: int, rotation: str) -> int | None:
    """BOT-4.7 the target: most Warriors usable first (3 building, 2 House, 1 monster), then the
    difficulty's class order, then distance from the Fortress, then the rotation."""
    seat = s.bot_seat
    col = s.seats[seat].colour
    fort = FORTRESS_OF[v]
    supply = min(3, s.civs[v].supply)
    for w in range(supply, 0, -1):
        kinds = {3: (FACTORY, BARRACK), 2: (HOUSE,), 1: (MONSTER_PLAIN, MONSTER_DESERT)}[w]
        cands = [h for h in range(N_HEX) if s.hex_kind[h] in kinds
                 and (w == 1 or (s.hex_civ[h] != v and s.hex_colour[h] != col))]
        if not cands:
            continue
        if s.players > 1:
            cands = _highest_worshipper(s, cands)

        def key(h: int) -> tuple:
            ang = ANGLE[v][h] if rotation == "cw" else (2 * math.pi - ANGLE[v][h]) % (2 * math.pi)
            return (_class_order(s, h), DIST[fort][h], ang, h)

        return min(cands, key=key)
    return None


def _highest_worshipper(s: TheocratiaState, cands: list[int]) -> list[int]:
    """BOT-6.2 with several people: people's targets only of the one with the most Worship from
    the target's Civ (a die roll breaks ties)."""
    people = [h for h in cands if 0 <= owner(s, h) != s.bot_seat]
    if not people:
        return cands
    owners = sorted({owner(s, h) for h in people})
    if len(owners) == 1:
        return cands
    level = {o: max(s.seats[o].priests[s.hex_civ[h]] for h in people if owner(s, h) == o)
             for o in owners}
    top = max(level.values())
    best = [o for o in owners if level[o] == top]
    chosen = best[0] if len(best) == 1 else best[s.rng.below(len(best))]
    return [h for h in cands if h not in people or owner(s, h) == chosen]


def _bot_war(s: TheocratiaState, v: int, rotation: str, events: list[Event]) -> None:
    seat = s.bot_seat
    h = _war_target(s, v, rotation)
    if h is None:
        return
    kind, civ, victim = s.hex_kind[h], s.hex_civ[h], owner(s, h)
    cost = WAR_COST[kind]
    s.civs[v].supply -= cost
    remove(s, h)
    events.append(Event("bot", f"the Bot's {CIV_NAMES[v]} attack the "
                        f"{('House', 'Factory', 'Barrack')[kind - HOUSE] if kind <= BARRACK else 'monster'}"
                        f" on {HEXES[h].id}", seat, actor=seat))
    chronicle(s, v, [WARRIOR] * cost, events)
    if kind in (MONSTER_PLAIN, MONSTER_DESERT):
        draw(s, seat, events, v)
    for other in range(len(s.seats)):  # Barrack owners (people) gain as usual
        if other == seat:
            continue
        ocol = s.seats[other].colour
        if any(s.hex_civ[x] == v and s.hex_kind[x] == BARRACK and s.hex_colour[x] == ocol
               for x in range(N_HEX)):
            worship(s, other, v, 1, events)
    if victim >= 0 and victim != seat and civ >= 0:
        compensate(s, victim, civ, kind, False, events)


# ---- holiday ------------------------------------------------------------------------------------

def holiday_order(s: TheocratiaState) -> list[list[int]]:
    """BOT-4.9 crystal groups in spending order."""
    own = s.seats[s.bot_seat].colour
    neutral = [GREEN] + [c for c in range(4) if s.colour_seat[c] < 0]
    people = [s.seats[i].colour for i in range(s.players)]
    if s.high:
        return [[own], neutral, [BLACK], people]
    return [[own], neutral, people, [BLACK]]


def _bot_holiday(s: TheocratiaState, v: int, events: list[Event]) -> int:
    seat = s.bot_seat
    c = s.civs[v]
    size = civ_size(s, v)
    need = size
    spent = [0] * 6
    groups = holiday_order(s)
    if s.players > 1:
        # BOT-6.3 neutral (and Black) first; if short, all people's crystals
        base = [x for g in groups for x in g if x not in groups[-1] and x not in groups[-2]] + [BLACK]
        people = [s.seats[i].colour for i in range(s.players)]
        for x in base:
            take = min(need, c.crystals[x])
            spent[x] += take
            need -= take
        if need > 0:
            for x in people:
                spent[x] += c.crystals[x]
                need -= c.crystals[x]
    else:
        for g in groups:
            for x in g:
                take = min(max(need, 0), c.crystals[x])
                spent[x] += take
                need -= take
    items = []
    for x in range(6):
        c.crystals[x] -= spent[x]
        items.extend([x] * spent[x])
        if x < 4 and s.colour_seat[x] >= 0 and s.colour_seat[x] != seat:
            worship(s, s.colour_seat[x], v, spent[x], events)
    chronicle(s, v, items, events)
    for other in range(len(s.seats)):
        if other == seat:
            continue
        ocol = s.seats[other].colour
        if any(s.hex_civ[h] == v and s.hex_kind[h] == PYRAMID and s.hex_colour[h] == ocol
               for h in range(N_HEX)):
            worship(s, other, v, 1, events)
    events.append(Event("bot", f"the Bot declares Holiday with {CIV_NAMES[v]} (size {size}, "
                        f"{sum(spent)} crystals)", seat, actor=seat))
    gain = size
    if s.high:  # BOT-3.6 its Pyramids in the Civ count too
        col = s.seats[seat].colour
        gain += sum(1 for h in range(N_HEX) if s.hex_civ[h] == v and s.hex_kind[h] == PYRAMID
                       and s.hex_colour[h] == col)
    return gain


# ---- development ----------------------------------------------------------------------------------

def bot_development(s: TheocratiaState, events: list[Event]) -> None:
    """BOT-5.1 1 Worship from each Civ whose Development card is not the Blank one."""
    for v in range(4):
        if DEV_EFFECTS[s.civs[v].dev] != "blank":
            worship(s, s.bot_seat, v, 1, events)


