"""The toy's action codes: one declared code space (core.codes)."""

from theogony.core.codes import CodeSpace

CODES = CodeSpace("toy", {"draw": (), "play": (9,), "pass": ()})   # play v -> code v
