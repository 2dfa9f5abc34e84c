#!/usr/bin/env python3
"""Reference check of the PAR sheets: recompute every RTP component of every title
from the PAR JSON alone (`egm-lab par --all --json`), to the exact fraction, and compare
with the figures the PAR states.

Independent of the project: Python 3 with fractions.Fraction for the RTP and
numpy for the cap (par_cap.py). It reads the PAR's "definition" (strips, lines,
paytable, Lock & Spin, Magic Clover, Super Colors and Free Games tables, the cap),
"grid", "rules" (free_games_max_games among them) and "linked_levels", and recomputes by combinatorics over the reels (independent, uniform stops):

  * base game line pays: per line, the exact probability of every paying combination
    (left to right, wilds substituting, highest win per line, the wild's own run,
    ties to the wild, a line of wilds as the best full line), summed over the lines;
  * scatter pays: the scatter count's exact distribution (a convolution of the
    reels' column counts), the count above the table paying as the highest listed;
  * Magic Clover: E[base pay × 1{clover in view}] × (E[factor] − 1), through the
    complementary event "no clover in any column" (a product over the reels);
  * Super Colors: P(n coin cells) × n × E[coin value] × E[wheel factor];
  * Free Games: E[X] per free game (lines, scatters, expansion on n reels: a
    product of Bernoullis; × multiplier), q = E[retriggered games]; a round of A
    awarded games pays A·E[X]/(1 − q) (the branching process, uncapped as in the
    PAR's figure); averaged over the base game's scatter counts;
  * Lock & Spin: the respin chain on the number of locked cells per group of reels
    with equal landing tables (cells are independent given their reel's table),
    carrying P(state) and E[total·1{state}]: V' = (V + S)·F for k landed symbols,
    E[F] = e_f^k, E[F·S] = k·e_v·e_f^(k−1); jackpot symbols' expected hits; the
    full grid's probability;
  * linked levels at reset and the contribution rates; the total RTP; the trigger
    probabilities; the odds of every line combination on the award list.

The cap on one game's award ("cap"), recomputed (par_cap.py, with numpy). W is
one game's award before the cap (base game with Magic Clover, Super Colors, Free
Games, Lock & Spin; × total bet), c = max_win_x_bet. Per base-game outcome class
(scatters in view, the clover in view, coins in view) the parts are independent:

  * base pay B, exactly: a dynamic programme over the reels whose rows are each
    line's run so far (ended, or w leading wilds then a symbol s), the line pay
    settled so far and the scatters/clover in view, with the exact numbers of
    stop combinations carried per number of coins in view; identical rows are
    added up after each reel (hashed, then verified equal). B = line pays +
    scatter pay × lines, × each clover factor with its weight;
  * Lock & Spin's coin total from the start n, in float64: the respin chain on
    (locked cells, total) with the total on 0..c−1 and one bucket for totals
    ≥ c carrying P and E[(V − c)·1{V ≥ c}] (V → (V + C_a)·F_s: the excess grows
    as (V − c)·f + c·(f − 1), no differences), the counter folded as
    1 + P0 + P0² visits; jackpot symbols count their fallback, 0 (a fallback
    above 0 is refused);
  * Super Colors: n coins' values × the wheel's factor, by convolution;
  * the free-game round (classes with an award): one free game's win X and
    retrigger K per expanding-symbol candidate from the same programme on the
    free strips (the side tag: reels showing each candidate), × multiplier. The
    games are a sequence: T games played, J of them retriggering; the numbers
    of retrigger sequences per (T, J) are counted exactly (the round ends when
    nothing is pending or at max_games), and given the sequence the wins are
    independent (X | K = 0 or X | K = r). So E[e^{iωF}] = Σ N(T,J)·φ0^(T−J)·φ1^J
    per candidate, evaluated by Horner on the FFT grid of whole line bets (no
    rounding of any win). W = G + F with G the mixture of B + Lock & Spin over
    the classes, its distribution tilted by e^{θ(w − c·lines)} (θ below the
    round's critical tilt, so the far tail is light) and transformed back; the
    tail sums give E[(W − c)⁺] and P(W ≥ c) directly. Error per title: the
    transform's noise (from its negative entries and 4·u·log2(M)·max), the
    terms of the round left out (tilted mass < 10^-25 each), and the tilted
    mass folded back from beyond the transform (Chernoff bound); all stated.
  * the PAR's cost counts the games forfeited at max_games (its RTP pays every
    game): E[forfeited games]·E[X], with E[forfeited] = Σ P(limit, J)·pending
    /(1 − r·q) (each pending game heads a tree of 1/(1 − r·q) games).

The check: each figure's estimate ± its error (plus 10^-10 relative for the
float64 chain and mixture, all sums of non-negative products) must meet the
PAR's [low, high]; on the catalogue every estimate lies inside the PAR's
bounds. For a title whose award never reaches the cap, the largest award and
its probability are recomputed exactly (Fractions: the largest base pay per
class × the largest clover factor, plus every cell of Lock & Spin locked at its
largest value, P(full grid) from the chain on locked cells) and compared with
true_max_x_bet and p_true_max (relative 10^-9). Titles without free games need
no FFT: their figures are the exact programme's and the float64 chain's. Time:
about 15 s of CPU for the 25 titles, under a minute on the shared 2-core
machine; the RTP checks above take about 6 s. Not covered (refused with a
message): different landing tables per reel, jackpot fallbacks above 0, Lock &
Spin beyond the cap together with free games, the largest award of a title
whose cap never binds when it has free games or Scale Ups (none in the
catalogue).

Why numpy: the exact base and free-game distributions need ~10^6-row table
steps per reel, the Scale Up chain ~10^3 array operations on 10^4-entry arrays
per title, and the round's distribution ~10^2 products of 10^5–10^6-entry
transforms per candidate: hours in pure Python, about a second per title with
numpy (Debian's python3-numpy, installed by make deps).

Usage: python3 reference/par_check.py PAR.json   (or the JSON on stdin)
Exit status 0 when every RTP figure agrees exactly and the cap's figures agree
within their bounds.
"""
import json
import sys
from fractions import Fraction as F
from math import comb

