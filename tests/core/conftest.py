import pytest

from theogony.core import register

from .toygame import GAME


@pytest.fixture(autouse=True, scope="session")
def toy_registered():
    register(GAME)
    yield
