//! Settings → Language model on this computer → the catalogue: the models a person can download,
//! each with what it needs and a verdict for this computer; Download (in the background, verified
//! against its published sha256, resumed from where it stopped), Stop, Use, Delete. Nothing is
//! downloaded until the person presses Download.
//!
//! Files go to `<data dir>/models/language/<id>/<file>`, beside their `.part` while downloading and
//! their record once checked ([`proseva_models::download`]).
//!
//! `PROSEVA_MODEL_HUB` replaces the hub's address and `PROSEVA_MODEL_CATALOGUE` (a JSON file in
//! the catalogue's format) the list — for tests with a stand-in hub, and for a mirror.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use proseva_models::catalogue::{self, CatalogueEntry, Machine};
use proseva_models::download::{self, ModelFile, Progress};
use serde::Serialize;
use serde_json::{Value, json};
use tauri::State;

use crate::error::CommandError;
use crate::settings::Settings;
use crate::state::AppState;

/// Downloads under way or stopped in this run: by catalogue id.
#[derive(Default)]
pub struct Downloads {
    jobs: Arc<Mutex<HashMap<String, Job>>>,
}

struct Job {
    cancel: Arc<AtomicBool>,
    running: bool,
    progress: Option<Progress>,
    error: Option<String>,
    /// [`download::DownloadError::code`] of `error`.
    error_code: Option<&'static str>,
}

fn hub() -> String {
    std::env::var("PROSEVA_MODEL_HUB").ok().filter(|v| !v.trim().is_empty()).unwrap_or_else(|| download::HUGGING_FACE.to_string())
}

/// The catalogue: the built-in one, or the file `PROSEVA_MODEL_CATALOGUE` names.
fn entries() -> Result<Vec<CatalogueEntry>, CommandError> {
    match std::env::var_os("PROSEVA_MODEL_CATALOGUE").filter(|v| !v.is_empty()) {
        Some(path) => {
            let text = std::fs::read_to_string(&path).map_err(|e| {
                CommandError::unavailable(format!("the model catalogue {} could not be read: {e}", Path::new(&path).display()))
            })?;
            serde_json::from_str(&text).map_err(|e| CommandError::unavailable(format!("the model catalogue is not valid: {e}")))
        }
        None => Ok(catalogue::entries().to_vec()),
    }
}

fn find(id: &str) -> Result<CatalogueEntry, CommandError> {
    entries()?.into_iter().find(|e| e.id == id).ok_or_else(|| CommandError::invalid("id", format!("no model {id:?} in the catalogue")))
}

fn models_dir(state: &AppState) -> PathBuf {
    state.data_dir.join("models").join("language")
}

/// One row of the catalogue as the window shows it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Row {
    id: String,
    name: String,
    parameters: String,
    size_bytes: u64,
    ram_needed: u64,
    licence: String,
    licence_url: String,
    description: String,
    /// The description in Spanish (the catalogue's `description_es`), null when it has none.
    description_es: Option<String>,
    /// The parameter count in billions ("1.7 billion" → 1.7), null when `parameters` says it
    /// otherwise: the window writes it in its language.
    parameter_billions: Option<f64>,
    note: Option<String>,
    fit: Value,
    /// What decided `fit` (`room`, `fewCores`, `moreThanHalf`, `moreThanThreeQuarters`), null
    /// with it: with `ramNeeded`, `memoryTotal` and `cores` the window says the verdict itself.
    fit_cause: Value,
    /// This computer's total memory in bytes, and its cores; null when they could not be read.
    memory_total: Option<u64>,
    cores: Option<usize>,
    /// The English sentence of the verdict ("fits: needs about 2.0 GB of this computer's 16 GB").
    reason: Option<String>,
    /// `none`, `partial` (a stopped download to resume), `downloading`, `ready`.
    state: &'static str,
    partial_bytes: u64,
    in_use: bool,
    progress: Option<Value>,
    error: Option<String>,
    /// What kind of trouble `error` is (`unreachable`, `interrupted`, `disk_full`…:
    /// `proseva_models::download::DownloadError::code`), for the window to say in its language.
    error_code: Option<&'static str>,
}

