//! One child's life on its runner thread: start it, wait for its exit, restart it with capped
//! backoff, until shutdown or giving up.

use std::sync::Arc;

use crate::attempt::StartAttempt;
use crate::describe::{describe_duration, describe_exit, truncate};
use crate::status::SidecarState;
use crate::supervision::{FirstOutcome, Supervision};

impl Supervision {
    /// Runs child `sidecar` until shutdown, or until it is given up on (or, if it is essential,
    /// its first start failed: [`Supervisor::start`](crate::Supervisor::start) then stops
    /// everything).
    pub(crate) fn run(self: Arc<Self>, sidecar: usize) {
        let spec = &self.specs[sidecar];
        let policy = self.options.restart.clone();
        let mut failures = 0u32;
        let mut restarts = 0u32;
        let mut first = true;
        let stopped = loop {
            let delay = match self.attempt(sidecar, restarts, first) {
                StartAttempt::Stopped => break true,
                StartAttempt::Healthy { since } => {
                    if first {
                        self.set_first(sidecar, FirstOutcome::Healthy);
                    }
                    let exit = self.wait_exit(sidecar);
                    if self.stopping() {
                        self.log_line(sidecar, &format!("stopped: {}", describe_exit(exit)));
                        break true;
                    }
                    let uptime = since.elapsed();
                    if uptime >= policy.stable_after {
                        failures = 0;
                    }
                    failures += 1;
                    let what = format!("{} {}", spec.label, describe_exit(exit));
                    self.log_line(sidecar, &format!("{what} after {} healthy", describe_duration(uptime)));
                    if failures > policy.max_attempts {
                        self.give_up(sidecar, &what, failures);
                        break false;
                    }
                    let delay = policy.delay(failures);
                    let message = format!("{what}; restarting it in {}", describe_duration(delay));
                    self.set_down(sidecar, SidecarState::Restarting, Some(message));
                    delay
                }
                StartAttempt::Failed(failure) => {
                    self.log_line(sidecar, &failure.reason);
                    if first && spec.essential {
                        // Fatal: start() reports it and stops everything.
                        self.set_down(sidecar, SidecarState::Failed, Some(failure.reason.clone()));
                        self.set_first(sidecar, FirstOutcome::Failed(failure));
                        break false;
                    }
                    failures += 1;
                    let last_line = failure.stderr_tail.last().map(|l| format!(" ({})", truncate(l, 300))).unwrap_or_default();
                    let what = format!("{}{last_line}", failure.reason);
                    let gave_up = failures > policy.max_attempts;
                    let delay = policy.delay(failures);
                    if gave_up {
                        self.give_up(sidecar, &what, failures);
                    } else {
                        let message = format!("{}{what}; trying again in {}", spec.unavailable, describe_duration(delay));
                        self.set_down(sidecar, SidecarState::Failed, Some(message));
                    }
                    // After the status, so start() returns with the failure already reported.
                    if first {
                        self.set_first(sidecar, FirstOutcome::Failed(failure));
                    }
                    if gave_up {
                        break false;
                    }
                    delay
                }
            };
            first = false;
            if !self.sleep_unless_stopping(delay) {
                break true;
            }
            restarts += 1;
        };
        // Stopped by shutdown (not after giving up: that `failed` status stands until shutdown).
        if stopped {
            self.set_down(sidecar, SidecarState::Stopped, None);
        }
    }

    fn give_up(&self, sidecar: usize, what: &str, failures: u32) {
        let tried = match failures.saturating_sub(1) {
            0 => "restarts are turned off".to_string(),
            1 => "gave up after 1 failed restart".to_string(),
            n => format!("gave up after {n} failed restarts in a row"),
        };
        let message = format!("{}{what}; {tried} — see {}", self.specs[sidecar].unavailable, self.log_file(sidecar).display());
        self.log_line(sidecar, &message);
        tracing::error!("{message}");
        self.set_down(sidecar, SidecarState::Failed, Some(message));
    }
}
