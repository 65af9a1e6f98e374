"""Issue 18: the Theocratia screen shows the public facts a player plans on (TC-3.4, TC-4,
TC-5.1, TC-11, TC-13) and none of the old display bugs."""

from __future__ import annotations

from theogony.games.theocratia import GAME
from ._helpers import BLUE, RED, WHITE, new_game


def test_tiles_priests_marks_chronicles_and_own_cards() -> None:
    s = new_game(3, first=1, colours=[RED, BLUE, WHITE])
    view = s.view(0)
    text = " ".join(GAME.render_text(view).split())  # long lines are wrapped at 120
    assert "[2, 0, 0, 0]" not in text and "Conversion tiles start:held 1:locked 2:locked 3:locked" in text
    assert "priests Magenta start, Turquoise start" in text and "-1" not in text
    assert "Blue (first player)" in text  # the first-player marker, without rich markup
    page = view["civs"][0]["page"]  # TC-13: the page's capacity from the content
    assert f"Chronicles page {page}: 0/5 spaces" in text
    assert "your hand: " in text


def test_end_round_bonus_holder_is_named_by_colour() -> None:
    s = new_game(3, first=0, colours=[RED, BLUE, WHITE])
    s.erb_holder = 2  # seat 2 plays White; "held by Brown" was the old bug
    text = GAME.render_text(s.view(0))
    assert s.erb_die >= 0
    assert "held by White" in text and "held by Brown" not in text


def test_power_cards_in_hand_show_name_and_text() -> None:
    s = new_game(2)
    text = " ".join(GAME.render_text(s.view(0)).split())  # long lines are wrapped at 120
    for c in s.seats[0].hand:
        from theogony.games.theocratia.content import POWER_CARDS

        assert f"{POWER_CARDS[c].name}: {POWER_CARDS[c].text}" in text


def test_the_die_being_held_is_shown() -> None:
    s = new_game(3, colours=[RED, BLUE, WHITE])
    s.apply(s.legal_actions()[0])  # draft the first die: Magenta 2 in this seed
    view = s.view(s.current_player)
    assert view["pending"]["kind"] == "prepare"
    assert "Die in hand: Magenta 2" in GAME.render_text(view)


def test_the_bot_pyramid_is_logged_once() -> None:
    import random

    for seed in range(6):
        state = GAME.new_state(1, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            events = state.apply(rng.choice(state.legal_actions()))
            pyramids = [e for e in events if e.kind == "bot" and "Pyramid on" in e.text]
            assert len(pyramids) <= 1
            assert all(e.actor == state.bot_seat for e in events if e.kind == "bot")
