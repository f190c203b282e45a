"""The numbers the Python lowering (lower.py) and the native core (the .pxi files) share, written
once. interpreter/native/consts.pxi is generated from this file (`python
interpreter/native/consts.py`, and setup.py before it compiles the core);
tests/test_native_consts.py fails when the checked-in consts.pxi is not current.

Each `# -- ` line opens a group (one `cdef enum:` block); the comment after an assignment goes
into the .pxi too. Plain integers only: this module imports nothing, so setup.py can run it from
its path before the package is installed.
"""
from __future__ import annotations

# -- sizes of the native core's fixed arrays (a pack beyond them runs in Python)
MAXP = 8
MAXR = 8
MAXC = 16
MAXS = 4
MAXHAND = 20
MAXBUILT = 64
MAXCH = 64
MAXWILD = 8
MAXTOK = 48
MAXDISC = 512
MAXOWED = 64
MAXMOVES = 4096  # 20 cards x (64 builds + power + 64 stage payments + sale) at most
MAXOPT = 64
MAXCOST = 8
MAXCHAIN = 8
PERC = 12  # either/or choices, wild symbols, discounts in one contribution
NAMEW = 16
MAXLINES = 32
MAXCOPY = 8
MAXSTATES = 1300
MAXNH = 2  # second hands (by name) per city
MAXH2 = 24  # cards in one second hand
MAXTK = 4  # token kinds a pack declares
HELD = 5000  # dsl/limits.py LIMITS.held (checked equal by lower.py)
MAXTRIG = 32  # triggers in one city
MAXBOX = 256  # cards in the box
MAXSTEPS = 64  # phases in the schedule
MAXEVENTS = 64
MAXREL = 4
MAXSTR = 4
MAXSTG = 8  # wonder stages on one side
MAXBURY = 8  # cards one city buries
MAXTRACKS = 8  # per-city tracks a pack declares (rules: tracks)
MAXTSTEPS = 64  # their steps, all tracks together
MAXTWARS = 4  # conflicts along tracks (rules: track_conflicts)
MAXADV = 32  # `advance ... for RESOURCES` hooks in a pack (their prices)
MAXGIFT = 8  # `produce ... for SIDES` effects one city holds, or takes from others
MAXPROJ = 10  # shared projects in a pack (one per age: rules' ages <= 10)
MAXRULE = 16  # rules changes (`rule ...`) one city holds
NSHIFT = 10  # rules numbers a change can move: RS_* below, then one per token kind
MAXTILES = 64  # law tiles in a tower
MAXLAWFX = 4  # rules changes on one law tile
MAXDRAW = 8  # law tiles one player draws
MAXTOWER = 64  # law tiles placed on the tower
MAXHELD = 8  # effects with an end (`until age ends`) one city holds, or has seen end

# -- wild science symbols settled after the others (science.MOST, SWAP)
SCI_MOST = 16384  # one more of a symbol the city has most of
SCI_SWAP = 32768  # one of its symbols becomes any symbol

# -- hook kinds (HookC.kind)
H_GAIN = 1  # the gain primitive: period the quantity (Q_*), ref its kind, seatmask 1 paid to the owner
H_VP = 2
H_FREE = 3
H_PLAYLAST = 4
H_DISCARD = 5
H_COPYEND = 6
H_COST = 7
H_GIVEDEF = 8
H_TRIGGER = 9
H_DRAW = 10
H_HANDBUILD = 11
H_COPYNOW = 12
H_RELATIVE = 15
H_STRENGTH = 16
H_DISCOWN = 17  # discard own COLOUR card for N coins (own_cards.pxi)
H_FARTRADE = 18  # trade N seats away (far_trade.pxi): amount the price, ref N
H_PLAYTWO = 19  # play two cards once per game (period 1) or age (2): second.pxi
H_BURY = 20  # bury card from HAND (ref) for N (amount) vp per coin: own_cards.pxi
H_ADVANCE = 22  # advance track `ref` one step, paying `amount` coins and price `inner` (-1: none)
H_GIFT = 23  # production for other cities (seats): the contribution `inner`, amount units
H_EXCHANGE = 24  # exchange N (amount) same for 1 any: exchange.pxi
H_REMOVE = 25  # remove N (amount; 0 all) tokens: cond 1 victory, 2 defeat, 0 the kind ref
H_RULE = 26  # `rule NAME +N for TARGET`: amount added to rules number ref (RS_*) for seats
H_HOLD = 27  # the contribution `inner` held in the owner's city until the event `period` (durations.pxi)

# -- the quantity a gain changes (an H_GAIN row's period)
Q_COINS = 0
Q_TOKENS = 1  # tokens of the pack's kind `ref`
Q_CTOKENS = 2  # conflict tokens outside a war: ref 1 the current age's victory token, 0 a defeat

# -- rules numbers a `rule` change moves (a token kind k: RS_TOKEN + k)
RS_TRADE = 0
RS_SELL = 1
RS_VICTORY = 2
RS_DEFEAT = 3
RS_PASS = 4
RS_SCISET = 5
RS_TOKEN = 6

