"""Fuzzing of the JSON API from its own OpenAPI document (schemathesis, in process through ASGI):
no generated request may crash the server (5xx) or get a status its document does not name.
Requests go to unknown matches and to real ones (running, finished) with and without a seat
token, in schemathesis' positive (valid by the document) and negative (invalid) modes."""

from __future__ import annotations

import pytest

schemathesis = pytest.importorskip("schemathesis", reason="the fuzz test needs schemathesis (dev extra)")

from fastapi.testclient import TestClient  # noqa: E402
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402
from hypothesis.errors import Unsatisfiable  # noqa: E402
from schemathesis import GenerationMode  # noqa: E402
from schemathesis.checks import not_a_server_error, status_code_conformance  # noqa: E402

from theogony.web.limits import ServerSettings  # noqa: E402

CASES = 15  # per operation and mode: 13 operations x 2 modes x 15, about 400 requests


def real_matches(app) -> list[dict[str, str]]:
    """A running match (with the deciding seat's token and the other's) and a finished one, as
    fixed path parameters and headers for the fuzzer. No lifespan: the app stays open."""
    client = TestClient(app)
    made = [client.post("/api/matches", json={"game": "toy", "seats": ["human", "human"], "seed": s,
                                                 "hold": [0, 1]}).json()
            for s in (1, 2)]
    finished = made[1]
    for _ in range(200):
        snap = client.get(f"/api/matches/{finished['id']}").json()
        if snap["status"] == "finished":
            break
        seat = str(snap["current_player"])
        mine = client.get(f"/api/matches/{finished['id']}", headers={"X-Seat-Token": finished["tokens"][seat]}).json()
        client.post(f"/api/matches/{finished['id']}/actions", headers={"X-Seat-Token": finished["tokens"][seat]},
                    json={"action": mine["legal"][0], "version": mine["revision"]})
    assert snap["status"] == "finished"
    return [{"match_id": m["id"], "token": m["tokens"][seat]} for m in made for seat in ("0", "1")]


def test_the_api_answers_every_generated_request_as_documented(app_factory):
    # generous creation limits, so that the fuzzer reaches more than the rate limiter
    app = app_factory(settings=ServerSettings(allow_seeds=True, create_burst=10_000,
                                              create_per_minute=600_000))
    contexts = real_matches(app)
    schema = schemathesis.openapi.from_asgi("/api/openapi.json", app)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 12
    answered: dict[str, set[int]] = {}
    for operation in operations:
        label = f"{operation.method.upper()} {operation.path}"
        for mode in GenerationMode:
            strategies = [operation.as_strategy(mode)]
            if "{match_id}" in operation.path:
                strategies += [operation.as_strategy(
                    mode, path_parameters={"match_id": c["match_id"]}, headers={"X-Seat-Token": c["token"]},
                    query={"wait": 0} if operation.method == "get" and label.endswith("}") else None)
                    for c in contexts]

            @given(case=st.one_of(strategies))
            @settings(max_examples=CASES, deadline=None, derandomize=True, database=None,
                      suppress_health_check=list(HealthCheck))
            def fuzz(case) -> None:
                response = case.call_and_validate(checks=[not_a_server_error, status_code_conformance])
                answered.setdefault(label, set()).add(response.status_code)

            try:
                fuzz()
            except Unsatisfiable:  # nothing to make invalid (no parameters, no body)
                assert mode is GenerationMode.NEGATIVE, label
    assert set(answered) == {f"{o.method.upper()} {o.path}" for o in operations}
    print({label: sorted(codes) for label, codes in answered.items()})
