# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The native core: a lowered pack (NativePack) and games on it (NativeGame, run_games).

Every rule is a C function over plain structs (the .pxi files, one per job); Python only
lowers the pack, seeds the streams and reads the results. interpreter/native/__init__.py is
the interface the rest of the project uses.
"""

include "defs.pxi"
include "rng.pxi"
include "city.pxi"
include "payment.pxi"
include "score.pxi"
include "moves.pxi"
include "pricing.pxi"
include "effects.pxi"
include "greedy.pxi"
include "trace.pxi"
include "turn.pxi"
include "phases.pxi"

ACTIONS = ("build", "wonder", "sell", "keep")
FREES = ("", "chain", "power")


cdef int check(const Game* g) except -1:
    """Raise when the game outgrew an array (lower.py sizes the arrays so that no accepted pack
    can; a caller then plays the game in Python)."""
    if overflowed(g):
        raise ValueError("the game outgrew the native core's arrays: play it with --core python")
    return 0


cdef void fill_cost(list cost, int* cr, int* cn, int* ncost, int* units):
    ncost[0] = len(cost)
    units[0] = 0
    for i, (r, k) in enumerate(cost):
        cr[i] = r
        cn[i] = k
        units[0] += k


cdef class NativePack:
    """A pack's tables in C arrays (from lower.lower), and its deals per player count."""

    cdef PackC P
    cdef dict _deals
    cdef list _deal_objects
    cdef readonly list lines
    cdef readonly int n_print

    def __cinit__(self):
        memset(&self.P, 0, sizeof(PackC))

    def __init__(self, dict t):
        cdef PackC* P = &self.P
        cdef int i, j, k
        cdef ContribC* e
        cdef HookC* h
        cdef StepC* sp
        self._deals = {}
        self._deal_objects = []
        self.lines = list(t["lines"])
        self.n_print = t["n_print"]
        P.n_res, P.n_col, P.n_sym = t["n_res"], t["n_col"], t["n_sym"]
        P.n_lines, P.n_print, P.ages = len(t["lines"]), t["n_print"], t["ages"]
        if P.n_lines > MAXLINES:
            raise ValueError("too many score lines")
        P.starting_coins, P.sell_coins = t["starting_coins"], t["sell_coins"]
        P.trade_price, P.treasury, P.set_bonus = t["trade_price"], t["treasury"], t["set_bonus"]
        P.defeat = t["defeat"]
        P.nvictory = len(t["victory"])
        for i, v in enumerate(t["victory"]):
            P.victory[i] = v
        for i, v in enumerate(t["pass"][:16]):
            P.passdir[i] = v
        P.line_military = self.lines.index("military")
        P.line_treasury = self.lines.index("treasury")
        P.line_science = self.lines.index("science")
        contribs, hooks = t["contribs"], t["hooks"]
        P.contribs = <ContribC*>calloc(max(1, len(contribs)), sizeof(ContribC))
        P.hooks = <HookC*>calloc(max(1, len(hooks)), sizeof(HookC))
        for i, row in enumerate(hooks):
            h = &P.hooks[i]
            h.kind, h.amount, h.cond, h.period, h.colors, h.nseats = row[0:6]
            h.seats[0], h.seats[1], h.seats[2] = row[6:9]
            h.sciset, h.stages, h.seatmask, h.resources, h.inner, h.ref = row[9:15]
            c = row[15:]
            h.counter.has, h.counter.what, h.counter.colors, h.counter.every = c[0:4]
            h.counter.token, h.counter.nseats = c[4], c[5]
            for j in range(c[5]):
                h.counter.seats[j] = c[6 + j]
        for i, row in enumerate(contribs):
            e = &P.contribs[i]
            fixed, private, ch, chp, shields, sci, wild, disc, hook0, nhooks, line = row
            for j in range(P.n_res):
                e.fixed[j] = fixed[j]
                e.fixed_private[j] = private[j]
            e.nch, e.nchp, e.nwild, e.ndisc = len(ch), len(chp), len(wild), len(disc)
            for j, m in enumerate(ch):
                e.ch[j] = m
            for j, m in enumerate(chp):
                e.chp[j] = m
            for j, m in enumerate(wild):
                e.wild[j] = m
            for j, (res, seats, price) in enumerate(disc):
                e.disc_res[j], e.disc_seats[j], e.disc_price[j] = res, seats, price
            e.shields = shields
            for j in range(MAXS):
                e.science[j] = sci[j]
            e.hook0, e.nhooks, e.line = hook0, nhooks, line
            e.units = sum(fixed) + sum(private) + len(ch) + len(chp)
            e.produces = 1 if (any(fixed) or any(private) or ch or chp) else 0
            e.has_science = 1 if (any(sci) or wild) else 0
            e.builds = 0
            for k in range(nhooks):
                if hooks[hook0 + k][0] in (H_COINS, H_DISCARD, H_HANDBUILD, H_DRAW, H_TOKENS,
                                           H_OTHERS, H_COPYNOW):
                    e.builds = 1
        cards = t["cards"]
        P.ncards = len(cards)
        P.cards = <CardC*>calloc(max(1, len(cards)), sizeof(CardC))
        for i, (color, coins, per_age, cost, name, contrib, chains) in enumerate(cards):
            cd = &P.cards[i]
            cd.color, cd.cost_coins, cd.cost_per_age = color, coins, per_age
            fill_cost(cost, cd.cost_r, cd.cost_n, &cd.ncost, &cd.cost_units)
            cd.any_cost = 1 if (cost or coins or per_age) else 0
            cd.name, cd.contrib, cd.nchain = name, contrib, len(chains)
            for j, x in enumerate(chains):
                cd.chain[j] = x
        sides = t["sides"]
        nst = sum(len(s[1]) for s in sides)
        P.sides = <SideC*>calloc(max(1, len(sides)), sizeof(SideC))
        P.stages = <StageC*>calloc(max(1, nst), sizeof(StageC))
        k = 0
        for i, (board, stages) in enumerate(sides):
            P.sides[i].board, P.sides[i].nstages, P.sides[i].stage0 = board, len(stages), k
            for coins, per_age, cost, contrib in stages:
                st = &P.stages[k]
                st.cost_coins, st.cost_per_age, st.contrib = coins, per_age, contrib
                units = 0
                fill_cost(cost, st.cost_r, st.cost_n, &st.ncost, &j)
                k += 1
        steps = t["steps"]
        P.nsteps = len(steps)
        for i, row in enumerate(steps):
            sp = &P.steps[i]
            sp.kind, sp.age, sp.at_end, sp.deck, sp.deal = row[0:5]
            sp.passdir, sp.hand, sp.actions, sp.sold_box, sp.rest = row[5:10]
        P.n_hands = t["n_hands"]
        P.n_tokkinds = len(t["tokens"])
        for i, (vp, line, sit_out) in enumerate(t["tokens"]):
            P.tok_vp[i], P.tok_line[i], P.tok_sitout[i] = vp, line, sit_out
        P.debt = t["debt"]
        P.deck_of = <int*>calloc(max(1, len(cards)), sizeof(int))
        for i, d in enumerate(t["deck_of"]):
            P.deck_of[i] = d
        wonders = t["wonders"]
        P.nwonders = len(wonders)
        P.wonder_sides = <int*>calloc(max(1, len(wonders)) * 4, sizeof(int))
        P.wonder_nsides = <int*>calloc(max(1, len(wonders)), sizeof(int))
        for i, options in enumerate(wonders):
            P.wonder_nsides[i] = min(4, len(options))
            for j in range(4):
                P.wonder_sides[i * 4 + j] = options[j] if j < len(options) else -1

    def __dealloc__(self):
        free(self.P.contribs)
        free(self.P.hooks)
        free(self.P.cards)
        free(self.P.sides)
        free(self.P.stages)
        free(self.P.wonder_sides)
        free(self.P.wonder_nsides)
        free(self.P.deck_of)
        for cap in self._deal_objects:
            (<DealTable>cap).release()

    def set_deals(self, int n, tuple decks):
        """The decks for n players (lower.deals)."""
        table = DealTable(*decks)
        self._deals[n] = table
        self._deal_objects.append(table)

    def has_deals(self, int n) -> bool:
        return n in self._deals

    cdef Deals* deals(self, int n):
        return &(<DealTable>self._deals[n]).d


