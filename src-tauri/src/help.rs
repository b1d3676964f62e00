//! Help from people in the window (the Help tab; issue 41): Virginia's localities, who helps in
//! one, and what an income means against the programs' limits. Thin over the case data server's
//! `/api/help/localities`, `/api/help` and `/api/help/eligibility`.

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
