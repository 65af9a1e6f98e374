"""`theogony report`: sections, figures and flags from a tiny run, and the A/B of content."""

import re

import pytest

pytest.importorskip("matplotlib")

from theogony.report import analyse, chapters, play_records, write_report  # noqa: E402
from theogony.report.compare import compare  # noqa: E402


@pytest.fixture(scope="module")
def tiny_records():
    """A handful of random games of two games (module-scoped: played once)."""
    return (play_records("theurgy", [3], ["random"], 6, progress=False)
            + play_records("theocratia", [2], ["random"], 6, progress=False))


def test_the_report_of_a_tiny_run_has_every_section_figure_and_the_flags(tiny_records, tmp_path):
    html_path, md_path = write_report(tiny_records, tmp_path)
    html, md = html_path.read_text(), md_path.read_text()
    assert "<h2 id='c0'>theocratia, 2 players</h2>" in html and "theurgy, 3 players" in html
    for heading in ("Win rate per seat", "First-player advantage", "Win rate per deity",
                    "Win rate per civ", "Win rate per colour", "Game length and per-game measures",
                    "How often each card or action is chosen", "Win rate when chosen"):
        assert f"<h3 id=" in html and f">{heading}</h3>" in html, heading
        assert f"### {heading}" in md, heading
    figures = sorted((tmp_path / "figures").glob("*.png"))
    assert len(figures) == html.count("src='data:image/png;base64,") == md.count("](figures/")
    for linked in re.findall(r"\]\((figures/[^)]+)\)", md):
        assert (tmp_path / linked).read_bytes()[:4] == b"\x89PNG"
    assert html.count("<b>Flags (") == 2 and md.count("**Flags (") == 2
    assert "| action: pilgrimage |" in md and "| 1st |" in md and "| seat 2 |" in md


def test_a_rate_outside_the_fair_share_is_flagged_in_tables_and_the_summary(tmp_path):
    lopsided = [{"game": "made-up", "players": 2, "seed": seed, "content": None, "seats": 2,
                 "agents": ["a", "b"], "labels": {"side": ["light", "dark"]}, "decisions": 10 + seed,
                 "scores": [1.0, 0.0], "ranks": [1, 2], "winners": [0], "numbers": {}, "counts": {"x": 1},
                 "seat_counts": [{"x": 1}, {}], "truncated": False, "error": None}
                for seed in range(30)]
    analysis = analyse(lopsided)
    assert analysis.section("seat").flagged == ["seat 0", "seat 1"]
    assert analysis.section("label:side").flagged == ["dark", "light"]
    assert analysis.section("win when chosen").flagged == ["x"]
    html_path, md_path = write_report(lopsided, tmp_path)
    md = md_path.read_text()
    assert "**Flags (6)**: Win rate per seat: seat 0; Win rate per seat: seat 1; First-player advantage: seat 0" in md
    assert "| seat 0 | 30 | 30 | 100.0% |" in md and "outside (!)" in md
    assert html_path.read_text().count("<tr class=mark>") == 6


def test_a_content_override_is_compared_with_the_built_in_content_on_the_same_seeds(tmp_path):
    override = tmp_path / "more-bones"
    (override / "theurgy").mkdir(parents=True)
    # two more "Break Their Brittle Bones", two fewer "Cast Out The Doubts": the deck keeps 51 cards
    (override / "theurgy" / "miracles.toml").write_text(
        '[[miracle]]\nid = "bones"\ncount = 4\n\n[[miracle]]\nid = "doubts"\ncount = 1\n')
    records = play_records("theurgy", [2], ["random"], 4, content=override, baseline=True, progress=False)
    builtin = [r for r in records if r["content"] is None]
    changed = [r for r in records if r["content"] == str(override)]
    assert [r["seed"] for r in builtin] == [r["seed"] for r in changed] == [0, 1, 2, 3]
    assert [r["decisions"] for r in builtin] != [r["decisions"] for r in changed]
    (chapter,) = chapters(records)
    assert chapter.title == "theurgy, 2 players: built-in against override more-bones"
    length = next(part for part in chapter.parts if part.key == "length")
    assert length.header == ["", "built-in", "override more-bones", "change", "p", "significant"]
    decisions = length.rows[0]
    assert decisions[0] == "decisions" and decisions[3] not in ("+0", "-")
    differences = compare(analyse(builtin).section("length"), analyse(changed).section("length"))
    assert differences[0].change != 0 and 0 <= differences[0].p_value <= 1
    _, md_path = write_report(records, tmp_path / "out")
    md = md_path.read_text()
    assert "two-proportion z-test" in md and "| p | significant |" in md


def test_a_baseline_needs_an_override():
    with pytest.raises(ValueError, match="--baseline compares with --content DIR"):
        play_records("theurgy", [2], ["random"], 2, baseline=True, progress=False)


def test_many_counts_are_split_by_family_most_chosen_first():
    counts = {**{f"card taken: c{i}": i for i in range(22)}, "bid: raise": 9, "bid: call": 3,
              "bid: wait": 5, "pass": 1}
    records = [{"game": "made-up", "players": 2, "seed": seed, "seats": 2, "agents": ["a", "b"],
                "labels": {}, "decisions": 5, "scores": [1.0, 0.0], "ranks": [1, 2], "winners": [seed % 2],
                "numbers": {}, "counts": counts, "seat_counts": [counts, {}], "truncated": False,
                "error": None} for seed in range(4)]
    analysis = analyse(records)
    keys = [s.key for s in analysis.sections if s.key.startswith("chosen")]
    assert keys == ["chosen:bid", "chosen:card taken", "chosen:other"]
    assert [m.name for m in analysis.section("chosen:bid").means] == ["bid: raise", "bid: wait", "bid: call"]
    assert analysis.section("chosen:card taken").means[0].name == "card taken: c21"
    assert all(m.interval[0] >= 0 for m in analysis.section("chosen:card taken").means)
