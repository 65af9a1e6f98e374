"""Strict, typed agent options: the one parser every agent factory uses (the schema type,
`Option`, is the core's, so games can declare their agents' options)."""

from __future__ import annotations

from collections.abc import Mapping

from theogony.core.options import Option, OptionSchema, OptionValue

from .errors import AgentSpecError

__all__ = ["Option", "OptionSchema", "OptionValue", "parse_options"]


def parse_options(agent: str, options: Mapping[str, str], schema: OptionSchema) -> dict[str, OptionValue]:
    """Each option of `agent` parsed by its schema entry; an unknown option or a value the entry
    refuses raises AgentSpecError naming the option, the value and what was expected."""
    parsed: dict[str, OptionValue] = {}
    for key, text in options.items():
        option = schema.get(key)
        if option is None:
            known = f"options: {', '.join(schema)}" if schema else "it takes no options"
            raise AgentSpecError(f"agent {agent!r} has no option {key!r}; {known}")
        value = option.parse(text)
        if value is None:
            raise AgentSpecError(
                f"agent {agent!r} option {key}={text!r} is refused: expected {option.expected()}")
        parsed[key] = value
    return parsed
