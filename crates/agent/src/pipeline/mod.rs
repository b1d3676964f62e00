//! The one tool pipeline: every call — from Ask and Research, from a workflow, from
//! `POST /api/tools/{name}` and from MCP — goes through [`exec::execute`], which passes it through
//! small layers, each in its own module with its own tests:
//!
//! | # | layer | module |
//! |---|---|---|
//! | 1 | arguments checked against the tool's schema | [`validate`] |
//! | 2 | instruction-like text found (after Unicode folding); writes the person did not allow held | [`injection`], [`gate`] |
//! | 3 | the outside service's rate limit (token bucket) | [`rate`] |
//! | 4 | its circuit breaker | [`breaker`] |
//! | 5 | the request's budget of calls, the per-call timeout | [`exec::Budget`] |
//! | 6 | the call; its result handed to the model as data, size-capped | [`exec`], [`data`] |
//! | 7 | errors sanitised where they leave | [`crate::sanitize`] |
//!
//! Per-tool figures (calls, failures, p50/p95) are kept in [`metrics`].
//!
//! The guards of layers 3 and 4 are per service, not per call: a token bucket sized to the
//! service's published limits and a circuit breaker. They sit where the request is sent
//! ([`crate::tools::research`]'s HTTP client, the model client), so a tool that makes three
//! requests (`fetch_opinion`) is counted three times, and every tool of a service shares its guard.
//! One guard per service and address, for the whole process: a conversation, a workflow and the
//! next request all see the same state, and the status line can say "CourtListener paused for
//! 30 s after 3 failures" ([`service_states`]). (Tests pointing a service at their own stand-in get
//! a guard of their own.)

pub mod breaker;
pub mod data;
pub mod exec;
pub mod gate;
pub mod injection;
pub mod metrics;
pub mod rate;
pub mod validate;

pub use exec::{Budget, Guards, Outcome, execute};
pub use gate::{WriteGate, WriteGrants};

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::tool::ToolError;
use breaker::{Breaker, BreakerState, FAILURES_TO_OPEN};
use rate::{Bucket, MAX_WAIT};

/// The guard of one service.
#[derive(Debug)]
pub struct ServiceGuard {
    pub service: &'static str,
    breaker: Breaker,
    bucket: Option<Bucket>,
}

/// What a call was allowed: go now, or after a short wait for the service's limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pass {
    pub wait: Duration,
}

impl ServiceGuard {
    pub fn new(service: &'static str) -> Self {
        ServiceGuard { service, breaker: Breaker::default(), bucket: rate::limit_of(service).map(|l| Bucket::new(l, Instant::now())) }
    }

    /// Whether a request may be sent now: refused at once while the breaker is open
    /// (`circuit_open`) or when the service's limit would make it wait long (`rate_limited`, with
    /// when to try again); else how long to wait first. A request let through is followed by
    /// [`ServiceGuard::record`].
    pub fn admit(&self) -> Result<Pass, ToolError> {
        let now = Instant::now();
        let paused = |refused: breaker::Refused| ToolError::CircuitOpen {
            message: format!(
                "{} paused: it failed {FAILURES_TO_OPEN} times in a row, so it is left alone for a while; it will be tried again in {} s",
                self.service,
                refused.retry_after.as_secs().max(1)
            ),
            retry_after: refused.retry_after,
        };
        // A paused service spends no token; a call over the limit does not start the breaker's trial.
        self.breaker.check(now).map_err(paused)?;
        let wait = match &self.bucket {
            Some(bucket) => bucket.take(now, MAX_WAIT),
            None => Ok(Duration::ZERO),
        };
        let wait = wait.map_err(|wait| ToolError::RateLimited {
            message: format!("{} was asked as often as its published limit allows; try again in {} s", self.service, wait.as_secs().max(1)),
            retry_after: wait,
        })?;
        self.breaker.admit(now).map_err(paused)?;
        Ok(Pass { wait })
    }

