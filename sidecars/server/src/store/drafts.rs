//! `drafts` and `draft_versions`: the person's drafts (a letter, a diagram, a table) and every
//! version of each. A draft row holds what stays the same across versions (its case, kind, the
//! case document its Markdown export is kept as); each version holds its content, its sources
//! and who made it. Checking drafts and keeping their document is [`crate::drafting`]'s job.

use proseva_drafts::Source;
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;

use super::{ListFilter, Page, page};
use crate::ApiError;

/// Who made a version: the person (the window, a script), the agent's `create_draft` tool, or
/// the server from the case data without a model.
pub const CREATED_BY: [&str; 3] = ["person", "agent", "offline"];

/// A draft as listed: its latest version's number, not its content.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DraftSummary {
    pub id: i64,
    pub case_id: Option<i64>,
    pub title: String,
    /// `markdown`, `mermaid` or `table`.
    pub kind: String,
    pub version: i64,
    pub updated_at: String,
    pub document_id: Option<i64>,
}

/// One version, as the draft lists them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VersionInfo {
    pub version: i64,
    pub created_at: String,
    pub created_by: String,
}

/// A draft at one version, with the list of all its versions.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredDraft {
    pub id: i64,
    pub case_id: Option<i64>,
    pub title: String,
    pub kind: String,
    pub version: i64,
    pub content: String,
    pub sources: Vec<Source>,
    pub document_id: Option<i64>,
    /// Who made this version, and when.
    pub created_by: String,
    pub version_created_at: String,
    pub versions: Vec<VersionInfo>,
    pub created_at: String,
    pub updated_at: String,
}

/// A version about to be stored.
#[derive(Debug, Clone)]
pub struct NewVersion<'a> {
    pub content: &'a str,
    pub sources: &'a [Source],
    pub created_by: &'a str,
    /// ISO 8601 UTC, as [`super::now`] writes it (the exports print its date).
    pub created_at: &'a str,
}

/// Most recently changed first.
pub fn list(c: &Connection, filter: &ListFilter) -> Result<Page<DraftSummary>, ApiError> {
    let select =
        "SELECT d.id, d.case_id, d.title, d.kind, (SELECT max(v.version) FROM draft_versions v WHERE v.draft_id = d.id) AS version,
                         d.updated_at, d.document_id
                  FROM drafts d WHERE :case IS NULL OR d.case_id = :case";
    page(c, select, "updated_at DESC, id DESC", &[(":case", &filter.case_id)], filter, |r| {
        Ok(DraftSummary {
            id: r.get(0)?,
            case_id: r.get(1)?,
            title: r.get(2)?,
            kind: r.get(3)?,
            version: r.get::<_, Option<i64>>(4)?.unwrap_or(0),
            updated_at: r.get(5)?,
            document_id: r.get(6)?,
        })
    })
}

/// Draft `id` at `version` (its latest when `None`). `Ok(None)` when there is no such draft; a
/// 404 naming the versions it has when it has no such version.
pub fn get(c: &Connection, id: i64, version: Option<i64>) -> Result<Option<StoredDraft>, ApiError> {
    let head = c
        .prepare_cached("SELECT case_id, title, kind, document_id, created_at, updated_at FROM drafts WHERE id = ?1")?
        .query_row([id], |r| {
            Ok((r.get::<_, Option<i64>>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?, r.get(3)?, r.get(4)?, r.get(5)?))
        })
        .optional()?;
    let Some((case_id, title, kind, document_id, created_at, updated_at)) = head else { return Ok(None) };
    let versions: Vec<VersionInfo> = c
        .prepare_cached("SELECT version, created_at, created_by FROM draft_versions WHERE draft_id = ?1 ORDER BY version")?
        .query_map([id], |r| Ok(VersionInfo { version: r.get(0)?, created_at: r.get(1)?, created_by: r.get(2)? }))?
        .collect::<Result<_, _>>()?;
    let Some(latest) = versions.last().map(|v| v.version) else {
        return Err(ApiError::Internal(format!("draft {id} has no versions")));
    };
    let wanted = version.unwrap_or(latest);
    let row = c
        .prepare_cached("SELECT content, sources, created_by, created_at FROM draft_versions WHERE draft_id = ?1 AND version = ?2")?
        .query_row(params![id, wanted], version_row)
        .optional()?;
    let Some((content, sources, created_by, version_created_at)) = row else {
        let has = if latest == 1 { "it has version 1 only".to_string() } else { format!("it has versions 1 to {latest}") };
        return Err(ApiError::NotFound(format!("draft {id} has no version {wanted}; {has}")));
    };
    Ok(Some(StoredDraft {
        id,
        case_id,
        title,
        kind,
        version: wanted,
        content,
        sources,
        document_id,
        created_by,
        version_created_at,
        versions,
        created_at,
        updated_at,
    }))
}

