//! One request to a research service: a timeout, one polite retry when the service asks us to
//! wait a short while (429 with `Retry-After` ≤ 5 s), and errors that name the service, the status
//! and the service's own message. Errors never carry the request URL, which may hold a key.

use std::time::{Duration, SystemTime};

use reqwest::StatusCode;
use reqwest::header::{HeaderMap, RETRY_AFTER};
use serde_json::Value;

use super::text;
use crate::tool::ToolError;

/// The longest `Retry-After` we wait out before retrying once; longer waits become an error that
/// says when to try again.
pub(super) const MAX_RETRY_WAIT: Duration = Duration::from_secs(5);

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
}

impl ServiceHttp {
    pub(super) fn new(
        service: &'static str,
        http: reqwest::Client,
        timeout: Duration,
        key_var: Option<&'static str>,
        error_message: fn(&Value) -> Option<String>,
    ) -> Self {
        ServiceHttp { service, http, timeout, key_var, error_message }
    }

    pub(super) fn client(&self) -> &reqwest::Client {
        &self.http
    }

    /// Sends the request and reads a JSON answer.
    pub(super) async fn json(&self, request: reqwest::RequestBuilder) -> Result<Value, ToolError> {
        let service = self.service;
        let request = request
            .timeout(self.timeout)
            .build()
            .map_err(|e| ToolError::Failed(format!("could not prepare the {service} request: {}", e.without_url())))?;
        let mut retried = false;
        loop {
            let attempt = request.try_clone().ok_or_else(|| ToolError::Failed(format!("could not repeat the {service} request")))?;
            let response = self.http.execute(attempt).await.map_err(|e| self.unreachable(e))?;
            let status = response.status();
            let headers = response.headers().clone();
            let body = response.bytes().await.map_err(|e| self.unreachable(e))?;
            tracing::debug!(service, status = status.as_u16(), bytes = body.len(), "research service answered");
            if status == StatusCode::TOO_MANY_REQUESTS {
                let wait = wait_hint(&headers, &body, SystemTime::now());
                if let Some(wait) = wait.filter(|w| !retried && *w <= MAX_RETRY_WAIT) {
                    retried = true;
                    tokio::time::sleep(wait).await;
                    continue;
                }
                return Err(self.rate_limited(wait, &body));
            }
            if !status.is_success() {
                return Err(self.refused(status, &body));
            }
            return serde_json::from_slice(&body).map_err(|e| {
                ToolError::Unavailable(format!("{service} answered in a form this app cannot read (not the JSON it documents: {e})"))
            });
        }
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
            ToolError::Unavailable(format!("{service} could not be reached: {}", describe(&error.without_url())))
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
        ToolError::Unavailable(message)
    }

    fn rate_limited(&self, wait: Option<Duration>, body: &[u8]) -> ToolError {
        let mut message = format!("{} is limiting how often it can be asked (HTTP 429 Too Many Requests)", self.service);
        if let Some(own) = self.message(body) {
            message.push_str(": ");
            message.push_str(&own);
        }
        match wait {
            Some(wait) => message.push_str(&format!(". Try again in {}.", human(wait))),
            None => message.push_str(". Try again later."),
        }
        ToolError::Unavailable(message)
    }
}

/// The error and its causes in one line (reqwest's own message is often just "error sending request").
pub(crate) fn describe(error: &(dyn std::error::Error + 'static)) -> String {
    let mut parts = vec![error.to_string()];
    let mut source = error.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !parts.iter().any(|p| p.contains(&cause_text)) {
            parts.push(cause_text);
        }
        source = cause.source();
    }
    parts.join(": ")
}

/// How long a 429 asks us to wait: `Retry-After` in seconds or as an HTTP date, else a
/// `wait_until` time in the JSON body (CourtListener's citation lookup documents one).
pub(crate) fn wait_hint(headers: &HeaderMap, body: &[u8], now: SystemTime) -> Option<Duration> {
    let until = |at: SystemTime| at.duration_since(now).unwrap_or(Duration::ZERO);
    if let Some(value) = headers.get(RETRY_AFTER).and_then(|v| v.to_str().ok()).map(str::trim) {
        if let Ok(seconds) = value.parse::<u64>() {
            return Some(Duration::from_secs(seconds));
        }
        if let Ok(date) = chrono::DateTime::parse_from_rfc2822(value) {
            return Some(until(date.into()));
        }
    }
    let body: Value = serde_json::from_slice(body).ok()?;
    let wait_until = body.get("wait_until")?.as_str()?;
    chrono::DateTime::parse_from_rfc3339(wait_until).ok().map(|date| until(date.into()))
}

/// "12 seconds", "about 3 minutes", "about 2 hours".
fn human(wait: Duration) -> String {
    let seconds = wait.as_secs().max(1);
    match seconds {
        1 => "1 second".into(),
        2..=90 => format!("{seconds} seconds"),
        91..=5399 => format!("about {} minutes", seconds.div_ceil(60)),
        _ => format!("about {} hours", seconds.div_ceil(3600)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;

    fn headers(retry_after: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(RETRY_AFTER, HeaderValue::from_str(retry_after).unwrap());
        headers
    }

    // Wed, 21 Oct 2015 07:28:00 GMT
    fn at_2015_10_21_07_28_00() -> SystemTime {
        SystemTime::UNIX_EPOCH + Duration::from_secs(1_445_412_480)
    }

    #[test]
    fn retry_after_in_seconds() {
        assert_eq!(wait_hint(&headers("3"), b"", SystemTime::now()), Some(Duration::from_secs(3)));
        assert_eq!(wait_hint(&headers(" 120 "), b"", SystemTime::now()), Some(Duration::from_secs(120)));
    }

    #[test]
    fn retry_after_as_an_http_date_counts_from_now() {
        let now = at_2015_10_21_07_28_00();
        assert_eq!(wait_hint(&headers("Wed, 21 Oct 2015 07:28:04 GMT"), b"", now), Some(Duration::from_secs(4)));
        assert_eq!(wait_hint(&headers("Wed, 21 Oct 2015 08:28:00 GMT"), b"", now), Some(Duration::from_secs(3600)));
        // A date already past means "now".
        assert_eq!(wait_hint(&headers("Wed, 21 Oct 2015 07:00:00 GMT"), b"", now), Some(Duration::ZERO));
    }

    #[test]
    fn wait_until_in_the_body_when_there_is_no_header() {
        let now = at_2015_10_21_07_28_00();
        let body = br#"{"wait_until": "2015-10-21T07:30:00Z"}"#;
        assert_eq!(wait_hint(&HeaderMap::new(), body, now), Some(Duration::from_secs(120)));
    }

    #[test]
    fn no_hint_at_all() {
        assert_eq!(wait_hint(&HeaderMap::new(), b"{}", SystemTime::now()), None);
        assert_eq!(wait_hint(&headers("soon"), b"not json", SystemTime::now()), None);
    }

    #[test]
    fn waits_read_naturally() {
        assert_eq!(human(Duration::from_secs(1)), "1 second");
        assert_eq!(human(Duration::from_secs(30)), "30 seconds");
        assert_eq!(human(Duration::from_secs(120)), "about 2 minutes");
        assert_eq!(human(Duration::from_secs(7200)), "about 2 hours");
    }
}
