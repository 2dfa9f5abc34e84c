"""The cap on one game's award, recomputed from the PAR JSON (used by par_check.py).

Needs numpy. par_check.py's module docstring says what is computed, how, and with
which error; nothing here imports the project.
"""
import numpy as np

# ---------------------------------------------------------------------------
# Line-pay distributions: a dynamic programme over the reels whose rows are
# (each line's run so far, key tags, line pay settled so far) with integer
# weights (numbers of stop combinations), carried per side tag.


class Lines:
    """The line rules of one title as integer tables on run codes.

    A line's run after k reels is one code: 0 = ended (its pay settled),
    1 = no cell yet, otherwise (w, s): w leading wilds and then cells equal
    to s or wild (s = NONE while every cell so far is wild)."""

    def __init__(self, t):
        self.t = t
        names = list(t.syms)
        self.names = names
        self.idx = {s: i for i, s in enumerate(names)}
        S = len(names)
        self.S = S
        R = t.R
        NONE = S
        self.codes = {}
        codes = [None, None]  # 0 ended, 1 start
        for w in range(R + 1):
            for s in range(S + 1):
                self.codes[(w, s)] = len(codes)
                codes.append((w, s))
        self.ncodes = len(codes)
        W = self.idx.get(t.wild) if t.wild else None
        kind = [t.kind[n] for n in names]
        subst = {self.idx[n] for n in t.subst}

        def pay(s, n):
            return t.line_pay(names[s], n) if s < S else 0

        def wpay(w):
            return pay(W, w) if W is not None and w > 0 else 0

        allwild = t.all_wild()
        allwild = allwild[2] if allwild else 0
        # per reel step k (the cell of reel k, 0-based): code × symbol → code, pay
        self.next = np.zeros((R, self.ncodes, S), np.int16)
        self.pay = np.zeros((R, self.ncodes, S), np.int64)
        for k in range(R):
            for ci, c in enumerate(codes):
                for x in range(S):
                    if ci == 0:
                        nc, p = 0, 0
                    elif ci == 1:
                        if k != 0:
                            nc, p = 0, 0  # not reachable after reel 0
                        elif x == W:
                            nc, p = self.codes[(1, NONE)], 0
                        elif kind[x] == "regular":
                            nc, p = self.codes[(0, x)], 0
                        else:
                            nc, p = 0, 0
                    elif c[0] > k or (c[1] == NONE and c[0] != k):
                        nc, p = 0, 0  # not reachable before reel k
                    else:
                        w, s = c
                        if s == NONE:  # wilds only so far (w = k)
                            if x == W:
                                nc, p = self.codes[(w + 1, NONE)], 0
                            elif x in subst:
                                nc, p = self.codes[(w, x)], 0
                            else:
                                nc, p = 0, wpay(w)
                        elif x == s or x == W:
                            nc, p = ci, 0
                        else:
                            nc, p = 0, max(wpay(w), pay(s, k))
                    self.next[k, ci, x] = nc
                    self.pay[k, ci, x] = p
        # after the last reel: the runs still going end with R cells
        self.final = np.zeros(self.ncodes, np.int64)
        for ci, c in enumerate(codes):
            if ci < 2:
                continue
            w, s = c
            if s == NONE:
                self.final[ci] = allwild if w == R else wpay(w)
            else:
                self.final[ci] = max(wpay(w), pay(s, R))


def columns(strip, rows):
    """Distinct windows of one reel (tuples of symbols) with their stop counts."""
    n = len(strip)
    out = {}
    for k in range(n):
        c = tuple(strip[(k + r) % n] for r in range(rows))
        out[c] = out.get(c, 0) + 1
    return list(out.items())


_MIX = None


def _group(keys):
    """Group identical rows of an int matrix: (representatives' indices, inverse).
    Rows are hashed to one 64-bit number and the grouping is then verified
    exactly (every row equal to its group's representative)."""
    global _MIX
    if _MIX is None or len(_MIX) < keys.shape[1]:
        rng = np.random.default_rng(20240601)
        _MIX = rng.integers(1, 2**62, size=max(64, keys.shape[1]), dtype=np.int64) | 1
    h = (keys.astype(np.int64) * _MIX[: keys.shape[1]]).sum(axis=1)
    h ^= (h >> 29)
    _, first, inv = np.unique(h, return_index=True, return_inverse=True)
    if not np.array_equal(keys[first][inv], keys):
        _, first, inv = np.unique(keys, axis=0, return_index=True, return_inverse=True)
    return first, inv


