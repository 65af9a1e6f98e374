"""The Theurgy terminal screen (issue 18): the hex map of TU-1 with every vertex labelled as the actions
name it, the pieces per settlement (each acolyte numbered), the action board, temples and ruins per
seat against X, the deities to choose, the monster discard, and the viewer's hand and Divine Calling
with their texts, in 120 columns and about 40 lines."""

from __future__ import annotations

import re

from theogony.core import Rng
from theogony.games.theurgy import cards, render
from theogony.games.theurgy.board import CORNERS, N_VERTICES

from .helpers import GAME, acolytes, blank, faith_on, give, monster, put, q


def _hex(lines: list[str], s, name: str) -> list[str]:
    """The four text lines inside the hex of settlement `name` on the drawn map."""
    cx, top = render._centre(q(s, name))
    inner = [lines[top + 1][cx - 8:cx + 8]]
    inner += [lines[top + 2 + i][cx - render.HALF + 1:cx + render.HALF] for i in range(render.BODY)]
    inner.append(lines[top + render.BODY + 2][cx - 8:cx + 8])
    return [part.strip() for part in inner]


def _position():
    """Three seats; Lutraz (seat 0) holds a temple in Forest-1 and a ruin in Marsh-2, Kelerix a temple in
    the Capital; faith tokens, acolytes (one wounded), a monster, doubt and the Anomaly on the board."""
    s = blank(3)
    put(s, "Forest-1", 0, 3)
    put(s, "Forest-1", 6, 2)
    s.sceptics[q(s, "Forest-1")] = 2
    s.temple[q(s, "Forest-1")] = 0
    s.ruins[q(s, "Marsh-2")] = [0]
    s.temple[q(s, "Capital")] = 1
    acolytes(s, 0, "Forest-1", "Market-2")
    acolytes(s, 1, "Capital")
    s.seats[1].wounded = [True, False]
    monster(s, "werewolf", 1, "Forest-1")
    s.anomaly = q(s, "Mine-3")
    vertices = faith_on(s, "Forest-1", 0, 2)
    s.monster_discard = ["troll", "griffin"]
    give(s, 0, "bones", "doubts", "doubts")
    give(s, 1, "runes", "path", "bend")
    s.seats[0].calling, s.seats[1].calling = "outpost", "groves"
    return s, vertices


def test_the_map_draws_each_settlement_with_its_pieces():
    s, _ = _position()
    lines = GAME.render_text(s.view(0)).splitlines()
    forest = _hex(lines, s, "Forest-1")
    assert forest[0] == "Forest-1"
    assert forest[1] == "Lu3 nb2 s2"
    assert forest[2] == "T:Lu @Lu1"
    assert forest[3] == "Werewolf/Ke"
    assert _hex(lines, s, "Capital")[2] == "T:Ke @Ke1! @Ke2"        # acolyte 1 is the wounded one
    assert _hex(lines, s, "Marsh-2")[2] == "r:Lu"
    assert _hex(lines, s, "Mine-3")[0] == "Mine-3 *A*"
    assert _hex(lines, s, "Market-2")[1:3] == ["empty", "@Lu2"]
    assert "@Lu1 acolyte, ! wounded" in lines[3]


def test_a_crowded_hex_keeps_every_acolyte_tag_whole_and_lists_those_it_has_no_room_for():
    s = blank(3)
    for colour, k in ((0, 3), (1, 2), (2, 1), (6, 4)):
        put(s, "Forest-1", colour, k)
    s.sceptics[q(s, "Forest-1")] = 2
    s.temple[q(s, "Forest-1")] = 0
    acolytes(s, 0, "Forest-1")
    acolytes(s, 1, "Forest-1")
    acolytes(s, 2, "Forest-1", "Capital")
    lines = GAME.render_text(s.view(0)).splitlines()
    assert _hex(lines, s, "Forest-1")[1:3] == ["Lu3 Ke2 Ki1 nb4 s2", "T:Lu @Lu1 @Lu2 +3"]
    assert lines[render._MAP_LINES] == "Acolytes the map has no room for (+N): Forest-1 @Ke1 @Ke2 @Ki1"
    s.mortals[q(s, "Forest-1")] = [0] * 7                          # room on the mortals' line
    lines = GAME.render_text(s.view(0)).splitlines()
    assert _hex(lines, s, "Forest-1")[1:3] == ["empty s2 @Ke2 @Ki1", "T:Lu @Lu1 @Lu2 @Ke1"]
    assert not any(line.startswith("Acolytes the map") for line in lines)


