# The module's functions: a new game, many whole games in one call, a game rebuilt from the
# Python engine's state (bridge.from_decision).

def new_game(NativePack pack, int n, int hand_size, unsigned long long deal_state, list bot_states,
             list policies, fixed_sides=None, wonders=None, bint trace=False, bint record=False):
    """A game set up as interpreter.game.state.Game sets one up (streams seeded by the caller)."""
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
        self.g.plays = <Plays*>calloc(1, sizeof(Plays))
        self.g.plays.words = (pack.P.ncards + 63) // 64
        self.g.plays.seen = <uint64_t*>calloc(max(1, n * self.g.plays.words), sizeof(uint64_t))
        self.g.plays.could = <uint64_t*>calloc(max(1, n * self.g.plays.words), sizeof(uint64_t))
        self.g.plays.coins = <int*>calloc(max(1, n * pack.P.ncards), sizeof(int))
    return self


def run_games(NativePack pack, int n, int hand_size, list deal_states, list bot_states,
              list policies, fixed_sides=None, list seat=None) -> list:
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
    cdef int first[16]
    cdef int nfirst = 0
    if seat is not None:  # a seat no player owns (lower.seat_plan)
        nfirst = min(16, len(seat) - 3)
        for s in range(nfirst):
            first[s] = seat[3 + s]
    cdef int fc = seat[0] if seat is not None else -1
    cdef int must = seat[1] if seat is not None else 0
    cdef int coins = seat[2] if seat is not None else -1
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
            if fc >= 0:
                set_seat(P, g, fc, must, coins, first, nfirst)
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
    cards, its stages, the cards it copied and the projects' rewards and penalties it got are
    folded in again, then its counters set; then who joined each project and which are settled."""
    cdef NativeGame self = NativeGame.__new__(NativeGame)
    cdef Game* g = self.g
    cdef City* c
    cdef int s, n = st["n"], k
    self.pack = pack
    if not 1 <= n <= MAXP:
        raise ValueError(f"the native core plays 1 to {MAXP} players")
    g.hand_src = -1
    g.hand_only = -1
    g.boards_set = 1  # a game in progress: its boards were set up as it began
    g.n = n
    g.hand_size = st["hand_size"]
    g.last = g.hand_size - 1
    g.rng_deal = st["deal_state"]
    for s in range(n):
        g.rng_bot[s] = st["bot_states"][s]
        g.policy[s] = st["policies"][s]
    for s, city in enumerate(st["cities"]):
        city_init(&pack.P, &g.city[s], city["side"])
    resolve_copies(&pack.P, g)
    for s, city in enumerate(st["cities"]):
        c = &g.city[s]
        for card in city["cards"]:
            build_card(&pack.P, c, card)
        for k, under in zip(city["stages"], city["under"]):
            build_stage(&pack.P, c, k, under)
        for card in city["copied"]:
            if c.ncopied < MAXCOPY:
                c.copied[c.ncopied] = card
                c.ncopied += 1
                city_add(&pack.P, c, pack.P.cards[card].contrib, card)
        for k, v in enumerate(city.get("tracks", ())[:MAXTRACKS]):  # the steps reached (City.add_steps)
            c.track_pos[k] = v
        add_steps(&pack.P, c)
        for k, which in city.get("extras", ())[:MAXPROJ]:  # projects' rewards and penalties
            if 0 <= k < pack.P.nproj:
                c.extra[c.nextra] = pack.P.proj[k].penalty if which else pack.P.proj[k].reward
                city_add(&pack.P, c, c.extra[c.nextra], -1)
                c.nextra += 1
        expired = [c.lasting[k] for k in city.get("expired", ()) if 0 <= k < c.nlasting]
        if expired:  # durations ended (bridge._expired): the city made again without them
            fill_shorts(expired, c.expired, &c.nexpired, MAXHELD)
            give_up(&pack.P, g, s, -1)
        for k, v in enumerate(city.get("limits", ())[:c.ntrig]):
            c.trig_used[k] = v
        for k, v in enumerate(city.get("gained", ())[:c.ntrig]):  # by trigger, as folded in
            if v and not gained_of(c, c.trig[k]):
                add_gained(c, c.trig[k], v)
        c.coins = city["coins"]
        fill_shorts(city["tokens"], c.tok, &c.ntok, MAXTOK)
        for k, v in enumerate(city["token_counts"][:MAXTK]):
            c.tokc[k] = v
        c.free_build_used = city["free_build_used"]
        c.second_used = city.get("second_used", 0)
        c.bank_used = city["bank_used"]
        c.rebate_used = city["rebate_used"]
        fill_shorts(city["sold"], c.sold, &c.nsold, MAXBUILT)
        fill_shorts(city["tucked"], c.tucked, &c.ntucked, MAXBUILT)
        for k, hand in enumerate(city["hands"][:MAXNH]):
            fill_shorts(hand, c.nh[k], &c.nh_len[k], MAXH2)
        fill_shorts(city.get("laws", []), c.laws, &c.nlaws, MAXDRAW)  # the law tiles it holds
        c.laws_placed = city.get("laws_placed", 0)
    refresh_gifts(&pack.P, g)  # production the cities give each other (derived from their cards)
    for s, hand in enumerate(st["hands"]):
        fill_shorts(hand, g.hand[s], &g.hand_len[s], MAXHAND)
    fill_shorts(st["discard"], g.discard, &g.ndiscard, MAXDISC)
    fill_shorts(st["box"], g.box, &g.nbox, MAXBOX)
    for k, (seats, done) in enumerate(st.get("projects", ())[:pack.P.nproj]):  # who joined, what is settled
        g.pj_n[k] = min(len(seats), MAXP)
        for s in range(g.pj_n[k]):
            g.pj_seat[k][s] = seats[s]
        g.pj_done[k] = done
    fill_shorts(st.get("tower", []), g.tower, &g.ntower, MAXTOWER)
    g.age, g.turn, g.step = st["age"], st["turn"], st["step"]
    g.in_age = 1
    g.phase = PH_AGE
    g.turns_played, g.actions, g.bank_reset = st["turns_played"], st["actions"], st["bank_reset"]
    if pack.P.law_changes:  # the changes in force this turn (GameState.begin_turn summed them)
        refresh_rules(&pack.P, g)
    check(g)
    return self
