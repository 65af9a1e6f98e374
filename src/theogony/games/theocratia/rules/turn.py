"""TC-4 a turn: draft a die, adjust it (Cosmo, Power cards), assign it to a Civ's row for an
action, a Divination or a Holiday, carry that out, then play Power cards and end the turn."""

from __future__ import annotations

from theogony.core import Action, Event

from ..codes import (C_ASIDE, C_DIVINE, C_DOWN, C_DRAFT, C_END, C_HOLIDAY, C_IGNORE, C_PLACE,
                     C_PLAY, C_RECOLOUR, C_UP)
from ..content import (ACTION_NAMES, BARRACK, CIV_NAMES, FACTORY, HOLIDAY, HOUSE, N_HEX,
                       PLAYER_COLOURS, POWER_DEFS, POWER_KIND)
from ..state import Build, Draft, EndTurn, Expand, Prepare, TheocratiaState, War
from .actions import expand_possible, first_player, war_possible
from .buildings import pyramid_sites
from .conversion import claimed, with_claims
from .effects import POWER_EFFECTS
from .holiday import holiday_possible, start_holiday
from .power_cards import discard_kind
from .tracks import cosmo, malus, worship

ROW_BONUS = ((2, 0), (1, 1), (0, 1))  # (Cosmo, Worship) for row spaces left to right (TC-4.3)
DIVINATION = 6


def die_text(d: int) -> str:
    return f"{CIV_NAMES[d // 10]} {d % 10}"


# ---- draft (TC-4.1) -------------------------------------------------------------------------

