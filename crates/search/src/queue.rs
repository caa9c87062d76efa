//! Open lists for integer keys: buckets keyed by `(primary, secondary)` (A*: `(f, h)`; greedy:
//! `(h, 0)`), ordered by key, each bucket a deque so that ties break LIFO (most recently
//! generated first, paper 001's A*) or FIFO (Fast Downward's greedy default). Only the few
//! distinct keys live in the ordered map; entries sit in their bucket.

use std::collections::{BTreeMap, VecDeque};

pub struct BucketQueue<T> {
    buckets: BTreeMap<(u64, u64), VecDeque<T>>,
    lifo: bool,
    len: usize,
}

impl<T> BucketQueue<T> {
    pub fn new(lifo: bool) -> BucketQueue<T> {
        BucketQueue { buckets: BTreeMap::new(), lifo, len: 0 }
    }

    pub fn push(&mut self, key: (u64, u64), item: T) {
        self.buckets.entry(key).or_default().push_back(item);
        self.len += 1;
    }

    pub fn pop(&mut self) -> Option<((u64, u64), T)> {
        let mut entry = self.buckets.first_entry()?;
        let key = *entry.key();
        let bucket = entry.get_mut();
        let item = if self.lifo { bucket.pop_back() } else { bucket.pop_front() };
        if bucket.is_empty() {
            entry.remove();
        }
        self.len -= 1;
        item.map(|i| (key, i))
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_and_ties() {
        let mut q = BucketQueue::new(true);
        q.push((3, 1), 'a');
        q.push((2, 2), 'b');
        q.push((2, 1), 'c');
        q.push((2, 1), 'd');
        assert_eq!(q.pop().map(|x| x.1), Some('d'));
        assert_eq!(q.pop().map(|x| x.1), Some('c'));
        assert_eq!(q.pop().map(|x| x.1), Some('b'));
        assert_eq!(q.pop().map(|x| x.1), Some('a'));
        assert!(q.pop().is_none());
        let mut f = BucketQueue::new(false);
        f.push((1, 0), 1);
        f.push((1, 0), 2);
        assert_eq!(f.pop().map(|x| x.1), Some(1));
    }
}
