//! Help from people in the window (the Help tab; issue 41): Virginia's localities, who helps in
//! one, and what an income means against the programs' limits. Thin over the case data server's
//! `/api/help/localities`, `/api/help`, `/api/help/eligibility`, `/api/help/screen` and
//! `/api/cases/{id}/packet`.

use serde_json::Value;
use tauri::State;

use crate::error::CommandError;
use crate::state::AppState;

/// `[{id, name, kind}]`, all 133.
#[tauri::command]
pub async fn help_localities(state: State<'_, AppState>) -> Result<Value, CommandError> {
    Ok(state.workspace()?.help_localities().await?)
}

/// `{locality, programs, statewide, listDate}` for a locality (and a case kind, whose programs come
/// first).
#[tauri::command]
pub async fn help_for(state: State<'_, AppState>, locality: String, case_kind: Option<String>) -> Result<Value, CommandError> {
    Ok(state.workspace()?.help_for(&locality, case_kind.as_deref()).await?)
}

/// What a household's yearly income means against each program's limit.
#[tauri::command]
pub async fn help_eligibility(state: State<'_, AppState>, household_size: i64, yearly_income: f64) -> Result<Value, CommandError> {
    Ok(state.workspace()?.help_eligibility(household_size, yearly_income).await?)
}

/// When to get a lawyer now: the questions for a kind of case, each with its hand-off.
#[tauri::command]
pub async fn help_screen(state: State<'_, AppState>, case_kind: String, locality: Option<String>) -> Result<Value, CommandError> {
    Ok(state.workspace()?.help_screen(&case_kind, locality.as_deref()).await?)
}

/// "Prepare for a lawyer or legal aid": the packet written to the exports folder.
#[tauri::command]
pub async fn help_packet(
    state: State<'_, AppState>,
    case_id: i64,
    notes: Option<Vec<i64>>,
    documents: Option<Vec<i64>>,
    questions: Option<Vec<String>>,
) -> Result<Value, CommandError> {
    let (notes, documents, questions) = (notes.unwrap_or_default(), documents.unwrap_or_default(), questions.unwrap_or_default());
    Ok(state.workspace()?.help_packet(case_id, &notes, &documents, &questions).await?)
}

/// The place a court's name names (the Help tab's first choice for a case): `{locality, could}`.
#[tauri::command]
pub async fn help_locality_of_court(state: State<'_, AppState>, court: String) -> Result<Value, CommandError> {
    Ok(state.workspace()?.help_locality_of_court(&court).await?)
}
