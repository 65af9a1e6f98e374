"""Prayer phase (TM-9): the rulebook's track example with cards A-F."""

from __future__ import annotations

from .helpers import Prayer, card, names, seats_phase, started

A, B, C, D, E, F = (card(x) for x in ("prayer", "gale", "flood", "menhir", "storm", "revelation"))
NEW1, NEW2, NEW3 = card("hurricane"), card("earthquake"), card("wave")


def track_position():
    st = started(2)
    st.track = [A, B, C, D, E, F]
    st.prayer_deck = [card("quicksand"), NEW3, NEW2, NEW1]  # the top card is the last one
    st.initiative = 0
    seats_phase(st, Prayer, [0, 1])
    for s in st.seats:
        s.community = [3, 5, 8]
        s.stake = [0, 0, 0]
    return st


def test_TM_9_worked_example_cards_A_to_F():
    st = track_position()
    acts = names(st)
    assert "take Gale from slot 2" in acts and "take top of prayer deck" in acts
    st.apply("take Gale from slot 2")       # B costs a priest
    assert st.seats[0].community == [3, 4, 8] and st.seats[0].discard[-1] == B
    st.apply("take Menhir from slot 4")     # D costs a faithful
    assert D in st.seats[1].discard
    # (the next deal has begun: its initial stake took one more faithful)
    assert st.seats[1].community == [3, 5, 6] and st.seats[1].stake == [0, 0, 1]
    # F, the last free card, was not taken: it leaves the game; A, C, E slide right; 1, 2, 3 fill the left
    assert st.boxed == [F]
    assert st.track == [NEW1, NEW2, NEW3, A, C, E]
    assert st.prayer_deck == [card("quicksand")]
    assert st.phase == "bid" and st.deal == 2


def test_TM_9_2_a_taken_last_free_card_is_not_boxed():
    st = track_position()
    st.apply("take Revelation from slot 6")
    st.apply("take Storm from slot 5")
    assert st.boxed == [] and st.track == [NEW1, NEW2, A, B, C, D]


def test_TM_9_1_a_card_you_cannot_pay_for_is_not_offered_and_drawing_is_mandatory():
    st = track_position()
    st.seats[0].community = [0, 0, 1]  # no priest: slots 1 and 2 are out of reach
    acts = names(st)
    assert not any(a.endswith("slot 1") or a.endswith("slot 2") for a in acts)
    assert "take Flood from slot 3" in acts
    assert all(a.startswith("take") for a in acts)  # there is no way to skip
