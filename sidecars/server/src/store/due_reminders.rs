//! The reminders that came due in a span of time, read from the deadlines, their cases and the
//! dismissals ([`due`], which `GET /api/reminders` answers); when and how each reminds is
//! [`crate::reminders`]'s.

use std::collections::{BTreeMap, HashSet};

use chrono::{DateTime, Days, NaiveDate, TimeZone, Utc};
use rusqlite::Connection;
use serde::Serialize;

use super::cases::{Case, Cases};
use super::deadlines::Deadlines;
use super::{ListFilter, Table, dismissals};
use crate::ApiError;
use crate::lang::Lang;
use crate::reminders::{About, MAX_DAYS_BEFORE, Occurrence, When, occurrences, offsets_for, place, wording_in};

/// A reminder that came due, as `GET /api/reminders` answers it: for each deadline, its latest
/// reminder in the range, standing for all of them (`keys`, oldest first), so a person back after
/// a week away sees each deadline once.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Reminder {
    pub key: String,
    pub keys: Vec<String>,
    pub deadline_id: i64,
    pub case_id: Option<i64>,
    pub case_name: Option<String>,
    pub title: String,
    pub kind: String,
    pub date: String,
    pub time: Option<String>,
    pub location: Option<String>,
    pub offset: String,
    /// When it fired, RFC 3339 UTC.
    pub at: String,
    /// Whether the deadline had passed by the end of the range.
    pub passed: bool,
    pub text: String,
}

/// The reminders that fire in `[from, to)` in time zone `tz`, earliest first: of deadlines not
/// marked done, leaving out dismissed keys. Worded as read at `to` (ask up to now).
pub fn due<Tz: TimeZone>(c: &Connection, from: DateTime<Utc>, to: DateTime<Utc>, tz: &Tz) -> Result<Vec<Reminder>, ApiError> {
    due_in(c, from, to, tz, Lang::En)
}

/// [`due`] with each reminder's `text` in `lang`.
pub fn due_in<Tz: TimeZone>(
    c: &Connection,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    tz: &Tz,
    lang: Lang,
) -> Result<Vec<Reminder>, ApiError> {
    // A reminder fires at most MAX_DAYS_BEFORE days before its deadline; a day either side
    // covers any time zone's offset from UTC.
    let first = from.date_naive().checked_sub_days(Days::new(1)).unwrap_or(NaiveDate::MIN);
    let last = to.date_naive().checked_add_days(Days::new(MAX_DAYS_BEFORE as u64 + 1)).unwrap_or(NaiveDate::MAX);
    let filter = ListFilter { from: Some(first.to_string()), to: Some(last.to_string()), done: Some(false), ..Default::default() };
    let deadlines = Deadlines::list(c, &filter)?.items;
    let mut cases: BTreeMap<i64, Option<Case>> = BTreeMap::new();
    let today = to.with_timezone(tz).date_naive();
    let mut found = Vec::new();
    for deadline in &deadlines {
        let Some(when) = When::of(&deadline.date, deadline.time.as_deref()) else { continue };
        let case = match deadline.case_id {
            Some(id) => match cases.get(&id) {
                Some(case) => case.clone(),
                None => {
                    let case = Cases::get(c, id)?;
                    cases.insert(id, case.clone());
                    case
                }
            },
            None => None,
        };
        let in_range: Vec<Occurrence> = occurrences(
            deadline.id,
            when,
            &offsets_for(deadline.reminders.as_deref(), case.as_ref().and_then(|c| c.reminders.as_deref())),
            tz,
        )
        .into_iter()
        .filter(|o| from <= o.at && o.at < to)
        .collect();
        if in_range.is_empty() {
            continue;
        }
        let dismissed: HashSet<String> = dismissals::dismissed(c, deadline.id)?;
        let keys: Vec<String> = in_range.iter().map(|o| o.key.clone()).filter(|k| !dismissed.contains(k)).collect();
        let Some(latest) = in_range.iter().rev().find(|o| !dismissed.contains(&o.key)) else { continue };
        let passed = when.passes_at(tz).is_some_and(|end| end <= to);
        let location = place(deadline.location.as_deref(), deadline.time.as_deref(), case.as_ref().and_then(|c| c.court.as_deref()));
        let case_name = case.as_ref().map(|c| c.name.clone());
        let about = About {
            title: &deadline.title,
            case_name: case_name.as_deref(),
            place: location.as_deref(),
            hearing: deadline.kind == "hearing",
        };
        found.push(Reminder {
            key: latest.key.clone(),
            keys,
            deadline_id: deadline.id,
            case_id: deadline.case_id,
            case_name: case_name.clone(),
            title: deadline.title.clone(),
            kind: deadline.kind.clone(),
            date: deadline.date.clone(),
            time: deadline.time.clone(),
            location: location.clone(),
            offset: latest.offset.to_string(),
            at: latest.at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            passed,
            text: wording_in(lang, about, when, today, passed),
        });
    }
    found.sort_by(|a, b| (&a.at, a.deadline_id).cmp(&(&b.at, b.deadline_id)));
    Ok(found)
}