/// The catalogue for this computer: recommended first, "too large" last.
#[tauri::command]
pub fn model_catalogue(state: State<'_, AppState>, downloads: State<'_, Downloads>) -> Result<Vec<Value>, CommandError> {
    let machine = Machine::detect();
    let mut list = entries()?;
    if let Some(m) = machine {
        list.sort_by_key(|e| catalogue::verdict(e, &m).fit == catalogue::Fit::TooLarge);
    }
    let chosen = state.settings.settings().local_model.map(PathBuf::from);
    let jobs = downloads.jobs.lock().unwrap_or_else(|p| p.into_inner());
    let dir = models_dir(&state);
    Ok(list
        .iter()
        .map(|e| {
            let path = e.path_in(&dir);
            let job = jobs.get(&e.id);
            let ready = path.is_file() && download::record(&path).is_some();
            let row_state = match job {
                Some(j) if j.running => "downloading",
                _ if ready => "ready",
                _ if download::partial_bytes(&path) > 0 => "partial",
                _ => "none",
            };
            let row = catalogue_row(e, machine, job, row_state, download::partial_bytes(&path), chosen.as_deref() == Some(path.as_path()));
            serde_json::to_value(row).unwrap_or(Value::Null)
        })
        .collect())
}

/// One entry's row: its figures, the verdict on `machine` with the facts it was made from, and
/// the state of its file and download.
fn catalogue_row(
    e: &CatalogueEntry,
    machine: Option<Machine>,
    job: Option<&Job>,
    state: &'static str,
    partial_bytes: u64,
    in_use: bool,
) -> Row {
    let verdict = machine.map(|m| catalogue::verdict(e, &m));
    Row {
        id: e.id.clone(),
        name: e.name.clone(),
        parameters: e.parameters.clone(),
        size_bytes: e.size,
        ram_needed: e.ram_needed(),
        licence: e.licence.clone(),
        licence_url: e.licence_url.clone(),
        description: e.description.clone(),
        description_es: e.description_es.clone(),
        parameter_billions: e.parameter_billions(),
        note: e.note.clone(),
        fit: verdict.as_ref().map_or(Value::Null, |v| json!(v.fit)),
        fit_cause: verdict.as_ref().map_or(Value::Null, |v| json!(v.cause)),
        memory_total: machine.map(|m| m.total_memory),
        cores: machine.map(|m| m.cores),
        reason: verdict.map(|v| v.reason),
        state,
        partial_bytes,
        in_use,
        progress: job.and_then(|j| j.progress.as_ref()).map(|p| {
            json!({ "done": p.done, "total": p.total, "bytesPerSecond": p.bytes_per_second, "secondsLeft": p.time_left.map(|t| t.as_secs()) })
        }),
        error: job.and_then(|j| j.error.clone()),
        error_code: job.and_then(|j| j.error_code),
    }
}

/// Download (or resume) a catalogue model in the background; the catalogue shows its progress.
#[tauri::command]
pub fn model_download(state: State<'_, AppState>, downloads: State<'_, Downloads>, id: String) -> Result<Value, CommandError> {
    let entry = find(&id)?;
    let dest = entry.path_in(&models_dir(&state));
    let cancel = Arc::new(AtomicBool::new(false));
    {
        let mut jobs = downloads.jobs.lock().unwrap_or_else(|p| p.into_inner());
        if jobs.get(&id).is_some_and(|j| j.running) {
            return Ok(json!({ "started": false }));
        }
        jobs.insert(id.clone(), Job { cancel: cancel.clone(), running: true, progress: None, error: None, error_code: None });
    }
    let jobs = downloads.jobs.clone();
    tauri::async_runtime::spawn(async move {
        let want = ModelFile::from(&entry);
        let report = |p: Progress| {
            if let Some(job) = jobs.lock().unwrap_or_else(|p| p.into_inner()).get_mut(&entry.id) {
                job.progress = Some(p);
            }
        };
        let outcome = download::download(&hub(), &want, &dest, &cancel, report).await;
        let mut all = jobs.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(job) = all.get_mut(&entry.id) {
            job.running = false;
            let failed = outcome.err();
            job.error_code = failed.as_ref().map(download::DownloadError::code);
            job.error = failed.map(|e| e.to_string());
        }
    });
    Ok(json!({ "started": true }))
}

