"""The stage search of METEOR (:mod:`evalkit.metrics.meteor`) as one numba kernel.

:class:`evalkit.metrics.meteor._StageSearch` defines the search: a dynamic programme over
the hypothesis positions of a stage whose states are merged when the cost still to come
is the same, optionally bounded (branch and bound) and truncated to a width (beam). This
module runs the very same programme on integer arrays, one call per pass: the same
transitions, costs, lower bounds (weak and strong), merge keys, tie rules and truncation
order, so it returns the same alignment, cost and truncation flag as the Python
programme for every input (``tests/test_meteor_search.py`` compares the two on seeded,
randomized inputs full of repeated words, with and without truncation).

Layout of a stage (``n`` nodes = hypothesis positions in order, ``n_ref`` reference
positions): the candidates of node ``j`` are ``cand_r[cand_ptr[j]:cand_ptr[j + 1]]``
(ascending; for a key module, its class's references); ``ctx_h``/``ctx_r`` the context
mappings whose crossings count. A state is a bitset of used reference positions in
``n_words`` 64-bit words plus the previous node's reference; the merge key packs the used
positions that no later node wants to the low end of their gap between wanted positions
(it keeps every count the cost still to come depends on, as the Python key does with gap
indices); states are merged through the open-addressing table of
:mod:`evalkit.metrics.hash_kernel` (a row key).

Why our own kernel: the programme is ours (no library solves METEOR's selection); in
Python its per-transition work (bitset arithmetic, dictionary merges) dominated METEOR's
time on WMT09 (``benchmarks/README.md``).
"""

from __future__ import annotations

import numba
import numpy as np

from evalkit.metrics import bitset_kernel, hash_kernel
from evalkit.metrics.lazyjit import compiled, refresh_cache_with

# this module's cached kernels hold the shared kernels' code: stale when those change
refresh_cache_with(__file__, hash_kernel, bitset_kernel)

__all__ = ["stage_search", "SKIP", "INFINITE", "NO_FIXED"]

SKIP = 1 << 30  # the choice "no mapping" (ranks after every reference position)
INFINITE = 1 << 40  # the strong bound's "no mapping possible"
NO_FIXED = -9  # no fixed neighbour

_U0 = np.uint64(0)
_U1 = np.uint64(1)

# the shared open-addressing table and bit count (compiled here at import, as this module's
# kernels)
_probe_row = compiled(hash_kernel.probe_row)
_table_bits = compiled(hash_kernel.table_bits)
_popc = compiled(bitset_kernel.popcount)


@numba.njit(cache=True, inline="always")
def _has(row, r):
    return (row[r >> 6] >> np.uint64(r & 63)) & _U1 != _U0


@numba.njit(cache=True, inline="always")
def _above(row, r, n_words):
    """Used positions strictly above r."""
    p = r + 1
    w = p >> 6
    total = 0
    if w < n_words:
        total += _popc(row[w] >> np.uint64(p & 63))
        for k in range(w + 1, n_words):
            total += _popc(row[k])
    return total


@numba.njit(cache=True, inline="always")
def _count(row, n_words):
    total = 0
    for k in range(n_words):
        total += _popc(row[k])
    return total


@numba.njit(cache=True)
def _canon(src, dst, wmask, gap_lo, n_words):
    """dst = merge key of the used set src at a layer: wanted bits kept, the others
    packed to the low end of their gap (gap_lo[p]: first position of p's gap)."""
    for k in range(n_words):
        dst[k] = src[k] & wmask[k]
    cur_lo = -1
    slot = 0
    for k in range(n_words):
        out = src[k] & ~wmask[k]
        while out != _U0:
            low = out & (~out + _U1)  # lowest set bit
            p = (k << 6) + _popc(low - _U1)
            lo = gap_lo[p]
            if lo != cur_lo:
                cur_lo = lo
                slot = lo
            dst[slot >> 6] |= _U1 << np.uint64(slot & 63)
            slot += 1
            out ^= low


@numba.njit(cache=True, inline="always")
def _merge(table, key, prev2, cost2, parent, choice, new, m, n_words):
    """Offer a transition to the new layer's state (key, prev2): a new state, or the kept
    one if (cost, parent rank, choice) is smaller. ``new`` holds the new layer's arrays
    (masks, prev, cost, parent rank, choice). Returns the new number of states."""
    new_masks, new_prev, new_cost, new_prank, new_choice = new
    hv = _probe_row(table, new_masks, new_prev, key, prev2, n_words)
    e = table[hv]
    if e < 0:
        table[hv] = m
        for k in range(n_words):
            new_masks[m, k] = key[k]
        new_prev[m] = prev2
        new_cost[m] = cost2
        new_prank[m] = parent
        new_choice[m] = choice
        return m + 1
    if cost2 < new_cost[e] or (
        cost2 == new_cost[e]
        and (parent < new_prank[e] or (parent == new_prank[e] and choice < new_choice[e]))
    ):
        new_cost[e] = cost2
        new_prank[e] = parent
        new_choice[e] = choice
    return m


