//! What the commands share: the sidecars' addresses and token, the status the window shows, the
//! settings, the running requests (for Stop) and the agent built from them.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use std::time::Instant;

use proseva_agent::config::AgentConfig;
use proseva_agent::local::LocalEndpoint;
use proseva_agent::model::ModelMode;
use proseva_agent::runner::Agent;
use proseva_agent::tools::explorer::ExplorerClient;
use proseva_agent::tools::local::ServerClient;
use proseva_agent::tools::research::{ResearchConfig, research_tools};
use proseva_law::fetch::DownloadConfig;
use proseva_sidecars::Sidecars;
use proseva_sidecars::library::Library;
use proseva_supervisor::{SetupProgress, SidecarState, SidecarStatus, SupervisorEvent};
use serde::Serialize;
use tauri::ipc::Channel;
use tokio_util::sync::CancellationToken;

use crate::error::CommandError;
use crate::settings::SettingsStore;

/// Where the app is in its start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Creating the data dir, building the law graph on first run.
    Preparing,
    /// Waiting for the sidecars' health checks.
    Starting,
    Ready,
    /// The case-data server could not be started; the app is about to exit.
    Failed,
}

/// The model line of the status bar.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "mode", rename_all = "lowercase")]
pub enum ModelStatus {
    Offline,
    #[serde(rename_all = "camelCase")]
    Online {
        base_url: String,
        small: String,
        large: String,
    },
    /// A model on this computer writes the answers: "Answers: <model> on this computer".
    Local {
        model: String,
        /// `waiting` (it loads with the next question), `ready`, `failed`.
        state: crate::local_model::LocalState,
        /// Why it failed.
        message: Option<String>,
    },
}

impl From<ModelMode> for ModelStatus {
    fn from(mode: ModelMode) -> Self {
        match mode {
            ModelMode::Offline => ModelStatus::Offline,
            ModelMode::Online { base_url, small, large } => ModelStatus::Online { base_url, small, large },
            ModelMode::Local { model } => ModelStatus::Local { model, state: crate::local_model::LocalState::Ready, message: None },
        }
    }
}

/// How long the start took, for the benchmark and the log.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Timings {
    /// From process start to the page asking for the status (the window is up and scripted).
    pub window_ms: Option<u64>,
    /// From process start to both sidecars answered (or the explorer was given up on).
    pub sidecars_ms: Option<u64>,
}

/// What `app_status` returns and `subscribe_status` pushes.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Status {
    pub phase: Phase,
    pub setup: Option<SetupProgress>,
    pub server: SidecarStatus,
    pub explorer: SidecarStatus,
    pub model: ModelStatus,
    pub data_dir: String,
    pub version: String,
    /// A sentence for the person when something is wrong.
    pub message: Option<String>,
    pub timings: Timings,
    /// The outside services' guards (rate limit, circuit breaker): a paused one is shown.
    pub services: Vec<proseva_agent::pipeline::ServiceState>,
    /// Other assistants may read the case data through `proseva-mcp` (Settings): shown while on.
    pub mcp_case_data: bool,
}

/// Where the sidecars answer. Set once the server is healthy.
#[derive(Clone)]
pub struct Backend {
    pub server_url: String,
    pub explorer_url: String,
    pub token: String,
    /// Present when this process started the sidecars (absent in tests that bring their own).
    pub supervisor: Option<Arc<Sidecars>>,
}

struct Shared {
    phase: Phase,
    setup: Option<SetupProgress>,
    server: SidecarStatus,
    explorer: SidecarStatus,
    message: Option<String>,
    timings: Timings,
}

pub struct AppState {
    pub data_dir: PathBuf,
    pub settings: SettingsStore,
    /// For the sidecars on loopback: no proxy.
    pub http: reqwest::Client,
    /// For the research services on the internet: proxy settings apply. Made with the first agent
    /// (it reads the system's TLS roots, about 6 ms the window's start need not wait for).
    web: OnceLock<reqwest::Client>,
    started: Instant,
    /// The model line, worked out from the settings (keyring reads included) when they change,
    /// not on every status push.
    model: Mutex<ModelStatus>,
    shared: Mutex<Shared>,
    backend: RwLock<Option<Backend>>,
    /// The agent, and the local model endpoint it was built with (a local model that became ready
    /// since means a new agent).
    agent: Mutex<Option<(Arc<Agent>, Option<LocalEndpoint>)>>,
    /// The language model on this computer, when one is chosen.
    pub local: Arc<crate::local_model::LocalModels>,
    subscribers: Mutex<Vec<Channel<Status>>>,
    /// Shared with the tasks that run the requests, which remove themselves when they end.
    pub requests: RunningRequests,
    /// The writes the person allowed per conversation ([`crate::grants`]).
    pub grants: crate::grants::ConversationGrants,
    /// Where backups and exported conversations go.
    pub folders: crate::folders::OwnFolders,
    /// The law library: the official Code downloaded into the data dir and built into the graph.
    pub library: Arc<Library>,
    /// Deadline reminders: when they were last asked for, and what came due while the app was
    /// closed ([`crate::reminders`]).
    pub reminders: Arc<crate::reminders::Reminders>,
}

