"""`theogony simulate --records`, `theogony report` and progress on the command line."""

import json

import pytest
from typer.testing import CliRunner

from theogony.cli import app

runner = CliRunner()


def test_simulate_writes_one_record_per_game_and_shows_ratings_with_uncertainty(toy, tmp_path):
    path = tmp_path / "games.jsonl"
    result = runner.invoke(app, ["simulate", "toy", "--games", "5", "--players", "2", "--records", str(path)])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["seed"] for r in records] == [0, 1, 2, 3, 4]
    assert all(r["labels"]["turn order"] == ["opener", "follower"] for r in records)
    assert f"wrote 5 game records to {path}" in " ".join(result.stderr.split())
    for heading in ("rating mu", "sigma", "ordinal", "openskill Plackett-Luce"):
        assert heading in result.stdout
    summary = json.loads(runner.invoke(app, ["simulate", "toy", "--games", "3", "--json"]).stdout)
    assert set(summary["ratings"]["random"]) == {"mu", "sigma", "ordinal"}


def test_simulate_and_bench_show_plain_progress_on_stderr_when_not_on_a_terminal(toy):
    result = runner.invoke(app, ["simulate", "toy", "--games", "4", "--json"])
    assert "toy 2p: 4/4, " in result.stderr and "4/4" not in result.stdout
    result = runner.invoke(app, ["bench", "toy", "--json", "--seconds", "0.02"])
    assert result.exit_code == 0, result.output
    assert "bench: 2/2, " in result.stderr


def test_report_plays_or_reads_records_and_writes_html_and_markdown(toy, tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "rep"
    result = runner.invoke(app, ["report", "toy", "--players", "2,3", "--games", "6", "--out", str(out)])
    assert result.exit_code == 0, result.output
    html = (out / "report.html").read_text()
    assert "toy, 2 players" in html and "toy, 3 players" in html and "Win rate per turn order" not in html
    assert "First-player advantage" in html and "toy 3p: 6/6" in result.stderr
    again = tmp_path / "again"
    result = runner.invoke(app, ["report", "toy", "--records", str(out / "records.jsonl"), "--out", str(again)])
    assert result.exit_code == 0, result.output
    assert (again / "report.md").read_text() == (out / "report.md").read_text()


def _said(result) -> str:
    return " ".join(result.output.split())


def test_report_errors_are_clear(toy, tmp_path, monkeypatch):
    result = runner.invoke(app, ["report", "toy", "--records", str(tmp_path / "none.jsonl")])
    assert result.exit_code == 2 and "does not exist" in _said(result)
    other = tmp_path / "other.jsonl"
    other.write_text('{"game": "kemet", "seed": 0}\n')
    result = runner.invoke(app, ["report", "toy", "--records", str(other)])
    assert result.exit_code == 2 and "no records of toy (games in it: kemet)" in _said(result)
    result = runner.invoke(app, ["report", "toy", "--players", "two"])
    assert result.exit_code == 2 and "--players takes whole numbers" in _said(result)
    result = runner.invoke(app, ["report", "toy", "--baseline"])
    assert result.exit_code == 2 and "--baseline compares with --content DIR" in _said(result)

    import theogony.report

    def missing() -> None:
        raise ValueError("no matplotlib")

    monkeypatch.setattr(theogony.report, "check_plotting", missing)
    result = runner.invoke(app, ["report", "toy"])
    assert result.exit_code == 2 and "pip install -e '.[report]'" in _said(result)
