"""Designer reports (`theogony report`): play or read game records, then write one HTML file and
the same as Markdown with figures: win rates per seat, turn position, label (deity, Civ, colour,
God) and card, game lengths, how often each card or action is chosen, flags where a rate misses
the fair share, and an A/B of two content sets on the same seeds. A layer above the arena: it uses
the arena, agents and core, never the web server or the command line."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from theogony.arena.match import DEFAULT_MAX_DECISIONS
from theogony.arena.records import match_record
from theogony.arena.tournament import tournament

from .analysis import Analysis, analyse, group_records
from .figures import INSTALL_HINT, pyplot
from .render import Chapter, ab_chapter, single_chapter, write

__all__ = ["Analysis", "INSTALL_HINT", "analyse", "chapters", "check_plotting", "play_records",
           "write_report"]


def check_plotting() -> None:
    """Refuse early, with the install line, when matplotlib is missing."""
    pyplot()


def play_records(game: str, players: Sequence[int | None], agents: Sequence[str], games: int,
                 seed: int = 0, variant: dict[str, Any] | None = None, jobs: int = 1,
                 content: str | Path | None = None, baseline: bool = False,
                 max_decisions: int = DEFAULT_MAX_DECISIONS,
                 progress: bool | str | None = None) -> list[dict[str, Any]]:
    """Records of `games` games per player count; with `content`, played with that override
    directory, and with `baseline` also with the built-in content on the same seeds."""
    sets: list[str | Path | None] = [content] if content is not None else [None]
    if baseline:
        if content is None:
            raise ValueError("--baseline compares with --content DIR: name the override directory")
        sets = [None, content]
    records = []
    for count in players:
        for content_set in sets:
            result = tournament(game, list(agents), games, count, seed, variant, jobs,
                                progress=progress, max_decisions=max_decisions, content=content_set)
            records += [match_record(m, result.content) for m in result.matches]
    return records


def chapters(records: list[dict[str, Any]]) -> list[Chapter]:
    """One chapter per game and player count: an A/B chapter where the records hold the built-in
    content and an override for the same game and player count, else one per content set."""
    groups = group_records(records)
    done: list[Chapter] = []
    for (game, players, content), group in groups.items():
        builtin = groups.get((game, players, None))
        if content is not None and builtin is not None:
            done.append(ab_chapter(analyse(builtin), analyse(group)))
        elif content is None and any(g == game and p == players and c is not None for g, p, c in groups):
            continue  # shown in its A/B chapter
        else:
            done.append(single_chapter(analyse(group)))
    return done


def write_report(records: list[dict[str, Any]], out_dir: str | Path,
                 title: str | None = None) -> tuple[Path, Path]:
    """Write report.html and report.md (with figures/) into `out_dir`; their paths."""
    if not records:
        raise ValueError("no game records to report on")
    out = Path(out_dir)
    games = sorted({r["game"] for r in records})
    return write(chapters(records), out, title or f"Balance report: {', '.join(games)}")
