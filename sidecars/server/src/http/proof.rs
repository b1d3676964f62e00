//! `/api/proof` and the case's Proof view (see [`crate::proof`]).
//!
//! - `GET /api/proof/kinds/{kind}` → `{kind, title, person, otherSide, checkedOn, elements: [{id,
//!   side, title, plain, sections, evidenceKinds, source, sources, check?}], gaps}` (404 naming the
//!   kinds for another id).
//! - `GET /api/cases/{id}/proof` → the case's Proof view ([`crate::proof::CaseProof`]).
//! - `PUT /api/cases/{id}/proof/links {elementId, recordKind, recordId, linked, note?}` → the
//!   Proof view after the change.
//! - `POST /api/cases/{id}/hearing-packet {exhibits?: [documentId]}` → `{files: [{path,
//!   fileName}], warnings}`: the packet's PDF and Word file in the exports folder.
//!
//! Every one of them answers in the request's language ([`crate::lang::Lang`]: `?lang=es|en`, else
//! `Accept-Language`), with `Content-Language`: the kind's Spanish book (`proof/<kind>.es.json`),
//! the view's sentences, and the packet's headings and text (`proof/packet.es.json`); the person's
//! own records stay as they wrote them. Ids, sides, statuses, sections and dates are the same in
//! both.

use axum::Json;
use axum::Router;
use axum::extract::{Path, State};
use axum::response::IntoResponse;
use axum::routing::{get, post, put};
use serde_json::Value;

use super::JsonBody;
use super::resources::parse_id;
use crate::fields::Fields;
use crate::lang::Lang;
use crate::proof;
use crate::proof::packet::{self, MAX_EXHIBITS};
use crate::proof::view::LinkChange;
use crate::{ApiError, AppState};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/proof/kinds/{kind}", get(kind))
        .route("/api/cases/{id}/proof", get(case_proof))
        .route("/api/cases/{id}/proof/links", put(link))
        .route("/api/cases/{id}/hearing-packet", post(hearing_packet))
}

async fn kind(lang: Lang, Path(kind): Path<String>) -> Result<impl IntoResponse, ApiError> {
    let view = proof::kind_view_in(&kind, lang).ok_or_else(|| {
        let known: Vec<&str> = proof::books().keys().copied().collect();
        ApiError::NotFound(format!("no case kind {kind:?}; the kinds are: {}", known.join(", ")))
    })?;
    Ok((lang.headers(), Json(view)))
}

async fn case_proof(State(state): State<AppState>, lang: Lang, Path(id): Path<String>) -> Result<impl IntoResponse, ApiError> {
    let id = parse_id("case", &id)?;
    let view = state.blocking(move |s| s.store.read(|c| proof::case_proof_in(c, id, lang))).await?;
    Ok((lang.headers(), Json(view)))
}

async fn link(
    State(state): State<AppState>,
    lang: Lang,
    Path(id): Path<String>,
    JsonBody(body): JsonBody,
) -> Result<impl IntoResponse, ApiError> {
    let id = parse_id("case", &id)?;
    let change = LinkChange::parse(&body, &[], false)?;
    let (view, _) = state.blocking(move |s| s.store.write(|c| proof::set_link_in(c, id, &change, "person", lang))).await?;
    Ok((lang.headers(), Json(view)))
}

async fn hearing_packet(
    State(state): State<AppState>,
    lang: Lang,
    Path(id): Path<String>,
    JsonBody(body): JsonBody,
) -> Result<impl IntoResponse, ApiError> {
    let id = parse_id("case", &id)?;
    let mut f = Fields::new(&body, &["exhibits"], "field")?;
    let order: Vec<i64> = match f.raw("exhibits") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) if items.len() <= MAX_EXHIBITS && items.iter().all(|v| v.as_i64().is_some_and(|n| n > 0)) => {
            items.iter().filter_map(Value::as_i64).collect()
        }
        Some(_) => {
            f.error(
                "exhibits",
                format!("must be a list of at most {MAX_EXHIBITS} document ids (whole numbers above 0), in the order to number them"),
            );
            Vec::new()
        }
    };
    f.finish()?;
    let today = chrono::Local::now().date_naive();
    let written = state
        .blocking(move |s| {
            let gathered = s.store.read(|c| packet::gather_in(c, id, &order, today, lang))?;
            packet::write(gathered, &s.config.exports_dir())
        })
        .await?;
    Ok((lang.headers(), Json(written)))
}
