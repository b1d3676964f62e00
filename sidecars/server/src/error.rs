//! The server's one error type, and how every error looks to a client:
//! `{"error": {"code": "...", "message": "...", "fields": {"name": "why"}?}}`. Messages (and the
//! log line of a 500) are sanitised on the way out ([`proseva_agent::sanitize`]): no key, token,
//! home path, e-mail address or phone number that an upstream service or a library put in an
//! error leaves the process.

use std::collections::BTreeMap;

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400: one message per offending field (or tool argument), all at once.
    #[error("{message}")]
    Validation { message: String, fields: BTreeMap<String, String> },
    /// 400: the body could not be read as what it claims to be (malformed JSON, a broken upload).
    #[error("{0}")]
    BadRequest(String),
    /// 401: no bearer token, or the wrong one.
    #[error("missing or wrong bearer token (send Authorization: Bearer $PROSEVA_TOKEN)")]
    Unauthorized,
    /// 403: the request was addressed to a host name other than this machine's loopback.
    #[error("this service answers only requests addressed to localhost or 127.0.0.1")]
    ForbiddenHost,
    /// 404: no such record, route or tool.
    #[error("{0}")]
    NotFound(String),
    #[error("{method} is not allowed here")]
    MethodNotAllowed { method: String },
    /// 423: the case file is locked (a passphrase is set and not given since the server started or
    /// since it was locked); only `/api/health`, `/api/privacy` and what holds none of the
    /// person's data answer.
    #[error("the case file is locked: unlock it with your passphrase (POST /api/privacy/unlock)")]
    Locked,
    /// 409: the change would orphan or lose other records.
    #[error("{0}")]
    Conflict(String),
    /// 413: the body is larger than the configured limit.
    #[error("the request body is larger than the limit of {} ({limit} bytes, PROSEVA_MAX_BODY_BYTES)", mebibytes(*limit))]
    PayloadTooLarge { limit: usize },
    /// 415: a body of a type this endpoint does not take.
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// 502: a service this request depends on (the language model, the law graph) failed.
    #[error("{0}")]
    Upstream(String),
    /// 503: this server cannot do it yet or at all (the embedding model is loading or missing).
    #[error("{0}")]
    Unavailable(String),
    /// 503 with `Retry-After`: as many questions as it answers at once are running.
    #[error("{message}")]
    Busy { message: String, retry_after: u64 },
    /// 429 with `Retry-After`: this client asked more often than the server answers one client.
    #[error("{message}")]
    TooManyRequests { message: String, retry_after: u64 },
    /// 504: a tool did not answer in time.
    #[error("{0}")]
    Timeout(String),
    /// 500: logged in full; the client sees only that something went wrong on this side.
    #[error("{0}")]
    Internal(String),
}

impl ApiError {
    /// A validation error for one field.
    pub fn field(name: &str, why: impl Into<String>) -> Self {
        let fields = BTreeMap::from([(name.to_string(), why.into())]);
        ApiError::invalid(fields, "field")
    }

    /// A validation error over several fields (or tool arguments: `what` = "argument").
    pub fn invalid(fields: BTreeMap<String, String>, what: &str) -> Self {
        let names: Vec<&str> = fields.keys().map(String::as_str).collect();
        let message = match names.as_slice() {
            [one] => format!("invalid {what} `{one}`: {}", fields[*one]),
            many => format!("{} {what}s are invalid: {}", many.len(), many.join(", ")),
        };
        ApiError::Validation { message, fields }
    }

    /// A 500 for a failed file operation: "`what` `path`: the error" (`map_err(ApiError::io("reading",
    /// &path))`).
    pub fn io(what: &str, path: &std::path::Path) -> impl Fn(std::io::Error) -> ApiError + use<> {
        let context = format!("{what} {}", path.display());
        move |e| ApiError::Internal(format!("{context}: {e}"))
    }

    pub fn not_found(what: &str, id: impl std::fmt::Display) -> Self {
        ApiError::NotFound(format!("no {what} with id {id}"))
    }

    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Validation { .. } | ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized => StatusCode::UNAUTHORIZED,
            ApiError::ForbiddenHost => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Locked => StatusCode::LOCKED,
            ApiError::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::Upstream(_) => StatusCode::BAD_GATEWAY,
            ApiError::Unavailable(_) | ApiError::Busy { .. } => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Timeout(_) => StatusCode::GATEWAY_TIMEOUT,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// Seconds to wait before asking again, for a busy or rate-limited answer.
    pub fn retry_after(&self) -> Option<u64> {
        match self {
            ApiError::Busy { retry_after, .. } | ApiError::TooManyRequests { retry_after, .. } => Some(*retry_after),
            _ => None,
        }
    }