    /// Whether the service answered (`ok`: even "nothing found" or a refusal of the request) or
    /// failed (unreachable, timed out, a server error, an answer it cannot read).
    pub fn record(&self, ok: bool) {
        self.breaker.record(ok, Instant::now());
    }

    pub fn state(&self) -> ServiceState {
        let (state, retry_after) = match self.breaker.state() {
            BreakerState::Closed { failures } if failures > 0 => ("failing", None),
            BreakerState::Closed { .. } => ("ok", None),
            BreakerState::Open { until } => ("paused", Some(until.saturating_duration_since(Instant::now()).as_secs().max(1))),
            BreakerState::HalfOpen { .. } => ("trying", None),
        };
        ServiceState { service: self.service, state, retry_after, trips: self.breaker.trips() }
    }
}

/// A service's guard as the status line shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ServiceState {
    pub service: &'static str,
    /// `ok`, `failing` (some failures, still asked), `paused` (breaker open), `trying` (half-open).
    pub state: &'static str,
    /// Seconds until a paused service is tried again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
    /// Times its breaker has opened since the app started.
    pub trips: u64,
}

impl ServiceState {
    /// "CourtListener paused for 30 s after 3 failures", for a paused service.
    pub fn describe(&self) -> Option<String> {
        (self.state == "paused")
            .then(|| format!("{} paused for {} s after {FAILURES_TO_OPEN} failures", self.service, self.retry_after.unwrap_or(1)))
    }
}

/// The guards, by service name and address.
type ServiceGuards = HashMap<(String, String), Arc<ServiceGuard>>;

static GUARDS: LazyLock<Mutex<ServiceGuards>> = LazyLock::new(Mutex::default);

/// The process's guard of `service` at `base_url`.
pub fn guard_for(service: &'static str, base_url: &str) -> Arc<ServiceGuard> {
    let key = (service.to_string(), base_url.trim_end_matches('/').to_string());
    let Ok(mut guards) = GUARDS.lock() else { return Arc::new(ServiceGuard::new(service)) };
    guards.entry(key).or_insert_with(|| Arc::new(ServiceGuard::new(service))).clone()
}

/// Every guarded service's state, by name (one per service: the worst of its addresses).
pub fn service_states() -> Vec<ServiceState> {
    let Ok(guards) = GUARDS.lock() else { return Vec::new() };
    let rank = |s: &ServiceState| ["ok", "failing", "trying", "paused"].iter().position(|x| *x == s.state).unwrap_or(0);
    let mut by_service: HashMap<&'static str, ServiceState> = HashMap::new();
    for guard in guards.values() {
        let state = guard.state();
        match by_service.get(state.service) {
            Some(seen) if rank(seen) >= rank(&state) => {}
            _ => {
                by_service.insert(state.service, state);
            }
        }
    }
    let mut states: Vec<ServiceState> = by_service.into_values().collect();
    states.sort_by_key(|s| s.service);
    states
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guard_pauses_a_failing_service_and_says_so() {
        let guard = guard_for("OpenAlex", "http://127.0.0.1:1/guard-test");
        for _ in 0..3 {
            guard.admit().unwrap();
            guard.record(false);
        }
        let refused = guard.admit().unwrap_err();
        assert_eq!(refused.code(), "circuit_open");
        assert!(refused.to_string().starts_with("OpenAlex paused"), "{refused}");
        let result = refused.to_result();
        assert!(result["error"]["retryAfter"].as_u64().is_some_and(|s| (1..=30).contains(&s)), "{result}");
        let state = guard.state();
        assert_eq!(state.state, "paused");
        assert!(state.describe().unwrap().starts_with("OpenAlex paused for "), "{state:?}");
        assert!(service_states().iter().any(|s| s.service == "OpenAlex" && s.state == "paused"));
        // Another address of the same service has its own guard.
        assert!(guard_for("OpenAlex", "http://127.0.0.1:2").admit().is_ok());
    }
}
