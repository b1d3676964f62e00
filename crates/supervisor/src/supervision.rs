//! What the supervisor's threads share: the specs, one [`ChildRecord`] per child (its status,
//! process, output and first outcome), and the locking discipline around them.
//!
//! A child is reaped only under the `children` lock, and shutdown signals only children it finds
//! there, so a pid is never signalled after it was reaped (and could have been recycled).

use std::io;
use std::path::PathBuf;
use std::process::{Child, ExitStatus};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use crate::error::StartError;
use crate::locks::lock;
use crate::log::RotatingLog;
use crate::output::{ChildOutput, write_log};
use crate::spawner::Spawner;
use crate::spec::{SidecarSpec, SupervisorOptions};
use crate::status::{EventSink, SidecarState, SidecarStatus, SupervisorEvent};
use crate::sys;

/// Why one attempt to start a child did not give a healthy child.
#[derive(Debug)]
pub(crate) struct StartFailure {
    pub(crate) reason: String,
    pub(crate) stderr_tail: Vec<String>,
    /// Set when the program could not be run at all.
    pub(crate) spawn_error: Option<io::Error>,
}

/// How a child's first start ended, which [`Supervisor::start`](crate::Supervisor::start) waits for.
#[derive(Debug)]
pub(crate) enum FirstOutcome {
    Healthy,
    Failed(StartFailure),
}

/// One child: what is reported about it and the process behind it.
pub(crate) struct ChildRecord {
    pub(crate) status: SidecarStatus,
    /// The running (or exited, not yet reaped) process.
    pub(crate) child: Option<Child>,
    /// The latest process's output (kept after it exits, for its stderr tail).
    pub(crate) output: Option<Arc<ChildOutput>>,
    pub(crate) first: Option<FirstOutcome>,
}

/// Every child's record, and whether shutdown has begun.
pub(crate) struct Children {
    pub(crate) stopping: bool,
    pub(crate) records: Vec<ChildRecord>,
}

impl Children {
    pub(crate) fn any_running(&self) -> bool {
        self.records.iter().any(|r| r.child.is_some())
    }

    pub(crate) fn pids(&self) -> Vec<u32> {
        self.records.iter().filter_map(|r| r.child.as_ref().map(Child::id)).collect()
    }
}

/// Shared by the [`Supervisor`](crate::Supervisor) handle and one runner thread per child; a
/// child is named by its index in `specs`.
pub(crate) struct Supervision {
    pub(crate) specs: Vec<SidecarSpec>,
    pub(crate) options: SupervisorOptions,
    pub(crate) on_event: EventSink,
    pub(crate) children: Mutex<Children>,
    /// Signalled on every change of `children` that someone may wait for (a child reaped, a first
    /// outcome, shutdown begun).
    pub(crate) changed: Condvar,
    logs: Vec<Arc<Mutex<RotatingLog>>>,
    pub(crate) spawner: Spawner,
}

