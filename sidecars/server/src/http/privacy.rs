//! The case file's lock over HTTP (see [`crate::privacy`]): `GET /api/privacy` → `{encrypted,
//! locked}`; `POST /api/privacy/encrypt {passphrase}` (→ the recovery key, once);
//! `POST /api/privacy/unlock {passphrase | recoveryKey}`; `POST /api/privacy/lock`;
//! `POST /api/privacy/passphrase {old | recoveryKey, new}`; `POST /api/privacy/decrypt {passphrase}`.
//!
//! A passphrase's spaces at the start and end are not part of it (as every text field here).
//! And [`gate`]: while the case file is locked, every route that reads or writes the person's
//! data answers 423.

use axum::Json;
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Router, http::StatusCode};

use super::JsonBody;
use crate::fields::Fields;
use crate::privacy::convert::{self, Secret, TurnedOn};
use crate::privacy::{Status, keys::MAX_PASSPHRASE_CHARS};
use crate::{ApiError, AppState};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/privacy", get(status))
        .route("/api/privacy/encrypt", post(encrypt))
        .route("/api/privacy/unlock", post(unlock))
        .route("/api/privacy/lock", post(lock))
        .route("/api/privacy/passphrase", post(change_passphrase))
        .route("/api/privacy/decrypt", post(decrypt))
}

/// Routes that hold none of the person's data and answer while locked: health, the lock itself,
/// the embedding model (the explorer embeds law searches with it), and the app's own reference
/// data (the deadline rules, the paths and which court, help from people, what each kind of case
/// must prove).
fn answers_while_locked(path: &str) -> bool {
    const OPEN: &[&str] = &[
        super::HEALTH_PATH,
        "/api/privacy",
        "/v1/embeddings",
        "/v1/models",
        "/api/tools",
        "/api/deadline-rules",
        "/api/deadline-rules/compute",
        "/api/paths",
        "/api/which-court",
        "/api/help",
        "/api/help/localities",
        "/api/help/locality",
        "/api/help/eligibility",
        "/api/help/screen",
        "/api/papers/kinds",
    ];
    OPEN.contains(&path)
        || path.starts_with("/api/privacy/")
        || path.starts_with("/v1/models/")
        || path.starts_with("/api/paths/")
        || path.starts_with("/api/proof/kinds/")
}

/// 423 for the person's data while the case file is locked.
pub async fn gate(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if state.privacy.is_locked() && !answers_while_locked(request.uri().path()) {
        return ApiError::Locked.into_response();
    }
    next.run(request).await
}

async fn status(State(state): State<AppState>) -> Json<Status> {
    Json(state.privacy.status())
}

async fn encrypt(State(state): State<AppState>, JsonBody(body): JsonBody) -> Result<(StatusCode, Json<TurnedOn>), ApiError> {
    let mut f = Fields::new(&body, &["passphrase"], "field")?;
    let passphrase = f.required_text("passphrase", MAX_PASSPHRASE_CHARS);
    f.finish()?;
    let turned_on = state.blocking(move |s| convert::encrypt(s, &passphrase)).await?;
    Ok((StatusCode::OK, Json(turned_on)))
}

/// `{passphrase}` or `{recoveryKey}`, exactly one.
fn secret(f: &mut Fields<'_>, passphrase: &str) -> Option<Secret> {
    let given = (f.text(passphrase, MAX_PASSPHRASE_CHARS), f.text("recoveryKey", 200));
    match given {
        (Some(_), Some(_)) => {
            f.error("recoveryKey", format!("give `{passphrase}` or `recoveryKey`, not both"));
            None
        }
        (Some(p), None) => Some(Secret::Passphrase(p)),
        (None, Some(r)) => Some(Secret::RecoveryKey(r)),
        (None, None) => {
            f.error(passphrase, "is required (or `recoveryKey`, the key shown when the lock was turned on)");
            None
        }
    }
}

async fn unlock(State(state): State<AppState>, JsonBody(body): JsonBody) -> Result<Json<Status>, ApiError> {
    let mut f = Fields::new(&body, &["passphrase", "recoveryKey"], "field")?;
    let secret = secret(&mut f, "passphrase");
    f.finish()?;
    let secret = secret.ok_or_else(|| ApiError::Internal("checked secret missing".into()))?;
    Ok(Json(state.blocking(move |s| convert::unlock(s, secret)).await?))
}

async fn lock(State(state): State<AppState>) -> Result<Json<Status>, ApiError> {
    Ok(Json(state.blocking(convert::lock).await?))
}

async fn change_passphrase(State(state): State<AppState>, JsonBody(body): JsonBody) -> Result<Json<Status>, ApiError> {
    let mut f = Fields::new(&body, &["old", "recoveryKey", "new"], "field")?;
    let old = secret(&mut f, "old");
    let new = f.required_text("new", MAX_PASSPHRASE_CHARS);
    f.finish()?;
    let old = old.ok_or_else(|| ApiError::Internal("checked secret missing".into()))?;
    Ok(Json(state.blocking(move |s| convert::change_passphrase(s, old, &new)).await?))
}

async fn decrypt(State(state): State<AppState>, JsonBody(body): JsonBody) -> Result<Json<Status>, ApiError> {
    let mut f = Fields::new(&body, &["passphrase"], "field")?;
    let passphrase = f.required_text("passphrase", MAX_PASSPHRASE_CHARS);
    f.finish()?;
    Ok(Json(state.blocking(move |s| convert::decrypt(s, &passphrase)).await?))
}
