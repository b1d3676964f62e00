//! `/api/cases/{id}/steps`: which steps of a case's step-by-step path the person has ticked off
//! (see [`crate::store::path_steps`]).
//!
//! `GET /api/cases/{id}/steps` → `[{"stepId", "doneAt"}]`, oldest tick first; `DELETE` unticks
//! them all (204). `GET /api/cases/{id}/steps/{stepId}` → the step, 404 if not ticked;
//! `PUT` ticks it (body `{}` or `{"doneAt": "<RFC 3339>"}`; ticking again moves its time) → the
//! step; `DELETE` unticks it (204, ticked or not). A step id is 1 to 100 lowercase letters,
//! digits, `-`, `_` or `.`; a case that does not exist is a 404.

use axum::Json;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::get;

use super::JsonBody;
use super::resources::parse_id;
use crate::fields::{DATE_YEARS, Fields};
use crate::store::path_steps::{self, StepDone};
use crate::{ApiError, AppState};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/cases/{id}/steps", get(list).delete(clear))
        .route("/api/cases/{id}/steps/{step}", get(read).put(tick).delete(untick))
}

fn parse_step(raw: &str) -> Result<String, ApiError> {
    if path_steps::is_step_id(raw) {
        Ok(raw.to_string())
    } else {
        Err(ApiError::field("stepId", "must be 1 to 100 lowercase letters, digits, '-', '_' or '.'"))
    }
}

async fn list(State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<Vec<StepDone>>, ApiError> {
    let id = parse_id("case", &id)?;
    Ok(Json(state.blocking(move |s| s.store.read(|c| path_steps::list(c, id))).await?))
}

async fn clear(State(state): State<AppState>, Path(id): Path<String>) -> Result<StatusCode, ApiError> {
    let id = parse_id("case", &id)?;
    state.blocking(move |s| s.store.write(|c| path_steps::clear(c, id))).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn read(State(state): State<AppState>, Path((id, step)): Path<(String, String)>) -> Result<Json<StepDone>, ApiError> {
    let id = parse_id("case", &id)?;
    let step = parse_step(&step)?;
    let found = state.blocking(move |s| s.store.read(|c| path_steps::get(c, id, &step))).await?;
    found.map(Json).ok_or_else(|| ApiError::NotFound(format!("step not ticked off in case {id}")))
}

async fn tick(
    State(state): State<AppState>,
    Path((id, step)): Path<(String, String)>,
    JsonBody(body): JsonBody,
) -> Result<Json<StepDone>, ApiError> {
    let id = parse_id("case", &id)?;
    let step = parse_step(&step)?;
    let mut f = Fields::new(&body, &["doneAt"], "field")?;
    let done_at = f.text("doneAt", 64).and_then(|text| match chrono::DateTime::parse_from_rfc3339(&text) {
        Ok(at) if DATE_YEARS.contains(&chrono::Datelike::year(&at)) => {
            Some(at.with_timezone(&chrono::Utc).to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
        }
        _ => {
            f.error("doneAt", "must be an instant in RFC 3339, e.g. 2026-03-01T14:00:00Z");
            None
        }
    });
    f.finish()?;
    Ok(Json(state.blocking(move |s| s.store.write(|c| path_steps::tick(c, id, &step, done_at.as_deref()))).await?))
}

async fn untick(State(state): State<AppState>, Path((id, step)): Path<(String, String)>) -> Result<StatusCode, ApiError> {
    let id = parse_id("case", &id)?;
    let step = parse_step(&step)?;
    state.blocking(move |s| s.store.write(|c| path_steps::untick(c, id, &step))).await?;
    Ok(StatusCode::NO_CONTENT)
}
