"""The interactive terminal session behind `theogony play`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from rich.console import Console
from rich.panel import Panel

from theogony.agents import make_agent
from theogony.core import (Agent, Event, Game, IllegalAction, Rng, State,
                           write_save)

HELP = ("Enter a number or an action's text. Commands: undo (take back your last decision), "
        "hint (ask MCTS), save [FILE], log (recent events), help, quit.")


@dataclass
class Snapshot:
    """The state before one human decision; undo returns to it."""

    seat: int
    state: State
    log_length: int


@dataclass
class Session:
    game: Game
    state: State
    seats: list[str]
    console: Console
    save_path: Path | None = None
    hint_spec: str = "mcts:seconds=2"
    read: Callable[[str], str] = input
    rng: Rng = field(default_factory=lambda: Rng(12345, stream=3))
    agents: dict[int, Agent] = field(default_factory=dict)
    undo_stack: list[Snapshot] = field(default_factory=list)
    log: list[tuple[int | None, Event]] = field(default_factory=list)
    unseen: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for seat, spec in enumerate(self.seats):
            if spec != "human":
                self.agents[seat] = make_agent(spec, self.game)

    # ------------------------------------------------------------------------------------------

    def run(self) -> State:
        while not self.state.is_terminal():
            seat = self.state.current_player
            assert seat is not None
            if seat < len(self.seats) and self.seats[seat] == "human":
                if not self.human_turn(seat):
                    return self.state
            else:
                self.bot_turn(seat)
        self.show_end()
        return self.state

    def bot_turn(self, seat: int) -> None:
        agent = self.agents[seat]
        self.undo_stack.clear()  # never undo across another seat's decision
        action = agent.act(self.state.determinize(seat, self.rng), self.rng)
        self.apply(action.text, seat)

    def apply(self, text: str, seat: int) -> bool:
        """Apply and log an action; True when it may be undone (no chance, no reveal)."""
        events, undoable = self.state.apply_undoable(text)
        for event in events:
            self.log.append((seat, event))
        if not self.has_humans():
            for event in events:
                shown = event.seen_by(None)
                if shown:
                    self.console.print(f"[dim]seat {seat}:[/] {shown.text}")
        self.autosave()
        return undoable

    def has_humans(self) -> bool:
        return "human" in self.seats

    def human_turn(self, seat: int) -> bool:
        """One decision of a person. Returns False when they quit."""
        self.show(seat)
        legal = self.state.legal_actions()
        while True:
            answer = self.read(f"seat {seat}> ").strip()
            if not answer:
                continue
            word = answer.split()[0].lower()
            if word == "quit":
                self.autosave()
                self.console.print("Left the game." + (f" Saved to {self.save_path}." if self.save_path else ""))
                return False
            if word == "help":
                self.console.print(HELP)
                continue
            if word == "log":
                self.show_events(seat, everything=True)
                continue
            if word == "undo":
                if self.undo(seat):
                    return True
                continue
            if word == "hint":
                self.hint(seat)
                continue
            if word == "save":
                parts = answer.split(maxsplit=1)
                self.save(Path(parts[1]) if len(parts) > 1 else self.save_path)
                continue
            action_text = answer
            if answer.isdigit():
                index = int(answer)
                if not 1 <= index <= len(legal):
                    self.console.print(f"[red]Choose a number from 1 to {len(legal)}.[/]")
                    continue
                action_text = legal[index - 1].text
            try:
                action = self.game.parse_action(self.state, action_text)
            except IllegalAction as exc:
                self.console.print(f"[red]Not accepted:[/] {exc.reason}. Type a number 1-{len(legal)}, "
                                   "an action's text, or help.")
                continue
            snapshot = Snapshot(seat, self.state.clone(), len(self.log))
            if self.apply(action.text, seat):
                self.undo_stack.append(snapshot)
            else:
                self.undo_stack.clear()
            return True

    def undo(self, seat: int) -> bool:
        """Back to this seat's previous decision, only while nothing but its own decisions (without
        chance or reveals) came since."""
        if not self.undo_stack or self.undo_stack[-1].seat != seat:
            self.console.print("[yellow]Nothing to undo: only your own decisions since the last "
                               "decision of another seat, random event or reveal can be undone.[/]")
            return False
        snapshot = self.undo_stack.pop()
        undone = len(self.state.history) - len(snapshot.state.history)
        self.state = snapshot.state
        del self.log[snapshot.log_length:]
        self.unseen[seat] = min(self.unseen.get(seat, 0), snapshot.log_length)
        self.console.print(f"Undone ({undone} decision{'s' if undone != 1 else ''}).")
        self.autosave()
        return True

    def hint(self, seat: int) -> None:
        try:
            adviser = make_agent(self.hint_spec, self.game)
        except ValueError as exc:
            self.console.print(f"[red]No hint: {exc}[/]")
            return
        with self.console.status("thinking..."):
            action = adviser.act(self.state.determinize(seat, self.rng), self.rng)
        self.console.print(f"[green]Hint:[/] {action.text}")

    def save(self, path: Path | None) -> None:
        if path is None:
            self.console.print("[yellow]Give a file: save FILE[/]")
            return
        write_save(path, self.state, {"seats": self.seats})
        self.save_path = path
        self.console.print(f"Saved to {path}.")

    def autosave(self) -> None:
        if self.save_path is not None:
            write_save(self.save_path, self.state, {"seats": self.seats})

    # ------------------------------------------------------------------------------------------

    def show(self, seat: int) -> None:
        view = self.state.view(seat)
        self.console.print(Panel(self.game.render_text(view), title=f"{self.game.info.title} - you are seat {seat}"))
        self.show_events(seat)
        decision = self.state.decision
        assert decision is not None
        self.console.print(f"[bold]{decision.prompt}[/]")
        for i, action in enumerate(self.state.legal_actions(), 1):
            self.console.print(f"  [cyan]{i:>3}[/]. {action.text}")

    def show_events(self, seat: int, everything: bool = False) -> None:
        start = 0 if everything else self.unseen.get(seat, 0)
        lines = []
        for actor, event in self.log[max(start, len(self.log) - 40 if everything else start):]:
            shown = event.seen_by(seat)
            if shown is not None:
                who = "you" if actor == seat else f"seat {actor}"
                lines.append(f"{who}: {shown.text}")
        self.unseen[seat] = len(self.log)
        if lines:
            self.console.print("\n".join(lines[-25:]), style="dim")

    def show_end(self) -> None:
        outcome = self.state.outcome()
        self.console.print(Panel(self.game.render_text(self.state.view(None)), title="Final position"))
        for seat in range(self.state.num_seats):
            who = self.seats[seat] if seat < len(self.seats) else "automaton"
            self.console.print(f"seat {seat} ({who}): rank {outcome.ranks[seat]}, score {outcome.scores[seat]:g}")
        self.console.print(f"[bold]Winner(s): {', '.join(f'seat {w}' for w in outcome.winners)}[/]")
