//! Asking a child whether it is ready: one [`HealthCheck`] request against the URL it printed.

use std::time::Duration;

use crate::http;
use crate::spec::HealthCheck;

/// Whether the child at `url` passes `check`, within `timeout`. Any error (refused, timed out,
/// a bad answer) is simply "not yet".
pub(crate) fn probe(check: &HealthCheck, url: &str, timeout: Duration) -> bool {
    match check {
        HealthCheck::Get { path } => http::request("GET", url, path, &[], None, timeout).is_ok_and(|r| r.status == 200),
        HealthCheck::PostJson { path, body, bearer_token, string_at } => {
            let auth = bearer_token.as_ref().map(|token| format!("Bearer {token}"));
            let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("Authorization", a.as_str())).collect();
            http::request("POST", url, path, &headers, Some(body), timeout).is_ok_and(|r| {
                r.status == 200
                    && serde_json::from_str::<serde_json::Value>(&r.body).is_ok_and(|v| v.pointer(string_at).is_some_and(|s| s.is_string()))
            })
        }
    }
}