# -- cost change units (a cost change's period)
U_RESOURCE = 1
U_COIN = 2
U_ALL = 3
U_ALLRES = 4
U_BANK = 5
U_REBATE = 6
U_FIRST = 7

# -- events (a trigger's period); phase kinds
E_BUILD = 1
E_CHAIN = 2
E_STAGE = 3
E_BUY = 4
E_WIN = 5
E_LOSE = 6
E_TAKE = 7
E_AGESTART = 8
E_AGEEND = 9
E_GAMEEND = 10
E_SOLD = 11  # a neighbour bought from the city (colour: the buyer's side, 1 left, 2 right)
PH_AGE = 0
PH_DRAFT = 1
PH_RECRUIT = 2

# -- counted things (CounterC.what)
W_CARD = 1
W_STAGE = 2
W_DEFEAT = 3
W_VICTORY = 4
W_COIN = 5
W_SET = 6
W_SCISET = 7
W_AGE = 8
W_TOKEN = 9
W_PRODUCED = 10
W_TUCKED = 11  # cards of the colour of the card under the owner's stage (token: the stage)
W_VPAIR = 12  # each pair of victory tokens of one value: that value once
W_SHIELD = 13  # shields (only a target chosen by a count counts them)
SEAT_OTHERS = 7  # the seat code of every city but the owner's (counting.OTHERS)

# -- a pick row's cond (PickSeats.how); a vp condition's cond (CountTest); a trigger's limit
PK_MOST = 1
PK_FEWEST = 2
PK_NONE = 3
PK_ATLEAST = 4
CT_NONE = 1
CT_ATMOST = 2
CT_MORE = 3
CT_MOST = 4
LIM_NONE = 0
LIM_AGE = 1  # once per age (HookC.ref of a trigger)
LIM_GAME = 2  # once per game
PER_AGE = 0  # a free build's period: once per age
PER_GAME = 1  # once per game
PER_AGEFIRST = 2  # the first card of each age
PER_AGELAST = 3  # the last card of each age

# -- a hook row's columns (lower._row writes them, api_pack.pxi reads them into HookC)
HR_KIND = 0
HR_AMOUNT = 1
HR_COND = 2
HR_PERIOD = 3
HR_COLORS = 4  # a colour mask
HR_NSEATS = 5
HR_SEATS = 6  # three columns: the seat codes
HR_SCISET = 9
HR_STAGES = 10
HR_SEATMASK = 11
HR_RESOURCES = 12  # a resource mask
HR_INNER = 13
HR_REF = 14
HR_COUNTER = 15  # the counter's columns follow (CR_*)
CR_HAS = 0
CR_WHAT = 1
CR_COLORS = 2
CR_EVERY = 3
CR_TOKEN = 4
CR_NSEATS = 5
CR_SEATS = 6  # then its seat codes

# -- actions and free kinds of a move; policies; trace records
A_BUILD = 0
A_WONDER = 1
A_SELL = 2
A_KEEP = 3
A_LAW = 4  # a hand card spent to place a law tile (Move.stage: the tile)
ACT_ALL = 7  # build | wonder | sell, as bits 1 << A_*
F_NONE = 0
F_CHAIN = 1
F_POWER = 2
P_RANDOM = 0
P_GREEDY = 1
T_MOVES = 1
T_CARD = 2
T_STATE = 3


def pxi_text(source: str) -> str:
    """consts.pxi for this module's source: one `cdef enum:` per group, comments kept."""
    import ast  # here, so that importing the constants costs nothing

    values: dict[str, int] = {}
    exec(compile(source, "consts.py", "exec"), {}, values)  # noqa: S102 - our own file
    lines = source.splitlines()
    rows: dict[int, str] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                and isinstance(node.targets[0], ast.Name) and isinstance(values.get(node.targets[0].id), int):
            name = node.targets[0].id
            text = lines[node.lineno - 1]
            comment = text.split("#", 1)[1].strip() if "#" in text else ""
            row = f"    {name} = {values[name]}"
            rows[node.lineno] = f"{row:<24}# {comment}" if comment else row
    out = ["# Generated from interpreter/native/consts.py (python interpreter/native/consts.py): "
           "do not edit.", "# Included by defs.pxi; lower.py imports the same names."]
    for i, text in enumerate(lines, start=1):
        if text.startswith("# -- "):
            out += ["", f"# {text[5:]}", "cdef enum:"]
        elif i in rows:
            out.append(rows[i])
    return "\n".join(out) + "\n"


def write_pxi() -> bool:
    """Write consts.pxi beside this file when it is not current; True when it changed."""
    from pathlib import Path

    here = Path(__file__).resolve().parent
    text = pxi_text((here / "consts.py").read_text(encoding="utf-8"))
    target = here / "consts.pxi"
    if target.exists() and target.read_text(encoding="utf-8") == text:
        return False
    target.write_text(text, encoding="utf-8")
    return True


if __name__ == "__main__":
    print("consts.pxi written" if write_pxi() else "consts.pxi is current")