def test_TU_1_every_vertex_is_drawn_once_at_the_corner_shared_by_its_settlements():
    s, vertices = _position()
    text = GAME.render_text(s.view(0))
    labels = re.findall(r"\bV(\d+)(?:=(\w\w))?\b", text)
    assert sorted(int(v) for v, _ in labels) == list(range(N_VERTICES))
    owners = {int(v): who for v, who in labels if who}
    assert owners == {v: "Lu" for v in vertices}
    lines = text.splitlines()
    for p, corners in enumerate(CORNERS):           # each label sits where that hex's corner is drawn
        cx, top = render._centre(p)
        for corner, v in enumerate(corners):
            dx, dy = render._CORNER_AT[corner]
            assert f"V{v}" in lines[top + dy][cx + dx - 3:cx + dx + 4]


def test_TU_2_6_start_faith_actions_name_vertices_drawn_on_the_map():
    s = GAME.new_state(2, 3)
    while s.decision.kind != "start_faith":
        s.apply(s.legal_actions()[0])
    text = GAME.render_text(s.view(s.current_player))
    lines = text.splitlines()
    at = s.stack[-1].settlement
    cx, top = render._centre(at)
    for action in s.legal_actions():
        vertex = re.match(r"faith (V\d+) in ", action.text).group(1)
        assert re.search(rf"\b{vertex}\b", text)
        assert any(re.search(rf"\b{vertex}\b", line[cx - render.HALF - 4:cx + render.HALF + 4])
                   for line in lines[top:top + render.BODY + 4])


def test_TU_4_temples_and_ruins_per_seat_against_x():
    s, _ = _position()
    text = GAME.render_text(s.view(0))
    x = cards.TEMPLES_X[3]
    assert f"Seat 0 Lutraz [Lu] (you) (to play) | temples 1 ruins 1 = 1.5/{x}" in text
    assert f"Seat 1 Kelerix [Ke] | temples 1 ruins 0 = 1/{x} incl. Capital" in text
    assert f"Win (X={x})" in text and f"{x + 2}; a ruin is 1/2" in text
    assert "| horde Werewolf" in text


def test_TU_3_2_the_action_board_shows_the_pawns_and_what_a_seat_must_or_may_not_take_next():
    s, _ = _position()
    line = next(t for t in GAME.render_text(s.view(0)).splitlines() if t.startswith("Action board"))
    assert line == ("Action board, pawns: Pilgrimage: - | Spread the Word: - | Divine Intervention: - | "
                    "Test the Faith: -")
    s.seats[0].pawn = s.seats[2].pawn = "spread the word"
    s.seats[1].pawn = "test the faith"
    s.seats[1].forced = s.seats[2].forced = "pilgrimage"            # Cast The Runes (TU-13)
    s.seats[0].banned = "divine intervention"                       # Make Them Choose A Different Path
    flat = " ".join(GAME.render_text(s.view(1)).split())          # the line is wrapped at 120 columns
    assert ("Action board, pawns: Pilgrimage: - (Ke, Ki must take it next) | Spread the Word: Lu, Ki | "
            "Divine Intervention: - (Lu may not take it next) | Test the Faith: Ke Seat 0") in flat


