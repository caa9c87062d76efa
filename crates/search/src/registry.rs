//! The state registry: every state seen, stored once in one `Vec<u64>` arena and deduplicated
//! through a hash table of ids hashing the packed words (as Fast Downward's registry does), so a
//! state costs its words plus one `u32` slot.

use hashbrown::HashTable;
use std::hash::Hasher;

pub type StateId = u32;

pub struct StateRegistry {
    words: usize,
    arena: Vec<u64>,
    table: HashTable<StateId>,
}

fn hash(s: &[u64]) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    for &w in s {
        h.write_u64(w);
    }
    h.finish()
}

impl StateRegistry {
    pub fn new(words: usize) -> StateRegistry {
        StateRegistry { words, arena: Vec::new(), table: HashTable::new() }
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
        let h = hash(s);
        let words = self.words;
        let arena = &self.arena;
        if let Some(&id) = self.table.find(h, |&id| &arena[id as usize * words..(id as usize + 1) * words] == s) {
            return (id, false);
        }
        let id = self.len() as StateId;
        self.arena.extend_from_slice(s);
        let arena = &self.arena;
        self.table.insert_unique(h, id, |&id| hash(&arena[id as usize * words..(id as usize + 1) * words]));
        (id, true)
    }

    /// Bytes held: the arena and the table's slots (capacity, not length, as memory is).
    pub fn bytes(&self) -> usize {
        self.arena.capacity() * 8 + self.table.capacity() * (std::mem::size_of::<StateId>() + 1)
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
}