/// Stop a download; its `.part` stays for a later Download to resume.
#[tauri::command]
pub fn model_download_stop(downloads: State<'_, Downloads>, id: String) -> bool {
    downloads.jobs.lock().unwrap_or_else(|p| p.into_inner()).get(&id).map(|j| j.cancel.store(true, Ordering::SeqCst)).is_some()
}

/// Use a downloaded catalogue model for the answers (as if its file had been chosen).
#[tauri::command]
pub fn model_use(state: State<'_, AppState>, id: String) -> Result<Value, CommandError> {
    let entry = find(&id)?;
    let path = entry.path_in(&models_dir(&state));
    if download::record(&path).is_none() {
        return Err(CommandError::invalid("id", format!("{} is not downloaded and checked yet", entry.name)));
    }
    let settings = Settings { local_model: Some(path.display().to_string()), ..state.settings.settings() };
    state.settings.save(settings, &Default::default())?;
    state.settings_changed();
    Ok(json!({ "localModel": path.display().to_string() }))
}

/// Delete a catalogue model's file, its `.part` and record (it stops being used first).
#[tauri::command]
pub fn model_delete(state: State<'_, AppState>, downloads: State<'_, Downloads>, id: String) -> Result<Value, CommandError> {
    let entry = find(&id)?;
    if downloads.jobs.lock().unwrap_or_else(|p| p.into_inner()).get(&id).is_some_and(|j| j.running) {
        return Err(CommandError::invalid("id", "stop its download first"));
    }
    let path = entry.path_in(&models_dir(&state));
    let current = state.settings.settings();
    if current.local_model.as_deref().map(Path::new) == Some(path.as_path()) {
        state.settings.save(Settings { local_model: None, ..current }, &Default::default())?;
        state.settings_changed();
    }
    download::delete(&path).map_err(|e| CommandError::unavailable(format!("{} could not be deleted: {e}", entry.name)))?;
    downloads.jobs.lock().unwrap_or_else(|p| p.into_inner()).remove(&id);
    Ok(json!({ "deleted": true }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_carries_the_facts_the_window_says_its_verdict_and_description_from() {
        let entry = catalogue::find("qwen3-1.7b").unwrap();
        let job = Job {
            cancel: Arc::new(AtomicBool::new(false)),
            running: false,
            progress: None,
            error: Some("the download was stopped".into()),
            error_code: Some("cancelled"),
        };
        let row = serde_json::to_value(catalogue_row(entry, Some(Machine::new(16 << 30, 2)), Some(&job), "partial", 5, false)).unwrap();
        // What was there stays, by the same names.
        for key in [
            "id",
            "name",
            "parameters",
            "sizeBytes",
            "ramNeeded",
            "licence",
            "licenceUrl",
            "description",
            "note",
            "fit",
            "reason",
            "state",
            "partialBytes",
            "inUse",
            "progress",
            "error",
        ] {
            assert!(row.get(key).is_some(), "{key} in {row}");
        }
        assert_eq!(row["fit"], "slowHere");
        assert_eq!(row["fitCause"], "fewCores");
        assert_eq!(row["memoryTotal"], 16u64 << 30);
        assert_eq!(row["cores"], 2);
        assert_eq!(row["parameterBillions"], 1.7);
        assert_eq!(row["descriptionEs"], entry.description_es.clone().unwrap());
        assert_eq!((row["error"].as_str(), row["errorCode"].as_str()), (Some("the download was stopped"), Some("cancelled")));

        // A computer whose memory cannot be read: no verdict, and none of its facts.
        let row = serde_json::to_value(catalogue_row(entry, None, None, "none", 0, false)).unwrap();
        for key in ["fit", "fitCause", "memoryTotal", "cores", "reason", "error", "errorCode"] {
            assert!(row[key].is_null(), "{key} in {row}");
        }
    }
}
