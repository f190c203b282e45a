# The statistics of many recorded native games summed in C (sim/native_records.StatsFold reads
# them once per chunk): per side, seat, card and line, with the order each key was first met,
# which is the key order Aggregate.add gives its dicts.

cdef class StatsAcc:
    """Integer sums of finished recorded games (see sim/native_records.StatsFold)."""

    cdef NativePack pack
    cdef int nsides, nlines, ncards
    cdef long long* side        # nsides x (wins, games)
    cdef long long* lines       # nsides x nlines x (sum, squares)
    cdef int* side_order
    cdef int nside_order
    cdef long long seat[MAXP][2]
    cdef long long tally[2][3]  # turns, actions: (games, sum, squares)
    cdef long long* cards       # ncards x (built, sold, tucked, won, dealt)
    cdef int* seen_order        # cards in the order met among built, sold, tucked
    cdef int nseen
    cdef int* dealt_order
    cdef int ndealt
    cdef char* flags            # bit 1 seen, bit 2 dealt
    cdef public long long games

    def __cinit__(self, NativePack pack, int nsides):
        self.pack = pack
        self.nsides = nsides
        self.nlines = pack.P.n_print + 1
        self.ncards = pack.P.ncards
        self.side = <long long*>calloc(max(1, nsides) * 2, sizeof(long long))
        self.lines = <long long*>calloc(max(1, nsides) * self.nlines * 2, sizeof(long long))
        self.side_order = <int*>calloc(max(1, nsides), sizeof(int))
        self.cards = <long long*>calloc(max(1, self.ncards) * 5, sizeof(long long))
        self.seen_order = <int*>calloc(max(1, self.ncards), sizeof(int))
        self.dealt_order = <int*>calloc(max(1, self.ncards), sizeof(int))
        self.flags = <char*>calloc(max(1, self.ncards), 1)
        if not (self.side and self.lines and self.side_order and self.cards and self.seen_order
                and self.dealt_order and self.flags):
            raise MemoryError()
        memset(self.seat, 0, sizeof(self.seat))
        memset(self.tally, 0, sizeof(self.tally))

    def __dealloc__(self):
        free(self.side); free(self.lines); free(self.side_order); free(self.cards)
        free(self.seen_order); free(self.dealt_order); free(self.flags)

    cdef inline void meet(self, int card, int kind) noexcept:
        self.cards[card * 5 + kind] += 1
        if kind == 4:
            if not self.flags[card] & 2:
                self.flags[card] |= 2
                self.dealt_order[self.ndealt] = card
                self.ndealt += 1
        elif not self.flags[card] & 1:
            self.flags[card] |= 1
            self.seen_order[self.nseen] = card
            self.nseen += 1

    def add(self, NativeGame game) -> list:
        """Fold one finished game; the winners' seats (for the verdicts' fold)."""
        cdef Game* g = game.g
        cdef const PackC* P = &self.pack.P
        cdef int pads[MAXP][MAXLINES + 1]
        cdef int copied[MAXCOPY]
        cdef int totals[MAXP]
        cdef int s, i, sid, hit, mask, v
        cdef City* c
        if game.pack is not self.pack:
            raise ValueError("not a game of this pack")
        for i in range(2):
            v = g.turns_played if i == 0 else g.actions
            self.tally[i][0] += 1
            self.tally[i][1] += v
            self.tally[i][2] += <long long>v * v
        if g.dealt != NULL:
            for i in range(g.ndealt):
                self.meet(g.dealt[i], 4)
        for s in range(g.n):
            score_seat(P, g, s, pads[s], copied)
            totals[s] = 0
            for i in range(P.n_lines):
                totals[s] += pads[s][i]
            pads[s][P.n_print] = totals[s]  # the pad as scores() gives it: printed lines, total
        mask = winners(g, totals)
        for s in range(g.n):
            if s == g.fc:  # a seat no player owns is no player's statistics (aggregate.game_record)
                continue
            c = &g.city[s]
            hit = mask >> s & 1
            sid = c.side
            if self.side[2 * sid + 1] == 0:
                self.side_order[self.nside_order] = sid
                self.nside_order += 1
            self.side[2 * sid] += hit
            self.side[2 * sid + 1] += 1
            self.seat[s][0] += hit
            self.seat[s][1] += 1
            for i in range(self.nlines):
                self.lines[(sid * self.nlines + i) * 2] += pads[s][i]
                self.lines[(sid * self.nlines + i) * 2 + 1] += <long long>pads[s][i] * pads[s][i]
            for i in range(c.ncards):
                self.meet(c.cards[i], 0)
                if hit:
                    self.cards[c.cards[i] * 5 + 3] += 1
            for i in range(c.nsold):
                self.meet(c.sold[i], 1)
            for i in range(c.ntucked):
                self.meet(c.tucked[i], 2)
        self.games += 1
        return [s for s in range(g.n) if mask >> s & 1]

    def rows(self) -> dict:
        """The sums, keys in the order first met (read once per chunk)."""
        cdef int i, k, sid, c
        sides = []
        for i in range(self.nside_order):
            sid = self.side_order[i]
            sides.append((sid, self.side[2 * sid], self.side[2 * sid + 1],
                          [(self.lines[(sid * self.nlines + k) * 2], self.lines[(sid * self.nlines + k) * 2 + 1])
                           for k in range(self.nlines)]))
        cards = []
        for i in range(self.nseen):
            c = self.seen_order[i]
            cards.append((c, self.cards[c * 5], self.cards[c * 5 + 1], self.cards[c * 5 + 2], self.cards[c * 5 + 3]))
        return {"sides": sides, "cards": cards,
                "dealt": [(self.dealt_order[i], self.cards[self.dealt_order[i] * 5 + 4]) for i in range(self.ndealt)],
                "seats": [(self.seat[i][0], self.seat[i][1]) for i in range(MAXP)],
                "turns": tuple(self.tally[0][k] for k in range(3)),
                "actions": tuple(self.tally[1][k] for k in range(3))}
