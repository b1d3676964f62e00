//! The one error every command answers with, as the page receives it:
//! `{"code": "...", "message": "...", "field": "..."?}`.
//!
//! The code tells the page what kind of trouble it is, so it can say "still starting" differently
//! from a bad input (shown under its field) and from a service that failed.

use std::collections::BTreeMap;

use proseva_agent::conversation::ConversationError;
use proseva_workspace::WorkspaceError;
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
    /// The change would lose or orphan other records (a case that still has deadlines).
    Conflict,
    /// The case file is locked: the page shows the unlock screen.
    Locked,
    /// A file over the size limit; the message names the limit.
    TooLarge,
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
    /// Every offending field with what is wrong with it, when the case data server said so.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub fields: BTreeMap<String, String>,
    /// For `too_large`: the most the app takes, in bytes, so the window can say it in its language.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
}

impl CommandError {
    fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        CommandError { code, message: message.into(), field: None, fields: BTreeMap::new(), limit: None }
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

    pub fn too_large(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::TooLarge, message)
    }

    /// A `too_large` refusal that says the most the app takes (`limit`, in bytes).
    pub fn too_large_over(message: impl Into<String>, limit: usize) -> Self {
        CommandError { limit: Some(limit as u64), ..Self::too_large(message) }
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::NotFound, message)
    }

    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Internal, message)
    }
}

impl From<WorkspaceError> for CommandError {
    fn from(e: WorkspaceError) -> Self {
        match e {
            WorkspaceError::Invalid { message, fields } => {
                CommandError { field: fields.keys().next().cloned(), fields, ..Self::new(ErrorCode::InvalidInput, message) }
            }
            WorkspaceError::NotFound(m) => Self::new(ErrorCode::NotFound, m),
            WorkspaceError::Conflict(m) => Self::new(ErrorCode::Conflict, m),
            WorkspaceError::TooLarge { message, limit } => CommandError { limit, ..Self::new(ErrorCode::TooLarge, message) },
            WorkspaceError::Locked(m) => Self::new(ErrorCode::Locked, m),
            WorkspaceError::Unavailable(m) => Self::new(ErrorCode::Unavailable, m),
            WorkspaceError::Internal(m) => Self::new(ErrorCode::Internal, m),
        }
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
        assert_eq!(
            serde_json::to_value(CommandError::too_large_over("lease.pdf is 30.0 MB; the largest is 25.0 MB", 26_148_864)).unwrap(),
            json!({"code": "too_large", "message": "lease.pdf is 30.0 MB; the largest is 25.0 MB", "limit": 26_148_864})
        );
    }
}
