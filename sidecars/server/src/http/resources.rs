//! List, create, read, update and delete for every [`Table`], one set of handlers for all.
//!
//! `GET /` lists (`?caseId=&limit=&offset=` and the table's own filters, the count of every
//! matching record in `X-Total-Count`), `POST /` creates (201), `GET /{id}` reads,
//! `PUT` or `PATCH /{id}` lays the body's fields over the record (`null` clears one), and
//! `DELETE /{id}` deletes (204).

use std::collections::HashMap;

use axum::Json;
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderName, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use serde_json::Value;

use super::JsonBody;
use crate::fields::Fields;
use crate::store::{ListFilter, Page, Table};
use crate::{ApiError, AppState};

pub fn routes<T: Table>() -> Router<AppState> {
    Router::new()
        .route("/", get(list::<T>).post(create::<T>))
        .route("/{id}", get(read::<T>).put(update::<T>).patch(update::<T>).delete(delete::<T>))
}

/// A record id from the path; anything but a positive whole number names no record.
pub fn parse_id(noun: &str, raw: &str) -> Result<i64, ApiError> {
    raw.parse::<i64>().ok().filter(|&id| id > 0).ok_or_else(|| ApiError::not_found(noun, raw))
}

/// The header a list's total count goes in.
pub const TOTAL_COUNT: &str = "x-total-count";

/// `?caseId=&limit=&offset=` and the `filters` a table takes, validated like a body.
pub fn list_filter(query: Result<Query<HashMap<String, String>>, QueryRejection>, filters: &[&str]) -> Result<ListFilter, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::BadRequest(format!("bad query string: {e}")))?;
    let object = Value::Object(query.into_iter().map(|(k, v)| (k, Value::String(v))).collect());
    let allowed: Vec<&str> = ["caseId", "limit", "offset"].iter().chain(filters).copied().collect();
    let mut f = Fields::new(&object, &allowed, "query parameter")?;
    let filter = ListFilter {
        case_id: f.id("caseId"),
        limit: f.integer("limit", 1, 100_000),
        offset: f.integer("offset", 0, i64::MAX),
        from: f.date("from").map(|d| d.to_string()),
        to: f.date("to").map(|d| d.to_string()),
        done: f.bool("done"),
        query: f.text("query", 1000),
        party: f.text("party", 300),
        critical: f.bool("critical"),
    };
    if let (Some(from), Some(to)) = (&filter.from, &filter.to)
        && from > to
    {
        f.error("to", "is before from");
    }
    f.finish()?;
    Ok(filter)
}

/// A page of records as JSON, with the count of all of them in [`TOTAL_COUNT`].
pub fn listed<R: serde::Serialize>(page: Page<R>) -> impl IntoResponse {
    ([(HeaderName::from_static(TOTAL_COUNT), page.total.to_string())], Json(page.items))
}

async fn list<T: Table>(
    State(state): State<AppState>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let filter = list_filter(query, T::FILTERS)?;
    Ok(listed(state.blocking(move |s| s.store.read(|c| T::list(c, &filter))).await?))
}

async fn create<T: Table>(State(state): State<AppState>, JsonBody(body): JsonBody) -> Result<(StatusCode, Json<T::Record>), ApiError> {
    let input = T::parse(&body)?;
    let record = state
        .blocking(move |s| {
            s.store.write(|c| {
                let id = T::insert(c, &input)?;
                T::get(c, id)?.ok_or_else(|| ApiError::Internal(format!("{} {id} vanished after insert", T::NOUN)))
            })
        })
        .await?;
    if T::passages_of(0).is_some() {
        state.knowledge.wake();
    }
    Ok((StatusCode::CREATED, Json(record)))
}

async fn read<T: Table>(State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<T::Record>, ApiError> {
    let id = parse_id(T::NOUN, &id)?;
    let record = state.blocking(move |s| s.store.read(|c| T::get(c, id))).await?;
    record.map(Json).ok_or_else(|| ApiError::not_found(T::NOUN, id))
}

async fn update<T: Table>(
    State(state): State<AppState>,
    Path(id): Path<String>,
    JsonBody(patch): JsonBody,
) -> Result<Json<T::Record>, ApiError> {
    let id = parse_id(T::NOUN, &id)?;
    if !patch.is_object() {
        return Err(ApiError::BadRequest("send the fields to change as a JSON object".into()));
    }
    let record = state
        .blocking(move |s| {
            changing_passages::<T, _>(s, id, || {
                s.store.write(|c| {
                    let stored = T::get(c, id)?.ok_or_else(|| ApiError::not_found(T::NOUN, id))?;
                    let stored = serde_json::to_value(&stored).map_err(|e| ApiError::Internal(e.to_string()))?;
                    let input = T::parse(&T::merge(stored, &patch))?;
                    T::update(c, id, &input)?;
                    T::get(c, id)?.ok_or_else(|| ApiError::not_found(T::NOUN, id))
                })
            })
        })
        .await?;
    Ok(Json(record))
}

async fn delete<T: Table>(State(state): State<AppState>, Path(id): Path<String>) -> Result<StatusCode, ApiError> {
    let id = parse_id(T::NOUN, &id)?;
    if state.blocking(move |s| changing_passages::<T, _>(s, id, || s.store.write(|c| T::delete(c, id)))).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::not_found(T::NOUN, id))
    }
}

/// Runs `change` on record `id`; for a record whose passages are searched (a note), under the
/// knowledge index's lock, dropping the old passages' vectors after.
fn changing_passages<T: Table, R>(state: &AppState, id: i64, change: impl FnOnce() -> Result<R, ApiError>) -> Result<R, ApiError> {
    match T::passages_of(id) {
        Some(owner) => state.knowledge.replace_passages(owner, change),
        None => change(),
    }
}
