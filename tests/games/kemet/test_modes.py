"""Kemet's modes hook into the classic rules through rules/modes.py: the table of the state's
mode is found from the state, the classic areas import no mode module and hand over to the
next area through automatic frames."""

from __future__ import annotations

import ast
from pathlib import Path

import theogony
from theogony.games.kemet.rules import board, gods, modes, solo, table, team

GAME = theogony.load("kemet")
RULES_DIR = Path(modes.__file__).parent
CLASSIC = ("acquire", "battle", "board", "build", "day", "movement", "night", "recruit", "setup")
MODES = {"gods", "solo", "team", "team_battle", "view", "table"}


def _rules_imports(module: str) -> set[str]:
    tree = ast.parse((RULES_DIR / f"{module}.py").read_text())
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found |= {node.module} if node.module else {a.name for a in node.names}
    return found


def test_classic_areas_import_no_mode_module_and_board_no_rules_module() -> None:
    for module in CLASSIC:
        assert not _rules_imports(module) & MODES, module
    assert _rules_imports("board") <= {"modes"}


def test_the_steps_table_is_the_one_of_the_states_mode() -> None:
    classic = GAME.new_state(3, 1)
    assert modes.steps(classic) is modes.CLASSIC_STEPS
    assert modes.god_steps(classic) is modes.NO_GOD_STEPS
    assert modes.steps(classic).give_actions(classic, 0) == []
    teams = GAME.new_state(4, 1, {"mode": "team"})
    assert modes.steps(teams) is table.TEAM_STEPS
    assert modes.steps(teams).give_actions is team.give_actions
    alone = GAME.new_state(1, 1)
    assert modes.steps(alone).round_start is solo.round_start
    with_gods = GAME.new_state(3, 1, {"gods_of_egypt": True})
    assert modes.god_steps(with_gods).la_deploy is gods.la_deploy
    assert modes.gods().sync is gods.sync and modes.team().has_warriors is team.has_warriors


def test_the_rules_table_is_the_one_of_the_states_mode() -> None:
    """Where a mode replaces a classic rule, the classic table holds the classic areas' own
    functions and each mode's table its mode's, the others kept from the classic table."""
    classic = GAME.new_state(3, 1)
    assert modes.rules(classic) is table.CLASSIC_RULES
    assert modes.rules(classic).trim is board.classic_trim
    teams = GAME.new_state(4, 1, {"mode": "team"})
    assert modes.rules(teams) is table.TEAM_RULES
    assert modes.rules(teams).trim is team.trim and modes.rules(teams).end_night is team.start_destiny
    alone = GAME.new_state(1, 1)
    assert modes.rules(alone) is table.SOLO_RULES
    assert modes.rules(alone).end_night is solo.end_night
    assert modes.rules(alone).trim is board.classic_trim