def test_TU_2_5_the_deities_to_choose_with_their_powers_until_every_seat_has_one():
    s = GAME.new_state(3, 1, {"deities": "choose"})
    s.apply("choose Aeoris")
    text = GAME.render_text(s.view(0))
    assert "Seats 0 (you) (to play), 1: no deity chosen yet; deities to choose, with their powers:" in text
    lines = text.splitlines()
    for name in ("Lutraz", "Kelerix", "Orrun", "Eseryn", "Kirjani"):
        assert f"{name}: {cards.DEITY[name].text}" in lines
    assert "Aeoris: " not in text and "Action board" not in text and "Discards" not in text
    groups = GAME.components_in_view(s.view(0))
    assert groups["deities to choose"] == [cards.DEITY[d].id for d in ("Lutraz", "Kelerix", "Orrun", "Eseryn",
                                                                         "Kirjani")]
    assert groups["deities in play"] == [cards.DEITY["Aeoris"].id]
    while s.decision.kind == "deity":
        s.apply(s.legal_actions()[0])
    assert "deities to choose" not in GAME.components_in_view(s.view(0))
    assert "Action board" in GAME.render_text(s.view(0))


def test_the_text_labels_name_each_acolyte_by_its_tag_and_each_action_by_its_title():
    s, _ = _position()
    view = s.view(0)
    labels = GAME.text_labels(view, ["acolyte:1:1", "acolyte:1:2", "action:spread the word",
                                     "action:test the faith", "deity:Orrun", "seat:2", "done"])
    assert labels == {"acolyte:1:1": "@Ke1", "acolyte:1:2": "@Ke2", "action:spread the word": "Spread the Word",
                      "action:test the faith": "Test the Faith", "deity:Orrun": "Orrun", "seat:2": "Seat 2",
                      "done": None}
    assert list(GAME.action_places(view, "acolyte 2 fights Werewolf in Forest-1")) == [
        "acolyte:0:2", "monster:Werewolf"]


def test_the_monster_discard_and_the_face_up_monsters():
    s, _ = _position()
    text = GAME.render_text(s.view(0))
    assert "monsters Griffin, Troll" in text                  # top of the pile first
    flat = " ".join(text.split())
    for m in s.faceup:
        monster = cards.MONSTER[m]
        assert f"{monster.name} ({monster.type} {monster.ability} {monster.movement}" in flat
        assert " ".join(monster.text.split()) in flat


def test_the_viewers_hand_and_calling_with_texts_and_nobody_elses():
    s, _ = _position()
    text = GAME.render_text(s.view(0))
    assert f"Your hand: Break Their Brittle Bones: {cards.MIRACLE['bones'].text}" in text
    assert "Cast Out The Doubts (x2): " in text
    assert "Seat 1 Kelerix [Ke] | temples 1 ruins 0 = 1/4 incl. Capital | hand 3 | horde Werewolf" in text
    assert text.count("hand:") == 1
    assert f"Divine Calling: Build an Outpost: {cards.CALLING['outpost'].text[:40]}" in text
    assert f"Power: {cards.DEITY['Lutraz'].text}" in text
    for hidden in ("Cast The Runes", "Make Them Choose", "Bend This Creature", "Sacred Groves"):
        assert hidden not in text
    other = GAME.render_text(s.view(1))
    assert "Cast The Runes" in other and "Break Their Brittle Bones" not in other


def test_the_screen_fits_120_columns_and_45_lines_on_random_positions():
    """At most 45 lines up to five players; six seats' lines and texts may take 48."""
    tallest: dict[int, int] = {}
    for players, seed, steps in ((2, 1, 100), (2, 7, 400), (3, 2, 300), (4, 5, 500), (5, 4, 700), (6, 5, 400),
                                 (6, 3, 600)):
        s = GAME.new_state(players, seed, {"capital_events": True})
        rng = Rng(seed)
        for _ in range(steps):
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_actions()))
        while not s.is_terminal() and s.decision.kind != "turn":
            s.apply(rng.choice(s.legal_actions()))
        for seat in (None, *range(players)):
            lines = GAME.render_text(s.view(seat)).splitlines()
            assert max(map(len, lines)) <= 120
            tallest[players] = max(tallest.get(players, 0), len(lines))
    assert all(n <= (48 if players == 6 else 45) for players, n in tallest.items()), tallest