cdef class DealTable:
    cdef AgeDeal* ages
    cdef int nages
    cdef Deals d

    def __cinit__(self, list ages, list named):
        self.nages = len(ages)
        self.d.nnamed = len(named)
        self.d.named_len = <int*>calloc(max(1, len(named)), sizeof(int))
        self.d.named = <int**>calloc(max(1, len(named)), sizeof(int*))
        for j, deck in enumerate(named):
            self.d.named_len[j] = len(deck)
            self.d.named[j] = <int*>calloc(max(1, len(deck)), sizeof(int))
            for i, x in enumerate(deck):
                self.d.named[j][i] = x
        self.ages = <AgeDeal*>calloc(max(1, self.nages), sizeof(AgeDeal))
        cdef AgeDeal* d
        for a, (deck, samples) in enumerate(ages):
            d = &self.ages[a]
            d.ndeck = len(deck)
            d.deck = <int*>calloc(max(1, len(deck)), sizeof(int))
            for i, x in enumerate(deck):
                d.deck[i] = x
            d.nsamples = len(samples)
            d.pool_len = <int*>calloc(max(1, len(samples)), sizeof(int))
            d.pool_k = <int*>calloc(max(1, len(samples)), sizeof(int))
            d.pools = <int**>calloc(max(1, len(samples)), sizeof(int*))
            for j, (pool, k) in enumerate(samples):
                d.pool_len[j] = len(pool)
                d.pool_k[j] = k
                d.pools[j] = <int*>calloc(max(1, len(pool)), sizeof(int))
                for i, x in enumerate(pool):
                    d.pools[j][i] = x
        self.d.ages = self.ages

    cdef void release(self):
        cdef int a, j
        if self.ages == NULL:
            return
        for j in range(self.d.nnamed):
            free(self.d.named[j])
        free(self.d.named)
        free(self.d.named_len)
        for a in range(self.nages):
            free(self.ages[a].deck)
            for j in range(self.ages[a].nsamples):
                free(self.ages[a].pools[j])
            free(self.ages[a].pools)
            free(self.ages[a].pool_len)
            free(self.ages[a].pool_k)
        free(self.ages)
        self.ages = NULL

    def __dealloc__(self):
        self.release()


