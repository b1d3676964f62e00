//! A case's deadlines kept in line with its step-by-step path ([`crate::paths`]): each step's
//! deadline whose trigger date is known becomes a deadline of the case made from the step's rule
//! (so the path, the Deadlines list, the reminders and the calendar file show the same day), and
//! each court date on the path becomes a hearing.
//!
//! A deadline made here remembers where it came from (`deadlines.path_key`): entering a date again
//! moves that deadline instead of adding another, and what the person changed on it — its title,
//! notes, time, place, reminders, done — stays. A date cleared on the path leaves its deadline as
//! it is: nothing the person may rely on is deleted behind their back.
//!
//! A deadline is made in the language of the plan that makes it (its title, notes and the rule's
//! working); once made it is the person's record, and a plan in another language later moves its
//! date without rewriting its title or notes.

use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension};
use serde_json::{Value, json};

use super::Table;
use super::cases::Case;
use super::deadlines::{DeadlineInput, Deadlines};
use super::path_steps;
use crate::ApiError;
use crate::deadline_rules;
use crate::lang::Lang;
use crate::paths::{self, Plan, StepStatus};

/// `case`'s path worked out: its kind's steps with the ones it ticked done, each deadline counted
/// from its path dates, and the court for the amount it claims. `None` when the case has no kind.
pub fn case_plan(c: &Connection, case: &Case) -> Result<Option<Plan>, ApiError> {
    case_plan_in(c, case, Lang::En)
}

/// [`case_plan`] in `lang`.
pub fn case_plan_in(c: &Connection, case: &Case, lang: Lang) -> Result<Option<Plan>, ApiError> {
    let Some(kind) = case.kind.as_deref() else { return Ok(None) };
    let dates: BTreeMap<String, NaiveDate> = case
        .path_dates
        .iter()
        .filter_map(|(key, date)| NaiveDate::parse_from_str(date, "%Y-%m-%d").ok().map(|d| (key.clone(), d)))
        .collect();
    let done: BTreeSet<String> = path_steps::list(c, case.id)?.into_iter().map(|s| s.step_id).collect();
    let Some(mut plan) = paths::plan_in(kind, &dates, &done, lang) else { return Ok(None) };
    if let Some(court) = paths::which_court_in(kind, case.amount.map(|dollars| (dollars * 100.0).round() as i64), lang) {
        plan.court = court;
    }
    Ok(Some(plan))
}

/// What the assistant's tools say of a case's path (`GetCases`): where the person is, the next
/// step in full, the steps after it by title and date, and which court — short enough for a
/// model's context.
pub fn summary(plan: &Plan) -> Value {
    let date_of = |step: &paths::PlannedStep| {
        step.on.as_ref().and_then(|on| on.date).or_else(|| step.deadline.as_ref().and_then(|d| d.date)).map(|d| d.to_string())
    };
    let next = plan.steps.iter().find(|s| s.status == StepStatus::Next).map(|s| {
        json!({
            "id": s.id, "title": s.title, "what": s.what, "court": s.court, "file": s.file, "bring": s.bring,
            "date": date_of(s),
            "deadline": s.deadline.as_ref().map(|d| json!({
                "rule": d.rule_title, "date": d.date, "needs": d.needs,
                "explanation": d.computation.as_ref().map(|c| c.explanation.clone()),
            })),
            "sections": s.sections,
        })
    });
    let after: Vec<Value> = plan
        .steps
        .iter()
        .filter(|s| s.status == StepStatus::Upcoming)
        .map(|s| json!({ "title": s.title, "date": date_of(s), "deadline": s.deadline.as_ref().and_then(|d| d.date) }))
        .collect();
    json!({
        "kind": plan.kind,
        "title": plan.title,
        "done": plan.steps.iter().filter(|s| s.status == StepStatus::Done).count(),
        "steps": plan.steps.len(),
        "next": next,
        "after": after,
        "court": { "name": plan.court.court_name, "why": plan.court.why, "sections": plan.court.sections },
    })
}

/// Brings `case`'s deadlines in line with `plan`, a plan in `lang` (the language new deadlines
/// are written in); the ids of the deadlines the path now has.
pub fn sync(c: &Connection, case: &Case, plan: &Plan, lang: Lang) -> Result<Vec<i64>, ApiError> {
    let from_path = |what: &str| match lang {
        Lang::En => format!("From the step-by-step path: {what}."),
        Lang::Es => format!("Del paso a paso: {what}."),
    };
    let mut ids = Vec::new();
    for step in &plan.steps {
        let Some(computed) = step.deadline.as_ref().and_then(|d| d.computation.as_ref()) else { continue };
        let Some(rule) = deadline_rules::rule_in(&computed.rule_id, lang) else { continue };
        let mut input = blank(case, computed.date, from_path(&step.title));
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
        let mut input = blank(case, day, from_path(&date.label));
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