try:
    import par_cap
except ImportError as e:  # numpy
    sys.exit(f"par_check: numpy is needed for the cap's figures (Debian: apt-get install python3-numpy): {e}")


def frac(s):
    return F(s) if not isinstance(s, F) else s


class Title:
    def __init__(self, par):
        self.par = par
        d = par["definition"]
        self.d = d
        rc = d["reels"]
        self.R, self.rows = par["grid"]["reels"], par["grid"]["rows"]
        assert rc["reels"] == self.R and rc["rows"] == self.rows
        self.lines = rc["lines"]
        self.L = len(self.lines)
        self.syms = {s["name"]: s for s in rc["symbols"]}
        self.kind = {s["name"]: s["kind"] for s in rc["symbols"]}
        self.pays = {s["name"]: {int(k): v for k, v in (s.get("pays") or {}).items()} for s in rc["symbols"]}
        rules = par["rules"]
        self.wild = rules.get("wild") or None
        self.subst = set(rules.get("wild_substitutes_for") or [])
        self.scatter = rules.get("scatter") or None
        self.coin = d["coin"]
        self.clover = (d.get("magic_clover") or {}).get("symbol")
        assert rules["stops"] == "uniform_independent"
        assert rules["line_win"] == "highest_per_line" and rules["ties_to"] == "wild"
        assert rules["wild_pays_own"] is True

    # --- reels -----------------------------------------------------------------
    def columns(self, strips, r):
        s = strips[r]
        n = len(s)
        return [[s[(k + row) % n] for row in range(self.rows)] for k in range(n)]

    def row_dist(self, strips, r, row, cond=None):
        """P(symbol at row of reel r [and cond(column)]), a dict of Fractions."""
        cols = self.columns(strips, r)
        n = len(cols)
        out = {}
        for c in cols:
            if cond is None or cond(c):
                out[c[row]] = out.get(c[row], 0) + 1
        return {s: F(w, n) for s, w in out.items()}

    def count_dist(self, strips, sym, cond=None):
        """Distribution of the number of cells showing sym in the window (and
        cond(column) on every reel), as a list of Fractions."""
        dist = [F(1)]
        for r in range(self.R):
            cols = self.columns(strips, r)
            n = len(cols)
            per = [0] * (self.rows + 1)
            for c in cols:
                if cond is None or cond(c):
                    per[sum(1 for x in c if x == sym)] += 1
            nxt = [F(0)] * (len(dist) + self.rows)
            for i, p in enumerate(dist):
                if p:
                    for j, w in enumerate(per):
                        if w:
                            nxt[i + j] += p * F(w, n)
            dist = nxt
        return dist

    # --- lines -----------------------------------------------------------------
    def line_pay(self, s, n):
        return self.pays.get(s, {}).get(n, 0) if self.kind.get(s) in ("regular", "wild") else 0

    def all_wild(self):
        best_s, best = self.wild, self.line_pay(self.wild, self.R)
        for s in self.syms:
            if self.kind[s] == "regular" and self.line_pay(s, self.R) > best:
                best_s, best = s, self.line_pay(s, self.R)
        return (best_s, self.R, best) if best > 0 else None

    def line_combos(self, dists):
        """dists[r]: P(symbol on the line's cell of reel r [and the column's
        condition]). Returns {(symbol, count): probability of paying it} and E[pay]."""
        R, W = self.R, self.wild
        out = {}
        # mass of reels r.. (1 without a condition; P(condition) with one): the
        # reels after the one that ends the line still have to meet the condition
        mass = [sum(d.values(), F(0)) for d in dists]
        rest = [F(1)] * (R + 1)
        for r in range(R - 1, -1, -1):
            rest[r] = rest[r + 1] * mass[r]

        def add(key, p):
            if p:
                out[key] = out.get(key, 0) + p

        def P(r, pred):
            return sum((p for s, p in dists[r].items() if pred(s)), F(0))

        # first cell not a wild
        for c, p0 in dists[0].items():
            if c == W or self.kind.get(c) != "regular":
                continue
            p = p0
            n = 1
            while True:
                if n == R:
                    pay = self.line_pay(c, n)
                    if pay:
                        add((c, n, pay), p)
                    break
                stop = P(n, lambda s: s != c and s != W)
                pay = self.line_pay(c, n)
                if pay:
                    add((c, n, pay), p * stop * rest[n + 1])
                p *= P(n, lambda s: s == c or s == W)
                n += 1
        if W is None:
            return out
        # leading wilds
        pw = F(1)
        for i in range(1, R + 1):
            pw *= dists[i - 1].get(W, F(0))
            if not pw:
                break
            if i == R:
                aw = self.all_wild()
                if aw:
                    add(aw, pw)
                break
            wp = self.line_pay(W, i)
            for s, ps in dists[i].items():
                if s == W:
                    continue
                if s not in self.subst:
                    if wp > 0:
                        add((W, i, wp), pw * ps * rest[i + 1])
                    continue
                p = pw * ps
                n = i + 1
                while True:
                    stop = F(1) if n == R else P(n, lambda x: x != s and x != W) * rest[n + 1]
                    sp = self.line_pay(s, n)
                    if wp > 0 and wp >= sp:
                        combo = (W, i, wp)
                    elif sp > 0:
                        combo = (s, n, sp)
                    else:
                        combo = None
                    if combo:
                        add(combo, p * stop)
                    if n == R:
                        break
                    p *= P(n, lambda x: x == s or x == W)
                    n += 1
        return out

    def line_mean(self, strips, cond=None):
        """E[Σ line pays] (× line bet) and the per-combination hit probabilities
        summed over the lines."""
        total = F(0)
        hits = {}
        cache = {}
        for ln in self.lines:
            key = tuple(ln)
            if key not in cache:
                dists = [self.row_dist(strips, r, ln[r], cond) for r in range(self.R)]
                cache[key] = self.line_combos(dists)
            for (s, n, pay), p in cache[key].items():
                total += p * pay
                hits[(s, n)] = hits.get((s, n), 0) + p
        return total, hits

    def scatter_pay(self, n):
        if not self.scatter:
            return 0
        last = 0
        for k in range(1, n + 1):
            if k in self.pays[self.scatter]:
                last = self.pays[self.scatter][k]
        return last

    def scatter_mean(self, strips, cond=None):
        if not self.scatter:
            return F(0), [F(1)]
        dist = self.count_dist(strips, self.scatter, cond)
        return sum((p * self.scatter_pay(n) for n, p in enumerate(dist)), F(0)), dist


