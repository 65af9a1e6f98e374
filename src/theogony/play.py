"""The interactive terminal session behind `theogony play`: the line mode (docs/play.md).

Every text that comes from a game (board, prompts, actions, events, component texts) is printed as
plain `Text` or through `rich.markup.escape`, never as markup, so "[priest]" survives.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.text import Text

from theogony.agents import make_agent
from theogony.core import (Agent, Component, Event, Game, IllegalAction, Rng, State,
                           write_save)

HELP = """\
Choose an action by its number, its full text, or any beginning of its text that fits only one
action (case does not matter). A number always means the list printed last: if the choices changed
since you saw it, it is refused and the new list is shown.
Commands:
  card NAME   the text of a card, tile or power (any unambiguous beginning of its name or id)
  cards       the texts of everything your view shows, grouped
  board       print the board again            list   print the choices again
  log [N]     every event so far (the last N)  hint   ask the hint agent for a move
  undo        take back your last decision (only your own decisions since another seat's
              decision, a random event or a reveal)
  save [FILE] save the game                    quit   leave (the game stays saved with --save)"""

#: From this many actions on, the list is grouped by kind.
GROUP_FROM = 9
#: Events recalled under the board at a decision; `log` shows them all.
RECAP_LINES = 8
COMMANDS = ("quit", "help", "log", "undo", "hint", "save", "card", "cards", "board", "list")


def normalized(text: str) -> str:
    return " ".join(text.split()).lower()


def line_waiting() -> bool:
    """True when a line was typed at the terminal and not read yet (typed ahead of the list)."""
    if not sys.stdin.isatty():
        return False
    try:
        import select

        return bool(select.select([sys.stdin], [], [], 0)[0])
    except (OSError, ValueError):
        return False


def kind_of(text: str, words: int) -> str:
    return " ".join(text.split()[:words])


def grouped(texts: list[str]) -> list[tuple[str, list[str]]]:
    """A long action list grouped by kind, the first word of each text (or the first two where one
    word puts them all together); actions alone in their kind go last, under "other". A short list
    is one group without a name."""
    if len(texts) < GROUP_FROM:
        return [("", texts)]
    for words in (1, 2):
        groups: dict[str, list[str]] = {}
        for text in texts:
            groups.setdefault(kind_of(text, words), []).append(text)
        if 1 < len(groups) < len(texts):
            named = [(kind, members) for kind, members in groups.items() if len(members) > 1]
            alone = [members[0] for members in groups.values() if len(members) == 1]
            return named + ([("other", alone)] if alone else [])
    return [("", texts)]


def numbered(texts: list[str]) -> list[tuple[str, list[tuple[int, str]]]]:
    """The actions in their `grouped` kinds, each with its index in the menu and its label: the text
    less the kind's word(s), which the group's heading already says."""
    out: list[tuple[str, list[tuple[int, str]]]] = []
    number = 0
    for kind, members in grouped(texts):
        cut = len(kind) + 1 if kind and kind != "other" else 0
        out.append((kind, [(number + i, text[cut:] or text) for i, text in enumerate(members)]))
        number += len(members)
    return out


def component_lines(groups: dict[str, list[str]],
                    known: dict[str, Component]) -> list[tuple[str, list[str]]]:
    """Each group a view shows (Game.components_in_view) with the one-line text of each component."""
    return [(group, [known[i].line() if i in known else f"{i} (no text)" for i in ids or []])
            for group, ids in groups.items()]


@dataclass(frozen=True)
class Menu:
    """The numbered list of actions as last printed to a seat: number i is `texts[i - 1]`."""

    seat: int
    texts: tuple[str, ...]


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
    #: Whether a line is already waiting before a list is printed (so it was typed without it).
    typed_ahead: Callable[[], bool] = line_waiting
    rng: Rng = field(default_factory=lambda: Rng(12345, stream=3))
    agents: dict[int, Agent] = field(default_factory=dict)
    undo_stack: list[Snapshot] = field(default_factory=list)
    #: Every event so far with the seat credited for it (Event.BY_GAME: the game itself).
    log: list[tuple[int, Event]] = field(default_factory=list)
    #: Per human seat, the log length at its last decision (the recap starts there).
    unseen: dict[int, int] = field(default_factory=dict)
    menu: Menu | None = None

    def __post_init__(self) -> None:
        for seat, spec in enumerate(self.seats):
            if spec != "human":
                self.agents[seat] = make_agent(spec, self.game)
        self._components: dict[str, Component] | None = None
        self._names: re.Pattern[str] | None = None
        self.board_words = ""  # the board printed last, normalized: texts it shows are not repeated

    # ------------------------------------------------------------------------------------------

    def run(self) -> State:
        while not self.state.is_terminal():
            seat = self.state.current_player
            assert seat is not None
            if self.is_human(seat):
                if not self.human_turn(seat):
                    return self.state
            else:
                self.bot_turn(seat)
        self.show_end()
        return self.state

    def is_human(self, seat: int) -> bool:
        return seat < len(self.seats) and self.seats[seat] == "human"

    def next_human(self, after_step: Callable[[], None] | None = None) -> int | None:
        """Play bots, automata and single-choice decisions until a person has a real choice; that
        seat, or None once the game is over (the full-screen table's loop; `run` is the line mode's).
        `after_step` is called after each automatic step (to narrate it)."""
        while not self.state.is_terminal():
            seat = self.state.current_player
            assert seat is not None
            legal = self.state.legal_actions() if self.is_human(seat) else []
            if len(legal) > 1:
                return seat
            if legal:
                self.forced(seat, legal[0].text)
            else:
                self.bot_turn(seat)
            if after_step is not None:
                after_step()
        return None

    def bot_turn(self, seat: int) -> None:
        agent = self.agents[seat]
        self.undo_stack.clear()  # never undo across another seat's decision
        action = agent.act(self.state.determinize(seat, self.rng), self.rng)
        self.apply(action.text, seat, self.narrator())

    def apply(self, text: str, seat: int, viewer: int | None) -> bool:
        """Apply and log the action of `seat`, narrating its events as `viewer` sees them; True when
        it may be undone (no chance, no reveal)."""
        events, undoable = self.state.apply_undoable(text)
        start = len(self.log)
        for event in events:
            self.log.append((seat if event.actor is None else event.actor, event))
        self.print_events(self.log[start:], viewer)
        self.autosave()
        return undoable

    def narrator(self) -> int | None:
        """Whose eyes the live narration uses: the one human, or a spectator's with none or several
        (each human then sees its private events in the recap at its own decision)."""
        humans = [seat for seat, spec in enumerate(self.seats) if spec == "human"]
        return humans[0] if len(humans) == 1 else None

    def human_turn(self, seat: int) -> bool:
        """One decision of a person. Returns False when they quit."""
        legal = self.state.legal_actions()
        if len(legal) == 1:
            self.forced(seat, legal[0].text)
            return True
        seen_before = self.menu if self.menu is not None and self.menu.seat == seat else None
        early = self.typed_ahead()
        self.show(seat)
        while True:
            answer = " ".join(self.read(f"seat {seat}> ").split())
            menu = seen_before if early else self.menu
            early = False
            if not answer:
                continue
            if not self.is_action_text(answer) and answer.split()[0].lower() in COMMANDS:
                outcome = self.command(seat, answer)
                if outcome is not None:
                    return outcome
                continue
            text = self.choose(seat, answer, menu)
            if text is None:
                continue
            self.decide(seat, text)
            return True

    def decide(self, seat: int, text: str) -> None:
        """Apply a person's chosen action, keeping the state before it for undo."""
        snapshot = Snapshot(seat, self.state.clone(), len(self.log))
        if self.apply(text, seat, seat):
            self.undo_stack.append(snapshot)
        else:
            self.undo_stack.clear()
        self.unseen[seat] = len(self.log)

    def forced(self, seat: int, text: str) -> None:
        """Take the only legal action without asking. An undo of the decision before it takes this one
        back too, so the snapshot stays, unless it was another seat's or this action cannot be undone."""
        self.console.print(Text(f"Only one choice for {self.seat_label(seat)}: {text}", style="dim"))
        undoable = self.apply(text, seat, seat)
        if not undoable or (self.undo_stack and self.undo_stack[-1].seat != seat):
            self.undo_stack.clear()

    def is_action_text(self, answer: str) -> bool:
        wanted = normalized(answer)
        return any(normalized(a.text) == wanted for a in self.state.legal_actions())

    def command(self, seat: int, answer: str) -> bool | None:
        """Carry out a command; True or False ends the decision (undone / quit), None asks again."""
        word, _, rest = answer.partition(" ")
        word = word.lower()
        if word == "quit":
            self.autosave()
            self.console.print("Left the game." + (f" Saved to {escape(str(self.save_path))}."
                                                   if self.save_path else ""))
            return False
        if word == "undo":
            return True if self.undo(seat) else None
        actions: dict[str, Callable[[], None]] = {
            "help": lambda: self.console.print(Text(HELP)),
            "log": lambda: self.show_log(seat, rest),
            "hint": lambda: self.hint(seat),
            "save": lambda: self.save(Path(rest) if rest else self.save_path),
            "card": lambda: self.show_card(rest),
            "cards": lambda: self.show_cards(seat),
            "board": lambda: self.show_board(seat),
            "list": lambda: self.show_actions(seat),
        }
        actions[word]()
        return None

    def choose(self, seat: int, answer: str, menu: Menu | None) -> str | None:
        """The action text `answer` means, or None after saying why it means none."""
        legal = [a.text for a in self.state.legal_actions()]
        if answer.isdigit():
            return self.by_number(seat, int(answer), menu, legal)
        try:
            return self.game.parse_action(self.state, answer).text
        except IllegalAction as exc:
            reason = exc.reason
        wanted = normalized(answer)
        matches = [text for text in legal if normalized(text).startswith(wanted)]
        if len(matches) == 1:
            return matches[0]
        if matches:
            self.console.print(f"[yellow]{escape(answer)!s} fits {len(matches)} actions; type more of "
                               "one of them or its number:[/]")
            self.print_numbered(matches)
            return None
        self.console.print(Text.assemble(("Not accepted: ", "red"), reason + ". ",
                                         f"Type a number 1-{len(legal)}, an action's text (or its "
                                         "beginning), or help."))
        return None

    def by_number(self, seat: int, number: int, menu: Menu | None, legal: list[str]) -> str | None:
        """The action numbered `number` in `menu`, the list the player saw, if that list still holds."""
        current = self.ordered(legal)
        if menu is None or menu.seat != seat or menu.texts != tuple(current):
            self.console.print(f"[yellow]{number} was typed for an earlier list, and the choices have "
                               "changed since (another seat moved or the decision moved on), so it is "
                               "not taken. Here are the choices now:[/]")
            self.show_actions(seat)
            return None
        if not 1 <= number <= len(menu.texts):
            self.console.print(f"[red]Choose a number from 1 to {len(menu.texts)}.[/]")
            return None
        return menu.texts[number - 1]

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

    def hint(self, seat: int) -> str | None:
        """Print the hint agent's move for this seat and return its text (None when there is none)."""
        try:
            adviser = make_agent(self.hint_spec, self.game)
        except ValueError as exc:
            self.console.print(f"[red]No hint: {escape(str(exc))}[/]")
            return None
        with self.console.status("thinking..."):
            action = adviser.act(self.state.determinize(seat, self.rng), self.rng)
        number = ""
        if self.menu is not None and action.text in self.menu.texts:
            number = f"{self.menu.texts.index(action.text) + 1}. "
        self.console.print(Text.assemble(("Hint: ", "green"), number + action.text))
        return action.text

    def save(self, path: Path | None) -> None:
        if path is None:
            self.console.print("[yellow]Give a file: save FILE[/]")
            return
        write_save(path, self.state, {"seats": self.seats})
        self.save_path = path
        self.console.print(f"Saved to {escape(str(path))}.")

    def autosave(self) -> None:
        if self.save_path is not None:
            write_save(self.save_path, self.state, {"seats": self.seats})

    # ---- components ------------------------------------------------------------------------------

    def components(self) -> dict[str, Component]:
        if self._components is None:
            self._components = {c.id: c for c in self.game.components()}
        return self._components

    def find_components(self, query: str) -> list[Component]:
        """Components whose name or id is `query`, else those they begin with (case forgiven)."""
        wanted = normalized(query)
        every = list(self.components().values())
        exact = [c for c in every if wanted in (normalized(c.name), c.id.lower())]
        if exact:
            return exact
        return [c for c in every
                if normalized(c.name).startswith(wanted) or c.id.lower().startswith(wanted)]

    def show_card(self, query: str) -> None:
        if not query:
            self.console.print("[yellow]Give a name: card NAME (any beginning of a name or id that "
                               "fits one component).[/]")
            return
        if not self.components():
            self.console.print(f"[yellow]{escape(self.game.info.title)} has no component texts yet.[/]")
            return
        found = self.find_components(query)
        if len(found) == 1:
            self.console.print(Padding(Text(found[0].line()), (0, 0, 0, 2)))
        elif found:
            self.console.print(f"[yellow]{escape(query)!s} fits {len(found)} components; type more of "
                               "one of them:[/]")
            self.console.print(Text("\n".join(f"  {c.name} ({c.kind}, id {c.id})" for c in found)))
        else:
            self.console.print(f"[yellow]No component is named {escape(query)!s}. Type cards for what "
                               "your view shows.[/]")

    def show_cards(self, seat: int) -> None:
        groups = self.game.components_in_view(self.state.view(seat))
        if not any(groups.values()):
            self.console.print("[yellow]Your view shows no component with a text.[/]")
            return
        for group, lines in component_lines(groups, self.components()):
            self.console.print(Text(f"{group}:", style="bold"))
            if not lines:
                self.console.print("  (none)")
            for line in lines:
                self.console.print(Padding(Text(line), (0, 0, 0, 2)))

    def named_in(self, texts: list[str], seat: int) -> list[Component]:
        """The components whose names appear in `texts` (as written: "prayer deck" does not name the
        card Prayer), each once, in order of appearance. A name that several components share means
        the one this seat's view shows; where none or several of them are shown, no text is guessed."""
        known = self.components()
        if not known:
            return []
        if self._names is None:
            names = sorted({c.name for c in known.values()}, key=len, reverse=True)
            self._names = re.compile("(?<![\\w])(" + "|".join(map(re.escape, names)) + ")(?![\\w])")
        by_name: dict[str, list[Component]] = {}
        for component in known.values():
            by_name.setdefault(component.name, []).append(component)
        shown = {i for ids in self.game.components_in_view(self.state.view(seat)).values() for i in ids}
        found: dict[str, Component] = {}
        for text in texts:
            for match in self._names.finditer(text):
                candidates = by_name[match.group(1)]
                if len(candidates) > 1:
                    candidates = [c for c in candidates if c.id in shown]
                if len(candidates) == 1:
                    found.setdefault(candidates[0].id, candidates[0])
        return list(found.values())

    # ---- the screen -----------------------------------------------------------------------------

    def show(self, seat: int) -> None:
        """What a decision prints, once: the board, the recent events, the decision and its choices."""
        self.show_board(seat)
        self.show_recap(seat)
        self.show_actions(seat)

    def show_board(self, seat: int) -> None:
        view = self.state.view(seat)
        title = f"{self.game.info.title} - you are {self.seat_label(seat)}"
        board = self.game.render_text(view)
        self.board_words = normalized(board)
        self.print_board(title, board)

    def print_board(self, title: str, board: str) -> None:
        """The game's board under a one-line title, unframed and never rewrapped: a game lays its map
        out for a width, and a frame would take four columns and two lines from it."""
        self.console.rule(escape(title), style="dim")
        self.console.print(Text(board), no_wrap=True, overflow="ignore", crop=False)

    def ordered(self, legal: list[str]) -> list[str]:
        return [text for _, members in grouped(legal) for text in members]

    def menu_for(self, seat: int) -> Menu:
        """The numbered list of the current legal actions, in the order they are shown."""
        return Menu(seat, tuple(self.ordered([a.text for a in self.state.legal_actions()])))

    def show_actions(self, seat: int) -> None:
        """The decision and its numbered choices (grouped by kind when long), then the texts of the
        components they name that the board does not show already; remembered as the list the next
        number refers to."""
        decision = self.state.decision
        assert decision is not None
        legal = [a.text for a in self.state.legal_actions()]
        self.console.print(Text(decision.prompt, style="bold"))
        for kind, members in numbered(legal):
            if kind:
                self.console.print(Text(f"{kind}:", style="bold cyan"))
            labels = [Text.assemble((f"{index + 1:>3}. ", "cyan"), label) for index, label in members]
            self.console.print(Columns(labels, padding=(0, 2)) if kind else Text("\n").join(labels))
        self.menu = self.menu_for(seat)
        named = [c for c in self.named_in(legal, seat) if normalized(c.text) not in self.board_words]
        for component in named:
            self.console.print(Padding(Text(component.line(), style="dim"), (0, 0, 0, 6)))

    def print_numbered(self, texts: list[str]) -> None:
        menu = self.menu.texts if self.menu else ()
        for text in texts:
            number = f"{menu.index(text) + 1:>3}. " if text in menu else "     "
            self.console.print(Text.assemble((number, "cyan"), text))

    def credit(self, actor: int, viewer: int | None) -> str:
        if actor == Event.BY_GAME:
            return "game"
        return "you" if actor == viewer else self.seat_label(actor)

    def seat_label(self, seat: int) -> str:
        if seat >= len(self.seats):
            return f"seat {seat} (automaton)"
        spec = self.seats[seat]
        return f"seat {seat}" if spec == "human" else f"seat {seat} ({spec})"

    def event_lines(self, entries: list[tuple[int, Event]], viewer: int | None) -> list[str]:
        """The lines of `entries` as `viewer` sees them (None: a spectator's eyes), each credited
        to its actor (the plain mode, the terminal table and its log panel all read these)."""
        lines = []
        for actor, event in entries:
            shown = event.seen_by(viewer)
            if shown is not None:
                lines.append(self.credited_line(actor, viewer, shown.text))
        return lines

    def credited_line(self, actor: int, viewer: int | None, text: str) -> str:
        """`text` credited to `actor`, the actor named once: an event that opens with its own
        seat ("seat 2 chooses Orrun") gets the seat's label in place of that name ("seat 2
        (random) chooses Orrun"); any other text gets the credit in front ("game: round 1 ends")."""
        if actor != Event.BY_GAME:
            named = re.match(rf"seat {actor}(?!\d)", text)
            if named:
                label = self.seat_label(actor) + (" (you)" if actor == viewer else "")
                return label + text[named.end():]
        return f"{self.credit(actor, viewer)}: {text}"

    def print_events(self, entries: list[tuple[int, Event]], viewer: int | None) -> None:
        lines = self.event_lines(entries, viewer)
        if lines:
            self.console.print(Text("\n".join(lines), style="dim"))

    def show_recap(self, seat: int) -> None:
        """The last events since this seat's previous decision, right above its choices."""
        lines = self.event_lines(self.log[self.unseen.get(seat, 0):], seat)
        if not lines:
            return
        earlier = len(lines) - RECAP_LINES
        heading = "Since your last decision" + (f" ({earlier} earlier: type log)" if earlier > 0 else "")
        self.console.print(Text(heading + ":", style="bold"))
        self.console.print(Text("\n".join(lines[-RECAP_LINES:]), style="dim"))

    def show_log(self, seat: int, last: str = "") -> None:
        """Every event this seat may see, or the last N with `log N`."""
        if last and not last.isdigit():
            self.console.print("[yellow]log shows every event; log N the last N (a whole number).[/]")
            return
        lines = self.event_lines(self.log, seat)
        if last:
            lines = lines[-int(last):] if int(last) else []
        self.console.print(Text("\n".join(lines) if lines else "Nothing has happened yet.", style="dim"))

    def show_end(self) -> None:
        self.print_board("Final position", self.game.render_text(self.state.view(None)))
        *ranks, winners = self.outcome_lines()
        self.console.print(Text("\n".join(ranks)))
        self.console.print(Text(winners, style="bold"))

    def outcome_lines(self) -> list[str]:
        """Each seat's rank and score, then the winners (the last line)."""
        outcome = self.state.outcome()
        lines = [f"{self.seat_label(seat)}: rank {outcome.ranks[seat]}, score {outcome.scores[seat]:g}"
                 for seat in range(self.state.num_seats)]
        return lines + [f"Winner(s): {', '.join(self.seat_label(w) for w in outcome.winners)}"]
