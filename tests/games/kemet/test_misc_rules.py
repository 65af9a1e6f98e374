"""Further rules: turn sequencing, the DI deck, recall by the winner, raised troop limits."""

from .helpers import Z, blank, city_q, council, give, play, put, texts
from theogony.games.kemet.rules import board
from theogony.games.kemet import effects


def test_KM_3_3_1_seats_without_tokens_are_skipped():
    s = blank(3)
    s.ps[1].tokens = 0
    play(s, "place token on Prayer I")
    assert s.cur == 2
    play(s, "place token on Prayer I")
    assert s.cur == 0


def test_KM_3_3_1_night_follows_the_last_token():
    s = blank(2)
    s.ps[0].tokens = 1
    s.ps[0].spaces = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    s.ps[1].tokens = 0
    play(s, "place token on Prayer I")
    assert s.phase == "night"


def test_KM_7_6_an_empty_di_deck_is_rebuilt_from_the_discard():
    s = blank(2)
    s.di_discard = s.di_deck[:3]
    s.di_deck = []
    before = len(s.ps[0].di)
    effects.draw_di(s, 0, 2)
    assert len(s.ps[0].di) == before + 2 and len(s.di_deck) == 1 and s.di_discard == []


def test_KM_3_5_7_the_winner_may_recall_for_x_minus_1_pp():
    s = blank(2)
    put(s, "nile-w", 0, 4)
    put(s, "temple-ws", 1, 1)
    s.ps[0].pp = 2
    play(s, "place token on Movement I", "move troop from nile-w", "take 4 warriors", "go to temple-ws")
    council(s, "Phalanx", "Charge")
    council(s, "Charge", "Phalanx")
    play(s, "recall")                 # the loser
    assert sorted(texts(s)) == ["recall", "stay"]
    play(s, "recall")                 # the winner: 4 warriors back for 3 PP
    assert s.ps[0].pp == 5 and s.owner[Z("temple-ws")] == -1
    assert s.ps[0].glory == 1         # the Battle Glory was already won


def test_KM_7_5_a_tile_raises_the_troop_limit():
    s = blank(2)
    give(s, 0, "great-legion")
    q = city_q(s, 0, 1)
    put(s, q, 0, 5)
    play(s, "place token on Recruitment I")
    assert "recruit in NW-1" in texts(s)
    play(s, "recruit in NW-1")
    assert "recruit in NW-1" not in texts(s) and s.count[q] == 6


def test_KM_3_4_1_level_4_pyramid_brings_glory_to_its_controller():
    s = blank(2)
    q = city_q(s, 0, 1)
    s.pyr_level[q], s.pyr_colour[q] = 3, s.colours[0]
    s.ps[0].pp = 4
    play(s, "place token on Construction I", "raise NW-1 pyramid 3 -> 4 for 4 PP")
    assert board.glory(s, 0) == 1


def test_KM_R17_day_cards_cannot_chain_forever():
    from theogony.games.kemet.content import DI_CARDS
    for card in DI_CARDS:
        if card.timing == "day" and not card.personal:
            potential = 3 * (card.effect.get("draw", 0) - 1) - card.cost + card.effect.get("pp", 0)
            assert potential < 0, card.name
