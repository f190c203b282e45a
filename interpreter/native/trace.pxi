# The trace the differential test compares with the Python engine's (differential.py): at
# every decision the legal moves and the choice, at every card picked its candidates, after
# every resolution, discard build and war a digest of the state.

cdef void trace_int(Trace* t, int v) noexcept nogil:
    cdef int* grown
    if t.len == t.cap:
        t.cap = t.cap * 2 if t.cap else 4096
        grown = <int*>realloc(t.buf, sizeof(int) * t.cap)
        if grown == NULL:
            return
        t.buf = grown
    t.buf[t.len] = v
    t.len += 1


cdef void trace_state(const PackC* P, Game* g) noexcept nogil:
    """A digest of the state both cores must agree on (differential.digest)."""
    cdef Trace* t = g.trace
    cdef int s, i, k, nh
    cdef const City* c
    cdef short* hand
    if t == NULL:
        return
    trace_int(t, T_STATE)
    trace_int(t, g.age)
    trace_int(t, g.turn)
    for s in range(g.n):
        c = &g.city[s]
        trace_int(t, c.coins)
        trace_int(t, c.stages_built)
        trace_int(t, c.free_build_used)
        trace_int(t, c.shields)
        trace_int(t, c.ncards)
        for i in range(c.ncards):
            trace_int(t, c.cards[i])
        trace_int(t, c.ntok)
        for i in range(c.ntok):
            trace_int(t, c.tok[i])
        nh = hand_size_now(g, s)
        hand = hand_of(g, s)
        trace_int(t, nh)
        for i in range(nh):
            trace_int(t, hand[i])
        for k in range(P.n_hands):
            trace_int(t, c.nh_len[k])
            for i in range(c.nh_len[k]):
                trace_int(t, c.nh[k][i])
        for k in range(P.n_tokkinds):
            trace_int(t, c.tokc[k])
        trace_int(t, c.ncopied)
        for i in range(c.ncopied):
            trace_int(t, c.copied[i])
        trace_int(t, c.stages_built)
        for i in range(c.stages_built):
            trace_int(t, c.built_order[i])
        for k in range(P.ntracks):
            trace_int(t, c.track_pos[k])
    trace_int(t, g.ndiscard)
    for i in range(g.ndiscard):
        trace_int(t, g.discard[i])
    trace_int(t, g.nbox)
    for i in range(g.nbox):
        trace_int(t, g.box[i])
