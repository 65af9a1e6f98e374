"""The line mode of `theogony play` (issue 18, generic part), on the toy game: scripted sessions
through play.Session with a fake `read`, and through the CLI with piped input."""

from rich.console import Console
from typer.testing import CliRunner

from theogony.cli import app
from theogony.play import Menu, Session, grouped

from tests.contract.test_contract import play_checked

runner = CliRunner()
BOARD_TITLE = "Toy - you are seat 0"
PROMPT = "\nplay a card or draw\n"


def scripted(answers):
    it = iter(answers)
    return lambda prompt: next(it)


def session_for(toy, answers, hand=None, seats=("human", "random"), variant=None, **options):
    state = toy.new_state(len(seats), seed=1, variant={"names": True, **(variant or {})})
    if hand is not None:
        state.seats[0].hand = list(hand)
    console = Console(record=True, width=120)
    session = Session(toy, state, list(seats), console, read=scripted(answers), **options)
    return session, console


def played(session, console):
    session.run()
    return console.export_text()


def test_the_toy_variants_of_the_frame_keep_the_contract(toy):
    for variant in ({"names": True}, {"automaton": True}, {"names": True, "automaton": True}):
        for seed in range(3):
            play_checked("toy", 2, variant, seed)


# ---- 1. card, cards, and the texts of the cards the actions name --------------------------------

def test_card_finds_a_component_by_any_unambiguous_beginning_of_its_name_or_id(toy):
    session, console = session_for(toy, ["card ACORN", "card crown", "card card-9", "card be",
                                         "card zz", "card", "quit"])
    out = played(session, console)
    assert "Acorn (card; value 1): Worth 1 when played." in out
    assert "crown fits 2 components" in out
    assert "Crown [priest] (card, id card-5)" in out and "Crown of Ash (card, id card-6)" in out
    assert "Gale (card; value 9): Worth 9 when played." in out
    assert "fits 2 components" in out.split("card be")[-1]  # Beacon [first] and Bell
    assert "No component is named zz" in out
    assert "Give a name: card NAME" in out


def test_cards_shows_everything_the_view_shows_grouped_with_texts(toy):
    session, console = session_for(toy, ["cards", "quit"], hand=[2, 7], variant={"open_deck": True})
    out = played(session, console)
    hand_part = out.split("your hand:")[1].split("open deck:")[0]
    assert "Anvil (card; value 2): Worth 2 when played." in hand_part
    assert "Ember (card; value 7): Worth 7 when played." in hand_part
    deck = session.state.view(0)["deck"]
    assert f"Worth {deck[0]} when played." in out.split("open deck:")[1]


def test_the_texts_of_the_cards_the_actions_name_follow_the_list_once(toy):
    session, console = session_for(toy, ["quit"], hand=[2, 7])
    out = played(session, console)
    after_list = out.split(PROMPT)[1]
    assert after_list.count("Anvil (card; value 2): Worth 2 when played.") == 1
    assert after_list.count("Ember (card; value 7): Worth 7 when played.") == 1


def test_texts_the_board_shows_already_are_not_repeated_under_the_list(toy, monkeypatch):
    def board_with_texts(self, view):
        return "your hand: Anvil: Worth 2\n   when played."
    monkeypatch.setattr(type(toy), "render_text", board_with_texts)
    session, console = session_for(toy, ["quit"], hand=[2, 7])
    after_list = played(session, console).split(PROMPT)[1]
    assert "Worth 2 when played" not in after_list and "Worth 7 when played." in after_list


def test_a_game_without_component_texts_says_so(toy, monkeypatch):
    monkeypatch.setattr(type(toy), "components", lambda self: [])
    monkeypatch.setattr(type(toy), "components_in_view", lambda self, view: {})
    session, console = session_for(toy, ["card acorn", "cards", "quit"])
    out = played(session, console)
    assert "Toy has no component texts yet" in out
    assert "Your view shows no component with a text" in out


# ---- 2. input: number, full text, prefix; stale numbers; groups --------------------------------

def test_full_text_and_an_unambiguous_beginning_are_accepted_case_forgiven(toy):
    session, console = session_for(toy, ["PLAY  anvil", "quit"], hand=[2, 7])
    played(session, console)
    assert session.state.history[0] == "play Anvil"
    session, console = session_for(toy, ["play e", "quit"], hand=[2, 7])
    played(session, console)
    assert session.state.history[0] == "play Ember"


