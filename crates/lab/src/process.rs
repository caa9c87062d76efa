//! One run as its own process, with limits enforced by the kernel on that process, as Downward
//! Lab does:
//!
//! - **Memory**: `setrlimit(RLIMIT_AS)` to the memory limit (address space, inherited by the
//!   processes it starts, such as Fast Downward's translator and search).
//! - **Time**: `setrlimit(RLIMIT_CPU)` to the time limit, rounded up to whole seconds (the kernel
//!   sends SIGXCPU, then SIGKILL at the hard limit 5 s later), applied to each process of the run;
//!   plus a **wall-clock backstop**, by default at `1.5 × limit + 5 s` (the experiment's
//!   `wall_limit` sets it), after which the runner kills the whole process group (a run blocked in
//!   I/O or sleeping uses no CPU time).
//! - Core dumps are off (`RLIMIT_CORE` 0); the run gets its own process group, so a kill reaches
//!   its children, and dies with the runner (`PR_SET_PDEATHSIG`).
//!
//! The runner reaps the process itself with `wait4`, which also gives its CPU time and peak memory.

use std::fs::File;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// CPU seconds.
    pub time: f64,
    /// MiB of address space.
    pub memory_mib: u64,
    /// Wall-clock seconds before the process group is killed; default `1.5 × time + 5`.
    pub wall: Option<f64>,
}

impl Limits {
    /// The wall-clock backstop, after which the process group is killed.
    pub fn wall(&self) -> Duration {
        Duration::from_secs_f64(self.wall.unwrap_or(self.time * 1.5 + 5.0))
    }
    fn cpu_seconds(&self) -> u64 {
        self.time.ceil().max(1.0) as u64
    }
}

/// What became of a process.
#[derive(Debug, Clone)]
pub struct Ended {
    pub exit_code: Option<i32>,
    pub signal: Option<i32>,
    pub wall: f64,
    /// User + system CPU seconds.
    pub cpu: f64,
    pub maxrss_kib: u64,
    /// The runner killed it at the wall-clock backstop.
    pub wall_killed: bool,
}

impl Ended {
    /// Whether the CPU limit ended it (SIGXCPU, or SIGKILL at the hard limit).
    pub fn cpu_limited(&self, limits: &Limits) -> bool {
        match self.signal {
            Some(libc::SIGXCPU) => true,
            Some(libc::SIGKILL) => !self.wall_killed && self.cpu >= limits.cpu_seconds() as f64 - 0.05,
            _ => false,
        }
    }
}

/// Runs `argv` in `dir` with stdout and stderr into files there, under `limits`.
pub fn run(argv: &[String], dir: &Path, limits: &Limits, stdout: &Path, stderr: &Path) -> Result<Ended, String> {
    let out = File::create(stdout).map_err(|e| format!("cannot create `{}`: {e}", stdout.display()))?;
    let err = File::create(stderr).map_err(|e| format!("cannot create `{}`: {e}", stderr.display()))?;
    let mut cmd = Command::new(&argv[0]);
    cmd.args(&argv[1..]).current_dir(dir).stdin(Stdio::null()).stdout(out).stderr(err);
    let cpu = limits.cpu_seconds();
    let mem = limits.memory_mib.saturating_mul(1024 * 1024);
    // SAFETY: between fork and exec only async-signal-safe calls (setrlimit, setpgid).
    unsafe {
        cmd.pre_exec(move || {
            let set = |res, soft: u64, hard: u64| {
                let lim = libc::rlimit { rlim_cur: soft as libc::rlim_t, rlim_max: hard as libc::rlim_t };
                if libc::setrlimit(res, &lim) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            };
            set(libc::RLIMIT_CPU, cpu, cpu + 5)?;
            set(libc::RLIMIT_AS, mem, mem)?;
            set(libc::RLIMIT_CORE, 0, 0)?;
            if libc::setpgid(0, 0) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // A runner killed outright (SIGKILL) takes its run with it, so that a resumed runner
            // never races an orphan for the run's folder.
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let start = Instant::now();
    let child = cmd.spawn().map_err(|e| format!("cannot start `{}`: {e}", argv[0]))?;
    let pid = child.id() as libc::pid_t;
    // The child is reaped below with wait4, not through `child` (dropping a Child does not wait).
    drop(child);
    let backstop = limits.wall();
    let mut wall_killed = false;
    let mut pause = Duration::from_millis(2);
    loop {
        let mut status = 0;
        // SAFETY: an all-zero rusage is a valid value for the kernel to overwrite.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: pid is our child; the pointers are valid for the call.
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r == pid {
            let wall = start.elapsed().as_secs_f64();
            let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
            let (exit_code, signal) = if libc::WIFEXITED(status) {
                (Some(libc::WEXITSTATUS(status)), None)
            } else if libc::WIFSIGNALED(status) {
                (None, Some(libc::WTERMSIG(status)))
            } else {
                (None, None)
            };
            // Whatever the run left behind in its group (a detached grandchild) goes too.
            // SAFETY: signalling our own process group id; an error (no such group) is fine.
            unsafe { libc::killpg(pid, libc::SIGKILL) };
            return Ok(Ended {
                exit_code,
                signal,
                wall,
                cpu: secs(usage.ru_utime) + secs(usage.ru_stime),
                maxrss_kib: usage.ru_maxrss.max(0) as u64,
                wall_killed,
            });
        }
        if r < 0 {
            let e = std::io::Error::last_os_error();
            if e.kind() != std::io::ErrorKind::Interrupted {
                return Err(format!("waiting for `{}`: {e}", argv[0]));
            }
        }
        if !wall_killed && start.elapsed() > backstop {
            wall_killed = true;
            // SAFETY: as above.
            unsafe { libc::killpg(pid, libc::SIGKILL) };
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(25));
    }
}
