//! What reaches the person outside the window: the calendar file and the reminders.
//!
//! - `GET /api/calendar.ics` — every deadline and hearing as an iCalendar file
//!   ([`crate::calendar`]); `?caseId=N` one case's (404 for no such case), `?deadlineId=N` one
//!   deadline (404 likewise); `&neutral=true` with nothing about the case in it (every event
//!   "ProSeVA reminder", no description or place); `text/calendar; charset=utf-8`.
//! - `GET /api/reminders?from=<RFC 3339>&to=<RFC 3339>` — the reminders that fire in `[from, to)`
//!   (at most [`reminders::MAX_RANGE_DAYS`] days), worded as read at `to`:
//!   `{"from", "to", "reminders": [Reminder]}` ([`crate::store::due_reminders::Reminder`]), each
//!   with its case's `caseKind` too (null without a case or a kind: the window makes the reminders
//!   of some kinds discreet). The window asks for
//!   `[last time it asked, now)`: on start, that is everything that came due while it was closed.
//! - `POST /api/reminders/dismiss` `{"keys": [...]}` — those reminders never come back:
//!   `{"dismissed": [...], "ignored": [keys of deadlines that no longer exist]}`.
//!
//! Times are read in the server's local time zone (`TZ`, else the system's).

use std::collections::{BTreeMap, HashMap};

use axum::Json;
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use chrono::{DateTime, Datelike, Utc};
use serde_json::{Value, json};

use super::JsonBody;
use crate::calendar::{self, Entry};
use crate::fields::{DATE_YEARS, Fields};
use crate::lang::Lang;
use crate::reminders;
use crate::store::cases::{Case, Cases};
use crate::store::deadlines::Deadlines;
use crate::store::due_reminders::Reminder;
use crate::store::{ListFilter, Table, dismissals};
use crate::{ApiError, AppState};

/// Most keys one dismissal may name.
const MAX_DISMISS_KEYS: usize = 1000;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/calendar.ics", get(calendar_file))
        .route("/api/reminders", get(due))
        .route("/api/reminders/dismiss", post(dismiss))
}

/// The query string as a JSON object of strings, for [`Fields`].
fn query_object(query: Result<Query<HashMap<String, String>>, QueryRejection>) -> Result<Value, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::BadRequest(format!("bad query string: {e}")))?;
    Ok(Value::Object(query.into_iter().map(|(k, v)| (k, Value::String(v))).collect()))
}

async fn calendar_file(
    State(state): State<AppState>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let object = query_object(query)?;
    let mut f = Fields::new(&object, &["caseId", "deadlineId", "neutral"], "query parameter")?;
    let (case_id, deadline_id) = (f.id("caseId"), f.id("deadlineId"));
    if case_id.is_some() && deadline_id.is_some() {
        f.error("deadlineId", "give caseId or deadlineId, not both");
    }
    let neutral = f.bool("neutral").unwrap_or(false);
    f.finish()?;
    let (file_name, body) = state
        .blocking(move |s| {
            s.store.read(|c| {
                let cases: BTreeMap<i64, Case> = Cases::list(c, &ListFilter::default())?.items.into_iter().map(|k| (k.id, k)).collect();
                let (name, deadlines) = match (case_id, deadline_id) {
                    (_, Some(id)) => {
                        let deadline = Deadlines::get(c, id)?.ok_or_else(|| ApiError::not_found("deadline", id))?;
                        (format!("ProSeVA — {}", deadline.title), vec![deadline])
                    }
                    (Some(id), None) => {
                        let case = cases.get(&id).ok_or_else(|| ApiError::not_found("case", id))?;
                        (format!("ProSeVA — {}", case.name), Deadlines::list(c, &ListFilter::for_case(Some(id)))?.items)
                    }
                    (None, None) => ("ProSeVA — deadlines and hearings".to_string(), Deadlines::list(c, &ListFilter::default())?.items),
                };
                let entries: Vec<Entry<'_>> =
                    deadlines.iter().map(|d| Entry { deadline: d, case: d.case_id.and_then(|id| cases.get(&id)) }).collect();
                let file_name = match (case_id, deadline_id) {
                    (_, Some(id)) => format!("proseva-deadline-{id}.ics"),
                    (Some(id), None) => format!("proseva-case-{id}.ics"),
                    (None, None) => "proseva-deadlines.ics".to_string(),
                };
                let body = if neutral {
                    calendar::neutral_calendar(&entries, &chrono::Local)
                } else {
                    calendar::calendar(&name, &entries, &chrono::Local)
                };
                Ok((file_name, body))
            })
        })
        .await?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/calendar; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, format!("inline; filename=\"{file_name}\"")),
        ],
        body,
    ))
}

