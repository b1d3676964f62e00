//! Drafts made from the case data with no model: the case timeline as a Mermaid diagram (its
//! events, deadlines and hearings), or a Markdown checklist for the next hearing (its deadlines,
//! documents and contacts).

use std::cmp::Reverse;

use proseva_drafts::{
    CaseContact, CaseDeadline, CaseDocument, CaseFacts, DraftKind, Source, TimelineItem, hearing_checklist, timeline_mermaid,
};
use rusqlite::Connection;

use super::{MAX_TIMELINE_ITEMS, one_line};
use crate::ApiError;
use crate::store::cases::{Case, Cases};
use crate::store::contacts::Contacts;
use crate::store::deadlines::{Deadline, Deadlines};
use crate::store::documents;
use crate::store::drafts;
use crate::store::timeline::Timeline;
use crate::store::{ListFilter, Table};

/// What [`build`](super::build) makes from the case data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Build {
    /// The case's events, deadlines and hearings as a Mermaid timeline.
    Timeline,
    /// A Markdown checklist for the next hearing.
    Checklist,
}

impl Build {
    pub const NAMES: [&'static str; 2] = ["timeline", "checklist"];

    pub fn parse(name: &str) -> Option<Build> {
        match name {
            "timeline" => Some(Build::Timeline),
            "checklist" => Some(Build::Checklist),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Build::Timeline => "timeline",
            Build::Checklist => "checklist",
        }
    }

    /// The kind of draft it makes.
    pub fn kind(self) -> DraftKind {
        match self {
            Build::Timeline => DraftKind::Mermaid,
            Build::Checklist => DraftKind::Markdown,
        }
    }
}

/// A draft built from the case data, before it is checked and saved.
pub(super) struct Built {
    pub(super) title: String,
    pub(super) content: String,
    pub(super) source: Source,
    pub(super) warnings: Vec<String>,
}

pub(super) fn build_from_case(c: &Connection, what: Build, case_id: i64, title: Option<&str>) -> Result<Built, ApiError> {
    let case = Cases::get(c, case_id)?.ok_or_else(|| ApiError::field("caseId", format!("there is no case with id {case_id}")))?;
    let filter = ListFilter::for_case(Some(case_id));
    let deadlines = Deadlines::list(c, &filter)?.items;
    let title = title.map(one_line).filter(|t| !t.is_empty());
    let source = Source { label: case_record(&case), url: None };
    match what {
        Build::Timeline => {
            let title = title.unwrap_or_else(|| format!("Case timeline: {}", case.name));
            let events = Timeline::list(c, &filter)?.items;
            let mut ranked: Vec<(u8, String, TimelineItem)> = Vec::with_capacity(events.len() + deadlines.len());
            for event in events {
                let label = match event.party.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
                    Some(party) => format!("{} ({party})", event.title),
                    None => event.title.clone(),
                };
                let rank = if event.is_critical { 1 } else { 2 };
                ranked.push((rank, event.date.clone(), TimelineItem { date: event.date, label, kind: "event".into() }));
            }
            for deadline in &deadlines {
                let kind = if is_hearing(deadline) { "hearing" } else { "deadline" };
                let label = if deadline.done { format!("{} (done)", deadline.title) } else { deadline.title.clone() };
                ranked.push((0, deadline.date.clone(), TimelineItem { date: deadline.date.clone(), label, kind: kind.into() }));
            }
            let mut warnings = Vec::new();
            if ranked.len() > MAX_TIMELINE_ITEMS {
                warnings.push(format!(
                    "the case has {} dated items; the timeline shows {MAX_TIMELINE_ITEMS} of them: every deadline and hearing, then the \
                     events marked critical, then the latest others",
                    ranked.len()
                ));
                ranked.sort_by(|a, b| (a.0, Reverse(&a.1)).cmp(&(b.0, Reverse(&b.1))));
                ranked.truncate(MAX_TIMELINE_ITEMS);
            }
            let items: Vec<TimelineItem> = ranked.into_iter().map(|(_, _, item)| item).collect();
            Ok(Built { content: timeline_mermaid(&title, &items), title, source, warnings })
        }
        Build::Checklist => {
            let title = title.unwrap_or_else(|| format!("Hearing checklist: {}", case.name));
            let hearing = next_hearing(&deadlines, chrono::Local::now().date_naive());
            let drafted = drafts::document_ids(c)?;
            let documents = documents::list(c, &filter)?.items;
            let facts = CaseFacts {
                name: case.name.clone(),
                case_number: case.case_number.clone(),
                court: case.court.clone(),
                hearing_date: hearing.map(|h| h.date.clone()),
                deadlines: deadlines
                    .iter()
                    .filter(|d| hearing.is_none_or(|h| h.id != d.id))
                    .map(|d| CaseDeadline { date: d.date.clone(), title: d.title.clone(), done: d.done })
                    .collect(),
                // The person's papers, not the drafts kept among them.
                documents: documents
                    .into_iter()
                    .filter(|d| !drafted.contains(&d.id))
                    .map(|d| CaseDocument { title: d.title, kind: Some(d.kind).filter(|k| k != "other") })
                    .collect(),
                // Roles are stored as `opposing_party`; the list shows them as words.
                contacts: Contacts::list(c, &filter)?
                    .items
                    .into_iter()
                    .map(|p| CaseContact { name: p.name, role: p.role.replace('_', " ") })
                    .collect(),
            };
            Ok(Built { content: hearing_checklist(&facts), title, source, warnings: Vec::new() })
        }
    }
}

/// `Your case record in ProSeVA: Smith v. Jones (JJ-2026-14), as of 2026-03-01`.
fn case_record(case: &Case) -> String {
    let number = case.case_number.as_deref().map(|n| format!(" ({n})")).unwrap_or_default();
    format!("Your case record in ProSeVA: {}{number}, as of {}", case.name, chrono::Local::now().date_naive())
}

fn is_hearing(deadline: &Deadline) -> bool {
    deadline.kind.trim().eq_ignore_ascii_case("hearing")
}

/// The hearing a checklist is for: the soonest deadline of kind `hearing` from `today` on that is
/// not done, else the latest one there is.
fn next_hearing(deadlines: &[Deadline], today: chrono::NaiveDate) -> Option<&Deadline> {
    let today = today.to_string();
    let hearings = || deadlines.iter().filter(|d| is_hearing(d));
    hearings()
        .filter(|d| !d.done && d.date >= today)
        .min_by(|a, b| a.date.cmp(&b.date))
        .or_else(|| hearings().max_by(|a, b| a.date.cmp(&b.date)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_hearing_is_the_soonest_to_come_else_the_last() {
        let deadline = |id, date: &str, kind: &str, done| Deadline {
            id,
            case_id: None,
            title: format!("d{id}"),
            date: date.into(),
            kind: kind.into(),
            done,
            rule_id: None,
            trigger_date: None,
            source_rule: None,
            date_note: None,
            notes: None,
            time: None,
            location: None,
            reminders: None,
            created_at: String::new(),
            updated_at: String::new(),
        };
        let today = chrono::NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
        let list = [
            deadline(1, "2026-02-01", "hearing", false),
            deadline(2, "2026-04-01", "Hearing", false),
            deadline(3, "2026-03-10", "hearing", true),
            deadline(4, "2026-03-05", "filing", false),
        ];
        assert_eq!(next_hearing(&list, today).map(|d| d.id), Some(2));
        assert_eq!(next_hearing(&list[..1], today).map(|d| d.id), Some(1));
        assert_eq!(next_hearing(&list[3..], today).map(|d| d.id), None);
    }
}
