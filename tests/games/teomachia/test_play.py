"""Whole games: the heuristic beats random (TM-17), illegal input is refused (TM-0.3); the rulebook has
no safety limits (TM-14, test_review16.py)."""

from __future__ import annotations

import pytest

from theogony.core import IllegalAction, Rng
from theogony.games.teomachia import GAME
from theogony.games.teomachia.bots import heuristic_policy
from theogony.games.teomachia.render import render_text

from theogony.games.teomachia.moves import public_discard

from .helpers import chain_cards, started


def play(players, variant, seed, heuristic_seats):
    st = GAME.new_state(players, seed, variant)
    rng = Rng(seed + 99)
    while not st.is_terminal():
        p = st.current_player
        if p in heuristic_seats:
            action = heuristic_policy(st.determinize(p, rng), rng)
        else:
            action = rng.choice(st.legal_actions())
        st.apply(action.text)
    return st


@pytest.mark.parametrize("variant", [{}, {"full": True}, {"no_elimination": True}])
def test_TM_17_heuristic_beats_random(variant):
    wins = 0
    games = 12
    for seed in range(games):
        seat = seed % 2
        st = play(2, variant, seed, {seat})
        wins += seat in st.outcome().winners
    assert wins >= 10


def test_TM_0_3_illegal_input_is_refused_with_a_reason_and_changes_nothing():
    st = started(2)
    before = st.to_json()
    with pytest.raises(IllegalAction) as info:
        st.apply("call")  # nobody raised: only wait or raise
    assert "not a legal action" in str(info.value) and "wait" in str(info.value)
    with pytest.raises(IllegalAction):
        GAME.parse_action(st, "play Honor")  # a removed card
    assert st.to_json() == before


def test_render_shows_the_table_and_only_the_viewers_hand():
    st = started(3, {"full": True})
    text = render_text(st.view(1))
    assert "Teomachia" in text and "hand" in text.lower()
    assert text.count("hand:") == 1


def all_cards(st):
    zones = list(st.prayer_deck) + list(st.set_aside) + list(st.boxed) + [c for c in st.track if c >= 0]
    for s in st.seats:
        zones += s.hand + s.deck + s.discard + s.power + s.lasting + s.played + s.places
        zones += s.draft_hand + s.picks
    zones += chain_cards(st)  # TM-R8: cards waiting for responses
    return zones


@pytest.mark.parametrize("players,variant", [(2, {}), (3, {"full": True}), (4, {"no_elimination": True})])
def test_TM_1_2_every_card_is_always_in_exactly_one_place_and_TM_10_change_is_never_owed(players, variant):
    for seed in range(3):
        st = GAME.new_state(players, seed, variant)
        rng = Rng(seed)
        while not st.is_terminal():
            zones = all_cards(st)
            assert len(zones) == 116 and len(set(zones)) == 116
            for s in st.seats:
                assert min(s.community) >= 0 and min(s.stake) >= 0
                assert all(0 <= d <= k for d, k in zip(s.desp, s.stake))
                c = s.community  # TM-10.1 change is made at once (the bank is unlimited, TM-R4)
                assert not (c[1] == 0 and c[0] > 0) and not (c[2] == 0 and c[1] > 0)
            st.step(rng.choice(st.legal_actions()))


@pytest.mark.slow
def test_TM_17_ismcts_plays_whole_games_against_the_heuristic():
    from theogony.arena.match import play_match

    for seed in range(1):
        result = play_match("teomachia", ["mcts:iterations=20:rollout=heuristic", "heuristic"], seed=seed,
                            variant={"full": True})
        assert result.error is None and result.outcome is not None


@pytest.mark.parametrize("players,variant", [(2, {}), (3, {"full": True})])
def test_TM_R21_public_card_knowledge_is_always_true_and_survives_determinization(players, variant):
    from collections import Counter

    from theogony.games.teomachia.content import CARD_DEF

    def defs(cards):
        return Counter(CARD_DEF[c] for c in cards)

    for seed in range(2):
        st = GAME.new_state(players, seed, variant)
        rng = Rng(seed)
        while not st.is_terminal():
            for i, s in enumerate(st.seats):
                kd, kc = Counter(s.known_discard), Counter(s.known_cycle)
                assert not kd - defs(s.discard)  # known discards are really there
                assert not kc - (defs(s.hand + s.deck + s.discard) - kd)
            if st.phase not in ("draft", "aside"):
                det = st.determinize(0, rng)
                for i in range(1, players):
                    s, d = st.seats[i], det.seats[i]
                    assert not Counter(s.known_discard) - defs(d.discard)
                    assert not Counter(s.known_cycle) - (defs(d.hand + d.deck + d.discard)
                                                         - Counter(s.known_discard))
            st.step(rng.choice(st.legal_actions()))