def line_dist(lines, strips, rows, line_rows, key_of, side_of, nside, init=None):
    """The distribution of (Σ line pays, key tags) with side-tag weights.

    key_of(column) -> tuple of small non-negative ints, added over the reels;
    side_of(column) -> a function moving the weight matrix (rows × nside) by
    the column's side tag. Returns (pays[n], keys[n, nk], weights[n, nside]),
    the weights being the exact numbers of stop combinations (float64 holding
    integers below 2**53, checked)."""
    R = len(strips)
    L = len(line_rows)
    sym = lines.idx
    cols = [columns(strips[r], rows) for r in range(R)]
    nk = len(key_of(cols[0][0][0]))
    codes = np.ones((1, L), np.int16)
    keys = np.zeros((1, nk), np.int64)
    pays = np.zeros(1, np.int64)
    wts = np.zeros((1, nside), np.float64)
    if init is None:
        wts[0, 0] = 1.0
    else:
        wts[0] = init
    lr = np.array(line_rows)  # L × R
    total = 1
    for r in range(R):
        total *= len(strips[r])
        nxt = lines.next[r].ravel()
        pay = lines.pay[r].ravel().astype(np.int32)
        base = codes.astype(np.int32) * lines.S
        acc = None
        parts = []
        size = 0
        for i, (col, m) in enumerate(cols[r]):
            cells = np.array([sym[col[lr[l, r]]] for l in range(L)], np.int32)  # symbol per line
            idx = base + cells[None, :]
            nc = nxt.take(idx)
            pp = pays + pay.take(idx).sum(axis=1, dtype=np.int64)
            if r == R - 1:
                pp = pp + lines.final[nc].sum(axis=1)
                nc = nc[:, :0]
            kk = keys + np.array(key_of(col), np.int64)[None, :]
            ww = side_of(col)(wts) * m
            parts.append((nc, kk, pp, ww))
            size += len(pp)
            if size * nside > 1_000_000 or i == len(cols[r]) - 1:
                if acc is not None:
                    parts.append(acc)
                acc = _merge(parts)
                parts, size = [], 0
        codes, keys, pays, wts = acc
    if wts.sum() != total * (1 if init is None else sum(init)) or total >= 2**53:
        raise AssertionError("line_dist: the counts do not add up")
    return pays, keys, wts


def _merge(parts):
    """Concatenate (codes, keys, pays, weights) parts and add up equal rows."""
    codes = np.concatenate([p[0] for p in parts])
    keys = np.concatenate([p[1] for p in parts])
    pays = np.concatenate([p[2] for p in parts])
    wts = np.concatenate([p[3] for p in parts])
    mat = np.concatenate([codes.astype(np.int64), keys, pays[:, None]], axis=1)
    first, inv = _group(mat)
    nw = np.zeros((len(first), wts.shape[1]))
    for j in range(wts.shape[1]):
        nw[:, j] = np.bincount(inv, weights=wts[:, j], minlength=len(first))
    return codes[first], keys[first], pays[first], nw


def count_side(nside):
    """Side tag: a count (coins in view) moved by the column's count."""
    def make(k):
        if k == 0:
            return lambda W: W
        def mv(W):
            out = np.zeros_like(W)
            out[:, k:] = W[:, : nside - k]
            return out
        return mv
    return make


def presence_side(cands, R):
    """Side tag: per candidate symbol, the number of reels showing it."""
    C = len(cands)

    def make(col):
        present = [i for i, s in enumerate(cands) if s in col]
        if not present:
            return lambda W: W

        def mv(W):
            V = W.reshape(len(W), C, R + 1)
            out = V.copy()
            for i in present:
                out[:, i, 1:] = V[:, i, :-1]
                out[:, i, 0] = 0
            return out.reshape(len(W), C * (R + 1))
        return mv
    return make


# ---------------------------------------------------------------------------
# Outcome classes of the base game and one free game's win.

def table(m, n):
    """An award/pay table keyed by count: a count above the highest listed
    pays as the highest listed."""
    last = 0
    for k in range(1, n + 1):
        if str(k) in m:
            last = m[str(k)]
        elif k in m:
            last = m[k]
    return last


def base_classes(t, lines):
    """{(scatters, clover shows, coins): (B values in line bets before the
    clover factor, counts)} and the number of stop combinations. B is the
    window's line pays plus the scatter pay (× lines)."""
    strips = t.d["reels"]["base"]
    cells = t.R * t.rows
    sc, cl, coin = t.scatter, t.clover, t.coin
    key_of = lambda col: (sum(1 for x in col if x == sc) if sc else 0, 1 if cl and cl in col else 0)
    mk = count_side(cells + 1)
    side_of = lambda col: mk(sum(1 for x in col if x == coin))
    pays, keys, wts = line_dist(lines, strips, t.rows, t.lines, key_of, side_of, cells + 1)
    total = 1
    for s in strips:
        total *= len(s)
    out = {}
    for s in np.unique(keys[:, 0]):
        for c in (0, 1):
            sel = (keys[:, 0] == s) & (np.minimum(keys[:, 1], 1) == c)
            if not sel.any():
                continue
            sp = t.scatter_pay(int(s)) * t.L
            for n in range(cells + 1):
                w = wts[sel, n]
                nz = w > 0
                if nz.any():
                    v = pays[sel][nz] + sp
                    # merge equal values
                    u, inv = np.unique(v, return_inverse=True)
                    out[(int(s), c, n)] = (u, np.bincount(inv, weights=w[nz]))
    return out, total