def test_an_ambiguous_beginning_lists_the_matches_with_their_numbers(toy):
    session, console = session_for(toy, ["play crown", "play crown o", "quit"], hand=[5, 6])
    out = played(session, console)
    assert "play crown fits 2 actions" in out
    listed = out.split("fits 2 actions")[1]
    assert "1. play Crown [priest]" in listed and "2. play Crown of Ash" in listed
    assert session.state.history[0] == "play Crown of Ash"


def test_a_number_typed_before_the_new_list_was_shown_is_refused_and_the_list_shown(toy):
    # The player answers "1" at the first decision; while the bot plays, they type "1" again,
    # meaning the old list. Their hand changed, so that number is refused and the new list shown.
    waiting = iter([False, True, False, False])
    session, console = session_for(toy, ["1", "1", "1", "quit"], hand=[2, 7],
                                   typed_ahead=lambda: next(waiting))
    out = played(session, console)
    assert "1 was typed for an earlier list, and the choices have changed" in out
    second = out.split("1 was typed for an earlier list, and the choices have changed")[1]
    assert PROMPT in second and "1. play" in second
    history = session.state.history
    assert history[0] == "play Anvil" and history[2] == "play Ember"  # 1 of the new list


def test_a_number_typed_ahead_for_the_list_still_shown_is_taken(toy):
    # The list the player last saw is the one the new decision shows: the number means the same.
    session, console = session_for(toy, ["2", "quit"], hand=[2, 7], typed_ahead=lambda: True)
    session.menu = Menu(0, ("play Anvil", "play Ember", "draw"))
    out = played(session, console)
    assert "typed for an earlier list" not in out
    assert session.state.history[0] == "play Ember"


def test_a_decision_with_one_choice_is_taken_without_asking(toy):
    session, console = session_for(toy, [], hand=[4])
    session.state.deck = []
    out = played(session, console)
    assert "Only one choice for seat 0: play Bell" in out
    assert session.state.history[0] == "play Bell" and session.state.is_terminal()
    assert BOARD_TITLE not in out  # no decision was asked, so no board was printed for one


def test_long_lists_are_grouped_by_kind_and_numbered_in_the_printed_order(toy):
    session, console = session_for(toy, ["10", "quit"], hand=range(1, 10))
    out = played(session, console)
    listed = out.split(PROMPT)[1]
    assert "play:" in listed and "other:" in listed
    assert "1. Acorn" in listed and "9. Gale" in listed and "10. draw" in listed
    assert session.state.history[0] == "draw"


def test_grouping_takes_the_first_word_or_two_and_leaves_short_lists_alone():
    short = ["play 1", "play 2", "draw"]
    assert grouped(short) == [("", short)]
    moves = [f"move follower A-{i} -> B" for i in range(6)] + ["preach in A", "preach in B", "done"]
    assert grouped(moves) == [("move", moves[:6]), ("preach", moves[6:8]), ("other", ["done"])]
    one_kind = [f"set aside card {i}" for i in range(5)] + [f"set down card {i}" for i in range(5)]
    assert [kind for kind, _ in grouped(one_kind)] == ["set aside", "set down"]


# ---- 3. markup escaped ------------------------------------------------------------------------

def test_brackets_in_game_texts_survive_rich(toy):
    session, console = session_for(toy, ["card beacon", "play crown", "log", "quit"], hand=[3, 5])
    out = played(session, console)
    assert "play Beacon [first]" in out and "play Crown [priest]" in out
    assert "Beacon [first] (card; value 3)" in out
    assert "seat 0 (you) plays Crown [priest]" in out


def test_brackets_on_the_board_in_prompts_and_in_what_the_player_types_survive(toy, monkeypatch):
    monkeypatch.setattr(type(toy), "render_text", lambda self, view: "track: 1 [priest] | 2 [bold]x[/bold]")
    session, console = session_for(toy, ["card [red]zz", "play [b", "quit"], hand=[3, 5])
    out = played(session, console)
    assert "track: 1 [priest] | 2 [bold]x[/bold]" in out
    assert "No component is named [red]zz" in out
    assert "'play [b' is not a legal action" in out


