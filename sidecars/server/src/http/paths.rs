//! The step-by-step paths ([`crate::paths`]) over HTTP, and each case's own path.
//!
//! - `GET /api/paths` → `{about, caveats, kinds: [{kind, title, summary, dates: [{key, label,
//!   court?}], steps}]}`: the kinds a case may be, for the window's chooser (`steps` is a count).
//! - `GET /api/paths/{kind}` → that kind's path as written; 404 for an unknown kind.
//! - `GET /api/which-court?kind=K[&amount=DOLLARS]` → `{court, courtName, also, why, sections}`.
//! - `GET /api/cases/{id}/path` → the case's plan ([`crate::paths::plan`]): its kind's steps, the
//!   ones it ticked done, each deadline counted from its path dates, the court for its amount;
//!   404 for no such case, 409 when the case has no kind yet.
//! - `PUT /api/cases/{id}/path` `{kind?, dates?: {key: "YYYY-MM-DD" | null}, amount?}` → saves them
//!   on the case (dates merge into those it has; `null` clears one) and brings the case's
//!   deadlines in line with the path ([`crate::store::path_deadlines`]): a step's deadline whose
//!   date is known is a deadline of the case made from its rule, a court date is a hearing; → the
//!   plan.

use std::collections::BTreeMap;

use axum::Json;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::routing::get;
use serde_json::{Value, json};

use super::JsonBody;
use super::resources::parse_id;
use crate::fields::Fields;
use crate::paths::{self, Plan};
use crate::store::cases::{Case, Cases};
use crate::store::{Table, merge_fields, path_deadlines};
use crate::{ApiError, AppState};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/paths", get(list))
        .route("/api/paths/{kind}", get(one))
        .route("/api/which-court", get(which_court))
        .route("/api/cases/{id}/path", get(case_path).put(set_case_path))
}

async fn list() -> Json<Value> {
    let book = paths::book();
    let kinds: Vec<Value> = paths::kinds()
        .into_iter()
        .filter_map(paths::path)
        .map(|p| json!({ "kind": p.id, "title": p.title, "summary": p.summary, "dates": p.dates, "steps": p.steps.len() }))
        .collect();
    Json(json!({ "about": book.about, "caveats": book.caveats, "kinds": kinds }))
}

async fn one(Path(kind): Path<String>) -> Result<Json<paths::Path>, ApiError> {
    paths::path(&kind).cloned().map(Json).ok_or_else(|| unknown_kind(&kind))
}

fn unknown_kind(kind: &str) -> ApiError {
    let kind: String = kind.chars().take(60).collect();
    ApiError::NotFound(format!("no step-by-step path for \"{kind}\"; the kinds are {}", paths::kinds().join(", ")))
}

async fn which_court(Query(query): Query<BTreeMap<String, String>>) -> Result<Json<paths::CourtChoice>, ApiError> {
    let body = json!(query);
    let mut f = Fields::new(&body, &["kind", "amount"], "parameter")?;
    let kind = f.required_text("kind", 60);
    let amount = f.cents("amount");
    f.finish()?;
    paths::which_court(&kind, amount).map(Json).ok_or_else(|| unknown_kind(&kind))
}

/// The plan of `case`; a conflict when it has no kind yet.
fn plan_of(c: &rusqlite::Connection, case: &Case) -> Result<Plan, ApiError> {
    path_deadlines::case_plan(c, case)?.ok_or_else(|| {
        ApiError::Conflict(format!(
            "case {} has no kind yet: choose one ({}) to see its step-by-step path",
            case.id,
            paths::kinds().join(", ")
        ))
    })
}

fn no_case(id: i64) -> ApiError {
    ApiError::NotFound(format!("no case with id {id}"))
}

async fn case_path(State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<Plan>, ApiError> {
    let id = parse_id("case", &id)?;
    let plan = state
        .blocking(move |s| {
            s.store.read(|c| {
                let case = Cases::get(c, id)?.ok_or_else(|| no_case(id))?;
                plan_of(c, &case)
            })
        })
        .await?;
    Ok(Json(plan))
}

async fn set_case_path(State(state): State<AppState>, Path(id): Path<String>, JsonBody(body): JsonBody) -> Result<Json<Plan>, ApiError> {
    let id = parse_id("case", &id)?;
    // Only these three; their values are checked by the case's own parsing below.
    Fields::new(&body, &["kind", "dates", "amount"], "field")?.finish()?;
    let plan = state
        .blocking(move |s| {
            s.store.write(|c| {
                let case = Cases::get(c, id)?.ok_or_else(|| no_case(id))?;
                let stored = serde_json::to_value(&case).map_err(|e| ApiError::Internal(e.to_string()))?;
                let mut patch = serde_json::Map::new();
                if let Some(kind) = body.get("kind") {
                    patch.insert("kind".into(), kind.clone());
                }
                if let Some(amount) = body.get("amount") {
                    patch.insert("amount".into(), amount.clone());
                }
                if let Some(dates) = body.get("dates") {
                    let mut merged = serde_json::to_value(&case.path_dates).unwrap_or_else(|_| json!({}));
                    match (merged.as_object_mut(), dates.as_object()) {
                        (Some(merged), Some(dates)) => merged.extend(dates.clone()),
                        _ => return Err(ApiError::field("dates", "must be an object of dates, e.g. {\"judgmentDate\": \"2026-03-20\"}")),
                    }
                    patch.insert("pathDates".into(), merged);
                }
                let input = Cases::parse(&merge_fields(stored, &Value::Object(patch)))?;
                Cases::update(c, id, &input)?;
                let case = Cases::get(c, id)?.ok_or_else(|| no_case(id))?;
                let plan = plan_of(c, &case)?;
                path_deadlines::sync(c, &case, &plan)?;
                Ok(plan)
            })
        })
        .await?;
    Ok(Json(plan))
}
