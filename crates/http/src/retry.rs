//! When to ask a service again, and how long to wait first.

use std::hash::{BuildHasher, RandomState};
use std::time::{Duration, SystemTime};

use reqwest::StatusCode;
use reqwest::header::HeaderMap;

use crate::retry_after::retry_after;

/// How often and how long to retry: exponential backoff with jitter up to a cap, or the wait the
/// service asks for when it names one and that wait is reasonable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Retries after the first attempt.
    pub max_retries: u32,
    /// The backoff before the first retry; it doubles with each retry, up to `max_delay`.
    pub first_delay: Duration,
    pub max_delay: Duration,
    /// The longest wait a service may ask for (`Retry-After`) and still be waited out; one asking
    /// for longer ends the retries, and the failure says how long it asked for.
    pub longest_retry_after: Duration,
}

impl Default for RetryPolicy {
    /// Three retries from half a second, capped at 8 s; waits of up to 20 s are honoured.
    fn default() -> Self {
        RetryPolicy {
            max_retries: 3,
            first_delay: Duration::from_millis(500),
            max_delay: Duration::from_secs(8),
            longest_retry_after: Duration::from_secs(20),
        }
    }
}

/// Reads the wait an error body names, counted from the given time.
pub type WaitInBody = fn(&[u8], SystemTime) -> Option<Duration>;

/// What a service's failures mean for retrying, beyond the rule every service shares (429, 5xx
/// and a failed connection are worth another try; anything else is final).
#[derive(Debug, Clone, Copy, Default)]
pub struct RetryRules {
    /// Retry only when the service names a wait: no guessed backoff, and no retry of a service that
    /// could not be reached. For services that count every request against a quota.
    pub only_when_asked: bool,
    /// Reads a wait from an error body when no header names one (CourtListener's `wait_until`).
    pub wait_in_body: Option<WaitInBody>,
    /// True for an answer that waiting will not help although its status suggests it would
    /// (OpenAI's 429 `insufficient_quota`).
    pub hopeless: Option<fn(StatusCode, &[u8]) -> bool>,
}

/// How an attempt failed.
#[derive(Debug, Clone, Copy)]
pub enum Failed<'a> {
    /// The service answered with a status that is not a success.
    Answer { status: StatusCode, headers: &'a HeaderMap, body: &'a [u8] },
    /// No connection could be made.
    NoConnection,
}

/// What to do after a failed attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// Wait this long, then ask again.
    RetryIn(Duration),
    /// Stop; `asked` is the wait the service asked for, if it named one, so the error can say when
    /// to try again.
    GiveUp { asked: Option<Duration> },
}

impl RetryPolicy {
    /// What to do after retry number `retry` (0 for the first attempt) failed as `failed`.
    pub fn next(&self, retry: u32, failed: &Failed<'_>, rules: &RetryRules) -> Next {
        self.next_at(retry, failed, rules, SystemTime::now(), jitter())
    }

    fn next_at(&self, retry: u32, failed: &Failed<'_>, rules: &RetryRules, now: SystemTime, jitter: f64) -> Next {
        let (worth_retrying, asked) = match *failed {
            Failed::NoConnection => (true, None),
            Failed::Answer { status, headers, body } => {
                let asked = retry_after(headers, now).or_else(|| rules.wait_in_body.and_then(|read| read(body, now)));
                let by_status = status == StatusCode::TOO_MANY_REQUESTS || status.is_server_error();
                (by_status && !rules.hopeless.is_some_and(|hopeless| hopeless(status, body)), asked)
            }
        };
        if !worth_retrying || (rules.only_when_asked && asked.is_none()) {
            return Next::GiveUp { asked };
        }
        match self.delay(retry, asked, jitter) {
            Some(wait) => Next::RetryIn(wait),
            None => Next::GiveUp { asked },
        }
    }

    /// How long to wait before retry number `retry` (0 for the first), or `None` to give up.
    /// `asked` is the wait the service asked for; `jitter` is a number in [0, 1).
    pub fn delay(&self, retry: u32, asked: Option<Duration>, jitter: f64) -> Option<Duration> {
        if retry >= self.max_retries {
            return None;
        }
        if let Some(asked) = asked {
            // Honour the wait, plus up to a tenth more so clients told the same do not return together.
            return (asked <= self.longest_retry_after).then(|| asked + asked.mul_f64(jitter / 10.0));
        }
        // "Equal jitter": half the exponential step for certain, the other half at random.
        let step = self.first_delay.saturating_mul(1u32 << retry.min(16)).min(self.max_delay);
        Some(step / 2 + (step / 2).mul_f64(jitter))
    }
}

