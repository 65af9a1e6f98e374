"""The full-screen table: board, cards, log, actions and a prompt line on one screen (docs/play.md,
"The table"). The rules of input, undo, hints, saving and narration are the line mode's
(theogony.play.Session): this module only lays them out and maps keys and clicks onto them."""

from __future__ import annotations

import io

from rich.console import Console
from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from theogony.core import Game, State, TheogonyError
from theogony.play import COMMANDS, Menu, Session, numbered
from theogony.tui.places import (cards_text, clickable_board, declared_place_words, filtered,
                                  label_map, place_map, place_words, underline)
from theogony.tui.screens import EndScreen, TextScreen

#: From this width on, the board sits left of the side panels instead of above them.
WIDE_FROM = 170

KEYS_HELP = """\
Keys (on the list of actions):
  up/down, Enter   move through the actions and take one (a click takes one too)
  digits, letters  start typing in the prompt line (/ too, for a text that begins with a key
                   letter below): the list keeps the actions your text fits
                   (a number, the beginning of an action, or words it contains); Enter takes the
                   only one left, Esc clears, Down goes back to the list
  click a place    underlined words on the board and in the cards (settlements, zones, cards,
                   dice, track spaces...) filter the actions that involve them
  u undo   h hint   c card NAME   l the whole log   s save   q quit   ? this help   Tab next panel
The prompt line also takes every command of the line mode:
"""


class ActionList(OptionList):
    """The legal actions, grouped by kind; typing a character that is no key starts the filter."""

    def on_key(self, event) -> None:  # noqa: ANN001 - textual's events.Key
        character = event.character
        if (character and character.isprintable() and character != " "
                and character not in TableApp.KEYS):
            event.stop()
            self.app.start_filter("" if character == "/" else character)


