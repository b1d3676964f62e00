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

use std::collections::HashMap;

use axum::Json;
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use serde_json::Value;

use super::JsonBody;
use crate::fields::Fields;
use crate::papers::{self, Built, KindView, check};
use crate::{ApiError, AppState};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/papers/kinds", get(kinds))
        .route("/api/papers/proposed", get(proposed))
        .route("/api/papers", post(build))
        .route("/api/papers/check", post(check_paper))
}

fn query_of(query: Result<Query<HashMap<String, String>>, QueryRejection>) -> Result<Value, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::BadRequest(format!("the query string could not be read: {e}")))?;
    Ok(Value::Object(query.into_iter().map(|(k, v)| (k, Value::String(v))).collect()))
}

async fn kinds(query: Result<Query<HashMap<String, String>>, QueryRejection>) -> Result<Json<Vec<KindView>>, ApiError> {
    let query = query_of(query)?;
    let mut f = Fields::new(&query, &["caseKind"], "query parameter")?;
    let case_kind = f.text("caseKind", 100);
    if let Some(kind) = &case_kind
        && !crate::paths::kinds().contains(&kind.as_str())
    {
        f.error("caseKind", format!("unknown case kind; the kinds are: {}", crate::paths::kinds().join(", ")));
    }
    f.finish()?;
    Ok(Json(papers::kinds(case_kind.as_deref())))
}

async fn proposed(
    State(state): State<AppState>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Json<papers::build::Proposed>, ApiError> {
    let query = query_of(query)?;
    let mut f = Fields::new(&query, &["caseId", "paper"], "query parameter")?;
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
    Ok(Json(state.blocking(move |s| s.store.read(|c| papers::proposed(c, kind, case_id))).await?))
}

async fn build(State(state): State<AppState>, JsonBody(body): JsonBody) -> Result<(StatusCode, Json<Built>), ApiError> {
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
    let built = state.blocking(move |s| papers::build(s, &paper, case_id, &fields, draft_id, "person")).await?;
    Ok((StatusCode::CREATED, Json(built)))
}

async fn check_paper(State(state): State<AppState>, JsonBody(body): JsonBody) -> Result<Json<check::Report>, ApiError> {
    let mut f = Fields::new(&body, &["draftId", "documentId"], "field")?;
    let target = check::read_target(&mut f, "");
    f.finish()?;
    let Some(target) = target else { return Err(ApiError::Internal("checked target missing".into())) };
    Ok(Json(check::check(&state, target).await?))
}