@numba.njit(cache=True)
def _strong_bound(row, li, n, n_ref, stage, buffers):
    """The strong lower bound of state ``row`` after ``li`` nodes (not yet times big):
    the forced crossings, plus each node j >= li that must be mapped paying its cheapest
    mapping still possible (crossings with the context and with the used positions),
    plus each class with surplus hypothesis words paying its cheapest remaining needs.
    ``stage``: the stage's arrays (candidates, classes, forced crossings); ``buffers``:
    work arrays (used, above, last and mapped per class, costs)."""
    cand_ptr, cand_r, cand_ctx, node_cls, must, cls_ptr, cls_r, cls_need, surplus, forced = stage
    used, abv, last_c, mapped_c, costs_buf = buffers
    cnt = 0
    for p in range(n_ref - 1, -1, -1):
        abv[p] = cnt  # used positions strictly above p
        u = _has(row, p)
        used[p] = u
        if u:
            cnt += 1
    for c in range(cls_need.shape[0]):
        last = -1
        m = 0
        for q in range(cls_ptr[c], cls_ptr[c + 1]):
            if used[cls_r[q]]:
                last = cls_r[q]
                m += 1
        last_c[c] = last
        mapped_c[c] = m
    lb = forced[li]
    for j in range(li, n):
        if must[j]:
            lb += _cheapest(j, cand_ptr, cand_r, cand_ctx, node_cls, used, abv, last_c)
    for cc in range(cls_need.shape[0]):
        if not surplus[cc]:
            continue
        need_c = cls_need[cc] - mapped_c[cc]
        if need_c <= 0:
            continue
        n_rest = 0
        for j in range(li, n):
            if node_cls[j] == cc:
                v = _cheapest(j, cand_ptr, cand_r, cand_ctx, node_cls, used, abv, last_c)
                # insertion into the sorted prefix costs_buf[:n_rest]
                k = n_rest
                while k > 0 and costs_buf[k - 1] > v:
                    costs_buf[k] = costs_buf[k - 1]
                    k -= 1
                costs_buf[k] = v
                n_rest += 1
        if need_c > n_rest:
            need_c = n_rest
        for q in range(need_c):
            lb += costs_buf[q]
    if lb > INFINITE:
        lb = INFINITE
    return lb


@numba.njit(cache=True, inline="always")
def _cheapest(j, cand_ptr, cand_r, cand_ctx, node_cls, used, abv, last_c):
    """The cheapest mapping node j can still take (INFINITE if none)."""
    c = node_cls[j]
    last = last_c[c] if c >= 0 else -1
    best = INFINITE
    for q in range(cand_ptr[j], cand_ptr[j + 1]):
        r = cand_r[q]
        if used[r] or r <= last:
            continue
        v = cand_ctx[q] + abv[r]
        if v < best:
            best = v
    return best


