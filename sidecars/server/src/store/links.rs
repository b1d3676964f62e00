//! `links`: what one of the person's notes or documents is about — a section of the Code or
//! Constitution of Virginia, one of their deadlines, or a court opinion.
//!
//! A link is an edge `from` (a note or a document, which must exist) `to` a target: a section by
//! its `sourceId` (`20-124.3`, `const-I-12`; whatever citation form it is given in), a deadline by
//! its id (which must exist), an opinion by the id its service gives it (a CourtListener id). One
//! link per pair: [`upsert`] of a pair already linked returns that link, with the new `why` if one
//! is given, and says so. Whether a section is in the law graph is the explorer's to say; see
//! [`crate::linking`], which checks that before calling [`upsert`].
//!
//! A link goes when either end does (triggers in `migrations/0004_links.sql`).

use rusqlite::{Connection, OptionalExtension, Row, ToSql, params};
use serde::Serialize;
use serde_json::Value;

use super::{exists, now};
use crate::ApiError;
use crate::fields::Fields;

/// What a link may start from.
pub const FROM_KINDS: [&str; 2] = ["note", "document"];
/// What a link may point at.
pub const TO_KINDS: [&str; 3] = ["section", "deadline", "opinion"];
/// Who made a link.
pub const CREATED_BY: [&str; 2] = ["person", "agent"];
/// Longest `why`, in characters: a sentence or two.
pub const MAX_WHY_CHARS: usize = 2_000;
/// Longest opinion id, in characters.
const MAX_OPINION_CHARS: usize = 200;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Link {
    pub id: i64,
    /// `note` or `document`.
    pub from_kind: String,
    pub from_id: i64,
    /// `section`, `deadline` or `opinion`.
    pub to_kind: String,
    /// A section's `sourceId`, a deadline's id (as text) or an opinion's id.
    pub to: String,
    /// Why the two are connected, in a plain sentence; may be empty.
    pub why: String,
    /// `person` or `agent`.
    pub created_by: String,
    pub created_at: String,
}

/// A link to make, validated (but its ends not yet looked up).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkInput {
    pub from_kind: String,
    pub from_id: i64,
    pub to_kind: String,
    /// Normalised: a section's `sourceId`, a deadline's id in decimal, an opinion's id trimmed.
    pub to: String,
    pub why: String,
    pub created_by: String,
}

/// Reads `fromKind`, `fromId`, `toKind`, `to` and `why` (optional here) from `f`; the caller has
/// opened `f` with the names it allows and says who makes the link.
pub fn read(f: &mut Fields<'_>, created_by: &str) -> LinkInput {
    let from_kind = required_choice(f, "fromKind", &FROM_KINDS);
    let from_id = f.required_id("fromId");
    let to_kind = required_choice(f, "toKind", &TO_KINDS);
    let to = read_target(f, &to_kind);
    let why = f.text("why", MAX_WHY_CHARS).unwrap_or_default();
    LinkInput { from_kind, from_id, to_kind, to, why, created_by: created_by.to_string() }
}

fn required_choice(f: &mut Fields<'_>, name: &str, choices: &[&str]) -> String {
    let value = f.one_of(name, choices);
    if value.is_none() {
        // Kept only when nothing else was wrong with it (the first error per name wins).
        f.error(name, format!("is required: one of {}", choices.join(", ")));
    }
    value.unwrap_or_default()
}

/// `to`, read as `to_kind` says (any non-empty value when the kind itself is wrong).
fn read_target(f: &mut Fields<'_>, to_kind: &str) -> String {
    match to_kind {
        "deadline" => f.id("to").map(|id| id.to_string()).unwrap_or_else(|| {
            f.error("to", "is required: the deadline's id (GetDeadlines lists them)");
            String::new()
        }),
        "section" => {
            let text = f.text("to", 300);
            match text.as_deref().map(section_source_id) {
                Some(Some(source_id)) => source_id,
                Some(None) => {
                    f.error(
                        "to",
                        "must name one section of the Code of Virginia (\"§ 20-124.3\", \"20-124.3\") or of the Constitution of \
                         Virginia (\"Article I, Section 12\")",
                    );
                    String::new()
                }
                None => {
                    f.error("to", "is required: the section's number, e.g. 20-124.3");
                    String::new()
                }
            }
        }
        _ => {
            let text = match f.raw("to") {
                // An opinion id is often a number (CourtListener's are).
                Some(Value::Number(n)) if n.is_u64() => Some(n.to_string()),
                _ => f.text("to", MAX_OPINION_CHARS),
            };
            if text.is_none() {
                f.error("to", "is required: the opinion's id at the service it came from");
            }
            text.unwrap_or_default()
        }
    }
}

