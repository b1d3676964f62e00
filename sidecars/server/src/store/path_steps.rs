//! `case_path_steps`: the steps of a case's step-by-step path the person has ticked off, by the
//! step's id (the path names its steps; this table only remembers which are done, and when).
//! Deleting the case deletes its ticks.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::{exists, now};
use crate::ApiError;

/// The longest step id.
pub const MAX_STEP_ID_CHARS: usize = 100;

/// A ticked step: `{"stepId": "file-answer", "doneAt": "2026-03-01T14:00:00.000Z"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StepDone {
    pub step_id: String,
    pub done_at: String,
}

/// Whether `step_id` can name a step: 1 to [`MAX_STEP_ID_CHARS`] lowercase letters, digits, `-`,
/// `_` or `.`.
pub fn is_step_id(step_id: &str) -> bool {
    (1..=MAX_STEP_ID_CHARS).contains(&step_id.len())
        && step_id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'-' | b'_' | b'.'))
}

fn check_case(c: &Connection, case_id: i64) -> Result<(), ApiError> {
    if exists(c, "cases", case_id)? { Ok(()) } else { Err(ApiError::not_found("case", case_id)) }
}

/// The steps of case `case_id` ticked off, in the order they were ticked; 404 for no such case.
pub fn list(c: &Connection, case_id: i64) -> Result<Vec<StepDone>, ApiError> {
    check_case(c, case_id)?;
    let mut stmt = c.prepare_cached("SELECT step_id, done_at FROM case_path_steps WHERE case_id = ?1 ORDER BY done_at, step_id")?;
    Ok(stmt.query_map([case_id], |r| Ok(StepDone { step_id: r.get(0)?, done_at: r.get(1)? }))?.collect::<Result<_, _>>()?)
}

/// Step `step_id` of case `case_id`, if ticked.
pub fn get(c: &Connection, case_id: i64, step_id: &str) -> Result<Option<StepDone>, ApiError> {
    check_case(c, case_id)?;
    Ok(c.prepare_cached("SELECT step_id, done_at FROM case_path_steps WHERE case_id = ?1 AND step_id = ?2")?
        .query_row(params![case_id, step_id], |r| Ok(StepDone { step_id: r.get(0)?, done_at: r.get(1)? }))
        .optional()?)
}

/// Ticks step `step_id` of case `case_id` off, at `done_at` (ISO 8601) or now; ticking it again
/// moves its time. The step as stored.
pub fn tick(c: &Connection, case_id: i64, step_id: &str, done_at: Option<&str>) -> Result<StepDone, ApiError> {
    check_case(c, case_id)?;
    let done_at = done_at.map(str::to_string).unwrap_or_else(now);
    c.prepare_cached(
        "INSERT INTO case_path_steps (case_id, step_id, done_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (case_id, step_id) DO UPDATE SET done_at = excluded.done_at",
    )?
    .execute(params![case_id, step_id, done_at])?;
    Ok(StepDone { step_id: step_id.to_string(), done_at })
}

/// Unticks step `step_id` of case `case_id` (nothing if it was not ticked); false if it was not.
pub fn untick(c: &Connection, case_id: i64, step_id: &str) -> Result<bool, ApiError> {
    check_case(c, case_id)?;
    Ok(c.prepare_cached("DELETE FROM case_path_steps WHERE case_id = ?1 AND step_id = ?2")?.execute(params![case_id, step_id])? > 0)
}

/// Unticks every step of case `case_id`; how many there were.
pub fn clear(c: &Connection, case_id: i64) -> Result<usize, ApiError> {
    check_case(c, case_id)?;
    Ok(c.prepare_cached("DELETE FROM case_path_steps WHERE case_id = ?1")?.execute([case_id])?)
}
