from theogony.core import TheogonyError


class AgentSpecError(TheogonyError, ValueError):
    """An agent spec that names an unknown agent or option, or a bad option value."""