/// A number in [0, 1), different on each call; randomness enough to spread retries out.
fn jitter() -> f64 {
    let bits = RandomState::new().hash_one(SystemTime::now());
    (bits >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_with_jitter_up_to_the_cap_then_gives_up() {
        let policy = RetryPolicy {
            max_retries: 6,
            first_delay: Duration::from_millis(100),
            max_delay: Duration::from_millis(1000),
            longest_retry_after: Duration::from_secs(20),
        };
        let ms = |retry, jitter| policy.delay(retry, None, jitter).map(|d| d.as_millis());
        assert_eq!((ms(0, 0.0), ms(0, 0.999)), (Some(50), Some(99)));
        assert_eq!((ms(1, 0.0), ms(2, 0.0), ms(3, 0.0)), (Some(100), Some(200), Some(400)));
        assert_eq!((ms(4, 0.0), ms(5, 0.999)), (Some(500), Some(999)), "capped at max_delay");
        assert_eq!(ms(6, 0.0), None, "after max_retries");
    }

    #[test]
    fn retry_after_is_honoured_when_reasonable_and_ends_the_retries_when_not() {
        let policy = RetryPolicy::default();
        let wait = policy.delay(0, Some(Duration::from_secs(1)), 0.5).unwrap();
        assert!(wait >= Duration::from_secs(1) && wait <= Duration::from_millis(1100), "{wait:?}");
        assert_eq!(policy.delay(0, Some(Duration::from_secs(3600)), 0.0), None);
        assert_eq!(policy.delay(3, Some(Duration::from_secs(1)), 0.0), None);
    }

    #[test]
    fn the_jitter_stays_in_range() {
        assert!((0..1000).map(|_| jitter()).all(|j| (0.0..1.0).contains(&j)));
    }

    fn answer<'a>(status: u16, headers: &'a HeaderMap, body: &'a [u8]) -> Failed<'a> {
        Failed::Answer { status: StatusCode::from_u16(status).unwrap(), headers, body }
    }

    fn asking(seconds: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("retry-after", seconds.parse().unwrap());
        headers
    }

    #[test]
    fn busy_failing_and_unreachable_services_are_retried_and_refusals_are_not() {
        let policy = RetryPolicy::default();
        let rules = RetryRules::default();
        let none = HeaderMap::new();
        let next = |failed: Failed<'_>| policy.next_at(0, &failed, &rules, SystemTime::now(), 0.0);
        assert_eq!(next(answer(429, &none, b"")), Next::RetryIn(Duration::from_millis(250)));
        assert_eq!(next(answer(503, &none, b"")), Next::RetryIn(Duration::from_millis(250)));
        assert_eq!(next(Failed::NoConnection), Next::RetryIn(Duration::from_millis(250)));
        assert_eq!(next(answer(400, &none, b"")), Next::GiveUp { asked: None });
        assert_eq!(next(answer(401, &asking("1"), b"")), Next::GiveUp { asked: Some(Duration::from_secs(1)) });
        assert_eq!(next(answer(429, &asking("2"), b"")), Next::RetryIn(Duration::from_secs(2)));
        assert_eq!(next(answer(429, &asking("3600"), b"")), Next::GiveUp { asked: Some(Duration::from_secs(3600)) });
    }

    #[test]
    fn a_service_that_counts_requests_is_retried_only_when_it_names_a_wait() {
        let policy = RetryPolicy { max_retries: 1, longest_retry_after: Duration::from_secs(5), ..RetryPolicy::default() };
        let rules = RetryRules { only_when_asked: true, ..RetryRules::default() };
        let next = |retry, failed: Failed<'_>| policy.next_at(retry, &failed, &rules, SystemTime::now(), 0.0);
        let (none, soon) = (HeaderMap::new(), asking("1"));
        assert_eq!(next(0, answer(429, &none, b"")), Next::GiveUp { asked: None });
        assert_eq!(next(0, answer(500, &none, b"")), Next::GiveUp { asked: None });
        assert_eq!(next(0, Failed::NoConnection), Next::GiveUp { asked: None });
        assert_eq!(next(0, answer(429, &soon, b"")), Next::RetryIn(Duration::from_secs(1)));
        assert_eq!(next(1, answer(429, &soon, b"")), Next::GiveUp { asked: Some(Duration::from_secs(1)) }, "one retry only");
    }

    #[test]
    fn a_body_can_name_the_wait_or_say_waiting_will_not_help() {
        fn wait_in_body(body: &[u8], _: SystemTime) -> Option<Duration> {
            (body == b"wait 4").then_some(Duration::from_secs(4))
        }
        fn hopeless(status: StatusCode, body: &[u8]) -> bool {
            status == StatusCode::TOO_MANY_REQUESTS && body == b"no quota"
        }
        let policy = RetryPolicy::default();
        let rules = RetryRules { wait_in_body: Some(wait_in_body), hopeless: Some(hopeless), ..RetryRules::default() };
        let none = HeaderMap::new();
        let next = |failed: Failed<'_>| policy.next_at(0, &failed, &rules, SystemTime::now(), 0.0);
        assert_eq!(next(answer(429, &none, b"wait 4")), Next::RetryIn(Duration::from_secs(4)));
        assert_eq!(next(answer(429, &asking("1"), b"wait 4")), Next::RetryIn(Duration::from_secs(1)), "the header wins");
        assert_eq!(next(answer(429, &none, b"no quota")), Next::GiveUp { asked: None });
        assert_eq!(next(answer(503, &none, b"no quota")), Next::RetryIn(Duration::from_millis(250)));
    }
}