/// The `sourceId` one section reference names: `§ 20-124.3`, `Va. Code § 20-124.3`, `section
/// 20-124.3` and `20-124.3` are all `20-124.3`; `Article I, Section 12` and `const-I-12` are
/// `const-I-12`. None for text that names no section, or more than one (`§§ 20-124.2 and
/// 20-124.3`, a range): a link points at one.
pub fn section_source_id(text: &str) -> Option<String> {
    let text = text.trim();
    // Already a sourceId: `label` writes sections and Constitution sections differently.
    if proseva_citation::label(text) != text {
        return Some(text.to_string());
    }
    let found = proseva_citation::find_citations(text);
    match found.as_slice() {
        [] => proseva_citation::citation_in_query(text),
        [one] => match &one.reference {
            proseva_citation::Reference::Range { .. } => None,
            reference => Some(reference.source_id()),
        },
        _ => None,
    }
}

/// Which links a list returns: those from one record, those to one target, or both at once.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LinkFilter {
    /// (`note` | `document`, id)
    pub from: Option<(String, i64)>,
    /// (`section` | `deadline` | `opinion`, normalised reference)
    pub to: Option<(String, String)>,
}

impl LinkFilter {
    /// `fromKind`+`fromId` and/or `toKind`+`to`, as a query string or tool arguments give them;
    /// at least one whole pair. `f` was opened with those four names allowed.
    pub fn read(f: &mut Fields<'_>) -> LinkFilter {
        let mut filter = LinkFilter::default();
        let (from_given, to_given) = (f.has("fromKind") || f.has("fromId"), f.has("toKind") || f.has("to"));
        if from_given {
            let kind = required_choice(f, "fromKind", &FROM_KINDS);
            let id = f.required_id("fromId");
            filter.from = Some((kind, id));
        }
        if to_given {
            let kind = required_choice(f, "toKind", &TO_KINDS);
            let to = read_target(f, &kind);
            filter.to = Some((kind, to));
        }
        if !from_given && !to_given {
            f.error("fromKind", "give fromKind and fromId (the links from a note or document), or toKind and to (the links to a target)");
        }
        filter
    }
}

const COLUMNS: &str = "id, from_kind, from_id, to_kind, to_ref, why, created_by, created_at";

fn from_row(r: &Row<'_>) -> rusqlite::Result<Link> {
    Ok(Link {
        id: r.get(0)?,
        from_kind: r.get(1)?,
        from_id: r.get(2)?,
        to_kind: r.get(3)?,
        to: r.get(4)?,
        why: r.get(5)?,
        created_by: r.get(6)?,
        created_at: r.get(7)?,
    })
}

/// Oldest first.
pub fn list(c: &Connection, filter: &LinkFilter) -> Result<Vec<Link>, ApiError> {
    let (from_kind, from_id) = filter.from.clone().unzip();
    let (to_kind, to) = filter.to.clone().unzip();
    let params: [(&str, &dyn ToSql); 4] = [(":fk", &from_kind), (":fi", &from_id), (":tk", &to_kind), (":to", &to)];
    Ok(c.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM links WHERE (:fk IS NULL OR (from_kind = :fk AND from_id = :fi))
         AND (:tk IS NULL OR (to_kind = :tk AND to_ref = :to)) ORDER BY id"
    ))?
    .query_map(params.as_slice(), from_row)?
    .collect::<Result<_, _>>()?)
}

pub fn get(c: &Connection, id: i64) -> Result<Option<Link>, ApiError> {
    Ok(c.prepare_cached(&format!("SELECT {COLUMNS} FROM links WHERE id = ?1"))?.query_row([id], from_row).optional()?)
}

/// The link's ends that live in this file: the note or document it starts from, and a deadline it
/// points at. A 400 naming `fromId` or `to` when one is missing.
pub fn check_ends(c: &Connection, input: &LinkInput) -> Result<(), ApiError> {
    let table = if input.from_kind == "document" { "documents" } else { "notes" };
    if !exists(c, table, input.from_id)? {
        let lister = if input.from_kind == "document" { "GetDocuments" } else { "SearchKnowledge" };
        return Err(ApiError::field("fromId", format!("there is no {} with id {} ({lister} finds them)", input.from_kind, input.from_id)));
    }
    if input.to_kind == "deadline" {
        let id: i64 = input.to.parse().map_err(|_| ApiError::field("to", "must be the id of a deadline"))?;
        if !exists(c, "deadlines", id)? {
            return Err(ApiError::field("to", format!("there is no deadline with id {id} (GetDeadlines lists them)")));
        }
    }
    Ok(())
}

