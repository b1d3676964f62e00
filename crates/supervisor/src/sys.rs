//! The POSIX calls std does not wrap, through `nix`: the child set-up that runs between `fork`
//! and `exec`, signals to a process or process group, waiting for a child's exit without reaping
//! it, and blocking/awaiting termination signals (for a headless runner that `sigwait`s). The
//! `pre_exec` hook is the crate's only `unsafe` code.
//!
//! Unix only (the supervisor targets Linux first; `PR_SET_PDEATHSIG` is Linux-specific and is
//! simply skipped elsewhere).

use std::io;
use std::process::Command;

use nix::errno::Errno;
pub use nix::sys::signal::{SigSet, Signal};
use nix::sys::signal::{SigmaskHow, kill, killpg, sigprocmask};
use nix::sys::wait::{Id, WaitPidFlag, waitid};
use nix::unistd::Pid;

/// Makes the child die with its parent and checks that the parent is still there; also gives
/// it an empty signal mask.
///
/// Runs in the child after `fork`, before `exec`. First the signal mask is cleared: a child
/// inherits the mask of the thread that forked it, and std does not reset it, so a parent that
/// blocks SIGTERM (as a runner that `sigwait`s for it does) would otherwise make its children deaf
/// to SIGTERM. Then `prctl(PR_SET_PDEATHSIG, SIGKILL)` asks the kernel to SIGKILL the child when
/// the *thread* that forked it exits (hence the supervisor's long-lived spawner thread); then, if
/// `getppid()` is no longer this process, the parent died between `fork` and `prctl` and the death
/// signal will never come, so the child gives up (std then ends it with `_exit`).
pub fn die_with_parent(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    #[cfg_attr(not(target_os = "linux"), allow(unused_variables))]
    let parent = std::process::id();
    let empty = SigSet::empty();
    #[allow(unsafe_code)]
    // SAFETY: the closure runs in the forked child before exec. It only makes async-signal-safe
    // calls (sigprocmask, prctl, getppid), takes no locks and allocates nothing (an error is a
    // bare errno value); `empty` is a copy made in the parent.
    unsafe {
        command.pre_exec(move || {
            sigprocmask(SigmaskHow::SIG_SETMASK, Some(&empty), None)?;
            #[cfg(target_os = "linux")]
            {
                nix::sys::prctl::set_pdeathsig(Signal::SIGKILL)?;
                if u32::try_from(nix::unistd::getppid().as_raw()).ok() != Some(parent) {
                    return Err(Errno::ESRCH.into());
                }
            }
            Ok(())
        });
    }
}

/// Sends `signal` to one process.
pub fn signal(pid: u32, signal: Signal) -> io::Result<()> {
    Ok(kill(to_pid(pid)?, signal)?)
}

/// Sends `signal` to every process of the process group `pgid` (a child started with
/// `process_group(0)` leads a group whose id is its pid).
pub fn signal_group(pgid: u32, signal: Signal) -> io::Result<()> {
    Ok(killpg(to_pid(pgid)?, signal)?)
}

/// Whether a process with this pid exists at all, zombies included (`kill(pid, 0)` is not
/// `ESRCH`). A reaped child makes this false.
pub fn exists(pid: u32) -> bool {
    match to_pid(pid) {
        Ok(pid) => kill(pid, None) != Err(Errno::ESRCH),
        Err(_) => false,
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
    let pid = to_pid(pid)?;
    loop {
        match waitid(Id::Pid(pid), WaitPidFlag::WEXITED | WaitPidFlag::WNOWAIT) {
            Ok(_) => return Ok(()),
            Err(Errno::EINTR) => continue,
            Err(error) => return Err(error.into()),
        }
    }
}

/// Blocks `signals` in the calling thread, and so in every thread it starts afterwards. Call it
/// first thing in `main`, before any thread exists, then `wait` on the returned set for them.
/// Children are unaffected only because [`die_with_parent`] clears their mask before `exec`
/// (std does not: a child inherits the mask of the thread that forked it).
pub fn block_signals(signals: &[Signal]) -> io::Result<SigSet> {
    let mut set = SigSet::empty();
    for &signal in signals {
        set.add(signal);
    }
    set.thread_block()?;
    Ok(set)
}

/// The name of a signal number, such as `SIGKILL` for 9.
pub fn signal_name(signal: i32) -> Option<&'static str> {
    Signal::try_from(signal).ok().map(Signal::as_str)
}

fn to_pid(pid: u32) -> io::Result<Pid> {
    match i32::try_from(pid) {
        Ok(pid) if pid > 0 => Ok(Pid::from_raw(pid)),
        _ => Err(io::Error::new(io::ErrorKind::InvalidInput, format!("not a process id: {pid}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signal_names_and_pids() {
        assert_eq!(signal_name(9), Some("SIGKILL"));
        assert_eq!(signal_name(15), Some("SIGTERM"));
        assert_eq!(signal_name(12345), None);
        assert!(exists(std::process::id()) && running(std::process::id()));
        assert!(!exists(0), "0 is no pid: kill(0) would signal our own group");
        assert!(signal(0, Signal::SIGTERM).is_err());
    }
}