    /// A stable, machine-readable name for the kind of error.
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::Validation { .. } => "invalid_input",
            ApiError::BadRequest(_) => "bad_request",
            ApiError::Unauthorized => "unauthorized",
            ApiError::ForbiddenHost => "forbidden_host",
            ApiError::NotFound(_) => "not_found",
            ApiError::MethodNotAllowed { .. } => "method_not_allowed",
            ApiError::Conflict(_) => "conflict",
            ApiError::Locked => "locked",
            ApiError::PayloadTooLarge { .. } => "payload_too_large",
            ApiError::UnsupportedMediaType(_) => "unsupported_media_type",
            ApiError::Upstream(_) => "upstream_unavailable",
            ApiError::Unavailable(_) => "unavailable",
            ApiError::Busy { .. } => "busy",
            ApiError::TooManyRequests { .. } => "rate_limited",
            ApiError::Timeout(_) => "timeout",
            ApiError::Internal(_) => "internal",
        }
    }

    /// The body a client sees; internals of a 500 stay in the log.
    pub fn body(&self) -> serde_json::Value {
        let message = match self {
            ApiError::Internal(_) => "something went wrong inside the server; the details are in its log".to_string(),
            other => proseva_agent::sanitize::clean(&other.to_string()),
        };
        let mut error = json!({ "code": self.code(), "message": message });
        if let ApiError::Validation { fields, .. } = self {
            error["fields"] = json!(fields);
        }
        if let Some(seconds) = self.retry_after() {
            error["retryAfter"] = json!(seconds);
        }
        // The limit, for a window that says it in its own language.
        if let ApiError::PayloadTooLarge { limit } = self {
            error["limit"] = json!(limit);
        }
        json!({ "error": error })
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let ApiError::Internal(detail) = &self {
            tracing::error!("internal error: {}", proseva_agent::sanitize::clean(detail));
        }
        let mut response = (self.status(), Json(self.body())).into_response();
        if matches!(self, ApiError::Unauthorized) {
            response.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        if let Some(seconds) = self.retry_after() {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds.max(1)));
        }
        response
    }
}

impl From<rusqlite::Error> for ApiError {
    fn from(e: rusqlite::Error) -> Self {
        ApiError::Internal(format!("database: {e}"))
    }
}

impl From<rusqlite_migration::Error> for ApiError {
    fn from(e: rusqlite_migration::Error) -> Self {
        ApiError::Internal(format!("database migration: {e}"))
    }
}

impl From<proseva_embed::EmbedError> for ApiError {
    fn from(e: proseva_embed::EmbedError) -> Self {
        ApiError::Internal(format!("embedding: {e}"))
    }
}

impl From<tokio::task::JoinError> for ApiError {
    fn from(e: tokio::task::JoinError) -> Self {
        ApiError::Internal(format!("background task: {e}"))
    }
}

/// `25 MiB`, `1.5 MiB`: a byte limit as a person reads it.
fn mebibytes(bytes: usize) -> String {
    let mib = bytes as f64 / (1024.0 * 1024.0);
    if mib.fract() == 0.0 { format!("{mib:.0} MiB") } else { format!("{mib:.1} MiB") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_an_upstream_service_echoes_does_not_reach_the_body() {
        let home = std::env::var("HOME").unwrap_or_else(|_| "/home/ana".into());
        let upstream = ApiError::Upstream(format!(
            "the explorer answered: bad token Bearer e2e-secret-token-0123 for ana@example.com reading {home}/.local/share/proseva/graph.db"
        ));
        let body = upstream.body().to_string();
        for leaked in ["e2e-secret-token-0123", "ana@example.com", home.as_str()] {
            assert!(!body.contains(leaked), "{leaked} in {body}");
        }
        assert!(body.contains("upstream_unavailable") && body.contains("the explorer answered: bad token"), "{body}");
    }

    #[test]
    fn validation_errors_name_each_field() {
        let err =
            ApiError::invalid(BTreeMap::from([("date".into(), "must be a date".into()), ("title".into(), "is required".into())]), "field");
        assert_eq!(err.status(), StatusCode::BAD_REQUEST);
        assert_eq!(
            err.body(),
            json!({"error": {"code": "invalid_input", "message": "2 fields are invalid: date, title",
                             "fields": {"date": "must be a date", "title": "is required"}}})
        );
        assert_eq!(ApiError::field("topK", "must be 1-50").to_string(), "invalid field `topK`: must be 1-50");
    }

    #[test]
    fn a_body_over_the_limit_says_the_limit_in_bytes() {
        let err = ApiError::PayloadTooLarge { limit: 2000 };
        assert_eq!(err.status(), StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(err.body()["error"]["code"], "payload_too_large");
        assert_eq!(err.body()["error"]["limit"], 2000);
    }

    #[test]
    fn internal_errors_do_not_leak_details() {
        let err = ApiError::Internal("database: disk I/O error at /home/user/secret/proseva.db".into());
        assert_eq!(err.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = err.body().to_string();
        assert!(!body.contains("secret") && !body.contains("disk"), "{body}");
        assert!(body.contains("\"code\":\"internal\""), "{body}");
    }
}
