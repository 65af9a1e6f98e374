"""The training example (examples/train_maskable_ppo.py): its arguments are checked before any
training, and a tiny MaskablePPO run trains, evaluates against random (with a uniformly random seat
for reference) and saves a model that reloads and plays only legal actions (slow; needs the `train`
extra)."""

import importlib.util
import runpy
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("gymnasium")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"
example = runpy.run_path(str(EXAMPLE))

needs_sb3 = pytest.mark.skipif(
    importlib.util.find_spec("sb3_contrib") is None,
    reason="sb3-contrib is not installed (pip install -e '.[train]', torch from the CPU index first)")


@pytest.mark.parametrize(("argv", "message"), [
    (["--game", "chess"], "game must be one of"),
    (["--players", "1"], "players must be at least 2"),
    (["--game", "teomachia", "--players", "5"], "takes 2 to"),
    (["--timesteps", "0"], "timesteps must be a positive"),
    (["--eval-games", "0"], "eval games must be at least 1"),
])
def test_bad_arguments_stop_before_training_with_a_clear_error(argv, message, tmp_path):
    output = tmp_path / "model.zip"
    with pytest.raises(SystemExit, match=message):
        example["main"]([*argv, "--output", str(output)])
    assert not output.exists()


def test_latest_mask_is_the_mask_of_the_last_reset_and_step():
    env = example["make_env"]("teomachia", 2)
    _, info = env.reset(seed=3)
    assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
    action = int(np.flatnonzero(env.action_masks())[0])
    _, _, _, _, info = env.step(action)
    assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))


@pytest.mark.parametrize("opponents", ["random", "heuristic"])
def test_the_uniformly_random_reference_seat_plays_whole_legal_games(opponents):
    evaluation = example["evaluate"](example["UniformRandomPolicy"](0), "teomachia", 2, 2,
                                     opponents=opponents)
    assert evaluation.games == 2 and evaluation.illegal_actions == 0 and evaluation.truncated == 0
    assert 0.0 <= evaluation.wins <= 2.0


@pytest.mark.slow
@needs_sb3
def test_tiny_training_run_evaluates_before_and_after_and_saves_a_playable_model(tmp_path):
    from sb3_contrib import MaskablePPO

    output = tmp_path / "teomachia_ppo.zip"
    report = example["train_and_evaluate"](
        "teomachia", 2, timesteps=128, seed=0, eval_games=4, output=output,
        ppo_kwargs={"n_steps": 64, "batch_size": 32, "n_epochs": 1})
    for evaluation in (report.random_seat, report.before, report.after):
        assert evaluation.games == 4 and evaluation.illegal_actions == 0
        low, high = evaluation.ci95
        assert 0.0 <= low <= evaluation.rate <= high <= 1.0
    assert output.exists()

    model = MaskablePPO.load(output)
    env = example["make_env"]("teomachia", 2)
    observation, _ = env.reset(seed=11)
    action, _ = model.predict(observation, action_masks=env.action_masks(), deterministic=True)
    assert env.action_masks()[int(action)]
