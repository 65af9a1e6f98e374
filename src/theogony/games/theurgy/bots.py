"""Placeholder replaced below."""


def heuristic_agent(options):
    raise NotImplementedError


def evaluate(state):
    return None
