"""One subpackage per game; each defines GAME (a theogony.core.Game), found by the registry.

DESIGN names both a function `theogony.games()` and this package `theogony.games`. Once the package
is imported it shadows the function as an attribute of `theogony`, so the package itself is made
callable: `theogony.games()` lists the game ids either way.
"""

import sys
import types


class _CallablePackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from theogony.core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
