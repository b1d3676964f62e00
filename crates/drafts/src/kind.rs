//! The four kinds of draft.

use crate::error::DraftError;

/// What a draft's content is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DraftKind {
    /// A letter, a motion outline, a hearing checklist.
    Markdown,
    /// A case timeline or a relationship diagram.
    Mermaid,
    /// Rows and columns, written as CSV.
    Table,
    /// A court paper (a motion, an answer, a letter to the clerk): its parts as JSON
    /// ([`Paper`](crate::Paper)), laid out as the court's papers are.
    Paper,
}

impl DraftKind {
    /// Reads `markdown`, `mermaid`, `table` or `paper` (any case, surrounding spaces ignored).
    pub fn parse(name: &str) -> Result<DraftKind, DraftError> {
        match name.trim().to_ascii_lowercase().as_str() {
            "markdown" => Ok(DraftKind::Markdown),
            "mermaid" => Ok(DraftKind::Mermaid),
            "table" => Ok(DraftKind::Table),
            "paper" => Ok(DraftKind::Paper),
            _ => Err(DraftError::UnknownKind(name.trim().chars().take(40).collect())),
        }
    }

    /// The name `parse` reads and serde writes.
    pub fn as_str(self) -> &'static str {
        match self {
            DraftKind::Markdown => "markdown",
            DraftKind::Mermaid => "mermaid",
            DraftKind::Table => "table",
            DraftKind::Paper => "paper",
        }
    }
}

impl std::fmt::Display for DraftKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for DraftKind {
    type Err = DraftError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        DraftKind::parse(s)
    }
}