# ---- 4. and 5. credits and narration ----------------------------------------------------------

def test_events_are_credited_to_the_seat_the_automaton_or_the_game(toy):
    session, console = session_for(toy, ["1", "1", "log", "quit"], variant={"automaton": True})
    out = played(session, console)
    assert "game: round 1 ends" in out
    assert "seat 2 (automaton): the automaton scores 1" in out
    assert "seat 0 (you) plays" in out and "seat 1 (random) plays" in out   # the actor named once
    assert "you: seat 0 plays" not in out and "seat 1 (random): seat 1" not in out
    assert "you: round" not in out and "you: the automaton" not in out
    assert "seat 1 (random): round" not in out and "(random): the automaton" not in out


def event_lines(text):
    """The log's lines in printed text: each starts with its credit (a seat or the game)."""
    return [line for line in text.splitlines()
            if line.startswith(("seat ", "game: ")) and "(card;" not in line]


def test_bot_and_automaton_turns_are_narrated_as_they_happen_and_log_shows_every_event(toy):
    seats = ("human", "random", "random")
    session, console = session_for(toy, ["1", "log", "quit"], seats=seats, variant={"automaton": True})
    out = played(session, console)
    between_boards = out.split(BOARD_TITLE)[1].split(PROMPT)[1]
    narrated = event_lines(between_boards)
    assert [line.split(" plays")[0].split(":")[0] for line in narrated] == [
        "seat 0 (you)", "seat 1 (random)", "seat 2 (random)", "game", "seat 3 (automaton)"]
    recap = out.split("Since your last decision:")[1].split(PROMPT)[0]
    assert recap.strip().splitlines() == narrated[1:]  # what came since, under the board
    log = out.rsplit(PROMPT, 1)[1].split("Left the game.")[0]
    assert event_lines(log) == narrated


def test_log_n_shows_the_last_n_events_and_refuses_other_arguments(toy):
    session, console = session_for(toy, ["1", "log 2", "log x", "quit"], seats=("human", "random", "random"))
    out = played(session, console)
    shown = event_lines(out.rsplit(PROMPT, 1)[1].split("log shows every event")[0])
    assert shown == event_lines(session_lines(session))[-2:]


def session_lines(session):
    return "\n".join(session.event_lines(session.log, 0))


def test_the_board_is_printed_once_per_decision(toy):
    session, console = session_for(toy, ["fly away", "help", "card acorn", "cards", "99", "1", "quit"])
    out = played(session, console)
    assert out.count(BOARD_TITLE) == 2
    assert "Not accepted" in out and "Choose a number from 1 to" in out
    assert "card NAME" in out  # help


def test_board_and_list_print_again_on_request(toy):
    session, console = session_for(toy, ["board", "list", "quit"])
    out = played(session, console)
    assert out.count(BOARD_TITLE) == 2 and out.count(PROMPT) == 2


# ---- 7. the CLI -------------------------------------------------------------------------------

def test_play_runs_the_line_mode_from_piped_input_with_and_without_plain(toy):
    for extra in (["--plain"], []):
        result = runner.invoke(app, ["play", "toy", "--seats", "human,random", "--seed", "3",
                                     "--variant", "names=true", *extra],
                               input="card acorn\ncards\n1\nquit\n")
        assert result.exit_code == 0, result.output
        assert "Acorn (card; value 1): Worth 1 when played." in result.output
        assert "your hand:" in result.output and "Left the game." in result.output


def test_a_name_shared_by_two_components_means_the_one_the_view_shows_and_case_matters(toy):
    from theogony.core import Component

    session, _ = session_for(toy, ["quit"], hand=[1, 2])
    extra = Component("solo card", "solo-acorn", "Acorn", "Another component with the same name.")
    session._components = {**session.components(), extra.id: extra}
    named = session.named_in(["play Acorn", "take the acorn pile"], 0)
    assert [c.id for c in named] == ["card-1"]  # the hand's Acorn, never the other; "acorn" names none
    session.state.seats[0].hand = [2, 3]
    assert session.named_in(["play Acorn"], 0) == []  # neither Acorn is shown: no text is guessed
