"""The METEOR stage search in plain Python: the oracle the numba kernel is tested against.

:class:`PythonSearch` runs the dynamic programme of
:func:`evalkit.metrics.meteor._solve_stage` pass by pass in Python, on the same inputs as
:class:`evalkit.metrics.meteor._StageSearch` (the kernel in
:mod:`evalkit.metrics.meteor_search`, what METEOR uses); ``tests/test_meteor_search.py``
requires both to return the same alignment, cost and truncation flag for every pass.
Nothing in evalkit uses it: it lives beside the tests as their reference.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Dict, List, Optional, Tuple


_popcount = int.bit_count  # Python >= 3.10


class PythonSearch:
    """The dynamic programme behind :func:`_solve_stage`, in Python: the reference that
    :class:`_StageSearch` (the numba kernel, used by :func:`_solve_stage`) must equal.

    States after node i are merged when the cost still to come is the same for them: it
    depends on the used reference positions only through (a) which positions still
    wanted by later nodes are used and (b) how many used positions lie in each gap
    between those; plus the previous node's reference (for chunks).
    """

    def __init__(self, nodes, cands, target, st, key_classes):
        self.nodes, self.cands, self.target, self.st = nodes, cands, target, st
        classes, class_refs, class_skips = (
            key_classes if key_classes is not None else (None, None, None)
        )
        self.classes, self.class_refs, self.class_skips = classes, class_refs, class_skips
        self.big = 2 * st.n_hyp + 3 if st.tie_chunks else 1
        n = len(nodes)
        self.skips_allowed = n - target
        # wanted[i]: sorted reference positions some node j >= i may still take
        self.wanted: List[List[int]] = [[] for _ in range(n + 1)]
        acc: set = set()
        for i in range(n - 1, -1, -1):
            acc.update(cands[nodes[i]])
            self.wanted[i] = sorted(acc)
        # per layer: mask of the wanted positions (the gap index of every reference
        # position is built on first use, see canon)
        n_ref = max((r for rs in cands.values() for r in rs), default=0) + 1
        n_ref = max(
            [n_ref] + [r + 1 for _, r in st.context] + [r + 1 for r in st.fixed_ref.values()]
        )
        self.n_ref = n_ref
        self.wanted_mask = [sum(1 << r for r in w) for w in self.wanted]
        self.gap_index: Dict[int, List[int]] = {}
        # crossings of each candidate mapping with the context
        self.ctx_cross = []
        context = st.context
        for h in nodes:
            row = {}
            for r in cands[h]:
                row[r] = sum(1 for ch, cr in context if (ch - h) * (cr - r) < 0)
            self.ctx_cross.append(row)
        if classes is not None:
            self.cls_nodes: Dict[int, int] = {}
            for h in nodes:
                self.cls_nodes[classes[h]] = self.cls_nodes.get(classes[h], 0) + 1
            self.cls_mask = {c: sum(1 << r for r in rs) for c, rs in class_refs.items()}
            self.cls_target = {c: min(self.cls_nodes[c], len(rs)) for c, rs in class_refs.items()}
        self.strong = False
        self._bounds_ready = False
        self._arrays_ready = False

    def _prepare_bounds(self) -> None:
        """Data of the lower bounds (admissible): every node that must be mapped pays at
        least its cheapest context crossings and crosses every used reference position
        beyond its last candidate."""
        nodes, cands, n = self.nodes, self.cands, len(self.nodes)
        if self.classes is not None:
            must = [self.class_skips[self.classes[h]] == 0 for h in nodes]
        else:
            must = [False] * n  # any node of a relation stage may be the one left out
        self.must_after = [[j for j in range(i, n) if must[j]] for i in range(n + 1)]
        self.lb_static = [0] * (n + 1)
        for i in range(n - 1, -1, -1):
            self.lb_static[i] = self.lb_static[i + 1] + (
                min(self.ctx_cross[i].values()) * self.big if must[i] else 0
            )
        # lb_dynamic[i]: (max candidate, number of must nodes j >= i with it)
        self.lb_dynamic: List[List[Tuple[int, int]]] = [[] for _ in range(n + 1)]
        counts: Dict[int, int] = {}
        for i in range(n - 1, -1, -1):
            if must[i]:
                m = max(cands[nodes[i]])
                counts[m] = counts.get(m, 0) + 1
            self.lb_dynamic[i] = sorted(counts.items())
        self._bounds_ready = True

    def use_strong_bound(self) -> None:
        """Switch to the tighter, costlier bound (built on first use)."""
        self.strong = True

    def _prepare_arrays(self) -> None:
        import numpy as np

        self._arrays_ready = True
        nodes, cands = self.nodes, self.cands
        self.cand_array = [np.array(cands[h], dtype=np.int64) for h in nodes]
        self.ctx_array = [
            np.array([self.ctx_cross[j][r] for r in cands[h]], dtype=np.int64)
            for j, h in enumerate(nodes)
        ]
        if self.class_refs is not None:
            self.class_ref_array = {
                c: np.array(rs, dtype=np.int64) for c, rs in self.class_refs.items()
            }
        # pairs of nodes that must both be mapped and cross whatever they take (every
        # candidate of the earlier word lies right of every candidate of the later one)
        n = len(nodes)
        must = set(self.must_after[0])
        lo = [min(cands[h]) for h in nodes]
        hi = [max(cands[h]) for h in nodes]
        forced = [0] * (n + 1)
        for j1 in range(n - 1, -1, -1):
            extra = 0
            if j1 in must:
                extra = sum(1 for j2 in range(j1 + 1, n) if j2 in must and lo[j1] > hi[j2])
            forced[j1] = forced[j1 + 1] + extra
        self.forced_after = forced
        # nodes of classes with surplus hypothesis words, by class, in order
        self.surplus_nodes: Dict[int, List[int]] = {}
        if self.classes is not None:
            for j, h in enumerate(nodes):
                c = self.classes[h]
                if self.class_skips[c] > 0:
                    self.surplus_nodes.setdefault(c, []).append(j)

    def lower_bounds(self, useds: List[int], i: int) -> List[int]:
        """Lower bounds on the cost still to come after node i-1, one per used mask."""
        if not self._bounds_ready:
            self._prepare_bounds()
        if self.strong:
            return self._lower_bounds_strong(useds, i)
        out = []
        for used in useds:
            lb = self.lb_static[i]
            for maxcand, count in self.lb_dynamic[i]:
                above = used >> (maxcand + 1)
                if above:
                    lb += count * _popcount(above) * self.big
            out.append(lb)
        return out

    def _lower_bounds_strong(self, useds: List[int], i: int) -> List[int]:
        """Each node j >= i that must be mapped pays at least its cheapest mapping still
        possible: crossings with the context and with the used positions (vectorized
        over the states of a layer, where this bound costs most)."""
        import numpy as np

        if not self._arrays_ready:
            self._prepare_arrays()

        n_ref = self.n_ref
        n_bytes = (n_ref + 7) // 8
        raw = np.frombuffer(b"".join(u.to_bytes(n_bytes, "little") for u in useds), np.uint8)
        bits = np.unpackbits(raw.reshape(len(useds), n_bytes), axis=1, bitorder="little")[
            :, :n_ref
        ].astype(bool)
        at_or_above = np.cumsum(bits[:, ::-1], axis=1, dtype=np.int64)[:, ::-1]
        above = np.zeros_like(at_or_above)
        above[:, :-1] = at_or_above[:, 1:]
        infinite = np.int64(1 << 40)
        lb = np.full(len(useds), self.forced_after[i], np.int64)
        last_of_class: dict = {}

        def cheapest(j):
            """Per state: the cheapest mapping node j can still take."""
            h = self.nodes[j]
            cj = self.cand_array[j]
            vals = self.ctx_array[j][None, :] + above[:, cj]
            ok = ~bits[:, cj]
            if self.classes is not None:
                c = self.classes[h]
                last = last_of_class.get(c)
                if last is None:
                    cr = self.class_ref_array[c]
                    used_c = bits[:, cr]
                    idx = used_c.shape[1] - 1 - np.argmax(used_c[:, ::-1], axis=1)
                    last = np.where(used_c.any(axis=1), cr[idx], -1)
                    last_of_class[c] = last
                ok &= cj[None, :] > last[:, None]
            return np.where(ok, vals, infinite).min(axis=1)

        for j in self.must_after[i]:
            lb += cheapest(j)
        # a class with surplus hypothesis words still needs (target - mapped) mappings
        # from its remaining words: at least the cheapest that many
        for c, js in self.surplus_nodes.items():
            rest = [j for j in js if j >= i]
            if not rest:
                continue
            mapped = bits[:, self.class_ref_array[c]].sum(axis=1)
            need = self.cls_target[c] - mapped
            if not need.any():
                continue
            costs = np.sort(np.stack([cheapest(j) for j in rest], axis=1), axis=1)
            sums = np.concatenate(
                [
                    np.zeros((len(useds), 1), np.int64),
                    np.cumsum(np.minimum(costs, infinite), axis=1),
                ],
                axis=1,
            )
            lb += sums[np.arange(len(useds)), np.clip(need, 0, len(rest))]
        lb = np.minimum(lb, infinite)
        return (lb * self.big).tolist()

    def _gaps(self, i: int) -> List[int]:
        """Per reference position: the gap between wanted positions of layer i it lies in."""
        gap = self.gap_index.get(i)
        if gap is None:
            w = self.wanted[i]
            gap = self.gap_index[i] = [bisect_left(w, r) for r in range(self.n_ref)]
        return gap

    def canon(self, used: int, prev: int, i: int):
        """Merge key of a state after node i-1 (see the class docstring)."""
        wmask = self.wanted_mask[i]
        outside = used & ~wmask
        if not outside:
            return used, (), prev
        gap = self._gaps(i)
        gaps = []
        while outside:
            low = outside & -outside
            gaps.append(gap[low.bit_length() - 1])
            outside ^= low
        return used & wmask, tuple(gaps), prev

    def run(self, width: int, bound: Optional[int]):
        nodes, cands, st = self.nodes, self.cands, self.st
        classes, class_refs = self.classes, self.class_refs
        n = len(nodes)
        big = self.big
        skip_rank = 1 << 30
        # a state: key -> [cost, rank, parent key, choice, used mask]; rank orders the
        # states of a layer by their choice sequences (lexicographically)
        layer = {(0, (), -1): [0, 0, None, -1, 0]}
        history = [layer]
        truncated = False
        class_seen: Dict[int, int] = {}
        for i, h in enumerate(nodes):
            nxt: dict = {}
            adjacent_next = i + 1 < n and nodes[i + 1] == h + 1
            left_fixed = st.fixed_ref.get(h - 1)
            right_fixed = st.fixed_ref.get(h + 1)
            ctx = self.ctx_cross[i]
            cls = classes[h] if classes is not None else None
            if cls is not None:
                k_before = class_seen.get(cls, 0)
                class_seen[cls] = k_before + 1
                crefs = class_refs[cls]
                cmask = self.cls_mask[cls]
                remaining_after = self.cls_nodes[cls] - k_before - 1
                need = self.cls_target[cls]
                max_skips = self.class_skips[cls]

            # canon() inlined for this layer (it runs once per transition)
            wmask = self.wanted_mask[i + 1]
            gap = None
            tie_chunks = st.tie_chunks
            nxt_get = nxt.get
            for key, (cost, rank, _, _, used, *_) in layer.items():
                prev = key[2]
                if cls is not None:
                    used_in_class = used & cmask
                    matched_c = _popcount(used_in_class)
                    last = used_in_class.bit_length() - 1
                    n_refs = len(crefs)
                    start = bisect_right(crefs, last)  # references after the class's last used one
                    # the class must still be able to reach its number of mappings: taking
                    # crefs[idx] leaves min(remaining_after, n_refs - idx - 1) more
                    t = need - matched_c - 1
                    end = n_refs - t if remaining_after >= t else 0
                    options = crefs[start:end] if end > start else ()
                    free_after = n_refs - start
                    can_skip = (
                        k_before - matched_c < max_skips
                        and matched_c + min(remaining_after, free_after) >= need
                    )
                else:
                    options = [r for r in cands[h] if not (used >> r) & 1]
                    can_skip = i - _popcount(used) < self.skips_allowed
                left = prev if left_fixed is None else left_fixed
                for r in options:
                    cost2 = cost + (ctx[r] + _popcount(used >> (r + 1))) * big
                    if tie_chunks:
                        if left != r - 1 or left < 0:
                            cost2 += 1
                        if right_fixed is not None and right_fixed != r + 1:
                            cost2 += 1
                    used2 = used | (1 << r)
                    prev2 = r if adjacent_next else -1
                    outside = used2 & ~wmask
                    if not outside:
                        k2 = (used2, (), prev2)
                    else:
                        if gap is None:
                            gap = self._gaps(i + 1)
                        gaps = []
                        while outside:
                            low = outside & -outside
                            gaps.append(gap[low.bit_length() - 1])
                            outside ^= low
                        k2 = (used2 & wmask, tuple(gaps), prev2)
                    old = nxt_get(k2)
                    if old is None or (cost2, rank, r) < (old[0], old[1], old[5]):
                        nxt[k2] = [cost2, rank, key, r, used2, r]
                if can_skip:
                    cost2 = cost + (1 if (tie_chunks and right_fixed is not None) else 0)
                    k2 = self.canon(used, -1, i + 1)
                    old = nxt_get(k2)
                    if old is None or (cost2, rank, skip_rank) < (old[0], old[1], old[5]):
                        nxt[k2] = [cost2, rank, key, -1, used, skip_rank]
            if bound is not None or len(nxt) > width:
                # estimated total cost of the best completion of each state
                keys = list(nxt)
                lbs = self.lower_bounds([nxt[k][4] for k in keys], i + 1)
                f = {k: nxt[k][0] + lb for k, lb in zip(keys, lbs)}
                if bound is not None:
                    nxt = {k: v for k, v in nxt.items() if f[k] <= bound}
                if len(nxt) > width:
                    truncated = True
                    keep = sorted(nxt.items(), key=lambda kv: (f[kv[0]], kv[1][1], kv[1][5]))
                    nxt = dict(keep[:width])
            # rank the new layer by choice sequence: (parent rank, choice)
            for new_rank, value in enumerate(sorted(nxt.values(), key=lambda v: (v[1], v[5]))):
                value[1] = new_rank
            layer = nxt
            history.append(layer)
            if not layer:
                break
        final = [(v[0], v[1], k) for k, v in layer.items() if _popcount(v[4]) == self.target]
        if not final:
            if not truncated:
                # target is a true maximum and the bound (if any) a real alignment's cost
                raise RuntimeError("METEOR stage search found no alignment of the maximum size")
            return None
        cost, _, key = min(final)
        chosen = []
        for i in range(len(history) - 1, 0, -1):
            value = history[i][key]
            if value[3] >= 0:
                chosen.append((nodes[i - 1], value[3]))
            key = value[2]
        chosen.reverse()
        return cost, chosen, truncated
