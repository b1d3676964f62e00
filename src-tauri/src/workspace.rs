//! The case workspace's commands (`docs/workspace.md`): thin over `proseva-workspace`'s client of
//! the case data server, so the page never learns the server's port or token. Files the person
//! keeps (backups, exported conversations) go to folders of their own outside the data dir
//! ([`crate::folders::OwnFolders`]).

use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use proseva_workspace::{ListQuery, Page, Resource, conversation_markdown};
use serde::Serialize;
use serde_json::{Map, Value};
use tauri::ipc::{InvokeBody, Request};
use tauri::{AppHandle, Runtime, State};

use crate::error::CommandError;
use crate::state::AppState;

/// Largest file the page may upload: the server's request limit (25 MiB) less room for the form.
pub const MAX_UPLOAD_BYTES: usize = 25 * 1024 * 1024 - 64 * 1024;
/// The extension of backup archives (the server's `backup::EXTENSION`).
const BACKUP_EXTENSION: &str = "proseva-backup";

fn resource(name: &str) -> Result<Resource, CommandError> {
    Resource::parse(name).ok_or_else(|| {
        let known: Vec<&str> = Resource::ALL.iter().map(|r| r.name()).collect();
        CommandError::invalid("resource", format!("no such kind of record: {name}; known: {}", known.join(", ")))
    })
}

/// A filter value as the query string carries it.
fn filter_value(value: &Value) -> Option<String> {
    match value {
        Value::Null => None,
        Value::String(s) if s.trim().is_empty() => None,
        Value::String(s) => Some(s.trim().to_string()),
        other => Some(other.to_string()),
    }
}

#[tauri::command]
pub async fn list_records(
    state: State<'_, AppState>,
    resource: String,
    case_id: Option<i64>,
    limit: Option<i64>,
    offset: Option<i64>,
    filter: Option<Map<String, Value>>,
) -> Result<Page, CommandError> {
    let kind = self::resource(&resource)?;
    let mut query = ListQuery { case_id, limit, offset, ..Default::default() };
    for (name, value) in filter.unwrap_or_default() {
        if let Some(value) = filter_value(&value) {
            query.filter.insert(name, value);
        }
    }
    Ok(state.workspace()?.list(kind, &query).await?)
}

#[tauri::command]
pub async fn get_record(state: State<'_, AppState>, resource: String, id: i64) -> Result<Value, CommandError> {
    Ok(state.workspace()?.get(self::resource(&resource)?, id).await?)
}

#[tauri::command]
pub async fn create_record(state: State<'_, AppState>, resource: String, record: Value) -> Result<Value, CommandError> {
    Ok(state.workspace()?.create(self::resource(&resource)?, &record).await?)
}

#[tauri::command]
pub async fn update_record(state: State<'_, AppState>, resource: String, id: i64, changes: Value) -> Result<Value, CommandError> {
    Ok(state.workspace()?.update(self::resource(&resource)?, id, &changes).await?)
}

#[tauri::command]
pub async fn delete_record(state: State<'_, AppState>, resource: String, id: i64) -> Result<(), CommandError> {
    let kind = self::resource(&resource)?;
    state.workspace()?.delete(kind, id).await?;
    if resource == "conversations" {
        // Its id may be given to a new conversation, which must allow nothing.
        state.grants.forget(id);
    }
    Ok(())
}

#[tauri::command]
pub async fn finance_totals(state: State<'_, AppState>, case_id: Option<i64>) -> Result<Value, CommandError> {
    Ok(state.workspace()?.finance_totals(case_id).await?)
}

#[tauri::command]
pub async fn deadline_rules(state: State<'_, AppState>) -> Result<Value, CommandError> {
    Ok(state.workspace()?.deadline_rules().await?)
}

#[tauri::command]
pub async fn compute_deadline(state: State<'_, AppState>, rule_id: String, trigger_date: String) -> Result<Value, CommandError> {
    Ok(state.workspace()?.compute_deadline(&rule_id, &trigger_date).await?)
}

/// A file name as the person's computer gave it, made safe to store: the last path component,
/// no control characters, at most 200 characters.
pub fn clean_file_name(raw: &str) -> String {
    let decoded = percent_decode(raw);
    let last = decoded.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String = last.chars().filter(|c| !c.is_control()).take(200).collect();
    let cleaned = cleaned.trim().trim_start_matches('.').trim().to_string();
    if cleaned.is_empty() { "document".to_string() } else { cleaned }
}

