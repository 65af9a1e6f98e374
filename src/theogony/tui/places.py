"""Places on a board that the actions name: the labels a click on the board or the cards panel
filters the actions by.

The game's place map (`Game.action_places`, the one the web's board clicks use) names each action's
places by key ("tile-holy-shield", "draft:Storm", "V30"); `Game.text_labels` says under which text
the text board and the cards panel show each key ("Holy Shield", "Storm"; a key it does not name
is its own label; None for a choice of the decision, which the list of actions itself offers). A
label the screen shows is underlined wherever it occurs, and a click on it keeps the actions of
every key it labels."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from typing import Any

from rich.style import Style
from rich.text import Text

from theogony.core.components import Component
from theogony.play import component_lines, normalized

WORD = re.compile(r"\w[\w-]*\w|\w")


def words(text: str) -> list[str]:
    return WORD.findall(text)


def looks_like_a_place(word: str) -> bool:
    """Ids and names, not prose: a digit, a hyphen or a capital (V30, Market-2, temple-ws, Thebes)."""
    return len(word) > 1 and any(c.isalpha() for c in word) and (
        any(c.isdigit() for c in word) or "-" in word or word[0].isupper())


def place_map(game: object, view: Mapping[str, Any], actions: list[str]) -> dict[str, set[int]]:
    """The game's own place map (`Game.action_places`): each place key mapped to the indices of
    the actions that involve it. Empty when the game declares no places."""
    out: dict[str, set[int]] = {}
    places_of = getattr(game, "action_places", None)
    if places_of is None:
        return out
    for index, text in enumerate(actions):
        for key in places_of(view, text):
            out.setdefault(key, set()).add(index)
    return out


def labels_of(game: object, view: Mapping[str, Any], keys: Iterable[str]) -> dict[str, str | None]:
    """Each key's label on the text screen (`Game.text_labels`; the key itself where the game
    names none; None for a choice of the decision)."""
    keys = list(keys)
    named = getattr(game, "text_labels", None)
    declared = dict(named(view, keys)) if named is not None else {}
    return {key: declared.get(key, key) for key in keys}


def label_map(game: object, view: Mapping[str, Any],
              places: dict[str, set[int]]) -> dict[str, set[int]]:
    """The place map by label: each label mapped to the actions of every key it labels (a label
    shared by two keys, two Dominion tiles of one name, keeps the actions of both)."""
    out: dict[str, set[int]] = {}
    for key, label in labels_of(game, view, places).items():
        if label:
            out.setdefault(label, set()).update(places[key])
    return out


def label_pattern(labels: Iterable[str]) -> re.Pattern[str] | None:
    """Whole-word occurrences of any label, the longest first ("Movement II" before "Movement I");
    the words of a label may be split over lines (a board wraps its long lines). Built once per
    set of labels: one drawing underlines its board and its cards with the same places."""
    return pattern_of_labels(frozenset(label for label in labels if label))


@functools.lru_cache(maxsize=32)
def pattern_of_labels(labels: frozenset[str]) -> re.Pattern[str] | None:
    ordered = sorted(labels, key=lambda label: (-len(label), label))
    if not ordered:
        return None
    alternatives = (r"\s+".join(re.escape(part) for part in label.split()) for label in ordered)
    return re.compile(r"(?<![\w-])(?:" + "|".join(alternatives) + r")(?![\w-])")


def label_matches(text: str, labels: Iterable[str]) -> list[tuple[str, list[tuple[int, int]]]]:
    """Each occurrence of a label in `text`: the label, and the spans of its words."""
    pattern = label_pattern(labels)
    if pattern is None:
        return []
    return [(" ".join(match.group().split()),
             [(match.start() + w.start(), match.start() + w.end())
              for w in re.finditer(r"\S+", match.group())])
            for match in pattern.finditer(text)]


def shown_labels(text: str, labels: Iterable[str]) -> set[str]:
    """The labels that occur in `text` as whole words."""
    return {label for label, _ in label_matches(text, labels)}


def declared_place_words(board: str, places: dict[str, set[int]]) -> set[str]:
    """Labels of the place map (`label_map`, or keys) that `board` shows."""
    return shown_labels(board, places)


def place_words(board: str, actions: list[str]) -> set[str]:
    """Words of `board` that also name the object of some, but not all, actions (never an action's
    first word, its kind), so that a click on one narrows the list."""
    on_board = {w for w in words(board) if looks_like_a_place(w)}
    named: dict[str, int] = {}
    for text in actions:
        for word in set(words(text)[1:]):
            named[word] = named.get(word, 0) + 1
    return {w for w in on_board if 0 < named.get(w, 0) < len(actions)}


def underline(text: Text, places: set[str]) -> Text:
    """`text` with every whole-word occurrence of a place underlined and clickable
    (`app.place('<label>')`), word by word where a label is split over lines."""
    for label, spans in label_matches(text.plain, places):
        style = Style(underline=True, meta={"@click": f"app.place({label!r})"})
        for start, end in spans:
            text.stylize(style, start, end)
    return text


def clickable_board(board: str, places: set[str]) -> Text:
    """The board as plain text, each place underlined and clickable."""
    return underline(Text(board), places)


def cards_text(game: Any, view: Mapping[str, Any], known: dict[str, Component]) -> Text:
    """The cards-in-view panel: each group the view shows (the seat's own first), with the one-line
    text of each component."""
    groups = game.components_in_view(view)
    if not any(groups.values()):
        return Text("Nothing in view has a text.", style="dim")
    text = Text()
    mine_first = sorted(component_lines(groups, known),
                        key=lambda item: not item[0].lower().startswith("your"))
    for group, lines in mine_first:
        text.append(f"{group}:\n", style="bold")
        for line in lines:
            text.append(line + "\n")
        if not lines:
            text.append("(none)\n", style="dim")
    return text


def unlabelled_keys(game: Any, view: Mapping[str, Any], actions: list[str],
                    screen: str) -> set[str]:
    """The place keys of `actions` that `screen` (board and cards text) shows under no label (the
    choices of the decision excepted: the list of actions offers them)."""
    labels = labels_of(game, view, place_map(game, view, actions))
    shown = shown_labels(screen, [label for label in labels.values() if label])
    return {key for key, label in labels.items() if label is not None and label not in shown}


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