/// The requests running now, by the id the window gave each, for Stop.
#[derive(Clone, Default)]
pub struct RunningRequests(Arc<Mutex<HashMap<String, CancellationToken>>>);

impl RunningRequests {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, CancellationToken>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Registers a request; refused while another runs under the same id.
    pub fn begin(&self, id: &str) -> Result<CancellationToken, CommandError> {
        let mut requests = self.lock();
        if requests.contains_key(id) {
            return Err(CommandError::invalid("requestId", format!("a request with id {id:?} is already running")));
        }
        let token = CancellationToken::new();
        requests.insert(id.to_string(), token.clone());
        Ok(token)
    }

    pub fn end(&self, id: &str) {
        self.lock().remove(id);
    }

    /// Stops a running request; false if there is none by that id.
    pub fn cancel(&self, id: &str) -> bool {
        match self.lock().get(id) {
            Some(token) => {
                token.cancel();
                true
            }
            None => false,
        }
    }

    /// Stops every running request (quit).
    pub fn cancel_all(&self) {
        for token in self.lock().values() {
            token.cancel();
        }
    }
}

fn model_status(settings: &SettingsStore) -> ModelStatus {
    AgentConfig::from_lookup(|n| settings.lookup(n)).mode().into()
}

fn placeholder(name: &str, data_dir: &Path) -> SidecarStatus {
    SidecarStatus {
        name: name.to_string(),
        state: SidecarState::Starting,
        url: None,
        pid: None,
        restarts: 0,
        message: None,
        log: data_dir.join("logs").join(format!("{name}.log")),
    }
}

/// The local model's context window, in tokens: room for the sources of a typical question
/// (≈ 2,000 tokens), the conversation and a 700-token answer, at a memory cost small models bear.
pub const LOCAL_CONTEXT_TOKENS: u32 = 4096;

const USER_AGENT: &str = concat!("proseva-desktop/", env!("CARGO_PKG_VERSION"));

impl AppState {
    /// `started` is when the process began, for the start-up timings.
    pub fn new(data_dir: PathBuf, settings: SettingsStore, started: Instant) -> Self {
        let http = proseva_http::loopback_client_builder(USER_AGENT).build().expect("a loopback HTTP client builds");
        let model = Mutex::new(model_status(&settings));
        let library = Library::open(&data_dir, DownloadConfig::from_env());
        let local = Arc::new(crate::local_model::LocalModels::new(&data_dir));
        let reminders = Arc::new(crate::reminders::Reminders::new(&data_dir, crate::reminders::Clock::from_env()));
        AppState {
            reminders,
            local,
            model,
            shared: Mutex::new(Shared {
                phase: Phase::Preparing,
                setup: None,
                server: placeholder("server", &data_dir),
                explorer: placeholder("explorer", &data_dir),
                message: None,
                timings: Timings::default(),
            }),
            data_dir,
            settings,
            http,
            folders: crate::folders::OwnFolders::from_env(),
            web: OnceLock::new(),
            started,
            backend: RwLock::new(None),
            agent: Mutex::new(None),
            subscribers: Mutex::new(Vec::new()),
            requests: RunningRequests::default(),
            grants: Default::default(),
            library,
        }
    }

    pub fn status(&self) -> Status {
        let shared = self.shared.lock().unwrap_or_else(|p| p.into_inner());
        Status {
            phase: shared.phase,
            setup: shared.setup.clone(),
            server: shared.server.clone(),
            explorer: shared.explorer.clone(),
            model: self.local_status().unwrap_or_else(|| self.model.lock().unwrap_or_else(|p| p.into_inner()).clone()),
            data_dir: self.data_dir.display().to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            message: shared.message.clone(),
            timings: shared.timings.clone(),
            services: proseva_agent::pipeline::service_states(),
            mcp_case_data: self.settings.settings().mcp_case_data,
        }
    }

    /// Sends the current status to every window that asked for it; drops channels whose window
    /// is gone.
    pub fn broadcast(&self) {
        let status = self.status();
        let mut subscribers = self.subscribers.lock().unwrap_or_else(|p| p.into_inner());
        subscribers.retain(|channel| channel.send(status.clone()).is_ok());
    }

