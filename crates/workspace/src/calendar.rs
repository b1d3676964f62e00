//! Deadlines outside the window: the reminders due in a span of time, dismissing them, and the
//! calendar file (RFC 5545) of everything, one case or one deadline.

use reqwest::Method;
use serde::Serialize;
use serde_json::{Value, json};

use crate::{Workspace, WorkspaceError};

/// Most keys one dismissal may name (the server's limit).
pub const MAX_DISMISS_KEYS: usize = 1000;

/// Which deadlines a calendar file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CalendarScope {
    Everything,
    Case(i64),
    Deadline(i64),
}

/// A calendar file as the server made it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CalendarFile {
    /// The name the server gives it: `proseva-deadlines.ics`, `proseva-case-3.ics`, ...
    pub file_name: String,
    pub text: String,
    /// How many events (`VEVENT`s) it holds: one per deadline.
    pub events: usize,
}

/// How many `VEVENT`s an iCalendar text holds. A folded line goes on after a space or a tab, so a
/// line that starts `BEGIN:VEVENT` is always the start of an event, never text inside one.
pub fn count_events(ics: &str) -> usize {
    ics.lines().filter(|line| line.trim_end_matches('\r') == "BEGIN:VEVENT").count()
}

impl Workspace {
    /// `{from, to, reminders: [{key, keys, deadlineId, caseId, caseName, caseKind, title, kind,
    /// date, time, location, offset, at, passed, text}]}`: the reminders that fire in `[from, to)`
    /// (RFC 3339 instants), worded as read at `to`, less those dismissed.
    pub async fn reminders(&self, from: &str, to: &str) -> Result<Value, WorkspaceError> {
        self.json(self.request(Method::GET, "/api/reminders").query(&[("from", from), ("to", to)])).await
    }

    /// Dismisses reminders by their keys, for good: `{dismissed, ignored}`.
    pub async fn dismiss_reminders(&self, keys: &[String]) -> Result<Value, WorkspaceError> {
        if keys.is_empty() || keys.len() > MAX_DISMISS_KEYS {
            return Err(WorkspaceError::invalid("keys", format!("give 1 to {MAX_DISMISS_KEYS} reminder keys")));
        }
        self.json(self.request(Method::POST, "/api/reminders/dismiss").json(&json!({ "keys": keys }))).await
    }

    /// The calendar file of `scope`'s deadlines and hearings; `neutral`: with nothing about the
    /// case in it (each event "ProSeVA reminder", no description or place).
    pub async fn calendar(&self, scope: CalendarScope, neutral: bool) -> Result<CalendarFile, WorkspaceError> {
        let mut query: Vec<(&str, String)> = match scope {
            CalendarScope::Everything => Vec::new(),
            CalendarScope::Case(id) => vec![("caseId", id.to_string())],
            CalendarScope::Deadline(id) => vec![("deadlineId", id.to_string())],
        };
        if neutral {
            query.push(("neutral", "true".to_string()));
        }
        let response = self.send(self.request(Method::GET, "/api/calendar.ics").query(&query)).await?;
        let file_name = crate::disposition_name(&response).unwrap_or_else(|| "proseva-deadlines.ics".to_string());
        let text = response.text().await.map_err(|e| WorkspaceError::unreachable(&e))?;
        if !text.starts_with("BEGIN:VCALENDAR") {
            return Err(WorkspaceError::Internal("the case data server answered something that is not a calendar file".into()));
        }
        Ok(CalendarFile { file_name, events: count_events(&text), text })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_counted_by_their_own_lines_not_by_text_that_mentions_them() {
        let ics = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:a\r\n  BEGIN:VEVENT folded\r\nEND:VEVENT\r\n\
                   BEGIN:VEVENT\r\nDESCRIPTION:BEGIN:VEVENT\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
        assert_eq!(count_events(ics), 2);
        assert_eq!(count_events("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"), 0);
    }
}