def test_the_screen_keeps_its_45_lines_while_the_seats_choose_their_deities():
    """The deities on offer take the place of the seat lines still without one."""
    tallest = 0
    for players in range(2, 7):
        s = GAME.new_state(players, players, {"deities": "choose"})
        while s.decision.kind == "deity":
            for seat in (None, *range(players)):
                lines = GAME.render_text(s.view(seat)).splitlines()
                assert max(map(len, lines)) <= 120
                tallest = max(tallest, len(lines))
            s.apply(s.legal_actions()[-1])
    assert tallest <= 45


def test_automatic_steps_are_credited_to_the_game():
    """Populating the map, capital events, reshuffles, a third monster marker and the win happen by the
    rules, not by the seat whose decision set them off (Event.actor)."""
    from theogony.core import Event

    automatic = {"populate", "capital_event", "reshuffle", "monster_discard", "win"}
    seen: dict[str, set] = {}
    s = GAME.new_state(2, 11, {"capital_events": True})
    rng = Rng(11)
    while not s.is_terminal():
        for event in s.apply(rng.choice(s.legal_actions())):
            seen.setdefault(event.kind, set()).add(event.actor)
    assert automatic <= set(seen)
    for kind in automatic & set(seen):
        assert seen[kind] == {Event.BY_GAME}, kind
    assert seen["action"] == {None}


def test_TU_9_the_test_the_faith_forecast_matches_what_a_test_does():
    """Before choosing an action the seat reads which temples a Test the Faith would raise or bring
    down in each settlement; checked against the engine's own test on random positions."""
    from theogony.games.theurgy.rules.test_the_faith import test_the_faith

    checked = 0
    for players, seed, steps in ((2, 3, 150), (3, 2, 300), (4, 6, 500), (6, 5, 400)):
        s = GAME.new_state(players, seed)
        rng = Rng(seed)
        for _ in range(steps):
            s.apply(rng.choice(s.legal_actions()))
        while s.decision.kind != "turn":
            s.apply(rng.choice(s.legal_actions()))
        p = s.current_player
        view = s.view(p)
        forecast = dict(line.split(" ", 1) for line in render.ttf_forecast(view))
        assert "Test the Faith would: " in GAME.render_text(view)
        for where in range(19):
            if where == s.anomaly:
                continue
            name = s.name(where)
            trial = s.clone()
            before = trial.temple[where]
            test_the_faith(trial, p, where, [])
            after = trial.temple[where]
            if after == before:
                assert name not in forecast
                continue
            said = forecast[name]
            if after >= 0:
                assert said.startswith(render.short(s.colour(after)) + " ")
            if before >= 0:
                assert said.endswith(f"{render.short(s.colour(before))}'s temple falls")
            checked += 1
    assert checked >= 8


def test_TU_9_forecast_on_a_built_position_with_a_giant():
    s, _ = _position()                       # Lutraz: temple in Forest-1 (Lu3 nb2, two faith tokens)
    put(s, "Mine-1", 1, 3)                   # Kelerix leads in Mine-1 (Lutraz's token on V3 converts one) ...
    put(s, "Farmland-1", 1, 3)               # ... and in Farmland-1, where a Giant stands
    monster(s, "giant", 0, "Farmland-1")
    put(s, "Capital", 6, 3)                  # Lutraz's tokens on the Capital convert non-believers
    lines = render.ttf_forecast(s.view(0))
    assert "Mine-1 Ke builds" in lines and "Capital Lu builds, Ke's temple falls" in lines
    assert not any(line.startswith(("Farmland-1", "Forest-1")) for line in lines)
