//! `/api/papers`: papers the person can file (see [`crate::papers`]).
//!
//! - `GET /api/papers/kinds[?caseKind=K]` → `[{id, title, caseKinds, layout, when, fields,
//!   certificate, sections, requiredParts: [{part, source, url, read, confirmed}]}]`.
//! - `GET /api/papers/proposed?caseId=N&paper=ID` → `{fields, from}`: what the window fills in
//!   before the person types, and where each value came from.
//! - `POST /api/papers {paper, caseId, fields?, draftId?}` → 201 `{draft, paper, warnings, when}`:
//!   the paper built from the case and saved as a `paper` draft (a new version of `draftId`).
//!   A missing required field is a 400 naming `fields.<name>`.
//! - `POST /api/papers/check {draftId | documentId}` → `{findings: [{kind, message, found?,
//!   expected?}], checked, sections, citations, title}`.
//! - `GET /api/papers/{draftId}/explained[?version=N]` → `{draftId, version, paper, layout, title,
//!   parts: [{part, number?, english, spanish, purpose, asWritten}], notForFiling, asWritten}`:
//!   beside each part of the English paper, what it says in Spanish and what it is for
//!   ([`crate::papers::explain`]). 404 for no such draft or version, or a draft that is not a paper.
//! - `GET /api/papers/{draftId}/spanish-copy?format=pdf|docx[&version=N]` → the Spanish reader's
//!   copy, a banner on every page saying it is not for filing, named
//!   `<title>-v<N>-es-no-presentar.<ext>`; 404 as `explained`.
//!
//! The kinds, the proposed fields' `from`, a built paper's `warnings` and `when`, the check's
//! findings' `message` and its `checked` lines, the
//! explanation's purposes and notes answer in the request's language ([`Lang`]: `?lang=es|en`, else `Accept-Language`), with
//! `Content-Language`. The paper itself is always English: it is what gets filed.

use std::collections::HashMap;

use axum::Json;
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::Value;

use super::JsonBody;
use super::resources::parse_id;
use crate::fields::Fields;
use crate::lang::Lang;
use crate::papers::{self, Built, check, explain};
use crate::{ApiError, AppState};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/papers/kinds", get(kinds))
        .route("/api/papers/proposed", get(proposed))
        .route("/api/papers", post(build))
        .route("/api/papers/check", post(check_paper))
        .route("/api/papers/{id}/explained", get(explained))
        .route("/api/papers/{id}/spanish-copy", get(spanish_copy))
}

fn query_of(query: Result<Query<HashMap<String, String>>, QueryRejection>) -> Result<Value, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::BadRequest(format!("the query string could not be read: {e}")))?;
    Ok(Value::Object(query.into_iter().map(|(k, v)| (k, Value::String(v))).collect()))
}

async fn kinds(lang: Lang, query: Result<Query<HashMap<String, String>>, QueryRejection>) -> Result<impl IntoResponse, ApiError> {
    let query = query_of(query)?;
    // `lang` was read (and checked) by the extractor.
    let mut f = Fields::new(&query, &["caseKind", "lang"], "query parameter")?;
    let case_kind = f.text("caseKind", 100);
    if let Some(kind) = &case_kind
        && !crate::paths::kinds().contains(&kind.as_str())
    {
        f.error("caseKind", format!("unknown case kind; the kinds are: {}", crate::paths::kinds().join(", ")));
    }
    f.finish()?;
    Ok((lang.headers(), Json(papers::kinds_in(case_kind.as_deref(), lang))))
}

