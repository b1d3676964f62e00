//! The handful of POSIX calls std does not wrap, each behind a safe function: the child set-up
//! that runs between `fork` and `exec`, signals to a process or process group, waiting for a
//! child's exit without reaping it, and blocking/awaiting termination signals (for
//! `proseva-supervise`). Every `unsafe` block of the crate lives here, each with its `SAFETY:`.
//!
//! Unix only (the supervisor targets Linux first; `PR_SET_PDEATHSIG` is Linux-specific and is
//! simply skipped elsewhere).

use std::io;
use std::process::Command;

pub use libc::{SIGINT, SIGKILL, SIGTERM};

/// Makes the child die with its parent and checks that the parent is still there; also gives
/// it an empty signal mask.
///
/// Runs in the child after `fork`, before `exec`. First the signal mask is cleared: a child
/// inherits the mask of the thread that forked it, and std does not reset it, so a parent that
/// blocks SIGTERM (as `proseva-supervise` does, to `sigwait` for it) would otherwise make its
/// children deaf to SIGTERM. Then `prctl(PR_SET_PDEATHSIG, SIGKILL)` asks the
/// kernel to SIGKILL the child when the *thread* that forked it exits (hence the supervisor's
/// long-lived spawner thread); then, if `getppid()` is no longer this process, the parent died
/// between `fork` and `prctl` and the death signal will never come, so the child exits at once.
pub fn die_with_parent(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    #[cfg_attr(not(target_os = "linux"), allow(unused_variables))]
    let parent = std::process::id();
    #[allow(unsafe_code)]
    // SAFETY: sigemptyset initialises a sigset_t we own (here, in the parent).
    let empty = unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        set
    };
    #[allow(unsafe_code)]
    // SAFETY: the closure runs in the forked child before exec. It only calls async-signal-safe
    // functions (sigprocmask, prctl, getppid, _exit), takes no locks and allocates nothing
    // (`last_os_error` builds the `Os` variant, which holds just the errno); `empty` is a copy.
    unsafe {
        command.pre_exec(move || {
            if libc::sigprocmask(libc::SIG_SETMASK, &empty, std::ptr::null_mut()) != 0 {
                return Err(io::Error::last_os_error());
            }
            #[cfg(target_os = "linux")]
            {
                if libc::prctl(
                    libc::PR_SET_PDEATHSIG,
                    libc::SIGKILL as libc::c_ulong,
                    0 as libc::c_ulong,
                    0 as libc::c_ulong,
                    0 as libc::c_ulong,
                ) != 0
                {
                    return Err(io::Error::last_os_error());
                }
                if libc::getppid() as u32 != parent {
                    libc::_exit(1);
                }
            }
            Ok(())
        });
    }
}

/// Sends `signal` to one process.
pub fn signal(pid: u32, signal: libc::c_int) -> io::Result<()> {
    let pid = to_pid(pid)?;
    #[allow(unsafe_code)]
    // SAFETY: kill(2) takes plain integers and touches no memory of ours.
    let result = unsafe { libc::kill(pid, signal) };
    if result == 0 { Ok(()) } else { Err(io::Error::last_os_error()) }
}

/// Sends `signal` to every process of the process group `pgid` (a child started with
/// `process_group(0)` leads a group whose id is its pid).
pub fn signal_group(pgid: u32, signal: libc::c_int) -> io::Result<()> {
    let pgid = to_pid(pgid)?;
    #[allow(unsafe_code)]
    // SAFETY: kill(2) with a negative pid signals a process group; plain integers only.
    let result = unsafe { libc::kill(-pgid, signal) };
    if result == 0 { Ok(()) } else { Err(io::Error::last_os_error()) }
}

/// Whether a process with this pid exists at all, zombies included (`kill(pid, 0)` is not
/// `ESRCH`). A reaped child makes this false.
pub fn exists(pid: u32) -> bool {
    match signal(pid, 0) {
        Ok(()) => true,
        Err(e) => e.raw_os_error() != Some(libc::ESRCH),
    }
}

/// Whether the process exists and is not a zombie (on Linux, from `/proc/<pid>/stat`). Use this
/// for processes that are not our children: their reaping is someone else's business.
pub fn running(pid: u32) -> bool {
    if !exists(pid) {
        return false;
    }
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state is the first field after the parenthesised command name.
        Ok(stat) => {
            stat.rsplit_once(')').and_then(|(_, rest)| rest.split_whitespace().next()).is_some_and(|state| state != "Z" && state != "X")
        }
        Err(_) => cfg!(not(target_os = "linux")),
    }
}

/// Blocks until the child `pid` has exited, *without* reaping it (`waitid` with `WNOWAIT`): the
/// pid stays reserved until its owner reaps it with `Child::try_wait`, so a signal sent in the
/// meantime can never reach a recycled pid.
pub fn wait_exited_no_reap(pid: u32) -> io::Result<()> {
    let id = libc::id_t::try_from(pid).map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))?;
    loop {
        #[allow(unsafe_code)]
        // SAFETY: siginfo_t is plain old data for which all-zero bytes are a valid value.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        #[allow(unsafe_code)]
        // SAFETY: `info` is a valid, writable siginfo_t that outlives the call.
        let result = unsafe { libc::waitid(libc::P_PID, id, &mut info, libc::WEXITED | libc::WNOWAIT) };
        if result == 0 {
            return Ok(());
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
}

/// A set of blocked signals to wait for with [`SignalSet::wait`].
pub struct SignalSet {
    set: libc::sigset_t,
}

impl std::fmt::Debug for SignalSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SignalSet")
    }
}

/// Blocks `signals` in the calling thread, and so in every thread it starts afterwards. Call it
/// first thing in `main`, before any thread exists, then [`SignalSet::wait`] for them. Children
/// are unaffected: std resets the signal mask in a child before `exec`.
pub fn block_signals(signals: &[libc::c_int]) -> io::Result<SignalSet> {
    #[allow(unsafe_code)]
    // SAFETY: sigemptyset/sigaddset initialise and fill a sigset_t we own; pthread_sigmask
    // reads it and writes no output (null old-set pointer).
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for &signal in signals {
            if libc::sigaddset(&mut set, signal) != 0 {
                return Err(io::Error::last_os_error());
            }
        }
        let result = libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
        if result != 0 {
            return Err(io::Error::from_raw_os_error(result));
        }
        Ok(SignalSet { set })
    }
}

impl SignalSet {
    /// Waits for one of the blocked signals and returns its number.
    pub fn wait(&self) -> io::Result<libc::c_int> {
        loop {
            let mut signal: libc::c_int = 0;
            #[allow(unsafe_code)]
            // SAFETY: `self.set` was initialised by block_signals; `signal` is a valid out-pointer.
            let result = unsafe { libc::sigwait(&self.set, &mut signal) };
            match result {
                0 => return Ok(signal),
                libc::EINTR => continue,
                error => return Err(io::Error::from_raw_os_error(error)),
            }
        }
    }
}

fn to_pid(pid: u32) -> io::Result<libc::pid_t> {
    match libc::pid_t::try_from(pid) {
        Ok(pid) if pid > 0 => Ok(pid),
        _ => Err(io::Error::new(io::ErrorKind::InvalidInput, format!("not a process id: {pid}"))),
    }
}