cdef int setup(const PackC* P, Game* g, int n, int hand_size, uint64_t deal_state,
               const uint64_t* bot_states, const int* policies, const int* fixed_side,
               const int* wonders) noexcept nogil:
    """Game.__init__: the wonders (dealt, unless given), their sides, the cities.
    fixed_side: by wonder, the side asked for (-1: it has none), or NULL for sides at random.
    Returns -1 when a wonder lacks the side asked for."""
    cdef int chosen[MAXP]
    cdef int pool[256]
    cdef int s, i, side, nw = P.nwonders
    memset(g, 0, sizeof(Game))
    g.hand_src = -1
    g.hand_only = -1
    g.n = n
    g.hand_size = hand_size
    g.last = hand_size - 1
    g.rng_deal = deal_state
    for s in range(n):
        g.rng_bot[s] = bot_states[s]
        g.policy[s] = policies[s]
    if wonders != NULL:
        for s in range(n):
            chosen[s] = wonders[s]
    else:
        if nw > 256:
            nw = 256
        for i in range(nw):
            pool[i] = i
        sample_ids(&g.rng_deal, pool, nw, n, chosen)
    for s in range(n):
        if fixed_side == NULL:
            side = P.wonder_sides[chosen[s] * 4 + randrange(&g.rng_deal, P.wonder_nsides[chosen[s]])]
        else:
            side = fixed_side[chosen[s]]
        if side < 0:
            return -1
        city_init(P, &g.city[s], side)
    return 0


