//! One attempt to start a child: the `before_start` hook, the spawn, and health checks within
//! its budget, stopping early when it exits.

use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use crate::describe::{describe_duration, describe_exit};
use crate::health::probe;
use crate::locks::lock;
use crate::output::{ChildOutput, Stream, read_output, wait_drained};
use crate::spec::SidecarSpec;
use crate::status::{SidecarState, SupervisorEvent};
use crate::supervision::{StartFailure, Supervision};
use crate::sys;

/// The longest a single health-check request may take.
const PROBE_TIMEOUT: Duration = Duration::from_secs(1);

/// How long to wait, after a child exited, for its output threads to drain the pipes.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(1);

/// How one attempt ended.
pub(crate) enum StartAttempt {
    Healthy {
        since: Instant,
    },
    Failed(StartFailure),
    /// Shutdown began; the child (if any) is reaped.
    Stopped,
}

impl Supervision {
    /// Starts child `sidecar` and health-checks it within its budget.
    pub(crate) fn attempt(self: &Arc<Self>, sidecar: usize, restarts: u32, first: bool) -> StartAttempt {
        if self.stopping() {
            return StartAttempt::Stopped;
        }
        let spec = &self.specs[sidecar];
        let label = &spec.label;
        if let Some(before_start) = &spec.before_start {
            let on_event = self.on_event.clone();
            if let Err(reason) = before_start(&|p| on_event(SupervisorEvent::Setup(p))) {
                return StartAttempt::Failed(StartFailure { reason, stderr_tail: Vec::new(), spawn_error: None });
            }
        }
        let mut child = match self.spawner.spawn(command(spec)) {
            Ok(child) => child,
            Err(e) => {
                return StartAttempt::Failed(StartFailure {
                    reason: format!("could not start {label} ({}): {e}", spec.program.display()),
                    stderr_tail: Vec::new(),
                    spawn_error: Some(e),
                });
            }
        };
        let pid = child.id();
        let output = Arc::new(ChildOutput::default());
        let (drained_tx, drained) = mpsc::channel::<()>();
        let log = self.log(sidecar);
        if let Some(stdout) = child.stdout.take() {
            read_output(&spec.name, Stream::Stdout, stdout, log.clone(), output.clone(), drained_tx.clone());
        }
        if let Some(stderr) = child.stderr.take() {
            read_output(&spec.name, Stream::Stderr, stderr, log.clone(), output.clone(), drained_tx.clone());
        }
        drop(drained_tx);
        {
            let mut children = lock(&self.children);
            if children.stopping {
                // Shutdown began while we were spawning: it cannot have seen this child.
                drop(children);
                let _ = sys::signal_group(pid, sys::Signal::SIGKILL);
                let _ = child.wait();
                return StartAttempt::Stopped;
            }
            let record = &mut children.records[sidecar];
            record.child = Some(child);
            record.output = Some(output.clone());
        }
        self.update(sidecar, |s| {
            s.pid = Some(pid);
            s.url = None;
            s.restarts = restarts;
            if first {
                s.state = SidecarState::Starting;
            } else {
                s.state = SidecarState::Restarting;
                s.message = Some(format!("restarting {label} (restart {restarts})"));
            }
        });
        self.log_line(sidecar, &format!("started pid {pid}: {}", spec.program.display()));

        let budget = spec.start_budget;
        let started = Instant::now();
        let deadline = started + budget;
        let poll = self.options.poll_interval.clamp(Duration::from_millis(1), Duration::from_millis(100));
        loop {
            if self.stopping() {
                let exit = self.wait_exit(sidecar);
                self.log_line(sidecar, &format!("stopped before it was ready: {}", describe_exit(exit)));
                return StartAttempt::Stopped;
            }
            if let Some(exit) = self.try_reap(sidecar) {
                wait_drained(&drained, Instant::now() + DRAIN_TIMEOUT);
                return StartAttempt::Failed(StartFailure {
                    reason: format!("{label} {} before it was ready", describe_exit(exit)),
                    stderr_tail: output.tail(),
                    spawn_error: None,
                });
            }
            let now = Instant::now();
            if now >= deadline {
                self.log_line(sidecar, &format!("no healthy answer within {}; SIGKILL", describe_duration(budget)));
                let _ = sys::signal_group(pid, sys::Signal::SIGKILL);
                self.wait_exit(sidecar);
                wait_drained(&drained, Instant::now() + Duration::from_millis(200));
                return StartAttempt::Failed(StartFailure {
                    reason: format!("{label} did not answer its health check within {}", describe_duration(budget)),
                    stderr_tail: output.tail(),
                    spawn_error: None,
                });
            }
            match output.listening() {
                Some(url) => {
                    if probe(&spec.health, &url, PROBE_TIMEOUT.min(deadline - now)) {
                        let expected = format!("127.0.0.1:{}", spec.port);
                        if !url.ends_with(&expected) {
                            self.log_line(sidecar, &format!("listening on {url}, not the reserved {expected}"));
                        }
                        self.log_line(sidecar, &format!("healthy at {url} after {} ms", started.elapsed().as_millis()));
                        self.update(sidecar, |s| {
                            s.state = SidecarState::Healthy;
                            s.url = Some(url.clone());
                            s.message = None;
                        });
                        return StartAttempt::Healthy { since: Instant::now() };
                    }
                    std::thread::sleep(poll.min(deadline.saturating_duration_since(Instant::now())));
                }
                // Wakes as soon as the line arrives.
                None => output.wait_listening(poll.min(deadline - now)),
            }
        }
    }
}

/// The command for one start: the spec's program, arguments and environment, no stdin, piped
/// output, its own process group, and the set-up that makes it die with the supervisor.
fn command(spec: &SidecarSpec) -> Command {
    let mut command = Command::new(&spec.program);
    command.args(&spec.args);
    for (key, value) in &spec.env {
        command.env(key, value);
    }
    command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    // Its own process group, so signals reach anything it starts and none of the terminal's
    // signals (Ctrl-C to the app's group) hit it behind the supervisor's back.
    command.process_group(0);
    sys::die_with_parent(&mut command);
    command
}
