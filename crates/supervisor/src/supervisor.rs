//! [`Supervisor`]: the handle the app holds. Starting waits for every child's first outcome;
//! shutdown stops them all. See the crate docs for the design.

use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::describe::describe_duration;
use crate::error::StartError;
use crate::locks::{lock, wait, wait_until};
use crate::spec::{SidecarSpec, SupervisorOptions};
use crate::status::{EventSink, SidecarState, SidecarStatus};
use crate::supervision::{FirstOutcome, StartFailure, Supervision};
use crate::sys;

/// How long shutdown waits for children to be reaped after SIGKILL.
const KILL_TIMEOUT: Duration = Duration::from_secs(5);

/// Runs a set of children. Create it with [`Supervisor::start`]; it stops them on
/// [`Supervisor::shutdown`] or when dropped. `Send + Sync`: share it in an `Arc`.
pub struct Supervisor {
    supervision: Arc<Supervision>,
    runners: Mutex<Vec<JoinHandle<()>>>,
    /// Held for the whole of shutdown; true once it completed.
    shut_down: Mutex<bool>,
}

impl std::fmt::Debug for Supervisor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Supervisor").field("logs", &self.supervision.options.logs).field("children", &self.status()).finish()
    }
}

impl Supervisor {
    /// Opens the children's logs, starts every child at once (one runner thread each) and
    /// health-checks them in parallel. Returns once every child is healthy or has failed (a
    /// failed child that is not essential is retried in the background). If an essential child
    /// does not become healthy, everything started is stopped and
    /// [`StartError::SidecarFailed`] (or [`StartError::Spawn`]) is returned.
    pub fn start(specs: Vec<SidecarSpec>, options: SupervisorOptions, on_event: EventSink) -> Result<Supervisor, StartError> {
        let supervision = Arc::new(Supervision::new(specs, options, on_event)?);
        let supervisor = Supervisor { supervision: supervision.clone(), runners: Mutex::new(Vec::new()), shut_down: Mutex::new(false) };
        for (sidecar, spec) in supervision.specs.iter().enumerate() {
            let runner = supervision.clone();
            let thread = std::thread::Builder::new()
                .name(format!("proseva-{}-runner", spec.name))
                .spawn(move || runner.run(sidecar))
                .map_err(|source| StartError::Io { what: "start a supervisor thread".into(), source })?;
            lock(&supervisor.runners).push(thread);
        }

        let fatal = {
            let mut children = lock(&supervision.children);
            loop {
                let failed_essential = children
                    .records
                    .iter()
                    .enumerate()
                    .position(|(i, r)| supervision.specs[i].essential && matches!(r.first, Some(FirstOutcome::Failed(_))));
                if let Some(sidecar) = failed_essential {
                    break children.records[sidecar].first.take().map(|outcome| (sidecar, outcome));
                }
                if children.stopping || children.records.iter().all(|r| r.first.is_some()) {
                    break None;
                }
                children = wait(&supervision.changed, children);
            }
        };
        if let Some((sidecar, FirstOutcome::Failed(failure))) = fatal {
            supervisor.stop(true);
            return Err(supervisor.start_error(sidecar, failure));
        }
        Ok(supervisor)
    }

    fn start_error(&self, sidecar: usize, failure: StartFailure) -> StartError {
        let spec = &self.supervision.specs[sidecar];
        match failure.spawn_error {
            Some(source) => StartError::Spawn { name: spec.name.clone(), label: spec.label.clone(), path: spec.program.clone(), source },
            None => StartError::SidecarFailed {
                name: spec.name.clone(),
                reason: failure.reason,
                stderr_tail: failure.stderr_tail,
                log: self.supervision.log_file(sidecar),
            },
        }
    }

    /// Every child's status, in the order of the specs.
    pub fn status(&self) -> Vec<SidecarStatus> {
        lock(&self.supervision.children).records.iter().map(|r| r.status.clone()).collect()
    }

    /// The status of the child called `name`.
    pub fn status_of(&self, name: &str) -> Option<SidecarStatus> {
        let sidecar = self.supervision.index_of(name)?;
        Some(lock(&self.supervision.children).records[sidecar].status.clone())
    }

