//! Drafts built without a model, from the case data alone: a Mermaid timeline of the case's dates
//! and a Markdown hearing checklist. The input types are plain serde structs (camelCase), so the
//! server and the agent can fill them from their JSON. Nothing is added that the data does not
//! say: where data is missing, the draft says what to add.

mod checklist;
mod timeline;

pub use checklist::hearing_checklist;
pub use timeline::timeline_mermaid;

/// One dated thing in a case, for [`timeline_mermaid`].
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TimelineItem {
    /// `YYYY-MM-DD` (a time after it is ignored).
    pub date: String,
    pub label: String,
    /// `event`, `deadline`, `hearing` or `filing`; anything else is shown as an event.
    #[serde(default)]
    pub kind: String,
}

/// What the case data says, for [`hearing_checklist`].
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CaseFacts {
    pub name: String,
    pub case_number: Option<String>,
    pub court: Option<String>,
    /// `YYYY-MM-DD`, optionally followed by a time.
    pub hearing_date: Option<String>,
    pub deadlines: Vec<CaseDeadline>,
    pub documents: Vec<CaseDocument>,
    pub contacts: Vec<CaseContact>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CaseDeadline {
    /// `YYYY-MM-DD`.
    pub date: String,
    pub title: String,
    pub done: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CaseDocument {
    pub title: String,
    pub kind: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CaseContact {
    pub name: String,
    /// `witness`, `opposing party`, `attorney`, `clerk` … as the person recorded it.
    pub role: String,
}

/// The date at the start of `text` (`2026-03-01`, `2026-03-01T09:30`), if it is one.
fn date_of(text: &str) -> Option<chrono::NaiveDate> {
    let text = text.trim();
    chrono::NaiveDate::parse_from_str(text.get(..10)?, "%Y-%m-%d").ok()
}
