# Sizes, codes and the C structs of the native core (interpreter/native/lower.py checks a pack
# fits them; the numbers there must match these).
from libc.stdint cimport uint64_t
from libc.string cimport memcpy, memset
from libc.stdlib cimport malloc, calloc, realloc, free
from libc.math cimport pow

cdef enum:
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
    MAXMOVES = 1024
    MAXOPT = 64
    MAXCOST = 8
    MAXCHAIN = 8
    PERC = 12
    NAMEW = 16
    MAXLINES = 32
    MAXCOPY = 8
    MAXSTATES = 1300

# hook kinds (lower.py: H_*)
cdef enum:
    H_COINS = 1
    H_VP = 2
    H_FREE = 3
    H_PLAYLAST = 4
    H_DISCARD = 5
    H_COPYEND = 6
    H_FIRSTCOLOR = 7
    H_GIVEDEF = 8

# counted things (lower.py: WHAT)
cdef enum:
    W_CARD = 1
    W_STAGE = 2
    W_DEFEAT = 3
    W_VICTORY = 4
    W_COIN = 5
    W_SET = 6
    W_SCISET = 7
    W_AGE = 8
    W_TOKEN = 9

# actions and free kinds of a move; policies; trace records
cdef enum:
    A_BUILD = 0
    A_WONDER = 1
    A_SELL = 2
    F_NONE = 0
    F_CHAIN = 1
    F_POWER = 2
    P_RANDOM = 0
    P_GREEDY = 1
    T_MOVES = 1
    T_CARD = 2
    T_STATE = 3

cdef struct CounterC:
    int has
    int what
    int colors
    int every
    int nseats
    int seats[3]

cdef struct HookC:
    int kind
    int amount
    int cond
    int period
    int colors
    int nseats
    int seats[3]
    CounterC counter

cdef struct ContribC:
    int fixed[MAXR]
    int fixed_private[MAXR]
    int nch
    int ch[PERC]
    int nchp
    int chp[PERC]
    int shields
    int science[MAXS]
    int nwild
    int wild[PERC]
    int ndisc
    int disc_res[PERC]
    int disc_seats[PERC]
    int disc_price[PERC]
    int hook0
    int nhooks
    int line
    int produces
    int has_science
    int units
    int builds

cdef struct CardC:
    int color
    int cost_coins
    int cost_per_age
    int ncost
    int cost_r[MAXCOST]
    int cost_n[MAXCOST]
    int cost_units
    int any_cost
    int name
    int contrib
    int nchain
    int chain[MAXCHAIN]

cdef struct StageC:
    int cost_coins
    int cost_per_age
    int ncost
    int cost_r[MAXCOST]
    int cost_n[MAXCOST]
    int contrib

cdef struct SideC:
    int board
    int nstages
    int stage0

cdef struct PackC:
    int n_res
    int n_col
    int n_sym
    int n_lines
    int n_print
    int ages
    int starting_coins
    int sell_coins
    int trade_price
    int treasury
    int set_bonus
    int defeat
    int nvictory
    int victory[16]
    int passdir[16]
    int line_military
    int line_treasury
    int line_science
    int ncards
    CardC* cards
    ContribC* contribs
    HookC* hooks
    StageC* stages
    SideC* sides
    int nwonders
    int* wonder_sides   # nwonders x 4: side ids (-1 past the last), sorted by side name
    int* wonder_nsides

cdef struct AgeDeal:
    int ndeck
    int* deck
    int nsamples
    int* pool_len
    int** pools
    int* pool_k

cdef struct Move:
    int card
    int action
    int left
    int right
    int free
    int extra

cdef struct Opt:
    int l
    int r

cdef struct City:
    int side
    int nstages
    int stages_built
    int coins
    int ncards
    short cards[MAXBUILT]
    uint64_t names[NAMEW]
    int color_counts[MAXC]
    int fixed[MAXR]
    int fixed_trade[MAXR]
    int nch
    unsigned short ch[MAXCH]
    int ntch
    unsigned short tch[MAXCH]
    int choice_count[MAXR]
    int trade_count[MAXR]
    int shields
    int science[MAXS]
    int nwild
    unsigned short wild[MAXWILD]
    int prices[3][MAXR]
    int ntok
    short tok[MAXTOK]
    int free_build        # -1: none; else the period (0 age, 1 game)
    int free_build_colors
    int free_build_used
    int free_turns        # bit 0: first turn of each age free, bit 1: the last
    int colour_first
    int play_last
    int defeats_to_winner
    int ncopies
    short copies[MAXCOPY]
    int nsold
    short sold[MAXBUILT]
    int ntucked
    short tucked[MAXBUILT]

cdef struct Trace:
    int* buf
    int len
    int cap

cdef struct Game:
    int n
    int age
    int turn
    int in_age           # 1 while an age is being played (between its deal and its war)
    int last             # turns in an age (the hand size less one)
    int hand_size
    int turns_played
    int actions
    int done
    uint64_t rng_deal
    uint64_t rng_bot[MAXP]
    int policy[MAXP]
    City city[MAXP]
    int hand_len[MAXP]
    short hand[MAXP][MAXHAND]
    int ndiscard
    short discard[MAXDISC]
    int nowed
    signed char owed[MAXOWED]
    int ndealt
    Trace* trace
    short* dealt         # every card dealt, in order (NULL: not recorded)
