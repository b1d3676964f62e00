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

use axum::Json;
use axum::Router;
use axum::extract::{Path, State};
use axum::routing::{get, post, put};
use serde_json::Value;

use super::JsonBody;
use super::resources::parse_id;
use crate::fields::Fields;
use crate::proof::packet::{self, HearingPacket, MAX_EXHIBITS};
use crate::proof::view::LinkChange;
use crate::proof::{self, CaseProof, KindView};
use crate::{ApiError, AppState};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/proof/kinds/{kind}", get(kind))
        .route("/api/cases/{id}/proof", get(case_proof))
        .route("/api/cases/{id}/proof/links", put(link))
        .route("/api/cases/{id}/hearing-packet", post(hearing_packet))
}

async fn kind(Path(kind): Path<String>) -> Result<Json<KindView>, ApiError> {
    proof::kind_view(&kind).map(Json).ok_or_else(|| {
        let known: Vec<&str> = proof::books().keys().copied().collect();
        ApiError::NotFound(format!("no case kind {kind:?}; the kinds are: {}", known.join(", ")))
    })
}

async fn case_proof(State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<CaseProof>, ApiError> {
    let id = parse_id("case", &id)?;
    state.blocking(move |s| s.store.read(|c| proof::case_proof(c, id))).await.map(Json)
}

async fn link(State(state): State<AppState>, Path(id): Path<String>, JsonBody(body): JsonBody) -> Result<Json<CaseProof>, ApiError> {
    let id = parse_id("case", &id)?;
    let change = LinkChange::parse(&body, &[], false)?;
    state.blocking(move |s| s.store.write(|c| proof::set_link(c, id, &change, "person"))).await.map(|(proof, _)| Json(proof))
}

async fn hearing_packet(
    State(state): State<AppState>,
    Path(id): Path<String>,
    JsonBody(body): JsonBody,
) -> Result<Json<HearingPacket>, ApiError> {
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
    state
        .blocking(move |s| {
            let gathered = s.store.read(|c| packet::gather(c, id, &order, today))?;
            packet::write(gathered, &s.config.exports_dir())
        })
        .await
        .map(Json)
}
