"""Kemet's effects: the registries (core `EffectRegistry`) of the named effects the content files
may use (docs/content/kemet.md), each with its handler, filled by decorators.

A tile's, God's or DI card's `effect` table names effects with an amount. By kind of component:

- **tiles and God tiles** (`GAIN_EFFECTS`): the one-off effects when the tile is gained (Glory,
  the silver token, a special battle card, PP, DI cards), and as passive names the **ongoing
  modifiers** (`MODIFIERS`, content.MOD_KEYS), summed into a seat's modifier vector and read by
  the rules by index (state.M_*), so they have no handler of their own;
- **DAY cards** (`PLAY_EFFECTS`) when the card is played, **Movement cards** (`MOVE_EFFECTS`) on
  the movement in progress, **BATTLE cards** (`BATTLE_EFFECTS`): battle modifiers only, summed
  into the side's vector.

`check_content` runs when this module is imported (with the rules, whenever the game loads): every
effect name used in the content files (overrides included) must be known to the registry of its
kind of component, else a ContentError names the file, the entry and the field.
"""

from __future__ import annotations

from theogony.core.effects import EffectRegistry

from .content import DI_CARDS, GODS, MOD_KEYS, SPECIAL_BATTLE, TILES
from .state import MAX_PP, KemetState, Move

MODIFIERS = frozenset(MOD_KEYS)
BATTLE_MODIFIERS = frozenset({"strength", "shield", "damage", "unblockable", "impenetrable"})

# handlers: (state, seat, amount) for gains and DAY cards, (movement, amount) for Movement cards
GAIN_EFFECTS = EffectRegistry("kemet", "tile effect", passive=MODIFIERS)
PLAY_EFFECTS = EffectRegistry("kemet", "DAY card effect")
MOVE_EFFECTS = EffectRegistry("kemet", "Movement card effect")
BATTLE_EFFECTS = EffectRegistry("kemet", "BATTLE card effect", passive=BATTLE_MODIFIERS)
DI_EFFECTS = {"day": PLAY_EFFECTS, "movement": MOVE_EFFECTS, "battle": BATTLE_EFFECTS}  # by timing


# ---- primitive changes shared with the rules ------------------------------------------------

def gain_pp(st: KemetState, p: int, n: int) -> None:
    """KM-7.3: PP stay between 0 and 11."""
    st.ps[p].pp = max(0, min(MAX_PP, st.ps[p].pp + n))


def draw_di(st: KemetState, p: int, n: int) -> None:
    """KM-7.6: an empty DI deck is rebuilt from the shuffled discard pile."""
    for _ in range(n):
        if not st.di_deck:
            if not st.di_discard:
                return
            st.di_deck = st.di_discard
            st.di_discard = []
            st.rng.shuffle(st.di_deck)
        st.ps[p].di.append(st.di_deck.pop())


# ---- one-off effects of a gained tile (KM-3.4.3) ---------------------------------------------

@GAIN_EFFECTS.handler("glory")
def _gain_glory(st: KemetState, p: int, n: int) -> None:
    st.ps[p].glory += n


@GAIN_EFFECTS.handler("silver")
def _gain_silver(st: KemetState, p: int, n: int) -> None:
    if n:
        st.ps[p].silver = 1


@GAIN_EFFECTS.handler("special_card")
def _gain_special_card(st: KemetState, p: int, n: int) -> None:
    if n:
        st.ps[p].hand.append(SPECIAL_BATTLE[n])


@GAIN_EFFECTS.handler("pp")
def _gain_pp(st: KemetState, p: int, n: int) -> None:
    if n:
        gain_pp(st, p, n)


@GAIN_EFFECTS.handler("di")
def _gain_di(st: KemetState, p: int, n: int) -> None:
    if n:
        draw_di(st, p, n)


def apply_gain(st: KemetState, p: int, effect: dict[str, int]) -> None:
    """A gained tile's one-off effects (each adds to its own part of the state: order free)."""
    for name, handler in GAIN_EFFECTS.items():
        handler(st, p, effect.get(name, 0))


# ---- DAY cards (KM-3.3.2) ---------------------------------------------------------------------

@PLAY_EFFECTS.handler("pp")
def _play_pp(st: KemetState, p: int, n: int) -> None:
    gain_pp(st, p, n)


@PLAY_EFFECTS.handler("veterans")
def _play_veterans(st: KemetState, p: int, n: int) -> None:
    st.ps[p].veterans += n


@PLAY_EFFECTS.handler("draw")
def _play_draw(st: KemetState, p: int, n: int) -> None:
    draw_di(st, p, n)


@PLAY_EFFECTS.handler("build_discount")
def _play_build_discount(st: KemetState, p: int, n: int) -> None:
    st.build_discount += n


def apply_play(st: KemetState, p: int, effect: dict[str, int]) -> None:
    """A DAY card's effects (each adds to its own part of the state: order free)."""
    for name, handler in PLAY_EFFECTS.items():
        if name in effect:
            handler(st, p, effect[name])


# ---- Movement cards (KM-3.4.5.9) --------------------------------------------------------------

@MOVE_EFFECTS.handler("moves")
def _move_moves(mv: Move, n: int) -> None:
    mv.moves += n


@MOVE_EFFECTS.handler("open_walls")
def _move_open_walls(mv: Move, n: int) -> None:
    mv.walls += n


@MOVE_EFFECTS.handler("teleport_discount")
def _move_teleport_discount(mv: Move, n: int) -> None:
    mv.tele_discount += n


def apply_move(mv: Move, effect: dict[str, int]) -> None:
    """A Movement card's effects on the movement in progress."""
    for name, handler in MOVE_EFFECTS.items():
        handler(mv, effect.get(name, 0))


# ---- the content check ------------------------------------------------------------------------

def check_content() -> None:
    """Every effect name in the content is known to its component's registry (ContentError if not)."""
    GAIN_EFFECTS.check(TILES, "tiles.toml", "tile")
    GAIN_EFFECTS.check(GODS, "gods.toml", "god")
    for timing, registry in DI_EFFECTS.items():
        registry.check(DI_CARDS, "cards.toml", "di", only=lambda card, t=timing: card.timing == t)


check_content()
