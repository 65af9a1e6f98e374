"""Kemet's effects: the registry of the named effects the content files may use
(docs/content/kemet.md), each with its handler, filled by decorators.

A tile's, God's or DI card's `effect` table names effects with an amount. Three kinds:

- **one-off** effects when a tile (or a God tile) is gained (`on_gain`): Glory, the silver token,
  a special battle card, PP, DI cards;
- **DAY card** effects when the card is played (`on_play`) and **Movement card** effects on the
  movement in progress (`on_move`);
- **ongoing modifiers** (`MODIFIERS`, content.MOD_KEYS): summed into a seat's modifier vector
  (tiles, companions, Gods) or a battle side's (BATTLE cards); the rules read them by index
  (state.M_*), so they have no handler of their own.

`check_content` runs when this module is imported (with the rules, whenever the game loads): every
effect name used in the content files (overrides included) must be registered for its kind of
component, else a ContentError names the file, the entry and the field.
"""

from __future__ import annotations

from collections.abc import Callable

from theogony.core.errors import ContentError

from .content import DI_CARDS, GODS, MOD_KEYS, SPECIAL_BATTLE, TILES
from .state import MAX_PP, KemetState, Move

SeatEffect = Callable[[KemetState, int, int], None]     # (state, seat, amount)
MoveEffect = Callable[[Move, int], None]               # (movement, amount)

ON_GAIN: dict[str, SeatEffect] = {}
ON_PLAY: dict[str, SeatEffect] = {}
ON_MOVE: dict[str, MoveEffect] = {}
MODIFIERS = frozenset(MOD_KEYS)
BATTLE_MODIFIERS = frozenset({"strength", "shield", "damage", "unblockable", "impenetrable"})


def on_gain(name: str) -> Callable[[SeatEffect], SeatEffect]:
    return _register(ON_GAIN, name)


def on_play(name: str) -> Callable[[SeatEffect], SeatEffect]:
    return _register(ON_PLAY, name)


def on_move(name: str) -> Callable[[MoveEffect], MoveEffect]:
    return _register(ON_MOVE, name)


def _register(table: dict, name: str) -> Callable:
    def add(handler: Callable) -> Callable:
        if name in table:
            raise ValueError(f"kemet effect {name!r} has two handlers")
        table[name] = handler
        return handler
    return add


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

@on_gain("glory")
def _gain_glory(st: KemetState, p: int, n: int) -> None:
    st.ps[p].glory += n


@on_gain("silver")
def _gain_silver(st: KemetState, p: int, n: int) -> None:
    if n:
        st.ps[p].silver = 1


@on_gain("special_card")
def _gain_special_card(st: KemetState, p: int, n: int) -> None:
    if n:
        st.ps[p].hand.append(SPECIAL_BATTLE[n])


@on_gain("pp")
def _gain_pp(st: KemetState, p: int, n: int) -> None:
    if n:
        gain_pp(st, p, n)


@on_gain("di")
def _gain_di(st: KemetState, p: int, n: int) -> None:
    if n:
        draw_di(st, p, n)


def apply_gain(st: KemetState, p: int, effect: dict[str, int]) -> None:
    """A gained tile's one-off effects, in the registry's order."""
    for name, handler in ON_GAIN.items():
        handler(st, p, effect.get(name, 0))


# ---- DAY cards (KM-3.3.2) ---------------------------------------------------------------------

@on_play("pp")
def _play_pp(st: KemetState, p: int, n: int) -> None:
    gain_pp(st, p, n)


@on_play("veterans")
def _play_veterans(st: KemetState, p: int, n: int) -> None:
    st.ps[p].veterans += n


@on_play("draw")
def _play_draw(st: KemetState, p: int, n: int) -> None:
    draw_di(st, p, n)


@on_play("build_discount")
def _play_build_discount(st: KemetState, p: int, n: int) -> None:
    st.build_discount += n


def apply_play(st: KemetState, p: int, effect: dict[str, int]) -> None:
    """A DAY card's effects, in the registry's order."""
    for name, handler in ON_PLAY.items():
        if name in effect:
            handler(st, p, effect[name])


# ---- Movement cards (KM-3.4.5.9) --------------------------------------------------------------

@on_move("moves")
def _move_moves(mv: Move, n: int) -> None:
    mv.moves += n


@on_move("open_walls")
def _move_open_walls(mv: Move, n: int) -> None:
    mv.walls += n


@on_move("teleport_discount")
def _move_teleport_discount(mv: Move, n: int) -> None:
    mv.tele_discount += n


def apply_move(mv: Move, effect: dict[str, int]) -> None:
    """A Movement card's effects on the movement in progress."""
    for name, handler in ON_MOVE.items():
        handler(mv, effect.get(name, 0))


# ---- the content check ------------------------------------------------------------------------

def allowed_names() -> dict[tuple[str, str], frozenset[str]]:
    """The effect names each kind of component may use: (file, kind) -> names."""
    owned = MODIFIERS | frozenset(ON_GAIN)
    return {("tiles.toml", "tile"): owned, ("gods.toml", "god"): owned,
            ("cards.toml", "day"): frozenset(ON_PLAY), ("cards.toml", "movement"): frozenset(ON_MOVE),
            ("cards.toml", "battle"): BATTLE_MODIFIERS}


def check_content() -> None:
    """Every effect name in the content is registered for its component (ContentError if not)."""
    allowed = allowed_names()
    entries = ([("tiles.toml", "tile", i, t.id, "tile", t.effect) for i, t in enumerate(TILES)]
               + [("gods.toml", "god", i, g.id, "god", g.effect) for i, g in enumerate(GODS)]
               + [("cards.toml", "di", i, c.id, c.timing, c.effect) for i, c in enumerate(DI_CARDS)])
    for file, table, index, entry_id, kind, effect in entries:
        names = allowed[(file, kind)]
        unknown = sorted(set(effect) - names)
        if unknown:
            what = "effect" if len(unknown) == 1 else "effects"
            raise ContentError(f"{file} [[{table}]] #{index + 1} (id {entry_id!r}): field 'effect': "
                               f"unknown {what} {', '.join(map(repr, unknown))} for a {kind} "
                               f"component; known: {', '.join(sorted(names))}")


check_content()
