//! `cases`: the matters the user is part of.
//!
//! A case may have a `kind` (one of [`crate::paths::kinds`], the cases with a step-by-step path) and the
//! reminder offsets its deadlines get unless a deadline chooses its own (`reminders`, see
//! [`crate::reminders`]), the dates its path counts from (`pathDates`: `{"judgmentDate":
//! "2026-03-20", …}`, keys as [`crate::paths`] names them) and the amount claimed (`amount`, in
//! dollars; which court hears a money case depends on it).

use std::collections::BTreeMap;

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{ListFilter, Page, Table, now, page};
use crate::ApiError;
use crate::fields::Fields;
use crate::reminders;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Case {
    pub id: i64,
    pub name: String,
    pub case_number: Option<String>,
    pub court: Option<String>,
    #[serde(rename = "type")]
    pub case_type: Option<String>,
    pub status: String,
    pub parties: Vec<Party>,
    pub notes: Option<String>,
    /// One of the kinds with a step-by-step path ([`crate::paths::kinds`]), or `None`.
    pub kind: Option<String>,
    /// The reminder offsets of its deadlines (`None`: the default).
    pub reminders: Option<Vec<String>>,
    /// The dates its path counts from, by key (`YYYY-MM-DD`).
    pub path_dates: BTreeMap<String, String>,
    /// The amount claimed, in dollars.
    pub amount: Option<f64>,
    pub created_at: String,
    pub updated_at: String,
}

/// Someone on the case: "Jane Doe", role "plaintiff".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Party {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
}

#[derive(Debug, Clone)]
pub struct CaseInput {
    pub name: String,
    pub case_number: Option<String>,
    pub court: Option<String>,
    pub case_type: Option<String>,
    pub status: String,
    pub parties: Vec<Party>,
    pub notes: Option<String>,
    pub kind: Option<String>,
    pub reminders: Option<Vec<String>>,
    pub path_dates: BTreeMap<String, String>,
    pub amount_cents: Option<i64>,
}

pub struct Cases;

const COLUMNS: &str =
    "id, name, case_number, court, case_type, status, parties, notes, created_at, updated_at, kind, reminders, path_dates, amount_cents";

fn from_row(r: &Row<'_>) -> rusqlite::Result<Case> {
    let parties: String = r.get(6)?;
    Ok(Case {
        id: r.get(0)?,
        name: r.get(1)?,
        case_number: r.get(2)?,
        court: r.get(3)?,
        case_type: r.get(4)?,
        status: r.get(5)?,
        parties: serde_json::from_str(&parties).unwrap_or_default(),
        notes: r.get(7)?,
        created_at: r.get(8)?,
        updated_at: r.get(9)?,
        kind: r.get(10)?,
        reminders: r.get::<_, Option<String>>(11)?.and_then(|json| serde_json::from_str(&json).ok()),
        path_dates: r.get::<_, Option<String>>(12)?.and_then(|json| serde_json::from_str(&json).ok()).unwrap_or_default(),
        amount: r.get::<_, Option<i64>>(13)?.map(|cents| cents as f64 / 100.0),
    })
}

/// The case whose number is `case_number`, ignoring case and surrounding spaces.
pub fn by_number(c: &Connection, case_number: &str) -> Result<Vec<Case>, ApiError> {
    let mut stmt = c.prepare_cached(&format!("SELECT {COLUMNS} FROM cases WHERE case_number = ?1 COLLATE NOCASE ORDER BY id"))?;
    Ok(stmt.query_map([case_number.trim()], from_row)?.collect::<Result<_, _>>()?)
}

/// `pathDates`: an object of date keys (letters, as the paths name them) to `YYYY-MM-DD` dates; a
/// key set to `null` is left out.
fn parse_path_dates(f: &mut Fields<'_>) -> BTreeMap<String, String> {
    let Some(raw) = f.raw("pathDates").filter(|v| !v.is_null()) else { return BTreeMap::new() };
    let Some(map) = raw.as_object() else {
        f.error("pathDates", "must be an object of dates, e.g. {\"judgmentDate\": \"2026-03-20\"}");
        return BTreeMap::new();
    };
    if map.len() > 20 {
        f.error("pathDates", "holds at most 20 dates");
        return BTreeMap::new();
    }
    let mut dates = BTreeMap::new();
    for (key, value) in map {
        if key.is_empty() || key.len() > 40 || !key.chars().all(|c| c.is_ascii_alphabetic()) {
            f.error(
                "pathDates",
                format!("\"{}\" is not the name of a date (letters only, e.g. judgmentDate)", key.chars().take(40).collect::<String>()),
            );
            continue;
        }
        match value {
            Value::Null => {}
            Value::String(s) => match chrono::NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d") {
                Ok(date) if crate::fields::DATE_YEARS.contains(&chrono::Datelike::year(&date)) => {
                    dates.insert(key.clone(), date.format("%Y-%m-%d").to_string());
                }
                _ => f.error("pathDates", format!("{key} must be a date written YYYY-MM-DD between 1800 and 2200")),
            },
            _ => f.error("pathDates", format!("{key} must be a date written YYYY-MM-DD, or null")),
        }
    }
    dates
}

