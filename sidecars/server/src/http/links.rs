//! `/api/links`: what the person's notes and documents are linked to (see
//! [`crate::store::links`]).
//!
//! `GET /?fromKind=&fromId=` lists the links from a note or document, `GET /?toKind=&to=` those to
//! a section, deadline or opinion (one of the two pairs is required; both narrow to one pair),
//! oldest first, the count in `X-Total-Count`. `POST /` with `{fromKind, fromId, toKind, to, why?,
//! createdBy?}` makes one and answers 201 with `{"link": {...}, "merged": bool}`; `merged` is true
//! when the pair was linked already (that link comes back, its `why` replaced by a non-empty new
//! one). `createdBy` is `person` unless the client says `agent` (the `link` tool always does).
//! `DELETE /{id}` removes one (204).

use std::collections::HashMap;

use axum::Json;
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{delete, get};
use serde_json::{Value, json};

use super::JsonBody;
use super::resources::{listed, parse_id};
use crate::fields::Fields;
use crate::store::Page;
use crate::store::links::{self, LinkFilter};
use crate::{ApiError, AppState, linking};

pub fn routes() -> Router<AppState> {
    Router::new().route("/", get(list).post(create)).route("/{id}", delete(remove))
}

async fn list(
    State(state): State<AppState>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::BadRequest(format!("bad query string: {e}")))?;
    let object = Value::Object(query.into_iter().map(|(k, v)| (k, Value::String(v))).collect());
    let mut f = Fields::new(&object, &["fromKind", "fromId", "toKind", "to"], "query parameter")?;
    let filter = LinkFilter::read(&mut f);
    f.finish()?;
    let items = state.blocking(move |s| s.store.read(|c| links::list(c, &filter))).await?;
    Ok(listed(Page { total: items.len() as i64, items }))
}

async fn create(State(state): State<AppState>, JsonBody(body): JsonBody) -> Result<(StatusCode, Json<Value>), ApiError> {
    let mut f = Fields::new(&body, &["fromKind", "fromId", "toKind", "to", "why", "createdBy"], "field")?;
    let created_by = f.one_of("createdBy", &links::CREATED_BY).unwrap_or_else(|| "person".into());
    let input = links::read(&mut f, &created_by);
    f.finish()?;
    let (link, merged) = linking::link(&state, input).await?;
    Ok((StatusCode::CREATED, Json(json!({ "link": link, "merged": merged }))))
}

async fn remove(State(state): State<AppState>, Path(id): Path<String>) -> Result<StatusCode, ApiError> {
    let id = parse_id("link", &id)?;
    if state.blocking(move |s| s.store.write(|c| links::delete(c, id))).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::not_found("link", id))
    }
}
