//! `POST /api/backup {path}` and `POST /api/restore {path}` (see [`crate::backup`]).

use axum::Json;
use axum::extract::State;

use super::JsonBody;
use crate::backup::{self, BackupMade, Restored};
use crate::fields::Fields;
use crate::{ApiError, AppState};

fn path_of(body: &serde_json::Value) -> Result<std::path::PathBuf, ApiError> {
    let mut f = Fields::new(body, &["path"], "field")?;
    let raw = f.required_text("path", 4096);
    f.finish()?;
    backup::checked_path(&raw)
}

pub async fn create(State(state): State<AppState>, JsonBody(body): JsonBody) -> Result<Json<BackupMade>, ApiError> {
    let path = path_of(&body)?;
    Ok(Json(state.blocking(move |s| backup::create(s, &path)).await?))
}

pub async fn restore(State(state): State<AppState>, JsonBody(body): JsonBody) -> Result<Json<Restored>, ApiError> {
    let path = path_of(&body)?;
    Ok(Json(state.blocking(move |s| backup::restore(s, &path)).await?))
}
