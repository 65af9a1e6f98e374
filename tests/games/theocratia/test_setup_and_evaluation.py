"""Colour choice at setup (TC-2.3, ruling R1), the Warrior supply cap in the Barrack action (R8), and
the MCTS evaluation (evaluation.py)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from theogony.core import Rng, SetupError
from theogony.games.theocratia import GAME
from theogony.games.theocratia.content import (BARRACK, CIV_NAMES, HOME_HEX, HOUSE, PYRAMID,
                                               TOKEN_IDS)
from theogony.games.theocratia.scoring import final_score
from theogony.games.theocratia.state import TokenChoice
from theogony.games.theocratia.evaluation import (evaluate, features, progress_left,
                                                  projected_pages)

from ._helpers import (BLUE, BROWN, MAGENTA, PINK, RED, TURQUOISE, WHITE, clear_board, die,
                       new_game, put, turn)
from ._helpers import pending


# ---- TC-2.3 / R1: the players choose their colours ---------------------------------------------

def test_TC_2_3_R1_chosen_colours_seat_in_colour_order_and_leave_the_others_unchosen():
    s = GAME.new_state(2, 4, {"colours": "red-white", "first_player": 0})
    assert [p.colour for p in s.seats] == [RED, WHITE]
    assert s.colour_seat == [0, -1, -1, 1]
    assert [p.cosmo for p in s.seats] == [2, 3]  # TC-2.4 by turn order from seat 0
    # the Civ choice goes backwards from the last seat (TC-2.5)
    assert s.current_player == 1
    s.apply("choose Violet")
    s.apply("choose Magenta")
    assert s.hex_kind[HOME_HEX[2][WHITE]] == HOUSE and s.hex_kind[HOME_HEX[0][RED]] == HOUSE
    # the unchosen Civs build on the unchosen colours' hexes next to their Fortresses
    assert s.hex_kind[HOME_HEX[TURQUOISE][BROWN]] == HOUSE
    assert s.hex_kind[HOME_HEX[PINK][BLUE]] == HOUSE


def test_TC_2_3_R1_three_players_may_leave_any_colour_unchosen():
    s = GAME.new_state(3, 1, {"colours": "red-brown-white"})
    assert [p.colour for p in s.seats] == [RED, BROWN, WHITE]
    assert s.colour_seat[BLUE] == -1


@pytest.mark.parametrize("players,variant", [
    (3, {"colours": "red-white"}),                     # wrong number of colours
    (4, {"colours": "red-brown-blue"}),
    (2, {"colours": "red-white", "bot": "xevron"}),    # the Bot's colours are fixed (BOT-1.2)
    (1, {"colours": "red-white"}),
])
def test_TC_2_3_R1_bad_colour_choice_is_refused(players, variant):
    with pytest.raises(SetupError, match="colours"):
        GAME.new_state(players, 0, variant)


def test_TC_2_3_R1_default_colours_are_the_first_in_order():
    s = GAME.new_state(3, 0)
    assert [p.colour for p in s.seats] == [RED, BROWN, BLUE]


# ---- R8: Barrack training respects the supply cap of 5 ----------------------------------------

def test_TC_5_5_R8_barrack_training_stops_at_a_supply_of_five():
    s = new_game(4)
    clear_board(s)
    put(s, "H3", PINK, HOUSE)
    put(s, "G4", PINK, BARRACK)
    c = s.civs[PINK]
    c.row = []
    c.supply, c.warriors = 4, 5
    turn(s, RED, die(PINK, 5))
    s.apply("barrack with Pink")
    s.apply("barrack on H3")
    assert c.supply == 5 and c.warriors == 4  # two Barracks, but only one Warrior fits


# ---- evaluation (MCTS cut-offs) ---------------------------------------------------------------

def test_evaluation_is_a_distribution_over_seats_and_even_at_the_start():
    for players in (2, 3, 4):
        s = GAME.new_state(players, 3)
        est = evaluate(s)
        assert len(est) == players and abs(sum(est) - 1) < 1e-9
        assert max(est) - min(est) < 0.05  # nothing to tell the seats apart yet


def test_evaluation_progress_runs_from_one_to_zero():
    s = GAME.new_state(2, 0)
    assert progress_left(s) == 1.0
    rng = Rng(5)
    seen = []
    while not s.is_terminal():
        seen.append(progress_left(s))
        s.apply(rng.choice(s.legal_actions()))
    assert progress_left(s) == 0.0
    assert all(a >= b for a, b in zip(seen, seen[1:]))  # never goes back


def test_evaluation_prefers_more_worship_and_own_pyramids():
    s = new_game(2, 1)
    s.round, s.stack[0].turn_index = 3, 2
    base = evaluate(s)
    s.seats[0].priests = [4, 4, 4, 4]
    better = evaluate(s)
    assert better[0] > base[0] and better[1] < base[1]
    h = put(s, "H3", PINK, PYRAMID)
    s.hex_colour[h] = s.seats[0].colour
    assert evaluate(s)[0] > better[0]


def test_evaluation_projected_pages_grow_with_time_left_and_stop_at_the_last_page():
    s = new_game(4)
    s.civs[MAGENTA].page = 6
    early = projected_pages(s, 1.0)
    late = projected_pages(s, 0.0)
    assert all(a >= b for a, b in zip(early, late))
    assert early[MAGENTA] == 7.0
    # with no time left the projected score is the TC-14 score (pages as they are)
    s.stack = []   # the game is over
    pages = projected_pages(s, 0.0)
    for seat in range(4):
        assert features(s, seat, 0.0, pages)[0] == final_score(s, seat)


# ---- designer statistics (Game.match_stats) ---------------------------------------------------

def test_match_stats_label_civs_and_colours_and_count_actions_from_the_history():
    s = GAME.new_state(3, 2, {"colours": "red-blue-white"})
    rng = Rng(8)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    stats = GAME.match_stats(s)
    assert stats["labels"]["colour"] == ["Red", "Blue", "White"]
    assert stats["labels"]["civ"] == [CIV_NAMES[v] for v in s.civ_choice]
    assert len(set(stats["labels"]["civ"])) == 3
    counts = stats["counts"]
    assert counts.get("action 2 war/convert", 0) == sum(
        1 for t in s.history if t.startswith("war/convert with "))
    assert counts.get("pyramid built", 0) == sum(1 for t in s.history if t.startswith("pyramid on "))
    scores = sorted(s.outcome().scores, reverse=True)
    assert stats["numbers"]["winner score"] == scores[0]
    assert stats["numbers"]["winning margin"] == scores[0] - scores[1]


def test_match_stats_with_the_bot_label_its_civ():
    s = GAME.new_state(1, 4, {"bot": "noks"})
    rng = Rng(1)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    stats = GAME.match_stats(s)
    assert len(stats["labels"]["civ"]) == 2 and stats["labels"]["colour"][1] == "White"


def test_match_stats_count_the_actions_the_bot_resolved():
    s = GAME.new_state(1, 3, {"bot": "noks", "difficulty": "high"})
    rng = Rng(3)
    seen: dict[str, int] = {}
    while not s.is_terminal():
        for e in s.apply(rng.choice(s.legal_actions())):
            if e.kind == "bot" and e.text.startswith("the Bot takes"):
                name = "Bot action " + e.text.rsplit(": ", 1)[1]
                seen[name] = seen.get(name, 0) + 1
    counts = GAME.match_stats(s)["counts"]
    assert seen and {k: v for k, v in counts.items() if k.startswith("Bot action")} == seen
    assert sum(seen.values()) <= s.rounds * s.turns   # one resolved card per Bot turn at most
    # the arena's per-seat shares pass the state with one seat's actions: no Bot counts there
    s.history = s.history[1:]
    assert not any(k.startswith("Bot action") for k in GAME.match_stats(s)["counts"])


def test_simulate_with_the_bot_gives_seat_shares_of_the_counts() -> None:
    from theogony.arena.match import play_match

    result = play_match(GAME, ["random", "random"], seed=4, variant={"bot": "ory"})
    assert result.stats and any(k.startswith("Bot action") for k in result.stats["counts"])


def _fit_tool():
    path = Path(__file__).resolve().parents[3] / "tools" / "theocratia_fit_evaluation.py"
    spec = importlib.util.spec_from_file_location("theocratia_fit_evaluation", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_simulate_records_feed_the_evaluation_fit_which_gives_non_negative_weights(tmp_path):
    pytest.importorskip("numpy")
    from theogony.games.theocratia.evaluation import FEATURES, KNOTS

    records = tmp_path / "games.jsonl"
    subprocess.run([sys.executable, "-c", "from theogony.cli import main; main()", "simulate",
                    "theocratia", "--players", "2", "--games", "6", "--variant", "first_player=0",
                    "--records", str(records)], check=True, capture_output=True, text=True)
    tool = _fit_tool()
    data = tool.samples(str(records), 6, every=1)
    assert data and all(len(rows) == 2 and len(rows[0]) == len(FEATURES) for _, rows, _, _ in data)
    table = tool.fit(data)
    assert len(table) == len(KNOTS) and all(w >= 0 for row in table for w in row)


# ---- gaps filled: first-game Priests, Pyramid tokens that act at once -------------------------

def test_TC_2_6_first_game_variant_moves_each_chosen_civs_priest_to_zero():
    s = new_game(3, variant={"first_game": True}, choices=[PINK, TURQUOISE, MAGENTA])
    for seat, p in enumerate(s.seats):
        v = s.civ_choice[seat]
        assert p.priests[v] == 0
        assert all(x == -1 for c, x in enumerate(p.priests) if c != v)


def test_TC_12_1_token_draw_two_power_cards():
    s = new_game(4)
    pending(s, TokenChoice(seat=RED, civ=MAGENTA))
    hand = len(s.seats[RED].hand)
    s.apply("token Draw 2 Power cards")
    assert len(s.seats[RED].hand) == hand + 2
    assert TOKEN_IDS.index("draw2") in s.seats[RED].tokens


def test_TC_12_1_token_malus_three_steps_back_never_below_zero():
    s = new_game(4)
    s.seats[RED].malus = 5
    pending(s, TokenChoice(seat=RED, civ=MAGENTA))
    s.apply("token Malus 3 steps back")
    assert s.seats[RED].malus == 2
    t = new_game(4)
    t.seats[BROWN].malus = 1
    pending(t, TokenChoice(seat=BROWN, civ=MAGENTA))
    t.apply("token Malus 3 steps back")
    assert t.seats[BROWN].malus == 0
