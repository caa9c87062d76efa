//! The state registry: every state seen, stored once in one `Vec<u64>` arena and deduplicated
//! through a hash table of ids hashing the packed words (as Fast Downward's registry does). Each
//! slot keeps 32 bits of its state's hash beside the id, so a state costs its words plus 8 bytes
//! a slot: growing the table then reads no state. Rehashing from the arena (a random read of
//! every state) took 52 ms at 1.8 million states and 258 ms at 7.3 million, all in one insert: on
//! a busy machine, past the time-limit watchdog's 0.2 s grace on short limits.

use hashbrown::HashTable;
use std::hash::Hasher;
use std::time::{Duration, Instant};

pub type StateId = u32;

pub struct StateRegistry {
    words: usize,
    arena: Vec<u64>,
    /// (id, 32 bits of the state's hash).
    table: HashTable<(StateId, u32)>,
    /// How long the table's last growth took (it doubles, so the next takes about twice as long).
    last_growth: Duration,
}

/// 32 bits of the state's hash: what a slot keeps.
fn hash32(s: &[u64]) -> u32 {
    let mut h = rustc_hash::FxHasher::default();
    for &w in s {
        h.write_u64(w);
    }
    let h = h.finish();
    (h >> 32) as u32 ^ h as u32
}

/// The table's 64-bit hash, spread from the kept 32 bits (the table takes its bucket from the low
/// bits and its tag from the top 7).
fn spread(h: u32) -> u64 {
    (h as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl StateRegistry {
    pub fn new(words: usize) -> StateRegistry {
        StateRegistry { words, arena: Vec::new(), table: HashTable::new(), last_growth: Duration::ZERO }
    }

    pub fn len(&self) -> usize {
        self.arena.len() / self.words.max(1)
    }

    pub fn is_empty(&self) -> bool {
        self.arena.is_empty()
    }

    pub fn get(&self, id: StateId) -> &[u64] {
        let i = id as usize * self.words;
        &self.arena[i..i + self.words]
    }

    /// The id of `s`, registering it if new; the flag says whether it was new.
    pub fn insert(&mut self, s: &[u64]) -> (StateId, bool) {
        let h = hash32(s);
        let words = self.words;
        let arena = &self.arena;
        let same = |&(id, k): &(StateId, u32)| k == h && &arena[id as usize * words..(id as usize + 1) * words] == s;
        if let Some(&(id, _)) = self.table.find(spread(h), same) {
            return (id, false);
        }
        let id = self.len() as StateId;
        self.arena.extend_from_slice(s);
        let grows = self.table.len() == self.table.capacity();
        let t = grows.then(Instant::now);
        self.table.insert_unique(spread(h), (id, h), |&(_, k)| spread(k));
        if let Some(t) = t {
            self.last_growth = t.elapsed();
        }
        (id, true)
    }

    /// New states the table takes before it grows.
    pub fn room(&self) -> usize {
        self.table.capacity() - self.table.len()
    }

    /// A generous estimate of the table's next growth: a search whose deadline falls within it
    /// stops before it, rather than stall past the deadline in one insert (3.67 million states
    /// took 0.13 s to move in a dev build, most of the time-limit watchdog's 0.2 s grace).
    pub fn next_growth(&self) -> Duration {
        self.last_growth * 3
    }

    /// Bytes held: the arena and the table's slots (capacity, not length, as memory is).
    pub fn bytes(&self) -> usize {
        self.arena.capacity() * 8 + self.table.capacity() * (std::mem::size_of::<(StateId, u32)>() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dedup() {
        let mut r = StateRegistry::new(2);
        assert_eq!(r.insert(&[1, 2]), (0, true));
        assert_eq!(r.insert(&[3, 4]), (1, true));
        assert_eq!(r.insert(&[1, 2]), (0, false));
        assert_eq!(r.get(1), &[3, 4]);
        for i in 0..10_000u64 {
            r.insert(&[i, i + 7]);
        }
        assert_eq!(r.insert(&[3, 10]), (5, false));
    }

    /// Growth moves the kept hashes, not the states: every state is found after many growths,
    /// and `room` counts down to the next one.
    #[test]
    fn growth_keeps_every_state_and_room_counts_down() {
        let mut r = StateRegistry::new(1);
        let mut grew = 0;
        for i in 0..100_000u64 {
            let before = r.room();
            assert_eq!(r.insert(&[i * 0x9E37_79B9]), (i as StateId, true));
            if before == 0 {
                grew += 1;
                assert!(r.room() > 0);
            } else {
                assert_eq!(r.room(), before - 1);
            }
        }
        assert!(grew > 10, "{grew} growths");
        assert!((0..100_000u64).all(|i| r.insert(&[i * 0x9E37_79B9]) == (i as StateId, false)));
    }
}