def table(m, n):
    """An award/retrigger table: a count above the highest listed awards as it."""
    last = 0
    for k in range(1, n + 1):
        if str(k) in m:
            last = m[str(k)]
        elif k in m:
            last = m[k]
    return last


def wmean(entries, f):
    tot = sum(e["weight"] for e in entries)
    return sum((F(e["weight"], tot) * f(e) for e in entries), F(0))


def lockspin(t, start):
    """Lock & Spin from the start distribution {locked count: probability per game}.
    Returns E[total·1{trigger}], expected jackpot hits per level, P(full grid)."""
    ls = t.d["lock_spin"]
    R, rows = ls["reels"], ls["rows"]
    cells = R * rows
    # groups of reels with equal landing tables; cells are exchangeable in a group
    groups = {}
    for land in ls["land"]:
        key = (land["bonus"], land["blank"])
        groups[key] = groups.get(key, 0) + rows
    if len(groups) != 1:
        raise SystemExit("par_check: landing tables differ between reels; not supported")
    (bonus, blank), = groups
    p = F(bonus, bonus + blank)
    sym = ls["symbols"]
    trig = ls["trigger_symbols"]
    val = lambda e: e["symbol"].get("value", 0) if e["symbol"]["kind"] == "coin" else 0
    fac = lambda e: e["symbol"].get("factor", 1) if e["symbol"]["kind"] == "scaleup" else 1
    e_v = wmean(sym, val)
    e_f = wmean(sym, fac)
    e_v0 = wmean(trig, val)
    levels = [l["name"] for l in ls["jackpots"]]
    pj = {l: wmean(sym, lambda e, l=l: F(e["symbol"]["kind"] == "jackpot" and e["symbol"].get("level") == l)) for l in levels}
    pj0 = {l: wmean(trig, lambda e, l=l: F(e["symbol"]["kind"] == "jackpot" and e["symbol"].get("level") == l)) for l in levels}
    # state (locked, counter) -> [P, E[V·1]]
    cur = {}
    hits = {l: F(0) for l in levels}
    for n0, pr in start.items():
        s = cur.setdefault((n0, 3), [F(0), F(0)])
        s[0] += pr
        s[1] += pr * n0 * e_v0
        for l in levels:
            hits[l] += pr * n0 * pj0[l]
    mean, pfull, landed = F(0), F(0), F(0)
    while cur:
        nxt = {}
        for (n, r), (P, M) in cur.items():
            if r == 0 or n == cells:
                mean += M
                if n == cells:
                    pfull += P
                continue
            e = cells - n
            for k in range(e + 1):
                pk = comb(e, k) * p ** k * (1 - p) ** (e - k)
                key = (n + k, 3 if k else r - 1)
                s = nxt.setdefault(key, [F(0), F(0)])
                s[0] += P * pk
                s[1] += pk * (e_f ** k * M + (P * k * e_v * e_f ** (k - 1) if k else 0))
                landed += P * pk * k
        cur = nxt
    for l in levels:
        hits[l] += landed * pj[l]
    if ls.get("full_grid"):
        hits[ls["full_grid"]] += pfull
    return mean, hits, pfull


