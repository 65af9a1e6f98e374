"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration draws a fresh determinization of the root (everything hidden from the searching seat
resampled), descends a tree keyed by action text choosing by UCB1 with availability counts, expands
one untried action, finishes with a rollout (random or the game's heuristic, optionally cut off at a
depth and scored by the game's `evaluate`), and backs up the vector of per-seat rewards: every node
is scored from the viewpoint of the seat that chose the action leading to it.

Depth: by default (`depth="auto"`) a game that can evaluate positions (`Game.evaluate`) is scored at
the newly expanded leaf with no rollout at all, because random rollouts of games with hundreds of fine
decisions cost seconds each and say little; with `rollout=heuristic` it first plays a short heuristic
rollout (AUTO_HEURISTIC_DEPTH decisions), which sharpens the estimate where the heuristic is good;
a game without an evaluation rolls out to the end.
`depth=N` rolls out N random (or heuristic) decisions before evaluating; `depth=full` always plays to
the end.

Prior: with `prior=heuristic` every node asks the game's heuristic once (on the determinization that
first reaches it) which action it would take; that action is expanded first and keeps a progressive
bias `bias / (1 + visits)` in the selection (Chaslot et al. 2008), so a small budget plays about as
the heuristic does and a large one is free to overrule it.

Plans: with `plans=W` (games that implement `Game.turn_plans`, e.g. Theurgy) the search is over whole
turns instead of single decisions; the default `plans=auto` means W = AUTO_PLANS where the game has a
planner and no plans elsewhere (`plans=0` forces the ordinary tree). Where the seat plays its own
turn, the game proposes candidate plans (the heuristic's own first, then up to W alternatives per option of the current decision); each
iteration draws a determinization, selects a plan by UCB1, replays its actions (the heuristic takes
over where a plan's next action is not legal there, and answers for the other seats), lets the
heuristic play `horizon` more turns (by default one turn of every other seat), and backs up
`evaluate`. The chosen plan is then followed for the rest of the turn without searching again unless
one of its actions turns out not to be legal. A turn of many small decisions is judged by where it
ends and by the replies it invites, which a tree over single decisions cannot reach. Decisions outside
the seat's own turn (setup, answers during another seat's turn) use the ordinary search.
How the plans are chosen between: `root=ucb` (the default) runs UCB1 over them and takes the most
visited; `root=halving` runs sequential halving (`_halve_plans`), which shares the budget in rounds
and drops the worse half of the plans after each, and takes the best mean of the last ones in play:
a pure-exploration bandit, for a budget too small for UCB1 to leave its even spread (Theocratia's
expert, docs/bots.md).

Reward: a finished game scores each seat by rank by default (`reward=rank`: first 1, last 0,
linear between, `Outcome.rewards`); `reward=win` scores first place only (the winners share 1), for
games where finishing second is worth nothing, such as Teomachia, where the last god standing wins
and the order in which the others fell is no result. A game's `evaluate` should estimate the same
kind of reward.

Time cap: `seconds` bounds the whole decision. The clock starts when `act` is called, so building the
candidate plans counts: the planner stops adding alternatives once the time is up (the
`out_of_time` check `Game.turn_plans` passes to `core.plans.branching_plans`), a plan's playout is
abandoned at the deadline (that iteration is not counted), and where the plans alone used up the
budget the seat follows the heuristic's own plan without a search.
The clock is `time.perf_counter` unless the agent is given another (`clock=`, for tests).

Evaluation: cut-offs are scored by the game's `evaluate` (`evaluation=default`); `evaluation=NAME`
takes another of the game's evaluations (`Game.evaluation`: its bots part's `EVALUATIONS`), such
as Theurgy's fitted one that its `expert` level uses.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping

from theogony.core import Action, Agent, Game, Rng, State

from .errors import AgentSpecError
from .options import Option, parse_options


class _Node:
    __slots__ = ("player", "visits", "available", "total", "children", "hint")

    def __init__(self, player: int) -> None:
        self.player = player
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.children: dict[str, _Node] = {}
        self.hint: str | None = None


AUTO_HEURISTIC_DEPTH = 10
AUTO_PLANS = 3         # plans=auto: the width used where the game has a turn planner


# The spec options of `mcts` (and `ismcts`), parsed and bounded by the agents' registry.
MCTS_OPTIONS: dict[str, Option] = {
    "iterations": Option(whole=(1, 10_000_000)),
    "seconds": Option(decimal=(0.001, 3600.0)),
    "c": Option(decimal=(0.0, 100.0)),
    "rollout": Option(words=("random", "heuristic")),
    "depth": Option(words=("auto", "full"), whole=(0, 100_000)),
    "prior": Option(words=("none", "heuristic")),
    "bias": Option(decimal=(0.0, 100.0)),
    "plans": Option(words=("auto",), whole=(0, 64)),
    "horizon": Option(words=("auto",), whole=(0, 100)),
    "reward": Option(words=("rank", "win")),
    "root": Option(words=("ucb", "halving")),
    "evaluation": Option(name=True),
}


