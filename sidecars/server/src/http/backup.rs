//! `POST /api/backup {path}` and `POST /api/restore {path}` (see [`crate::backup`]).

use axum::Json;
use axum::extract::State;

use super::JsonBody;
use crate::backup::{self, BackupMade, Restored};
use crate::fields::Fields;
use crate::privacy::convert::Secret;
use crate::{ApiError, AppState};

pub async fn create(State(state): State<AppState>, JsonBody(body): JsonBody) -> Result<Json<BackupMade>, ApiError> {
    let mut f = Fields::new(&body, &["path"], "field")?;
    let raw = f.required_text("path", 4096);
    f.finish()?;
    let path = backup::checked_path(&raw)?;
    Ok(Json(state.blocking(move |s| backup::create(s, &path)).await?))
}

/// `{path, passphrase?, recoveryKey?}`: the secret only for a backup locked under another key.
pub async fn restore(State(state): State<AppState>, JsonBody(body): JsonBody) -> Result<Json<Restored>, ApiError> {
    let mut f = Fields::new(&body, &["path", "passphrase", "recoveryKey"], "field")?;
    let raw = f.required_text("path", 4096);
    let passphrase = f.text("passphrase", crate::privacy::keys::MAX_PASSPHRASE_CHARS);
    let recovery = f.text("recoveryKey", 200);
    f.finish()?;
    let path = backup::checked_path(&raw)?;
    let secret = match (passphrase, recovery) {
        (Some(p), _) => Some(Secret::Passphrase(p)),
        (None, Some(r)) => Some(Secret::RecoveryKey(r)),
        (None, None) => None,
    };
    Ok(Json(state.blocking(move |s| backup::restore(s, &path, secret)).await?))
}
