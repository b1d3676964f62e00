//! The language model on this computer, as the window uses it: which GGUF file the person chose
//! (settings `localModel`), and `proseva-llm` running it — started with the first question after
//! the choice (so nothing is loaded until it is needed), stopped when the choice changes or the
//! app quits. While it starts, or if it cannot, answers are written offline and the status line
//! says why.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use proseva_agent::local::LocalEndpoint;
use proseva_models::gguf;
use proseva_sidecars::llm::{LocalLlm, LocalModelConfig};
use proseva_supervisor::SidecarState;
use serde::Serialize;

/// Above this file size a model is not "small" (about 8 billion parameters at 4-bit).
const SMALL_MODEL_BYTES: u64 = 5_000_000_000;

/// The local model's part of the status line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LocalState {
    /// Chosen; it loads with the next question.
    Waiting,
    Ready,
    Failed,
}

enum Running {
    None,
    Ready { llm: Arc<LocalLlm>, endpoint: LocalEndpoint },
    Failed { model: PathBuf, message: String },
}

pub struct LocalModels {
    data_dir: PathBuf,
    /// Held only for a moment: the status line reads it while a model loads.
    running: Mutex<Running>,
    /// Held while a model starts, so that two questions at once start it once.
    starting: Mutex<()>,
}

impl LocalModels {
    pub fn new(data_dir: &Path) -> Self {
        LocalModels { data_dir: data_dir.to_path_buf(), running: Mutex::new(Running::None), starting: Mutex::new(()) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Running> {
        self.running.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The state of the chosen model `model`, and the sentence to show when it failed.
    pub fn state_of(&self, model: &Path) -> (LocalState, Option<String>) {
        match &*self.lock() {
            Running::Ready { llm, .. } if llm.config.model == model => match llm.status().map(|s| s.state) {
                Some(SidecarState::Failed) => (LocalState::Failed, llm.status().and_then(|s| s.message)),
                _ => (LocalState::Ready, None),
            },
            Running::Failed { model: failed, message } if failed == model => (LocalState::Failed, Some(message.clone())),
            _ => (LocalState::Waiting, None),
        }
    }

    /// The endpoint of `model`, starting `proseva-llm` for it first when it is not running (this
    /// blocks while the model file is checked and mapped: a few seconds at most). `None` when it
    /// could not start; [`LocalModels::state_of`] then says why.
    pub fn endpoint(&self, model: &Path, ctx: u32, idle_unload: Duration) -> Option<LocalEndpoint> {
        let _one_start = self.starting.lock().unwrap_or_else(|p| p.into_inner());
        let mut running = self.lock();
        match &*running {
            Running::Ready { llm, endpoint } if runs(llm, model, idle_unload) => {
                if llm.status().is_some_and(|s| s.state == SidecarState::Failed) {
                    let message = llm.status().and_then(|s| s.message).unwrap_or_else(|| "it stopped".into());
                    *running = Running::Failed { model: model.to_path_buf(), message };
                    return None;
                }
                return Some(endpoint.clone());
            }
            Running::Failed { model: failed, .. } if failed == model => return None,
            _ => {}
        }
        let old = std::mem::replace(&mut *running, Running::None);
        // Loading takes a moment: the status line must not wait for it.
        drop(running);
        if let Running::Ready { llm, .. } = old {
            llm.shutdown();
        }
        let started = start(&self.data_dir, model, ctx, idle_unload);
        let mut running = self.lock();
        match started {
            Ok((llm, endpoint)) => {
                *running = Running::Ready { llm: Arc::new(llm), endpoint: endpoint.clone() };
                Some(endpoint)
            }
            Err(message) => {
                tracing::warn!("the local model {} could not start: {message}", model.display());
                *running = Running::Failed { model: model.to_path_buf(), message };
                None
            }
        }
    }

    /// The endpoint of `model` if it is running with that idle time and has not failed; never
    /// starts anything.
    pub fn ready_endpoint(&self, model: &Path, idle_unload: Duration) -> Option<LocalEndpoint> {
        match &*self.lock() {
            Running::Ready { llm, endpoint }
                if runs(llm, model, idle_unload) && llm.status().is_none_or(|s| s.state != SidecarState::Failed) =>
            {
                Some(endpoint.clone())
            }
            _ => None,
        }
    }

    /// `/health` of the running model: loaded, busy, queued… (`None` when none runs).
    pub fn health_url(&self) -> Option<(String, String)> {
        match &*self.lock() {
            Running::Ready { llm, .. } => Some((llm.base_url().trim_end_matches("/v1").to_string() + "/health", llm.token().to_string())),
            _ => None,
        }
    }

    /// Stops the model (the choice changed, or the app quits); the next question starts it again.
    pub fn stop(&self) {
        if let Running::Ready { llm, .. } = std::mem::replace(&mut *self.lock(), Running::None) {
            llm.shutdown();
        }
    }

    /// The pids of `proseva-llm` (none when it is not running).
    pub fn child_pids(&self) -> Vec<u32> {
        match &*self.lock() {
            Running::Ready { llm, .. } => llm.child_pids(),
            _ => Vec::new(),
        }
    }
}

/// Whether `llm` is the model chosen, with the idle time chosen.
fn runs(llm: &LocalLlm, model: &Path, idle_unload: Duration) -> bool {
    llm.config.model == model && llm.config.idle_unload == idle_unload
}

fn start(data_dir: &Path, model: &Path, ctx: u32, idle_unload: Duration) -> Result<(LocalLlm, LocalEndpoint), String> {
    let info = gguf::inspect(model).map_err(|e| e.to_string())?;
    let program = proseva_sidecars::find_sidecar("proseva-llm").map_err(|e| e.to_string())?;
    let mut config = LocalModelConfig::new(program, model, data_dir.join("logs"));
    config.ctx = ctx;
    config.idle_unload = idle_unload;
    let llm = LocalLlm::start(config, Arc::new(|event| tracing::debug!("local model: {event:?}"))).map_err(|e| e.to_string())?;
    if let Some(status) = llm.status().filter(|s| s.state == SidecarState::Failed) {
        let why = llm
            .stderr_tail()
            .into_iter()
            .rev()
            .find(|l| l.contains("error"))
            .or(status.message)
            .unwrap_or_else(|| "it did not start".into());
        llm.shutdown();
        return Err(why.trim_start_matches("error: ").to_string());
    }
    let endpoint = LocalEndpoint {
        base_url: llm.base_url(),
        token: llm.token().to_string(),
        model: model.file_name().map_or_else(|| "model.gguf".into(), |n| n.to_string_lossy().into_owned()),
        context_tokens: ctx.min(info.context_length.and_then(|c| u32::try_from(c).ok()).unwrap_or(ctx)),
        small: info.file_size < SMALL_MODEL_BYTES,
        chooses_tools: info.template_supports_tools(),
    };
    Ok((llm, endpoint))
}

/// "Browse…": the system's file chooser, for a GGUF file already on this computer (one LM Studio
/// or Ollama downloaded, say). The path chosen, or null when the person cancelled; the settings
/// check the file when they save.
#[tauri::command]
pub async fn pick_model_file<R: tauri::Runtime>(app: tauri::AppHandle<R>) -> Option<String> {
    use tauri_plugin_dialog::DialogExt;
    let (tx, rx) = tokio::sync::oneshot::channel();
    app.dialog().file().set_title("Choose a GGUF model file").add_filter("GGUF model", &["gguf"]).pick_file(move |file| {
        let _ = tx.send(file.and_then(|f| f.into_path().ok()).map(|p| p.display().to_string()));
    });
    rx.await.ok().flatten()
}
