//! Token buckets sized to each outside service's published limits: a call takes a token; with
//! none left it waits for the next one when that is near ([`MAX_WAIT`]), else it is answered at
//! once with `rate_limited` and when to try again — the service is never asked past its limit.
//!
//! | service | published limit | bucket |
//! |---|---|---|
//! | CourtListener | 5,000 requests an hour (with a token) | 100, refilled 5,000/h |
//! | LegiScan | 30,000 queries a month (free key) | 50, refilled 30,000/month |
//! | GovInfo (api.data.gov) | 1,000 requests an hour | 50, refilled 1,000/h |
//! | OpenAlex | 10 requests a second, 100,000 a day | 10, refilled 10/s |
//! | SerpAPI | searches per month by plan, at most 1,000 an hour on paid plans | 20, refilled 1,000/h |
//! | Model service | OpenAI's lowest paid tier: 500 requests a minute (a local server: none) | 60, refilled 500/min |
//!
//! The burst is what a workflow may ask at once (30 opinions read by `build_case_law` are 90
//! requests); the refill keeps a long session under the published rate. A plan's monthly quota is
//! the service's to enforce: its 429 is honoured (see [`crate::tools::research`]).

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The longest a call waits for a token before it is refused instead.
pub const MAX_WAIT: Duration = Duration::from_secs(2);

/// A bucket's size and refill.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limit {
    pub burst: f64,
    pub per_second: f64,
}

impl Limit {
    const fn per(burst: f64, requests: f64, seconds: f64) -> Limit {
        Limit { burst, per_second: requests / seconds }
    }
}

/// The limit of a service by its name (as tools and errors name it); None for the app's own
/// services (the law graph, the case data), which are not limited here.
pub fn limit_of(service: &str) -> Option<Limit> {
    const HOUR: f64 = 3600.0;
    const MONTH: f64 = 30.0 * 24.0 * HOUR;
    Some(match service {
        "CourtListener" => Limit::per(100.0, 5000.0, HOUR),
        "LegiScan" => Limit::per(50.0, 30_000.0, MONTH),
        "GovInfo" => Limit::per(50.0, 1000.0, HOUR),
        "OpenAlex" => Limit::per(10.0, 10.0, 1.0),
        "SerpAPI" => Limit::per(20.0, 1000.0, HOUR),
        "Model service" => Limit::per(60.0, 500.0, 60.0),
        _ => return None,
    })
}

#[derive(Debug)]
pub struct Bucket {
    limit: Limit,
    state: Mutex<(f64, Instant)>,
}

impl Bucket {
    /// A full bucket.
    pub fn new(limit: Limit, now: Instant) -> Self {
        Bucket { limit, state: Mutex::new((limit.burst, now)) }
    }

    /// Takes a token now (`Ok(ZERO)`), or reserves the next one and says how long to wait for it
    /// (`Ok(wait)`, at most `max_wait`), or takes nothing and says when one will be there (`Err`).
    pub fn take(&self, now: Instant, max_wait: Duration) -> Result<Duration, Duration> {
        let Ok(mut state) = self.state.lock() else { return Ok(Duration::ZERO) };
        let (tokens, at) = *state;
        let elapsed = now.saturating_duration_since(at).as_secs_f64();
        let tokens = (tokens + elapsed * self.limit.per_second).min(self.limit.burst);
        if tokens >= 1.0 {
            *state = (tokens - 1.0, now);
            return Ok(Duration::ZERO);
        }
        let wait = Duration::from_secs_f64((1.0 - tokens) / self.limit.per_second.max(f64::MIN_POSITIVE));
        if wait <= max_wait {
            // The token is spoken for: the balance goes below zero and refills from there.
            *state = (tokens - 1.0, now);
            Ok(wait)
        } else {
            *state = (tokens, now);
            Err(wait)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_goes_through_then_calls_wait_briefly_or_are_refused_with_the_wait() {
        let t0 = Instant::now();
        let openalex = Bucket::new(limit_of("OpenAlex").unwrap(), t0);
        for _ in 0..10 {
            assert_eq!(openalex.take(t0, MAX_WAIT), Ok(Duration::ZERO));
        }
        // 10 a second: the next token is a tenth of a second away.
        let wait = openalex.take(t0, MAX_WAIT).unwrap();
        assert!((wait.as_secs_f64() - 0.1).abs() < 1e-6, "{wait:?}");

        let courtlistener = Bucket::new(limit_of("CourtListener").unwrap(), t0);
        for _ in 0..100 {
            assert_eq!(courtlistener.take(t0, MAX_WAIT), Ok(Duration::ZERO));
        }
        // 5,000 an hour: 0.72 s a token, so one waits and the next are refused.
        assert!(courtlistener.take(t0, MAX_WAIT).is_ok());
        assert!(courtlistener.take(t0, MAX_WAIT).is_ok());
        let refused = courtlistener.take(t0, MAX_WAIT).unwrap_err();
        assert!(refused > MAX_WAIT && refused < Duration::from_secs(3), "{refused:?}");
        // Time refills it.
        assert_eq!(courtlistener.take(t0 + Duration::from_secs(60), MAX_WAIT), Ok(Duration::ZERO));
    }

    #[test]
    fn every_outside_service_has_a_limit_and_the_apps_own_have_none() {
        for service in ["CourtListener", "LegiScan", "GovInfo", "OpenAlex", "SerpAPI", "Model service"] {
            let limit = limit_of(service).unwrap();
            assert!(limit.burst >= 1.0 && limit.per_second > 0.0, "{service}");
        }
        assert_eq!(limit_of("Law graph"), None);
    }
}
