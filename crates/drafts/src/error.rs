//! The crate's one error type.

/// The most characters a draft's content can have.
pub const MAX_CHARS: usize = 200_000;

/// Why a draft was refused or could not be exported. The message says what is wrong and, when it
/// can, on which line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DraftError {
    #[error("the draft has no text: write something before saving it")]
    Empty,
    #[error("the draft has {chars} characters; a draft can have at most 200,000")]
    TooLong { chars: usize },
    #[error("unknown draft kind `{0}`: the kinds are markdown, mermaid, table and paper")]
    UnknownKind(String),
    /// Something in the content is not allowed or cannot be read; `line` is 1-based.
    #[error("{}", located(*.line, .message))]
    Invalid { line: Option<usize>, message: String },
    /// Writing the file failed (not the draft's fault).
    #[error("could not write the {format} file: {reason}")]
    Export { format: &'static str, reason: String },
}

impl DraftError {
    /// A stable code for the API and the agent's tool results: `invalid_draft` when the draft was
    /// refused, `export_failed` when writing a file failed.
    pub fn code(&self) -> &'static str {
        match self {
            DraftError::Export { .. } => "export_failed",
            _ => "invalid_draft",
        }
    }

    /// The line this error points at, if any.
    pub fn line(&self) -> Option<usize> {
        match self {
            DraftError::Invalid { line, .. } => *line,
            _ => None,
        }
    }

    pub(crate) fn at(line: usize, message: impl Into<String>) -> Self {
        DraftError::Invalid { line: Some(line), message: message.into() }
    }

    pub(crate) fn whole(message: impl Into<String>) -> Self {
        DraftError::Invalid { line: None, message: message.into() }
    }

    /// The same error with its line moved down by `lines` (for content read after a removed fence).
    pub(crate) fn shifted(self, lines: usize) -> Self {
        match self {
            DraftError::Invalid { line: Some(line), message } => DraftError::Invalid { line: Some(line + lines), message },
            other => other,
        }
    }
}

fn located(line: Option<usize>, message: &str) -> String {
    match line {
        Some(line) => format!("line {line}: {message}"),
        None => message.to_string(),
    }
}
