//! `timeline_events`: what happened in the case and when, each optionally tied to the document
//! that shows it; searchable by words (FTS5 over title, details and party) and filters.

use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension, Row, named_params, params};
use serde::Serialize;
use serde_json::Value;

use super::{ListFilter, Page, Table, check_case, exists, fts_query, now};
use crate::ApiError;
use crate::fields::Fields;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TimelineEvent {
    pub id: i64,
    pub case_id: Option<i64>,
    pub date: String,
    pub party: Option<String>,
    pub title: String,
    pub details: Option<String>,
    pub is_critical: bool,
    pub source_document_id: Option<i64>,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Debug, Clone)]
pub struct TimelineInput {
    pub case_id: Option<i64>,
    pub date: String,
    pub party: Option<String>,
    pub title: String,
    pub details: Option<String>,
    pub is_critical: bool,
    pub source_document_id: Option<i64>,
}

/// What `SearchTimeline` asks for; every part optional, all of them must hold.
#[derive(Debug, Clone, Default)]
pub struct TimelineSearch {
    /// Words to look for in the title, details and party; events sharing more (and rarer) words first.
    pub query: Option<String>,
    /// Part of the party's name, any case.
    pub party: Option<String>,
    pub case_number: Option<String>,
    pub is_critical: Option<bool>,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub case_id: Option<i64>,
    /// -1 for all.
    pub limit: i64,
    pub offset: i64,
}

pub struct Timeline;

const COLUMNS: &str = "id, case_id, date, party, title, details, is_critical, source_document_id, created_at, updated_at";

fn from_row(r: &Row<'_>) -> rusqlite::Result<TimelineEvent> {
    Ok(TimelineEvent {
        id: r.get(0)?,
        case_id: r.get(1)?,
        date: r.get(2)?,
        party: r.get(3)?,
        title: r.get(4)?,
        details: r.get(5)?,
        is_critical: r.get(6)?,
        source_document_id: r.get(7)?,
        created_at: r.get(8)?,
        updated_at: r.get(9)?,
    })
}

