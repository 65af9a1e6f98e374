import json

from rich.console import Console
from typer.testing import CliRunner

from theogony.cli import app
from theogony.core import read_save
from theogony.play import Session

runner = CliRunner()


def test_games_lists_registered_games(toy):
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0 and "Toy" in result.output


def test_simulate_json_reports_the_contract_fields(toy):
    result = runner.invoke(app, ["simulate", "toy", "--games", "6", "--players", "3",
                                 "--agents", "random", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    for key in ("game", "players", "games", "errors", "wins_by_seat", "wins_by_agent",
                "mean_decisions", "decisions_per_second"):
        assert key in summary
    assert summary["games"] == 6 and summary["errors"] == 0 and summary["players"] == 3


def test_simulate_tables_show_the_designer_stats(toy):
    result = runner.invoke(app, ["simulate", "toy", "--games", "4", "--players", "2"])
    assert result.exit_code == 0, result.output
    for heading in ("turn order", "opener", "follower", "per game", "decisions", "count", "draw"):
        assert heading in result.output


def test_bad_inputs_get_clear_errors(toy):
    result = runner.invoke(app, ["simulate", "toy", "--games", "2", "--variant", "huge=1"])
    assert result.exit_code == 2 and "no variant 'huge'" in result.output
    result = runner.invoke(app, ["simulate", "nogame", "--games", "2"])
    assert result.exit_code == 2 and "unknown game" in result.output
    result = runner.invoke(app, ["simulate", "toy", "--games", "2", "--agents", "wizard"])
    assert result.exit_code == 2 and "unknown agent" in result.output


def scripted(answers):
    it = iter(answers)
    return lambda prompt: next(it)


def test_play_session_accepts_numbers_and_text_refuses_bad_input_and_undoes(toy, tmp_path):
    state = toy.new_state(2, seed=1)
    console = Console(record=True, width=100)
    save = tmp_path / "game.json"
    first = state.legal_actions()[0].text
    session = Session(toy, state, ["human", "random"], console, save_path=save,
                      read=scripted(["99", "fly away", first, "undo", "quit"]))
    session.run()
    out = console.export_text()
    assert "Choose a number from 1 to" in out
    assert "Not accepted" in out and "'fly away' is not a legal action" in out
    # the random seat played after our action, so undo is refused
    assert "Nothing to undo" in out
    saved, doc = read_save(save)
    assert doc["seats"] == ["human", "random"]
    assert saved.history == session.state.history and len(saved.history) == 2


def test_undo_returns_to_the_previous_own_decision_but_never_past_a_reveal(toy):
    state = toy.new_state(2, seed=1, variant={"open_deck": True})
    console = Console(record=True, width=100)
    # seat 0 draws from the face-up deck (nothing hidden, no chance) and decides again: it may undo
    # the draw. It then plays a card (a reveal, ending its turn); seat 1 cannot undo that.
    play = next(a.text for a in state.legal_actions() if a.text.startswith("play"))
    session = Session(toy, state, ["human", "human"], console,
                      read=scripted(["draw", "undo", play, "undo", "quit"]))
    session.run()
    out = console.export_text()
    assert "Undone (1 decision)" in out
    assert "Nothing to undo" in out
    assert session.state.history == [play]


def test_replay_narrates_and_stops_at_a_step(toy, tmp_path):
    from theogony.core import write_save

    state = toy.new_state(2, seed=5)
    from theogony.core import Rng

    rng = Rng(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    path = tmp_path / "s.json"
    write_save(path, state)
    result = runner.invoke(app, ["replay", str(path), "--step", "3"])
    assert result.exit_code == 0, result.output
    assert "After 3 of" in result.output
    result = runner.invoke(app, ["replay", str(path)])
    assert "Winner(s)" in result.output
    path.write_text("{not json")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "not valid JSON" in result.output


def test_bench_json_measures_each_player_count(toy):
    result = runner.invoke(app, ["bench", "toy", "--json", "--seconds", "0.05"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["rows"]
    assert [r["players"] for r in rows] == [2, 3]
    for row in rows:
        assert row["decisions_per_second"] > 0 and row["clone_us"] > 0 and row["to_json_us"] > 0


def test_simulate_reports_truncated_games_apart_from_the_win_rates(toy):
    result = runner.invoke(app, ["simulate", "toy", "--games", "4", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["truncated"] == 0 and summary["completed"] == 4
    result = runner.invoke(app, ["simulate", "toy", "--games", "4", "--max-decisions", "3", "--json"])
    summary = json.loads(result.stdout)
    assert summary["truncated"] == 4 and summary["completed"] == 0 and summary["max_decisions"] == 3
    assert summary["wins_by_seat"] == [0, 0]
    result = runner.invoke(app, ["simulate", "toy", "--games", "4", "--max-decisions", "3"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "truncated 4 (stopped at 3 decisions)" in text
    assert "over the completed games only" in text
    result = runner.invoke(app, ["simulate", "toy", "--games", "1", "--max-decisions", "0"])
    assert result.exit_code == 2 and "max_decisions is a whole number of at least 1" in result.output
