# splitmix64 streams, bit for bit those of interpreter/game/rng.py (seeded in Python: Stream.state).

cdef uint64_t GOLDEN = 0x9E3779B97F4A7C15ULL
cdef uint64_t MIX1 = 0xBF58476D1CE4E5B9ULL
cdef uint64_t MIX2 = 0x94D049BB133111EBULL


cdef inline uint64_t rng_next(uint64_t* s) noexcept nogil:
    s[0] += GOLDEN
    cdef uint64_t z = s[0]
    z = (z ^ (z >> 30)) * MIX1
    z = (z ^ (z >> 27)) * MIX2
    return z ^ (z >> 31)


cdef inline int randrange(uint64_t* s, int n) noexcept nogil:
    """Uniform in [0, n): the top bits of an output, rejected until < n (Stream.randrange)."""
    if n <= 1:
        return 0
    cdef uint64_t m = <uint64_t>(n - 1)
    cdef int k = 0
    while m:
        k += 1
        m >>= 1
    cdef int shift = 64 - k
    cdef uint64_t r
    while True:
        r = rng_next(s) >> shift
        if r < <uint64_t>n:
            return <int>r


cdef inline void shuffle_ids(uint64_t* s, int* items, int n) noexcept nogil:
    cdef int i, j, t
    i = n - 1
    while i > 0:
        j = randrange(s, i + 1)
        t = items[i]
        items[i] = items[j]
        items[j] = t
        i -= 1


cdef inline int sample_ids(uint64_t* s, const int* pop, int n, int k, int* out) noexcept nogil:
    """k distinct items: a partial Fisher-Yates from the front on a copy (Stream.sample)."""
    cdef int pool[1024]
    cdef int i, j, t
    if n > 1024:
        n = 1024
    for i in range(n):
        pool[i] = pop[i]
    for i in range(k):
        j = i + randrange(s, n - i)
        t = pool[i]
        pool[i] = pool[j]
        pool[j] = t
    for i in range(k):
        out[i] = pool[i]
    return k