impl Supervision {
    /// Opens every child's log and starts the spawner thread; starts no child.
    pub(crate) fn new(specs: Vec<SidecarSpec>, options: SupervisorOptions, on_event: EventSink) -> Result<Supervision, StartError> {
        for (i, spec) in specs.iter().enumerate() {
            if specs[..i].iter().any(|s| s.name == spec.name) {
                return Err(StartError::DuplicateName { name: spec.name.clone() });
            }
        }
        let log_file = |spec: &SidecarSpec| options.logs.join(format!("{}.log", spec.name));
        let logs = specs
            .iter()
            .map(|spec| {
                let path = log_file(spec);
                RotatingLog::open(&path, RotatingLog::DEFAULT_MAX_BYTES, RotatingLog::DEFAULT_KEEP)
                    .map(|log| Arc::new(Mutex::new(log)))
                    .map_err(|source| StartError::Log { path, source })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let records = specs
            .iter()
            .map(|spec| ChildRecord {
                status: SidecarStatus {
                    name: spec.name.clone(),
                    state: SidecarState::Starting,
                    url: None,
                    pid: None,
                    restarts: 0,
                    message: None,
                    log: log_file(spec),
                },
                child: None,
                output: None,
                first: None,
            })
            .collect();
        let spawner = Spawner::start().map_err(|source| StartError::Io { what: "start the spawner thread".into(), source })?;
        Ok(Supervision {
            children: Mutex::new(Children { stopping: false, records }),
            changed: Condvar::new(),
            specs,
            options,
            on_event,
            logs,
            spawner,
        })
    }

    pub(crate) fn index_of(&self, name: &str) -> Option<usize> {
        self.specs.iter().position(|s| s.name == name)
    }

    pub(crate) fn log_file(&self, sidecar: usize) -> PathBuf {
        lock(&self.children).records[sidecar].status.log.clone()
    }

    pub(crate) fn log(&self, sidecar: usize) -> &Arc<Mutex<RotatingLog>> {
        &self.logs[sidecar]
    }

    /// A line from the supervisor itself in the child's log.
    pub(crate) fn log_line(&self, sidecar: usize, text: &str) {
        write_log(&self.logs[sidecar], "supervisor", text);
    }

    /// Reaps the child if it has exited: `Some(exit)` then (`exit` is `None` when its status
    /// could not be read), `None` while it runs. No child counts as exited.
    pub(crate) fn try_reap(&self, sidecar: usize) -> Option<Option<ExitStatus>> {
        let mut children = lock(&self.children);
        let record = &mut children.records[sidecar];
        let exit = match record.child.as_mut()?.try_wait() {
            Ok(None) => return None,
            Ok(Some(status)) => Some(status),
            Err(_) => None,
        };
        record.child = None;
        drop(children);
        self.changed.notify_all();
        Some(exit)
    }

    /// Blocks until the child exits and reaps it.
    pub(crate) fn wait_exit(&self, sidecar: usize) -> Option<ExitStatus> {
        let pid = lock(&self.children).records[sidecar].child.as_ref().map(Child::id)?;
        // Wait without reaping, so the pid stays ours (and safe to signal) until try_reap takes it
        // under the lock. Should that fail (someone else reaps our children), poll.
        let nap = if sys::wait_exited_no_reap(pid).is_ok() { Duration::from_millis(5) } else { Duration::from_millis(100) };
        loop {
            if let Some(exit) = self.try_reap(sidecar) {
                return exit;
            }
            std::thread::sleep(nap);
        }
    }

    pub(crate) fn set_first(&self, sidecar: usize, outcome: FirstOutcome) {
        lock(&self.children).records[sidecar].first = Some(outcome);
        self.changed.notify_all();
    }

    pub(crate) fn stopping(&self) -> bool {
        lock(&self.children).stopping
    }

    /// Sleeps for `delay` unless shutdown begins; false if it did.
    pub(crate) fn sleep_unless_stopping(&self, delay: Duration) -> bool {
        let children = lock(&self.children);
        let (children, _) = self.changed.wait_timeout_while(children, delay, |c| !c.stopping).unwrap_or_else(|e| e.into_inner());
        !children.stopping
    }

    /// (index, pid) of every child running now.
    pub(crate) fn running_children(&self) -> Vec<(usize, u32)> {
        let children = lock(&self.children);
        children.records.iter().enumerate().filter_map(|(i, r)| r.child.as_ref().map(|c| (i, c.id()))).collect()
    }

    /// Changes a status and reports it when it changed (outside the lock).
    pub(crate) fn update(&self, sidecar: usize, change: impl FnOnce(&mut SidecarStatus)) {
        let changed = {
            let mut children = lock(&self.children);
            let status = &mut children.records[sidecar].status;
            let before = status.clone();
            change(status);
            (*status != before).then(|| status.clone())
        };
        if let Some(status) = changed {
            (self.on_event)(SupervisorEvent::Sidecar(status));
        }
    }

    /// The child is not running: `state` with `message`, no pid, no URL.
    pub(crate) fn set_down(&self, sidecar: usize, state: SidecarState, message: Option<String>) {
        self.update(sidecar, |s| {
            s.state = state;
            s.pid = None;
            s.url = None;
            s.message = message;
        });
    }
}
