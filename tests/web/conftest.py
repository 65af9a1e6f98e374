"""Fixtures of the web tests: a server app on a fresh SQLite file, with the toy game registered."""

from __future__ import annotations

import pytest

from theogony.core import register

from tests.core.toygame import GAME as TOY


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: end-to-end tests in a real headless Chromium")
    # starlette's test client prefers `httpx2`; httpx works and is what the project declares
    config.addinivalue_line("filterwarnings",
                            "ignore:Using `httpx` with `starlette.testclient` is deprecated")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The web tests marked `slow` (full games clicked through in the browser) run only when asked
    for with `-m slow` (or any -m expression naming slow)."""
    if "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow browser playthrough: run with -m slow")
    for item in items:
        if "slow" in item.keywords and "tests/web/" in str(item.path).replace("\\", "/"):
            item.add_marker(skip)


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "web.sqlite3"


@pytest.fixture
def app_factory(db_path):
    """Builds apps on the same database (a new app = a server restart). A development server:
    clients may choose seeds (the tests replay known deals); `settings=` overrides the limits."""
    from theogony.web import create_app
    from theogony.web.limits import ServerSettings

    register(TOY)

    def make(**options):
        options.setdefault("hint_spec", "mcts:iterations=20")
        options.setdefault("settings", ServerSettings(allow_seeds=True))
        return create_app(str(db_path), **options)

    return make


@pytest.fixture
def client(app_factory):
    from fastapi.testclient import TestClient

    with TestClient(app_factory()) as c:
        yield c
