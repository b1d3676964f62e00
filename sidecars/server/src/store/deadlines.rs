//! `deadlines`: dates the user must not miss, typed in or computed from a Virginia rule.
//!
//! A deadline made with `{ruleId, triggerDate}` gets its `date` from
//! [`crate::deadline_rules::compute`], and records the rule's citation in `sourceRule` and how the
//! date was reached in `dateNote`. Changing the trigger date recomputes it; to set the date by
//! hand, clear `ruleId`.
//!
//! A hearing has a `time` (`HH:MM`, local wall time) and perhaps a `location`; a deadline without
//! a time is the whole day. `reminders` lists when it reminds the person (offsets as in
//! [`crate::reminders`]); `null` leaves the choice to its case.

use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension, Row, ToSql, params};
use serde::Serialize;
use serde_json::Value;

use super::{ListFilter, Page, Table, check_case, now, page};
use crate::ApiError;
use crate::deadline_rules::{self, Computation, Rule};
use crate::fields::Fields;
use crate::reminders;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Deadline {
    pub id: i64,
    pub case_id: Option<i64>,
    pub title: String,
    pub date: String,
    pub kind: String,
    pub done: bool,
    pub rule_id: Option<String>,
    pub trigger_date: Option<String>,
    pub source_rule: Option<String>,
    pub date_note: Option<String>,
    pub notes: Option<String>,
    /// `HH:MM` on a 24-hour clock, local wall time (a hearing's start); `None`: all day.
    pub time: Option<String>,
    /// Where it happens, e.g. the court's address.
    pub location: Option<String>,
    /// Reminder offsets (`["7d","2d","morning"]`); `None`: the case's, else the default.
    pub reminders: Option<Vec<String>>,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Debug, Clone)]
pub struct DeadlineInput {
    pub case_id: Option<i64>,
    pub title: String,
    pub date: NaiveDate,
    pub kind: String,
    pub done: bool,
    pub rule_id: Option<String>,
    pub trigger_date: Option<NaiveDate>,
    pub source_rule: Option<String>,
    pub date_note: Option<String>,
    pub notes: Option<String>,
    pub time: Option<String>,
    pub location: Option<String>,
    pub reminders: Option<Vec<String>>,
}

impl DeadlineInput {
    /// Makes this a deadline `rule` sets: the date it `computed` (when the trigger date gave
    /// one) and how, the rule's id and citation, and its title and kind where none was given.
    /// `POST /api/deadlines` and the `add_deadline` tool both come here.
    pub fn follow_rule(&mut self, rule: &Rule, computed: Option<&Computation>) {
        if let Some(computed) = computed {
            self.date = computed.date;
            self.trigger_date = Some(computed.trigger_date);
            self.date_note = Some(computed.explanation.clone());
        }
        self.rule_id = Some(rule.id.clone());
        self.source_rule = Some(rule.citation.clone());
        if self.title.is_empty() {
            self.title = rule.title.clone();
        }
        if self.kind.is_empty() {
            self.kind = rule.kind.clone();
        }
    }
}

pub struct Deadlines;

const COLUMNS: &str = "id, case_id, title, date, kind, done, rule_id, trigger_date, source_rule, date_note, notes, created_at, updated_at, time, location, reminders";

fn from_row(r: &Row<'_>) -> rusqlite::Result<Deadline> {
    Ok(Deadline {
        id: r.get(0)?,
        case_id: r.get(1)?,
        title: r.get(2)?,
        date: r.get(3)?,
        kind: r.get(4)?,
        done: r.get(5)?,
        rule_id: r.get(6)?,
        trigger_date: r.get(7)?,
        source_rule: r.get(8)?,
        date_note: r.get(9)?,
        notes: r.get(10)?,
        created_at: r.get(11)?,
        updated_at: r.get(12)?,
        time: r.get(13)?,
        location: r.get(14)?,
        reminders: r.get::<_, Option<String>>(15)?.and_then(|json| serde_json::from_str(&json).ok()),
    })
}

