//! Drafts in the window: the artifact panel's commands, thin over the case data server's
//! `/api/drafts` (checked, versioned, kept as case documents there). An export is written to the
//! person's exports folder, never into the data dir.

use serde_json::Value;
use tauri::{AppHandle, Runtime, State};

use crate::error::CommandError;
use crate::state::AppState;
use crate::workspace::{Written, unused_path};

/// What `build_draft` makes from the case data without a model.
const BUILDS: [&str; 2] = ["timeline", "checklist"];
/// What `export_draft` writes.
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
    if !BUILDS.contains(&build.as_str()) {
        return Err(CommandError::invalid("build", format!("one of {}", BUILDS.join(", "))));
    }
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

/// Writes a version of a draft as `md`, `docx` or `pdf` to the exports folder and, when `open`,
/// opens it in the program the system uses for it.
#[tauri::command]
pub async fn export_draft<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    id: i64,
    version: Option<i64>,
    format: String,
    open: Option<bool>,
) -> Result<Written, CommandError> {
    if !FORMATS.contains(&format.as_str()) {
        return Err(CommandError::invalid("format", format!("one of {}", FORMATS.join(", "))));
    }
    let (bytes, name) = state.workspace()?.export_draft(id, version, &format).await?;
    let dir = &state.folders.exports;
    std::fs::create_dir_all(dir).map_err(|e| CommandError::unavailable(format!("cannot create {}: {e}", dir.display())))?;
    let stem = crate::workspace::clean_file_name(&name);
    let stem = stem.strip_suffix(&format!(".{format}")).unwrap_or(&stem);
    let path = unused_path(dir, stem, &format);
    std::fs::write(&path, bytes).map_err(|e| CommandError::unavailable(format!("cannot write {}: {e}", path.display())))?;
    if open.unwrap_or(false) {
        use tauri_plugin_opener::OpenerExt;
        app.opener().open_path(path.to_string_lossy(), None::<&str>).map_err(|e| {
            CommandError::unavailable(format!("saved as {}, but no program on this computer opens it: {e}", path.display()))
        })?;
    }
    Ok(Written { path: path.display().to_string() })
}
