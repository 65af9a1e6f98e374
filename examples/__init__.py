"""Examples of using theogony: research scripts and `toygame`, the complete example game that
docs/contributing.md walks through."""