impl Table for Deadlines {
    const NOUN: &'static str = "deadline";
    const FIELDS: &'static [&'static str] =
        &["caseId", "title", "date", "kind", "done", "ruleId", "triggerDate", "notes", "time", "location", "reminders"];
    const FILTERS: &'static [&'static str] = &["from", "to", "done"];
    const COMPUTED: &'static [&'static str] = &["sourceRule", "dateNote"];
    type Record = Deadline;
    type Input = DeadlineInput;

    fn parse(body: &Value) -> Result<DeadlineInput, ApiError> {
        let mut f = Fields::record(body, Self::FIELDS, Self::COMPUTED)?;
        let case_id = f.id("caseId");
        let rule_id = f.text("ruleId", 100);
        let rule = rule_id.as_deref().and_then(|id| {
            let rule = deadline_rules::rule(id);
            if rule.is_none() {
                f.error("ruleId", format!("no such rule; known rules: {}", deadline_rules::rule_ids().join(", ")));
            }
            rule
        });
        let trigger_date = f.date("triggerDate");
        let mut input = DeadlineInput {
            case_id,
            title: f.text("title", 300).unwrap_or_default(),
            date: NaiveDate::MIN,
            kind: f.text("kind", 50).unwrap_or_default(),
            done: f.bool("done").unwrap_or(false),
            rule_id: None,
            trigger_date,
            source_rule: None,
            date_note: None,
            notes: f.text("notes", 100_000),
            time: reminders::read_time(&mut f, "time"),
            location: f.text("location", 500),
            reminders: reminders::read_offsets(&mut f, "reminders"),
        };
        match (rule, rule_id.is_some()) {
            (Some(rule), _) => {
                if f.has("date") {
                    f.error("date", "is computed from ruleId and triggerDate; to set it by hand, leave out ruleId");
                }
                let computed = match trigger_date {
                    Some(trigger) => deadline_rules::compute(rule, trigger).map_err(|e| f.error("triggerDate", e.to_string())).ok(),
                    None if !f.has("triggerDate") => {
                        f.error("triggerDate", format!("is required with ruleId: the date of {}", rule.after));
                        None
                    }
                    None => None,
                };
                input.follow_rule(rule, computed.as_ref());
            }
            (None, true) => {}
            (None, false) => input.date = f.required_date("date").unwrap_or(NaiveDate::MIN),
        }
        if input.title.is_empty() {
            f.error("title", "is required (unless ruleId gives one)");
        }
        if input.kind.is_empty() {
            input.kind = "other".into();
        }
        f.finish()?;
        Ok(input)
    }

    /// A deadline computed from a rule is recomputed on update, unless the update sets its date
    /// (an error while the rule stays) or clears the rule (the date then stays as it was).
    fn merge(stored: Value, patch: &Value) -> Value {
        let mut merged = super::merge_fields(stored, patch);
        let keeps_rule = merged.get("ruleId").is_some_and(|r| !r.is_null());
        if keeps_rule
            && patch.get("date").is_none()
            && let Some(obj) = merged.as_object_mut()
        {
            obj.remove("date");
        }
        merged
    }

    fn list(c: &Connection, filter: &ListFilter) -> Result<Page<Deadline>, ApiError> {
        let select = format!(
            "SELECT {COLUMNS} FROM deadlines WHERE (:case IS NULL OR case_id = :case) AND (:from IS NULL OR date >= :from)
             AND (:to IS NULL OR date <= :to) AND (:done IS NULL OR done = :done)"
        );
        let params: [(&str, &dyn ToSql); 4] =
            [(":case", &filter.case_id), (":from", &filter.from), (":to", &filter.to), (":done", &filter.done)];
        page(c, &select, "date, id", &params, filter, from_row)
    }

    fn get(c: &Connection, id: i64) -> Result<Option<Deadline>, ApiError> {
        Ok(c.prepare_cached(&format!("SELECT {COLUMNS} FROM deadlines WHERE id = ?1"))?.query_row([id], from_row).optional()?)
    }

    fn insert(c: &Connection, i: &DeadlineInput) -> Result<i64, ApiError> {
        check_case(c, i.case_id)?;
        c.prepare_cached(
            "INSERT INTO deadlines (case_id, title, date, kind, done, rule_id, trigger_date, source_rule, date_note, notes, created_at, updated_at,
             time, location, reminders)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11, ?12, ?13, ?14)",
        )?
        .execute(params![
            i.case_id,
            i.title,
            i.date.to_string(),
            i.kind,
            i.done,
            i.rule_id,
            i.trigger_date.map(|d| d.to_string()),
            i.source_rule,
            i.date_note,
            i.notes,
            now(),
            i.time,
            i.location,
            offsets_json(&i.reminders)
        ])?;
        Ok(c.last_insert_rowid())
    }

    fn update(c: &Connection, id: i64, i: &DeadlineInput) -> Result<(), ApiError> {
        check_case(c, i.case_id)?;
        c.prepare_cached(
            "UPDATE deadlines SET case_id = ?2, title = ?3, date = ?4, kind = ?5, done = ?6, rule_id = ?7, trigger_date = ?8,
             source_rule = ?9, date_note = ?10, notes = ?11, updated_at = ?12, time = ?13, location = ?14, reminders = ?15 WHERE id = ?1",
        )?
        .execute(params![
            id,
            i.case_id,
            i.title,
            i.date.to_string(),
            i.kind,
            i.done,
            i.rule_id,
            i.trigger_date.map(|d| d.to_string()),
            i.source_rule,
            i.date_note,
            i.notes,
            now(),
            i.time,
            i.location,
            offsets_json(&i.reminders)
        ])?;
        Ok(())
    }

    fn delete(c: &Connection, id: i64) -> Result<bool, ApiError> {
        Ok(c.prepare_cached("DELETE FROM deadlines WHERE id = ?1")?.execute([id])? > 0)
    }
}

/// A list of reminder offsets as stored: JSON, or NULL for "not chosen".
pub(crate) fn offsets_json(offsets: &Option<Vec<String>>) -> Option<String> {
    offsets.as_ref().map(|o| serde_json::Value::from(o.clone()).to_string())
}
