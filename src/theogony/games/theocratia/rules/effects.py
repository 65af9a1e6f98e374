"""The named effects of the content (docs/content/theocratia.md): Power cards (`effect` of a
[[power]] entry), Pyramid tokens (named by their `id`) and Civ Development cards (`effect` of a
[[development]] entry). Each name is one handler registered with its decorator; when the rules
load, every name the content files use is checked against these registries, and an unknown one is
refused with a ContentError naming the file, the entry and the field."""

from __future__ import annotations

from collections.abc import Callable

from theogony.core import Event
from theogony.core.effects import EffectRegistry

from ..content import (BARRACK, DEVELOPMENTS, FACTORY, GREEN, HOUSE, POWER_DEFS, TOKENS)
from ..state import BY_TOKEN, Build, Expand, TheocratiaState, TokenWorship
from .board import produce
from .buildings import train
from .chronicles import chronicle
from .development import develop_expansion, develop_holiday
from .power_cards import draw
from .tracks import cosmo, worship

#: handler(state, seat, civ, events): one unit of a Power card's effect, for the Civ of the turn
PowerEffect = Callable[[TheocratiaState, int, int, list[Event]], None]
#: handler(state, seat, civ, events): what a Pyramid token gives, with the Civ of its Pyramid
TokenEffect = Callable[[TheocratiaState, int, int, list[Event]], None]
#: handler(state, civ, events): what a Civ's Development card does at the end of the round
DevelopmentEffect = Callable[[TheocratiaState, int, list[Event]], None]

POWER_EFFECTS = EffectRegistry("theocratia", "effect")          # Power cards
TOKEN_EFFECTS = EffectRegistry("theocratia", "Pyramid token")    # named by the token's id
DEVELOPMENT_EFFECTS = EffectRegistry("theocratia", "effect")    # Civ Development cards
power_effect = POWER_EFFECTS.handler
token_effect = TOKEN_EFFECTS.handler
development_effect = DEVELOPMENT_EFFECTS.handler


# ---- Power cards (TC-10) ---------------------------------------------------------------------

@power_effect("cosmo")
def _gain_cosmo(s: TheocratiaState, seat: int, v: int, events: list[Event]) -> None:
    cosmo(s, seat, 1)


@power_effect("worship")
def _gain_worship(s: TheocratiaState, seat: int, v: int, events: list[Event]) -> None:
    worship(s, seat, v, 1, events)


@power_effect("train")
def _train(s: TheocratiaState, seat: int, v: int, events: list[Event]) -> None:
    train(s, v)


@power_effect("crystal")
def _crystal(s: TheocratiaState, seat: int, v: int, events: list[Event]) -> None:
    produce(s, v, s.seats[seat].colour)


@power_effect("malus_back")
def _malus_back(s: TheocratiaState, seat: int, v: int, events: list[Event]) -> None:
    p = s.seats[seat]
    p.malus = max(0, p.malus - 1)


@power_effect("chronicle")
def _chronicle_green(s: TheocratiaState, seat: int, v: int, events: list[Event]) -> None:
    if s.reserve[GREEN] > 0:
        s.reserve[GREEN] -= 1
        chronicle(s, v, [GREEN], events)


# ---- Pyramid tokens (TC-12) -------------------------------------------------------------------

@token_effect("cosmo5")
def _cosmo5(s: TheocratiaState, seat: int, v: int, events: list[Event]) -> None:
    cosmo(s, seat, 5)


@token_effect("draw2")
def _draw2(s: TheocratiaState, seat: int, v: int, events: list[Event]) -> None:
    draw(s, seat, events)
    draw(s, seat, events)


@token_effect("malus3")
def _malus3(s: TheocratiaState, seat: int, v: int, events: list[Event]) -> None:
    p = s.seats[seat]
    p.malus = max(0, p.malus - 3)


@token_effect("worship1")
def _worship1(s: TheocratiaState, seat: int, v: int, events: list[Event]) -> None:
    s.stack.append(TokenWorship(seat=seat, civ=v))


@token_effect("house")
def _build_house(s: TheocratiaState, seat: int, v: int, events: list[Event]) -> None:
    s.stack.append(Expand(seat=seat, civ=v, piece=HOUSE, by=BY_TOKEN))


@token_effect("factory_build")
def _build_factory(s: TheocratiaState, seat: int, v: int, events: list[Event]) -> None:
    s.stack.append(Expand(seat=seat, civ=v, piece=FACTORY, by=BY_TOKEN))


@token_effect("barrack_build")
def _build_barrack(s: TheocratiaState, seat: int, v: int, events: list[Event]) -> None:
    s.stack.append(Expand(seat=seat, civ=v, piece=BARRACK, by=BY_TOKEN))


@token_effect("factory_upgrade")
def _upgrade_factory(s: TheocratiaState, seat: int, v: int, events: list[Event]) -> None:
    s.stack.append(Build(seat=seat, civ=v, piece=FACTORY, token_upgrade=True))


@token_effect("barrack_upgrade")
def _upgrade_barrack(s: TheocratiaState, seat: int, v: int, events: list[Event]) -> None:
    s.stack.append(Build(seat=seat, civ=v, piece=BARRACK, token_upgrade=True))


@token_effect("crystal_each")
def _crystal_each(s: TheocratiaState, seat: int, v: int, events: list[Event]) -> None:
    for x in range(4):
        produce(s, x, s.seats[seat].colour)


# ---- Civ Development cards (TC-8) ---------------------------------------------------------------

@development_effect("expansion")
def _expansion(s: TheocratiaState, v: int, events: list[Event]) -> None:
    develop_expansion(s, v, events)


@development_effect("holiday")
def _holiday(s: TheocratiaState, v: int, events: list[Event]) -> None:
    develop_holiday(s, v, events)


@development_effect("blank")
def _blank(s: TheocratiaState, v: int, events: list[Event]) -> None:
    pass


# ---- the content's names against the registries --------------------------------------------------

def check_content_effects() -> None:
    """Every effect the content names has a handler (ContentError naming file, entry, field)."""
    POWER_EFFECTS.check(POWER_DEFS, "cards.toml", "power")
    TOKEN_EFFECTS.check(TOKENS, "cards.toml", "pyramid_token", field="id")
    DEVELOPMENT_EFFECTS.check(DEVELOPMENTS, "cards.toml", "development")


check_content_effects()