def draft_legal(s: TheocratiaState, f: Draft) -> list[Action]:
    return with_claims(s, f, [Action(f"take {die_text(d)}", C_DRAFT + (d // 10) * 6 + d % 10 - 1,
                                     ("die", d)) for d in sorted(set(s.table))])


def draft_apply(s: TheocratiaState, f: Draft, a: Action, events: list[Event]) -> None:
    if claimed(s, f, a, events):
        return
    d = a.data[1]
    s.table.remove(d)
    s.stack.pop()
    events.append(Event("draft", f"{PLAYER_COLOURS[s.seats[f.seat].colour]} takes "
                        f"{die_text(d)}", f.seat))
    s.stack.append(Prepare(seat=f.seat, die=d))


# ---- prepare: adjust and assign the die (TC-4.2 .. TC-4.6) ----------------------------------

def can_place(s: TheocratiaState, v: int, value: int, ignore: bool) -> bool:
    row = s.civs[v].row
    if len(row) >= 3:
        return False
    return ignore or not row or row[-1] % 10 != value


def row_bonus(s: TheocratiaState, v: int, colour: int) -> tuple[int, int]:
    if colour != v:
        return (0, 0)
    return ROW_BONUS[len(s.civs[v].row)]


def action_possible(s: TheocratiaState, seat: int, v: int, n: int) -> bool:
    c = s.civs[v]
    col = s.seats[seat].colour
    if n == 1:
        return True
    if n == 2:
        return war_possible(s, seat, v)
    if n == 3:
        return c.houses > 0 and expand_possible(s, seat, v)
    if n in (4, 5):
        if pyramid_sites(s, seat, v):
            return True
        if (c.factories if n == 4 else c.barracks) <= 0:
            return False
        civs, kinds, colours = s.hex_civ, s.hex_kind, s.hex_colour
        return any(civs[h] == v and kinds[h] == HOUSE and colours[h] == col for h in range(N_HEX))
    return False


def _adjustments(s: TheocratiaState, f: Prepare) -> list[Action]:
    """TC-4.5 / TC-4.6 turning the die for Cosmo, discarding Power cards to change it."""
    p = s.seats[f.seat]
    colour, value = f.die // 10, f.die % 10
    out: list[Action] = []
    if value != 6 and p.cosmo >= 2:
        if value < 5:
            out.append(Action("die +1 (2 Cosmo)", C_UP, ("up",)))
        if value > 1:
            out.append(Action("die -1 (2 Cosmo)", C_DOWN, ("down",)))
    kinds = sorted({POWER_KIND[c] for c in p.hand})
    if not f.recoloured:
        for k in kinds:
            for col in range(4):
                if col != colour:
                    out.append(Action(f"discard {POWER_DEFS[k].name} to recolour die to "
                                      f"{CIV_NAMES[col]}", C_RECOLOUR + k * 4 + col,
                                      ("recolour", k, col)))
    if not f.ignore_same_number:
        for k in kinds:
            out.append(Action(f"discard {POWER_DEFS[k].name} to ignore the same-number rule",
                              C_IGNORE + k, ("ignore", k)))
    return out


def _assignments(s: TheocratiaState, f: Prepare) -> list[Action]:
    """TC-4.3 / TC-5.7 / TC-5.8 the rows the die may go to, and for what."""
    seat = f.seat
    colour, value = f.die // 10, f.die % 10
    ignore = f.ignore_same_number
    out: list[Action] = []
    for v in range(4):
        if value == 6:
            for n in range(1, 6):
                if can_place(s, v, n, ignore) and action_possible(s, seat, v, n):
                    out.append(Action(f"divine {n} with {CIV_NAMES[v]}", C_DIVINE + (n - 1) * 4 + v,
                                      ("divine", v, n)))
        elif can_place(s, v, value, ignore) and action_possible(s, seat, v, value):
            out.append(Action(f"{ACTION_NAMES[value].lower()} with {CIV_NAMES[v]}", C_PLACE + v,
                              ("place", v)))
        if colour == v and can_place(s, v, value, ignore) and \
                holiday_possible(s, seat, v, row_bonus(s, v, colour)[0]):
            out.append(Action(f"holiday with {CIV_NAMES[v]}", C_HOLIDAY + v, ("holiday", v)))
    if not out:
        out.append(Action("set the die aside (no legal use)", C_ASIDE, ("aside",)))  # ruling R3
    return out


def prepare_legal(s: TheocratiaState, f: Prepare) -> list[Action]:
    return with_claims(s, f, _adjustments(s, f) + _assignments(s, f))


def prepare_apply(s: TheocratiaState, f: Prepare, a: Action, events: list[Event]) -> None:
    if claimed(s, f, a, events):
        return
    kind = a.data[0]
    if kind in ("up", "down", "recolour", "ignore"):
        _adjust(s, f, a, events)
        return
    s.stack.pop()
    if kind == "aside":
        name = PLAYER_COLOURS[s.seats[f.seat].colour]
        events.append(Event("aside", f"{name} sets {die_text(f.die)} aside", f.seat))
        return
    _assign(s, f, a, events)


def _adjust(s: TheocratiaState, f: Prepare, a: Action, events: list[Event]) -> None:
    seat = f.seat
    kind = a.data[0]
    name = PLAYER_COLOURS[s.seats[seat].colour]
    if kind in ("up", "down"):
        cosmo(s, seat, -2)
        f.die += 1 if kind == "up" else -1
        events.append(Event("change", f"{name} turns the die to {die_text(f.die)}", seat))
    elif kind == "recolour":
        discard_kind(s, seat, a.data[1])
        f.die = a.data[2] * 10 + f.die % 10
        f.recoloured = True
        events.append(Event("recolour", f"{name} discards {POWER_DEFS[a.data[1]].name}: the die "
                            f"counts as {CIV_NAMES[a.data[2]]}", seat, reveals=True))
    else:
        discard_kind(s, seat, a.data[1])
        f.ignore_same_number = True
        events.append(Event("ignore", f"{name} discards {POWER_DEFS[a.data[1]].name} to ignore the "
                            "same-number rule", seat, reveals=True))


def _assign(s: TheocratiaState, f: Prepare, a: Action, events: list[Event]) -> None:
    seat = f.seat
    kind = a.data[0]
    name = PLAYER_COLOURS[s.seats[seat].colour]
    v = a.data[1]
    colour = f.die // 10
    value = f.die % 10
    end = EndTurn(seat=seat, civ=v)
    s.stack.append(end)
    if kind == "divine":  # TC-5.7
        malus(s, seat, 1)
        end.divined = True
        value = a.data[2]
        events.append(Event("divine", f"{name} divines with {die_text(f.die)}: Malus +1, "
                            f"action {value}", seat))
    bonus_cosmo, bonus_worship = row_bonus(s, v, colour)
    s.civs[v].row.append(colour * 10 + value)
    events.append(Event("place", f"{name} places {CIV_NAMES[colour]} {value} on the {CIV_NAMES[v]} "
                        "row", seat))
    if bonus_cosmo:
        cosmo(s, seat, bonus_cosmo)
    if bonus_worship:
        worship(s, seat, v, bonus_worship, events)
    if kind == "holiday":
        end.action = HOLIDAY
        start_holiday(s, seat, v, events)
        return
    end.action = value
    _start_action(s, seat, v, value, events)


def _start_action(s: TheocratiaState, seat: int, v: int, n: int, events: list[Event]) -> None:
    if n == 1:
        first_player(s, seat, events)
    elif n == 2:
        s.stack.append(War(seat=seat, civ=v))
    elif n == 3:
        s.stack.append(Expand(seat=seat, civ=v, piece=HOUSE))
    elif n in (4, 5):
        s.stack.append(Build(seat=seat, civ=v, piece=FACTORY if n == 4 else BARRACK))


# ---- end of turn: Power cards (TC-10) ----------------------------------------------------------

def card_playable(s: TheocratiaState, f: EndTurn, k: int) -> bool:
    card = POWER_DEFS[k]
    if s.seats[f.seat].cosmo < card.cost:
        return False
    if card.actions and not any(n == f.action or (n == DIVINATION and f.divined)
                                for n in card.actions):
        return False
    return True


def end_turn_legal(s: TheocratiaState, f: EndTurn) -> list[Action]:
    p = s.seats[f.seat]
    out = [Action("end turn", C_END, ("end",))]
    for k in sorted({POWER_KIND[c] for c in p.hand}):
        if card_playable(s, f, k):
            out.append(Action(f"play {POWER_DEFS[k].name}", C_PLAY + k, ("play", k)))
    return with_claims(s, f, out)


def end_turn_apply(s: TheocratiaState, f: EndTurn, a: Action, events: list[Event]) -> None:
    if claimed(s, f, a, events):
        return
    seat, v = f.seat, f.civ
    if a.data[0] == "end":
        s.stack.pop()
        return
    k = a.data[1]
    card = POWER_DEFS[k]
    discard_kind(s, seat, k)
    cosmo(s, seat, -card.cost)
    events.append(Event("power", f"{PLAYER_COLOURS[s.seats[seat].colour]} plays {card.name}", seat,
                        reveals=True))
    effect = POWER_EFFECTS[card.effect]
    for _ in range(card.amount):
        effect(s, seat, v, events)
