"""The table's overlays: a scrollable text (log, help, a card) and the final screen."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static


class TextScreen(ModalScreen[None]):
    """A text over the table; Esc, q or Enter closes it."""

    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > VerticalScroll { width: 90%; height: 90%; border: round $accent; padding: 0 1;
                                  background: $surface; }
    """
    BINDINGS = [Binding("escape,q,enter,l", "close", "close")]

    def __init__(self, title: str, body: Text) -> None:
        super().__init__()
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        scroll = VerticalScroll()
        scroll.border_title = self.title_text
        scroll.border_subtitle = "Esc closes"
        with scroll:
            yield Static(self.body)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()
        if self.title_text == "log":
            self.query_one(VerticalScroll).scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class EndScreen(Screen[None]):
    """The final position and the outcome; q or Enter leaves."""

    DEFAULT_CSS = "EndScreen > VerticalScroll { padding: 0 1; }"
    BINDINGS = [Binding("q,enter,escape", "leave", "leave")]

    def __init__(self, body: Text) -> None:
        super().__init__()
        self.body = body

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.body)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_leave(self) -> None:
        self.dismiss(None)
