def render_text(view):
    import json
    return json.dumps(view, indent=1)
