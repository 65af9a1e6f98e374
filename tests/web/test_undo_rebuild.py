"""Which stored actions a rebuild must prove undoable: only those that can still be on the undo stack."""

from theogony.web.runtime import undo_candidates_start
from theogony.web.runtime import MAX_UNDO


def acts(*spec: tuple[int | None, bool]) -> list[tuple[int | None, str, float, bool]]:
    return [(seat, f"a{i}", 0.0, by_bot) for i, (seat, by_bot) in enumerate(spec)]


def test_only_the_trailing_run_of_one_persons_decisions_is_checked():
    actions = acts((0, False), (1, True), (0, False), (0, False))
    assert undo_candidates_start(actions) == 2


def test_a_bot_decision_last_leaves_nothing_to_check():
    assert undo_candidates_start(acts((0, False), (1, True))) == 2


def test_the_run_is_cut_at_the_undo_stack_size():
    actions = acts(*[(0, False)] * (MAX_UNDO + 10))
    assert undo_candidates_start(actions) == 10


def test_a_stored_action_without_its_seat_checks_everything():
    assert undo_candidates_start(acts((0, False), (None, False))) == 0
    assert undo_candidates_start([]) == 0
