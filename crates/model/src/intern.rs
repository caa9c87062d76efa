//! Interned names. PDDL names are case-insensitive, so a name is interned by its lowercase form;
//! the form first seen is kept for display.

use rustc_hash::FxHashMap;
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Symbol(pub u32);

#[derive(Clone, Debug, Default, Serialize)]
pub struct Interner {
    #[serde(skip)]
    map: FxHashMap<Box<str>, Symbol>,
    names: Vec<Box<str>>,
}

impl Interner {
    pub fn new() -> Interner {
        Interner::default()
    }

    pub fn intern(&mut self, name: &str) -> Symbol {
        if let Some(&s) = self.map.get(name) {
            return s;
        }
        let key: Box<str> = if name.bytes().any(|b| b.is_ascii_uppercase()) {
            let lower = name.to_ascii_lowercase();
            if let Some(&s) = self.map.get(lower.as_str()) {
                return s;
            }
            lower.into()
        } else {
            name.into()
        };
        let s = Symbol(self.names.len() as u32);
        self.names.push(key.clone());
        self.map.insert(key, s);
        s
    }

    /// The symbol of a name if it was interned, without interning it.
    pub fn get(&self, name: &str) -> Option<Symbol> {
        match self.map.get(name) {
            Some(&s) => Some(s),
            None if name.bytes().any(|b| b.is_ascii_uppercase()) => {
                self.map.get(name.to_ascii_lowercase().as_str()).copied()
            }
            None => None,
        }
    }

    /// The lowercase name.
    pub fn name(&self, s: Symbol) -> &str {
        &self.names[s.0 as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_insensitive() {
        let mut i = Interner::new();
        let a = i.intern("Robby");
        assert_eq!(i.intern("ROBBY"), a);
        assert_eq!(i.get("robby"), Some(a));
        assert_eq!(i.name(a), "robby");
        assert_ne!(i.intern("rooma"), a);
    }
}
