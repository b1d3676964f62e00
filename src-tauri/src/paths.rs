//! A case's step-by-step path in the window (the Case tab): the kinds of case that have one, the
//! case's plan, the dates it counts from, ticking steps off, and which court hears a case. Thin
//! over the case data server's `/api/paths`, `/api/cases/{id}/path`, `/api/cases/{id}/steps` and
//! `/api/which-court`, which compute every step's status and deadline.

use serde_json::{Map, Value};
use tauri::State;

use crate::error::CommandError;
use crate::state::AppState;

/// `{about, caveats, kinds: [{kind, title, summary, dates: [{key, label, court?}], steps}]}`.
#[tauri::command]
pub async fn path_kinds(state: State<'_, AppState>) -> Result<Value, CommandError> {
    Ok(state.workspace()?.path_kinds().await?)
}

/// The case's plan: where the person is and what comes next. `conflict` when the case has no
/// kind yet.
#[tauri::command]
pub async fn case_path(state: State<'_, AppState>, case_id: i64) -> Result<Value, CommandError> {
    Ok(state.workspace()?.case_path(case_id).await?)
}

/// Saves the case's kind, the dates its path counts from (merged with those it has; a date of
/// `null` clears it) and the dollars claimed; the path's deadlines and hearings go into the case's
/// deadlines. Arguments left out (or null) stay as they are. → the plan.
#[tauri::command]
pub async fn set_case_path(
    state: State<'_, AppState>,
    case_id: i64,
    kind: Option<String>,
    dates: Option<Map<String, Value>>,
    amount: Option<f64>,
) -> Result<Value, CommandError> {
    let mut changes = Map::new();
    if let Some(kind) = kind {
        changes.insert("kind".into(), Value::String(kind));
    }
    if let Some(dates) = dates {
        changes.insert("dates".into(), Value::Object(dates));
    }
    if let Some(amount) = amount {
        changes.insert("amount".into(), serde_json::json!(amount));
    }
    Ok(state.workspace()?.set_case_path(case_id, &Value::Object(changes)).await?)
}

/// Ticks a step off (`done: true`) or back on (`false`); → the plan as it is now.
#[tauri::command]
pub async fn tick_step(state: State<'_, AppState>, case_id: i64, step_id: String, done: bool) -> Result<Value, CommandError> {
    let workspace = state.workspace()?;
    workspace.tick_step(case_id, &step_id, done).await?;
    Ok(workspace.case_path(case_id).await?)
}

/// `{court, courtName, also, why, sections}`: which court hears a kind of case for the dollars
/// claimed.
#[tauri::command]
pub async fn which_court(state: State<'_, AppState>, kind: String, amount: Option<f64>) -> Result<Value, CommandError> {
    Ok(state.workspace()?.which_court(&kind, amount).await?)
}
