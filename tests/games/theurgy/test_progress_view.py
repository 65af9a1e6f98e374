"""The starting player and the action under way in the view (issue 18): `first`, and `in_progress` with
the book-keeping of a running Pilgrimage (TU-5, TU-14.1, TU-14.2), Divine Intervention (TU-7.1,
TU-7.2, TU-8.4), Eseryn's sceptics after a Test the Faith (TU-14.5) and an effect step; shown on the
text board, in the SVG board, the same to every seat."""

from __future__ import annotations

import re

from theogony.core import Rng
from theogony.games.theurgy import render
from theogony.games.theurgy.svg import render_svg

from .helpers import GAME, GREY, acolytes, begin, blank, in_di, monster, put, q

LUTRAZ, KELERIX = 0, 1


def check_hidden_info(s, rng: Rng) -> None:
    """Every seat's view is the same in any determinization for that seat (the contract's check):
    nothing in the progress depends on what the seat cannot see."""
    for seat in (None, *range(s.players)):
        for _ in range(3):
            assert s.determinize(seat, rng).view(seat) == s.view(seat)


def _views(s) -> list[dict]:
    return [s.view(seat) for seat in (None, *range(s.players))]


def _same_progress_for_everyone(s) -> list[dict]:
    views = _views(s)
    assert all(v["in_progress"] == views[0]["in_progress"] for v in views), "the progress is public"
    return views[0]["in_progress"]


def _mid_pilgrimage():
    """Lutraz (seat 0) in a Pilgrimage: a follower moved Harbour-2 -> Marsh-2, acolyte 1 preached in
    Marsh-2 and then moved to Farmland-2; acolyte 2 (in the Capital) has done nothing."""
    s = blank(2)
    put(s, "Harbour-2", LUTRAZ, 1)
    put(s, "Marsh-2", LUTRAZ, 2)
    put(s, "Marsh-2", GREY, 2)
    put(s, "Farmland-2", GREY, 1)
    acolytes(s, LUTRAZ, "Marsh-2", "Capital")
    acolytes(s, KELERIX, "Mine-3")
    begin(s, LUTRAZ, "pilgrimage")
    s.apply("move follower Harbour-2 -> Marsh-2")
    s.apply("acolyte 1 preaches to non-believer in Marsh-2")
    s.apply("move acolyte 1 Marsh-2 -> Farmland-2")
    return s


def test_the_view_names_the_starting_player_and_the_board_shows_it():
    s = GAME.new_state(3, 11)
    while s.decision.kind != "turn":
        s.apply(s.legal_actions()[0])
    first = s.first
    assert all(v["first"] == first for v in _views(s))
    deity = s.seats[first].deity
    text = GAME.render_text(s.view(0))
    assert f"first {deity[:2]}, turns taken 0" in text
    board = render_svg(s.view(0))
    assert board.count("starting player") == 1
    assert "starting player" in board[board.index(f">{deity}"):]      # on that seat's board


def test_TU_5_a_mid_pilgrimage_view_says_what_each_acolyte_and_follower_may_still_do():
    s = _mid_pilgrimage()
    progress = _same_progress_for_everyone(s)
    assert progress == [{
        "step": "pilgrimage", "seat": LUTRAZ, "moves_allowed": 1,
        "acolytes": [
            {"at": "Farmland-2", "moves": 1, "moves_left": 0, "acted_before_moving": True,
             "acted_after_moving": False, "may_preach": True, "may_fight": True, "stood_up": False},
            {"at": "Capital", "moves": 0, "moves_left": 1, "acted_before_moving": False,
             "acted_after_moving": False, "may_preach": True, "may_fight": True, "stood_up": False}],
        "followers_done": {"Marsh-2": 2},                 # the one that moved in and the convert
        "followers_moved_once": {}}]
    check_hidden_info(s, Rng(5))


def test_TU_5_the_text_board_shows_the_pilgrimage_line_and_marks_the_followers_that_stay():
    s = _mid_pilgrimage()
    text = GAME.render_text(s.view(KELERIX))
    flat = " ".join(text.split())
    assert ("Pilgrimage (Lutraz): acolyte 1 (Farmland-2) may preach/fight; acolyte 2 (Capital) "
            "may move/preach/fight; map Lu4(2) in Marsh-2: (2) of them moved or were converted and stay") in flat
    assert "Lu4(2)" in text.split("Pilgrimage (Lutraz)")[0]        # on Marsh-2 of the map
    s.apply("acolyte 1 preaches to non-believer in Farmland-2")   # TU-14.1: Lutraz, after moving
    flat = " ".join(GAME.render_text(s.view(0)).split())
    assert "acolyte 1 (Farmland-2) is done" in flat
    s.apply("done")
    assert s.view(0)["in_progress"] == [] and "Pilgrimage (" not in GAME.render_text(s.view(0))


def test_TU_14_2_kelerix_followers_that_moved_once_and_moves_left():
    s = blank(2)
    put(s, "Forest-3", KELERIX, 2)
    acolytes(s, KELERIX, "Forest-3", "Harbour-3")
    begin(s, KELERIX, "pilgrimage")
    s.apply("move follower Forest-3 -> Mine-1")
    s.apply("move acolyte 1 Forest-3 -> Mine-1")
    (pil,) = _same_progress_for_everyone(s)
    assert pil["moves_allowed"] == 2
    assert [a["moves_left"] for a in pil["acolytes"]] == [1, 2]
    assert pil["followers_moved_once"] == {"Mine-1": 1} and pil["followers_done"] == {}
    text = GAME.render_text(s.view(0))
    assert ("map Ke1(0/1) in Mine-1: (0) of them moved or were converted and stay, /1 moved once and may go on"
            in " ".join(text.split()))
    assert "acolyte 2 (Harbour-3) may move x2/preach/fight" in " ".join(text.split())
    s.apply("move follower Mine-1 -> Capital")
    (pil,) = s.view(0)["in_progress"]
    assert pil["followers_moved_once"] == {} and pil["followers_done"] == {"Capital": 1}


