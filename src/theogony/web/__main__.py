"""`python -m theogony.web [--host H] [--port P] [--db URL]`: the same as `theogony serve`."""

import argparse

from . import serve
from .limits import ServerSettings

parser = argparse.ArgumentParser(prog="python -m theogony.web", description="Run the theogony web server.")
parser.add_argument("--host", default="127.0.0.1")
parser.add_argument("--port", type=int, default=8000)
parser.add_argument("--db", default=None, help="SQLite file path or SQLAlchemy URL (postgresql://...)")
parser.add_argument("--idle-seconds", type=float, default=300.0,
                    help="default idle time after which other seats may hand a waiting seat to a bot")
parser.add_argument("--allow-seeds", action="store_true",
                    help="let clients choose seeds (development and tests only)")
args = parser.parse_args()
serve(args.host, args.port, args.db, idle_seconds=args.idle_seconds,
      settings=ServerSettings(allow_seeds=args.allow_seeds))
