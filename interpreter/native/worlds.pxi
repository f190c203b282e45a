# Determinizations dealt in C: interpreter/players/native_worlds.py works out once per decision
# where the hidden cards lie and what the seat knows (a WorldPlan); NativeGame.world() then deals
# each world on a clone of the real game, draw for draw as determinize._Redeal does in Python.

cdef int* int_array(list values) except NULL:
    cdef int* out = <int*>malloc(sizeof(int) * max(1, len(values)))
    cdef int i
    if out == NULL:
        raise MemoryError()
    for i, v in enumerate(values):
        out[i] = v
    return out


cdef class WorldPlan:
    """One decision's plan (native_worlds.plan_of): card counts by id, the hands seen (pool and
    size), the hands never seen, each back's deck and draws, the hidden slots in order."""

    cdef int C, nkeys, nlin, ngroups, nslots, nall, width  # width: the most one key's pools hold
    cdef int* located
    cdef int* seen
    cdef int* key_of
    cdef int* lin           # per hand seen: holder, size, start, length (in lin_pool)
    cdef int* lin_pool
    cdef int* fixed         # nkeys x C
    cdef int* cut
    cdef int* groups        # per group: key, count, start, length (in group_ids)
    cdef int* group_ids
    cdef int* spare         # per key: start, length (in spare_ids)
    cdef int* spare_ids
    cdef int* all_ids
    cdef int* slots         # per slot: kind, seat, hand, index, key, first

    def __cinit__(self, dict spec):
        cdef list lin = [], lin_pool = [], fixed = [], cut = [], groups = [], group_ids = []
        cdef list spare = [], spare_ids = [], slots = [], keysize = []
        self.C = spec["cards"]
        self.located = int_array(spec["located"])
        self.seen = int_array(spec["seen"])
        self.key_of = int_array(spec["key_of"])
        for holder, pool, size in spec["lineage"]:
            lin += [holder, size, len(lin_pool), len(pool)]
            lin_pool += pool
        self.nlin = len(spec["lineage"])
        self.lin = int_array(lin)
        self.lin_pool = int_array(lin_pool)
        self.nkeys = len(spec["decks"])
        for k, deck in enumerate(spec["decks"]):
            fixed += deck["fixed"]
            cut.append(deck["cut"])
            most = sum(deck["fixed"])
            for pool, count in deck["groups"]:
                groups += [k, count, len(group_ids), len(pool)]
                group_ids += pool
                most += count
            keysize.append(most)
        self.ngroups = len(groups) // 4
        self.fixed = int_array(fixed)
        self.cut = int_array(cut)
        self.groups = int_array(groups)
        self.group_ids = int_array(group_ids)
        self.width = max(keysize + [1])
        for ids in spec["spare"]:
            spare += [len(spare_ids), len(ids)]
            spare_ids += ids
        self.spare = int_array(spare)
        self.spare_ids = int_array(spare_ids)
        self.all_ids = int_array(spec["all"])
        self.nall = len(spec["all"])
        for s in spec["slots"]:
            slots += list(s)
        self.nslots = len(spec["slots"])
        self.slots = int_array(slots)

    def __dealloc__(self):
        free(self.located); free(self.seen); free(self.key_of); free(self.lin)
        free(self.lin_pool); free(self.fixed); free(self.cut); free(self.groups)
        free(self.group_ids); free(self.spare); free(self.spare_ids); free(self.all_ids)
        free(self.slots)


cdef struct Pools:
    int* seen_ids       # nkeys x keysize_max: the cards seen but not placed, shuffled
    int* unseen_ids     # ... never seen
    int* nseen
    int* nunseen
    int width


cdef int listed(const int* counts, int C, int* out) noexcept nogil:
    """A multiset (counts by id) as a list in id order (determinize._listed)."""
    cdef int c, k, m = 0
    for c in range(C):
        for k in range(counts[c]):
            out[m] = c
            m += 1
    return m


cdef int take(WorldPlan P, Pools* pools, uint64_t* rng, int key, int first) noexcept:
    """_Redeal.take: a card of back `key` nobody placed, from the unseen list first if asked,
    else from either list at random in proportion; else a spare card of that back."""
    cdef int a = pools.nseen[key], b = pools.nunseen[key], base = key * pools.width
    cdef int start, length
    if first and b:
        pools.nunseen[key] -= 1
        return pools.unseen_ids[base + b - 1]
    if a or b:
        if randrange(rng, a + b) < a:
            pools.nseen[key] -= 1
            return pools.seen_ids[base + a - 1]
        pools.nunseen[key] -= 1
        return pools.unseen_ids[base + b - 1]
    start, length = P.spare[2 * key], P.spare[2 * key + 1]
    if length:
        return P.spare_ids[start + randrange(rng, length)]
    return P.all_ids[randrange(rng, P.nall)]