/// An instant `name` in RFC 3339, in the years dates may have.
fn read_instant(f: &mut Fields<'_>, name: &str) -> Option<DateTime<Utc>> {
    let text = f.text(name, 64);
    let Some(text) = text else {
        f.error(name, "is required: an instant in RFC 3339, e.g. 2026-03-01T08:00:00-05:00");
        return None;
    };
    match DateTime::parse_from_rfc3339(&text) {
        Ok(at) if DATE_YEARS.contains(&at.year()) => Some(at.with_timezone(&Utc)),
        Ok(_) => {
            f.error(name, format!("must be in the years {} to {}", DATE_YEARS.start(), DATE_YEARS.end()));
            None
        }
        Err(_) => {
            f.error(name, "must be an instant in RFC 3339, e.g. 2026-03-01T08:00:00-05:00");
            None
        }
    }
}

async fn due(
    lang: Lang,
    State(state): State<AppState>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let object = query_object(query)?;
    let mut f = Fields::new(&object, &["from", "to", "lang"], "query parameter")?;
    let (from, to) = (read_instant(&mut f, "from"), read_instant(&mut f, "to"));
    if let (Some(from), Some(to)) = (from, to) {
        if to < from {
            f.error("to", "is before from");
        } else if to - from > chrono::Duration::days(reminders::MAX_RANGE_DAYS) {
            f.error("to", format!("is more than {} days after from; ask for a shorter range", reminders::MAX_RANGE_DAYS));
        }
    }
    f.finish()?;
    let (Some(from), Some(to)) = (from, to) else { return Err(ApiError::Internal("validated range missing".into())) };
    let found = state
        .blocking(move |s| s.store.read(|c| with_case_kinds(c, crate::store::due_reminders::due_in(c, from, to, &chrono::Local, lang)?)))
        .await?;
    let stamp = |at: DateTime<Utc>| at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    Ok((lang.headers(), Json(json!({ "from": stamp(from), "to": stamp(to), "reminders": found }))))
}

/// The reminders as JSON, each with its case's kind as `caseKind` (null without a case or a kind).
fn with_case_kinds(c: &rusqlite::Connection, found: Vec<Reminder>) -> Result<Vec<Value>, ApiError> {
    let mut kinds: BTreeMap<i64, Option<String>> = BTreeMap::new();
    let mut out = Vec::with_capacity(found.len());
    for reminder in found {
        let kind = match reminder.case_id {
            Some(id) => match kinds.get(&id) {
                Some(kind) => kind.clone(),
                None => {
                    let kind = Cases::get(c, id)?.and_then(|case| case.kind);
                    kinds.insert(id, kind.clone());
                    kind
                }
            },
            None => None,
        };
        let mut value = serde_json::to_value(&reminder).map_err(|e| ApiError::Internal(format!("a reminder as JSON: {e}")))?;
        value["caseKind"] = kind.map_or(Value::Null, Value::String);
        out.push(value);
    }
    Ok(out)
}

async fn dismiss(State(state): State<AppState>, JsonBody(body): JsonBody) -> Result<Json<dismissals::Dismissed>, ApiError> {
    let mut f = Fields::new(&body, &["keys"], "field")?;
    let mut keys = Vec::new();
    match f.raw("keys").and_then(Value::as_array) {
        Some(items) if !items.is_empty() && items.len() <= MAX_DISMISS_KEYS => {
            for item in items {
                match item.as_str().filter(|k| reminders::deadline_of_key(k).is_some()) {
                    Some(key) => keys.push(key.to_string()),
                    None => {
                        let shown: String = item.to_string().chars().take(80).collect();
                        f.error("keys", format!("{shown} is not a reminder key (they look like deadline/12/7d/2026-03-09)"));
                    }
                }
            }
        }
        _ => f.error("keys", format!("must be a list of 1 to {MAX_DISMISS_KEYS} reminder keys, as GET /api/reminders gives them")),
    }
    f.finish()?;
    Ok(Json(state.blocking(move |s| s.store.write(|c| dismissals::dismiss(c, &keys))).await?))
}
