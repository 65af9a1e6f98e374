"""The components part (core.game.PARTS): every player-facing Theocratia component with its text,
built from the content (content.py)."""

from __future__ import annotations

from theogony.core.components import Component

from .content import BOT_CARDS, CONVERSION_TILES, DEVELOPMENTS, POWER_DEFS, ROUND_BONUSES, TOKENS


def components() -> list[Component]:
    """Every Power card, Round Bonus, Development card, Pyramid token and Bot card with its text
    (read at call time, so a `--content` override set before loading shows its own texts)."""
    out = [Component("Power card", "power:" + c.id, c.name, c.text,
                     (("cost", f"{c.cost} Cosmo"), ("copies", str(c.copies)))) for c in POWER_DEFS]
    out += [Component("Round Bonus card", "bonus:" + b.id, b.name, b.text) for b in ROUND_BONUSES]
    out += [Component("Development card", "development:" + d.id, d.name, d.text)
            for d in DEVELOPMENTS]
    out += [Component("Pyramid token", "token:" + t.id, t.name, t.text,
                      (("copies", str(t.copies)),)) for t in TOKENS]
    out += [Component("Conversion tile", "conversion:" + t.id, t.name, t.text)
            for t in CONVERSION_TILES]
    out += [Component("Bot card", "bot:" + b.id, f"Bot card {b.number} ({b.id})", b.text,
                      (("die", str(b.die)), ("action", b.action)))
            for b in BOT_CARDS]
    return out