/// `%XX` escapes as `encodeURIComponent` writes them; anything malformed is kept as it is.
fn percent_decode(raw: &str) -> String {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1).copied().and_then(hex), bytes.get(i + 2).copied().and_then(hex)) {
            (b'%', Some(hi), Some(lo)) => {
                out.push((hi * 16 + lo) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// How big a file is, for messages: `60.2 MB`.
pub fn megabytes(bytes: usize) -> String {
    format!("{:.1} MB", bytes as f64 / (1024.0 * 1024.0))
}

/// A file the page sends as the whole body, its name in `X-File-Name` (URI-encoded) and the case
/// in `X-Case-Id`: the name cleaned, the case, the bytes (refused when missing, empty or over
/// [`MAX_UPLOAD_BYTES`]; `what` names the file in messages, `limit` says the largest taken).
pub fn raw_upload<'r>(request: &'r Request<'_>, what: &str, limit: &str) -> Result<(String, Option<i64>, &'r Vec<u8>), CommandError> {
    let header = |name: &str| request.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
    let file_name = clean_file_name(&header("x-file-name").unwrap_or_default());
    let case_id = match header("x-case-id").filter(|v| !v.trim().is_empty()) {
        Some(raw) => {
            Some(raw.trim().parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| CommandError::invalid("caseId", "must be a case id"))?)
        }
        None => None,
    };
    let InvokeBody::Raw(bytes) = request.body() else {
        return Err(CommandError::invalid("file", format!("{file_name}: send the {what}'s bytes as the body")));
    };
    if bytes.is_empty() {
        return Err(CommandError::invalid("file", format!("{file_name} is empty (0 bytes)")));
    }
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(CommandError::too_large_over(
            format!("{file_name} is {}; {limit} is {}", megabytes(bytes.len()), megabytes(MAX_UPLOAD_BYTES)),
            MAX_UPLOAD_BYTES,
        ));
    }
    Ok((file_name, case_id, bytes))
}

/// The page sends the file's bytes as the whole body, its name in `X-File-Name` (URI-encoded)
/// and the case in `X-Case-Id`.
#[tauri::command]
pub async fn upload_document(state: State<'_, AppState>, request: Request<'_>) -> Result<Value, CommandError> {
    let (file_name, case_id, bytes) = raw_upload(&request, "file", "the largest file ProSeVA takes")?;
    let workspace = state.workspace()?;
    workspace.upload_document(&file_name, bytes.clone(), case_id).await.map_err(|e| {
        let mut error = CommandError::from(e);
        if !error.message.contains(&file_name) {
            error.message = format!("{file_name}: {}", error.message);
        }
        error
    })
}

#[tauri::command]
pub async fn document_text(state: State<'_, AppState>, id: i64, offset: Option<i64>, limit: Option<i64>) -> Result<Value, CommandError> {
    Ok(state.workspace()?.document_text(id, offset, limit).await?)
}

#[tauri::command]
pub async fn reread_document(state: State<'_, AppState>, id: i64) -> Result<Value, CommandError> {
    Ok(state.workspace()?.reread_document(id).await?)
}

/// Opens a document's original in the system's viewer (a copy under `<data dir>/cache/opened`).
#[tauri::command]
pub async fn open_document<R: Runtime>(app: AppHandle<R>, state: State<'_, AppState>, id: i64) -> Result<(), CommandError> {
    use tauri_plugin_opener::OpenerExt;
    let (bytes, name) = state.workspace()?.document_file(id).await?;
    let dir = state.data_dir.join("cache").join("opened");
    std::fs::create_dir_all(&dir).map_err(|e| CommandError::internal(format!("creating {}: {e}", dir.display())))?;
    let path = dir.join(format!("{id}-{}", clean_file_name(&name)));
    std::fs::write(&path, bytes).map_err(|e| CommandError::internal(format!("writing {}: {e}", path.display())))?;
    app.opener()
        .open_path(path.to_string_lossy(), None::<&str>)
        .map_err(|e| CommandError::unavailable(format!("no program on this computer opens {name}: {e}")))
}

