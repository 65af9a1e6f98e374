"""Teomachia's effects as registries of named handlers (docs/content/teomachia.md, "Effects").

Each content name is registered once, by decorator: the effect of a deed card (`@deed_effect`),
of a myth card or hero (`@myth_effect`), a deity's activated attribute (`@attribute`), the
passive attributes the rules read (`PASSIVE_ATTRIBUTES`) and a deity's demand (`@demand`).
`check_content` refuses, when the game loads, any name the content files use that no handler
knows, naming the file, the entry and the field.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from theogony.core import ContentError, Event
from theogony.core.effects import EffectRegistry

from .content import CARDS, DEITIES, FAITHFUL, PRIEST, PROPHET, named_effects
from .moves import (community_to_stake, discard_random, draw, fix_change, from_bank, left_cycle,
                    peek, pop_deck, public_discard, remove_community, remove_stake, reveal_element,
                    steal, withdraw_in_peace)

if TYPE_CHECKING:
    from .state import TeomachiaState

DeedRun = Callable[["TeomachiaState", int, int, int, list[Event]], None]   # state, player, card, target, events
MythRun = Callable[["TeomachiaState", int, int, int, list[Event]], None]   # state, player, amount, target, events
AttributeRun = Callable[["TeomachiaState", int, int, list[Event]], None]   # state, player, target, events
CLOSE_DEFEAT = 8  # Dagda's demand: a battle lost by this much strength or less

DemandMet = Callable[["TeomachiaState", int, bool, list[int]], bool]       # state, seat, won, stake sizes


DEED_EFFECTS = EffectRegistry("teomachia", "deed effect")
MYTH_EFFECTS = EffectRegistry("teomachia", "myth effect")
ATTRIBUTES = EffectRegistry("teomachia", "attribute")
DEMANDS = EffectRegistry("teomachia", "demand")
STAYS_IN_PLAY: set[str] = set()   # deed effects whose card stays on the table instead of the discard
PASSIVE_ATTRIBUTES = frozenset({"two_spheres", "no_damage"})  # read by the rules (TM-8.2, TM-15.3)


def deed_effect(name: str, *, stays_in_play: bool = False) -> Callable[[DeedRun], DeedRun]:
    if stays_in_play:
        STAYS_IN_PLAY.add(name)
    return DEED_EFFECTS.handler(name)


myth_effect = MYTH_EFFECTS.handler
attribute = ATTRIBUTES.handler
demand = DEMANDS.handler


# ---------------------------------------------------------------- deed cards
@deed_effect("place_strength", stays_in_play=True)
@deed_effect("place_symbols", stays_in_play=True)
@deed_effect("place_draw", stays_in_play=True)
def _place(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    """TM-5.4: the place goes onto the table with a token of the community on it (what it gives
    is read where it counts: strength, control, hand size)."""
    s = st.seats[p]
    k = CARDS[c].token_index
    remove_community(st, p, k, 1)
    s.places.append(c)
    s.damaged.append(False)
    s.place_tokens.append(k)


@deed_effect("lasting_symbols", stays_in_play=True)
@deed_effect("lasting_strength", stays_in_play=True)
def _lasting(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    st.seats[p].lasting.append(c)  # TM-5.3


@deed_effect("cancel")   # a response: the window cancels the card it answers (TM-R8)
@deed_effect("removed")  # TM-13.1: never in the prayer deck
def _nothing(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    return


@deed_effect("draw")
def _draw(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    draw(st, p, CARDS[c].amount)


@deed_effect("gain")
def _gain(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    from_bank(st, p, CARDS[c].token_index, CARDS[c].amount)


@deed_effect("tithe")
def _tithe(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    from_bank(st, p, FAITHFUL, CARDS[c].amount)


@deed_effect("provoke")
def _provoke(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    for _ in range(CARDS[c].amount):
        community_to_stake(st, t, FAITHFUL)


@deed_effect("discard_random")
def _discard_random(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    discard_random(st, t, CARDS[c].amount, ev)


@deed_effect("steal_random")
def _steal_random(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    steal(st, p, t, CARDS[c].amount, ev)


@deed_effect("peek")
def _peek(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    peek(st, p, t, ev)
    draw(st, p, CARDS[c].amount)


@deed_effect("convert_community")
def _convert_community(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    k = CARDS[c].token_index
    got = remove_community(st, t, k, CARDS[c].amount)
    st.seats[p].community[k] += got
    fix_change(st, p)


@deed_effect("convert_stake")
def _convert_stake(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    # desperation tokens go to the bank instead (TM-5.8); they are taken first (TM-R3)
    k = CARDS[c].token_index
    st.seats[p].community[k] += remove_stake(st, t, k, CARDS[c].amount)
    fix_change(st, p)


@deed_effect("reveal_element")
def _reveal_element(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    reveal_element(st, ev)


@deed_effect("peace")
def _peace(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    withdraw_in_peace(st, p)  # TM-13.4: withdraws without loss
    ev.append(Event("withdraw", f"seat {p} takes back its stake and withdraws in peace", p))


@deed_effect("omnipotence")
def _omnipotence(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    found: list[int] = []
    shown: list[int] = []
    while len(found) < CARDS[c].amount:
        x = pop_deck(st, p)
        if x < 0:
            break
        (found if CARDS[x].kind == "power" else shown).append(x)
    ev.append(Event("reveal", f"seat {p} reveals "
                    + (", ".join(CARDS[x].name for x in found + shown) or "nothing"), p, reveals=True))
    for x in found + shown:
        left_cycle(st, p, x)
    st.seats[p].power.extend(found)
    public_discard(st, p, shown)


@deed_effect("save_stake")
def _save_stake(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    st.seats[p].saved = True


@deed_effect("strength")
def _strength(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    st.seats[p].bonus += CARDS[c].amount


@deed_effect("per_worshipper")
def _per_worshipper(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    st.seats[p].unity += CARDS[c].amount


@deed_effect("opp_stake")
def _opp_stake(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    remove_stake(st, t, CARDS[c].token_index, CARDS[c].amount)


@deed_effect("sacrifice")
def _sacrifice(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    for _ in range(CARDS[c].amount):
        community_to_stake(st, p, CARDS[c].token_index)  # TM-10.2 change is made in the middle of the card


@deed_effect("gods_people")
def _gods_people(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    community_to_stake(st, p, FAITHFUL)
    st.gods_people = True  # TM-13.5


@deed_effect("war_song")
def _war_song(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    shown = []
    for _ in range(3):
        x = pop_deck(st, p)
        if x < 0:
            break
        shown.append(x)
    bonus = CARDS[c].amount * sum(1 for x in shown if CARDS[x].kind == "attack")
    st.seats[p].bonus += bonus
    ev.append(Event("reveal", f"seat {p} reveals to everyone "
                    + (", ".join(CARDS[x].name for x in shown) or "nothing")
                    + f": +{bonus} strength", p, reveals=True))
    for x in shown:
        left_cycle(st, p, x)
    public_discard(st, p, shown)


# ---------------------------------------------------------------- myth cards and heroes (TM-15.5)
@myth_effect("draw")
def _myth_draw(st: TeomachiaState, p: int, amount: int, t: int, ev: list[Event]) -> None:
    draw(st, p, amount)


@myth_effect("gain_priest")
def _myth_gain_priest(st: TeomachiaState, p: int, amount: int, t: int, ev: list[Event]) -> None:
    from_bank(st, p, PRIEST, amount)


@myth_effect("gain_prophet")
def _myth_gain_prophet(st: TeomachiaState, p: int, amount: int, t: int, ev: list[Event]) -> None:
    from_bank(st, p, PROPHET, amount)


@myth_effect("gain_faithful")
def _myth_gain_faithful(st: TeomachiaState, p: int, amount: int, t: int, ev: list[Event]) -> None:
    from_bank(st, p, FAITHFUL, amount)


@myth_effect("opp_community_faithful")
def _myth_opp_community(st: TeomachiaState, p: int, amount: int, t: int, ev: list[Event]) -> None:
    remove_community(st, t, FAITHFUL, amount)


@myth_effect("peek")
def _myth_peek(st: TeomachiaState, p: int, amount: int, t: int, ev: list[Event]) -> None:
    peek(st, p, t, ev)
    draw(st, p, amount)


@myth_effect("strength")
def _myth_strength(st: TeomachiaState, p: int, amount: int, t: int, ev: list[Event]) -> None:
    st.seats[p].bonus += amount


@myth_effect("strength_per_place")
def _myth_strength_per_place(st: TeomachiaState, p: int, amount: int, t: int, ev: list[Event]) -> None:
    st.seats[p].bonus += amount * len(st.seats[p].places)


@myth_effect("save_stake")
def _myth_save_stake(st: TeomachiaState, p: int, amount: int, t: int, ev: list[Event]) -> None:
    st.seats[p].saved = True  # settled like Resurrection: a lost stake returns to the community


@myth_effect("opp_stake2")
def _myth_opp_stake2(st: TeomachiaState, p: int, amount: int, t: int, ev: list[Event]) -> None:
    remove_stake(st, t, PRIEST, 1)
    remove_stake(st, t, FAITHFUL, 1)


@myth_effect("opp_stake_priest")
def _myth_opp_stake_priest(st: TeomachiaState, p: int, amount: int, t: int, ev: list[Event]) -> None:
    remove_stake(st, t, PRIEST, amount)


@myth_effect("opp_stake_faithful")
def _myth_opp_stake_faithful(st: TeomachiaState, p: int, amount: int, t: int, ev: list[Event]) -> None:
    remove_stake(st, t, FAITHFUL, amount)


@myth_effect("discard_random")
def _myth_discard_random(st: TeomachiaState, p: int, amount: int, t: int, ev: list[Event]) -> None:
    discard_random(st, t, amount, ev)


# ---------------------------------------------------------------- activated attributes (TM-15.3)
def _amount(st: TeomachiaState, p: int) -> int:
    return DEITIES[st.seats[p].deity].amount


@attribute("peek_draw")
def _attr_peek_draw(st: TeomachiaState, p: int, t: int, ev: list[Event]) -> None:
    peek(st, p, t, ev)
    draw(st, p, _amount(st, p))


@attribute("steal_random")
def _attr_steal(st: TeomachiaState, p: int, t: int, ev: list[Event]) -> None:
    steal(st, p, t, 1, ev)


@attribute("strength")
def _attr_strength(st: TeomachiaState, p: int, t: int, ev: list[Event]) -> None:
    st.seats[p].bonus += _amount(st, p)


@attribute("retreat")
def _attr_retreat(st: TeomachiaState, p: int, t: int, ev: list[Event]) -> None:
    withdraw_in_peace(st, p)  # like Peace on Earth: neither winner nor loser (TM-R5)
    ev.append(Event("withdraw", f"seat {p} takes back its stake and withdraws", p))


@attribute("draw")
def _attr_draw(st: TeomachiaState, p: int, t: int, ev: list[Event]) -> None:
    draw(st, p, _amount(st, p))


@attribute("reveal_element")
def _attr_reveal(st: TeomachiaState, p: int, t: int, ev: list[Event]) -> None:
    reveal_element(st, ev)


# ---------------------------------------------------------------- demands (TM-15.3)
@demand("win_battle")
def _win_battle(st: TeomachiaState, i: int, won: bool, stake_sizes: list[int]) -> bool:
    return won and st.battle


@demand("win_no_battle")
def _win_no_battle(st: TeomachiaState, i: int, won: bool, stake_sizes: list[int]) -> bool:
    return won and not st.battle


@demand("strength_35")
def _strength_35(st: TeomachiaState, i: int, won: bool, stake_sizes: list[int]) -> bool:
    return won and st.battle and st.strengths[i] >= 35


@demand("power3")
def _power3(st: TeomachiaState, i: int, won: bool, stake_sizes: list[int]) -> bool:
    return st.seats[i].powers_laid >= 3


@demand("stake6")
def _stake6(st: TeomachiaState, i: int, won: bool, stake_sizes: list[int]) -> bool:
    return won and stake_sizes[i] >= 6


@demand("stake4")
def _stake4(st: TeomachiaState, i: int, won: bool, stake_sizes: list[int]) -> bool:
    return won and stake_sizes[i] >= 4


@demand("lose_close")
def _lose_close(st: TeomachiaState, i: int, won: bool, stake_sizes: list[int]) -> bool:
    """Lost a battle by at most CLOSE_DEFEAT strength against the strongest winner."""
    if won or i not in st.fought or not st.winners:
        return False
    return max(st.strengths[w] for w in st.winners) - st.strengths[i] <= CLOSE_DEFEAT


@demand("places2")
def _places2(st: TeomachiaState, i: int, won: bool, stake_sizes: list[int]) -> bool:
    return len(st.seats[i].places) >= 2


@demand("deeds3")
def _deeds3(st: TeomachiaState, i: int, won: bool, stake_sizes: list[int]) -> bool:
    return st.seats[i].deeds_played >= 3


@demand("lose_battle")
def _lose_battle(st: TeomachiaState, i: int, won: bool, stake_sizes: list[int]) -> bool:
    return not won and i in st.fought


# ---------------------------------------------------------------- the content check
def known_names(registry: str) -> frozenset[str]:
    tables: dict[str, frozenset[str]] = {
        "deed effect": frozenset(DEED_EFFECTS.names()),
        "myth effect": frozenset(MYTH_EFFECTS.names()),
        "attribute": frozenset(ATTRIBUTES.names()), "passive attribute": PASSIVE_ATTRIBUTES,
        "demand": frozenset(DEMANDS.names()),
    }
    return tables[registry]


def check_content() -> None:
    """Refuse a content name no handler knows (ContentError naming file, entry and field)."""
    for use in named_effects():
        known = known_names(use.registry)
        if use.name not in known:
            raise ContentError(f"{use.where}: unknown {use.registry} {use.name!r}; "
                               f"known: {sorted(known)}")


check_content()
