"""Shared fixtures: the test-only toy game is registered for every test that asks for it."""

import pytest

from theogony.core import register

from tests.core.toygame import GAME as TOY


@pytest.fixture
def toy():
    register(TOY)
    return TOY
