//! States: ground atoms and ground fluents interned into dense `u32` ids, truth as a bitset,
//! numeric values as a vector with `None` for undefined.
//!
//! Interning is by the key `[predicate, arg0, arg1, ...]`, looked up as a slice so that reading an
//! atom allocates nothing; only the first time an atom becomes true is a key stored. An atom that
//! was never interned is false, and a fluent that was never interned is undefined (closed world).

use rustc_hash::FxHashMap;

/// Dense ids for ground atoms (or ground fluents): `key[0]` is the predicate (function) id, the
/// rest are object ids.
#[derive(Clone, Debug, Default)]
pub struct Table {
    map: FxHashMap<Box<[u32]>, u32>,
    keys: Vec<Box<[u32]>>,
}

impl Table {
    pub fn get(&self, key: &[u32]) -> Option<u32> {
        self.map.get(key).copied()
    }

    pub fn intern(&mut self, key: &[u32]) -> u32 {
        if let Some(&id) = self.map.get(key) {
            return id;
        }
        let id = self.keys.len() as u32;
        let boxed: Box<[u32]> = key.into();
        self.keys.push(boxed.clone());
        self.map.insert(boxed, id);
        id
    }

    pub fn key(&self, id: u32) -> &[u32] {
        &self.keys[id as usize]
    }
}

/// One state of the plan's execution.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct State {
    /// Bit `i` is atom `i` of the atom table; bits past the end are false.
    bits: Vec<u64>,
    /// Value of fluent `i` of the fluent table; entries past the end are undefined.
    values: Vec<Option<f64>>,
}

impl State {
    pub fn holds(&self, atom: u32) -> bool {
        let (w, b) = (atom as usize / 64, atom % 64);
        self.bits.get(w).is_some_and(|word| word >> b & 1 == 1)
    }

    pub fn set(&mut self, atom: u32, value: bool) {
        let (w, b) = (atom as usize / 64, atom % 64);
        if w >= self.bits.len() {
            if !value {
                return;
            }
            self.bits.resize(w + 1, 0);
        }
        if value {
            self.bits[w] |= 1 << b;
        } else {
            self.bits[w] &= !(1 << b);
        }
    }

    pub fn value(&self, fluent: u32) -> Option<f64> {
        self.values.get(fluent as usize).copied().flatten()
    }

    pub fn set_value(&mut self, fluent: u32, value: Option<f64>) {
        let i = fluent as usize;
        if i >= self.values.len() {
            if value.is_none() {
                return;
            }
            self.values.resize(i + 1, None);
        }
        self.values[i] = value;
    }

    /// The true atoms, in id order.
    pub fn atoms(&self) -> impl Iterator<Item = u32> + '_ {
        self.bits
            .iter()
            .enumerate()
            .flat_map(|(w, &word)| (0..64u32).filter(move |b| word >> b & 1 == 1).map(move |b| w as u32 * 64 + b))
    }

    /// The defined fluents with their values, in id order.
    pub fn values(&self) -> impl Iterator<Item = (u32, f64)> + '_ {
        self.values.iter().enumerate().filter_map(|(i, v)| v.map(|v| (i as u32, v)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_atoms_are_false_and_unknown_fluents_undefined() {
        let mut t = Table::default();
        let mut s = State::default();
        assert_eq!(t.get(&[0, 1]), None);
        let a = t.intern(&[0, 1]);
        assert_eq!(t.intern(&[0, 1]), a);
        assert!(!s.holds(a) && !s.holds(1000));
        s.set(a, true);
        s.set(130, true);
        s.set(5000, false);
        assert!(s.holds(a) && s.holds(130));
        assert_eq!(s.atoms().collect::<Vec<_>>(), vec![a, 130]);
        assert_eq!(s.value(7), None);
        s.set_value(7, Some(2.5));
        assert_eq!(s.value(7), Some(2.5));
        assert_eq!(s.values().collect::<Vec<_>>(), vec![(7, 2.5)]);
    }
}