cdef void deal_world(WorldPlan P, Game* g, uint64_t* rng, int* located, int* known, int* deck,
                     int* scratch, Pools* pools) noexcept:
    """_Redeal.run on the core's arrays (see the module comment of native_worlds.py)."""
    cdef int C = P.C, i, j, k, c, holder, size, start, length, count, total, nsure, want, m
    cdef int* row
    cdef int* cards
    memcpy(located, P.located, sizeof(int) * C)
    for i in range(P.nlin):  # the hands seen: `size` of their possible cards
        holder, size, start, length = P.lin[4 * i], P.lin[4 * i + 1], P.lin[4 * i + 2], P.lin[4 * i + 3]
        if length < size:
            for j in range(length):
                g.hand[holder][j] = P.lin_pool[start + j]
            size = length
            g.hand_len[holder] = length
        else:
            sample_ids(rng, P.lin_pool + start, length, size, scratch)
            for j in range(size):
                g.hand[holder][j] = scratch[j]
        for j in range(size):
            located[g.hand[holder][j]] += 1
    for c in range(C):
        known[c] = located[c] if located[c] > P.seen[c] else P.seen[c]
    for k in range(P.nkeys):  # each back's deck: the fixed cards, the draws, the cut
        row = deck + k * C
        memcpy(row, P.fixed + k * C, sizeof(int) * C)
        for i in range(P.ngroups):
            if P.groups[4 * i] != k:
                continue
            count, start, length = P.groups[4 * i + 1], P.groups[4 * i + 2], P.groups[4 * i + 3]
            cards = P.group_ids + start
            nsure = 0
            m = 0
            for j in range(length):
                if known[cards[j]] > 0:
                    if nsure < count:
                        row[cards[j]] += 1
                        nsure += 1
                else:
                    scratch[m] = cards[j]
                    m += 1
            want = count - nsure
            if want > m:
                want = m
            if want > 0:
                sample_ids(rng, scratch, m, want, scratch + m)
                for j in range(want):
                    row[scratch[m + j]] += 1
        if P.cut[k] >= 0:
            total = 0
            for c in range(C):
                total += row[c]
            if total > P.cut[k]:
                nsure = 0
                m = 0
                for c in range(C):
                    i = row[c] if row[c] < known[c] else known[c]
                    for j in range(row[c] - i):
                        scratch[m] = c
                        m += 1
                    row[c] = i
                    nsure += i
                want = P.cut[k] - nsure
                sample_ids(rng, scratch, m, want, scratch + m)
                for j in range(want):
                    row[scratch[m + j]] += 1
    for k in range(P.nkeys):  # the unplaced cards of each back: seen ones, then never seen
        row = deck + k * C
        for c in range(C):
            if P.key_of[c] == k:
                j = row[c] - located[c]  # left
                if j < 0:
                    j = 0
                i = P.seen[c] - located[c]  # unplaced
                if i < 0:
                    i = 0
                if i > j:
                    i = j
                scratch[c] = i
                row[c] = j - i
            else:
                scratch[c] = 0
        pools.nseen[k] = listed(scratch, C, pools.seen_ids + k * pools.width)
        shuffle_ids(rng, pools.seen_ids + k * pools.width, pools.nseen[k])
        pools.nunseen[k] = listed(row, C, pools.unseen_ids + k * pools.width)
        shuffle_ids(rng, pools.unseen_ids + k * pools.width, pools.nunseen[k])
    cdef int kind, o, h, idx
    for i in range(P.nslots):
        kind, o, h, idx = P.slots[6 * i], P.slots[6 * i + 1], P.slots[6 * i + 2], P.slots[6 * i + 3]
        c = take(P, pools, rng, P.slots[6 * i + 4], P.slots[6 * i + 5])
        if kind == 0:
            g.hand[o][idx] = c
        elif kind == 1:
            g.city[o].nh[h][idx] = c
        elif kind == 2:
            g.city[o].tucked[idx] = c
        elif kind == 3:
            g.discard[idx] = c
        else:
            g.box[idx] = c


cdef void world_of(WorldPlan P, Game* g, uint64_t cards_state) except *:
    """Deal the hidden cards of `g` (a clone of the real game) for one world."""
    cdef int width = P.width, C = P.C
    # located (C), known (C), each key's deck (nkeys x C), the pools, their lengths, scratch
    cdef int* buf = <int*>malloc(sizeof(int) * (2 * C + P.nkeys * C + 2 * P.nkeys * width
                                                 + 2 * P.nkeys + 2 * (C + 1100)))
    if buf == NULL:
        raise MemoryError()
    cdef Pools pools
    pools.width = width
    pools.seen_ids = buf + 2 * C + P.nkeys * C
    pools.unseen_ids = pools.seen_ids + P.nkeys * width
    pools.nseen = pools.unseen_ids + P.nkeys * width
    pools.nunseen = pools.nseen + P.nkeys
    cdef uint64_t rng = cards_state
    deal_world(P, g, &rng, buf, buf + C, buf + 2 * C, pools.nunseen + P.nkeys, &pools)
    free(buf)
