# The C structs of the native core; its sizes and codes are in consts.pxi, generated from
# interpreter/native/consts.py (lower.py imports the same names from there).
from libc.stdint cimport uint64_t
from libc.string cimport memcpy, memset, memmove
from libc.stdlib cimport malloc, calloc, realloc, free
from libc.math cimport pow

include "consts.pxi"


cdef struct CounterC:
    int has
    int what
    int colors
    int every
    int nseats
    int seats[3]
    int token          # the token kind; produced: the resource

cdef struct HookC:
    int kind
    int amount
    int cond           # vp: 1 if wonder complete; trigger: once per turn; strength: 1 for others;
                       # tokens, others' coins: 1 if its cities are picked by the row at `inner`
    int period         # free: the period; cost change: the unit; trigger: the event;
                       # held (H_HOLD): the event that ends it
    int colors
    int nseats
    int seats[3]
    CounterC counter
    int sciset         # vp: points per science set (scored with the science)
    int stages         # cost change: on wonder stages
    int seatmask       # cost change: whose builds (bits 0 self, 1 left, 2 right, 3 every other city);
                       # others: 1 = all others;
                       # trigger: where heard (bits 0 own city, 1 left, 2 right, 3 all others,
                       # 4 any other city: lower._heard)
    int resources      # cost change: bank resources, or rebate sides (bits 1, 2)
    int inner          # trigger: the hook it runs; held, gift: the contribution
    int ref            # draw: deck id; hand build: hand id; tokens: kind id; relative: 1 produced;
                       # trigger: 1 once per age, 2 once per game

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
    int tucked         # a vp hook counts per card of the tucked colour (GreedyBot: _tucked_worth)
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
    int upgrades       # `upgrades: NAME`: the name it is built over (its cost credited), -1 none
    int less_row       # `N less per THING`: the row (amount off per thing counted), -1 none
    int need0          # prerequisites: hook rows (amount: at least so many counted)
    int nneed

cdef struct StageC:
    int copy           # 1 / 2: copies the left / right neighbour's stage of its number
    int cost_coins
    int cost_per_age
    int ncost
    int cost_r[MAXCOST]
    int cost_n[MAXCOST]
    int contrib
    int less_row       # as CardC.less_row
    int need0
    int nneed

cdef struct SideC:
    int any_order      # `stage_order: any`: a wonder move names its stage
    int board
    int nstages
    int stage0

cdef struct StepC:
    int kind
    int age
    int at_end
    int deck
    int deal
    int passdir
    int hand
    int actions        # bits 1 << A_BUILD | 1 << A_WONDER | 1 << A_SELL
    int sold_box
    int rest           # 0 keep, 1 box, 2 discard

cdef struct ProjC:
    # a shared project (interpreter/game/projects.py); its card id is -1 - its index
    int age
    int cost_coins
    int cost_per_age
    int ncost
    int cost_r[MAXCOST]
    int cost_n[MAXCOST]
    int reward         # contributions (scored on the wonder line)
    int penalty
    int needed[MAXP + 1]  # joiners needed by player count
    int when_full      # paid at the end of the turn its last place is taken
    int less_row       # as CardC.less_row

