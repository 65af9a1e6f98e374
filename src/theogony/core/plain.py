"""Plain-data support for states: fast cloning and exact JSON encoding, derived from type hints.

A game state is a tree of dataclasses (with slots) holding ints, floats, strings, bools, None, enums,
lists, tuples, dicts, sets and the engine's `Rng`. From the type hints of each dataclass we generate,
once per class, a specialised copy function: immutable parts (atoms, tuples of atoms, frozen
dataclasses) are shared, lists of atoms are copied with `list()`, nested mutable parts are copied
recursively. That is as fast as a hand-written `clone` and can never forget a new field.

Fields typed `Any` or `object` are treated as immutable JSON values (shared on clone, written as is).

Tagged unions: a dataclass family whose root sets the class variable `TAGGED = True` (the decision
frames of core.frames) may hold any subclass where the root or a family base is declared. Such a
value is cloned by its own class, written with its class name under `"$type"`, and read back as the
subclass of the declared type with that name.
"""

from __future__ import annotations

import dataclasses
import enum
import sys
import types
import typing
from typing import Any, Callable

from .errors import SaveFormatError
from .rng import Rng

_ATOMS = (int, float, str, bool, type(None))
TYPE_KEY = "$type"   # the class name of a tagged-union value in JSON

_cloners: dict[type, Callable[[Any], Any]] = {}
_building: set[type] = set()


def _is_frozen_dataclass(tp: Any) -> bool:
    return dataclasses.is_dataclass(tp) and isinstance(tp, type) and tp.__dataclass_params__.frozen


def _strip_optional(tp: Any) -> tuple[Any, bool]:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        optional = len(args) != len(typing.get_args(tp))
        if len(args) == 1:
            return args[0], optional
        if all(a in _ATOMS for a in args):
            return int if args == [int] else str if args == [str] else Any, optional
        raise TypeError(f"unions of several non-atomic types are not supported in states: {tp}")
    return tp, False


def is_immutable(tp: Any) -> bool:
    tp, _ = _strip_optional(tp)
    if tp is Any or tp is object or tp in _ATOMS:
        return True
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return True
    if _is_frozen_dataclass(tp):
        return True
    origin = typing.get_origin(tp)
    if origin is tuple:
        return all(a is Ellipsis or is_immutable(a) for a in typing.get_args(tp))
    if origin is frozenset:
        return True
    if origin is typing.Literal:
        return True
    return False


def _copy_expr(tp: Any, expr: str, env: dict[str, Any], depth: int = 0) -> str:
    """A Python expression that copies the value `expr` of type `tp`."""
    inner, optional = _strip_optional(tp)
    code = _copy_expr_nonoptional(inner, expr, env, depth)
    if optional and code != expr:
        return f"(None if {expr} is None else {code})"
    return code


def _copy_expr_nonoptional(tp: Any, expr: str, env: dict[str, Any], depth: int) -> str:
    if is_immutable(tp):
        return expr
    if tp is Rng:
        return f"{expr}.clone()"
    v = f"_v{depth}"
    k = f"_k{depth}"
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is list:
        (item,) = args
        if is_immutable(item):
            return f"{expr}.copy()"
        return f"[{_copy_expr(item, v, env, depth + 1)} for {v} in {expr}]"
    if origin is dict:
        _, val = args
        if is_immutable(val):
            return f"{expr}.copy()"
        return f"{{{k}: {_copy_expr(val, v, env, depth + 1)} for {k}, {v} in {expr}.items()}}"
    if origin is set:
        return f"{expr}.copy()"
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"tuple({_copy_expr(args[0], v, env, depth + 1)} for {v} in {expr})"
        parts = [_copy_expr(a, f"{expr}[{i}]", env, depth + 1) for i, a in enumerate(args)]
        return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"
    if dataclasses.is_dataclass(tp) and isinstance(tp, type) and getattr(tp, "TAGGED", False):
        env["_clone_tagged"] = clone
        return f"_clone_tagged({expr})"
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        name = f"_clone_{tp.__name__}_{id(tp)}"
        if tp in _building:  # a recursive type: bind late
            env[name] = lambda obj, _tp=tp: _cloners[_tp](obj)
        else:
            env[name] = cloner(tp)
        return f"{name}({expr})"
    raise TypeError(f"type {tp!r} is not supported in a plain-data state")


def cloner(cls: type) -> Callable[[Any], Any]:
    """The generated copy function of dataclass `cls` (cached)."""
    fn = _cloners.get(cls)
    if fn is not None:
        return fn
    hints = typing.get_type_hints(cls)
    env: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    _building.add(cls)
    lines = ["def _clone(o):", "    n = _new(_cls)"]
    for f in dataclasses.fields(cls):
        lines.append(f"    n.{f.name} = {_copy_expr(hints[f.name], 'o.' + f.name, env)}")
    lines.append("    return n")
    exec("\n".join(lines), env)  # noqa: S102 - generated from type hints only
    fn = env["_clone"]
    _building.discard(cls)
    _cloners[cls] = fn
    return fn


def clone(obj: Any) -> Any:
    return cloner(type(obj))(obj)


# --------------------------------------------------------------------------------------------
# JSON encoding


