//! The step-by-step paths ([`crate::paths`]) over HTTP, and each case's own path.
//!
//! - `GET /api/paths` → `{about, caveats, kinds: [{kind, title, summary, dates: [{key, label,
//!   court?}], steps}]}`: the kinds a case may be, for the window's chooser (`steps` is a count).
//! - `GET /api/paths/{kind}` → that kind's path as written; 404 for an unknown kind.
//! - `GET /api/which-court?kind=K[&amount=DOLLARS][&lang=es]` → `{court, courtName, also, why,
//!   sections}`.
//! - `GET /api/cases/{id}/path` → the case's plan ([`crate::paths::plan`]): its kind's steps, the
//!   ones it ticked done, each deadline counted from its path dates, the court for its amount;
//!   404 for no such case, 409 when the case has no kind yet.
//! - `PUT /api/cases/{id}/path` `{kind?, dates?: {key: "YYYY-MM-DD" | null}, amount?}` → saves them
//!   on the case (dates merge into those it has; `null` clears one) and brings the case's
//!   deadlines in line with the path ([`crate::store::path_deadlines`]): a step's deadline whose
//!   date is known is a deadline of the case made from its rule, a court date is a hearing; → the
//!   plan. New deadlines are written in the request's language; those already made keep their
//!   titles and notes.
//!
//! Every one of them answers in the request's language ([`crate::lang::Lang`]: `?lang=es|en`, else
//! `Accept-Language`), with `Content-Language`: the Spanish paths (`paths/paths.es.json`), court
//! names and deadline rules. Ids, keys, sections, statuses and dates are the same in both.

use std::collections::BTreeMap;

use axum::Json;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::response::IntoResponse;
use axum::routing::get;
use serde_json::{Value, json};

use super::JsonBody;
use super::resources::parse_id;
use crate::fields::Fields;
use crate::lang::Lang;
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

async fn list(lang: Lang) -> impl IntoResponse {
    let book = paths::book_in(lang);
    let kinds: Vec<Value> = book
        .kinds
        .iter()
        .map(|p| json!({ "kind": p.id, "title": p.title, "summary": p.summary, "dates": p.dates, "steps": p.steps.len() }))
        .collect();
    (lang.headers(), Json(json!({ "about": book.about, "caveats": book.caveats, "kinds": kinds })))
}

async fn one(lang: Lang, Path(kind): Path<String>) -> Result<impl IntoResponse, ApiError> {
    let path = paths::path_in(&kind, lang).cloned().ok_or_else(|| unknown_kind(&kind))?;
    Ok((lang.headers(), Json(path)))
}

fn unknown_kind(kind: &str) -> ApiError {
    let kind: String = kind.chars().take(60).collect();
    ApiError::NotFound(format!("no step-by-step path for \"{kind}\"; the kinds are {}", paths::kinds().join(", ")))
}

async fn which_court(lang: Lang, Query(mut query): Query<BTreeMap<String, String>>) -> Result<impl IntoResponse, ApiError> {
    // `lang` was read (and checked) by the extractor.
    query.remove("lang");
    let body = json!(query);
    let mut f = Fields::new(&body, &["kind", "amount"], "parameter")?;
    let kind = f.required_text("kind", 60);
    let amount = f.cents("amount");
    f.finish()?;
    let court = paths::which_court_in(&kind, amount, lang).ok_or_else(|| unknown_kind(&kind))?;
    Ok((lang.headers(), Json(court)))
}

/// The plan of `case`; a conflict when it has no kind yet.
fn plan_of(c: &rusqlite::Connection, case: &Case, lang: Lang) -> Result<Plan, ApiError> {
    path_deadlines::case_plan_in(c, case, lang)?.ok_or_else(|| {
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

async fn case_path(State(state): State<AppState>, lang: Lang, Path(id): Path<String>) -> Result<impl IntoResponse, ApiError> {
    let id = parse_id("case", &id)?;
    let plan = state
        .blocking(move |s| {
            s.store.read(|c| {
                let case = Cases::get(c, id)?.ok_or_else(|| no_case(id))?;
                plan_of(c, &case, lang)
            })
        })
        .await?;
    Ok((lang.headers(), Json(plan)))
}

async fn set_case_path(
    State(state): State<AppState>,
    lang: Lang,
    Path(id): Path<String>,
    JsonBody(body): JsonBody,
) -> Result<impl IntoResponse, ApiError> {
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
                let plan = plan_of(c, &case, lang)?;
                path_deadlines::sync(c, &case, &plan, lang)?;
                Ok(plan)
            })
        })
        .await?;
    Ok((lang.headers(), Json(plan)))
}
