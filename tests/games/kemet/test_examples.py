"""The rulebook's worked examples, reproduced number for number."""

from theogony.games.kemet.content import TILE_INDEX

from .helpers import Z, blank, city_q, comp, council, di, give, play, put, texts
from theogony.games.kemet.rules import battle, board
from theogony.games.kemet.state import TurnStep
from .helpers import set_step, step_of


def test_KM_3_4_1_construction_cost_examples():
    """Level 2 -> 3 costs 3 PP; level 1 -> 3 costs 2 + 3 = 5 PP as one single effect."""
    s = blank(2)
    q1, q2 = city_q(s, 0, 1), city_q(s, 0, 2)
    s.pyr_level[q1], s.pyr_colour[q1] = 2, s.colours[0]
    s.pyr_level[q2], s.pyr_colour[q2] = 1, s.colours[1]
    s.ps[0].pp = 7
    play(s, "place token on Construction I")
    options = texts(s)
    assert "raise NW-1 pyramid 2 -> 3 for 3 PP" in options
    assert "raise NW-2 pyramid 1 -> 3 for 5 PP" in options
    play(s, "raise NW-2 pyramid 1 -> 3 for 5 PP")
    assert s.pyr_level[q2] == 3 and s.ps[0].pp == 2


def claire(moves_bonus: bool):
    s = blank(2)
    home = city_q(s, 0, 2)
    s.pyr_level[home], s.pyr_colour[home] = 1, s.colours[0]
    put(s, home, 0, 5)
    if moves_bonus:
        give(s, 0, "priest-of-mafdet")
        give(s, 0, "deep-desert-snake")
        s.comp_loc[comp("deep-desert-snake")] = home
    play(s, "place token on Movement I", "move troop from NW-2", "take 5 warriors")
    return s


def test_KM_3_4_5_movement_example_teleport():
    """A: Claire teleports from a pyramid quarter straight onto the obelisk temple for 2 PP."""
    s = claire(False)
    assert "teleport to temple-es for 2 PP" in texts(s)
    assert "go to temple-es" not in texts(s)
    play(s, "teleport to temple-es for 2 PP", "stop here")
    assert s.owner[Z("temple-es")] == 0 and s.count[Z("temple-es")] == 5
    assert s.ps[0].pp == 5
    assert board.glory(s, 0) == 1  # the temple's temporary Glory


def test_KM_3_4_5_movement_example_three_land_moves():
    """B: without teleporting, three land moves (1 + Priest of Mafdet + Deep Desert Snake)
    reach the temple three zones away; a single land move does not."""
    s = claire(True)
    assert s.mv.moves == 3
    play(s, "go to nw-desert", "go to nile-e", "go to temple-es", "stop here")
    assert s.owner[Z("temple-es")] == 0 and s.ps[0].pp == 7
    assert s.comp_loc[comp("deep-desert-snake")] == Z("temple-es")
    plain = claire(False)
    play(plain, "go to nw-desert")
    assert "go to nile-e" not in texts(plain) and plain.mv.moves == 0


def test_KM_3_5_jack_and_guillaume_battle_example():
    """Jack (5 warriors, In Attack!, Blades of Neith) attacks Guillaume (4 warriors and the Ancient
    Elephant) in a temple: 10 against 9, no loss for 4 shield, Battle Glory, veteran, recall 3 PP."""
    s = blank(2)
    jack, guillaume = 0, 1
    give(s, jack, "in-attack")
    give(s, jack, "blades-of-neith")
    give(s, guillaume, "ancient-elephant")
    put(s, "temple-ws", guillaume, 4)
    s.comp_loc[comp("ancient-elephant")] = Z("temple-ws")
    put(s, "nile-w", jack, 5)
    s.ps[guillaume].di = [di("distraction"), di("bronze-wall"), di("fury-of-war")]
    s.ps[guillaume].pp = 7
    jack_pp = s.ps[jack].pp
    play(s, "place token on Movement I", "move troop from nile-w", "take 5 warriors",
         "go to temple-ws")
    assert step_of(s) == "battle" and s.bt.att == jack and s.bt.dfn == guillaume
    council(s, "Frenzy", "Assault", ("Distraction",))       # 3 strength, 2 damage
    council(s, "Charge", "Phalanx", ("Bronze Wall", "Fury of War"))  # 2 strength, 2 shield
    assert s.bt.strengths == (10, 9)
    assert s.bt.winner == jack
    assert s.ps[guillaume].pp == 6          # Fury of War cost 1 PP
    assert s.bt.losses == (0, 0)            # 2 damage against 4 shield
    assert s.ps[jack].glory == 1            # Battle Glory for the winning attacker
    assert s.ps[guillaume].veterans == 1 and s.ps[jack].veterans == 0
    play(s, "recall")                       # Guillaume recalls 4 warriors: 3 PP
    assert s.ps[guillaume].pp == 9
    assert s.comp_loc[comp("ancient-elephant")] == -1
    play(s, "stay")
    assert s.owner[Z("temple-ws")] == jack and s.count[Z("temple-ws")] == 5
    assert board.glory(s, jack) == 2               # Battle Glory + the temple's Glory
    assert di("distraction") in s.ps[jack].di  # Distraction comes back to hand
    assert s.ps[jack].pp == jack_pp
    assert sorted(s.di_discard) == sorted([di("bronze-wall"), di("fury-of-war")])


def test_KM_3_5_solo_example_jacks_side_in_a_classic_battle():
    """The classic half of the solo example: from 9 PP, Jack raises his onyx pyramid 3 -> 4
    (4 PP), buys Animal Fury (4 PP), and with 5 warriors and the Sphinx-Griffin plays the
    4 strength / 1 damage card and a +1 shield DI card: strength 12, damage 2, shield 1."""
    s = blank(2)
    onyx = 3
    s.colours = [1, onyx]
    q = city_q(s, 0, 1)
    s.pyr_level[q], s.pyr_colour[q] = 3, onyx
    s.ps[0].slots = [onyx, -1, -1]
    s.ps[0].pp = 9
    s.market[TILE_INDEX["animal-fury"]] = 1
    give(s, 0, "sphinx-griffin")
    put(s, "temple-ws", 0, 5)
    s.comp_loc[comp("sphinx-griffin")] = Z("temple-ws")
    play(s, "place token on Construction I", "raise NW-1 pyramid 3 -> 4 for 4 PP")
    assert s.ps[0].pp == 5
    s.cur = 0
    set_step(s, TurnStep)
    play(s, "place token on Acquisition slot 1", "acquire Animal Fury (onyx 4) for 4 PP")
    assert s.ps[0].pp == 1
    put(s, "nile-w", 1, 5)
    give(s, 1, "ancient-elephant")
    s.comp_loc[comp("ancient-elephant")] = Z("nile-w")
    s.ps[0].di = [di("bronze-wall")]
    s.cur = 0
    set_step(s, TurnStep)
    play(s, "place token on Movement I", "move troop from temple-ws", "take 5 warriors",
         "go to nile-w")
    council(s, "Skirmish", "Charge", ("Bronze Wall",))
    att = battle.stats(s, 0, True)
    assert (att["strength"], att["damage"], att["shield"]) == (12, 2, 1)
