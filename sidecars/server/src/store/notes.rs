//! `notes`: what the person writes about a case, and answers they saved with their sources.

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::chunks::{self, Owner};
use super::{ListFilter, Page, Table, check_case, exists, now, page};
use crate::ApiError;
use crate::fields::Fields;

/// Longest note body, in characters (a long saved answer is ~20,000).
pub const MAX_BODY_CHARS: usize = 500_000;
const MAX_SOURCES: usize = 200;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Note {
    pub id: i64,
    pub case_id: Option<i64>,
    pub title: String,
    /// Markdown.
    pub body: String,
    pub sources: Vec<Source>,
    pub conversation_id: Option<i64>,
    pub created_at: String,
    pub updated_at: String,
}

/// Where something in a note came from: `§ 20-124.3` with its official URL, a document, a web page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Source {
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_id: Option<String>,
}

#[derive(Debug, Clone)]
pub struct NoteInput {
    pub case_id: Option<i64>,
    pub title: String,
    pub body: String,
    pub sources: Vec<Source>,
    pub conversation_id: Option<i64>,
}

pub struct Notes;

const COLUMNS: &str = "id, case_id, title, body, sources, conversation_id, created_at, updated_at";

fn from_row(r: &Row<'_>) -> rusqlite::Result<Note> {
    let sources: String = r.get(4)?;
    Ok(Note {
        id: r.get(0)?,
        case_id: r.get(1)?,
        title: r.get(2)?,
        body: r.get(3)?,
        sources: serde_json::from_str(&sources).unwrap_or_default(),
        conversation_id: r.get(5)?,
        created_at: r.get(6)?,
        updated_at: r.get(7)?,
    })
}

fn parse_sources(f: &mut Fields<'_>) -> Vec<Source> {
    let Some(raw) = f.raw("sources") else { return Vec::new() };
    let Some(items) = raw.as_array() else {
        f.error("sources", "must be a list of {\"label\", \"url\"?, \"sourceId\"?} objects");
        return Vec::new();
    };
    if items.len() > MAX_SOURCES {
        f.error("sources", format!("at most {MAX_SOURCES} sources"));
        return Vec::new();
    }
    let mut sources = Vec::new();
    for (i, item) in items.iter().enumerate() {
        match serde_json::from_value::<Source>(item.clone()) {
            Ok(s) if !s.label.trim().is_empty() && s.label.chars().count() <= 500 && s.url.as_ref().is_none_or(|u| u.len() <= 2000) => {
                sources.push(s)
            }
            _ => {
                f.error(
                    "sources",
                    format!("entry {} must be an object with a non-empty \"label\" (and an optional \"url\", \"sourceId\")", i + 1),
                );
                break;
            }
        }
    }
    sources
}

impl Table for Notes {
    const NOUN: &'static str = "note";
    const FIELDS: &'static [&'static str] = &["caseId", "title", "body", "sources", "conversationId"];
    type Record = Note;
    type Input = NoteInput;

    fn parse(body: &Value) -> Result<NoteInput, ApiError> {
        let mut f = Fields::record(body, Self::FIELDS, Self::COMPUTED)?;
        let input = NoteInput {
            case_id: f.id("caseId"),
            title: f.required_text("title", 300),
            body: f.text("body", MAX_BODY_CHARS).unwrap_or_default(),
            sources: parse_sources(&mut f),
            conversation_id: f.id("conversationId"),
        };
        f.finish()?;
        Ok(input)
    }

    /// Most recently changed first.
    fn list(c: &Connection, filter: &ListFilter) -> Result<Page<Note>, ApiError> {
        let select = format!("SELECT {COLUMNS} FROM notes WHERE :case IS NULL OR case_id = :case");
        page(c, &select, "updated_at DESC, id DESC", &[(":case", &filter.case_id)], filter, from_row)
    }

    fn get(c: &Connection, id: i64) -> Result<Option<Note>, ApiError> {
        Ok(c.prepare_cached(&format!("SELECT {COLUMNS} FROM notes WHERE id = ?1"))?.query_row([id], from_row).optional()?)
    }

    fn insert(c: &Connection, i: &NoteInput) -> Result<i64, ApiError> {
        check_references(c, i)?;
        c.prepare_cached(
            "INSERT INTO notes (case_id, title, body, sources, conversation_id, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
        )?
        .execute(params![i.case_id, i.title, i.body, sources_json(&i.sources)?, i.conversation_id, now()])?;
        let id = c.last_insert_rowid();
        cut_passages(c, id, &i.title, &i.body)?;
        Ok(id)
    }

    fn update(c: &Connection, id: i64, i: &NoteInput) -> Result<(), ApiError> {
        check_references(c, i)?;
        c.prepare_cached(
            "UPDATE notes SET case_id = ?2, title = ?3, body = ?4, sources = ?5, conversation_id = ?6, updated_at = ?7 WHERE id = ?1",
        )?
        .execute(params![id, i.case_id, i.title, i.body, sources_json(&i.sources)?, i.conversation_id, now()])?;
        cut_passages(c, id, &i.title, &i.body)
    }

    fn delete(c: &Connection, id: i64) -> Result<bool, ApiError> {
        Ok(c.prepare_cached("DELETE FROM notes WHERE id = ?1")?.execute([id])? > 0)
    }

    fn passages_of(id: i64) -> Option<Owner> {
        Some(Owner::Note(id))
    }
}