def encode(obj: Any) -> Any:
    """A JSON-able value for `obj`; decode(type, encode(obj)) == obj."""
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, Rng):
        return obj.to_json()
    if dataclasses.is_dataclass(obj):
        out = {f.name: encode(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
        if getattr(obj, "TAGGED", False):
            out[TYPE_KEY] = type(obj).__name__
        return out
    if isinstance(obj, (list, tuple)):
        return [encode(x) for x in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted((encode(x) for x in obj), key=repr)
    if isinstance(obj, dict):
        if all(isinstance(key, str) for key in obj):
            return {key: encode(v) for key, v in obj.items()}
        return {"__pairs__": [[encode(key), encode(v)] for key, v in obj.items()]}
    raise TypeError(f"cannot encode {type(obj).__name__} in a plain-data state")


def decode(tp: Any, data: Any, where: str = "state") -> Any:
    """Rebuild a value of type `tp` from `encode`'s output; SaveFormatError on anything malformed."""
    try:
        return _decode(tp, data, where)
    except SaveFormatError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise SaveFormatError(f"malformed value at {where}: {exc}") from None


def _bad(where: str, expected: str, data: Any) -> SaveFormatError:
    shown = repr(data)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return SaveFormatError(f"at {where}: expected {expected}, got {shown}")


def _decode(tp: Any, data: Any, where: str) -> Any:
    inner, optional = _strip_optional(tp)
    if data is None:
        if optional or inner is Any or inner is object or inner is type(None):
            return None
        raise _bad(where, str(inner), data)
    tp = inner
    if tp is Any or tp is object:
        return data
    if tp is bool:
        if not isinstance(data, bool):
            raise _bad(where, "true/false", data)
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise _bad(where, "an integer", data)
        return data
    if tp is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise _bad(where, "a number", data)
        return float(data)
    if tp is str:
        if not isinstance(data, str):
            raise _bad(where, "a string", data)
        return data
    if tp is Rng:
        return Rng.from_json(data)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp(data)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Literal:
        if data not in args:
            raise _bad(where, f"one of {args}", data)
        return data
    if origin in (list, set, frozenset):
        if not isinstance(data, list):
            raise _bad(where, "a list", data)
        items = [_decode(args[0], x, f"{where}[{i}]") for i, x in enumerate(data)]
        return origin(items) if origin is not list else items
    if origin is tuple:
        if not isinstance(data, list):
            raise _bad(where, "a list", data)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], x, f"{where}[{i}]") for i, x in enumerate(data))
        if len(data) != len(args):
            raise _bad(where, f"a list of {len(args)} items", data)
        return tuple(_decode(a, x, f"{where}[{i}]") for i, (a, x) in enumerate(zip(args, data)))
    if origin is dict:
        key_t, val_t = args
        if not isinstance(data, dict):
            raise _bad(where, "an object", data)
        if "__pairs__" in data:
            return {_decode(key_t, k, f"{where}.key"): _decode(val_t, v, f"{where}[{k!r}]")
                    for k, v in data["__pairs__"]}
        return {_decode(key_t, k, f"{where}.key"): _decode(val_t, v, f"{where}.{k}")
                for k, v in data.items()}
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        if not isinstance(data, dict):
            raise _bad(where, f"an object for {tp.__name__}", data)
        if getattr(tp, "TAGGED", False):
            tp = _tagged_member(tp, data, where)
            data = {k: v for k, v in data.items() if k != TYPE_KEY}
        hints = _hints(tp)
        names = [f.name for f in dataclasses.fields(tp)]
        missing = [n for n in names if n not in data]
        extra = [k for k in data if k not in hints]
        if missing or extra:
            raise SaveFormatError(
                f"at {where}: {tp.__name__} fields do not match"
                + (f"; missing {missing}" if missing else "")
                + (f"; unknown {extra}" if extra else ""))
        obj = object.__new__(tp)
        for n in names:
            object.__setattr__(obj, n, _decode(hints[n], data[n], f"{where}.{n}"))
        return obj
    raise TypeError(f"type {tp!r} is not supported in a plain-data state")


_hint_cache: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    hints = _hint_cache.get(cls)
    if hints is None:
        hints = _hint_cache[cls] = typing.get_type_hints(cls)
    return hints


_tagged_cache: dict[type, dict[str, type]] = {}


def _family(tp: type) -> dict[str, type]:
    """The concrete classes a value declared as `tp` may be, by class name."""
    found: dict[str, type] = {}
    todo = [tp]
    while todo:
        cls = todo.pop()
        if not _is_current(cls):
            continue
        other = found.get(cls.__name__)
        if other is not None and other is not cls:
            # a local dataclass(slots=True) leaves its unslotted original behind: keep the new one
            slotted = [c for c in (other, cls) if "__slots__" in vars(c)]
            if len(slotted) == 1:
                found[cls.__name__] = slotted[0]
                todo.extend(cls.__subclasses__())
                continue
            raise TypeError(f"two classes named {cls.__name__} under {tp.__name__}: tagged-union "
                            "members need distinct names")
        found[cls.__name__] = cls
        todo.extend(cls.__subclasses__())
    return found


def _is_current(cls: type) -> bool:
    """False for the class that `@dataclass(slots=True)` replaced by a new one (it lingers among
    its base's subclasses until collected) and for any other class its module no longer names."""
    if "<locals>" in cls.__qualname__:
        return True
    module = sys.modules.get(cls.__module__)
    named: Any = module
    for part in cls.__qualname__.split("."):
        named = getattr(named, part, None)
    return named is cls


def _tagged_member(tp: type, data: dict[str, Any], where: str) -> type:
    name = data.get(TYPE_KEY)
    if not isinstance(name, str):
        raise _bad(where, f"an object with {TYPE_KEY!r} naming a kind of {tp.__name__}", data)
    family = _tagged_cache.get(tp)
    if family is None or name not in family:
        family = _tagged_cache[tp] = _family(tp)
    member = family.get(name)
    if member is None:
        raise SaveFormatError(f"at {where}: unknown {tp.__name__} kind {name!r}; known: "
                              f"{', '.join(sorted(family))}")
    return member
