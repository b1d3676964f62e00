//! `/api/drafts`: the person's drafts, each version kept (see [`crate::drafting`]).
//!
//! - `GET /?caseId=&limit=&offset=` lists them, most recently changed first, the count in
//!   `X-Total-Count`: `[{id, caseId, title, kind, version, updatedAt, documentId}]`.
//! - `POST /` with `{title, kind, content, caseId?, sources?: [{label, url?}]}` checks and stores
//!   one (201, the draft). `kind` is `markdown`, `mermaid` or `table`; a draft that does not pass
//!   its kind's check is a 400 naming `content`, with the line.
//! - `POST /build` with `{build: "timeline"|"checklist", caseId, title?, draftId?}` builds one from
//!   the case's data with no model (201): a new draft, or a new version of `draftId`.
//! - `GET /{id}` (`?version=N` for an older one), `POST /{id}/versions` with `{content,
//!   sources?, title?}` (the new version; sources left out are kept), `DELETE /{id}` (204; its
//!   document goes too).
//! - `GET /{id}/export?format=md|docx|pdf&version=N` downloads a version as a file.
//!
//! A draft is `{id, caseId, title, kind, version, content, sources, warnings, documentId,
//! versions: [{version, createdAt, createdBy}], notice, createdBy, versionCreatedAt, createdAt,
//! updatedAt}`.

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
use super::resources::{list_filter, listed, parse_id};
use crate::drafting::{self, Build, DraftView, NewDraft, Revision};
use crate::fields::Fields;
use crate::store::drafts;
use crate::{ApiError, AppState};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(list).post(create))
        .route("/build", post(build))
        .route("/{id}", get(read).delete(remove))
        .route("/{id}/versions", post(add_version))
        .route("/{id}/export", get(export))
}

async fn list(
    State(state): State<AppState>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let filter = list_filter(query, &[])?;
    Ok(listed(state.blocking(move |s| s.store.read(|c| drafts::list(c, &filter))).await?))
}

async fn create(State(state): State<AppState>, JsonBody(body): JsonBody) -> Result<(StatusCode, Json<DraftView>), ApiError> {
    let mut f = Fields::new(&body, &["title", "kind", "content", "caseId", "sources"], "field")?;
    let title = drafting::read_title(&mut f);
    let kind = drafting::read_kind(&mut f);
    let content = drafting::read_content(&mut f, true);
    let case_id = f.id("caseId");
    let sources = drafting::read_sources(&mut f).unwrap_or_default();
    f.finish()?;
    let (Some(kind), Some(content)) = (kind, content) else { return Err(ApiError::Internal("checked draft fields missing".into())) };
    let new = NewDraft { case_id, title, kind, content, sources };
    let draft = state.blocking(move |s| drafting::create(s, new, "person")).await?;
    Ok((StatusCode::CREATED, Json(draft)))
}

async fn build(State(state): State<AppState>, JsonBody(body): JsonBody) -> Result<(StatusCode, Json<DraftView>), ApiError> {
    let mut f = Fields::new(&body, &["build", "caseId", "title", "draftId"], "field")?;
    let what = drafting::read_choice(&mut f, "build", &Build::NAMES).as_deref().and_then(Build::parse);
    let case_id = f.id("caseId");
    let title = f.text("title", proseva_drafts::MAX_TITLE_CHARS);
    let draft_id = f.id("draftId");
    if case_id.is_none() && draft_id.is_none() {
        f.error("caseId", "is required: the case whose data the draft is built from");
    }
    f.finish()?;
    let Some(what) = what else { return Err(ApiError::Internal("checked build missing".into())) };
    let draft = state.blocking(move |s| drafting::build(s, what, case_id, title, draft_id)).await?;
    Ok((StatusCode::CREATED, Json(draft)))
}

async fn read(
    State(state): State<AppState>,
    Path(id): Path<String>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Json<DraftView>, ApiError> {
    let id = parse_id("draft", &id)?;
    let query = query_object(query)?;
    let mut f = Fields::new(&query, &["version"], "query parameter")?;
    let version = f.integer("version", 1, i64::MAX);
    f.finish()?;
    Ok(Json(state.blocking(move |s| drafting::get(s, id, version)).await?))
}

async fn add_version(
    State(state): State<AppState>,
    Path(id): Path<String>,
    JsonBody(body): JsonBody,
) -> Result<(StatusCode, Json<DraftView>), ApiError> {
    let id = parse_id("draft", &id)?;
    let mut f = Fields::new(&body, &["content", "sources", "title"], "field")?;
    let content = drafting::read_content(&mut f, true);
    let sources = drafting::read_sources(&mut f);
    let title = f.has("title").then(|| drafting::read_title(&mut f));
    f.finish()?;
    let revision = Revision { content: content.unwrap_or_default(), sources, title, ..Revision::default() };
    let draft = state.blocking(move |s| drafting::revise(s, id, revision, "person")).await?;
    Ok((StatusCode::CREATED, Json(draft)))
}

async fn remove(State(state): State<AppState>, Path(id): Path<String>) -> Result<StatusCode, ApiError> {
    let id = parse_id("draft", &id)?;
    if state.blocking(move |s| drafting::delete(s, id)).await? { Ok(StatusCode::NO_CONTENT) } else { Err(ApiError::not_found("draft", id)) }
}

/// `?format=md|docx|pdf&version=N`: the file, named `<title slug>-v<N>.<format>`.
async fn export(
    State(state): State<AppState>,
    Path(id): Path<String>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Response, ApiError> {
    let id = parse_id("draft", &id)?;
    let query = query_object(query)?;
    let mut f = Fields::new(&query, &["format", "version"], "query parameter")?;
    let format = drafting::read_choice(&mut f, "format", &drafting::FORMATS);
    let version = f.integer("version", 1, i64::MAX);
    f.finish()?;
    let format = format.unwrap_or_default();
    let file = state.blocking(move |s| drafting::export(s, id, version, &format)).await?;
    Ok((
        [
            (header::CONTENT_TYPE, file.content_type.to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{}\"", file.file_name)),
        ],
        file.bytes,
    )
        .into_response())
}

fn query_object(query: Result<Query<HashMap<String, String>>, QueryRejection>) -> Result<Value, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::BadRequest(format!("bad query string: {e}")))?;
    Ok(Value::Object(query.into_iter().map(|(k, v)| (k, Value::String(v))).collect()))
}
