//! Papers the person can file, in the window (the case's "Papers to file" page; issue 40): the
//! papers for the case's kind, what the case proposes for their fields, a paper built and saved
//! as a `paper` draft, the check before filing, and an official fillable PDF form read and filled.
//! Thin over the case data server's `/api/papers` and `/api/forms`; a paper's Word and PDF copies
//! are `export_draft`'s, its Spanish explanation `paper_explained`'s and its Spanish reader's copy
//! (not for filing) `export_paper_spanish`'s. The form's bytes go from the page to the server on this computer and
//! nowhere else; the filled copy is written to the exports folder by the server.

use serde_json::Value;
use tauri::State;
use tauri::ipc::Request;

use crate::error::CommandError;
use crate::state::AppState;
use crate::workspace::{Written, clean_file_name, raw_upload, write_export};

/// What `export_paper_spanish` writes.
const SPANISH_COPY_FORMATS: [&str; 2] = ["pdf", "docx"];

/// The papers for a kind of case (`eviction-tenant`, …), every paper without one.
#[tauri::command]
pub async fn paper_kinds(state: State<'_, AppState>, case_kind: Option<String>) -> Result<Value, CommandError> {
    let case_kind = case_kind.filter(|k| !k.trim().is_empty());
    Ok(state.workspace()?.paper_kinds(case_kind.as_deref()).await?)
}

/// `{fields, from}`: the person's name, address, telephone, e-mail and the paper's dates as the
/// case has them, and where each came from.
#[tauri::command]
pub async fn paper_proposed(state: State<'_, AppState>, case_id: i64, paper: String) -> Result<Value, CommandError> {
    Ok(state.workspace()?.paper_proposed(case_id, &paper).await?)
}

/// Builds a paper from the case and the person's fields, saved as a `paper` draft (a new version
/// of `draft_id`): `{draft, paper, warnings, when}`. A missing field is `invalid_input` on
/// `fields.<name>`.
#[tauri::command]
pub async fn build_paper(
    state: State<'_, AppState>,
    paper: String,
    case_id: i64,
    fields: Option<Value>,
    draft_id: Option<i64>,
) -> Result<Value, CommandError> {
    Ok(state.workspace()?.build_paper(&paper, case_id, &fields.unwrap_or(Value::Null), draft_id).await?)
}

/// The check before filing, of a built paper (`draft_id`) or a case document such as the other
/// side's paper (`document_id`): `{findings, checked, sections, citations, title}`.
#[tauri::command]
pub async fn check_paper(state: State<'_, AppState>, draft_id: Option<i64>, document_id: Option<i64>) -> Result<Value, CommandError> {
    Ok(state.workspace()?.check_paper(draft_id, document_id).await?)
}

/// Beside each part of a built paper (a `paper` draft), what it says in Spanish and what it is
/// for: `{draftId, version, paper, layout, title, parts: [{part, number?, english, spanish,
/// purpose, asWritten}], notForFiling, asWritten}`. `not_found` for a draft that is not a paper.
#[tauri::command]
pub async fn paper_explained(state: State<'_, AppState>, draft_id: i64, version: Option<i64>) -> Result<Value, CommandError> {
    Ok(state.workspace()?.paper_explained(draft_id, version).await?)
}

/// Writes the Spanish reader's copy of a built paper (`pdf` or `docx`) to the exports folder, a
/// banner on every page saying it is not for filing, its name ending `-es-no-presentar`. The
/// paper's own Word and PDF (`export_draft`) stay the English paper to file.
#[tauri::command]
pub async fn export_paper_spanish(
    state: State<'_, AppState>,
    draft_id: i64,
    version: Option<i64>,
    format: String,
) -> Result<Written, CommandError> {
    if !SPANISH_COPY_FORMATS.contains(&format.as_str()) {
        return Err(CommandError::invalid("format", format!("one of {}", SPANISH_COPY_FORMATS.join(", "))));
    }
    let (bytes, name) = state.workspace()?.paper_spanish_copy(draft_id, version, &format).await?;
    let name = clean_file_name(&name);
    let stem = name.strip_suffix(&format!(".{format}")).unwrap_or(&name);
    write_export(&state, stem, &format, &bytes)
}

/// The page sends the PDF's bytes as the whole body, its name in `X-File-Name` (URI-encoded) and
/// the case in `X-Case-Id`: `{formId, fileName?, pages, fields}`. A file the server refuses (not
/// a PDF, XFA only, encrypted, signed, no fields) is `invalid_input` with its words, the file
/// named.
#[tauri::command]
pub async fn form_fields(state: State<'_, AppState>, request: Request<'_>) -> Result<Value, CommandError> {
    let (file_name, case_id, bytes) = raw_upload(&request, "form", "the largest form ProSeVA reads")?;
    state.workspace()?.form_fields(bytes.clone(), &file_name, case_id).await.map_err(|e| {
        let mut error = CommandError::from(e);
        // The server says what the file is under `file`: that sentence, not "invalid field `file`: …".
        if let Some(why) = error.fields.get("file") {
            error.message = why.clone();
        }
        if !error.message.contains(&file_name) {
            error.message = format!("{file_name}: {}", error.message);
        }
        error
    })
}

/// Saves the filled form to the exports folder: `{path, fileName}`. `form_id` as `form_fields`
/// gave it; `values` only the fields the person filled. A value that does not fit is
/// `invalid_input` on `values.<name>`.
#[tauri::command]
pub async fn fill_form(state: State<'_, AppState>, form_id: Value, values: Value) -> Result<Value, CommandError> {
    let form_id = match form_id {
        Value::String(id) => id,
        Value::Number(n) => n.to_string(),
        _ => return Err(CommandError::invalid("formId", "read the form first: its id comes with its fields")),
    };
    Ok(state.workspace()?.fill_form(&form_id, &values).await?)
}
