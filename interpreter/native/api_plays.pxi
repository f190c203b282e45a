# The per-card verdicts of many recorded games summed in C (plays.pxi: fold_seat), so that a
# native simulation builds no per-card rows in Python; read once per chunk of games.

cdef class CardFold:
    """sim.cards.CardVerdicts of recorded native games, as integer sums by card key."""

    cdef NativePack pack
    cdef long long* sums
    cdef char* flags
    cdef int* points

    def __cinit__(self, NativePack pack):
        if pack.key_order == NULL:
            raise ValueError("NativePack.set_card_keys was not called")
        self.pack = pack
        self.sums = <long long*>calloc(max(1, pack.nkeys) * KSUMS, sizeof(long long))
        self.flags = <char*>malloc(max(1, pack.P.ncards))
        self.points = <int*>malloc(max(1, pack.P.ncards) * sizeof(int))
        if self.sums == NULL or self.flags == NULL or self.points == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.sums)
        free(self.flags)
        free(self.points)

    def add(self, NativeGame game, list winners) -> None:
        """A finished recorded game: each seat's cards, won or not (a shared win counts)."""
        cdef int s, won
        if game.g.plays == NULL or game.pack is not self.pack:
            raise ValueError("not a recorded game of this pack")
        for s in range(game.g.n):
            if s == game.g.fc:  # a seat no player owns: not a player's cards (sim/watch.py)
                continue
            won = s in winners
            fold_seat(&self.pack.P, game.g, s, won, self.pack.key_order, self.pack.key_of,
                      self.sums, self.flags, self.points)

    def rows(self) -> list:
        """Per card key met: (key, colour rank, colour, dealt, built when dealt, built, won when
        built, passed, won when passed, points, points squared, coins, coins squared)."""
        cdef int i, card, k
        cdef long long* v
        cdef const int* order = self.pack.key_order
        out = []
        keys, colours = self.pack.card_keys, self.pack.card_colours
        for i in range(self.pack.P.ncards):
            card = order[i]
            k = self.pack.key_of[card]
            if i and self.pack.key_of[order[i - 1]] == k:
                continue  # the key's first copy gives its colour
            v = &self.sums[k * KSUMS]
            if v[K_DEALT] or v[K_BUILT]:
                out.append((keys[card], *colours[card], *[v[j] for j in range(KSUMS)]))
        return out
