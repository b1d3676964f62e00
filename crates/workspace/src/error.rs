//! What can go wrong talking to the case data server, in kinds the window can act on.

use std::collections::BTreeMap;

use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WorkspaceError {
    /// The server refused the input; `fields` says what is wrong with each field, in its words.
    #[error("{message}")]
    Invalid { message: String, fields: BTreeMap<String, String> },
    #[error("{0}")]
    NotFound(String),
    /// The change would lose or orphan other records (a case that still has deadlines).
    #[error("{0}")]
    Conflict(String),
    /// The case file is locked: it opens with the passphrase (or the recovery key).
    #[error("{0}")]
    Locked(String),
    /// The body was over the server's limit (`limit`, in bytes, when the server said it).
    #[error("{message}")]
    TooLarge { message: String, limit: Option<u64> },
    /// The server could not be reached, or a service behind it failed.
    #[error("{0}")]
    Unavailable(String),
    #[error("{0}")]
    Internal(String),
}

impl WorkspaceError {
    pub fn invalid(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        WorkspaceError::Invalid { fields: BTreeMap::from([(field.to_string(), message.clone())]), message: format!("{field}: {message}") }
    }

    pub(crate) fn unreachable(e: &reqwest::Error) -> Self {
        WorkspaceError::Unavailable(format!("the case data server is unavailable: {}", proseva_http::describe(e)))
    }

    /// The server's `{"error": {"code", "message", "fields"?}}` as one of these.
    pub(crate) async fn from_response(response: reqwest::Response) -> Self {
        let status = response.status();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        let message =
            body["error"]["message"].as_str().map(str::to_string).unwrap_or_else(|| format!("the case data server answered HTTP {status}"));
        match status.as_u16() {
            400 | 415 | 422 => {
                let fields = body["error"]["fields"]
                    .as_object()
                    .map(|f| f.iter().map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string())).collect())
                    .unwrap_or_default();
                WorkspaceError::Invalid { message, fields }
            }
            404 => WorkspaceError::NotFound(message),
            409 => WorkspaceError::Conflict(message),
            413 => WorkspaceError::TooLarge { message, limit: body["error"]["limit"].as_u64() },
            423 => WorkspaceError::Locked(message),
            502..=504 => WorkspaceError::Unavailable(message),
            _ => WorkspaceError::Internal(message),
        }
    }
}
