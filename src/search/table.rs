//! The transposition table: what earlier searches learned about a position, found by its
//! key, so a position reached twice is searched once and its best move is tried first.

use super::MATE_BOUND;

/// How a stored score bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (a move failed high).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

/// One remembered position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<M> {
    key: u64,
    /// The best move found, if any.
    pub best: Option<M>,
    /// The score, with mates counted from this position.
    pub score: i32,
    /// How deep it was searched.
    pub depth: i32,
    /// What the score means.
    pub bound: Bound,
    age: u8,
}

/// A fixed-size table, replaced by depth and age.
pub(crate) struct Table<M> {
    entries: Vec<Option<Entry<M>>>,
    age: u8,
}

impl<M: Copy> Table<M> {
    /// A table of about `megabytes` MiB (at least one entry).
    pub fn new(megabytes: usize) -> Table<M> {
        let size = std::mem::size_of::<Option<Entry<M>>>().max(1);
        let n = (megabytes.saturating_mul(1 << 20) / size).max(1);
        Table {
            entries: vec![None; n],
            age: 0,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
        self.age = 0;
    }

    /// Marks the start of a new search, so older entries give way first.
    pub fn next_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    fn slot(&self, key: u64) -> usize {
        // The high bits pick the slot; the key itself is kept to tell collisions apart.
        ((u128::from(key) * self.entries.len() as u128) >> 64) as usize
    }

    /// What is known of the position with `key`, its mate scores made relative to
    /// `ply` plies from the root.
    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry<M>> {
        let e = self.entries[self.slot(key)]?;
        (e.key == key).then(|| Entry {
            score: from_table(e.score, ply),
            ..e
        })
    }

    /// Remembers a search of the position with `key` at `ply` plies from the root.
    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        best: Option<M>,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        let age = self.age;
        let slot = self.slot(key);
        let old = &mut self.entries[slot];
        let replace = match old {
            None => true,
            Some(o) => o.key == key || o.age != age || depth >= o.depth || bound == Bound::Exact,
        };
        if !replace {
            return;
        }
        // Keep the old best move when the new search found none for the same position.
        let best = match (best, &*old) {
            (None, Some(o)) if o.key == key => o.best,
            _ => best,
        };
        *old = Some(Entry {
            key,
            best,
            score: to_table(score, ply),
            depth,
            bound,
            age,
        });
    }
}

/// A mate score counted from this position rather than from the root.
fn to_table(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score >= MATE_BOUND {
        score + ply
    } else if score <= -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

/// A stored mate score counted again from the root.
fn from_table(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score >= MATE_BOUND {
        score - ply
    } else if score <= -MATE_BOUND {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MATE;

    #[test]
    fn a_stored_mate_is_read_back_relative_to_the_new_ply() {
        let mut t: Table<u16> = Table::new(1);
        // Found at ply 3: mate 2 plies further on, so MATE - 5 from the root.
        t.store(42, 3, Some(7), MATE - 5, 4, Bound::Exact);
        let e = t.probe(42, 1).expect("stored");
        assert_eq!(e.score, MATE - 3);
        assert_eq!(e.best, Some(7));
        assert!(t.probe(43, 1).is_none());
    }

    #[test]
    fn a_shallower_result_of_this_search_does_not_replace_a_deeper_one_elsewhere() {
        let mut t: Table<u16> = Table::new(0);
        t.store(1, 0, Some(1), 10, 6, Bound::Lower);
        t.store(2, 0, Some(2), 20, 2, Bound::Lower);
        assert_eq!(t.probe(1, 0).map(|e| e.score), Some(10));
        t.next_search();
        t.store(2, 0, Some(2), 20, 2, Bound::Lower);
        assert_eq!(t.probe(2, 0).map(|e| e.score), Some(20));
    }
}
