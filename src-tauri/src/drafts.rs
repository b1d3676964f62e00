//! Drafts in the window: the artifact panel's commands, thin over the case data server's
//! `/api/drafts` (checked, versioned, kept as case documents there; it names what it refuses).
//! An export is written to the person's exports folder, never into the data dir.

use serde_json::Value;
use tauri::State;

use crate::error::CommandError;
use crate::state::AppState;
use crate::workspace::{Written, clean_file_name, write_export};

/// What `export_draft` writes (the extension of the file it makes: checked here, before it
/// names a file).
const FORMATS: [&str; 3] = ["md", "docx", "pdf"];

/// The case's drafts (all drafts when `case_id` is `None`), most recently changed first.
#[tauri::command]
pub async fn list_drafts(state: State<'_, AppState>, case_id: Option<i64>) -> Result<Value, CommandError> {
    Ok(state.workspace()?.drafts(case_id).await?)
}

/// One draft at `version` (its latest when `None`), with its versions, warnings and notice.
#[tauri::command]
pub async fn get_draft(state: State<'_, AppState>, id: i64, version: Option<i64>) -> Result<Value, CommandError> {
    Ok(state.workspace()?.draft(id, version).await?)
}

/// A case timeline (Mermaid) or a hearing checklist (Markdown) built from the case data, or a new
/// version of `draft_id` built again.
#[tauri::command]
pub async fn build_draft(
    state: State<'_, AppState>,
    build: String,
    case_id: Option<i64>,
    draft_id: Option<i64>,
) -> Result<Value, CommandError> {
    if case_id.is_none() && draft_id.is_none() {
        return Err(CommandError::invalid("caseId", "choose a case first: the draft is built from its records"));
    }
    Ok(state.workspace()?.build_draft(&build, case_id, draft_id).await?)
}

/// The person's own edit of a draft, kept as a new version (the older ones stay).
#[tauri::command]
pub async fn revise_draft(state: State<'_, AppState>, id: i64, content: String) -> Result<Value, CommandError> {
    Ok(state.workspace()?.revise_draft(id, &content).await?)
}

/// Writes a version of a draft as `md`, `docx` or `pdf` to the exports folder.
#[tauri::command]
pub async fn export_draft(state: State<'_, AppState>, id: i64, version: Option<i64>, format: String) -> Result<Written, CommandError> {
    if !FORMATS.contains(&format.as_str()) {
        return Err(CommandError::invalid("format", format!("one of {}", FORMATS.join(", "))));
    }
    let (bytes, name) = state.workspace()?.export_draft(id, version, &format).await?;
    let name = clean_file_name(&name);
    let stem = name.strip_suffix(&format!(".{format}")).unwrap_or(&name);
    write_export(&state, stem, &format, &bytes)
}