/// Adds `text` after note `id`'s body (a blank line between), cutting its passages anew; the
/// body it had stays as it was. A note that would grow past [`MAX_BODY_CHARS`] is refused.
pub fn append(c: &Connection, id: i64, text: &str) -> Result<Note, ApiError> {
    let note = Notes::get(c, id)?.ok_or_else(|| ApiError::not_found("note", id))?;
    let body = if note.body.trim().is_empty() { text.to_string() } else { format!("{}\n\n{text}", note.body.trim_end()) };
    if body.chars().count() > MAX_BODY_CHARS {
        return Err(ApiError::field("text", format!("the note would be longer than {MAX_BODY_CHARS} characters")));
    }
    c.prepare_cached("UPDATE notes SET body = ?2, updated_at = ?3 WHERE id = ?1")?.execute(params![id, body, now()])?;
    cut_passages(c, id, &note.title, &body)?;
    Notes::get(c, id)?.ok_or_else(|| ApiError::not_found("note", id))
}

/// Cuts a note (its title, then its body) into passages for `SearchKnowledge`, replacing the
/// ones it had; they are searchable by words at once and by meaning once embedded (`pending`).
fn cut_passages(c: &Connection, id: i64, title: &str, body: &str) -> Result<(), ApiError> {
    let owner = Owner::Note(id);
    chunks::delete_for(c, owner)?;
    let text = format!("{title}\n\n{body}");
    let passages = chunks::cut(&text);
    chunks::insert_all(c, owner, &text, &passages)?;
    c.prepare_cached("UPDATE notes SET embedding_status = 'pending', embedding_model = NULL WHERE id = ?1")?.execute([id])?;
    Ok(())
}

/// Cuts the notes that have no passages yet (notes written before notes were searchable; run
/// once, by migration 0003). Returns how many.
pub fn cut_missing_passages(c: &Connection) -> Result<usize, ApiError> {
    let missing: Vec<(i64, String, String)> = c
        .prepare("SELECT id, title, body FROM notes n WHERE NOT EXISTS (SELECT 1 FROM chunks k WHERE k.note_id = n.id)")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    for (id, title, body) in &missing {
        cut_passages(c, *id, title, body)?;
    }
    Ok(missing.len())
}

fn sources_json(sources: &[Source]) -> Result<String, ApiError> {
    serde_json::to_string(sources).map_err(|e| ApiError::Internal(e.to_string()))
}

fn check_references(c: &Connection, i: &NoteInput) -> Result<(), ApiError> {
    check_case(c, i.case_id)?;
    match i.conversation_id {
        Some(id) if !exists(c, "conversations", id)? => {
            Err(ApiError::field("conversationId", format!("there is no conversation with id {id}")))
        }
        _ => Ok(()),
    }
}
