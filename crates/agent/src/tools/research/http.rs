//! One request to a research service: a timeout, one polite retry when the service asks us to
//! wait a short while (a `Retry-After` of at most 5 s, by `proseva_http`'s policy), and errors that
//! name the service, the status and the service's own message. Errors never carry the request
//! URL, which may hold a key. Every request first passes the service's guard
//! ([`crate::pipeline`]): its rate limit and its circuit breaker.

use std::time::{Duration, SystemTime};

use proseva_http::{Failure, RetryPolicy, RetryRules, describe, human_wait};
use reqwest::StatusCode;
use serde_json::Value;

use super::text;
use crate::tool::ToolError;

/// The longest `Retry-After` we wait out before retrying once; longer waits become an error that
/// says when to try again.
pub(super) const MAX_RETRY_WAIT: Duration = Duration::from_secs(5);

/// One retry, only when the service asks for it: these services count every request against a
/// quota, so a guessed backoff would only spend it.
const RETRY: RetryPolicy = RetryPolicy {
    max_retries: 1,
    first_delay: Duration::from_millis(500),
    max_delay: Duration::from_secs(1),
    longest_retry_after: MAX_RETRY_WAIT,
};
const RULES: RetryRules = RetryRules { only_when_asked: true, wait_in_body: Some(wait_until), hopeless: None };

/// How one service is spoken to over HTTP.
#[derive(Debug, Clone)]
pub(super) struct ServiceHttp {
    /// The service's name as people know it, in every error.
    pub(super) service: &'static str,
    http: reqwest::Client,
    timeout: Duration,
    /// The variable holding the key, named when the service refuses it (401/403).
    key_var: Option<&'static str>,
    /// Reads the service's own message from a JSON error body, in its documented shape.
    error_message: fn(&Value) -> Option<String>,
    /// The service's rate limit and circuit breaker, shared by the process.
    guard: std::sync::Arc<crate::pipeline::ServiceGuard>,
}

impl ServiceHttp {
    /// `base_url`: where the service is asked (one guard per service and address).
    pub(super) fn new(
        service: &'static str,
        base_url: &str,
        http: reqwest::Client,
        timeout: Duration,
        key_var: Option<&'static str>,
        error_message: fn(&Value) -> Option<String>,
    ) -> Self {
        let guard = crate::pipeline::guard_for(service, base_url);
        ServiceHttp { service, http, timeout, key_var, error_message, guard }
    }

    pub(super) fn client(&self) -> &reqwest::Client {
        &self.http
    }

    /// Sends the request, past the service's guard, and reads a JSON answer. The breaker counts
    /// a failure when the service cannot be reached, times out, answers with a server error or in
    /// a form that cannot be read; any other answer (a 404, a refused key, a 429) is the service
    /// working.
    pub(super) async fn json(&self, request: reqwest::RequestBuilder) -> Result<Value, ToolError> {
        let pass = self.guard.admit()?;
        if !pass.wait.is_zero() {
            tokio::time::sleep(pass.wait).await;
        }
        let result = self.send(request).await;
        let failed = matches!(&result, Err(ToolError::Unavailable(_)));
        self.guard.record(!failed);
        result.map_err(|e| match e {
            // The service's own refusals and errors are the service working, as the breaker sees it.
            ToolError::Failed(m) => ToolError::Unavailable(m),
            other => other,
        })
    }

    /// [`ServiceHttp::json`] without the guard. `Failed` marks an answer from a service that
    /// works (an error status below 500), `Unavailable` a failing one.
    async fn send(&self, request: reqwest::RequestBuilder) -> Result<Value, ToolError> {
        let service = self.service;
        let request = request
            .timeout(self.timeout)
            .build()
            .map_err(|e| ToolError::Failed(format!("could not prepare the {service} request: {}", describe(&e))))?;
        let response = proseva_http::send(&self.http, request, &RETRY, &RULES).await.map_err(|failure| match failure {
            Failure::Refused(refusal) if refusal.status == StatusCode::TOO_MANY_REQUESTS => self.rate_limited(refusal.asked, &refusal.body),
            Failure::Refused(refusal) => self.refused(refusal.status, &refusal.body),
            Failure::Unanswered(error) => self.unreachable(error),
        })?;
        let status = response.status();
        let body = response.bytes().await.map_err(|e| self.unreachable(e))?;
        tracing::debug!(service, status = status.as_u16(), bytes = body.len(), "research service answered");
        serde_json::from_slice(&body).map_err(|e| {
            ToolError::Unavailable(format!("{service} answered in a form this app cannot read (not the JSON it documents: {e})"))
        })
    }

