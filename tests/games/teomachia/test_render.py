"""Issue 18: the Teomachia table as text shows every public fact a decision needs, on built positions,
hides what the seat may not see, and fits a 120-column terminal in about 45 lines."""

from __future__ import annotations


import pytest

from theogony.core import Rng
from theogony.games.teomachia import GAME
from theogony.games.teomachia.components import COMPONENT_BY_ID
from theogony.games.teomachia.content import PRIEST
from theogony.games.teomachia.queries import call_needs, strength
from theogony.games.teomachia.render import render_text

from tests.support import random_states

from .helpers import battle, bidding, card, hand, layout, play, started
from .test_battle import example_position


def test_the_table_shows_stakes_prices_places_discard_tops_and_who_withdrew():
    st = started(3)
    layout(st, "el-earth-chaos-3", "el-air-chaos-2", "el-water-order-2")
    st.revealed = 3
    hand(st, 0, "plague")
    hand(st, 1, "web-of-lightning", "pw-fire-order-2")
    hand(st, 2, "flood")
    st.seats[0].places = [card("fire-temple")]
    st.seats[0].place_tokens = [PRIEST]
    st.seats[0].damaged = [True]
    st.seats[0].community[PRIEST] -= 1
    st.seats[2].discard = [card("gale")]
    bidding(st, initiative=2, round_=2)
    st.apply("withdraw")       # seat 2
    st.apply("raise priest")   # seat 0
    assert st.current_player == 1
    text = render_text(st.view(1))
    lines = text.splitlines()
    assert "bidding phase 2" in lines[0] and "conflict level 1" in lines[0]
    assert "[Earth chaos 3] [Air chaos 2] [Water order 2] [face down] [face down]" in text
    for i, price in enumerate(("priest", "priest", "faithful", "faithful", "free", "free")):
        assert f"{i + 1} {GAME_TRACK_NAME(st, i)} [{price}]" in text  # TM-9.1 prices, literal brackets
    seat0 = next(line for line in lines if line.startswith("Seat 0"))
    seat2 = next(line for line in lines if line.startswith("Seat 2"))
    you = next(line for line in lines if line.startswith("Seat 1 (you)"))
    assert "stake 1p 1f = 7" in seat0 and "community 3P 3p 7f" in seat0
    assert "WITHDRAWN" in seat2 and "in the deal" in you
    assert "to call: 1p" in you and call_needs(st, 1) == [0, 1, 0]
    assert "Temple of Fire [priest, damaged]" in text
    assert "(top: Gale)" in text
    # TM-6.1: what seat 1 controls (the face-up layout only; nothing laid out yet)
    assert "controls 2 order, 5 chaos; 1 water 1 earth 1 air" in lines[lines.index(you) + 1]
    # the viewer's hand with texts; another seat's hand never
    assert COMPONENT_BY_ID["web-of-lightning"].text[:40] in text
    assert "Fire order 2 (power card)" in text
    on_track = {GAME_TRACK_NAME(st, i) for i in range(6)}
    for hidden in {"Flood", "Plague"} - on_track:  # seat 2's and seat 0's hands
        assert hidden not in text


def GAME_TRACK_NAME(st, slot: int) -> str:
    from theogony.games.teomachia.content import CARDS

    c = st.track[slot]
    return CARDS[c].name if c >= 0 else "(empty)"


def test_the_battle_shows_the_running_strength_of_each_side():
    st = example_position()
    play(st, "play Plague on seat 1")
    play(st, "play Quicksand")
    text = render_text(st.view(1))
    line = next(line for line in text.splitlines() if line.startswith("Battle, running strength"))
    assert f"seat 0 {strength(st, 0)}" in line and f"you {strength(st, 1)}" in line
    assert strength(st, 0) == 29 and strength(st, 1) == 15  # 6 + 23 against the stake 10 + 5
    assert "in play: Plague, Quicksand" in text  # the attacks on the table


def test_the_response_chain_is_shown_with_the_texts_of_its_cards():
    st = started(2)
    layout(st, "el-water-order-3", "el-fire-order-2", "el-earth-order-2", "el-air-order-2", "el-water-order-1")
    for s in st.seats:
        s.hand = []
    hand(st, 0, "prayer")
    hand(st, 1, "anathema")
    st.seats[0].hand.append(card("anathema", 1))
    bidding(st, initiative=0)
    st.apply("play Prayer")
    st.apply("respond Anathema")  # seat 1
    assert st.phase == "respond" and st.current_player == 0
    text = render_text(st.view(0))
    assert "Waiting for responses (the last answer resolves first): you: Prayer <- seat 1: Anathema" in text
    assert "The response chain:" in text and COMPONENT_BY_ID["prayer"].text[:30] in text


def test_after_the_battle_the_winner_and_the_strengths_are_shown():
    st = example_position()
    play(st, "play Plague on seat 1")
    play(st, "play Quicksand")
    st.apply("end turn")
    play(st, "play Web of Lightning")
    play(st, "play Unity")
    st.apply("end turn")
    st.apply("pass")
    st.apply("pass")
    assert st.phase == "prayer"
    assert "Deal 1 won by seat 0 (strength seat 0 29, you 24)" in render_text(st.view(1))


def test_the_full_game_shows_deities_myths_and_the_seats_own_deity_text():
    st = started(3, {"full": True})
    view = st.view(0)
    text = render_text(view)
    me = view["seats"][0]
    deity = next(c for c in GAME.components() if c.kind == "deity" and c.name == me["deity"])
    assert "Your deity:" in text and deity.text[:15] in text
    assert "miracles in supply 6" in text.splitlines()[0]
    assert f"myth deck top {me['myth_top']} (" in text and "miracle token" in text


@pytest.mark.parametrize("players,variant", [(2, {}), (3, {"no_elimination": True}), (4, {"full": True})])
def test_the_table_fits_120_columns_and_45_lines(players, variant):
    for seed in range(2):
        for st in random_states(GAME, players, variant, seed, every=6, limit=500):
            seat = st.current_player
            text = render_text(st.view(seat))
            lines = text.splitlines()
            assert len(lines) <= 45, text
            assert max(map(len, lines)) <= 120, text
            # table lines wrap, never cut; only a long card text may end in " ..." (`card NAME` has it all)
            assert not [line for line in lines if line.endswith("...") and not line.endswith(" ...")], text


def test_the_table_does_not_change_when_hidden_cards_are_dealt_anew():
    for st in random_states(GAME, 3, {"full": True}, seed=5, every=11, limit=500):
        seat = st.current_player
        assert render_text(st.determinize(seat, Rng(3)).view(seat)) == render_text(st.view(seat))


def test_a_spectator_sees_the_table_without_any_hand():
    st = started(2)
    battle(st, 0)
    text = render_text(st.view(None))
    assert "Your hand" not in text and "Seat 0 (you)" not in text


def test_a_crowded_seat_wraps_onto_more_lines_without_losing_its_attacks():
    st = example_position()
    s = st.seats[0]
    s.power = [card(i) for i in ("pw-water-chaos-2", "pw-air-chaos-3", "pw-earth-order-3", "pw-fire-chaos-1")]
    s.places = [card("fire-temple")]
    s.place_tokens = [PRIEST]
    s.damaged = [False]
    play(st, "play Quicksand")
    lines = render_text(st.view(1)).splitlines()
    assert max(map(len, lines)) <= 120
    text = "\n".join(lines)
    assert "in play: Quicksand" in text and "Fire chaos 1" in text and "Temple of Fire [priest]" in text