cdef struct PackC:
    int scored_hands   # second hands whose cards score for their holder at the end (bits by hand id)
    int state_costs    # a card's or stage's coins counted from the state (`N less per ...`, upgrades)
    int cost_others    # a cost change reaches every other city (`for others`): mods_for looks round the table
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
    int nsteps
    StepC steps[MAXSTEPS]
    int n_hands
    int n_tokkinds
    int tok_vp[MAXTK]
    int tok_line[MAXTK]
    int tok_sitout[MAXTK]
    int debt              # the token kind taken for unpaid losses, or -1
    int* deck_of          # by card: its named deck id, or -1 for an age card
    int nstart_box        # the cards of decks no draft deals, in the box from the start
    short start_box[MAXBOX]
    int* contrib_card     # by contribution: the card it is the effect of, or -1 (a board, a stage)
    int ntracks           # per-city tracks (tracks.pxi): each one's steps' contributions
    int track_step0[MAXTRACKS]
    int track_nsteps[MAXTRACKS]
    int track_contrib[MAXTSTEPS]
    int ntwars            # conflicts along tracks: strength a count, or (twar_shields) shields
    int twar_shields[MAXTWARS]
    CounterC twar_counter[MAXTWARS]
    int twar_victory[MAXTWARS][16]
    int twar_defeat[MAXTWARS][16]
    int nadv              # prices in resources of `advance` hooks (HookC.inner): as a stage's cost
    int adv_ncost[MAXADV]
    int adv_units[MAXADV]
    int adv_r[MAXADV][MAXCOST]
    int adv_n[MAXADV][MAXCOST]
    int nproj
    ProjC proj[MAXPROJ]
    int proj_of_age[17]   # by age: its project's index, or -1
    int law_changes       # some card or stage changes a rules number: summed each turn (laws.pxi)
    double rule_worth[NSHIFT]  # the greedy bot's weight of a change, by RS_* (rule.RULE_WORTH)
    int ntiles            # the law tower (0: none): its tiles' changes (RS_*, amount) ...
    int tile_n[MAXTILES]
    int tile_code[MAXTILES][MAXLAWFX]
    int tile_amount[MAXTILES][MAXLAWFX]
    int tower_visible[MAXP + 1]  # ... the tiles visible by player count, tiles each player draws,
    int tower_draw               # points for k tiles placed (points[k - 1]) and their line
    int tower_npoints
    int tower_points[8]
    int tower_line

cdef struct AgeDeal:
    int ndeck
    int* deck
    int nsamples
    int* pool_len
    int** pools
    int* pool_k

cdef struct Deals:
    AgeDeal* ages
    int nnamed
    int* named_len
    int** named        # by second hand's name: the deck of that name (Game.deal_deck)

cdef struct Move:
    int card
    int action
    int left
    int right
    int free
    int extra
    int far0           # coins to the far sellers (`trade 2 seats away`)
    int far1
    int stage          # the stage a wonder move builds (-1: the next printed one)

cdef struct Opt:
    int l
    int r

cdef struct Mods:
    int any            # some cost change reaches the city (pricing.mods_for is not None)
    int coin[MAXC + 1] # by colour + 1; [0]: wonder stages
    int drop[MAXC + 1]
    int free[MAXC + 1]
    int nbuys
    int buy_res[MAXTRIG]
    int buy_price[MAXTRIG]
    int rebate[2]
    int general        # bank buys or rebates: every price goes through the full terms

cdef struct Terms:
    int bank
    int free
    int drop
    int ncost
    int cost_r[MAXCOST]
    int cost_n[MAXCOST]

cdef struct Opt3:
    int l
    int r
    int e

cdef struct Price:
    int buildable
    int free           # 0 "", 1 "cost", 2 "chain", 3 "discount"
    int bank
    int nopt
    Opt3 opts[MAXOPT]  # affordable, those without bank buys first (moves._price_moves)
    int nfar
    int far[MAXOPT][4] # affordable (left, right, far left, far right) ways (far_trade.pxi)