/// `dir/stem.ext`, or `dir/stem-2.ext`, ... whichever does not exist yet.
fn unused_path(dir: &Path, stem: &str, extension: &str) -> PathBuf {
    let mut path = dir.join(format!("{stem}.{extension}"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{stem}-{n}.{extension}"));
        n += 1;
    }
    path
}

/// A title as a file name: letters, digits, spaces and dashes, at most 60 characters.
fn file_stem(title: &str) -> String {
    let stem: String = title.chars().map(|c| if c.is_alphanumeric() || c == ' ' || c == '-' { c } else { ' ' }).collect();
    let stem = stem.split_whitespace().collect::<Vec<_>>().join(" ");
    let stem: String = stem.chars().take(60).collect();
    if stem.is_empty() { "conversation".into() } else { stem }
}

#[derive(Debug, Clone, Serialize)]
pub struct Written {
    pub path: String,
}

/// Writes `bytes` to the exports folder as `stem.extension` (or `stem-2.extension`, ... when that
/// exists): where it went.
pub fn write_export(state: &AppState, stem: &str, extension: &str, bytes: &[u8]) -> Result<Written, CommandError> {
    let dir = &state.folders.exports;
    std::fs::create_dir_all(dir).map_err(|e| CommandError::unavailable(format!("cannot create {}: {e}", dir.display())))?;
    let path = unused_path(dir, stem, extension);
    std::fs::write(&path, bytes).map_err(|e| CommandError::unavailable(format!("cannot write {}: {e}", path.display())))?;
    Ok(Written { path: path.display().to_string() })
}

/// Writes a saved conversation as Markdown to the exports folder.
#[tauri::command]
pub async fn export_conversation(state: State<'_, AppState>, id: i64) -> Result<Written, CommandError> {
    let conversation = state.workspace()?.get(Resource::Conversations, id).await?;
    let stem = file_stem(conversation["title"].as_str().unwrap_or_default());
    write_export(&state, &stem, "md", conversation_markdown(&conversation).as_bytes())
}

/// One archive of everything in the backups folder: `{path, bytes, counts}`.
#[tauri::command]
pub async fn create_backup(state: State<'_, AppState>) -> Result<Value, CommandError> {
    let path = unused_path(&state.folders.backups, &format!("proseva-{}", stamp(chrono::Utc::now())), BACKUP_EXTENSION);
    Ok(state.workspace()?.backup(&path.to_string_lossy()).await?)
}

/// How a backup's file name says when it was made: `2026-11-23-091500` (UTC).
fn stamp(time: chrono::DateTime<chrono::Utc>) -> String {
    time.format("%Y-%m-%d-%H%M%S").to_string()
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BackupFile {
    pub path: String,
    pub name: String,
    pub bytes: u64,
    /// When it was written, in milliseconds since 1970.
    pub modified_ms: u64,
    /// `backup` (made by the person) or `kept` (the data a restore replaced, archived first).
    pub kind: &'static str,
}

fn backups_in(dir: &Path, kind: &'static str) -> Vec<BackupFile> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    entries
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == BACKUP_EXTENSION))
        .filter_map(|e| {
            let meta = e.metadata().ok().filter(|m| m.is_file())?;
            Some(BackupFile {
                path: e.path().display().to_string(),
                name: e.file_name().to_string_lossy().into_owned(),
                bytes: meta.len(),
                modified_ms: meta.modified().ok()?.duration_since(UNIX_EPOCH).ok()?.as_millis() as u64,
                kind: if e.file_name().to_string_lossy().starts_with("before-restore-") { "kept" } else { kind },
            })
        })
        .collect()
}

fn all_backups(state: &AppState) -> Vec<BackupFile> {
    let mut all = backups_in(&state.folders.backups, "backup");
    all.extend(backups_in(&state.data_dir.join("kept"), "kept"));
    all.sort_by(|a, b| b.modified_ms.cmp(&a.modified_ms).then(a.name.cmp(&b.name)));
    all
}

/// The backups in the backups folder and the data a restore kept aside, newest first.
#[tauri::command]
pub fn list_backups(state: State<'_, AppState>) -> Vec<BackupFile> {
    all_backups(&state)
}

/// Restores one of the listed backups; the current data is archived first (`keptAt`).
#[tauri::command]
pub async fn restore_backup(state: State<'_, AppState>, path: String) -> Result<Value, CommandError> {
    if !all_backups(&state).iter().any(|b| b.path == path) {
        return Err(CommandError::invalid("path", "restore one of the listed backups"));
    }
    let restored = state.workspace()?.restore(&path).await?;
    state.settings.reload();
    state.settings_changed();
    Ok(restored)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_keep_only_their_last_part() {
        assert_eq!(clean_file_name("custody%20order.pdf"), "custody order.pdf");
        assert_eq!(clean_file_name("..%2F..%2Fetc%2Fpasswd"), "passwd");
        assert_eq!(clean_file_name("C:\\Users\\me\\letter.png"), "letter.png");
        assert_eq!(clean_file_name("a\u{0}b\nc.txt"), "abc.txt");
        assert_eq!(clean_file_name(""), "document");
        assert_eq!(clean_file_name("%E2%80%94 dash.txt"), "— dash.txt");
        assert_eq!(clean_file_name("100%.txt"), "100%.txt");
        assert_eq!(clean_file_name(".hidden"), "hidden");
    }

    #[test]
    fn stamps_and_stems() {
        assert_eq!(stamp(chrono::DateTime::UNIX_EPOCH), "1970-01-01-000000");
        assert_eq!(stamp(chrono::DateTime::from_timestamp(1_795_430_096, 0).unwrap()), "2026-11-23-103456");
        assert_eq!(file_stem("Where do we exchange the child?"), "Where do we exchange the child");
        assert_eq!(file_stem("???"), "conversation");
        assert_eq!(megabytes(63_124_480), "60.2 MB");
    }

    #[test]
    fn filters_travel_as_query_text() {
        assert_eq!(filter_value(&serde_json::json!(false)).as_deref(), Some("false"));
        assert_eq!(filter_value(&serde_json::json!(" 2026-01-01 ")).as_deref(), Some("2026-01-01"));
        assert_eq!(filter_value(&serde_json::json!("")), None);
        assert_eq!(filter_value(&Value::Null), None);
    }
}