def check(par):
    t = Title(par)
    d = t.d
    L = t.L
    base = d["reels"]["base"]
    got = {}
    comp = {c["name"]: frac(c["exact"]) for c in par["components"]}
    errors = []

    def expect(name, want, have):
        if want != have:
            errors.append(f"{name}: PAR {want} ({float(want):.12g}), reference {have} ({float(have):.12g})")

    # base game
    lines, hits = t.line_mean(base)
    smean, sdist = t.scatter_mean(base)
    got["base game line pays"] = lines / L
    if t.scatter:
        got["scatter pays"] = smean
    # Magic Clover
    if t.clover:
        cl = d["magic_clover"]
        no = lambda c: t.clover not in c
        lnc, _ = t.line_mean(base, no)
        snc, _ = t.scatter_mean(base, no)
        with_clover = (lines + smean * L) - (lnc + snc * L)  # × line bet
        ef = wmean(cl["factors"], lambda e: e["factor"])
        got["Magic Clover multiplier"] = with_clover * (ef - 1) / L
    # coins
    ls = d["lock_spin"]
    cdist = t.count_dist(base, t.coin)
    trig = ls["trigger"]
    e_v0 = wmean(ls["trigger_symbols"], lambda e: e["symbol"].get("value", 0) if e["symbol"]["kind"] == "coin" else 0)
    if d.get("super_colors"):
        sc = d["super_colors"]
        ef = wmean(sc["wheel"], lambda e: e["factor"])
        got["Super Colors"] = sum((cdist[n] * n * e_v0 * ef for n in range(sc["min_coins"], min(trig, len(cdist)))), F(0))
    # Free Games
    pfg = None
    if d.get("free_games"):
        fg = d["free_games"]
        free = d["reels"].get("free") or base
        fl, _ = t.line_mean(free)
        fs, fdist = t.scatter_mean(free)
        q = sum((p * table(fg.get("retriggers") or {}, n) for n, p in enumerate(fdist)), F(0))
        assert q < 1
        m = fg["multiplier"]
        exps = fg.get("expanding") or []
        if exps:
            tot = sum(e["weight"] for e in exps)
            ex = F(0)
            for e in exps:
                s = e["symbol"]
                dist = [F(1)]
                for r in range(t.R):
                    cols = t.columns(free, r)
                    pr = F(sum(1 for c in cols if s in c), len(cols))
                    dist = [(dist[i] if i < len(dist) else 0) * (1 - pr) + (dist[i - 1] * pr if i > 0 else 0) for i in range(len(dist) + 1)]
                ex += F(e["weight"], tot) * sum((pn * t.line_pay(s, n) * L for n, pn in enumerate(dist)), F(0))
        else:
            ex = F(0)
        x = m * (fl + fs * L + ex)  # × line bet per free game
        tree = x / (1 - q)
        pfg = sum((p for n, p in enumerate(sdist) if table(fg["awards"], n) > 0), F(0))
        got["Free Games"] = sum((p * table(fg["awards"], n) * tree for n, p in enumerate(sdist)), F(0)) / L
    # Lock & Spin
    start = {n: p for n, p in enumerate(cdist) if n >= trig and p}
    ptrig = sum(start.values(), F(0))
    lmean, lhits, pfull = lockspin(t, start)
    got["Lock & Spin coins"] = lmean
    lk = par["linked_levels"]
    names = {"grand": "Grand", "major": "Major"}
    for lvl, h in lhits.items():
        got[f"{names.get(lvl, lvl)} at reset"] = h * lk["reset_x_max_bet"][lvl]
    r = lk["contribution_rates_bp"]
    got["Grand contribution"] = F(r["grand"], 10000)
    got["Major contribution"] = F(r["major"], 10000)
    got["mystery growth (shown)"] = F(r["mystery_shown"], 10000)
    got["mystery reserve (resets)"] = F(r["mystery_reserve"], 10000)
    if d.get("gamble"):
        got["Gamble (RTP-neutral)"] = F(0)

    for name in sorted(set(comp) | set(got)):
        if name not in got:
            errors.append(f"component {name!r}: not recomputed")
        elif name not in comp:
            errors.append(f"component {name!r}: missing on the PAR")
        else:
            expect(name, comp[name], got[name])
    expect("total RTP", frac(par["rtp_exact"]), sum(got.values(), F(0)))
    expect("Lock & Spin trigger", frac(par["lock_spin"]["p_trigger"]), ptrig)
    if pfg is not None:
        expect("Free Games trigger", frac(par["free_games"]["p_trigger"]), pfg)
    # awards: linked levels, full grid, line combinations
    for a in par["awards"]:
        nm, want = a["name"], frac(a["p_per_game"])
        if nm.endswith("jackpot (max bet)"):
            lvl = nm.split()[0].lower()
            expect(nm, want, lhits[lvl])
        elif nm == "Lock & Spin full grid":
            expect(nm, want, pfull)
        elif " × " in nm:
            n, s = nm.split(" × ", 1)
            expect(nm, want, hits.get((s, int(n)), F(0)))
    note = check_cap(par, t, errors)
    return errors, note