fn version_row(r: &Row<'_>) -> rusqlite::Result<(String, Vec<Source>, String, String)> {
    let sources: String = r.get(1)?;
    Ok((r.get(0)?, serde_json::from_str(&sources).unwrap_or_default(), r.get(2)?, r.get(3)?))
}

/// Stores a new draft with its first version; returns its id. The case must exist (checked by
/// the caller, with the document).
pub fn insert(c: &Connection, case_id: Option<i64>, title: &str, kind: &str, first: &NewVersion<'_>) -> Result<i64, ApiError> {
    c.prepare_cached("INSERT INTO drafts (case_id, title, kind, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?4)")?.execute(params![
        case_id,
        title,
        kind,
        first.created_at
    ])?;
    let id = c.last_insert_rowid();
    put_version(c, id, 1, first)?;
    Ok(id)
}

/// The number of draft `id`'s latest version, or `None` if there is no such draft.
pub fn latest_version(c: &Connection, id: i64) -> Result<Option<i64>, ApiError> {
    Ok(c.prepare_cached("SELECT (SELECT max(version) FROM draft_versions WHERE draft_id = d.id) FROM drafts d WHERE d.id = ?1")?
        .query_row([id], |r| r.get::<_, Option<i64>>(0))
        .optional()?
        .flatten())
}

/// Adds `version` to draft `id` under `title` (a revision may rename it).
pub fn add_version(c: &Connection, id: i64, version: i64, title: &str, new: &NewVersion<'_>) -> Result<(), ApiError> {
    put_version(c, id, version, new)?;
    c.prepare_cached("UPDATE drafts SET title = ?2, updated_at = ?3 WHERE id = ?1")?.execute(params![id, title, new.created_at])?;
    Ok(())
}

fn put_version(c: &Connection, id: i64, version: i64, new: &NewVersion<'_>) -> Result<(), ApiError> {
    let sources = serde_json::to_string(new.sources).map_err(|e| ApiError::Internal(e.to_string()))?;
    c.prepare_cached(
        "INSERT INTO draft_versions (draft_id, version, content, sources, created_by, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![id, version, new.content, sources, new.created_by, new.created_at])?;
    Ok(())
}

/// Points draft `id` at the document its Markdown export is kept as.
pub fn set_document(c: &Connection, id: i64, document_id: i64) -> Result<(), ApiError> {
    c.prepare_cached("UPDATE drafts SET document_id = ?2 WHERE id = ?1")?.execute(params![id, document_id])?;
    Ok(())
}

/// The ids of the documents that are drafts' exports (not papers the person uploaded).
pub fn document_ids(c: &Connection) -> Result<Vec<i64>, ApiError> {
    Ok(c.prepare_cached("SELECT document_id FROM drafts WHERE document_id IS NOT NULL")?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?)
}

/// Deletes draft `id` and its versions; false if there was no such draft. (Its document is the
/// caller's to delete.)
pub fn delete(c: &Connection, id: i64) -> Result<bool, ApiError> {
    Ok(c.prepare_cached("DELETE FROM drafts WHERE id = ?1")?.execute([id])? > 0)
}
