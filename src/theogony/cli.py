"""The `theogony` command (DESIGN §6)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

import theogony
from theogony.arena.match import DEFAULT_MAX_DECISIONS
from theogony.core import TheogonyError

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Play, simulate and benchmark Theurgy, Theocratia, Kemet and Teomachia.")
console = Console()
err = Console(stderr=True)


def fail(message: str) -> None:
    from rich.markup import escape

    err.print(f"[red]error:[/] {escape(message)}")  # messages hold literal brackets: '.[report]'
    raise typer.Exit(2)


def parse_variants(items: list[str] | None) -> dict[str, str]:
    variant: dict[str, str] = {}
    for item in items or []:
        if "=" not in item:
            fail(f"--variant takes name=value, got {item!r}")
        key, value = item.split("=", 1)
        variant[key.strip()] = value.strip()
    return variant


def load_game(game_id: str) -> Any:
    try:
        return theogony.load(game_id)
    except TheogonyError as exc:
        fail(str(exc))


@app.callback()
def main_options(content: Optional[Path] = typer.Option(
        None, "--content", help="Directory of content overrides (DIR/<game>/<file>.toml).")) -> None:
    if content is not None:
        from theogony.core.content import set_override_dir

        try:
            set_override_dir(content)
        except TheogonyError as exc:
            fail(str(exc))


@app.command("games")
def games_command() -> None:
    """List the games, their player counts and variants."""
    table = Table("id", "title", "players", "variants (values, default first)")
    for game_id in theogony.games():
        info = load_game(game_id).info
        variants = "; ".join(
            f"{name}: {'/'.join(map(str, [default, *[c for c in choices if c != default]]))}"
            for name, (choices, default) in info.variants.items()) or "-"
        table.add_row(game_id, info.title, f"{info.min_players}-{info.max_players}", variants)
    console.print(table)


@app.command("rules")
def rules_command(game: str) -> None:
    """Show the rules summary of GAME."""
    path = load_game(game).rules_path()
    if path is None:
        fail(f"no rules document found for {game}")
    console.print(Markdown(path.read_text(encoding="utf-8")))


@app.command("play")
def play_command(
    game: str = typer.Argument(..., help="Game id (see `theogony games`)."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Number of players."),
    seats: Optional[str] = typer.Option(None, "--seats", help="Comma-separated agents per seat, e.g. human,easy,hard (levels easy, normal, hard, expert; or heuristic, mcts, random; default: you, then heuristic bots)."),
    variant: Optional[list[str]] = typer.Option(None, "--variant", "-v", help="name=value, repeatable."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Random seed (default: from the clock)."),
    save: Optional[Path] = typer.Option(None, "--save", help="Save the game to FILE after every decision."),
    load: Optional[Path] = typer.Option(None, "--load", help="Resume a saved game."),
    hint: str = typer.Option("mcts:seconds=2", "--hint-agent", help="Agent that answers `hint`."),
    plain: bool = typer.Option(False, "--plain", help="The line mode: board, events and numbered choices as lines (for pipes, screen readers and scripts). It is also what runs when standard input or output is not a terminal; otherwise the full-screen table runs."),
) -> None:
    """Play GAME in the terminal against bots or friends (docs/play.md)."""
    import time

    from theogony.core import read_save
    from theogony.play import Session

    the_game = load_game(game)
    try:
        if load is not None:
            state, doc = read_save(load)
            if state.GAME_ID != the_game.info.id:
                fail(f"{load} is a save of {state.GAME_ID}, not {game}")
            seat_list = doc.get("seats") or ["human"] + ["heuristic"] * (state.players - 1)
            save = save or load
        else:
            n = players or (len(seats.split(",")) if seats else the_game.info.min_players)
            seat_list = [s.strip() for s in seats.split(",")] if seats else ["human"] + ["heuristic"] * (n - 1)
            if len(seat_list) != n:
                fail(f"--seats names {len(seat_list)} seats but --players is {n}")
            state = the_game.new_state(n, seed if seed is not None else int(time.time()) % 1_000_000,
                                       parse_variants(variant))
        if not plain and sys.stdin.isatty() and sys.stdout.isatty():
            from theogony.tui import TableApp

            TableApp(the_game, state, seat_list, save_path=save, hint_spec=hint).run()
            return
        session = Session(the_game, state, seat_list, console, save_path=save, hint_spec=hint)
        console.print(f"[bold]{the_game.info.title}[/] - {state.players} players, seed {state.seed}. "
                      "Type help for commands.")
        session.run()
    except TheogonyError as exc:
        fail(str(exc))
    except (EOFError, KeyboardInterrupt):
        err.print("\nInterrupted." + (f" The game is saved in {save}." if save else ""))
        raise typer.Exit(1)


@app.command("simulate")
def simulate_command(
    game: str = typer.Argument(...),
    games: int = typer.Option(100, "--games", "-n", help="Number of games."),
    players: Optional[int] = typer.Option(None, "--players", "-p"),
    agents: str = typer.Option("random", "--agents", "-a", help="Comma-separated agent specs, rotated over seats."),
    variant: Optional[list[str]] = typer.Option(None, "--variant", "-v"),
    seed: int = typer.Option(0, "--seed"),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Worker processes."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    errors_to: Optional[Path] = typer.Option(None, "--errors-to", help="Write failing games (seed, actions, traceback) to FILE."),
    backend: str = typer.Option("local", "--backend", help="local (processes) or ray."),
    address: Optional[str] = typer.Option(None, "--address", help="Ray cluster address (default: start a local Ray)."),
    max_decisions: int = typer.Option(DEFAULT_MAX_DECISIONS, "--max-decisions", help="Stop a game after N decisions and count it as truncated (not in the win rates)."),
    records: Optional[Path] = typer.Option(None, "--records", help="Write one record per game to FILE: JSON Lines, or Parquet if FILE ends in .parquet (needs the report extra)."),
) -> None:
    """Play many bot games and report win rates, ratings, game length and speed."""
    from theogony.arena import tournament
    from theogony.arena.records import check_writable, match_record, write_records
    from theogony.core.content import override_dir

    load_game(game)
    specs = [s.strip() for s in agents.split(",") if s.strip()]
    try:
        if records is not None:
            check_writable(records)
        result = tournament(game, specs, games, players, seed, parse_variants(variant), jobs,
                            backend=backend, address=address, max_decisions=max_decisions)
    except (TheogonyError, ValueError) as exc:
        fail(str(exc))
    if records is not None:
        content = override_dir()
        written = write_records(records, [match_record(m, None if content is None else str(content))
                                          for m in result.matches])
        err.print(f"wrote {written} game records to {records}", soft_wrap=True, markup=False)
    summary = result.summary()
    cases = summary.pop("error_cases")
    if errors_to is not None:
        errors_to.write_text(json.dumps(cases, indent=1), encoding="utf-8")
    if as_json:
        if cases:
            summary["first_error"] = {k: cases[0][k] for k in ("seed", "agents", "error")}
        print(json.dumps(summary))
        return
    table = Table("seat", "wins", "win rate", "95% CI")
    for seat, (wins, rate) in enumerate(zip(summary["wins_by_seat"], summary["win_rate_by_seat"])):
        table.add_row(str(seat), f"{wins:g}", f"{rate['rate']:.1%}",
                      f"{rate['ci95'][0]:.1%} - {rate['ci95'][1]:.1%}")
    console.print(table)
    table = Table("agent", "seated", "wins", "win rate", "95% CI", "rating mu", "sigma", "ordinal")
    for name, info in summary["win_rate_by_agent"].items():
        rating = summary["ratings"].get(name, {})
        table.add_row(name, str(info["games_seated"]), f"{summary['wins_by_agent'][name]:g}",
                      f"{info['rate']:.1%}", f"{info['ci95'][0]:.1%} - {info['ci95'][1]:.1%}",
                      *(f"{rating[key]:.2f}" if key in rating else "-" for key in ("mu", "sigma", "ordinal")))
    console.print(table)
    console.print("ratings: openskill Plackett-Luce from each game's ranks; ordinal = mu - 3 sigma")
    for category, per_label in summary.get("win_rate_by_label", {}).items():
        table = Table(category, "seated", "wins", "win rate", "95% CI")
        for label, info in per_label.items():
            table.add_row(label, str(info["games"]), f"{info['wins']:g}", f"{info['rate']:.1%}",
                          f"{info['ci95'][0]:.1%} - {info['ci95'][1]:.1%}")
        console.print(table)
    if summary.get("numbers"):
        table = Table("per game", "mean", "min", "max")
        for name, info in summary["numbers"].items():
            table.add_row(name, f"{info['mean']:g}", f"{info['min']:g}", f"{info['max']:g}")
        console.print(table)
    if summary.get("counts_per_game"):
        table = Table("count", "per game")
        for name, value in summary["counts_per_game"].items():
            table.add_row(name, f"{value:g}")
        console.print(table)
    console.print(f"games {summary['games']}, completed {summary['completed']}, truncated "
                  f"{summary['truncated']} (stopped at {summary['max_decisions']} decisions), errors "
                  f"{summary['errors']}; win rates and ratings are over the completed games only")
    console.print(f"mean decisions {summary['mean_decisions']}, {summary['decisions_per_second']} "
                  f"decisions/s, {summary['wall_seconds']} s")
    for case in cases[:3]:
        err.print(f"[red]error[/] seed {case['seed']} agents {case['agents']}: {case['error']}")


def parse_player_counts(items: list[str] | None) -> list[int | None]:
    counts: list[int | None] = []
    for item in items or []:
        for part in item.split(","):
            if not part.strip().isdigit():
                fail(f"--players takes whole numbers (e.g. 3 or 2,3,4), got {item!r}")
            counts.append(int(part))
    return counts or [None]


@app.command("report")
def report_command(
    game: str = typer.Argument(..., help="Game id (see `theogony games`)."),
    players: Optional[list[str]] = typer.Option(None, "--players", "-p", help="Player count; repeatable or comma-separated (default: the game's least)."),
    agents: str = typer.Option("random", "--agents", "-a", help="Comma-separated agent specs, rotated over seats."),
    games: int = typer.Option(100, "--games", "-n", help="Games per player count (and per content set)."),
    variant: Optional[list[str]] = typer.Option(None, "--variant", "-v"),
    seed: int = typer.Option(0, "--seed", help="First seed; game i plays seed + i."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Worker processes."),
    records: Optional[Path] = typer.Option(None, "--records", help="Read game records from FILE (from `simulate --records` or an earlier report) instead of playing."),
    out: Optional[Path] = typer.Option(None, "--out", help="Folder for report.html, report.md, figures/ and records.jsonl (default: report-GAME)."),
    content: Optional[Path] = typer.Option(None, "--content", help="Play with this content override directory (DIR/<game>/<file>.toml)."),
    baseline: bool = typer.Option(False, "--baseline", help="With --content: also play the built-in content on the same seeds and compare (A/B)."),
    max_decisions: int = typer.Option(DEFAULT_MAX_DECISIONS, "--max-decisions", help="Stop a game after N decisions and count it as truncated."),
    title: Optional[str] = typer.Option(None, "--title", help="Title of the report."),
) -> None:
    """Write a balance report (HTML and Markdown with figures): win rates per seat, turn position,
    deity/Civ/colour/God and card against the fair share, game lengths, how often each card or
    action is chosen; with --content DIR --baseline, both content sets side by side."""
    from theogony.arena.records import read_records, write_records
    from theogony.core.content import override_dir
    from theogony.report import INSTALL_HINT, check_plotting, play_records, write_report

    load_game(game)
    try:
        check_plotting()
    except ValueError:
        fail(f"the report needs matplotlib: {INSTALL_HINT}")
    if baseline and override_dir() is not None:
        fail("--baseline compares with the built-in content: give the override as `report --content DIR`, "
             "not `theogony --content DIR report`")
    folder = out or Path(f"report-{game}")
    try:
        if records is not None:
            found = read_records(records)
            rows = [r for r in found if r.get("game") == game]
            if not rows:
                fail(f"{records} holds no records of {game} (games in it: "
                     f"{', '.join(sorted({str(r.get('game')) for r in found})) or 'none'})")
        else:
            specs = [a.strip() for a in agents.split(",") if a.strip()]
            rows = play_records(game, parse_player_counts(players), specs, games, seed,
                                parse_variants(variant), jobs, content, baseline, max_decisions)
        folder.mkdir(parents=True, exist_ok=True)
        if records is None:
            write_records(folder / "records.jsonl", rows)
        html_path, md_path = write_report(rows, folder, title)
    except (TheogonyError, ValueError) as exc:
        fail(str(exc))
    console.print(f"wrote {html_path} and {md_path} ({len(rows)} games)", soft_wrap=True, markup=False)


@app.command("replay")
def replay_command(file: Path, step: Optional[int] = typer.Option(None, "--step", help="Show the position after N actions.")) -> None:
    """Replay a saved game, narrating every action; show the position at --step N or at the end."""
    from theogony.core import read_save

    try:
        final, doc = read_save(file)
        game = theogony.load(doc["game"])
        state = game.new_state(doc["players"], doc["seed"], doc["variant"])
        actions = doc["actions"]
        stop = len(actions) if step is None else max(0, min(step, len(actions)))
        for index, text in enumerate(actions[:stop], 1):
            seat = state.current_player
            for event in state.apply(text):
                shown = event.seen_by(None)
                if shown:
                    console.print(f"{index:>5} seat {seat}: {shown.text}")
    except TheogonyError as exc:
        fail(str(exc))
    console.print(game.render_text(state.view(None)))
    if state.is_terminal():
        outcome = state.outcome()
        console.print(f"Winner(s): {', '.join(f'seat {w}' for w in outcome.winners)}; scores {list(outcome.scores)}")
    else:
        console.print(f"After {stop} of {len(actions)} actions.")


@app.command("serve")
def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="Interface to listen on (localhost by default)."),
    port: int = typer.Option(8000, "--port"),
    db: Optional[str] = typer.Option(None, "--db", help="SQLite file or URL, or postgresql://... (default: a SQLite file in the data folder)."),
    bot_processes: Optional[int] = typer.Option(None, "--bot-processes", min=0, help="Worker processes for bots and hints (default: one per core, at most 8; 0: threads)."),
    idle_seconds: float = typer.Option(300.0, "--idle-seconds", help="Default idle time before the other seats may hand a waiting seat to a bot."),
    allow_seeds: bool = typer.Option(False, "--allow-seeds", help="Let clients choose a match's seed (development and tests only: a known seed reveals every hidden card)."),
    hint_cooldown: float = typer.Option(5.0, "--hint-cooldown", min=0, help="Seconds between two hints of one seat."),
    bot_queue: int = typer.Option(128, "--bot-queue", min=1, help="Bot and hint jobs that may wait for a worker, all matches together."),
    create_per_minute: float = typer.Option(10.0, "--create-per-minute", min=0, help="New matches per minute from one client address, on average."),
    create_burst: int = typer.Option(10, "--create-burst", min=1, help="New matches from one client address at once."),
    expire_days: float = typer.Option(7.0, "--expire-days", min=0.001, help="An unfinished match without a move for this many days expires (its replay stays)."),
    min_idle_seconds: float = typer.Option(60.0, "--min-idle-seconds", min=0, help="The shortest idle time a match may set before a hand-over."),
) -> None:
    """Serve the web client and the JSON API: play in a browser against bots or friends."""
    from theogony.web import serve
    from theogony.web.limits import ServerSettings

    try:
        settings = ServerSettings(allow_seeds=allow_seeds, hint_cooldown=hint_cooldown, bot_queue=bot_queue,
                                  create_per_minute=create_per_minute, create_burst=create_burst,
                                  expire_after=expire_days * 86400, min_idle_seconds=min_idle_seconds)
    except ValueError as exc:
        fail(str(exc))
    serve(host, port, db, bot_processes=bot_processes, idle_seconds=idle_seconds, settings=settings)


@app.command("bench")
def bench_command(game: Optional[str] = typer.Argument(None), as_json: bool = typer.Option(False, "--json"),
                  seconds: float = typer.Option(1.0, "--seconds", help="Time budget per measurement."),
                  with_peers: bool = typer.Option(False, "--peers", help="Compare with OpenSpiel's MCTSBot and tic-tac-toe.")) -> None:
    """Measure random-playout speed, clone/to_json cost and MCTS iterations per game and player count."""
    from theogony import bench

    ids = [game] if game else theogony.games()
    for game_id in ids:
        load_game(game_id)
    if with_peers:
        print(bench.as_json(bench.peers(ids, seconds)))
        return
    results = bench.run(ids, seconds)
    if as_json:
        print(bench.as_json(results))
        return
    table = Table("game", "players", "decisions/s", "games/s", "mean decisions", "clone us",
                  "deepcopy us", "x faster", "to_json us", "MCTS it/s", "vs OS ttt")
    for row in results["rows"]:
        table.add_row(row["game"], str(row["players"]), f"{row['decisions_per_second']:.0f}",
                      f"{row['games_per_second']:.2f}", f"{row['mean_decisions']:.0f}",
                      f"{row['clone_us']:.1f}", f"{row['deepcopy_us']:.0f}", f"{row['clone_speedup']:.0f}",
                      f"{row['to_json_us']:.0f}", f"{row['mcts_iterations_per_second']:.0f}",
                      str(row.get("ratio_to_openspiel_ttt", "-")))
    console.print(table)
    peer = results["openspiel_python_tic_tac_toe_steps_per_second"]
    console.print(f"OpenSpiel python_tic_tac_toe random steps/s: {peer if peer else 'open_spiel not installed'}")


def main() -> None:
    app()


if __name__ == "__main__":
    sys.exit(main())
