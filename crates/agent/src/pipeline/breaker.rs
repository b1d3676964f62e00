//! A circuit breaker per outside service: after [`FAILURES_TO_OPEN`] failures in a row the
//! service is left alone for [`OPEN_FOR`] (calls are answered at once with why and when it will be
//! tried again); then one call is let through (half-open): success closes the breaker, failure
//! opens it again. A service that is down is asked once every 30 seconds, not hammered.
//!
//! Time is passed in, so the states are tested without waiting.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Failures in a row that open the breaker.
pub const FAILURES_TO_OPEN: u32 = 3;
/// How long an open breaker refuses calls.
pub const OPEN_FOR: Duration = Duration::from_secs(30);
/// How long the trial call of a half-open breaker may stay out before another is let through (a
/// trial whose request was cancelled never answers).
pub const TRIAL_FOR: Duration = Duration::from_secs(60);

/// Where a breaker is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BreakerState {
    /// Calls go through; `failures` in a row so far.
    Closed { failures: u32 },
    /// Calls are refused until `until`.
    Open { until: Instant },
    /// One trial call is out, since `since`; the others are refused until it answers.
    HalfOpen { since: Instant },
}

/// Why a call was not let through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refused {
    /// When the service will be tried again (at most [`OPEN_FOR`]).
    pub retry_after: Duration,
}

#[derive(Debug)]
pub struct Breaker {
    state: Mutex<Inner>,
}

#[derive(Debug)]
struct Inner {
    state: BreakerState,
    /// Times it has opened, for the diagnostics.
    trips: u64,
}

impl Default for Breaker {
    fn default() -> Self {
        Breaker { state: Mutex::new(Inner { state: BreakerState::Closed { failures: 0 }, trips: 0 }) }
    }
}

impl Breaker {
    /// Whether [`Breaker::admit`] would let a call through now, changing nothing.
    pub fn check(&self, now: Instant) -> Result<(), Refused> {
        match self.state() {
            BreakerState::Open { until } if now < until => Err(Refused { retry_after: until - now }),
            BreakerState::HalfOpen { since } if now.saturating_duration_since(since) < TRIAL_FOR => {
                Err(Refused { retry_after: Duration::from_secs(1) })
            }
            _ => Ok(()),
        }
    }

    /// Lets a call through or refuses it. A call let through must be followed by [`Breaker::record`].
    pub fn admit(&self, now: Instant) -> Result<(), Refused> {
        let Ok(mut inner) = self.state.lock() else { return Ok(()) };
        match inner.state {
            BreakerState::Closed { .. } => Ok(()),
            BreakerState::Open { until } if now >= until => {
                inner.state = BreakerState::HalfOpen { since: now };
                Ok(())
            }
            BreakerState::Open { until } => Err(Refused { retry_after: until - now }),
            BreakerState::HalfOpen { since } if now.saturating_duration_since(since) >= TRIAL_FOR => {
                inner.state = BreakerState::HalfOpen { since: now };
                Ok(())
            }
            // The trial call has not answered: the others wait for it.
            BreakerState::HalfOpen { .. } => Err(Refused { retry_after: Duration::from_secs(1) }),
        }
    }

    /// What a call let through came to: `ok` when the service answered (even with "nothing
    /// found"), not when it could not be reached or failed.
    pub fn record(&self, ok: bool, now: Instant) {
        let Ok(mut inner) = self.state.lock() else { return };
        inner.state = match (inner.state, ok) {
            (_, true) => BreakerState::Closed { failures: 0 },
            (BreakerState::Closed { failures }, false) if failures + 1 < FAILURES_TO_OPEN => {
                BreakerState::Closed { failures: failures + 1 }
            }
            (BreakerState::Open { until }, false) => BreakerState::Open { until },
            (_, false) => {
                inner.trips += 1;
                BreakerState::Open { until: now + OPEN_FOR }
            }
        };
    }

    pub fn state(&self) -> BreakerState {
        self.state.lock().map(|i| i.state).unwrap_or(BreakerState::Closed { failures: 0 })
    }

    /// How often it has opened.
    pub fn trips(&self) -> u64 {
        self.state.lock().map(|i| i.trips).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_failures_open_it_then_one_trial_half_opens_and_success_closes() {
        let b = Breaker::default();
        let t0 = Instant::now();
        for _ in 0..2 {
            assert!(b.admit(t0).is_ok());
            b.record(false, t0);
        }
        assert_eq!(b.state(), BreakerState::Closed { failures: 2 });
        assert!(b.admit(t0).is_ok());
        b.record(false, t0);
        assert_eq!(b.state(), BreakerState::Open { until: t0 + OPEN_FOR });
        assert_eq!(b.trips(), 1);

        let later = t0 + Duration::from_secs(10);
        assert_eq!(b.check(later), Err(Refused { retry_after: Duration::from_secs(20) }));
        assert_eq!(b.admit(later), Err(Refused { retry_after: Duration::from_secs(20) }));

        let after = t0 + OPEN_FOR;
        assert!(b.admit(after).is_ok(), "one trial call");
        assert_eq!(b.state(), BreakerState::HalfOpen { since: after });
        assert!(b.admit(after).is_err(), "the others wait for the trial");
        // A trial that never answers (its request was cancelled) does not hold the others forever.
        assert!(b.admit(after + TRIAL_FOR).is_ok());
        b.record(true, after);
        assert_eq!(b.state(), BreakerState::Closed { failures: 0 });
        assert!(b.admit(after).is_ok());
    }

    #[test]
    fn a_failed_trial_opens_it_again_and_a_success_resets_the_count() {
        let b = Breaker::default();
        let t0 = Instant::now();
        for _ in 0..3 {
            b.record(false, t0);
        }
        let after = t0 + OPEN_FOR;
        assert!(b.admit(after).is_ok());
        b.record(false, after);
        assert_eq!(b.state(), BreakerState::Open { until: after + OPEN_FOR });
        assert_eq!(b.trips(), 2);

        let c = Breaker::default();
        c.record(false, t0);
        c.record(false, t0);
        c.record(true, t0);
        c.record(false, t0);
        assert_eq!(c.state(), BreakerState::Closed { failures: 1 }, "failures count in a row");
    }
}