cdef class NativeGame:
    """One game in C: set up, played on (whole, or a turn at a time), cloned, scored."""

    cdef Game* g
    cdef NativePack pack
    cdef object trace_on

    def __cinit__(self):
        self.g = <Game*>calloc(1, sizeof(Game))
        if self.g == NULL:
            raise MemoryError()

    def __dealloc__(self):
        if self.g != NULL:
            if self.g.trace != NULL:
                free(self.g.trace.buf)
                free(self.g.trace)
            free(self.g.dealt)
            free(self.g)

    def clone(self) -> NativeGame:
        """A copy of the whole game (its streams included); traces and records stay here."""
        cdef NativeGame other = NativeGame.__new__(NativeGame)
        memcpy(other.g, self.g, sizeof(Game))
        other.g.trace = NULL
        other.g.dealt = NULL
        other.pack = self.pack
        return other

    def reseed_bots(self, list bot_states, list policies=None):
        """New bot streams (and policies) for a playout from here."""
        for s in range(self.g.n):
            self.g.rng_bot[s] = bot_states[s]
            if policies is not None:
                self.g.policy[s] = policies[s]

    def play(self) -> None:
        """Play on to the end of the game (from between two turns, or from the start)."""
        cdef Deals* D = self.pack.deals(self.g.n)
        with nogil:
            play_on(&self.pack.P, D, self.g)
        check(self.g)

    def playouts(self, list bot_states, list policies) -> list:
        """Playouts from this state, one per entry of bot_states (each seat's stream state for
        that playout), with these policies; this game is left as it is. Per playout (totals by
        seat, winner bit mask). The loop runs in C without the GIL."""
        cdef int k, s, n = self.g.n, np = len(bot_states), i, bad = 0
        cdef Game* work = <Game*>malloc(sizeof(Game))
        cdef uint64_t* streams = <uint64_t*>malloc(sizeof(uint64_t) * max(1, np) * n)
        cdef int* out = <int*>malloc(sizeof(int) * max(1, np) * (n + 1))
        cdef int pol[MAXP]
        cdef const PackC* P = &self.pack.P
        cdef Deals* D = self.pack.deals(n)
        for s in range(n):
            pol[s] = policies[s]
        for k in range(np):
            for s in range(n):
                streams[k * n + s] = bot_states[k][s]
        with nogil:
            for k in range(np):
                memcpy(work, self.g, sizeof(Game))
                work.trace = NULL
                work.dealt = NULL
                for s in range(n):
                    work.rng_bot[s] = streams[k * n + s]
                    work.policy[s] = pol[s]
                play_on(P, D, work)
                if overflowed(work):
                    bad = 1
                final_row(P, work, &out[k * (n + 1)])
        result = [(tuple(out[k * (n + 1) + s] for s in range(n)), out[k * (n + 1) + n]) for k in range(np)]
        free(work)
        free(streams)
        free(out)
        if bad:
            raise ValueError("a playout outgrew the native core's arrays")
        return result

    def play_until(self, int age) -> None:
        """Play on until age `age` is about to be dealt (2: a playout from Age II); the phases
        before it (a recruitment, say) are played."""
        cdef const PackC* P = &self.pack.P
        cdef Deals* D = self.pack.deals(self.g.n)
        cdef Game* g = self.g
        while not g.done:
            if g.in_age:
                play_turn(P, g, NULL, NULL)
            elif g.step < P.nsteps and P.steps[g.step].kind == PH_AGE and P.steps[g.step].age >= age:
                break
            else:
                next_phase(P, D, g)
        check(g)

    def start_age(self) -> bool:
        """Play the phases up to the next age's deal and deal it, if the game stands between
        two ages; False at the end of the game."""
        cdef Deals* D = self.pack.deals(self.g.n)
        while not self.g.in_age and not self.g.done:
            next_phase(&self.pack.P, D, self.g)
        check(self.g)
        return bool(self.g.in_age)

    def legal_moves(self, int seat) -> list:
        """Moves as (card, action, left, right, free, extra), in the Python engine's order."""
        cdef Move moves[MAXMOVES]
        cdef int nm = legal_moves(&self.pack.P, self.g, seat, moves, ACT_ALL), i
        return [(moves[i].card, ACTIONS[moves[i].action], moves[i].left, moves[i].right,
                 FREES[moves[i].free], moves[i].extra) for i in range(nm)]

    def step(self, list chosen) -> None:
        """One turn with the given moves by seat (indexes into legal_moves; None: the seat's
        policy chooses). The age is dealt first if needed."""
        cdef Move given[MAXP]
        cdef int has[MAXP]
        cdef Move moves[MAXMOVES]
        cdef int s, nm
        self.start_age()
        if self.g.done:
            raise ValueError("the game is over")
        for s in range(self.g.n):
            has[s] = chosen[s] is not None
            if has[s]:
                nm = legal_moves(&self.pack.P, self.g, s, moves, ACT_ALL)
                if not 0 <= chosen[s] < nm:
                    raise ValueError(f"seat {s}: no legal move #{chosen[s]}")
                given[s] = moves[<int>chosen[s]]
        play_turn(&self.pack.P, self.g, given, has)
        check(self.g)

    @property
    def over(self) -> bool:
        return bool(self.g.done or (not self.g.in_age and self.g.step >= self.pack.P.nsteps))

    @property
    def age(self) -> int:
        return self.g.age

    @property
    def turn(self) -> int:
        return self.g.turn

    def scores(self) -> tuple:
        """(pads by seat: the printed lines then the total, winners, copied card ids by seat)."""
        cdef int pad[MAXLINES]
        cdef int copied[MAXCOPY]
        cdef int totals[MAXP]
        cdef int s, i, nc
        cdef const PackC* P = &self.pack.P
        pads, copies = [], []
        for s in range(self.g.n):
            nc = score_seat(P, self.g, s, pad, copied)
            totals[s] = 0
            for i in range(P.n_lines):
                totals[s] += pad[i]
            pads.append([pad[i] for i in range(P.n_print)] + [totals[s]])
            copies.append(None if nc < 0 else [copied[i] for i in range(nc)])
        mask = winners(self.g, totals)
        return pads, [s for s in range(self.g.n) if mask >> s & 1], copies

    def cities(self) -> list:
        """Per seat: (side id, stages, coins, built ids, sold ids, wonder-card ids, tokens)."""
        out = []
        for s in range(self.g.n):
            c = &self.g.city[s]
            out.append((c.side, c.stages_built, c.coins, [c.cards[i] for i in range(c.ncards)],
                        [c.sold[i] for i in range(c.nsold)], [c.tucked[i] for i in range(c.ntucked)],
                        [c.tok[i] for i in range(c.ntok)]))
        return out

    def counters(self) -> tuple:
        """(turns played, actions, cards dealt in order or None)."""
        dealt = None
        if self.g.dealt != NULL:
            dealt = [self.g.dealt[i] for i in range(self.g.ndealt)]
        return self.g.turns_played, self.g.actions, dealt

    def trace(self) -> list:
        """The recorded trace as ints (see turn.pxi: T_MOVES, T_CARD, T_STATE records)."""
        if self.g.trace == NULL:
            return []
        return [self.g.trace.buf[i] for i in range(self.g.trace.len)]


