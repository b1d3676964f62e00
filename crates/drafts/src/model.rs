//! A draft as the app stores it: title, kind, content, sources, version and creation time.

use crate::error::DraftError;
use crate::kind::DraftKind;
use crate::text;
use crate::validate::validate;

/// The most characters a draft's title can have.
pub const MAX_TITLE_CHARS: usize = 200;

/// Where something in a draft came from: a Code section, a court opinion, a case document.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Source {
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

/// A draft: a letter, an outline, a checklist (Markdown), a diagram (Mermaid) or a table (CSV).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Draft {
    pub title: String,
    pub kind: DraftKind,
    pub content: String,
    #[serde(default)]
    pub sources: Vec<Source>,
    /// 1 for a new draft; each saved revision adds one.
    pub version: u32,
    /// When this version was made, RFC 3339 (`2026-03-01T14:05:00Z`).
    pub created: String,
}

impl Draft {
    /// A new draft, version 1, created now: the content is [`validate`]d and stored as cleaned;
    /// the title is put on one line. Returns the draft and the validator's warnings.
    pub fn create(title: &str, kind: DraftKind, content: &str, sources: Vec<Source>) -> Result<(Draft, Vec<String>), DraftError> {
        let title = text::one_line(title);
        if title.is_empty() {
            return Err(DraftError::whole("the draft needs a title"));
        }
        let chars = title.chars().count();
        if chars > MAX_TITLE_CHARS {
            return Err(DraftError::whole(format!("the title has {chars} characters; a title can have at most {MAX_TITLE_CHARS}")));
        }
        let checked = validate(kind, content)?;
        let created = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        let draft = Draft { title, kind, content: checked.content, sources, version: 1, created };
        Ok((draft, checked.warnings))
    }
}