def free_game(t, lines):
    """One free game: per expanding-symbol candidate, P(X = x, K = 0) and
    P(X = x, K = r) as arrays over x (line bets, the multiplier applied), the
    candidates' weights, r and q = P(K = r)."""
    fg = t.d["free_games"]
    strips = t.d["reels"].get("free") or t.d["reels"]["base"]
    exps = fg.get("expanding") or []
    cands = [e["symbol"] for e in exps] or [None]
    cw = [e["weight"] for e in exps] or [1]
    R = t.R
    sc = t.scatter
    key_of = lambda col: (sum(1 for x in col if x == sc) if sc else 0,)
    mk = presence_side(cands, R)
    init = np.zeros(len(cands) * (R + 1))
    init[:: R + 1] = 1.0
    pays, keys, wts = line_dist(lines, strips, t.rows, t.lines, key_of, mk, len(cands) * (R + 1), init)
    total = 1
    for s in strips:
        total *= len(s)
    retr = fg.get("retriggers") or {}
    rs = {table(retr, int(s)) for s in np.unique(keys[:, 0])} - {0}
    if len(rs) > 1:
        raise SystemExit("par_check: free games retriggering different numbers of games are not supported")
    r = rs.pop() if rs else 0
    m = fg["multiplier"]
    out = []
    for i, c in enumerate(cands):
        xs, k1, ws = [], [], []
        for s in np.unique(keys[:, 0]):
            sel = keys[:, 0] == s
            k = table(retr, int(s))
            base = pays[sel] + t.scatter_pay(int(s)) * t.L
            for n in range(R + 1):
                w = wts[sel, i * (R + 1) + n]
                nz = w > 0
                if not nz.any():
                    continue
                e = t.line_pay(c, n) * t.L if c is not None else 0
                xs.append((base[nz] + e) * m)
                k1.append(np.full(nz.sum(), k > 0))
                ws.append(w[nz])
        xs, k1, ws = np.concatenate(xs), np.concatenate(k1), np.concatenate(ws)
        size = int(xs.max()) + 1
        p0 = np.bincount(xs[~k1], weights=ws[~k1], minlength=size) / total
        p1 = np.bincount(xs[k1], weights=ws[k1], minlength=size) / total
        out.append((p0, p1, float((ws * xs).sum()), int(ws[k1].sum())))
    q1 = {o[3] for o in out}
    assert len(q1) == 1
    q = q1.pop() / total
    ex = [o[2] / total for o in out]  # E[X] per candidate (line bets)
    return [(o[0], o[1]) for o in out], cw, r, q, ex


# ---------------------------------------------------------------------------
# Lock & Spin's coin total (× total bet) below the cap c, and above it one
# bucket carrying P(V ≥ c) and E[(V − c)·1{V ≥ c}] (the total never falls).

class Dist:
    """A batch of distributions on 0..T−1 with the bucket [T, ∞): g (B × T),
    P (B), X = E[(V − T)·1{V ≥ T}] (B). All entries non-negative."""

    def __init__(self, g, P, X):
        self.g, self.P, self.X = g, P, X

    def scaled(self, w):
        return Dist(self.g * w, self.P * w, self.X * w)

    def add(self, o):
        self.g += o.g
        self.P += o.P
        self.X += o.X


def add_value(d, vals):
    """V + v, v drawn from vals = [(v, p)] (p summing to 1)."""
    B, T = d.g.shape
    g = np.zeros_like(d.g)
    P = d.P.copy()
    X = np.zeros_like(d.X)
    for v, p in vals:
        X += (d.X + d.P * v) * p
        if v == 0:
            g += d.g * p
            continue
        if v < T:
            g[:, v:] += d.g[:, : T - v] * p
            lo = T - v
        else:
            lo = 0
        seg = d.g[:, lo:]
        P += seg.sum(axis=1) * p
        X += (seg * (np.arange(lo, T) + v - T)).sum(axis=1) * p
    return Dist(g, P, X)