def new_game(NativePack pack, int n, int hand_size, unsigned long long deal_state, list bot_states,
             list policies, fixed_sides=None, wonders=None, bint trace=False, bint record=False):
    """A game set up as interpreter.game.Game sets one up (streams seeded by the caller)."""
    cdef NativeGame self = NativeGame.__new__(NativeGame)
    cdef uint64_t bots[MAXP]
    cdef int pol[MAXP]
    cdef int chosen[MAXP]
    cdef int s
    if not 1 <= n <= MAXP:
        raise ValueError(f"the native core plays 1 to {MAXP} players")
    self.pack = pack
    for s in range(n):
        bots[s] = bot_states[s]
        pol[s] = policies[s]
        if wonders is not None:
            chosen[s] = wonders[s]
    cdef int* fixed = NULL
    if fixed_sides is not None:
        fixed = <int*>calloc(max(1, len(fixed_sides)), sizeof(int))
        for s, x in enumerate(fixed_sides):
            fixed[s] = x
    rc = setup(&pack.P, self.g, n, hand_size, deal_state, bots, pol, fixed,
               chosen if wonders is not None else NULL)
    free(fixed)
    if rc < 0:
        raise ValueError("a wonder lacks the side asked for")
    if trace:
        self.g.trace = <Trace*>calloc(1, sizeof(Trace))
    if record:
        self.g.dealt = <short*>calloc(MAXDISC, sizeof(short))
    return self


