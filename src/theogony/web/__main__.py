"""`python -m theogony.web [--host H] [--port P] [--db URL] [limits]`: the same as `theogony serve`."""

import argparse

from . import serve
from .limits import ServerSettings

defaults = ServerSettings()
parser = argparse.ArgumentParser(prog="python -m theogony.web", description="Run the theogony web server.")
parser.add_argument("--host", default="127.0.0.1")
parser.add_argument("--port", type=int, default=8000)
parser.add_argument("--db", default=None, help="SQLite file path or SQLAlchemy URL (postgresql://...)")
parser.add_argument("--idle-seconds", type=float, default=300.0,
                    help="default idle time after which other seats may hand a waiting seat to a bot")
parser.add_argument("--allow-seeds", action="store_true",
                    help="let clients choose seeds (development and tests only)")
parser.add_argument("--create-per-minute", type=float, default=defaults.create_per_minute,
                    help="new matches per minute from one client address, on average")
parser.add_argument("--create-burst", type=int, default=defaults.create_burst,
                    help="new matches from one client address at once")
args = parser.parse_args()
try:
    settings = ServerSettings(allow_seeds=args.allow_seeds, create_per_minute=args.create_per_minute,
                              create_burst=args.create_burst)
except ValueError as exc:
    parser.error(str(exc))
serve(args.host, args.port, args.db, idle_seconds=args.idle_seconds, settings=settings)
