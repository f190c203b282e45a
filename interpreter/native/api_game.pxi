# The Python-facing game: set-up (Game.__init__), and NativeGame: play on, a turn at a time,
# clone, legal moves, playouts, scores, the trace.

cdef int setup(const PackC* P, Game* g, int n, int hand_size, uint64_t deal_state,
               const uint64_t* bot_states, const int* policies, const int* fixed_side,
               const int* wonders) noexcept nogil:
    """Game.__init__: the wonders (dealt, unless given), their sides, the cities.
    fixed_side: by wonder, the side asked for (-1: it has none), or NULL for sides at random.
    Returns -1 when a wonder lacks the side asked for."""
    cdef int chosen[MAXP]
    cdef int pool[256]
    cdef int s, i, k, side, nw = P.nwonders
    memset(g, 0, sizeof(Game))
    g.fc = -1
    g.hand_src = -1
    g.hand_only = -1
    g.n = n
    g.hand_size = hand_size
    g.last = hand_size - 1
    g.rng_deal = deal_state
    for i in range(P.nstart_box):  # Game.__init__: decks no draft deals wait in the box
        g.box[i] = P.start_box[i]
    g.nbox = P.nstart_box
    for s in range(n):
        g.rng_bot[s] = bot_states[s]
        g.policy[s] = policies[s]
    if wonders != NULL:
        for s in range(n):
            chosen[s] = wonders[s]
    else:
        if nw > 256:
            nw = 256
        k = 0
        for i in range(nw):  # boards dealt for a named side: only those printed with it
            if fixed_side == NULL or fixed_side[i] >= 0:
                pool[k] = i
                k += 1
        if k < n:
            return -1
        sample_ids(&g.rng_deal, pool, k, n, chosen)
    for s in range(n):
        if fixed_side == NULL:
            side = P.wonder_sides[chosen[s] * 4 + randrange(&g.rng_deal, P.wonder_nsides[chosen[s]])]
        else:
            side = fixed_side[chosen[s]]
        if side < 0:
            return -1
        city_init(P, &g.city[s], side)
    resolve_copies(P, g)
    if P.ntiles:  # each player draws its law tiles at random
        deal_tiles(P, g)
    if P.law_changes:  # GameState.__init__: the boards' changes in force from the start
        refresh_rules(P, g)
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
        self.g.fc = -1

    def set_seat(self, list plan) -> None:
        """A seat no player owns (lower.seat_plan: [seat, must play, coins or -1, side of the
        first holder per age...]), set before the game begins (seats.pxi)."""
        cdef int first[16]
        cdef int k
        for k in range(min(16, len(plan) - 3)):
            first[k] = plan[3 + k]
        set_seat(&self.pack.P, self.g, plan[0], plan[1], plan[2], first, min(16, len(plan) - 3))

    def __dealloc__(self):
        if self.g != NULL:
            if self.g.trace != NULL:
                free(self.g.trace.buf)
                free(self.g.trace)
            free(self.g.dealt)
            if self.g.plays != NULL:
                free(self.g.plays.seen)
                free(self.g.plays.could)
                free(self.g.plays.coins)
                free(self.g.plays)
            free(self.g)

    def clone(self) -> NativeGame:
        """A copy of the whole game (its streams included); traces and records stay here."""
        cdef NativeGame other = NativeGame.__new__(NativeGame)
        memcpy(other.g, self.g, sizeof(Game))
        other.g.trace = NULL
        other.g.dealt = NULL
        other.g.plays = NULL
        other.pack = self.pack
        return other

    def world(self, WorldPlan plan, uint64_t cards_state, uint64_t deal_state, list bot_states) -> NativeGame:
        """A determinization of this (real) game: a clone whose hidden cards are dealt again
        by `plan` from the stream `cards_state`, with new deal and bot streams
        (interpreter/players/native_worlds.py)."""
        cdef NativeGame other = self.clone()
        world_of(plan, other.g, cards_state)
        other.g.rng_deal = deal_state
        for s in range(other.g.n):
            other.g.rng_bot[s] = bot_states[s]
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
                work.plays = NULL
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

    def values(self, int seat, list indexes, double per_point) -> list:
        """For each of the seat's moves given (indexes into legal_moves): play it, the policies
        for every other seat and on to the end, on a copy; its value to the seat, as
        players/search.value_of (rank, ties by coins then shared, plus per_point a point of
        margin). This game is left as it is; the loop runs in C without the GIL."""
        cdef Move moves[MAXMOVES]
        cdef Move given[MAXP]
        cdef int has[MAXP]
        cdef int row[MAXP + 1]
        cdef int k, s, n = self.g.n, nk = len(indexes), nm, bad = 0, better, equal, best
        cdef const PackC* P = &self.pack.P
        cdef Deals* D = self.pack.deals(n)
        self.start_age()
        nm = legal_moves(P, self.g, seat, moves, ACT_ALL)
        cdef int* idx = <int*>malloc(sizeof(int) * max(1, nk))
        cdef double* out = <double*>malloc(sizeof(double) * max(1, nk))
        cdef Game* work = <Game*>malloc(sizeof(Game))
        for k in range(nk):
            idx[k] = indexes[k]
            if not 0 <= idx[k] < nm:
                free(idx); free(out); free(work)
                raise ValueError(f"seat {seat}: no legal move #{idx[k]}")
        with nogil:
            for k in range(nk):
                memcpy(work, self.g, sizeof(Game))
                work.trace = NULL
                work.dealt = NULL
                work.plays = NULL
                for s in range(n):
                    has[s] = s == seat
                given[seat] = moves[idx[k]]
                play_turn(P, work, given, has)
                play_on(P, D, work)
                if overflowed(work) or work.beyond:
                    bad = 1
                final_row(P, work, row)
                better = equal = 0
                best = -1000000000
                for s in range(n):
                    if s == seat:
                        continue
                    if row[s] > best:
                        best = row[s]
                    if row[s] > row[seat] or row[s] == row[seat] and work.city[s].coins > work.city[seat].coins:
                        better += 1
                    elif row[s] == row[seat] and work.city[s].coins == work.city[seat].coins:
                        equal += 1
                if n > 1:
                    out[k] = (n - 1 - better - 0.5 * equal) / (n - 1) + (row[seat] - best) * per_point
                else:
                    out[k] = 1.0
        result = [out[k] for k in range(nk)]
        free(idx); free(out); free(work)
        if bad:
            raise ValueError("a playout outgrew the native core's arrays, or a number its bound")
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
        """Moves as tuple(Move): (card, action, left, right, free, extra, far, stage), in the
        Python engine's order."""
        cdef Move moves[MAXMOVES]
        cdef int nm = legal_moves(&self.pack.P, self.g, seat, moves, ACT_ALL), i
        return [(moves[i].card, ACTIONS[moves[i].action], moves[i].left, moves[i].right,
                 FREES[moves[i].free], moves[i].extra, (moves[i].far0, moves[i].far1),
                 moves[i].stage) for i in range(nm)]

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
        if self.g.fc >= 0 and any(c is not None for c in chosen):  # (the holder draws first)
            raise ValueError("a turn at a table with a seat no player owns is played by the policies")
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
    def free_seat(self) -> int:
        """The seat no player owns (seats.pxi), -1 when there is none."""
        return self.g.fc

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

    def holdings(self) -> dict:
        """Where every card not built lies, and the streams (to compare two games' positions)."""
        g = self.g
        return {"hands": [[g.hand[s][i] for i in range(g.hand_len[s])] for s in range(g.n)],
                "second": [[[g.city[s].nh[h][i] for i in range(g.city[s].nh_len[h])]
                            for h in range(MAXNH)] for s in range(g.n)],
                "tucked": [[g.city[s].tucked[i] for i in range(g.city[s].ntucked)] for s in range(g.n)],
                "discard": [g.discard[i] for i in range(g.ndiscard)],
                "box": [g.box[i] for i in range(g.nbox)],
                "streams": [g.rng_deal] + [g.rng_bot[s] for s in range(g.n)]}

    def counters(self) -> tuple:
        """(turns played, actions, cards dealt in order or None)."""
        dealt = None
        if self.g.dealt != NULL:
            dealt = [self.g.dealt[i] for i in range(self.g.ndealt)]
        return self.g.turns_played, self.g.actions, dealt

    def plays(self) -> list:
        """Per seat, sim.watch.card_play of the finished game: {(name, age): (colour rank,
        colour, seen, could, built, points, coins)} in key order over the cards the seat held at
        one of its decisions or built (empty when not recorded; NativePack.set_card_keys first).
        A simulation folds them in C instead (CardFold)."""
        cdef Plays* r = self.g.plays
        cdef const PackC* P = &self.pack.P
        cdef int* order = self.pack.key_order
        cdef int s, i, card, nc = P.ncards, f
        if r == NULL:
            return [{} for s in range(self.g.n)]
        if order == NULL:
            raise ValueError("NativePack.set_card_keys was not called")
        keys, colours = self.pack.card_keys, self.pack.card_colours
        cdef int* points = <int*>malloc(max(1, nc) * sizeof(int))
        cdef char* flags = <char*>malloc(max(1, nc))
        out = []
        for s in range(self.g.n):
            seat_plays(P, self.g, s, flags, points)
            d = {}
            for i in range(nc):
                card = order[i]
                f = flags[card]
                if not f & 5:
                    continue
                built = bool(f & 4)
                row = (*colours[card], bool(f & 1), bool(f & 2), built, points[card] if built else 0,
                       r.coins[s * nc + card] if built else 0)
                key = keys[card]
                old = d.get(key)
                if old is not None:  # another copy of the same card: one row for both
                    row = (old[0], old[1], old[2] or row[2], old[3] or row[3], old[4] or row[4],
                           old[5] + row[5], old[6] + row[6])
                d[key] = row
            out.append(d)
        free(points)
        free(flags)
        return out

    def trace(self) -> list:
        """The recorded trace as ints (see turn.pxi: T_MOVES, T_CARD, T_STATE records)."""
        if self.g.trace == NULL:
            return []
        return [self.g.trace.buf[i] for i in range(self.g.trace.len)]
