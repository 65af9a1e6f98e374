"""`theogony play` opens the table when standard input and output are terminals, and the line mode
with --plain or without a terminal (issue 18, item 1)."""

from __future__ import annotations

from types import SimpleNamespace

from typer.testing import CliRunner

from theogony.cli import app
from theogony.tui import TableApp

runner = CliRunner()


def opened(monkeypatch, tty: bool, *options: str) -> list[TableApp]:
    tables: list[TableApp] = []
    monkeypatch.setattr(TableApp, "run", lambda self: tables.append(self))
    terminal = SimpleNamespace(isatty=lambda: tty)
    monkeypatch.setattr("theogony.cli.sys", SimpleNamespace(stdin=terminal, stdout=terminal))
    result = runner.invoke(app, ["play", "toy", "--seed", "1", "--seats", "human,random", *options],
                           input="quit\n")
    assert result.exit_code == 0, result.output
    return tables


def test_a_terminal_gets_the_table(toy, monkeypatch):
    tables = opened(monkeypatch, True)
    assert len(tables) == 1 and tables[0].session.seats == ["human", "random"]


def test_plain_or_no_terminal_gets_the_line_mode(toy, monkeypatch):
    assert opened(monkeypatch, True, "--plain") == []
    assert opened(monkeypatch, False) == []
