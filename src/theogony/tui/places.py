"""Places on a board that the actions name: the words a click on the map filters the actions by."""

from __future__ import annotations

import re

from rich.style import Style
from rich.text import Text

from theogony.play import normalized

WORD = re.compile(r"\w[\w-]*\w|\w")


def words(text: str) -> list[str]:
    return WORD.findall(text)


def looks_like_a_place(word: str) -> bool:
    """Ids and names, not prose: a digit, a hyphen or a capital (V30, Market-2, temple-ws, Thebes)."""
    return len(word) > 1 and any(c.isalpha() for c in word) and (
        any(c.isdigit() for c in word) or "-" in word or word[0].isupper())


def place_map(game: object, view: dict, actions: list[str]) -> dict[str, set[int]]:
    """The game's own place map (`Game.action_places`, the one the web's board clicks use): each
    place key mapped to the indices of the actions that involve it. Empty when the game declares
    no places."""
    out: dict[str, set[int]] = {}
    places_of = getattr(game, "action_places", None)
    if places_of is None:
        return out
    for index, text in enumerate(actions):
        for key in places_of(view, text):
            out.setdefault(key, set()).add(index)
    return out


def declared_place_words(board: str, places: dict[str, set[int]]) -> set[str]:
    """Words of `board` that are keys of the game's place map."""
    return {w for w in words(board) if w in places}


def place_words(board: str, actions: list[str]) -> set[str]:
    """Words of `board` that also name the object of some, but not all, actions (never an action's
    first word, its kind), so that a click on one narrows the list."""
    on_board = {w for w in words(board) if looks_like_a_place(w)}
    named: dict[str, int] = {}
    for text in actions:
        for word in set(words(text)[1:]):
            named[word] = named.get(word, 0) + 1
    return {w for w in on_board if 0 < named.get(w, 0) < len(actions)}


def clickable_board(board: str, places: set[str]) -> Text:
    """The board as plain text, each place underlined and clickable (`app.place('<word>')`)."""
    text = Text(board)
    for match in WORD.finditer(board):
        word = match.group()
        if word in places:
            text.stylize(Style(underline=True, meta={"@click": f"app.place({word!r})"}),
                         match.start(), match.end())
    return text


def filtered(texts: tuple[str, ...], query: str) -> list[int]:
    """Indices of the actions `query` keeps, as the line mode reads input: a number keeps that
    action; otherwise the actions beginning with it, else those naming it as whole words, else
    those containing it anywhere."""
    wanted = normalized(query)
    if not wanted:
        return list(range(len(texts)))
    if wanted.isdigit():
        number = int(wanted)
        return [number - 1] if 1 <= number <= len(texts) else []
    lowered = [normalized(t) for t in texts]
    prefix = [i for i, t in enumerate(lowered) if t.startswith(wanted)]
    if prefix:
        return prefix
    asked = [w.lower() for w in words(wanted)]
    whole = [i for i, t in enumerate(lowered)
             if asked and all(w in {x.lower() for x in words(t)} for w in asked)]
    return whole or [i for i, t in enumerate(lowered) if wanted in t]
