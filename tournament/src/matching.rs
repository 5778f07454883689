//! Maximum matchings of general graphs (Edmonds' blossom algorithm): whether a set of players
//! can still all be paired without a rematch. A Swiss pairing asks this before each choice, so
//! it never takes a pairing that leaves the rest unpairable and never needs to undo one.

/// No vertex: an unmatched vertex's mate, a root's parent.
const NONE: usize = usize::MAX;

/// The number of pairs in a maximum matching of the graph `neighbours` (vertex `v`'s
/// neighbours are `neighbours[v]`; each edge listed from both ends). O(V³).
pub(crate) fn maximum_matching(neighbours: &[Vec<usize>]) -> usize {
    let n = neighbours.len();
    let mut search = Search {
        neighbours,
        mate: vec![NONE; n],
        parent: vec![NONE; n],
        base: (0..n).collect(),
        queued: vec![false; n],
        in_blossom: vec![false; n],
        queue: Vec::with_capacity(n),
    };
    // A greedy start leaves few vertices for the search.
    for (v, around) in neighbours.iter().enumerate() {
        if search.mate[v] == NONE
            && let Some(&u) = around.iter().find(|&&u| search.mate[u] == NONE)
        {
            search.mate[v] = u;
            search.mate[u] = v;
        }
    }
    for root in 0..n {
        if search.mate[root] == NONE
            && let Some(end) = search.augmenting_path(root)
        {
            search.augment(end);
        }
    }
    search.mate.iter().filter(|&&m| m != NONE).count() / 2
}

/// The state of one search for augmenting paths.
struct Search<'a> {
    neighbours: &'a [Vec<usize>],
    mate: Vec<usize>,
    /// The alternating tree: the vertex an odd vertex was reached from.
    parent: Vec<usize>,
    /// Each vertex's blossom, as the blossom's base.
    base: Vec<usize>,
    queued: Vec<bool>,
    in_blossom: Vec<bool>,
    queue: Vec<usize>,
}

impl Search<'_> {
    /// The free vertex at the end of an augmenting path from the free vertex `root`, if there
    /// is one; the path runs back through `parent` and `mate`.
    fn augmenting_path(&mut self, root: usize) -> Option<usize> {
        let n = self.neighbours.len();
        self.queued.fill(false);
        self.parent.fill(NONE);
        for (v, b) in self.base.iter_mut().enumerate() {
            *b = v;
        }
        self.queue.clear();
        self.queue.push(root);
        self.queued[root] = true;
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            for i in 0..self.neighbours[v].len() {
                let to = self.neighbours[v][i];
                if self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                let to_is_even =
                    to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE);
                if to_is_even {
                    // An odd cycle: contract it into one blossom around its base.
                    let base = self.common_base(v, to);
                    self.in_blossom.fill(false);
                    self.mark_path(v, base, to);
                    self.mark_path(to, base, v);
                    for u in 0..n {
                        if self.in_blossom[self.base[u]] {
                            self.base[u] = base;
                            if !self.queued[u] {
                                self.queued[u] = true;
                                self.queue.push(u);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if self.mate[to] == NONE {
                        return Some(to);
                    }
                    let next = self.mate[to];
                    self.queued[next] = true;
                    self.queue.push(next);
                }
            }
        }
        None
    }

    /// The base of the smallest blossom holding both `a` and `b`: where their paths to the
    /// root meet.
    fn common_base(&self, mut a: usize, mut b: usize) -> usize {
        let mut on_a_path = vec![false; self.neighbours.len()];
        loop {
            a = self.base[a];
            on_a_path[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if on_a_path[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    /// Marks the blossoms on the path from `v` down to `base`, and points the odd vertices on
    /// it the other way round the cycle, through `child`.
    fn mark_path(&mut self, mut v: usize, base: usize, mut child: usize) {
        while self.base[v] != base {
            self.in_blossom[self.base[v]] = true;
            self.in_blossom[self.base[self.mate[v]]] = true;
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }

    /// Flips the matching along the augmenting path that ends at `end`.
    fn augment(&mut self, mut end: usize) {
        while end != NONE {
            let via = self.parent[end];
            let next = self.mate[via];
            self.mate[end] = via;
            self.mate[via] = end;
            end = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The maximum matching by trying everything: vertex 0 unmatched, or matched to each of
    /// its neighbours.
    fn brute_force(n: usize, edges: &[(usize, usize)]) -> usize {
        fn go(alive: u32, adj: &[u32]) -> usize {
            if alive == 0 {
                return 0;
            }
            let v = alive.trailing_zeros() as usize;
            let rest = alive & !(1 << v);
            let mut best = go(rest, adj);
            let mut options = adj[v] & rest;
            while options != 0 {
                let u = options.trailing_zeros() as usize;
                options &= options - 1;
                best = best.max(1 + go(rest & !(1 << u), adj));
            }
            best
        }
        let mut adj = vec![0_u32; n];
        for &(a, b) in edges {
            if a != b {
                adj[a] |= 1 << b;
                adj[b] |= 1 << a;
            }
        }
        go(if n == 0 { 0 } else { (1_u32 << n) - 1 }, &adj)
    }

    fn lists(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
        let mut out = vec![Vec::new(); n];
        for &(a, b) in edges {
            if a != b && !out[a].contains(&b) {
                out[a].push(b);
                out[b].push(a);
            }
        }
        out
    }

    #[test]
    fn a_blossom_is_seen_through() {
        // A triangle 0-1-2 with a tail 2-3 and a pendant 0-4: the greedy start matches 0-1
        // and 2-3, leaving 4 unmatched with no path around the triangle.
        let edges = [(0, 1), (1, 2), (2, 0), (2, 3), (0, 4)];
        assert_eq!(maximum_matching(&lists(5, &edges)), 2);
        // A five-cycle with a pendant on each of two opposite vertices: 3 pairs.
        let edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (1, 5), (3, 6)];
        assert_eq!(maximum_matching(&lists(7, &edges)), 3);
        assert_eq!(maximum_matching(&[]), 0);
        assert_eq!(maximum_matching(&lists(3, &[])), 0);
    }

    proptest! {
        #[test]
        fn agrees_with_trying_everything(
            n in 0_usize..=12,
            raw in proptest::collection::vec((0_usize..12, 0_usize..12), 0..40),
        ) {
            let edges: Vec<(usize, usize)> =
                raw.into_iter().filter(|&(a, b)| a < n && b < n).collect();
            prop_assert_eq!(maximum_matching(&lists(n, &edges)), brute_force(n, &edges));
        }
    }
}
