//! The state registry's inserts, timed one by one: the total, and the longest single insert (a
//! growth of the table, where the search cannot check its clock). The time-limit watchdog's grace
//! is 0.2 s on short limits, so no one insert may come near it.
//!
//! ```sh
//! cargo run --release -p search --example registry_growth [STATES]   # default 7,000,000
//! ```
//!
//! States are 3 words, pseudo-random, with one insert in three a duplicate, as a search's
//! generated states are.

use search::registry::StateRegistry;
use std::time::Instant;

fn main() {
    let n: u64 = match std::env::args().nth(1).map(|a| a.replace(['_', ','], "").parse()) {
        None => 7_000_000,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("registry_growth: STATES must be a number ({e})");
            std::process::exit(2);
        }
    };
    let mut r = StateRegistry::new(3);
    let (mut longest, mut at) = (0.0f64, 0usize);
    // State k: its first word scrambled, as packed states' words are.
    let state = |k: u64| [k.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (k >> 7), k, 5];
    let start = Instant::now();
    let (mut inserts, mut next) = (0u64, 0u64);
    while (r.len() as u64) < n {
        // Every third insert repeats a state from earlier.
        let s = if inserts % 3 == 2 {
            state(next / 2)
        } else {
            next += 1;
            state(next - 1)
        };
        let t = Instant::now();
        r.insert(&s);
        let d = t.elapsed().as_secs_f64();
        if d > longest {
            (longest, at) = (d, r.len());
        }
        inserts += 1;
    }
    println!(
        "{} states, {inserts} inserts in {:.3} s; longest insert {:.1} ms, at {at} states",
        r.len(),
        start.elapsed().as_secs_f64(),
        longest * 1e3
    );
}
