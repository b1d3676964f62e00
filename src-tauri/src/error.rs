//! The one error every command answers with, as the page receives it:
//! `{"code": "...", "message": "...", "field": "..."?}`.
//!
//! The code tells the page what kind of trouble it is, so it can say "still starting" differently
//! from a bad input (shown under its field) and from a service that failed.

use proseva_agent::conversation::ConversationError;
use serde::Serialize;

use crate::settings::SettingsError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The sidecars are not ready yet; the same request will work in a moment.
    Starting,
    /// What the page sent is not acceptable; `field` says which part.
    InvalidInput,
    /// A service the request needs failed (the case-data server, the law graph, the keyring).
    Unavailable,
    /// The thing asked for does not exist (a section the law graph does not hold).
    NotFound,
    /// Something went wrong inside the app.
    Internal,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{message}")]
pub struct CommandError {
    pub code: ErrorCode,
    /// A sentence for the person.
    pub message: String,
    /// The input at fault, for `invalid_input`: `messages`, `requestId`, `baseUrl`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

impl CommandError {
    fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        CommandError { code, message: message.into(), field: None }
    }

    pub fn starting(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Starting, message)
    }

    pub fn invalid(field: &str, message: impl Into<String>) -> Self {
        CommandError { field: Some(field.to_string()), ..Self::new(ErrorCode::InvalidInput, message) }
    }

    pub fn unavailable(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Unavailable, message)
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::NotFound, message)
    }

    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Internal, message)
    }
}

impl From<ConversationError> for CommandError {
    fn from(e: ConversationError) -> Self {
        CommandError::invalid(&e.field, e.message)
    }
}

impl From<SettingsError> for CommandError {
    fn from(e: SettingsError) -> Self {
        match e {
            SettingsError::Invalid { field, reason } => CommandError::invalid(&field, reason),
            SettingsError::Keyring(_) => CommandError::unavailable(e.to_string()),
            SettingsError::Io { .. } => CommandError::internal(e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_page_gets_a_code_a_message_and_the_field_when_there_is_one() {
        assert_eq!(
            serde_json::to_value(CommandError::invalid("baseUrl", "must start with http:// or https://")).unwrap(),
            json!({"code": "invalid_input", "message": "must start with http:// or https://", "field": "baseUrl"})
        );
        assert_eq!(
            serde_json::to_value(CommandError::starting("still starting")).unwrap(),
            json!({"code": "starting", "message": "still starting"})
        );
    }
}
