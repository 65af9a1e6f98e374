from __future__ import annotations

import json


def render_text(view):
    return json.dumps(view, indent=1, default=str)
