//! Hard limits for a whole process, as Fast Downward sets them: they hold in every phase, also in
//! code that checks no limit (parsing, building heuristics, writing output).
//!
//! - Memory: the address space is capped with `setrlimit(RLIMIT_AS)` (as FD's search does), and
//!   [`Allocator`], installed as the program's global allocator, turns an allocation that fails
//!   under the cap into exit status 22 with a message, instead of Rust's abort (status 134).
//! - Time: a watchdog thread ends the process with status 23 when the deadline has passed by a
//!   grace period ([`watchdog_grace`]) in which the planner's own checks normally stop the run
//!   first, with full statistics.
//!
//! Both print "last words" written without allocating: the limit, the phase the run was in, and
//! the phase times so far (the `times:` and `result:` lines, or one JSON object with `--json`).
//! The phase is tracked by [`enter`], which [`crate::plan`] calls at each phase change.
//!
//! These end the process, so only a program that owns its process installs them ([`install`]).

use crate::{Limit, Phase};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The global allocator to install (`#[global_allocator]`) in a program that calls [`install`]
/// with a memory cap: the system allocator, except that a failed allocation under the cap ends
/// the process with status 22 and the last words. Without a cap it behaves as the system's.
pub struct Allocator;

unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded unchanged; the caller upholds `alloc`'s contract.
        let p = unsafe { System.alloc(layout) };
        if p.is_null() {
            allocation_failed();
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as above.
        let p = unsafe { System.alloc_zeroed(layout) };
        if p.is_null() {
            allocation_failed();
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` through this allocator, with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as above.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if p.is_null() {
            allocation_failed();
        }
        p
    }
}

/// Under the cap, the end of the process; otherwise a return, and Rust's usual handling.
fn allocation_failed() {
    if CAPPED.load(Ordering::Relaxed) {
        last_words(Limit::Memory);
    }
}

/// What [`install`] sets up.
#[derive(Clone, Copy, Debug, Default)]
pub struct Caps {
    /// Address-space cap, in bytes.
    pub memory_bytes: Option<u64>,
    /// The run's deadline; the watchdog fires [`watchdog_grace`] after it.
    pub deadline: Option<Instant>,
    /// When the run began, for the phase times of the last words.
    pub started: Option<Instant>,
    /// Last words as one JSON object on stdout (in the CLI's envelope, for the command named
    /// here), instead of the `times:`/`result:` lines.
    pub json: Option<&'static str>,
    /// No `times:`/`result:` lines on stdout (the stderr message is still written).
    pub quiet: bool,
}

static CAPPED: AtomicBool = AtomicBool::new(false);
static JSON: AtomicBool = AtomicBool::new(false);
/// The command named in the JSON last words; set once by [`install`], read without allocating.
static COMMAND: OnceLock<&'static str> = OnceLock::new();
static QUIET: AtomicBool = AtomicBool::new(false);
static DISARMED: AtomicBool = AtomicBool::new(false);
static DYING: AtomicBool = AtomicBool::new(false);
static MEMORY_MIB: AtomicU64 = AtomicU64::new(0);
static EPOCH: OnceLock<Instant> = OnceLock::new();
/// The current phase (`Phase::ALL` index, `NONE` for none) and when it began (ns after EPOCH).
static PHASE: AtomicU8 = AtomicU8::new(NONE);
static PHASE_START: AtomicU64 = AtomicU64::new(0);
/// Nanoseconds spent in each finished phase.
static SPENT: [AtomicU64; 7] = [const { AtomicU64::new(0) }; 7];
const NONE: u8 = u8::MAX;

/// How long after the deadline the watchdog ends the process: 5 % of the time limit, at least
/// 0.2 s and at most 2 s. The planner's own checks (every few hundred expansions, every few
/// thousand atoms or operators) stop a run well within it.
pub fn watchdog_grace(time_limit: Duration) -> Duration {
    time_limit.mul_f64(0.05).clamp(Duration::from_millis(200), Duration::from_secs(2))
}

/// Caps the address space, starts the watchdog and records the settings of the last words. Call
/// it once, early, in a program whose global allocator is [`Allocator`]. `Err` says what the
/// operating system refused.
pub fn install(caps: Caps) -> Result<(), String> {
    let epoch = *EPOCH.get_or_init(|| caps.started.unwrap_or_else(Instant::now));
    JSON.store(caps.json.is_some(), Ordering::Relaxed);
    if let Some(command) = caps.json {
        let _ = COMMAND.set(command);
    }
    QUIET.store(caps.quiet, Ordering::Relaxed);
    PHASE_START.store(nanos_since(epoch), Ordering::Relaxed);
    PHASE.store(0, Ordering::Relaxed);
    if let Some(deadline) = caps.deadline {
        let fire = deadline + watchdog_grace(deadline.saturating_duration_since(epoch));
        std::thread::Builder::new()
            .name("certplan-watchdog".into())
            .stack_size(64 * 1024)
            .spawn(move || {
                loop {
                    let now = Instant::now();
                    if now >= fire {
                        break;
                    }
                    std::thread::sleep((fire - now).min(Duration::from_millis(100)));
                }
                if !DISARMED.load(Ordering::Relaxed) {
                    last_words(Limit::Time);
                }
            })
            .map_err(|e| format!("cannot start the time-limit watchdog: {e}"))?;
    }
    if let Some(bytes) = caps.memory_bytes {
        cap_address_space(bytes)?;
        MEMORY_MIB.store(bytes / (1024 * 1024), Ordering::Relaxed);
        CAPPED.store(true, Ordering::Relaxed);
    }
    Ok(())
}

/// The run produced its result in time: the watchdog stays quiet from now on (writing the result
/// must not be cut off half-way).
pub fn disarm_watchdog() {
    DISARMED.store(true, Ordering::Relaxed);
}

/// Records that the run is now in `phase` (`None`: between phases or done).
pub fn enter(phase: Option<Phase>) {
    let Some(&epoch) = EPOCH.get() else {
        return;
    };
    let now = nanos_since(epoch);
    let old = PHASE.swap(phase.map_or(NONE, index), Ordering::Relaxed);
    let began = PHASE_START.swap(now, Ordering::Relaxed);
    if let Some(slot) = SPENT.get(old as usize) {
        slot.fetch_add(now.saturating_sub(began), Ordering::Relaxed);
    }
}

fn index(p: Phase) -> u8 {
    Phase::ALL.iter().position(|&q| q == p).unwrap_or(0) as u8
}

fn nanos_since(epoch: Instant) -> u64 {
    Instant::now().saturating_duration_since(epoch).as_nanos().min(u64::MAX as u128) as u64
}

#[cfg(unix)]
fn cap_address_space(bytes: u64) -> Result<(), String> {
    // glibc gives each thread that allocates an arena of its own, reserving 64 MiB of address
    // space each: with one arena the cap measures the planner's memory, not the thread count.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes a malloc tuning parameter.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
    let mut old = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: `old` is a valid rlimit to write to.
    if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut old) } != 0 {
        return Err(format!("cannot read the address-space limit: {}", std::io::Error::last_os_error()));
    }
    let want = bytes as libc::rlim_t;
    let new = libc::rlimit { rlim_cur: want.min(old.rlim_max), rlim_max: old.rlim_max };
    // SAFETY: `new` is a valid rlimit; lowering the soft limit needs no privilege.
    if unsafe { libc::setrlimit(libc::RLIMIT_AS, &new) } != 0 {
        return Err(format!("cannot set the address-space limit: {}", std::io::Error::last_os_error()));
    }
    Ok(())
}

#[cfg(not(unix))]
fn cap_address_space(_bytes: u64) -> Result<(), String> {
    Err("--memory-limit needs setrlimit, which this system lacks".into())
}

/// A fixed buffer that formats without allocating (the allocator may be what failed).
struct Buf {
    bytes: [u8; 1024],
    len: usize,
}

impl std::fmt::Write for Buf {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let n = s.len().min(self.bytes.len() - self.len);
        self.bytes[self.len..self.len + n].copy_from_slice(&s.as_bytes()[..n]);
        self.len += n;
        Ok(())
    }
}

impl Buf {
    fn new() -> Buf {
        Buf { bytes: [0; 1024], len: 0 }
    }
    fn write_to(&self, fd: i32) {
        let mut rest = &self.bytes[..self.len];
        while !rest.is_empty() {
            // SAFETY: `rest` is a valid, initialized byte slice.
            let n = unsafe { libc::write(fd, rest.as_ptr().cast(), rest.len()) };
            if n <= 0 {
                return;
            }
            rest = &rest[n as usize..];
        }
    }
}

/// Reports the limit, the phase and the times so far, and ends the process with FD's status.
/// Allocates nothing. A second caller (the other limit, in the other thread) just exits.
fn last_words(limit: Limit) -> ! {
    use std::fmt::Write;
    let code = match limit {
        Limit::Memory => crate::exit::OUT_OF_MEMORY,
        Limit::Time => crate::exit::OUT_OF_TIME,
    };
    if DYING.swap(true, Ordering::SeqCst) {
        // SAFETY: _exit ends the process at once; nothing runs after it.
        unsafe { libc::_exit(code as i32) }
    }
    let epoch = EPOCH.get().copied();
    let now = epoch.map_or(0, nanos_since);
    let current = PHASE.load(Ordering::Relaxed);
    let mut secs = [0f64; 7];
    for (i, s) in secs.iter_mut().enumerate() {
        let mut ns = SPENT[i].load(Ordering::Relaxed);
        if i == current as usize {
            ns += now.saturating_sub(PHASE_START.load(Ordering::Relaxed));
        }
        *s = ns as f64 / 1e9;
    }
    let total = now as f64 / 1e9;
    let phase = Phase::ALL.get(current as usize).map_or("finish", |p| p.name());
    let what = match limit {
        Limit::Memory => "out of memory",
        Limit::Time => "out of time",
    };
    let mut err = Buf::new();
    let _ = match limit {
        Limit::Memory => writeln!(
            err,
            "certplan: out of memory: an allocation failed under the {} MiB cap (--memory-limit), in phase {phase}",
            MEMORY_MIB.load(Ordering::Relaxed)
        ),
        Limit::Time => {
            writeln!(err, "certplan: out of time: the time limit passed in phase {phase}, which did not stop")
        }
    };
    err.write_to(2);
    let mut out = Buf::new();
    let [parse, ground, h2, relevance, invariants, search, validate] = secs;
    if JSON.load(Ordering::Relaxed) {
        let command = COMMAND.get().copied().unwrap_or("plan");
        let _ = writeln!(
            out,
            "{{\"schema\":\"certplan/1\",\"command\":\"{command}\",\"ok\":false,\"errors\":0,\"warnings\":0,\"diagnostics\":[],\"result\":\"{what}\",\"phase\":\"{phase}\",\"exit_code\":{code},\"statistics\":{{\"times\":{{\"parse\":{parse:.6},\"ground\":{ground:.6},\"h2\":{h2:.6},\"relevance\":{relevance:.6},\"invariants\":{invariants:.6},\"search\":{search:.6},\"validate\":{validate:.6},\"total\":{total:.6}}}}}}}"
        );
    } else if !QUIET.load(Ordering::Relaxed) {
        let _ = writeln!(
            out,
            "times: parse {parse:.3}s, ground {ground:.3}s, h2 {h2:.3}s, relevance {relevance:.3}s, search {search:.3}s, validate {validate:.3}s, total {total:.3}s\nresult: {what} in phase {phase}"
        );
    }
    out.write_to(1);
    // SAFETY: as above.
    unsafe { libc::_exit(code as i32) }
}