    /// The service's own message from an error body, if it has one.
    pub(super) fn message(&self, body: &[u8]) -> Option<String> {
        match serde_json::from_slice::<Value>(body) {
            Ok(json) => (self.error_message)(&json).map(|m| text::cut(&text::plain(&m), text::SNIPPET_CHARS)),
            Err(_) => {
                // Plain-text errors are worth showing; HTML error pages are not.
                let body = String::from_utf8_lossy(body);
                let body = body.trim();
                (!body.is_empty() && !body.starts_with('<')).then(|| text::cut(&text::plain(body), 200))
            }
        }
    }

    fn unreachable(&self, error: reqwest::Error) -> ToolError {
        let service = self.service;
        if error.is_timeout() {
            ToolError::Unavailable(format!("{service} did not answer within {} seconds; try again later", self.timeout.as_secs()))
        } else {
            ToolError::Unavailable(format!("{service} could not be reached: {}", describe(&error)))
        }
    }

    fn refused(&self, status: StatusCode, body: &[u8]) -> ToolError {
        let mut message = format!("{} answered with an error (HTTP {status})", self.service);
        if let Some(own) = self.message(body) {
            message.push_str(": ");
            message.push_str(&own);
        }
        if let (StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN, Some(var)) = (status, self.key_var) {
            message.push_str(&format!(" (check the key in {var})"));
        }
        if status.is_server_error() { ToolError::Unavailable(message) } else { ToolError::Failed(message) }
    }

    fn rate_limited(&self, wait: Option<Duration>, body: &[u8]) -> ToolError {
        let mut message = format!("{} is limiting how often it can be asked (HTTP 429 Too Many Requests)", self.service);
        if let Some(own) = self.message(body) {
            message.push_str(": ");
            message.push_str(own.trim_end_matches('.'));
        }
        match wait {
            Some(wait) => message.push_str(&format!(". Try again in {}.", human_wait(wait))),
            None => message.push_str(". Try again later."),
        }
        // When the service names no wait, a minute is a polite guess.
        ToolError::RateLimited { message, retry_after: wait.unwrap_or(Duration::from_secs(60)) }
    }
}

/// A `wait_until` time in a JSON error body, for a service that names its wait there rather than
/// in `Retry-After` (CourtListener's citation lookup documents one).
fn wait_until(body: &[u8], now: SystemTime) -> Option<Duration> {
    let body: Value = serde_json::from_slice(body).ok()?;
    let at = chrono::DateTime::parse_from_rfc3339(body.get("wait_until")?.as_str()?).ok()?;
    Some(SystemTime::from(at).duration_since(now).unwrap_or(Duration::ZERO))
}

#[cfg(test)]
mod tests {
    use super::*;

    // Wed, 21 Oct 2015 07:28:00 GMT
    fn at_2015_10_21_07_28_00() -> SystemTime {
        SystemTime::UNIX_EPOCH + Duration::from_secs(1_445_412_480)
    }

    #[test]
    fn wait_until_in_the_body_counts_from_now() {
        let now = at_2015_10_21_07_28_00();
        assert_eq!(wait_until(br#"{"wait_until": "2015-10-21T07:30:00Z"}"#, now), Some(Duration::from_secs(120)));
        assert_eq!(wait_until(br#"{"wait_until": "2015-10-21T07:00:00Z"}"#, now), Some(Duration::ZERO), "a time already past means now");
    }

    #[test]
    fn no_wait_until_at_all() {
        assert_eq!(wait_until(b"{}", SystemTime::now()), None);
        assert_eq!(wait_until(b"not json", SystemTime::now()), None);
        assert_eq!(wait_until(br#"{"wait_until": "soon"}"#, SystemTime::now()), None);
    }

    #[test]
    fn the_header_wins_over_the_body_and_a_long_wait_is_not_waited_out() {
        use proseva_http::{Failed, Next};
        let body = br#"{"wait_until": "2999-01-01T00:00:00Z"}"#;
        let none = reqwest::header::HeaderMap::new();
        let mut asking = reqwest::header::HeaderMap::new();
        asking.insert("retry-after", "3".parse().unwrap());
        let failed = |headers| Failed::Answer { status: StatusCode::TOO_MANY_REQUESTS, headers, body };
        assert!(matches!(RETRY.next(0, &failed(&none), &RULES), Next::GiveUp { asked: Some(wait) } if wait > Duration::from_secs(3600)));
        match RETRY.next(0, &failed(&asking), &RULES) {
            Next::RetryIn(wait) => assert!(wait >= Duration::from_secs(3) && wait <= Duration::from_millis(3300), "{wait:?}"),
            other => panic!("expected a retry, got {other:?}"),
        }
    }
}
