"""Sizes of the source: modules over MAX_MODULE_LINES lines and functions over MAX_FUNCTION_LINES
lines (docs/contributing.md, "Sizes")."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "theogony"
MAX_MODULE_LINES = 800
MAX_FUNCTION_LINES = 80


def long_modules() -> dict[str, int]:
    out = {}
    for path in sorted(SRC.rglob("*.py")):
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > MAX_MODULE_LINES:
            out[str(path.relative_to(SRC))] = n
    return out


def long_functions() -> dict[str, int]:
    """`module:qualified.name` -> lines, for every function longer than the limit, not counting
    the functions nested in it (each is measured itself). Data tables (a function whose body is one
    literal) and the observation encoders (`encode_view` in an `encoding.py`) are not counted."""
    out = {}
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name, node in _functions(tree, ""):
            if path.name == "encoding.py" and node.name == "encode_view":
                continue
            n = _span(node) - sum(_span(inner) for inner in _nested(node))
            if n > MAX_FUNCTION_LINES and not _is_table(node):
                out[f"{path.relative_to(SRC)}:{name}"] = n
    return out


def _span(node: ast.AST) -> int:
    return (node.end_lineno or node.lineno) - node.lineno + 1  # type: ignore[attr-defined]


def _nested(fn: ast.AST) -> list[ast.AST]:
    """The functions and classes directly nested in `fn` (at any statement depth)."""
    found = []
    todo = list(ast.iter_child_nodes(fn))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            if not isinstance(node, ast.Lambda):
                found.append(node)
            continue
        todo.extend(ast.iter_child_nodes(node))
    return found


def _functions(node: ast.AST, prefix: str):
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield prefix + child.name, child
            yield from _functions(child, prefix + child.name + ".")
        elif isinstance(child, ast.ClassDef):
            yield from _functions(child, prefix + child.name + ".")


def _is_table(fn: ast.AST) -> bool:
    body = [s for s in fn.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    literal = (ast.Dict, ast.List, ast.Tuple, ast.Set, ast.Constant)
    return len(body) == 1 and isinstance(getattr(body[0], "value", None), literal)


if __name__ == "__main__":
    for key, n in {**long_modules(), **long_functions()}.items():
        print(f"{n:5d}  {key}")