@numba.njit(cache=True)
def stage_search(
    node_h,
    cand_ptr,
    cand_r,
    adj_next,
    left_fixed,
    right_fixed,
    node_cls,
    cls_ptr,
    cls_r,
    cls_need,
    cls_skips,
    cls_count,
    ctx_h,
    ctx_r,
    n_ref,
    target,
    big,
    tie_chunks,
    width,
    bound,
    strong,
):
    """One pass of the programme; see :meth:`evalkit.metrics.meteor._StageSearch.run`.

    ``node_cls[j]`` is node j's class (-1 for relation stages, whose arrays ``cls_*``
    are then empty); ``bound`` < 0 means none. Returns (found, cost, truncated,
    choices) with ``choices[j]`` node j's reference position or -1.
    """
    n = node_h.shape[0]
    n_words = (n_ref + 63) >> 6
    n_cls = cls_need.shape[0]
    # crossings of every candidate with the context
    n_cand = cand_r.shape[0]
    cand_ctx = np.zeros(n_cand, np.int64)
    for j in range(n):
        h = node_h[j]
        for q in range(cand_ptr[j], cand_ptr[j + 1]):
            r = cand_r[q]
            x = 0
            for t in range(ctx_h.shape[0]):
                if (ctx_h[t] - h) * (ctx_r[t] - r) < 0:
                    x += 1
            cand_ctx[q] = x
    # wanted positions per layer (bitsets) and the first position of each gap
    wanted = np.zeros((n + 1, n_words), np.uint64)
    for i in range(n - 1, -1, -1):
        for k in range(n_words):
            wanted[i, k] = wanted[i + 1, k]
        for q in range(cand_ptr[i], cand_ptr[i + 1]):
            r = cand_r[q]
            wanted[i, r >> 6] |= _U1 << np.uint64(r & 63)
    gap_lo = np.zeros((n + 1, n_ref), np.int64)
    for i in range(n + 1):
        lo = 0
        for p in range(n_ref):
            if _has(wanted[i], p):
                lo = p + 1
            else:
                gap_lo[i, p] = lo
    # class bookkeeping per node
    k_before = np.zeros(n, np.int64)
    seen = np.zeros(max(n_cls, 1), np.int64)
    for j in range(n):
        c = node_cls[j]
        if c >= 0:
            k_before[j] = seen[c]
            seen[c] += 1
    # lower-bound data: nodes that must be mapped (classes without surplus hypothesis words)
    must = np.zeros(n, np.bool_)
    for j in range(n):
        if node_cls[j] >= 0 and cls_skips[node_cls[j]] == 0:
            must[j] = True
    lb_static = np.zeros(n + 1, np.int64)
    for i in range(n - 1, -1, -1):
        add = 0
        if must[i]:
            m = INFINITE
            for q in range(cand_ptr[i], cand_ptr[i + 1]):
                if cand_ctx[q] < m:
                    m = cand_ctx[q]
            add = m * big
        lb_static[i] = lb_static[i + 1] + add
    maxcand = np.zeros(n, np.int64)
    lo_c = np.zeros(n, np.int64)
    for j in range(n):
        lo_c[j] = cand_r[cand_ptr[j]]
        maxcand[j] = cand_r[cand_ptr[j + 1] - 1]
    forced_after = np.zeros(n + 1, np.int64)
    for j1 in range(n - 1, -1, -1):
        extra = 0
        if must[j1]:
            for j2 in range(j1 + 1, n):
                if must[j2] and lo_c[j1] > maxcand[j2]:
                    extra += 1
        forced_after[j1] = forced_after[j1 + 1] + extra
    surplus = np.zeros(max(n_cls, 1), np.bool_)
    for c in range(n_cls):
        surplus[c] = cls_skips[c] > 0
    skips_allowed = n - target

    # the programme
    cur_masks = np.zeros((1, n_words), np.uint64)
    cur_prev = np.full(1, -1, np.int64)
    cur_cost = np.zeros(1, np.int64)
    # history for the trace-back: per layer, parent index (= rank) and choice
    hist_parent = np.zeros(1024, np.int64)
    hist_choice = np.zeros(1024, np.int64)
    hist_off = np.zeros(n + 2, np.int64)
    hist_off[1] = 1
    hist_parent[0] = -1
    hist_choice[0] = -1
    n_hist = 1
    truncated = False
    tmp = np.zeros(n_words, np.uint64)
    key = np.zeros(n_words, np.uint64)
    costs_buf = np.zeros(n + 1, np.int64)
    used_buf = np.zeros(n_ref, np.bool_)
    abv_buf = np.zeros(n_ref, np.int64)
    last_buf = np.zeros(max(n_cls, 1), np.int64)
    mapped_buf = np.zeros(max(n_cls, 1), np.int64)
    stage = (
        cand_ptr,
        cand_r,
        cand_ctx,
        node_cls,
        must,
        cls_ptr,
        cls_r,
        cls_need,
        surplus,
        forced_after,
    )
    buffers = (used_buf, abv_buf, last_buf, mapped_buf, costs_buf)
    layers_done = 0
    for i in range(n):
        S = cur_cost.shape[0]
        h = node_h[i]
        c = node_cls[i]
        n_opts = cand_ptr[i + 1] - cand_ptr[i]
        cap_states = S * (n_opts + 1)
        cap = 1 << _table_bits(cap_states)
        table = np.full(cap, -1, np.int64)
        new_masks = np.zeros((cap_states, n_words), np.uint64)
        new_prev = np.zeros(cap_states, np.int64)
        new_cost = np.zeros(cap_states, np.int64)
        new_prank = np.zeros(cap_states, np.int64)
        new_choice = np.zeros(cap_states, np.int64)
        new = (new_masks, new_prev, new_cost, new_prank, new_choice)
        m = 0
        wm = wanted[i + 1]
        glo = gap_lo[i + 1]
        lf = left_fixed[i]
        rf = right_fixed[i]
        adj = adj_next[i]
        c0 = cand_ptr[i]
        need = 0
        max_skips = 0
        kb = 0
        remaining_after = 0
        n_refs = n_opts
        if c >= 0:
            need = cls_need[c]
            max_skips = cls_skips[c]
            kb = k_before[i]
            remaining_after = cls_count[c] - kb - 1
            n_refs = n_opts
        for s in range(S):
            row = cur_masks[s]
            cost = cur_cost[s]
            prev = cur_prev[s]
            start = 0
            end = n_opts
            if c >= 0:
                matched = 0
                start = 0
                for q in range(n_refs):
                    if _has(row, cand_r[c0 + q]):
                        matched += 1
                        start = q + 1
                t = need - matched - 1
                end = n_refs - t if remaining_after >= t else 0
                if end > n_refs:  # a slice's end, as in the Python programme
                    end = n_refs
                free_after = n_refs - start
                can_skip = (
                    kb - matched < max_skips and matched + min(remaining_after, free_after) >= need
                )
            else:
                can_skip = i - _count(row, n_words) < skips_allowed
            left = prev if lf == NO_FIXED else lf
            for q in range(start, end):
                r = cand_r[c0 + q]
                if c < 0 and _has(row, r):
                    continue
                cost2 = cost + (cand_ctx[c0 + q] + _above(row, r, n_words)) * big
                if tie_chunks:
                    if left != r - 1 or left < 0:
                        cost2 += 1
                    if rf != NO_FIXED and rf != r + 1:
                        cost2 += 1
                for k in range(n_words):
                    tmp[k] = row[k]
                tmp[r >> 6] |= _U1 << np.uint64(r & 63)
                prev2 = r if adj else -1
                _canon(tmp, key, wm, glo, n_words)
                m = _merge(table, key, prev2, cost2, s, r, new, m, n_words)
            if can_skip:
                cost2 = cost + (1 if (tie_chunks and rf != NO_FIXED) else 0)
                _canon(row, key, wm, glo, n_words)
                prev2 = -1
                m = _merge(table, key, prev2, cost2, s, SKIP, new, m, n_words)
        # bound and width
        keep = np.arange(m)
        if bound >= 0 or m > width:
            f = np.empty(m, np.int64)
            li = i + 1
            for e in range(m):
                row = new_masks[e]
                if not strong:
                    lb = lb_static[li]
                    for j in range(li, n):
                        if must[j]:
                            lb += _above(row, maxcand[j], n_words) * big
                else:
                    lb = _strong_bound(row, li, n, n_ref, stage, buffers)
                    lb *= big
                f[e] = new_cost[e] + lb
            if bound >= 0:
                n_keep = 0
                for e in range(m):
                    if f[e] <= bound:
                        keep[n_keep] = e
                        n_keep += 1
                keep = keep[:n_keep]
            if keep.shape[0] > width:
                truncated = True
                # order by (f, parent rank, choice): stable sorts, least significant first
                sec = new_prank[keep] * (SKIP + 1) + new_choice[keep]
                o1 = np.argsort(sec, kind="mergesort")
                keep = keep[o1]
                o2 = np.argsort(f[keep], kind="mergesort")
                keep = keep[o2[:width]]
        # rank the new layer by choice sequence (parent rank, choice); index = rank
        sec = new_prank[keep] * (SKIP + 1) + new_choice[keep]
        order = keep[np.argsort(sec, kind="mergesort")]
        S2 = order.shape[0]
        cur_masks = new_masks[order]
        cur_prev = new_prev[order]
        cur_cost = new_cost[order]
        if n_hist + S2 > hist_parent.shape[0]:
            size = hist_parent.shape[0]
            while size < n_hist + S2:
                size *= 2
            hp = np.zeros(size, np.int64)
            hc = np.zeros(size, np.int64)
            hp[:n_hist] = hist_parent[:n_hist]
            hc[:n_hist] = hist_choice[:n_hist]
            hist_parent = hp
            hist_choice = hc
        for e in range(S2):
            hist_parent[n_hist + e] = new_prank[order[e]]
            hist_choice[n_hist + e] = new_choice[order[e]]
        n_hist += S2
        hist_off[i + 2] = n_hist
        layers_done = i + 1
        if S2 == 0:
            break
    choices = np.full(n, -1, np.int64)
    if layers_done < n or cur_cost.shape[0] == 0:
        return False, 0, truncated, choices
    best = -1
    for s in range(cur_cost.shape[0]):
        if _count(cur_masks[s], n_words) == target:
            if best < 0 or cur_cost[s] < cur_cost[best]:
                best = s
    if best < 0:
        return False, 0, truncated, choices
    cost = cur_cost[best]
    idx = best
    for layer in range(n, 0, -1):
        e = hist_off[layer] + idx
        ch = hist_choice[e]
        if ch != SKIP:
            choices[layer - 1] = ch
        idx = hist_parent[e]
    return True, cost, truncated, choices