fn parse_parties(f: &mut Fields<'_>) -> Vec<Party> {
    let Some(raw) = f.raw("parties") else { return Vec::new() };
    let Some(items) = raw.as_array() else {
        f.error("parties", "must be a list of {\"name\", \"role\"} objects");
        return Vec::new();
    };
    let mut parties = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let party = match item {
            Value::String(name) => Some(Party { name: name.trim().to_string(), role: None }),
            Value::Object(_) => serde_json::from_value::<Party>(item.clone()).ok(),
            _ => None,
        };
        match party.filter(|p| !p.name.trim().is_empty()) {
            Some(mut p) => {
                p.name = p.name.trim().to_string();
                p.role = p.role.map(|r| r.trim().to_string()).filter(|r| !r.is_empty());
                parties.push(p);
            }
            None => f.error("parties", format!("entry {} must be an object with a non-empty \"name\" (and an optional \"role\")", i + 1)),
        }
    }
    parties
}

impl Table for Cases {
    const NOUN: &'static str = "case";
    const FIELDS: &'static [&'static str] =
        &["name", "caseNumber", "court", "type", "status", "parties", "notes", "kind", "reminders", "pathDates", "amount"];
    type Record = Case;
    type Input = CaseInput;

    fn parse(body: &Value) -> Result<CaseInput, ApiError> {
        let mut f = Fields::record(body, Self::FIELDS, Self::COMPUTED)?;
        let input = CaseInput {
            name: f.required_text("name", 300),
            case_number: f.text("caseNumber", 100),
            court: f.text("court", 300),
            case_type: f.text("type", 100),
            status: f.text("status", 50).unwrap_or_else(|| "open".into()),
            parties: parse_parties(&mut f),
            notes: f.text("notes", 100_000),
            kind: f.one_of("kind", &crate::paths::kinds()),
            reminders: reminders::read_offsets(&mut f, "reminders"),
            path_dates: parse_path_dates(&mut f),
            amount_cents: f.cents("amount"),
        };
        f.finish()?;
        Ok(input)
    }

    fn list(c: &Connection, filter: &ListFilter) -> Result<Page<Case>, ApiError> {
        let select = format!("SELECT {COLUMNS} FROM cases WHERE :case IS NULL OR id = :case");
        page(c, &select, "id", &[(":case", &filter.case_id)], filter, from_row)
    }

    fn get(c: &Connection, id: i64) -> Result<Option<Case>, ApiError> {
        Ok(c.prepare_cached(&format!("SELECT {COLUMNS} FROM cases WHERE id = ?1"))?.query_row([id], from_row).optional()?)
    }

    fn insert(c: &Connection, i: &CaseInput) -> Result<i64, ApiError> {
        let parties = serde_json::to_string(&i.parties).map_err(|e| ApiError::Internal(e.to_string()))?;
        c.prepare_cached(
            "INSERT INTO cases (name, case_number, court, case_type, status, parties, notes, created_at, updated_at, kind, reminders,
             path_dates, amount_cents)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?9, ?10, ?11, ?12)",
        )?
        .execute(params![
            i.name,
            i.case_number,
            i.court,
            i.case_type,
            i.status,
            parties,
            i.notes,
            now(),
            i.kind,
            super::deadlines::offsets_json(&i.reminders),
            path_dates_json(&i.path_dates),
            i.amount_cents
        ])?;
        Ok(c.last_insert_rowid())
    }

    fn update(c: &Connection, id: i64, i: &CaseInput) -> Result<(), ApiError> {
        let parties = serde_json::to_string(&i.parties).map_err(|e| ApiError::Internal(e.to_string()))?;
        c.prepare_cached(
            "UPDATE cases SET name = ?2, case_number = ?3, court = ?4, case_type = ?5, status = ?6, parties = ?7, notes = ?8, updated_at = ?9,
             kind = ?10, reminders = ?11, path_dates = ?12, amount_cents = ?13 WHERE id = ?1",
        )?
        .execute(params![
            id,
            i.name,
            i.case_number,
            i.court,
            i.case_type,
            i.status,
            parties,
            i.notes,
            now(),
            i.kind,
            super::deadlines::offsets_json(&i.reminders),
            path_dates_json(&i.path_dates),
            i.amount_cents
        ])?;
        Ok(())
    }

    /// Refused while anything still belongs to the case, so deleting a case never deletes a
    /// deadline or document with it.
    fn delete(c: &Connection, id: i64) -> Result<bool, ApiError> {
        let mut held = Vec::new();
        for (table, one, many) in [
            ("deadlines", "deadline", "deadlines"),
            ("contacts", "contact", "contacts"),
            ("documents", "document", "documents"),
            ("finances", "finance entry", "finance entries"),
            ("timeline_events", "timeline event", "timeline events"),
            ("notes", "note", "notes"),
            ("drafts", "draft", "drafts"),
        ] {
            let n: i64 = c.prepare_cached(&format!("SELECT count(*) FROM {table} WHERE case_id = ?1"))?.query_row([id], |r| r.get(0))?;
            if n > 0 {
                held.push(format!("{n} {}", if n == 1 { one } else { many }));
            }
        }
        if !held.is_empty() {
            return Err(ApiError::Conflict(format!(
                "case {id} still has {}; delete them or move them to another case first",
                held.join(", ")
            )));
        }
        Ok(c.prepare_cached("DELETE FROM cases WHERE id = ?1")?.execute([id])? > 0)
    }
}

/// The stored form of a case's path dates: NULL when there are none.
fn path_dates_json(dates: &BTreeMap<String, String>) -> Option<String> {
    (!dates.is_empty()).then(|| serde_json::to_string(dates).unwrap_or_default())
}