class TableApp(App[State]):
    TITLE = "theogony"
    CSS = """
    Screen { layout: vertical; }
    #head { height: 1; background: $primary-background; padding: 0 1; }
    #table { height: 1fr; layout: vertical; }
    #board { height: 1fr; border-top: solid $secondary; scrollbar-size-vertical: 0; }
    .wide #board { scrollbar-size-vertical: 1; }
    #board-text { width: auto; }
    #side { height: 12; layout: horizontal; }
    .wide #table { layout: horizontal; }
    .wide #board { width: 1fr; height: 1fr; }
    .wide #side { width: 64; height: 1fr; layout: vertical; }
    #actions-column { width: 50; height: 1fr; }
    .wide #actions-column { width: 1fr; }
    #actions { width: 1fr; height: 1fr; border: round $accent; }
    #cards, #log { width: 1fr; height: 1fr; border: round $secondary; }
    #messages { height: auto; max-height: 4; padding: 0 1; color: $warning; }
    #named { height: auto; max-height: 3; padding: 0 1; color: $text-muted; background: $boost; }
    #prompt { height: 1; border: none; padding: 0 1; background: $boost; }
    """
    KEYS = "uhclsq?"
    BINDINGS = [
        Binding("u", "undo", "undo"), Binding("h", "hint", "hint"),
        Binding("c", "card", "card"), Binding("l", "log", "log"), Binding("s", "save", "save"),
        Binding("q", "quit_game", "quit"), Binding("question_mark", "help", "help"),
    ]

    def __init__(self, game: Game, state: State, seats: list[str], **session_options) -> None:
        super().__init__()
        self.output = io.StringIO()
        console = Console(file=self.output, record=True, width=100, color_system=None)
        self.session = Session(game, state, seats, console, **session_options)
        self.seat: int | None = None
        self.menu: Menu | None = None
        self.places: set[str] = set()
        self.place_actions: dict[str, set[int]] = {}   # the game's place map, by label
        self.selected_place: str | None = None          # the first of two clicks (piece, target)
        self.busy = False  # bots or the hint agent are thinking: the state is theirs until done

    # ---- layout ---------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="head")
        with Horizontal(id="table"):
            with VerticalScroll(id="board"):
                yield Static(id="board-text")
            with Horizontal(id="side"):
                with Vertical(id="actions-column"):  # the named cards' texts under the list
                    yield ActionList(id="actions")
                    yield Static(id="named")
                with VerticalScroll(id="cards"):
                    yield Static(id="cards-text")
                with VerticalScroll(id="log"):
                    yield Static(id="log-text")
        yield Static(id="messages")
        yield Input(placeholder="a number, an action's beginning, or a command (card NAME, log, "
                                "help...); Enter takes it, Esc back to the list", id="prompt",
                    select_on_focus=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#board").border_title = "board"
        self.query_one("#cards").border_title = "cards in view"
        self.query_one("#log").border_title = "log"
        self.query_one("#actions").border_title = "actions"
        self.set_class(self.size.width >= WIDE_FROM, "wide")
        for line in ("#messages", "#named"):  # out of the way until they have something to say
            self.query_one(line, Static).display = False
        self.advance()

    def on_resize(self, event) -> None:  # noqa: ANN001 - textual's events.Resize
        self.set_class(event.size.width >= WIDE_FROM, "wide")

    # ---- the game loop ----------------------------------------------------------------------------

    @work(thread=True, exclusive=True)
    def advance(self) -> None:
        """Bots and forced moves until a person decides (off the screen's thread: bots may think),
        the log narrated after each step; then the decision, or the final screen."""
        self.busy = True
        self.call_from_thread(self.thinking)
        seat = self.session.next_human(lambda: self.call_from_thread(self.show_log))
        self.call_from_thread(self.arrive, seat)

    def thinking(self) -> None:
        self.query_one("#head", Static).update(Text(f"{self.session.game.info.title} - the other "
                                                    "seats are playing...", style="bold"))

    def arrive(self, seat: int | None) -> None:
        self.busy = False
        self.take_output()  # the events are in the log panel already
        self.seat = seat
        if seat is None:
            self.push_screen(EndScreen(self.final_text()), lambda _: self.exit(self.session.state))
            return
        self.show_decision()

    def show_decision(self) -> None:
        assert self.seat is not None
        session, seat = self.session, self.seat
        session.menu = self.menu = session.menu_for(seat)
        decision = session.state.decision
        assert decision is not None
        self.query_one("#head", Static).update(Text.assemble(
            (f"{session.game.info.title} - you are {session.seat_label(seat)}: ", "bold"),
            (decision.prompt, "bold yellow")))
        view = session.state.view(seat)
        board = session.game.render_text(view)
        cards = cards_text(session.game, view, session.components())
        self.place_actions = label_map(session.game, view,
                                       place_map(session.game, view, list(self.menu.texts)))
        self.selected_place = None
        # the labels of the game's place keys that the board or the cards show, and the board's
        # other words that some actions name (a click on one of those filters by its text)
        self.places = (declared_place_words(board + "\n" + cards.plain, self.place_actions)
                       | place_words(board, list(self.menu.texts)))
        self.query_one("#board-text", Static).update(clickable_board(board, self.places))
        self.query_one("#cards-text", Static).update(underline(cards, self.places))
        self.show_log()
        prompt = self.query_one("#prompt", Input)
        prompt.value = ""
        self.fill_actions("")
        self.query_one("#actions").focus()

    def fill_actions(self, query: str, only: set[int] | None = None) -> None:
        """The list of actions `query` keeps (or the actions `only` names), in the menu's groups,
        each with its menu number."""
        assert self.menu is not None
        texts = self.menu.texts
        kept = set(filtered(texts, query)) if only is None else only
        actions = self.query_one("#actions", ActionList)
        actions.clear_options()
        for kind, members in numbered(list(texts)):
            shown = [(index, label) for index, label in members if index in kept]
            if not shown:
                continue
            if kind:
                actions.add_option(Option(Text(f"{kind}:", style="bold cyan"), disabled=True))
            for index, label in shown:
                actions.add_option(Option(Text.assemble((f"{index + 1:>3}. ", "cyan"), label),
                                          id=f"action-{index}"))
        actions.border_subtitle = f"{len(kept)} of {len(texts)}" if query else f"{len(texts)}"
        first = next((i for i in range(actions.option_count)
                      if not actions.get_option_at_index(i).disabled), None)
        actions.highlighted = first

    def show_log(self) -> None:
        lines = self.session.event_lines(self.session.log, self.session.narrator())
        self.query_one("#log-text", Static).update(Text("\n".join(lines[-200:]) or "Nothing yet.",
                                                        style="dim"))
        self.query_one("#log", VerticalScroll).scroll_end(animate=False)

    def final_text(self) -> Text:
        session = self.session
        board = session.game.render_text(session.state.view(None))
        *ranks, winners = session.outcome_lines()
        return Text.assemble(("The game is over. ", "bold"), (winners, "bold green"), "\n",
                             "\n".join(ranks), ("\nPress q or Enter to leave.\n\n", "dim"),
                             ("Final position\n", "bold"), board)

    # ---- choosing ------------------------------------------------------------------------------

    def take(self, text: str) -> None:
        if self.busy or self.seat is None:
            return
        self.say("")
        self.session.decide(self.seat, text)
        self.advance()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        assert self.menu is not None
        option_id = event.option.id or ""
        if option_id.startswith("action-"):
            self.take(self.menu.texts[int(option_id.removeprefix("action-"))])

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Under the list, the texts of the components the highlighted action names."""
        option_id = event.option.id or ""
        if self.menu is None or not option_id.startswith("action-"):
            return
        named = self.session.named_in([self.menu.texts[int(option_id.removeprefix("action-"))]],
                                        self.menu.seat)
        self.show_line("#named", "\n".join(c.line() for c in named))

    def on_input_changed(self, event: Input.Changed) -> None:
        if self.menu is not None and not self.busy:
            first = event.value.split(" ")[0].lower()
            if first not in COMMANDS or first in ("card", "cards"):
                self.fill_actions(event.value if first not in ("card", "cards") else "")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        answer = " ".join(event.value.split())
        if self.busy or self.seat is None or not answer:
            return
        session, seat = self.session, self.seat
        if not session.is_action_text(answer) and answer.split()[0].lower() in COMMANDS:
            self.command(answer)
            return
        assert self.menu is not None
        kept = filtered(self.menu.texts, answer)
        text = self.menu.texts[kept[0]] if len(kept) == 1 else session.choose(seat, answer,
                                                                               self.menu)
        if text is None:
            self.say(self.take_output())
            return
        self.take(text)

    def command(self, answer: str) -> None:
        """A line-mode command typed in the prompt line; what it prints is shown under the list."""
        word = answer.split()[0].lower()
        if word == "quit":
            self.action_quit_game()
            return
        if word in ("log", "help", "board", "list"):
            {"log": self.action_log, "help": self.action_help}.get(word, self.show_decision)()
            return
        if word == "hint":
            self.action_hint()
            return
        assert self.seat is not None
        try:
            undone = self.session.command(self.seat, answer)
        except (OSError, TheogonyError) as exc:  # a save to a folder that is not there...
            self.take_output()
            self.say(f"{answer} failed: {exc}")
            return
        output = self.take_output()
        if word == "card" or word == "cards":
            self.push_screen(TextScreen(answer, Text(output)))
            self.query_one("#prompt", Input).value = ""
            return
        if undone:
            self.arrive(self.session.state.current_player)
        self.say(output)

    def start_filter(self, character: str) -> None:
        """A character typed on the list goes to the end of the prompt line: keys typed fast reach
        the list before the focus has moved, so replacing the line would keep only the last one
        ("13" became "3", "done" became "e"). The line is emptied for each new decision and by Esc."""
        prompt = self.query_one("#prompt", Input)
        prompt.value += character
        prompt.cursor_position = len(prompt.value)
        prompt.focus()

    def action_place(self, word: str) -> None:
        """A click on a place of the board: the actions involving it (the game's place map), or,
        after a first click, the actions involving both places (a piece, then its destination)."""
        if self.menu is None or self.busy:
            return
        prompt = self.query_one("#prompt", Input)
        involving = self.place_actions.get(word)
        if involving is None:
            prompt.value = word
            self.fill_actions(word)
        else:
            first = self.selected_place
            both = involving & self.place_actions.get(first, set()) if first else set()
            kept = both or involving
            self.selected_place = None if both else word
            prompt.value = ""
            self.fill_actions(f"{first} -> {word}" if both else word, only=kept)
        self.query_one("#actions").focus()

    def on_key(self, event) -> None:  # noqa: ANN001 - textual's events.Key
        prompt = self.query_one("#prompt", Input)
        if not prompt.has_focus:
            return
        if event.key == "escape":
            prompt.value = ""
            self.query_one("#actions").focus()
            event.stop()
        elif event.key == "down":
            self.query_one("#actions").focus()
            event.stop()

    # ---- keys --------------------------------------------------------------------------------

    def action_undo(self) -> None:
        if not self.busy and self.seat is not None:
            self.command("undo")

    @work(thread=True, exclusive=True)
    def action_hint(self) -> None:
        if self.busy or self.seat is None:
            return
        self.busy = True
        self.call_from_thread(self.say, "The hint agent is thinking...")
        text = self.session.hint(self.seat)
        self.call_from_thread(self.hinted, text)

    def hinted(self, text: str | None) -> None:
        self.busy = False
        self.say(self.take_output())
        if text is not None and self.menu is not None:
            self.query_one("#prompt", Input).value = ""
            self.fill_actions("")
            actions = self.query_one("#actions", ActionList)
            actions.highlighted = actions.get_option_index(f"action-{self.menu.texts.index(text)}")
            actions.focus()

    def action_card(self) -> None:
        self.start_filter("card ")

    def action_save(self) -> None:
        if self.session.save_path is None:
            self.start_filter("save ")
            self.say("Type the file to save to, then Enter.")
        elif self.seat is not None and not self.busy:
            self.command("save")

    def action_log(self) -> None:
        viewer = self.seat if self.seat is not None else self.session.narrator()
        lines = self.session.event_lines(self.session.log, viewer)
        self.push_screen(TextScreen("log", Text("\n".join(lines) or "Nothing has happened yet.")))

    def action_help(self) -> None:
        from theogony.play import HELP

        self.push_screen(TextScreen("help", Text(KEYS_HELP + HELP)))

    def action_quit_game(self) -> None:
        self.session.autosave()
        self.exit(self.session.state)

    # ---- output --------------------------------------------------------------------------------

    def take_output(self) -> str:
        """What the session printed since last asked (its console is a recorder, not the screen)."""
        text = self.session.console.export_text(clear=True).strip()
        self.output.seek(0)
        self.output.truncate()
        return text

    def say(self, message: str) -> None:
        self.show_line("#messages", message)

    def show_line(self, selector: str, message: str) -> None:
        """A line under the list, out of the way (no empty row) while it has nothing to say."""
        line = self.query_one(selector, Static)
        line.update(Text(message))
        line.display = bool(message)


def screen_text(app: App) -> str:
    """The screen as plain text, line by line (for snapshot tests and screenshots in text)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True,
                      color_system=None, legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True))
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())