def test_TM_R21_a_card_taken_from_the_track_stays_in_that_seats_discard_pile_in_determinizations():
    from theogony.games.teomachia.content import CARD_DEF

    st = GAME.new_state(2, 3, {})
    rng = Rng(3)
    while st.phase != "prayer":
        st.step(rng.choice(st.legal_actions()))
    taker = st.current_player
    act = next(a for a in st.legal_actions() if a.text.startswith("take ") and "slot" in a.text)
    taken = st.track[act.data[1]]
    st.apply(act)
    other = 1 - taker
    public_discard(st, taker, [st.prayer_deck.pop()])  # say another public card covers it
    assert st.seats[taker].discard[-2] == taken
    for k in range(20):
        det = st.determinize(other, Rng(k))
        # not hidden among the unseen cards: it is known to be in the taker's discard pile
        assert CARD_DEF[taken] in [CARD_DEF[c] for c in det.seats[taker].discard]


def test_TM_17_the_balance_figures_come_from_simulate(tmp_path):
    """What balance.py used to print (wins per deity, deals, bids, prayer cards taken, myths bought)
    is `theogony simulate teomachia --json` over the game's match statistics (stats.py)."""
    import json
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "theogony.cli", "simulate", "teomachia", "-n", "2", "-p", "2",
                           "-a", "heuristic", "-v", "full=true", "--json"],
                          capture_output=True, text=True, check=True)
    report = json.loads(done.stdout)
    assert report["completed"] == 2 and set(report["win_rate_by_label"]) == {"deity"}
    assert report["numbers"]["deals"]["mean"] >= 1
    counts = report["counts_per_game"]
    assert any(name.startswith("prayer card taken: ") for name in counts)
    assert any(name.startswith("bid: ") for name in counts)


def test_TM_17_2_evaluate_is_a_distribution_that_follows_worshippers_and_deal_odds():
    from theogony.games.teomachia.bots import evaluate
    from theogony.games.teomachia.projections import deal_odds

    from .helpers import battle, hand, layout

    st = started(3)
    est = evaluate(st)
    assert len(est) == 3 and abs(sum(est) - 1) < 1e-9 and all(0 <= x <= 1 for x in est)
    st.seats[0].community = [3, 5, 17]
    st.seats[2].community = [1, 1, 1]
    est = evaluate(st)
    assert est[0] > est[1] > est[2]  # more worshippers, better chances
    st.seats[2].alive = st.seats[2].in_deal = False
    assert evaluate(st)[2] == 0.0  # a seat out of the game has no chance
    # in battle the stronger hand on the table raises the deal odds and the game estimate
    layout(st, "el-earth-chaos-3", "el-air-chaos-2", "el-water-order-2")
    st.seats[0].community = st.seats[1].community = [3, 5, 7]
    for s in st.seats:
        s.hand = []
    battle(st, 0)
    even = evaluate(st)
    assert abs(deal_odds(st)[0] - 0.5) < 1e-9 and abs(even[0] - even[1]) < 1e-9
    hand(st, 1, "web-of-lightning")
    assert deal_odds(st)[1] > 0.8 and evaluate(st)[1] > even[1]


def test_TM_17_2_worth_terms_split_what_a_seat_can_expect_to_own():
    from theogony.games.teomachia.projections import worth_terms

    st = started(3)
    a0, b0, _ = worth_terms(st)[0]
    st.seats[0].community = [c + 2 for c in st.seats[0].community]
    assert worth_terms(st)[0][0] > a0            # more worshippers, more to own
    st.seats[1].peace = True                     # Peace on Earth: its stake is safe, the deal is not
    assert worth_terms(st)[1][1] == 0.0
    st.seats[2].alive = st.seats[2].in_deal = False
    assert worth_terms(st)[2] is None            # out of the game
    assert 0.0 <= b0 <= 1.0                      # B is a chance to win the deal
