//! The transposition table: what earlier searches learned about a position, found by its
//! key, so a position reached twice is searched once and its best move is tried first.

use super::searchable::MATE_BOUND;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

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

impl Bound {
    /// What a node's best score says, searched in the window from `alpha` to `beta`.
    pub(crate) fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
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

impl<M> Entry<M> {
    /// Whether the score alone settles a node searched in the window from `alpha` to
    /// `beta` (as deep as the entry was, or less).
    pub(crate) fn settles(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }

    /// `eval` (a static evaluation) sharpened by the entry's score where its bound says
    /// more: above it for a lower bound, below it for an upper one (never a mate score).
    pub(crate) fn sharpen(&self, eval: i32) -> i32 {
        let better = match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score > eval,
            Bound::Upper => self.score < eval,
        };
        if better && self.score.abs() < MATE_BOUND {
            self.score
        } else {
            eval
        }
    }
}

/// A fixed-size table, replaced by depth and age, shared by the threads of one search:
/// each entry has its own lock, so two threads seldom wait for each other.
pub(crate) struct Table<M> {
    entries: Vec<Mutex<Option<Entry<M>>>>,
    age: AtomicU8,
}

impl<M: Copy> Table<M> {
    /// A table of about `megabytes` MiB (at least one entry).
    pub fn new(megabytes: usize) -> Table<M> {
        Table::try_new(megabytes).unwrap_or_else(|e| panic!("a table of {megabytes} MiB: {e}"))
    }

    /// A table of about `megabytes` MiB (at least one entry), or the allocator's refusal
    /// when the machine cannot give that much (a process under a memory limit, a small
    /// machine): the caller decides what to do instead of the process aborting.
    pub fn try_new(megabytes: usize) -> Result<Table<M>, std::collections::TryReserveError> {
        let size = std::mem::size_of::<Mutex<Option<Entry<M>>>>().max(1);
        let n = (megabytes.saturating_mul(1 << 20) / size).max(1);
        let mut entries = Vec::new();
        entries.try_reserve_exact(n)?;
        entries.extend((0..n).map(|_| Mutex::new(None)));
        Ok(Table {
            entries,
            age: AtomicU8::new(0),
        })
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for e in &self.entries {
            *lock(e) = None;
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search, so older entries give way first.
    pub fn next_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    fn slot(&self, key: u64) -> usize {
        // The high bits pick the slot; the key itself is kept to tell collisions apart.
        ((u128::from(key) * self.entries.len() as u128) >> 64) as usize
    }

    /// Asks the processor to start bringing the entry of `key` into its cache, so that a
    /// probe a little later finds it there: a hint that changes nothing stored or found.
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        safe_arch::prefetch_t0(&self.entries[self.slot(key)]);
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// What is known of the position with `key`, its mate scores made relative to
    /// `ply` plies from the root.
    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry<M>> {
        let e = (*lock(&self.entries[self.slot(key)]))?;
        (e.key == key).then(|| Entry {
            score: from_table(e.score, ply),
            ..e
        })
    }

    /// Remembers a search of the position with `key` at `ply` plies from the root.
    pub fn store(
        &self,
        key: u64,
        ply: usize,
        best: Option<M>,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        let age = self.age.load(Ordering::Relaxed);
        let mut old = lock(&self.entries[self.slot(key)]);
        let replace = match *old {
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

/// An entry's lock: a thread that panicked holding it left a whole entry, which is
/// still good.
fn lock<T>(entry: &Mutex<T>) -> MutexGuard<'_, T> {
    entry.lock().unwrap_or_else(PoisonError::into_inner)
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
        let t: Table<u16> = Table::new(1);
        // Found at ply 3: mate 2 plies further on, so MATE - 5 from the root.
        t.store(42, 3, Some(7), MATE - 5, 4, Bound::Exact);
        let e = t.probe(42, 1).expect("stored");
        assert_eq!(e.score, MATE - 3);
        assert_eq!(e.best, Some(7));
        assert!(t.probe(43, 1).is_none());
    }

    #[test]
    fn an_entry_sharpens_an_evaluation_only_where_its_bound_says_more() {
        let t: Table<u16> = Table::new(0);
        let entry = |score, bound| {
            t.store(9, 0, None, score, 3, bound);
            t.probe(9, 0).expect("stored")
        };
        assert_eq!(entry(50, Bound::Exact).sharpen(10), 50);
        assert_eq!(entry(50, Bound::Lower).sharpen(10), 50);
        assert_eq!(entry(50, Bound::Lower).sharpen(80), 80);
        assert_eq!(entry(50, Bound::Upper).sharpen(80), 50);
        assert_eq!(entry(50, Bound::Upper).sharpen(10), 10);
        // A mate score is a fact about lines, not a better evaluation.
        assert_eq!(entry(MATE - 3, Bound::Exact).sharpen(10), 10);
    }

    #[test]
    fn a_shallower_result_of_this_search_does_not_replace_a_deeper_one_elsewhere() {
        let t: Table<u16> = Table::new(0);
        t.store(1, 0, Some(1), 10, 6, Bound::Lower);
        t.store(2, 0, Some(2), 20, 2, Bound::Lower);
        assert_eq!(t.probe(1, 0).map(|e| e.score), Some(10));
        t.next_search();
        t.store(2, 0, Some(2), 20, 2, Bound::Lower);
        assert_eq!(t.probe(2, 0).map(|e| e.score), Some(20));
    }
}