def run_games(NativePack pack, int n, int hand_size, list deal_states, list bot_states,
              list policies, fixed_sides=None) -> list:
    """Whole games, one per deal state (bot_states[k]: that game's n bot streams); per game
    (totals by seat, winner bit mask). The loop runs without the GIL."""
    cdef Game* g = <Game*>calloc(1, sizeof(Game))
    cdef uint64_t bots[MAXP]
    cdef int pol[MAXP]
    cdef int s, i, k, ng = len(deal_states), bad = 0
    cdef const PackC* P = &pack.P
    cdef Deals* D = pack.deals(n)
    cdef uint64_t* deals = <uint64_t*>malloc(sizeof(uint64_t) * max(1, ng))
    cdef uint64_t* allbots = <uint64_t*>malloc(sizeof(uint64_t) * max(1, ng) * n)
    cdef int* out = <int*>malloc(sizeof(int) * max(1, ng) * (n + 1))
    cdef int* fixed = NULL
    if fixed_sides is not None:
        fixed = <int*>calloc(max(1, len(fixed_sides)), sizeof(int))
        for s, x in enumerate(fixed_sides):
            fixed[s] = x
    for s in range(n):
        pol[s] = policies[s]
    for k in range(ng):
        deals[k] = deal_states[k]
        for s in range(n):
            allbots[k * n + s] = bot_states[k][s]
    with nogil:
        for k in range(ng):
            if setup(P, g, n, hand_size, deals[k], &allbots[k * n], pol, fixed, NULL) < 0:
                bad = 1
                break
            play_on(P, D, g)
            if overflowed(g):
                bad = 2
                break
            final_row(P, g, &out[k * (n + 1)])
    result = [] if bad else [(tuple(out[k * (n + 1) + s] for s in range(n)), out[k * (n + 1) + n])
                             for k in range(ng)]
    free(g)
    free(fixed)
    free(deals)
    free(allbots)
    free(out)
    if bad:
        raise ValueError("a wonder lacks the side asked for" if bad == 1 else
                         "a game outgrew the native core's arrays: play it with --core python")
    return result


cdef void fill_shorts(list ids, short* out, int* n, int cap):
    n[0] = min(len(ids), cap)
    for i in range(n[0]):
        out[i] = ids[i]


def load_game(NativePack pack, dict st) -> NativeGame:
    """A game standing at the start of an age's turn, before its decisions, rebuilt from the
    Python engine's state (bridge.from_decision gathers `st`): each city's board, then its
    cards, its stages and the cards it copied are folded in again, then its counters set."""
    cdef NativeGame self = NativeGame.__new__(NativeGame)
    cdef Game* g = self.g
    cdef City* c
    cdef int s, n = st["n"], k
    self.pack = pack
    if not 1 <= n <= MAXP:
        raise ValueError(f"the native core plays 1 to {MAXP} players")
    g.hand_src = -1
    g.hand_only = -1
    g.n = n
    g.hand_size = st["hand_size"]
    g.last = g.hand_size - 1
    g.rng_deal = st["deal_state"]
    for s in range(n):
        g.rng_bot[s] = st["bot_states"][s]
        g.policy[s] = st["policies"][s]
    for s, city in enumerate(st["cities"]):
        c = &g.city[s]
        city_init(&pack.P, c, city["side"])
        for card in city["cards"]:
            build_card(&pack.P, c, card)
        for k in range(city["stages"]):
            build_stage(&pack.P, c)
        for card in city["copied"]:
            if c.ncopied < MAXCOPY:
                c.copied[c.ncopied] = card
                c.ncopied += 1
                city_add(&pack.P, c, pack.P.cards[card].contrib, card)
        c.coins = city["coins"]
        fill_shorts(city["tokens"], c.tok, &c.ntok, MAXTOK)
        for k, v in enumerate(city["token_counts"][:MAXTK]):
            c.tokc[k] = v
        c.free_build_used = city["free_build_used"]
        c.bank_used = city["bank_used"]
        c.rebate_used = city["rebate_used"]
        fill_shorts(city["sold"], c.sold, &c.nsold, MAXBUILT)
        fill_shorts(city["tucked"], c.tucked, &c.ntucked, MAXBUILT)
        for k, hand in enumerate(city["hands"][:MAXNH]):
            fill_shorts(hand, c.nh[k], &c.nh_len[k], MAXH2)
    for s, hand in enumerate(st["hands"]):
        fill_shorts(hand, g.hand[s], &g.hand_len[s], MAXHAND)
    fill_shorts(st["discard"], g.discard, &g.ndiscard, MAXDISC)
    fill_shorts(st["box"], g.box, &g.nbox, MAXBOX)
    g.age, g.turn, g.step = st["age"], st["turn"], st["step"]
    g.in_age = 1
    g.phase = PH_AGE
    g.turns_played, g.actions, g.bank_reset = st["turns_played"], st["actions"], st["bank_reset"]
    check(g)
    return self
