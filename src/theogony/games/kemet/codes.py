"""The fixed integer action-code layout of Kemet (for RL / OpenSpiel adapters)."""

from .content import COMPANIONS, DI_CARDS, NZ, SPACES, TILES

DONE = 0          # done / skip / stop / end turn / decline
YES = 1           # accept (night sacrifices)
RETREAT = 2
RECALL = 3
STAY = 4
NUM = 10          # NUM + k: a number k in 0..19
ZONE = 30         # ZONE + zone index
TELE = ZONE + NZ + 2          # teleport to zone
SPACE = TELE + NZ + 2         # colour token on space
SILVER = SPACE + len(SPACES)  # silver token on space
GOLD = SILVER + len(SPACES)   # gold action of tile
TILE = GOLD + len(TILES)      # acquire tile
DI = TILE + len(TILES)        # play / commit DI card id
BCARD = DI + len(DI_CARDS)    # battle card id
ATTACH = BCARD + 12           # companion k * 4 + quarter 0..2, +3 = to supply
COMPMOVE = ATTACH + 4 * len(COMPANIONS)   # companion k * 2 + (0 leave, 1 bring/pick)
BUILD = COMPMOVE + 2 * len(COMPANIONS)    # quarter * 4 + level - 1
BUILD_NEW = BUILD + 12                    # (quarter * 5 + colour) * 4 + level - 1
CITY = BUILD_NEW + 60
LAYOUT = CITY + 6
COLOUR = LAYOUT + 8
POS = COLOUR + 5
WARRIOR = POS + 6                         # +0 leave one warrior, +1 pick up one warrior
ACTION = WARRIOR + 2                      # resolve a pending action kind 0..6, gold actions 7..10
# team mode (team.py)
TEAM_SETUP = ACTION + 12                  # empty quarter index * 2 + which ally joins which quarter
GIVE_PP = TEAM_SETUP + 6                  # + ally seat
GIVE_VET = GIVE_PP + 6                    # + ally seat
TWARRIOR = GIVE_VET + 6                   # seat * 2 + (0 leave one warrior, 1 pick one up)
DEFEND = TWARRIOR + 12                    # + seat chosen as the defender of a mixed troop
TDESTINY = DEFEND + 6                     # seat * 6 + turn-order position
MERC = TDESTINY + 36                      # hire a Mercenary in own quarter 0..2 (KM-3.4.2.3)
# Gods of Egypt (gods.py)
GOD = MERC + 3                            # + god index: embody that God at setup
GOD_TILE = GOD + 6                        # acquire one's God tile
GOD_DEPLOY = GOD_TILE + 1                 # + own quarter 0..2: deploy / place the God figure
NUM_CODES = GOD_DEPLOY + 3
