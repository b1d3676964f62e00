//! Proof for the hearing, in the window (the case's "Proof for the hearing" page; issue 43): what
//! the court must find in the case's kind, the person's records linked to each element with what
//! they show, and the hearing packet written to the exports folder. Thin over the case data
//! server's `/api/proof`, `/api/cases/{id}/proof` and `/api/cases/{id}/hearing-packet`.

use serde_json::Value;
use tauri::State;

use crate::error::CommandError;
use crate::state::AppState;

/// What the court must find in a kind of case (`eviction-tenant`, …), each element with its
/// sections, kinds of evidence and sources.
#[tauri::command]
pub async fn proof_kind(state: State<'_, AppState>, kind: String) -> Result<Value, CommandError> {
    Ok(state.workspace()?.proof_kind(kind.trim()).await?)
}

/// The case's Proof view: each element's status, what is missing and the records linked, the
/// counts and the caveat (a `message` instead of elements for a case without a kind).
#[tauri::command]
pub async fn case_proof(state: State<'_, AppState>, case_id: i64) -> Result<Value, CommandError> {
    Ok(state.workspace()?.case_proof(case_id).await?)
}

/// Links a record of the case to an element (`linked: true`, with what it shows in `note`) or
/// takes the link away: → the Proof view after the change. A wrong element, record kind or
/// record is `invalid_input` on that field.
#[tauri::command]
pub async fn link_proof(
    state: State<'_, AppState>,
    case_id: i64,
    element_id: String,
    record_kind: String,
    record_id: i64,
    linked: bool,
    note: Option<String>,
) -> Result<Value, CommandError> {
    Ok(state.workspace()?.link_proof(case_id, &element_id, &record_kind, record_id, linked, note.as_deref()).await?)
}

/// Writes the hearing packet (PDF and Word) to the exports folder, the linked documents numbered
/// as exhibits in `exhibits`' order: `{files: [{path, fileName}], warnings}`.
#[tauri::command]
pub async fn hearing_packet(state: State<'_, AppState>, case_id: i64, exhibits: Option<Vec<i64>>) -> Result<Value, CommandError> {
    Ok(state.workspace()?.hearing_packet(case_id, &exhibits.unwrap_or_default()).await?)
}