class MCTSAgent(Agent):
    name = "mcts"

    def __init__(self, game: Game, iterations: int | None = None, seconds: float | None = None,
                 exploration: float = 0.7, rollout: str = "random", depth: int | str | None = "auto",
                 max_rollout: int = 100_000, prior: str = "none", bias: float = 1.0,
                 plans: int | str = "auto", horizon: int | str = "auto", reward: str = "rank",
                 root: str = "ucb", evaluation: str = "default",
                 clock: Callable[[], float] = time.perf_counter) -> None:
        if iterations is None and seconds is None:
            iterations = 400
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if seconds is not None and not (math.isfinite(seconds) and seconds > 0):
            raise ValueError(f"seconds must be a positive finite number, got {seconds!r}")
        if rollout not in ("random", "heuristic"):
            raise ValueError(f"rollout is 'random' or 'heuristic', got {rollout!r}")
        if prior not in ("none", "heuristic"):
            raise ValueError(f"prior is 'none' or 'heuristic', got {prior!r}")
        if bias < 0:
            raise ValueError("bias must not be negative")
        if reward not in ("rank", "win"):
            raise ValueError(f"reward is 'rank' or 'win', got {reward!r}")
        if root not in ("ucb", "halving"):
            raise ValueError(f"root is 'ucb' or 'halving', got {root!r}")
        has_planner = game.has_turn_planner()
        if plans == "auto":
            plans = AUTO_PLANS if has_planner else 0
        if not isinstance(plans, int) or plans < 0:
            raise ValueError(f"plans is auto or a number that is not negative, got {plans!r}")
        if not (horizon == "auto" or (isinstance(horizon, int) and horizon >= 0)):
            raise ValueError(f"horizon is auto or a number of turns, got {horizon!r}")
        if plans and not has_planner:
            raise ValueError(f"{game.info.title} has no turn planner for plans=W")
        self.game = game
        self.evaluate = game.evaluation(evaluation)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        if depth == "full":
            depth = None
        if not (depth is None or depth == "auto" or (isinstance(depth, int) and depth >= 0)):
            raise ValueError(f"depth is auto, full or a number of decisions, got {depth!r}")
        self.depth: int | str | None = depth
        self._depth: int | None = None
        self.max_rollout = max_rollout
        self.rollout_agent: Agent | None = None
        self.prior_agent: Agent | None = None
        self.plan_agent: Agent | None = None
        self.bias = bias
        if rollout == "heuristic" or prior == "heuristic" or plans:
            factory = game.agents().get("heuristic")
            if factory is None:
                raise ValueError(f"{game.info.title} has no heuristic agent for rollouts or priors")
            heuristic = factory({})
            self.rollout_agent = heuristic if rollout == "heuristic" else None
            self.prior_agent = heuristic if prior == "heuristic" else None
            self.plan_agent = heuristic
        self.plans = plans
        self.horizon = horizon
        self.reward = reward
        self.root = root
        self.clock = clock
        self._plan: list[str] = []
        self._plan_key: tuple[int, int] = (-1, -1)      # (turn count, seat) the plan was chosen for
        self.last_iterations = 0
        self.last_hint: str | None = None
        self.last_plans: list[tuple[str, ...]] = []
        self.last_visits: list[int] = []
        self.last_values: list[float] = []

    @classmethod
    def from_options(cls, game: Game, options: Mapping[str, str]) -> MCTSAgent:
        """An agent from spec options (texts), each checked against MCTS_OPTIONS."""
        kwargs = {("exploration" if key == "c" else key): value
                  for key, value in parse_options("mcts", options, MCTS_OPTIONS).items()}
        try:
            return cls(game, **kwargs)  # type: ignore[arg-type]
        except ValueError as exc:
            raise AgentSpecError(f"mcts: {exc}") from None

    def reset(self) -> None:
        self._plan = []
        self._plan_key = (-1, -1)

    # ------------------------------------------------------------------------------------------

    def act(self, state: State, rng: Rng) -> Action:
        deadline = None if self.seconds is None else self.clock() + self.seconds
        legal = state.legal_actions()
        if len(legal) == 1:
            if self._plan and self._plan[0] == legal[0].text:
                self._plan.pop(0)
            return legal[0]
        if self.plans:
            chosen = self._act_by_plans(state, legal, rng, deadline)
            if chosen is not None:
                return chosen
        return self._act_by_tree(state, legal, rng, deadline)

    def _out_of_time(self, deadline: float | None) -> bool:
        return deadline is not None and self.clock() >= deadline

    def _act_by_tree(self, state: State, legal: list[Action], rng: Rng,
                     deadline: float | None) -> Action:
        me = state.current_player
        assert me is not None
        if self.plan_agent is not None and self._out_of_time(deadline):
            self.last_iterations = 0          # the plans used up the budget: the heuristic answers
            return self.plan_agent.act(state, rng)
        self._depth = self.depth
        if self.depth == "auto":
            if self.evaluate(state) is None:
                self._depth = None
            else:
                self._depth = AUTO_HEURISTIC_DEPTH if self.rollout_agent is not None else 0
        root = _Node(-1)
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if done > 0 and self._out_of_time(deadline):
                break
            self._iterate(root, state.determinize(me, rng), rng)
            done += 1
        self.last_iterations = done
        self.last_hint = root.hint
        best = max(legal, key=lambda a: (root.children[a.text].visits if a.text in root.children
                                         else -1, -legal.index(a)))
        return best

    # ---- whole-turn plans -------------------------------------------------------------------------

    def _act_by_plans(self, state: State, legal: list[Action], rng: Rng,
                      deadline: float | None) -> Action | None:
        game = self.game
        me = state.current_player
        assert me is not None
        key = (game.turn_count(state), me)
        if self._plan and self._plan_key == key:
            wanted = self._plan.pop(0)
            for a in legal:
                if a.text == wanted:
                    return a
        self._plan = []
        plans = game.turn_plans(state, rng, self.plans, lambda: self._out_of_time(deadline))
        if not plans:
            return None
        by_text = {a.text: a for a in legal}
        plans = [plan for plan in plans if plan and plan[0] in by_text]
        if not plans:
            return None
        horizon = state.num_seats - 1 if self.horizon == "auto" else self.horizon

        def playout(i: int) -> tuple[float, ...] | None:
            return self._play_plan(state.determinize(me, rng), me, plans[i], horizon, rng, deadline)

        if self.root == "halving":
            visits, totals, best = self._halve_plans(len(plans), playout, me, deadline)
        else:
            visits, totals, best = self._ucb_plans(len(plans), playout, me, deadline)
        done = sum(visits)
        self.last_iterations = done
        self.last_hint = plans[0][0]
        self.last_plans = plans
        self.last_visits = visits
        self.last_values = [totals[j] / visits[j] if visits[j] else 0.0 for j in range(len(plans))]
        self._plan = list(plans[best][1:])
        self._plan_key = key
        return by_text[plans[best][0]]

    def _ucb_plans(self, count: int, playout: Callable[[int], tuple[float, ...] | None], me: int,
                   deadline: float | None) -> tuple[list[int], list[float], int]:
        """UCB1 over the plans until the budget ends; the most visited plan is chosen."""
        visits = [0] * count
        totals = [0.0] * count
        c = self.exploration
        done = 0
        while count > 1:
            if self.iterations is not None and done >= self.iterations:
                break
            if self._out_of_time(deadline):     # none at all where the plans used up the budget
                break
            if done < count:
                i = done
            else:
                log_n = math.log(done)
                i = max(range(count),
                        key=lambda j: totals[j] / visits[j] + c * math.sqrt(log_n / visits[j]))
            rewards = playout(i)
            if rewards is None:
                break
            visits[i] += 1
            totals[i] += rewards[me]
            done += 1
        return visits, totals, max(range(count), key=lambda j: (visits[j], -j))

    def _halve_plans(self, count: int, playout: Callable[[int], tuple[float, ...] | None], me: int,
                     deadline: float | None) -> tuple[list[int], list[float], int]:
        """Sequential halving over the plans (Karnin, Koren and Somekh 2013): in rounds, every plan
        still in play gets the same number of playouts, then the worse half by mean reward drops
        out; the budget left is shared evenly over the rounds left. Under a time cap the budget is
        estimated from the time the playouts took so far. The best mean of the last plans in play
        is chosen. Where UCB1 spreads a small budget almost evenly over plans whose values differ
        by a few hundredths, this spends it on telling the best few apart."""
        visits = [0] * count
        totals = [0.0] * count
        alive = list(range(count))
        done = 0
        started = self.clock()
        stopped = count == 1
        while len(alive) > 1 and not stopped:
            budget = math.inf if self.iterations is None else self.iterations
            if deadline is not None and done:
                spent = self.clock() - started
                budget = min(budget, done + (deadline - self.clock()) * done / max(spent, 1e-9))
            rounds_left = math.ceil(math.log2(len(alive)))
            timing = deadline is not None and not done   # one playout each first, to time them
            if budget == math.inf or timing:
                each = 1
            else:
                each = max(1, int((budget - done) / (len(alive) * rounds_left)))
            for _ in range(each):
                for i in alive:
                    if (self.iterations is not None and done >= self.iterations) \
                            or self._out_of_time(deadline):
                        stopped = True
                        break
                    rewards = playout(i)
                    if rewards is None:
                        stopped = True
                        break
                    visits[i] += 1
                    totals[i] += rewards[me]
                    done += 1
                if stopped:
                    break
            if not stopped and not timing:
                alive.sort(key=lambda j: (-totals[j] / visits[j], j))
                alive = alive[:(len(alive) + 1) // 2]
        tried = [j for j in alive if visits[j]]
        best = min(tried, key=lambda j: (-totals[j] / visits[j], j)) if tried else 0
        return visits, totals, best

    def _play_plan(self, state: State, me: int, plan: tuple[str, ...], horizon: int, rng: Rng,
                   deadline: float | None = None) -> tuple[float, ...] | None:
        """Replay `plan` on a determinization, let the heuristic play `horizon` more turns, score;
        None where the deadline passes on the way (the playout is abandoned)."""
        game = self.game
        agent = self.plan_agent
        assert agent is not None
        start = game.turn_count(state)
        index = 0
        steps = 0
        while not state.is_terminal() and steps < self.max_rollout:
            if self._out_of_time(deadline):
                return None
            count = game.turn_count(state)
            if count > start + horizon:
                break
            action = None
            if count == start and index < len(plan) and state.current_player == me:
                wanted = plan[index]
                action = next((a for a in state.legal_actions() if a.text == wanted), None)
                if action is None:
                    index = len(plan)                # off the plan: the heuristic finishes the turn
                else:
                    index += 1
            if action is None:
                action = agent.act(state, rng)
            state.step(action)
            steps += 1
        if state.is_terminal():
            return self._final_rewards(state)
        estimate = self.evaluate(state)
        return estimate if estimate is not None else tuple(0.5 for _ in range(state.num_seats))

    def _iterate(self, root: _Node, state: State, rng: Rng) -> None:
        node = root
        path = [root]
        log = math.log
        sqrt = math.sqrt
        c = self.exploration
        prior = self.prior_agent
        bias = self.bias
        while not state.is_terminal():
            legal = state.legal_actions()
            player = state.current_player
            children = node.children
            if prior is not None and node.hint is None and len(legal) > 1:
                node.hint = prior.act(state, rng).text
            hint = node.hint
            untried = [a for a in legal if a.text not in children]
            if untried:
                hinted = None if hint is None else next((a for a in untried if a.text == hint), None)
                if hinted is not None:
                    action = hinted
                elif len(untried) > 1:
                    action = untried[rng.below(len(untried))]
                else:
                    action = untried[0]
                child = _Node(player)  # type: ignore[arg-type]
                children[action.text] = child
                for a in legal:
                    sibling = children.get(a.text)
                    if sibling is not None:
                        sibling.available += 1
                state.step(action)
                path.append(child)
                break
            best_value = -1.0
            best_action = legal[0]
            for a in legal:
                ch = children[a.text]
                ch.available += 1
                value = ch.total / ch.visits + c * sqrt(log(ch.available) / ch.visits)
                if a.text == hint:
                    value += bias / (1 + ch.visits)
                if value > best_value:
                    best_value = value
                    best_action = a
            node = children[best_action.text]
            state.step(best_action)
            path.append(node)
        rewards = self._rollout(state, rng)
        for n in path[1:]:
            n.visits += 1
            n.total += rewards[n.player]

    def _rollout(self, state: State, rng: Rng) -> tuple[float, ...]:
        steps = 0
        depth = self._depth
        limit = depth if depth is not None else self.max_rollout
        agent = self.rollout_agent
        while not state.is_terminal():
            if steps >= limit:
                estimate = self.evaluate(state)
                if estimate is not None:
                    return estimate
                if depth is not None and steps >= self.max_rollout:
                    break
                limit = self.max_rollout
            legal = state.legal_actions()
            if agent is None:
                action = legal[rng.below(len(legal))]
            else:
                action = agent.act(state, rng)
            state.step(action)
            steps += 1
        if not state.is_terminal():
            return tuple(0.5 for _ in range(state.num_seats))
        return self._final_rewards(state)

    def _final_rewards(self, state: State) -> tuple[float, ...]:
        if self.reward == "win":
            return state.outcome().win_rewards()
        return state.rewards()