async fn proposed(
    State(state): State<AppState>,
    lang: Lang,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let query = query_of(query)?;
    let mut f = Fields::new(&query, &["caseId", "paper", "lang"], "query parameter")?;
    let case_id = query.get("caseId").and_then(Value::as_str).and_then(|s| s.trim().parse::<i64>().ok()).filter(|id| *id > 0);
    if case_id.is_none() {
        f.error("caseId", "is required: the id of the case the paper is for");
    }
    let paper = f.required_text("paper", 100);
    let kind = papers::kind(&paper);
    if kind.is_none() && !paper.is_empty() {
        f.error("paper", "unknown paper; GET /api/papers/kinds lists them");
    }
    f.finish()?;
    let (Some(case_id), Some(kind)) = (case_id, kind) else { return Err(ApiError::Internal("checked query missing".into())) };
    let proposed = state.blocking(move |s| s.store.read(|c| papers::build::proposed_in(c, kind, case_id, lang))).await?;
    Ok((lang.headers(), Json(proposed)))
}

async fn build(State(state): State<AppState>, lang: Lang, JsonBody(body): JsonBody) -> Result<impl IntoResponse, ApiError> {
    let mut f = Fields::new(&body, &["paper", "caseId", "fields", "draftId"], "field")?;
    let paper = f.required_text("paper", 100);
    let case_id = f.id("caseId");
    if case_id.is_none() && !f.has("caseId") {
        f.error("caseId", "is required: the case the paper is built from");
    }
    let draft_id = f.id("draftId");
    let fields = f.raw("fields").cloned().unwrap_or(Value::Null);
    if !(fields.is_null() || fields.is_object()) {
        f.error("fields", "must be an object of the paper's fields ({\"reason\": \"…\"})");
    }
    f.finish()?;
    let Some(case_id) = case_id else { return Err(ApiError::Internal("checked caseId missing".into())) };
    // The paper is English (it is filed); its warnings and when to file it are said in the
    // request's language.
    let built: Built = state
        .blocking(move |s| {
            let request = papers::build::Request { paper_id: &paper, case_id, fields: &fields, draft_id, created_by: "person" };
            papers::build::build_in(s, request, lang)
        })
        .await?;
    Ok((StatusCode::CREATED, lang.headers(), Json(built)))
}

async fn check_paper(State(state): State<AppState>, lang: Lang, JsonBody(body): JsonBody) -> Result<impl IntoResponse, ApiError> {
    let mut f = Fields::new(&body, &["draftId", "documentId"], "field")?;
    let target = check::read_target(&mut f, "");
    f.finish()?;
    let Some(target) = target else { return Err(ApiError::Internal("checked target missing".into())) };
    // What was found and what was checked, in the request's language; the values stay as written.
    Ok((lang.headers(), Json(check::check_in(&state, target, lang).await?)))
}

/// `?version=N` (and `?format=` where the route takes one), with `lang` read by the extractor.
fn version_and_format(
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
    formats: Option<&[&str]>,
) -> Result<(Option<i64>, Option<String>), ApiError> {
    let query = query_of(query)?;
    let allowed: &[&str] = if formats.is_some() { &["version", "format", "lang"] } else { &["version", "lang"] };
    let mut f = Fields::new(&query, allowed, "query parameter")?;
    let version = f.integer("version", 1, i64::MAX);
    let format = formats.and_then(|formats| crate::drafting::read_choice(&mut f, "format", formats));
    f.finish()?;
    Ok((version, format))
}

async fn explained(
    State(state): State<AppState>,
    lang: Lang,
    Path(id): Path<String>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let id = parse_id("draft", &id)?;
    let (version, _) = version_and_format(query, None)?;
    let explained = state.blocking(move |s| explain::explained(s, id, version, lang)).await?;
    Ok((lang.headers(), Json(explained)))
}

/// The Spanish reader's copy (not for filing), as a file.
async fn spanish_copy(
    State(state): State<AppState>,
    Path(id): Path<String>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Response, ApiError> {
    let id = parse_id("draft", &id)?;
    let (version, format) = version_and_format(query, Some(&explain::FORMATS))?;
    let format = format.unwrap_or_default();
    let file = state.blocking(move |s| explain::reading_copy(s, id, version, &format)).await?;
    Ok((
        [
            (header::CONTENT_TYPE, file.content_type.to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{}\"", file.file_name)),
            (header::CONTENT_LANGUAGE, "es".to_string()),
        ],
        file.bytes,
    )
        .into_response())
}
