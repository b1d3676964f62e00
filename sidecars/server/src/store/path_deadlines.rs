//! A case's deadlines kept in line with its step-by-step path ([`crate::paths`]): each step's
//! deadline whose trigger date is known becomes a deadline of the case made from the step's rule
//! (so the path, the Deadlines list, the reminders and the calendar file show the same day), and
//! each court date on the path becomes a hearing.
//!
//! A deadline made here remembers where it came from (`deadlines.path_key`): entering a date again
//! moves that deadline instead of adding another, and what the person changed on it — its title,
//! notes, time, place, reminders, done — stays. A date cleared on the path leaves its deadline as
//! it is: nothing the person may rely on is deleted behind their back.

use rusqlite::{Connection, OptionalExtension};

use super::Table;
use super::cases::Case;
use super::deadlines::{DeadlineInput, Deadlines};
use crate::ApiError;
use crate::deadline_rules;
use crate::paths::Plan;

/// Brings `case`'s deadlines in line with `plan`; the ids of the deadlines the path now has.
pub fn sync(c: &Connection, case: &Case, plan: &Plan) -> Result<Vec<i64>, ApiError> {
    let mut ids = Vec::new();
    for step in &plan.steps {
        let Some(computed) = step.deadline.as_ref().and_then(|d| d.computation.as_ref()) else { continue };
        let Some(rule) = deadline_rules::rule(&computed.rule_id) else { continue };
        let mut input = blank(case, computed.date, format!("From the step-by-step path: {}.", step.title));
        input.follow_rule(rule, Some(computed));
        ids.push(upsert(c, case.id, &format!("step:{}", step.id), input)?);
    }
    for date in plan.dates.iter().filter(|d| d.court) {
        let Some(day) = date.date else { continue };
        // Named after the step that happens that day ("Go to the first court date"), else the date.
        let title = plan
            .steps
            .iter()
            .find(|s| s.on.as_ref().is_some_and(|on| on.key == date.key))
            .map_or_else(|| date.label.clone(), |s| s.title.clone());
        let mut input = blank(case, day, format!("From the step-by-step path: {}.", date.label));
        input.title = title;
        input.kind = "hearing".into();
        input.location = case.court.clone();
        ids.push(upsert(c, case.id, &format!("date:{}", date.key), input)?);
    }
    Ok(ids)
}

fn blank(case: &Case, date: chrono::NaiveDate, notes: String) -> DeadlineInput {
    DeadlineInput {
        case_id: Some(case.id),
        title: String::new(),
        date,
        kind: String::new(),
        done: false,
        rule_id: None,
        trigger_date: None,
        source_rule: None,
        date_note: None,
        notes: Some(notes),
        time: None,
        location: None,
        reminders: None,
    }
}

/// The deadline of `case_id` made from `key`, created or moved to `input`'s date; the person's own
/// changes to it are kept.
fn upsert(c: &Connection, case_id: i64, key: &str, mut input: DeadlineInput) -> Result<i64, ApiError> {
    let existing: Option<i64> = c
        .prepare_cached("SELECT id FROM deadlines WHERE case_id = ?1 AND path_key = ?2 ORDER BY id LIMIT 1")?
        .query_row(rusqlite::params![case_id, key], |r| r.get(0))
        .optional()?;
    let Some(id) = existing else {
        let id = Deadlines::insert(c, &input)?;
        c.prepare_cached("UPDATE deadlines SET path_key = ?2 WHERE id = ?1")?.execute(rusqlite::params![id, key])?;
        return Ok(id);
    };
    let Some(old) = Deadlines::get(c, id)? else { return Ok(id) };
    let unchanged = old.date == input.date.format("%Y-%m-%d").to_string()
        && old.trigger_date == input.trigger_date.map(|d| d.format("%Y-%m-%d").to_string());
    if !unchanged {
        input.title = old.title;
        input.notes = old.notes;
        input.done = old.done;
        input.time = old.time;
        input.location = old.location;
        input.reminders = old.reminders;
        input.kind = old.kind;
        Deadlines::update(c, id, &input)?;
    }
    Ok(id)
}