def test_TU_5_8_a_wounded_acolyte_stands_up_and_the_view_says_it_does_nothing_else():
    s = blank(2)
    acolytes(s, LUTRAZ, "Forest-3", "Capital")
    s.seats[LUTRAZ].wounded = [True, False]
    begin(s, LUTRAZ, "pilgrimage")
    first, _ = s.view(1)["in_progress"][0]["acolytes"]
    assert first["stood_up"] and first["moves_left"] == 0 and not first["may_preach"] and not first["may_fight"]
    assert "acolyte 1 (Forest-3) stood up, does nothing else" in GAME.render_text(s.view(1))


def test_TU_7_a_divine_intervention_in_progress_and_its_effect_step():
    s = blank(2)
    for name in ("Forest-2", "Marsh-1", "Farmland-1"):
        put(s, name, KELERIX, 2)
    monster(s, "werewolf", LUTRAZ, "Forest-2")
    monster(s, "centaur", LUTRAZ, "Forest-1")
    s.faceup = ["troll", "imp", "dryad"]
    s.markers = [0, 0, 0]
    in_di(s, LUTRAZ)
    (di,) = _same_progress_for_everyone(s)
    assert di == {"step": "divine intervention", "seat": LUTRAZ, "made": None, "summoned": [],
                  "may_activate": ["Werewolf"], "may_move": ["Werewolf", "Centaur"]}
    s.apply("activate Werewolf")
    s.apply("remove Kelerix in Marsh-1")
    di, effect = _same_progress_for_everyone(s)
    assert di["may_activate"] == []
    assert effect == {"step": "effect", "seat": LUTRAZ, "source": "Werewolf", "op": "remove", "left": 2,
                      "at": "Forest-2"}
    assert "Divine Intervention (Lutraz): no miracle or summon yet; may move Werewolf, Centaur " \
           "| Effect of Werewolf at Forest-2: 2 choices left" in " ".join(GAME.render_text(s.view(1)).split())
    check_hidden_info(s, Rng(6))


def test_TU_8_4_a_monster_summoned_in_this_intervention_may_not_move():
    s = blank(2)
    s.faceup = ["troll", "imp", "dryad"]
    s.markers = [0, 0, 0]
    in_di(s, LUTRAZ)
    s.apply("summon Imp")
    s.apply(next(t for t in (a.text for a in s.legal_actions()) if t.startswith("place Imp")))
    while s.decision.kind != "di":
        s.apply(s.legal_actions()[-1])
    (di,) = _same_progress_for_everyone(s)
    assert di["made"] == "summon" and di["summoned"] == ["Imp"] and di["may_move"] == []
    assert "Divine Intervention (Lutraz): monster summoned" in GAME.render_text(s.view(0))


def test_TU_14_5_eseryns_sceptics_left_to_place():
    s = blank(2, deities=("Eseryn", "Kelerix"))
    acolytes(s, KELERIX, "Marsh-1")
    monster(s, "dryad", KELERIX, "Forest-2")
    begin(s, 0, "test the faith")
    s.apply("test the faith in Farmland-1")
    s.apply("sceptic -> Marsh-1")
    assert _same_progress_for_everyone(s) == [
        {"step": "test the faith", "seat": 0, "tested": "Farmland-1", "sceptics_left": 3}]
    assert "Test the Faith (Eseryn) in Farmland-1: 3 sceptic token(s) left to place" in GAME.render_text(s.view(1))


def test_the_svg_board_shows_the_progress_legend_and_the_marks():
    s = _mid_pilgrimage()
    board = render_svg(s.view(KELERIX))
    group = board[board.index('class="in-progress"'):]
    legend = " ".join(re.findall(r">([^<]+)</text>", group[:group.index("</g>")]))
    assert legend.startswith("Pilgrimage (Lutraz): acolyte 1 (Farmland-2) may preach/fight; acolyte 2")
    assert "map Lut:4(2) in Marsh-2: (2) of them moved or were converted and stay" in legend
    marsh = board[board.index('data-place="Marsh-2"'):]
    assert "Lut:4(2)" in marsh[:marsh.index("</g>")]


def test_the_screen_keeps_its_budget_in_the_middle_of_actions():
    """At most 120 columns, the progress in at most two lines; the progress takes the place of the
    Test the Faith forecast, so the screen stays within the budget of test_render (45 lines, 48 with
    six seats). Not counted: a seat looking at another hand (Seep The Strength), whose screen shows
    that hand too and was over the budget before the progress line."""
    tallest: dict[int, int] = {}
    for players, seed, steps in ((2, 3, 600), (4, 5, 800), (6, 5, 700)):
        s = GAME.new_state(players, seed, {"capital_events": True})
        rng = Rng(seed)
        for _ in range(steps):
            if s.is_terminal():
                break
            view = s.view(None)
            if view["in_progress"]:
                assert len(render.progress_line(view)) <= 2 * 120
                for seat in (None, s.current_player):
                    lines = GAME.render_text(s.view(seat)).splitlines()
                    assert max(map(len, lines)) <= 120
                    if s.decision.kind != "peek_card":
                        tallest[players] = max(tallest.get(players, 0), len(lines))
            s.apply(rng.choice(s.legal_actions()))
    assert set(tallest) == {2, 4, 6}
    assert all(n <= (48 if players == 6 else 45) for players, n in tallest.items()), tallest
