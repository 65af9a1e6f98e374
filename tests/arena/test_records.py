"""Game records for analysis (`simulate --records`): one per game, JSON Lines or Parquet."""

import json

import pytest

from theogony.arena import play_match, tournament
from theogony.arena.records import (RECORD_FIELDS, check_writable, match_record, read_records,
                                    write_records)


def _records(toy, **kwargs):
    result = tournament("toy", ["random"], games=5, players=2, seed=7, progress=False, **kwargs)
    return [match_record(m) for m in result.matches]


def test_a_record_holds_seeds_seats_labels_scores_ranks_and_counts(toy):
    record = match_record(play_match(toy, ["random", "random"], seed=3))
    assert set(record) == set(RECORD_FIELDS)
    assert record["seed"] == 3 and record["agents"] == ["random", "random"] and record["seats"] == 2
    assert record["labels"]["turn order"] == ["opener", "follower"]
    assert len(record["scores"]) == len(record["ranks"]) == 2 and record["winners"]
    assert record["counts"]["draw"] == sum(share.get("draw", 0) for share in record["seat_counts"])
    assert record["truncated"] is False and record["error"] is None


def test_a_truncated_game_has_no_result(toy):
    record = match_record(play_match(toy, ["random", "random"], seed=3, max_decisions=2))
    assert record["truncated"] is True and record["decisions"] == 2
    assert record["scores"] is None and record["ranks"] is None and record["winners"] is None


def test_jsonl_round_trip(toy, tmp_path):
    records = _records(toy) + _records(toy, max_decisions=3)
    path = tmp_path / "games.jsonl"
    assert write_records(path, records) == 10
    assert read_records(path) == records
    assert all(json.loads(line)["game"] == "toy" for line in path.read_text().splitlines())


def test_parquet_round_trip(toy, tmp_path):
    pytest.importorskip("pyarrow")
    records = _records(toy) + _records(toy, max_decisions=3)
    path = tmp_path / "games.parquet"
    write_records(path, records)
    assert read_records(path) == records


def test_parquet_without_pyarrow_is_refused_with_the_install_line(tmp_path, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_pyarrow(name, *args, **kwargs):
        if name.startswith("pyarrow"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pyarrow)
    with pytest.raises(ValueError, match=r"pyarrow: pip install -e '\.\[report\]'"):
        check_writable(tmp_path / "games.parquet")
    check_writable(tmp_path / "games.jsonl")


def test_bad_records_files_get_clear_errors(tmp_path):
    with pytest.raises(ValueError, match="does not exist"):
        read_records(tmp_path / "none.jsonl")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"game": "toy", "seed": 1}\nnot json\n')
    with pytest.raises(ValueError, match="line 2 is not JSON"):
        read_records(bad)
    with pytest.raises(ValueError, match="folder"):
        check_writable(tmp_path / "no" / "such.jsonl")


def test_a_record_replays_to_the_same_final_position(toy):
    record = match_record(play_match(toy, ["random", "random"], seed=5))
    final = toy.replay(record["players"], record["seed"], record["variant"], record["actions"])
    assert final.is_terminal() and list(final.outcome().scores) == record["scores"]