/// Stores the link, or finds the one the pair already has (then `why`, if given, replaces its
/// `why`; who made it stays). Returns the link and whether it was already there.
pub fn upsert(c: &Connection, input: &LinkInput) -> Result<(Link, bool), ApiError> {
    check_ends(c, input)?;
    let existing: Option<(i64, String)> = c
        .prepare_cached("SELECT id, why FROM links WHERE from_kind = ?1 AND from_id = ?2 AND to_kind = ?3 AND to_ref = ?4")?
        .query_row(params![input.from_kind, input.from_id, input.to_kind, input.to], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    let (id, merged) = match existing {
        Some((id, why)) => {
            if !input.why.is_empty() && input.why != why {
                c.prepare_cached("UPDATE links SET why = ?2 WHERE id = ?1")?.execute(params![id, input.why])?;
            }
            (id, true)
        }
        None => {
            c.prepare_cached(
                "INSERT INTO links (from_kind, from_id, to_kind, to_ref, why, created_by, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            )?
            .execute(params![input.from_kind, input.from_id, input.to_kind, input.to, input.why, input.created_by, now()])?;
            (c.last_insert_rowid(), false)
        }
    };
    let link = get(c, id)?.ok_or_else(|| ApiError::Internal(format!("link {id} vanished after it was written")))?;
    Ok((link, merged))
}

/// False if there was no such link.
pub fn delete(c: &Connection, id: i64) -> Result<bool, ApiError> {
    Ok(c.prepare_cached("DELETE FROM links WHERE id = ?1")?.execute([id])? > 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn sections_are_named_by_their_source_id_however_they_are_cited() {
        for text in ["20-124.3", "§ 20-124.3", "  §20-124.3 ", "Va. Code § 20-124.3", "Code of Virginia § 20-124.3", "section 20-124.3"]
        {
            assert_eq!(section_source_id(text).as_deref(), Some("20-124.3"), "{text:?}");
        }
        assert_eq!(section_source_id("§ 63.2-1509:1").as_deref(), Some("63.2-1509:1"));
        assert_eq!(section_source_id("Article I, Section 12").as_deref(), Some("const-I-12"));
        assert_eq!(section_source_id("const-I-12").as_deref(), Some("const-I-12"));
        for text in ["custody", "", "§§ 20-124.2 and 20-124.3", "§§ 16.1-241 through 16.1-244", "20", "Title 20", "const-x-1"] {
            assert_eq!(section_source_id(text), None, "{text:?}");
        }
    }

    fn read_body(body: Value) -> Result<LinkInput, ApiError> {
        let mut f = Fields::new(&body, &["fromKind", "fromId", "toKind", "to", "why"], "field")?;
        let input = read(&mut f, "person");
        f.finish()?;
        Ok(input)
    }

    #[test]
    fn targets_are_read_as_their_kind_says() {
        let input =
            read_body(json!({"fromKind": "note", "fromId": "3", "toKind": "section", "to": "Va. Code § 20-124.3", "why": " x "})).unwrap();
        assert_eq!((input.from_id, input.to.as_str(), input.why.as_str()), (3, "20-124.3", "x"));
        assert_eq!(read_body(json!({"fromKind": "document", "fromId": 1, "toKind": "deadline", "to": "7"})).unwrap().to, "7");
        assert_eq!(read_body(json!({"fromKind": "document", "fromId": 1, "toKind": "opinion", "to": 4_176_123})).unwrap().to, "4176123");
        let problems = |body: Value| match read_body(body) {
            Err(ApiError::Validation { fields, .. }) => fields.into_keys().collect::<Vec<_>>(),
            other => panic!("expected a validation error, got {other:?}"),
        };
        assert_eq!(problems(json!({})), ["fromId", "fromKind", "to", "toKind"]);
        assert_eq!(problems(json!({"fromKind": "case", "fromId": 1, "toKind": "statute", "to": "x"})), ["fromKind", "toKind"]);
        assert_eq!(problems(json!({"fromKind": "note", "fromId": 1, "toKind": "deadline", "to": "soon"})), ["to"]);
        assert_eq!(problems(json!({"fromKind": "note", "fromId": 1, "toKind": "section", "to": "custody law"})), ["to"]);
    }
}