    /// Drops the status channels: the page that opened them is being loaded again (quick exit).
    pub fn forget_status_subscribers(&self) {
        self.subscribers.lock().unwrap_or_else(|p| p.into_inner()).clear();
    }

    pub fn subscribe(&self, channel: Channel<Status>) {
        {
            let mut shared = self.shared.lock().unwrap_or_else(|p| p.into_inner());
            if shared.timings.window_ms.is_none() {
                shared.timings.window_ms = Some(self.elapsed_ms());
                tracing::info!(window_ms = shared.timings.window_ms, "the window is up");
            }
        }
        let _ = channel.send(self.status());
        self.subscribers.lock().unwrap_or_else(|p| p.into_inner()).push(channel);
    }

    fn elapsed_ms(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    /// Records what the supervisor reports.
    pub fn on_supervisor_event(&self, event: SupervisorEvent) {
        {
            let mut shared = self.shared.lock().unwrap_or_else(|p| p.into_inner());
            match event {
                SupervisorEvent::Setup(progress) => {
                    shared.phase = Phase::Preparing;
                    shared.setup = Some(progress);
                }
                SupervisorEvent::Sidecar(status) => {
                    if shared.phase == Phase::Preparing {
                        shared.phase = Phase::Starting;
                        shared.setup = None;
                    }
                    if status.name == "server" {
                        shared.server = status;
                    } else {
                        shared.explorer = status;
                    }
                }
            }
        }
        self.broadcast();
    }

    /// The sidecars are up (the explorer may have failed): requests can run.
    pub fn set_ready(&self, backend: Backend) {
        if let Some(supervisor) = &backend.supervisor {
            let (server, explorer) = supervisor.status();
            let mut shared = self.shared.lock().unwrap_or_else(|p| p.into_inner());
            shared.server = server;
            shared.explorer = explorer;
        }
        *self.backend.write().unwrap_or_else(|p| p.into_inner()) = Some(backend);
        *self.agent.lock().unwrap_or_else(|p| p.into_inner()) = None;
        {
            let mut shared = self.shared.lock().unwrap_or_else(|p| p.into_inner());
            shared.phase = Phase::Ready;
            shared.setup = None;
            shared.timings.sidecars_ms = Some(self.elapsed_ms());
            tracing::info!(sidecars_ms = shared.timings.sidecars_ms, "the sidecars are up");
        }
        self.publish_for_mcp();
        self.broadcast();
    }

    pub fn set_failed(&self, message: String) {
        {
            let mut shared = self.shared.lock().unwrap_or_else(|p| p.into_inner());
            shared.phase = Phase::Failed;
            shared.message = Some(message);
        }
        self.broadcast();
    }

    pub fn backend(&self) -> Option<Backend> {
        self.backend.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// The backend, or why there is none: still starting, or the server failed to start.
    pub fn ready_backend(&self) -> Result<Backend, CommandError> {
        self.backend().ok_or_else(|| match self.status().phase {
            Phase::Failed => CommandError::unavailable("The case-data server could not be started; see the message and the log."),
            _ => CommandError::starting(
                "ProSeVA is still starting (preparing the law graph and the case-data server); try again in a moment.",
            ),
        })
    }

    /// The same state with backups and exports in `folders` (tests).
    pub fn with_folders(mut self, folders: crate::folders::OwnFolders) -> Self {
        self.folders = folders;
        self
    }

    /// The same state with the law library `library` (tests: one that downloads from a stand-in).
    pub fn with_library(mut self, library: Arc<Library>) -> Self {
        self.library = library;
        self
    }

    /// The same state with these reminders (tests: a clock of their own).
    pub fn with_reminders(mut self, reminders: crate::reminders::Reminders) -> Self {
        self.reminders = Arc::new(reminders);
        self
    }

    /// A client of the case data server, once it is up.
    pub fn workspace(&self) -> Result<proseva_workspace::Workspace, CommandError> {
        let backend = self.ready_backend()?;
        Ok(proseva_workspace::Workspace::new(self.http.clone(), &backend.server_url, Some(backend.token)).with_language(&self.language()))
    }

    /// The window's language, `"en"` or `"es"`: chosen in Settings, else this computer's.
    pub fn language(&self) -> String {
        self.settings.settings().language.unwrap_or_else(|| crate::settings::system_language(|n| std::env::var(n).ok()).to_string())
    }

    /// Takes the backend away (quit): later requests are refused, the supervisor can be dropped.
    pub fn take_backend(&self) -> Option<Backend> {
        let backend = self.backend.write().unwrap_or_else(|p| p.into_inner()).take();
        self.publish_for_mcp();
        backend
    }

    /// `mcp-server.json` in the data dir — the case data server's address and token, readable by
    /// this user only — while the person lets other assistants read their case data (Settings) and
    /// the server runs; removed otherwise. `proseva-mcp`'s case tools read it on every call.
    pub fn publish_for_mcp(&self) {
        let path = self.data_dir.join(MCP_SERVER_FILE);
        let backend = self.backend().filter(|_| self.settings.settings().mcp_case_data);
        let Some(backend) = backend else {
            if path.exists()
                && let Err(e) = std::fs::remove_file(&path)
            {
                tracing::warn!("could not remove {}: {e}", path.display());
            }
            return;
        };
        let body = serde_json::json!({ "serverUrl": backend.server_url, "token": backend.token }).to_string();
        if let Err(e) = write_private(&path, body.as_bytes()) {
            tracing::warn!("could not publish the case data server for other assistants at {}: {e}", path.display());
        }
    }

    /// The local model the person chose (its file and idle time), unless offline is forced.
    pub fn local_choice(&self) -> Option<(PathBuf, std::time::Duration)> {
        let s = self.settings.settings();
        let model = s.local_model.filter(|_| !s.offline)?;
        Some((PathBuf::from(model), std::time::Duration::from_secs(u64::from(s.local_model_idle_minutes.max(1)) * 60)))
    }

    /// The status line's model part while a local model is chosen.
    fn local_status(&self) -> Option<ModelStatus> {
        let (model, _) = self.local_choice()?;
        let (state, message) = self.local.state_of(&model);
        let name = model.file_name().map_or_else(|| model.display().to_string(), |n| n.to_string_lossy().into_owned());
        Some(ModelStatus::Local { model: name, state, message })
    }

    /// Starts the chosen local model if it is not running (off the async threads: loading blocks
    /// for a moment), and tells the windows how it went. Nothing when none is chosen.
    pub async fn prepare_local_model(&self) {
        let Some((model, idle)) = self.local_choice() else { return };
        let local = self.local.clone();
        let _ = tauri::async_runtime::spawn_blocking(move || local.endpoint(&model, LOCAL_CONTEXT_TOKENS, idle)).await;
        self.broadcast();
    }

    /// The agent for the current settings, built on first use and after settings change.
    pub fn agent(&self) -> Result<Arc<Agent>, CommandError> {
        let local = self.local_choice().and_then(|(model, idle)| self.local.ready_endpoint(&model, idle));
        let mut cached = self.agent.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((agent, built_with)) = cached.as_ref()
            && *built_with == local
        {
            return Ok(agent.clone());
        }
        let backend = self.ready_backend()?;
        let web = self.web()?;
        let lookup = |name: &str| self.settings.lookup(name);
        let mut config = AgentConfig::from_lookup(lookup);
        config.local = local.clone();
        let token = Some(backend.token.clone());
        let agent = Arc::new(Agent::new(
            config.build_model(),
            config.runner_config(),
            ExplorerClient::new(self.http.clone(), &backend.explorer_url, token.clone()),
            ServerClient::new(self.http.clone(), &backend.server_url, token),
            research_tools(&ResearchConfig::from_lookup(lookup), web),
        ));
        *cached = Some((agent.clone(), local));
        Ok(agent)
    }

    fn web(&self) -> Result<reqwest::Client, CommandError> {
        if let Some(client) = self.web.get() {
            return Ok(client.clone());
        }
        let built = proseva_http::client_builder(USER_AGENT)
            .build()
            .map_err(|e| CommandError::unavailable(format!("no HTTP client for the research services: {}", proseva_http::describe(&e))))?;
        Ok(self.web.get_or_init(|| built).clone())
    }

    /// Settings changed: the next request builds a new agent; windows see the new model line;
    /// other assistants see the case data server, or no longer do.
    pub fn settings_changed(&self) {
        *self.agent.lock().unwrap_or_else(|p| p.into_inner()) = None;
        // Another file, another idle time, or none: the running model stops; the next question
        // starts the one chosen.
        let keep = self.local_choice().is_some_and(|(model, idle)| self.local.ready_endpoint(&model, idle).is_some());
        if !keep {
            self.local.stop();
        }
        *self.model.lock().unwrap_or_else(|p| p.into_inner()) = model_status(&self.settings);
        self.publish_for_mcp();
        self.broadcast();
    }
}

/// Where the desktop tells `proseva-mcp` how to reach its case data server (see
/// [`AppState::publish_for_mcp`]).
pub const MCP_SERVER_FILE: &str = "mcp-server.json";

/// Writes `bytes` to `path` readable and writable by this user only (a new file, renamed over the
/// old one so no reader sees half of it).
fn write_private(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let partial = path.with_extension("json.partial");
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&partial)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    std::fs::rename(&partial, path)
}