def scale(d, facs):
    """V · f, f drawn from facs = [(f, p)] (p summing to 1, f ≥ 1)."""
    B, T = d.g.shape
    g = np.zeros_like(d.g)
    P = np.zeros_like(d.P)
    X = np.zeros_like(d.X)
    for f, p in facs:
        K = -(-T // f)  # i·f < T ⟺ i < K
        g[:, ::f][:, :K] += d.g[:, :K] * p
        seg = d.g[:, K:]
        P += (d.P + seg.sum(axis=1)) * p
        X += (d.X * f + d.P * (T * (f - 1)) + (seg * (np.arange(K, T) * f - T)).sum(axis=1)) * p
    return Dist(g, P, X)


def lockspin_dists(t, starts, T):
    """The coin total's distribution for each start (number of locked symbols
    when the feature starts), cut at T with the bucket above: a Dist with one
    row per start. A state (locked cells n) is entered with the counter at 3;
    each respin lands k symbols on the e = cells − n empty cells with
    probability C(e,k)p^k(1−p)^(e−k) (p the landing probability, the same on
    every reel), so from n the feature ends with P0³ (P0 = (1−p)^e) and moves
    to n + k with weight (1 + P0 + P0²)·C(e,k)p^k(1−p)^(e−k); the k landers are
    a coins or jackpot symbols and k − a Scale Ups, V → (V + C_a)·F_(k−a)."""
    from fractions import Fraction as Fr
    from math import comb
    ls = t.d["lock_spin"]
    cells = ls["reels"] * ls["rows"]
    land = {(x["bonus"], x["blank"]) for x in ls["land"]}
    if len(land) != 1:
        raise SystemExit("par_check: landing tables differ between reels; the cap is not recomputed")
    (bonus, blank), = land
    if any(j.get("fallback", 0) for j in ls["jackpots"]):
        raise SystemExit("par_check: jackpot fallbacks above 0; the cap is not recomputed")

    def val(sym):
        return sym.get("value", 0) if sym["kind"] == "coin" else 0
    vw, fw = {}, {}
    for e in ls["symbols"]:
        if e["symbol"]["kind"] == "scaleup":
            fw[e["symbol"]["factor"]] = fw.get(e["symbol"]["factor"], 0) + e["weight"]
        else:
            v = val(e["symbol"])
            vw[v] = vw.get(v, 0) + e["weight"]
    tw = {}
    for e in ls["trigger_symbols"]:
        if e["symbol"]["kind"] == "scaleup":
            raise SystemExit("par_check: a Scale Up among the triggering symbols")
        v = val(e["symbol"])
        tw[v] = tw.get(v, 0) + e["weight"]
    wv, wf, wt = sum(vw.values()), sum(fw.values()), sum(tw.values())
    vals = [(v, float(Fr(w, wv))) for v, w in sorted(vw.items())]
    facs = [(f, float(Fr(w, wf))) for f, w in sorted(fw.items())]
    tvals = [(v, float(Fr(w, wt))) for v, w in sorted(tw.items())]
    p = Fr(bonus, bonus + blank)
    pv, pf = Fr(wv, wv + wf), Fr(wf, wv + wf)
    B = len(starts)
    state = {}
    for b, n0 in enumerate(starts):
        one = Dist(np.zeros((1, T)), np.zeros(1), np.zeros(1))
        one.g[0, 0] = 1.0
        for _ in range(n0):
            one = add_value(one, tvals)
        d = state.setdefault(n0, Dist(np.zeros((B, T)), np.zeros(B), np.zeros(B)))
        d.g[b], d.P[b], d.X[b] = one.g[0], one.P[0], one.X[0]
    final = Dist(np.zeros((B, T)), np.zeros(B), np.zeros(B))
    for n in range(min(starts), cells + 1):
        d = state.pop(n, None)
        if d is None:
            continue
        e = cells - n
        if e == 0:
            final.add(d)
            continue
        p0 = (1 - p) ** e
        final.add(d.scaled(float(p0 ** 3)))
        visits = 1 + p0 + p0 * p0
        u = d
        for a in range(e + 1):
            if a:
                u = add_value(u, vals)
            y = u
            for s in range(e - a + 1):
                if s:
                    if not facs:
                        break
                    y = scale(y, facs)
                k = a + s
                if k == 0:
                    continue
                w = comb(e, k) * p ** k * (1 - p) ** (e - k) * visits * comb(k, a) * pv ** a * pf ** s
                tgt = state.setdefault(n + k, Dist(np.zeros((B, T)), np.zeros(B), np.zeros(B)))
                tgt.add(y.scaled(float(w)))
    return final


# ---------------------------------------------------------------------------
# The free-game round: games are played one after another while games are
# pending and fewer than max_games have been played; a game retriggering adds r
# pending games. The sequence of retrigger flags decides the number of games
# played T and of retriggering games J among them; given the flags the games'
# wins are independent, X | K = 0 for the J − T others and X | K = r for the J.

def round_counts(l, r, maxg):
    """Numbers of retrigger-flag sequences: done[j] (the round ends after
    l + r·j games, j of them retriggering) and limit[j] (the round reaches
    max_games with j retriggering games played and games still pending)."""
    alive = {0: 1}
    done, limit = {}, {}
    for t in range(maxg):
        nxt = {}
        for j, n in alive.items():
            for jj in ((j, j + 1) if r else (j,)):
                rem = l + r * jj - (t + 1)
                if rem == 0:
                    done[jj] = done.get(jj, 0) + n
                elif t + 1 == maxg:
                    limit[jj] = limit.get(jj, 0) + n
                else:
                    nxt[jj] = nxt.get(jj, 0) + n
        alive = nxt
    return done, limit


def _lse(a):
    a = np.asarray(a, float)
    m = a.max()
    if not np.isfinite(m):
        return m
    return m + np.log(np.exp(a - m).sum())


def _log(p):
    with np.errstate(divide="ignore"):
        return np.log(p)


class Round:
    """The free-game round of l awarded games, per expanding-symbol candidate."""

    def __init__(self, games, cw, r, q, l, maxg):
        self.games, self.r, self.q, self.l, self.maxg = games, r, q, l, maxg
        tot = sum(cw)
        self.lw = [np.log(w / tot) for w in cw]
        done, limit = round_counts(l, r, maxg)
        # (games of K = 0, games of K = r, log of the number of sequences)
        self.terms = [(l + r * j - j, j, float(np.log(float(n)))) for j, n in done.items()]
        self.terms += [(maxg - j, j, float(np.log(float(n)))) for j, n in limit.items()]
        self.done, self.limit = done, limit

    def log_mgf(self, th):
        """log E[e^{θF}] and, per candidate, log m0, log m1, log of the
        candidate's E[e^{θF}] (F in line bets)."""
        per = []
        for (p0, p1) in self.games:
            x = np.arange(len(p0))
            lm0 = _lse(th * x + _log(p0))
            lm1 = _lse(th * x + _log(p1)) if p1.any() else -np.inf
            lz = _lse([ln + a * lm0 + (b * lm1 if b else 0.0) for a, b, ln in self.terms])
            per.append((lm0, lm1, lz))
        return _lse([lw + z for lw, (_, _, z) in zip(self.lw, per)]), per

    def p_limit(self):
        """P(the round reaches max_games with games pending)."""
        q = self.q
        return sum(float(n) * q ** j * (1 - q) ** (self.maxg - j) for j, n in self.limit.items())

    def lost_games(self):
        """E[games forfeited at the limit] = Σ P(limit, j)·pending/(1 − r·q):
        each pending game heads a tree of 1/(1 − r·q) games on average."""
        q, r = self.q, self.r
        s = sum(float(n) * q ** j * (1 - q) ** (self.maxg - j) * (self.l + r * j - self.maxg)
                for j, n in self.limit.items())
        return s / (1 - r * q)

    def fft(self, th, M, trim=1e-25):
        """The tilted round's transform, normalized: rfft on M points of
        P(F = x)·e^{θx}/E[e^{θF}]; and the tilted mass of the terms left out
        (each below trim)."""
        lz, per = self.log_mgf(th)
        out = 0
        dropped = 0.0
        r, l, maxg = self.r, self.l, self.maxg
        for lw, (p0, p1), (lm0, lm1, lzc) in zip(self.lw, self.games, per):
            x = np.arange(len(p0))
            if len(p0) >= M:
                raise AssertionError("one free game's win beyond the transform")
            wc = np.exp(lw + lzc - lz)
            f0 = np.fft.rfft(np.exp(th * x + _log(p0) - lm0), M)
            f1 = np.fft.rfft(np.exp(th * x + _log(p1) - lm1), M) if np.isfinite(lm1) else None
            coef = lambda a, b, ln: np.exp(ln + a * lm0 + (b * lm1 if b else 0.0) - lzc)
            # completed rounds: Σ_j c_j f0^(l + (r−1)j) f1^j = f0^l Σ_j c_j Y^j, Y = f0^(r−1) f1
            cs = {j: coef(l + (r - 1) * j, j, float(np.log(float(n)))) for j, n in self.done.items()}
            keep = [j for j in cs if cs[j] >= trim]
            dropped += wc * sum(c for j, c in cs.items() if c < trim)
            acc = 0
            if keep:
                Y = _pow(f0, r - 1) * f1 if f1 is not None else None
                H = 0
                for j in range(max(keep), -1, -1):
                    H = H * Y if j < max(keep) else H
                    if j in keep:
                        H = H + cs[j]
                acc = _pow(f0, l) * H
            # rounds at the limit: Σ_j c_j f0^(maxg − j) f1^j (homogeneous Horner)
            cs = {j: coef(maxg - j, j, float(np.log(float(n)))) for j, n in self.limit.items()}
            keep = sorted(j for j in cs if cs[j] >= trim)
            dropped += wc * sum(c for j, c in cs.items() if c < trim)
            if keep:
                j0, j1 = keep[0], keep[-1]
                H = cs[j0]
                pw = 1
                for j in range(j0 + 1, j1 + 1):
                    pw = pw * f1
                    H = H * f0 + (cs[j] * pw if j in cs and cs[j] >= trim else 0)
                acc = acc + H * _pow(f0, maxg - j1) * _pow(f1, j0)
            out = out + wc * acc
            _powcache.clear()
        return out, lz, dropped


def _pow(f, n):
    if n == 0:
        return 1
    key = (id(f), n)
    if key in _powcache:
        return _powcache[key]
    r = None
    b = f
    k = n
    while k:
        if k & 1:
            r = b if r is None else r * b
        k >>= 1
        if k:
            b = b * b
    _powcache[key] = r
    return r


_powcache = {}


# ---------------------------------------------------------------------------
# The cap's figures.

def _tail_terms(g):
    """For rows of g (B × T): S0[k] = Σ_{k≤v<T} g[v] and D[k] = Σ_{k≤v<T} g[v]·(v − k)
    = Σ_{i>k} S0[i], k = 0..T (sums of non-negative terms only)."""
    B, T = g.shape
    S0 = np.zeros((B, T + 1))
    S0[:, :T] = np.cumsum(g[:, ::-1], axis=1)[:, ::-1]
    D = np.zeros((B, T + 1))
    D[:, :T] = np.cumsum(S0[:, 1:][:, ::-1], axis=1)[:, ::-1]
    return S0, D


class Cap:
    """The cap's cost and P(W ≥ c) recomputed for one title."""

    margin = 80  # the tilt stays 80/(M − cL) below the critical one
    mscale = 1   # transform size × this (a check of the fold-back bound)

    def __init__(self, t, par):
        self.t, self.par = t, par
        d = t.d
        self.c = d["max_win_x_bet"]
        self.L = t.L
        ls = d["lock_spin"]
        self.cells = ls["reels"] * ls["rows"]
        self.trigger = ls["trigger"]
        self.lines = Lines(t)
        self.classes, self.total = base_classes(t, self.lines)
        cl = d.get("magic_clover")
        self.clover = [(e["factor"], e["weight"]) for e in cl["factors"]] if cl else None
        self.sc = d.get("super_colors")
        self.fg = d.get("free_games")

    def award(self, s):
        return table(self.fg["awards"], s) if self.fg else 0

    def b_dist(self, key):
        """B × the clover factor (line bets, integers) and probabilities in the class."""
        v, w = self.classes[key]
        n = w.sum()
        if key[1] and self.clover:
            tot = sum(x for _, x in self.clover)
            vs = np.concatenate([v * f for f, _ in self.clover])
            ps = np.concatenate([w / n * (x / tot) for _, x in self.clover])
            u, inv = np.unique(vs, return_inverse=True)
            return u, np.bincount(inv, weights=ps)
        return v, w / n

    def colors_dist(self, n):
        """Super Colors: n coins' values (base-game coin table) × the colour's factor."""
        ls = self.t.d["lock_spin"]
        tw = {}
        for e in ls["trigger_symbols"]:
            v = e["symbol"].get("value", 0) if e["symbol"]["kind"] == "coin" else 0
            tw[v] = tw.get(v, 0) + e["weight"]
        tot = sum(tw.values())
        one = np.zeros(max(tw) + 1)
        for v, w in tw.items():
            one[v] += w / tot
        s = np.array([1.0])
        for _ in range(n):
            s = np.convolve(s, one)
        wt = sum(e["weight"] for e in self.sc["wheel"])
        out = np.zeros((len(s) - 1) * max(e["factor"] for e in self.sc["wheel"]) + 1)
        for e in self.sc["wheel"]:
            out[:: e["factor"]][: len(s)] += s * (e["weight"] / wt)
        return out

    def r_dists(self):
        """R per class (Lock & Spin's total, or Super Colors' pay, or 0; total
        bets) as Dist rows on 0..c−1 with the bucket above."""
        c = self.c
        starts = sorted({k[2] for k in self.classes if k[2] >= self.trigger})
        out = {}
        if starts:
            ls = lockspin_dists(self.t, starts, c)
            for b, n in enumerate(starts):
                out[n] = Dist(ls.g[b:b + 1], ls.P[b:b + 1], ls.X[b:b + 1])
        for key in self.classes:
            n = key[2]
            if n in out:
                continue
            g = np.zeros((1, c))
            P, X = np.zeros(1), np.zeros(1)
            if self.sc and self.sc["min_coins"] <= n < self.trigger:
                cd = self.colors_dist(n)
                if len(cd) > c:
                    raise SystemExit("par_check: Super Colors beyond the cap; not supported")
                g[0, : len(cd)] = cd
            else:
                g[0, 0] = 1.0
            out[n] = Dist(g, P, X)
        return out

    def compute(self):
        """E[(W − c)⁺] + the forfeited games' win (the PAR's cost: the RTP
        counts every free game) and P(W ≥ c), each with its error bound."""
        c, L = self.c, self.L
        cL = c * L
        R = self.r_dists()
        tails = {}
        cost = p = 0.0
        fg = {}
        reach = 0  # classes that can reach the cap
        for key, (v, w) in self.classes.items():
            pc = w.sum() / self.total
            a = self.award(key[0])
            if a:
                fg.setdefault(a, []).append(key)
                continue
            r = R[key[2]]
            b, pb = self.b_dist(key)
            top = int(np.nonzero(r.g[0])[0].max()) if r.P[0] == 0 else None
            if top is not None and int(b.max()) + top * L < cL:
                continue  # W < c in every game of the class
            reach += 1
            if key[2] not in tails:
                tails[key[2]] = _tail_terms(r.g)
            S0, D = tails[key[2]]
            zn = cL - b  # c − b/L = zn/L
            k = np.clip((zn + L - 1) // L, 0, c)
            mean = (r.g[0] * np.arange(c)).sum() + c * r.P[0] + r.X[0]
            e = np.where(zn <= 0, (b - cL) / L + mean,
                         D[0, k] + (k * L - zn) / L * S0[0, k] + r.X[0] + b / L * r.P[0])
            q = np.where(zn <= 0, 1.0, S0[0, k] + r.P[0])
            cost += pc * (pb * e).sum()
            p += pc * (pb * q).sum()
        err_c = err_p = 0.0
        lost = 0.0
        self.fg_info = []
        for a, keys in fg.items():
            games, cw, r, q, ex = self.free
            rnd = Round(games, cw, r, q, a, self.fg_max)
            pa = sum(self.classes[k][1].sum() for k in keys) / self.total
            lost += pa * rnd.lost_games() * sum(x * w for x, w in zip(ex, cw)) / sum(cw) / L
            # G: the base pay and the class's R (line bets), over the classes
            parts_i, parts_w = [], []
            for key in keys:
                pc = self.classes[key][1].sum() / self.total
                b, pb = self.b_dist(key)
                rr = R[key[2]]
                if rr.P[0] != 0:
                    raise SystemExit("par_check: Lock & Spin beyond the cap together with free games; not supported")
                rv = np.nonzero(rr.g[0])[0]
                parts_i.append((b[:, None] + L * rv[None, :]).ravel())
                parts_w.append((pc * pb[:, None] * rr.g[0][rv][None, :]).ravel())
            gi = np.concatenate(parts_i)
            G = np.bincount(gi, weights=np.concatenate(parts_w))
            cp, pp, ec, ep, info = self.fg_tail(G, rnd)
            cost += cp
            p += pp
            err_c += ec
            err_p += ep
            self.fg_info.append(info)
        self.reach = reach
        return cost + lost, err_c, p, err_p, lost

    @property
    def free(self):
        if not hasattr(self, "_free"):
            self._free = free_game(self.t, self.lines)
            self.fg_max = self.t.par["rules"]["free_games_max_games"]
        return self._free

    def fg_tail(self, G, rnd):
        """E[(W − cL)⁺]/L and P(W ≥ cL) for W = G + F (line bets; G a
        sub-probability on its grid, F the round), from W's distribution tilted
        by e^{θ(w − cL)} and computed by FFT on M points.

        θ: the saddle point (the tilted W centred on cL), but kept below the
        round's critical tilt θc (where Σ_j N_j m0^(l+(r−1)j) m1^j, the
        unlimited round's E[e^{θF}], stops converging; m0, m1 the tilted masses
        of one game without and with a retrigger) by 80/(M − cL), so that the
        tilted mass beyond cL + M, which the transform folds back onto the
        tail, is small: it is bounded by Chernoff at η = (θ + θc)/2 and added
        to the error, as are the mass of the round's terms left out and the
        transform's noise (the larger of twice the largest negative entry and
        4·u·log2(M)·max entry)."""
        c, L = self.c, self.L
        cL = c * L
        gx = np.arange(len(G))
        lG = _log(G)
        maxx = max(len(p0) for p0, _ in rnd.games) - 1
        if len(G) - 1 + self.fg_max * maxx < cL:
            return 0.0, 0.0, 0.0, 0.0, "never reaches the cap"

        def K(th):
            return _lse(th * (gx - cL) + lG) + rnd.log_mgf(th)[0]

        def dK(th):
            h = max(th, 1e-6) * 1e-5
            return (K(th + h) - K(th - h)) / (2 * h)

        def bisect(f, lo, hi):
            for _ in range(60):
                mid = (lo + hi) / 2
                if f(mid) < 0:
                    lo = mid
                else:
                    hi = mid
            return lo
        r = rnd.r
        rho = r ** r / (r - 1) ** (r - 1) if r > 1 else 1.0

        def crit(th):  # < 0 below θc
            out = -np.inf
            for p0, p1 in rnd.games:
                x = np.arange(len(p0))
                lm0 = _lse(th * x + _log(p0))
                lm1 = _lse(th * x + _log(p1)) if p1.any() else -np.inf
                out = max(out, np.log(rho) + (r - 1) * lm0 + lm1)
            return out
        thc = bisect(crit, 0.0, 1.0) if r else 1.0
        hi = 1e-4
        while hi < thc and dK(hi) < 0:
            hi *= 2
        ths = bisect(dK, 0.0, min(hi, thc))
        A = self.margin
        M = (1 << int(np.ceil(np.log2(max(4 * cL, cL + A / thc))))) * self.mscale
        th = min(ths, thc - A / (M - cL))
        if th <= 0:
            raise AssertionError("no tilt for the free-game round")
        lzG = _lse(th * (gx - cL) + lG)
        if len(G) > M:
            raise AssertionError("the base part beyond the transform")
        Gt = np.exp(th * (gx - cL) + lG - lzG)
        fF, lzF, dropped = rnd.fft(th, M)
        w = np.fft.irfft(np.fft.rfft(Gt, M) * fF, M)
        lz = lzG + lzF
        d = np.arange(M - cL)
        fac = np.exp(lz - th * d)
        tail = w[cL:]
        pt = (tail * fac).sum()
        ct = (tail * fac * d).sum() / L
        u = 2.0 ** -53
        nu = max(-2 * w.min(), 4 * u * np.log2(M) * w.max())
        e = np.exp(lz)
        ep = nu * fac.sum()
        ec = nu * (fac * d).sum() / L
        ep += e * dropped
        ec += e * dropped / (np.e * th * L)
        eta = (th + thc) / 2
        K2 = K(eta)
        al = np.exp(K2 - lz - (eta - th) * M)  # tilted mass at ≥ cL + M, normalized
        ep += e * al + np.exp(K2 - eta * (M - cL))
        ec += e * al / (np.e * th * L) + np.exp(K2 - eta * (M - cL)) * (M - cL) / L
        info = (f"θ {th:.4g} (saddle {ths:.4g}, critical {thc:.4g}) per line bet, FFT of {M}, "
                f"noise {nu:.2g}, left out {dropped:.2g}, folded {al:.2g}")
        return ct, pt, ec, ep, info

    def true_max(self):
        """The largest award one game can pay (× total bet) and its probability,
        exactly (Fractions), for a title whose award never reaches the cap: per
        class the largest base pay (× the largest clover factor) plus the
        largest Lock & Spin total (every cell locked, each at its largest value)
        or Super Colors pay; ties between classes add up."""
        from fractions import Fraction as Fr
        from math import comb
        t = self.t
        ls = t.d["lock_spin"]
        if any(e["symbol"]["kind"] == "scaleup" for e in ls["symbols"]):
            raise SystemExit("par_check: the true maximum with Scale Ups is not computed")

        def top(entries):
            vals = {}
            for e in entries:
                v = e["symbol"].get("value", 0) if e["symbol"]["kind"] == "coin" else 0
                vals[v] = vals.get(v, 0) + e["weight"]
            m = max(vals)
            return m, Fr(vals[m], sum(vals.values()))
        tv, tp = top(ls["trigger_symbols"])
        sv, sp = top(ls["symbols"])
        (bonus, blank), = {(x["bonus"], x["blank"]) for x in ls["land"]}
        p = Fr(bonus, bonus + blank)
        cells = self.cells

        def p_full(n0):
            """P(the grid fills up) from n0 locked cells."""
            st = {n0: Fr(1)}
            for n in range(n0, cells):
                pr = st.pop(n, 0)
                if not pr:
                    continue
                e = cells - n
                p0 = (1 - p) ** e
                for k in range(1, e + 1):
                    st[n + k] = st.get(n + k, 0) + pr * (1 + p0 + p0 * p0) * comb(e, k) * p ** k * (1 - p) ** (e - k)
            return st.get(cells, Fr(0))
        best, pbest = None, Fr(0)
        for key, (v, w) in self.classes.items():
            s, cl, n = key
            if self.award(s):
                raise SystemExit("par_check: the true maximum with free games is not computed")
            bmax = int(v.max())
            pb = Fr(int(w[v == bmax].sum()), self.total)
            W = Fr(bmax, t.L)
            if cl and self.clover and bmax > 0:
                fmax = max(f for f, _ in self.clover)
                W *= fmax
                pb *= Fr(sum(x for f, x in self.clover if f == fmax), sum(x for _, x in self.clover))
            if n >= self.trigger:
                if sv > 0:
                    W += n * tv + (cells - n) * sv
                    pb *= tp ** n * p_full(n) * sp ** (cells - n)
                else:
                    W += n * tv
                    pb *= tp ** n
            elif self.sc and self.sc["min_coins"] <= n:
                wh = self.sc["wheel"]
                fm = max(e["factor"] for e in wh)
                W += n * tv * fm
                pb *= tp ** n * Fr(sum(e["weight"] for e in wh if e["factor"] == fm), sum(e["weight"] for e in wh))
            if best is None or W > best:
                best, pbest = W, pb
            elif W == best:
                pbest += pb
        return best, pbest
