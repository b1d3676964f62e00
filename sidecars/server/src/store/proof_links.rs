//! `proof_links`: one of the person's records (a document, timeline event, note, payment or
//! witness) linked to an element of what the court must find in their case (see
//! [`crate::proof`]). One link per element and record; a link goes with its case or its record
//! (`migrations/0009_proof_links.sql`).

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::now;
use crate::ApiError;

/// Longest `note` on a link, in characters: what the record shows, in a sentence or two.
pub const MAX_NOTE_CHARS: usize = 1_000;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProofLink {
    pub id: i64,
    pub element_id: String,
    pub record_kind: String,
    pub record_id: i64,
    pub note: String,
    pub created_by: String,
    pub created_at: String,
}

/// The case's links, oldest first.
pub fn list(c: &Connection, case_id: i64) -> Result<Vec<ProofLink>, ApiError> {
    let mut stmt = c.prepare_cached(
        "SELECT id, element_id, record_kind, record_id, note, created_by, created_at FROM proof_links WHERE case_id = ?1 ORDER BY id",
    )?;
    let rows = stmt.query_map([case_id], |r| {
        Ok(ProofLink {
            id: r.get(0)?,
            element_id: r.get(1)?,
            record_kind: r.get(2)?,
            record_id: r.get(3)?,
            note: r.get(4)?,
            created_by: r.get(5)?,
            created_at: r.get(6)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Links `record` to `element`, or changes the note of a link already there (a `None` note
/// keeps it). True when the link is new.
pub fn upsert(
    c: &Connection,
    case_id: i64,
    element_id: &str,
    record: (&str, i64),
    note: Option<&str>,
    created_by: &str,
) -> Result<bool, ApiError> {
    let (record_kind, record_id) = record;
    let existing: Option<i64> = c
        .prepare_cached("SELECT id FROM proof_links WHERE case_id = ?1 AND element_id = ?2 AND record_kind = ?3 AND record_id = ?4")?
        .query_row(params![case_id, element_id, record_kind, record_id], |r| r.get(0))
        .optional()?;
    match existing {
        Some(id) => {
            if let Some(note) = note {
                c.prepare_cached("UPDATE proof_links SET note = ?2 WHERE id = ?1")?.execute(params![id, note])?;
            }
            Ok(false)
        }
        None => {
            c.prepare_cached(
                "INSERT INTO proof_links (case_id, element_id, record_kind, record_id, note, created_by, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            )?
            .execute(params![case_id, element_id, record_kind, record_id, note.unwrap_or(""), created_by, now()])?;
            Ok(true)
        }
    }
}

/// Removes a link; false when there was none.
pub fn remove(c: &Connection, case_id: i64, element_id: &str, record: (&str, i64)) -> Result<bool, ApiError> {
    let n = c
        .prepare_cached("DELETE FROM proof_links WHERE case_id = ?1 AND element_id = ?2 AND record_kind = ?3 AND record_id = ?4")?
        .execute(params![case_id, element_id, record.0, record.1])?;
    Ok(n > 0)
}

/// A record as the Proof view names it: whose case it is, a label, and its date when it has one
/// (a document's is the earliest timeline event made from it, else the day it was added).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordInfo {
    pub case_id: Option<i64>,
    pub label: String,
    pub date: Option<String>,
    /// A document's date is the day it was added, not a date it shows.
    pub date_is_added: bool,
}

/// Looks `record` up; `None` when there is no such record. `record_kind` is one of
/// [`crate::proof::RECORD_KINDS`].
pub fn record(c: &Connection, record_kind: &str, record_id: i64) -> Result<Option<RecordInfo>, ApiError> {
    let found = match record_kind {
        "document" => c
            .prepare_cached(
                "SELECT d.case_id, d.title, (SELECT min(t.date) FROM timeline_events t WHERE t.source_document_id = d.id),
                        substr(d.created_at, 1, 10)
                 FROM documents d WHERE d.id = ?1",
            )?
            .query_row([record_id], |r| {
                let shown: Option<String> = r.get(2)?;
                let added: String = r.get(3)?;
                Ok(RecordInfo { case_id: r.get(0)?, label: r.get(1)?, date_is_added: shown.is_none(), date: Some(shown.unwrap_or(added)) })
            })
            .optional()?,
        "timeline" => c
            .prepare_cached("SELECT case_id, title, date FROM timeline_events WHERE id = ?1")?
            .query_row([record_id], |r| Ok(RecordInfo { case_id: r.get(0)?, label: r.get(1)?, date: r.get(2)?, date_is_added: false }))
            .optional()?,
        "note" => c
            .prepare_cached("SELECT case_id, title FROM notes WHERE id = ?1")?
            .query_row([record_id], |r| Ok(RecordInfo { case_id: r.get(0)?, label: r.get(1)?, date: None, date_is_added: false }))
            .optional()?,
        "finance" => c
            .prepare_cached("SELECT case_id, date, amount_cents, category, description FROM finances WHERE id = ?1")?
            .query_row([record_id], |r| {
                let cents: i64 = r.get(2)?;
                let category: String = r.get(3)?;
                let description: Option<String> = r.get(4)?;
                let what = description.filter(|d| !d.trim().is_empty()).unwrap_or_else(|| category.replace('_', " "));
                let label = format!("{} — {what}", money(cents));
                Ok(RecordInfo { case_id: r.get(0)?, label, date: r.get(1)?, date_is_added: false })
            })
            .optional()?,
        "contact" => c
            .prepare_cached("SELECT case_id, name, role FROM contacts WHERE id = ?1")?
            .query_row([record_id], |r| {
                let name: String = r.get(1)?;
                let role: String = r.get(2)?;
                let label = if role.trim().is_empty() || role == "other" { name } else { format!("{name} ({})", role.replace('_', " ")) };
                Ok(RecordInfo { case_id: r.get(0)?, label, date: None, date_is_added: false })
            })
            .optional()?,
        other => return Err(ApiError::field("recordKind", format!("unknown record kind {other:?}"))),
    };
    Ok(found)
}

/// `$1,234.50` for 123450 cents (a payment received shows as its size).
pub fn money(cents: i64) -> String {
    let cents = cents.unsigned_abs();
    let dollars = (cents / 100).to_string();
    let mut grouped = String::new();
    for (i, ch) in dollars.chars().enumerate() {
        if i > 0 && (dollars.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(ch);
    }
    format!("${grouped}.{:02}", cents % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_is_written_as_people_write_it() {
        assert_eq!(money(123450), "$1,234.50");
        assert_eq!(money(-95000), "$950.00");
        assert_eq!(money(5), "$0.05");
        assert_eq!(money(i64::MIN), "$92,233,720,368,547,758.08");
    }
}