cdef struct City:
    int side
    int nstages
    int stages_built
    short stage_of[MAXSTG]    # the stage each position builds (P.stages; its neighbour's when it
                              # copies: copied_stages.seat_sides), -1: it can never be built
    short built_order[MAXSTG] # positions built, in the order built (City.built_stages)
    short under[MAXSTG]       # the card under each position (-1: none)
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
    int nh_len[MAXNH]
    short nh[MAXNH][MAXH2]
    int tokc[MAXTK]
    int ncopied
    short copied[MAXCOPY]
    int ntrig
    int listens               # a trigger of its own hears events in other cities (City.listens)
    short trig[MAXTRIG]       # trigger hooks, in the order they came
    short trig_src[MAXTRIG]   # the card each came with (-1: a stage or the board)
    short trig_used[MAXTRIG]  # a limited trigger fired: the age + 1 (once per age), or 1 (game)
    int ngained               # City.gained: points scoring triggers gave, keyed by the trigger's
    short gained_hook[MAXTRIG] # hook row (a hook held twice shares its points, as in Python)
    int gained_pts[MAXTRIG]
    int ncost
    short cost_changes[MAXTRIG]
    int nrel
    short rel_kind[MAXREL]    # 1 produced, 0 unproduced
    int nrelch
    unsigned short relch[MAXREL]
    int nstr
    short strength[MAXSTR]
    int nstrout
    short strength_out[MAXSTR] # shields it gives or takes from other cities (`for neighbors`)
    int bank_used
    int rebate_used           # bits 1 left, 2 right
    int far_trade             # `trade N seats away`: N (0: none), and the far cities' price
    int far_price
    int exchange              # `exchange N same for 1 any`: N, the smallest held (0: none)
    int play_two              # `play two cards once per ...`: 0 none, 1 game, 2 age
    int second_used
    int nburied
    short buried[MAXBURY][2]  # (the `bury` hook, the card it took out of the game)
    short track_pos[MAXTRACKS] # steps reached on each track (City.track_pos)
    int ngives
    short gives[MAXGIFT]      # its `produce ... for SIDES` hooks (City.gives)
    int ngifted
    short gifted[MAXGIFT][2]  # (giver's seat, hook): production other cities give it (City.gifted)
    int nextra
    short extra[MAXPROJ]      # City.extras: projects' rewards and penalties it got (contributions)
    int nrule
    short rule[MAXRULE]       # its `rule` hooks (City.rule_changes)
    int shift[NSHIFT]         # the changes in force for it now, by RS_* (City.shifts; laws.pxi)
    int nlaws
    short laws[MAXDRAW]       # the law tiles it holds, sorted (City.laws)
    int laws_placed
    int nlasting
    short lasting[MAXHELD]    # H_HOLD rows in force (City.lasting: durations.pxi)
    int nexpired
    short expired[MAXHELD]    # H_HOLD rows ended: a city made again skips them (City.expired)
    int overflow              # an array was full: the game cannot be trusted (never for a
                              # pack lower.py accepts; checked after every call)

cdef struct Plays:
    # the per-card verdicts' record (interpreter/sim/watch.py), kept only for a recorded game
    int words             # uint64 words in one seat's card set
    uint64_t* seen        # n x words: the card ids in hand at one of the seat's decisions
    uint64_t* could       # n x words: ... a legal build at one of them
    int* coins            # n x P.ncards: coins given by the card's effects (Game.coin_tally)

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
    int step              # the schedule's next phase (P.steps)
    int phase             # PH_* of the phase being played
    int hand_src          # -1: the hands are the age's; k: each city's second hand k
    int hand_only         # >= 0: only this seat has a hand (a build from a second hand)
    int bank_reset
    int boards_set       # the boards' one-time effects have run (GameState.set_up_boards)
    int nbox
    short box[MAXBOX]
    int nfired
    int fired[MAXEVENTS][4]  # once-per-turn triggers fired: (owner, hook, colour, event's seat)
    int nowed_hands
    int owed_hands[MAXOWED][2]
    int ngains
    int gains[MAXEVENTS][2]
    int nlosses
    int losses[MAXEVENTS][4]  # seat, due, owner, 1 when paid to the owner
    int overflow          # as City.overflow, for the game's own arrays
    int beyond            # a city's coins or tokens passed the runtime bound (HELD): stopped
    int pj_n[MAXPROJ]     # shared projects: how many joined (GameState.joins)
    signed char pj_seat[MAXPROJ][MAXP]  # the seats that joined, in joining order
    int pj_done[MAXPROJ]  # 0 open, 1 complete, 2 failed (GameState.projects_done)
    int ntower
    short tower[MAXTOWER] # law tiles placed, the newest last (GameState.tower)
    Trace* trace
    short* dealt         # every card dealt, in order (NULL: not recorded)
    Plays* plays         # the cards held, buildable and their coins (NULL: not recorded)
    int fc                # a seat no player owns with a face-down pile (seats.pxi), -1: none
    int fc_holder         # the player holding its card now (its controller)
    int fc_must           # it must build when it can (seats.must_play)
    int fc_first[16]      # per age: the side (+1 left, -1 right) of the seat its first holder sits on