    /// The base URL of the child called `name`: from its `listening on` line while it is healthy,
    /// else `http://127.0.0.1:<its reserved port>` (the same across restarts).
    pub fn url(&self, name: &str) -> Option<String> {
        let sidecar = self.supervision.index_of(name)?;
        let port = self.supervision.specs[sidecar].port;
        let listening = lock(&self.supervision.children).records[sidecar].status.url.clone();
        Some(listening.unwrap_or_else(|| format!("http://127.0.0.1:{port}")))
    }

    /// The pids of the children running now.
    pub fn child_pids(&self) -> Vec<u32> {
        lock(&self.supervision.children).pids()
    }

    /// The last stderr lines (at most [`STDERR_TAIL_LINES`](crate::STDERR_TAIL_LINES)) of the
    /// latest process of the child called `name`.
    pub fn stderr_tail(&self, name: &str) -> Vec<String> {
        let Some(sidecar) = self.supervision.index_of(name) else { return Vec::new() };
        let output = lock(&self.supervision.children).records[sidecar].output.clone();
        output.map(|o| o.tail()).unwrap_or_default()
    }

    /// Stops every child: no restarts from now on, SIGTERM to each child's process group, up to
    /// `grace` for them to exit, then SIGKILL; every child is reaped; every state becomes
    /// `stopped`. Idempotent, and safe while a restart is pending. Blocks until done.
    pub fn shutdown(&self) {
        self.stop(false);
    }

    /// [`Supervisor::shutdown`]; with `keep_failed`, a `failed` status stays as it is (a failed
    /// start reports why, not that it was stopped afterwards).
    fn stop(&self, keep_failed: bool) {
        let mut done = lock(&self.shut_down);
        if *done {
            return;
        }
        let supervision = &self.supervision;
        let grace = supervision.options.grace;
        let had_children = {
            let mut children = lock(&supervision.children);
            children.stopping = true;
            !children.pids().is_empty()
        };
        supervision.changed.notify_all();
        for (sidecar, pid) in supervision.running_children() {
            supervision.log_line(sidecar, &format!("stopping pid {pid} (SIGTERM)"));
            let _ = sys::signal_group(pid, sys::Signal::SIGTERM);
        }

        // The runners reap their own children and notify `changed`.
        let children = lock(&supervision.children);
        let children = wait_until(&supervision.changed, children, Instant::now() + grace, |c| c.any_running());
        if children.any_running() {
            drop(children);
            for (sidecar, pid) in supervision.running_children() {
                supervision.log_line(sidecar, &format!("pid {pid} did not exit within {}; SIGKILL", describe_duration(grace)));
                let _ = sys::signal_group(pid, sys::Signal::SIGKILL);
            }
            let children = lock(&supervision.children);
            drop(wait_until(&supervision.changed, children, Instant::now() + KILL_TIMEOUT, |c| c.any_running()));
        } else {
            drop(children);
        }

        for runner in lock(&self.runners).drain(..) {
            let _ = runner.join();
        }
        // Nothing should be left, but a child must never outlive this call.
        for record in &mut lock(&supervision.children).records {
            if let Some(mut child) = record.child.take() {
                let _ = sys::signal_group(child.id(), sys::Signal::SIGKILL);
                let _ = child.wait();
            }
        }
        // Only now may the spawner thread end: its exit would SIGKILL its children (PDEATHSIG).
        supervision.spawner.stop();
        for sidecar in 0..supervision.specs.len() {
            let state = lock(&supervision.children).records[sidecar].status.state;
            if !(keep_failed && state == SidecarState::Failed) {
                supervision.set_down(sidecar, SidecarState::Stopped, None);
            }
        }
        if had_children {
            tracing::info!("sidecars stopped");
        }
        *done = true;
    }
}

impl Drop for Supervisor {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// Compile-time check: the desktop shares the supervisor across threads.
const _: () = {
    const fn is_send_sync<T: Send + Sync>() {}
    is_send_sync::<Supervisor>();
};