/// Matching events (best match first with a query, else in date order) and how many matched in all.
pub fn search(c: &Connection, s: &TimelineSearch) -> Result<(Vec<TimelineEvent>, i64), ApiError> {
    let fts = s.query.as_deref().and_then(fts_query);
    if s.query.is_some() && fts.is_none() {
        // Only stopwords: nothing to look for, so nothing matches.
        return Ok((Vec::new(), 0));
    }
    let filters = "(:party IS NULL OR instr(lower(e.party), lower(:party)) > 0)
         AND (:case_number IS NULL OR e.case_id IN (SELECT id FROM cases WHERE case_number = :case_number COLLATE NOCASE))
         AND (:case_id IS NULL OR e.case_id = :case_id)
         AND (:critical IS NULL OR e.is_critical = :critical)
         AND (:start IS NULL OR e.date >= :start)
         AND (:end IS NULL OR e.date <= :end)";
    let columns = COLUMNS.split(", ").map(|col| format!("e.{col}")).collect::<Vec<_>>().join(", ");
    let (from, rank) = match fts {
        Some(_) => (
            "timeline_fts f JOIN timeline_events e ON e.id = f.rowid WHERE timeline_fts MATCH :fts AND",
            "bm25(timeline_fts, 3.0, 1.0, 2.0)",
        ),
        None => ("timeline_events e WHERE (:fts IS NULL) AND", "0"),
    };
    let party = s.party.as_deref().map(str::trim).filter(|p| !p.is_empty());
    let case_number = s.case_number.as_deref().map(str::trim).filter(|p| !p.is_empty());
    let (start, end) = (s.start_date.map(|d| d.to_string()), s.end_date.map(|d| d.to_string()));
    // One pass: the window count is taken over every match before LIMIT. (FTS5's bm25() cannot
    // sit beside a window function, hence the inner query.)
    let mut stmt = c.prepare_cached(&format!(
        "SELECT *, count(*) OVER () FROM (SELECT {columns}, {rank} AS rank FROM {from} {filters}) ORDER BY rank, date, id LIMIT :limit OFFSET :offset"
    ))?;
    let mut total = 0;
    let events = stmt
        .query_map(
            named_params! {
                ":fts": fts, ":party": party, ":case_number": case_number, ":critical": s.is_critical,
                ":start": start, ":end": end, ":case_id": s.case_id, ":limit": s.limit, ":offset": s.offset,
            },
            |r| Ok((from_row(r)?, r.get::<_, i64>(11)?)),
        )?
        .map(|row| {
            row.map(|(event, count)| {
                total = count;
                event
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((events, total))
}

impl Table for Timeline {
    const NOUN: &'static str = "timeline event";
    const FIELDS: &'static [&'static str] = &["caseId", "date", "party", "title", "details", "isCritical", "sourceDocumentId"];
    const FILTERS: &'static [&'static str] = &["query", "party", "critical", "from", "to"];
    type Record = TimelineEvent;
    type Input = TimelineInput;

    fn parse(body: &Value) -> Result<TimelineInput, ApiError> {
        let mut f = Fields::record(body, Self::FIELDS, Self::COMPUTED)?;
        let input = TimelineInput {
            case_id: f.id("caseId"),
            date: f.required_date("date").map(|d| d.to_string()).unwrap_or_default(),
            party: f.text("party", 300),
            title: f.required_text("title", 500),
            details: f.text("details", 100_000),
            is_critical: f.bool("isCritical").unwrap_or(false),
            source_document_id: f.id("sourceDocumentId"),
        };
        f.finish()?;
        Ok(input)
    }

    /// In date order, or best match first when `query` is given.
    fn list(c: &Connection, filter: &ListFilter) -> Result<Page<TimelineEvent>, ApiError> {
        let (limit, offset) = filter.limit_offset();
        let date = |d: &Option<String>| d.as_deref().and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok());
        let wanted = TimelineSearch {
            query: filter.query.clone(),
            party: filter.party.clone(),
            case_number: None,
            is_critical: filter.critical,
            start_date: date(&filter.from),
            end_date: date(&filter.to),
            case_id: filter.case_id,
            limit,
            offset,
        };
        let (items, total) = search(c, &wanted)?;
        Ok(Page { items, total })
    }

    fn get(c: &Connection, id: i64) -> Result<Option<TimelineEvent>, ApiError> {
        Ok(c.prepare_cached(&format!("SELECT {COLUMNS} FROM timeline_events WHERE id = ?1"))?.query_row([id], from_row).optional()?)
    }

    fn insert(c: &Connection, i: &TimelineInput) -> Result<i64, ApiError> {
        check_references(c, i)?;
        c.prepare_cached(
            "INSERT INTO timeline_events (case_id, date, party, title, details, is_critical, source_document_id, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
        )?
        .execute(params![i.case_id, i.date, i.party, i.title, i.details, i.is_critical, i.source_document_id, now()])?;
        Ok(c.last_insert_rowid())
    }

    fn update(c: &Connection, id: i64, i: &TimelineInput) -> Result<(), ApiError> {
        check_references(c, i)?;
        c.prepare_cached(
            "UPDATE timeline_events SET case_id = ?2, date = ?3, party = ?4, title = ?5, details = ?6, is_critical = ?7,
             source_document_id = ?8, updated_at = ?9 WHERE id = ?1",
        )?
        .execute(params![id, i.case_id, i.date, i.party, i.title, i.details, i.is_critical, i.source_document_id, now()])?;
        Ok(())
    }

    fn delete(c: &Connection, id: i64) -> Result<bool, ApiError> {
        Ok(c.prepare_cached("DELETE FROM timeline_events WHERE id = ?1")?.execute([id])? > 0)
    }
}

fn check_references(c: &Connection, i: &TimelineInput) -> Result<(), ApiError> {
    check_case(c, i.case_id)?;
    match i.source_document_id {
        Some(id) if !exists(c, "documents", id)? => Err(ApiError::field("sourceDocumentId", format!("there is no document with id {id}"))),
        _ => Ok(()),
    }
}