def check_cap(par, t, errors):
    """The cap's figures: consistency, and the figures recomputed (par_cap.py)."""
    c = par.get("cap")
    cap = par["definition"].get("max_win_x_bet")
    if c is None:
        errors.append("cap: no figures on the PAR")
        return ""
    if c["cap_x_bet"] != cap or par["max_win_cap_x_bet"] != cap:
        errors.append(f"cap: {c['cap_x_bet']} on the cap's figures, {cap} in the definition")
    bound = par["max_win_uncapped_x_bet"]
    if c["binds"] != (bound >= cap):
        errors.append(f"cap: binds {c['binds']}, but the award before the cap is at most {bound}x and the cap {cap}x")
    rtp = par["rtp"]
    tol = 1e-15
    if not c["binds"]:
        if c["cost_low"] != 0 or c["cost_high"] != 0 or c["rtp_capped_low"] != rtp or c["rtp_capped_high"] != rtp:
            errors.append(f"cap: never reached, yet it costs {c['cost_low']}..{c['cost_high']}")
        tm = c.get("true_max_x_bet", 0)
        if tm and (tm > bound or par["max_win_x_bet"] != tm or not 0 < c["p_true_max"] <= 1):
            errors.append(f"cap: true maximum {tm}x (probability {c.get('p_true_max')}), bound {bound}x, max win {par['max_win_x_bet']}x")
        # recomputed: the largest award and its probability, exactly
        wmax, pmax = par_cap.Cap(t, par).true_max()
        if wmax >= cap:
            errors.append(f"cap: the PAR says the cap is never reached; the reference's largest award is {float(wmax)}x")
        elif float(wmax) != tm or abs(pmax / F(c["p_true_max"]) - 1) > 1e-9:
            errors.append(f"cap: true maximum {tm}x with probability {c.get('p_true_max')}; "
                          f"reference {float(wmax)}x with probability {float(pmax):.16g}")
        return f"cap never reached: largest award {float(wmax):g}x, 1 in {float(1 / pmax):.4g}"
    if par["max_win_x_bet"] != cap:
        errors.append(f"cap: binds, yet the max win is {par['max_win_x_bet']}x")
    if not 0 <= c["cost_low"] <= c["cost_high"] or not 0 <= c["p_cap_low"] <= c["p_cap_high"] <= 1:
        errors.append(f"cap: bounds out of order {c}")
    if abs(c["rtp_capped_low"] - (rtp - c["cost_high"])) > tol or abs(c["rtp_capped_high"] - (rtp - c["cost_low"])) > tol:
        errors.append(f"cap: RTP with the cap {c['rtp_capped_low']}..{c['rtp_capped_high']} is not the RTP {rtp} less the cost")
    if c["p_cap_high"] > 0 and abs(c["cap_one_in_low"] * c["p_cap_high"] - 1) > 1e-12:
        errors.append("cap: odds disagree with P(award >= cap)")
    # recomputed: the cost and P(W >= c), each an estimate with its error
    # bound; the check is that [estimate - error, estimate + error] meets the
    # PAR's [low, high]
    cc = par_cap.Cap(t, par)
    cost, ec, p, ep, lost = cc.compute()
    ec += CAP_REL * cost
    ep += CAP_REL * p
    if p <= 0:
        errors.append("cap: the PAR says the cap binds; the reference finds no game reaching it")
    for name, v, e, lo, hi in (("cost", cost, ec, c["cost_low"], c["cost_high"]),
                               ("P(award >= cap)", p, ep, c["p_cap_low"], c["p_cap_high"])):
        if v + e < lo or v - e > hi:
            errors.append(f"cap: {name} {lo:.10g}..{hi:.10g} on the PAR, reference {v:.10g} ± {e:.2g}")
    inside = c["cost_low"] <= cost <= c["cost_high"] and c["p_cap_low"] <= p <= c["p_cap_high"]
    return (f"cap: cost {cost:.4g} ± {ec:.1g} (PAR {c['cost_low']:.4g}..{c['cost_high']:.4g}), "
            f"P {p:.4g} ± {ep:.1g} (PAR {c['p_cap_low']:.4g}..{c['p_cap_high']:.4g})" + ("" if inside else " [overlap only]"))


# The reference's own relative error on the cap's figures beyond the stated
# free-game error: float64 sums and products of non-negative terms (Lock & Spin's
# chain, the class mixture), at most ~10^4 roundings along any path, so within
# γ_n ≈ 1.1e-12; 1e-10 leaves a margin.
CAP_REL = 1e-10


def main():
    src = open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin
    pars = json.load(src)
    if isinstance(pars, dict):
        pars = [pars]
    bad = 0
    for par in pars:
        errs, note = check(par)
        status = "ok" if not errs else "MISMATCH"
        print(f"{par['title']:28s} {status}  RTP {float(frac(par['rtp_exact'])) * 100:.6f}%  "
              f"({len(par['components'])} components, {len(par['awards'])} awards)")
        print(f"{'':28s} {note}")
        for e in errs:
            print("    " + e)
        bad += bool(errs)
    print(f"par_check: {len(pars) - bad} of {len(pars)} titles agree with the reference "
          f"(the RTP components exactly, the cap's figures within their bounds)")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
