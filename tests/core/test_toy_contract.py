"""Runs the generic contract checks on the test-only toy game, so the suite itself is tested."""

from tests.contract.test_contract import play_checked


def test_toy_game_keeps_the_contract(toy):
    for players in (2, 3):
        for variant in ({}, {"big": True}, {"open_deck": True}):
            for seed in range(5):
                play_checked("toy", players, variant, seed)


def test_apply_undoable_refuses_undo_after_a_reveal(toy):
    state = toy.new_state(2, seed=1, variant={"open_deck": True})
    events, undoable = state.apply_undoable("draw")  # from a face-up deck, no dice: may be undone
    assert undoable and events[0].visible_to == (0,)
    play = next(a.text for a in state.legal_actions() if a.text.startswith("play"))
    _, undoable = state.apply_undoable(play)  # a card shown to everyone: never undone
    assert not undoable


def test_apply_undoable_refuses_a_private_draw_from_a_hidden_deck(toy):
    # no dice and no `reveals` flag, but the drawer now sees a card it could not see before
    state = toy.new_state(2, seed=1)
    events, undoable = state.apply_undoable("draw")
    assert not undoable and not events[0].reveals


def test_apply_undoable_refuses_undo_after_chance(toy, monkeypatch):
    from tests.core import toygame

    original = toygame.ToyState._apply

    def rolling(self, action):
        self.rng.next32()  # as a die roll inside the action would
        return original(self, action)

    monkeypatch.setattr(toygame.ToyState, "_apply", rolling)
    state = toy.new_state(2, seed=1)
    _, undoable = state.apply_undoable("draw")
    assert not undoable
