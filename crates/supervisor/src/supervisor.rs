//! The supervisor proper: spawning, health checks, logs, restarts and shutdown. See the crate
//! docs for the design.

use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, TcpListener};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::data_dir::{DataDir, SetupProgress, create_data_dir, ensure_graph};
use crate::error::{StartError, SupervisorError};
use crate::find::find_sidecar;
use crate::log::{RotatingLog, strip_ansi, timestamp_now};
use crate::{http, sys, token};

/// How many of a child's last stderr lines are kept for the error dialog.
pub const STDERR_TAIL_LINES: usize = 40;

/// The longest a single health-check request may take.
const PROBE_TIMEOUT: Duration = Duration::from_secs(1);

/// How long to wait, after a child exited, for its output threads to drain the pipes.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(1);

/// A sidecar's state. Normal life: `starting` → `healthy`; after a crash `restarting` →
/// `healthy`; `failed` when it is not running (the message says whether it will be tried again);
/// `stopped` after [`Supervisor::shutdown`].
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SidecarState {
    Starting,
    Healthy,
    Restarting,
    Failed,
    Stopped,
}

/// What the UI shows for one sidecar.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SidecarStatus {
    /// `server` or `explorer`.
    pub name: String,
    pub state: SidecarState,
    /// The URL from the child's `listening on` line, while it is healthy.
    pub url: Option<String>,
    /// The running child's pid (starting, healthy, or restarting once respawned).
    pub pid: Option<u32>,
    /// How many times it has been started again since the first start.
    pub restarts: u32,
    /// A sentence for people when it failed or is restarting.
    pub message: Option<String>,
    /// Its log file (`<data>/logs/<name>.log`).
    pub log: PathBuf,
}

/// Everything the supervisor reports, in order, to the `on_event` callback. As JSON:
/// `{"type":"setup","stage":..,"done":..,"total":..}` or `{"type":"sidecar", ...SidecarStatus}`.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum SupervisorEvent {
    /// First-run progress while `graph.db` is built.
    Setup(SetupProgress),
    /// A sidecar's status changed.
    Sidecar(SidecarStatus),
}

/// The callback that receives [`SupervisorEvent`]s. It runs on the supervisor's threads (never
/// under its locks, so it may call [`Supervisor::status`]); it should return quickly and must not
/// call [`Supervisor::shutdown`].
pub type EventSink = Arc<dyn Fn(SupervisorEvent) + Send + Sync>;

/// When and how often a sidecar that stopped is started again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RestartPolicy {
    /// The first delay; each consecutive failure doubles it.
    pub initial: Duration,
    /// The longest delay.
    pub max: Duration,
    /// Consecutive failed restarts before giving up (state `failed` for good).
    pub max_attempts: u32,
    /// A child healthy this long counts as stable: its crash starts the backoff afresh.
    pub stable_after: Duration,
}

impl Default for RestartPolicy {
    fn default() -> Self {
        RestartPolicy {
            initial: Duration::from_millis(500),
            max: Duration::from_secs(30),
            max_attempts: 6,
            stable_after: Duration::from_secs(60),
        }
    }
}

impl RestartPolicy {
    /// The delay before the restart that follows the `failures`th consecutive failure (1-based):
    /// `initial`, `2 × initial`, `4 × initial`, … capped at `max`.
    pub fn delay(&self, failures: u32) -> Duration {
        let doublings = failures.saturating_sub(1).min(31);
        self.initial.saturating_mul(1u32 << doublings).min(self.max)
    }
}

/// How to run the sidecars. [`SupervisorConfig::new`] fills in the defaults.
#[derive(Clone, Debug)]
pub struct SupervisorConfig {
    pub data_dir: PathBuf,
    pub server_bin: PathBuf,
    pub explorer_bin: PathBuf,
    /// How long the server may take to answer `GET /api/health` (15 s).
    pub server_budget: Duration,
    /// How long the explorer may take to answer `POST /graphql` (10 s).
    pub explorer_budget: Duration,
    /// Time between health checks (50 ms).
    pub poll_interval: Duration,
    /// How long children get to exit after SIGTERM before SIGKILL (3 s).
    pub grace: Duration,
    pub restart: RestartPolicy,
    /// Extra environment for both children (applied last, so it overrides).
    pub env: Vec<(String, String)>,
}

impl SupervisorConfig {
    pub fn new(data_dir: impl Into<PathBuf>, server_bin: impl Into<PathBuf>, explorer_bin: impl Into<PathBuf>) -> Self {
        SupervisorConfig {
            data_dir: data_dir.into(),
            server_bin: server_bin.into(),
            explorer_bin: explorer_bin.into(),
            server_budget: Duration::from_secs(15),
            explorer_budget: Duration::from_secs(10),
            poll_interval: Duration::from_millis(50),
            grace: Duration::from_secs(3),
            restart: RestartPolicy::default(),
            env: Vec::new(),
        }
    }

    /// [`SupervisorConfig::new`] with both programs located by [`find_sidecar`].
    pub fn with_found_sidecars(data_dir: impl Into<PathBuf>) -> Result<Self, SupervisorError> {
        Ok(Self::new(data_dir, find_sidecar("proseva-server")?, find_sidecar("proseva-explorer")?))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Which {
    Server,
    Explorer,
}

const BOTH: [Which; 2] = [Which::Server, Which::Explorer];

impl Which {
    fn index(self) -> usize {
        self as usize
    }

    fn name(self) -> &'static str {
        match self {
            Which::Server => "server",
            Which::Explorer => "explorer",
        }
    }

    fn program(self) -> &'static str {
        match self {
            Which::Server => "proseva-server",
            Which::Explorer => "proseva-explorer",
        }
    }

    /// How messages name it.
    fn label(self) -> &'static str {
        match self {
            Which::Server => "the case-data server",
            Which::Explorer => "the law-graph explorer",
        }
    }

    /// What a failure means to the person using the app, as a message prefix.
    fn unavailable(self) -> &'static str {
        match self {
            Which::Server => "your case data is unavailable: ",
            Which::Explorer => "the Virginia law graph is unavailable: ",
        }
    }
}

/// Why one attempt to start a child did not give a healthy child.
#[derive(Debug)]
struct Failure {
    reason: String,
    stderr_tail: Vec<String>,
    spawn_error: Option<io::Error>,
}

/// The first attempt's outcome, which [`Supervisor::start`] waits for.
#[derive(Debug)]
enum First {
    Healthy,
    Failed(Failure),
}

/// What the output threads of one child share with the rest.
#[derive(Default)]
struct ChildIo {
    listening: Mutex<Option<String>>,
    arrived: Condvar,
    tail: Mutex<VecDeque<String>>,
}

impl ChildIo {
    fn listening(&self) -> Option<String> {
        lock(&self.listening).clone()
    }

    fn tail(&self) -> Vec<String> {
        lock(&self.tail).iter().cloned().collect()
    }

    /// Waits up to `timeout` for the `listening on` line.
    fn wait_listening(&self, timeout: Duration) {
        let guard = lock(&self.listening);
        if guard.is_none() {
            drop(self.arrived.wait_timeout_while(guard, timeout, |l| l.is_none()));
        }
    }
}

struct Slot {
    status: SidecarStatus,
    child: Option<Child>,
    io: Option<Arc<ChildIo>>,
    first: Option<First>,
}

struct State {
    stopping: bool,
    slots: [Slot; 2],
}

impl State {
    fn any_child(&self) -> bool {
        self.slots.iter().any(|s| s.child.is_some())
    }

    fn child_pids(&self) -> Vec<u32> {
        self.slots.iter().filter_map(|s| s.child.as_ref().map(Child::id)).collect()
    }
}

struct SpawnRequest {
    command: Command,
    reply: mpsc::Sender<io::Result<Child>>,
}

struct Shared {
    config: SupervisorConfig,
    data: DataDir,
    token: String,
    ports: [u16; 2],
    on_event: EventSink,
    state: Mutex<State>,
    /// Signalled on every change of `state` that someone may wait for (a child reaped, a first
    /// outcome, shutdown begun).
    changed: Condvar,
    logs: [Arc<Mutex<RotatingLog>>; 2],
    spawner: Mutex<Option<mpsc::Sender<SpawnRequest>>>,
}

/// Runs the two sidecars. Create it with [`Supervisor::start`]; it stops them on
/// [`Supervisor::shutdown`] or when dropped. `Send + Sync`: share it in an `Arc`.
pub struct Supervisor {
    shared: Arc<Shared>,
    runners: Mutex<Vec<JoinHandle<()>>>,
    spawner: Mutex<Option<JoinHandle<()>>>,
    /// Held for the whole of shutdown; true once it completed.
    shut_down: Mutex<bool>,
}

impl std::fmt::Debug for Supervisor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (server, explorer) = self.status();
        f.debug_struct("Supervisor")
            .field("data_dir", &self.shared.data.root)
            .field("server", &server)
            .field("explorer", &explorer)
            .finish()
    }
}

impl Supervisor {
    /// Prepares the data dir (building `graph.db` on first run), makes a token, reserves two
    /// loopback ports, starts both children at once and health-checks them in parallel. Returns
    /// once the server is healthy and the explorer is healthy or has failed (a failed explorer is
    /// retried in the background). If the server does not become healthy, everything started is
    /// stopped and [`StartError::ServerFailed`] (or [`StartError::Spawn`]) is returned.
    pub fn start(config: SupervisorConfig, on_event: EventSink) -> Result<Supervisor, StartError> {
        let mut data = create_data_dir(&config.data_dir)?;
        let graph_error = match ensure_graph(&data, &|p| on_event(SupervisorEvent::Setup(p))) {
            Ok(built) => {
                data.graph_built = built;
                None
            }
            // Not fatal: the explorer is optional, and its runner tries the build again.
            Err(e) => Some(e),
        };
        let open_log = |which: Which| {
            let path = data.log_file(which.name());
            RotatingLog::open(&path, RotatingLog::DEFAULT_MAX_BYTES, RotatingLog::DEFAULT_KEEP)
                .map(|log| Arc::new(Mutex::new(log)))
                .map_err(|source| SupervisorError::Log { path, source })
        };
        let logs = [open_log(Which::Server)?, open_log(Which::Explorer)?];
        let ports = reserve_ports().map_err(|source| StartError::Io { what: "reserve two loopback ports".into(), source })?;

        let (spawn_tx, spawn_rx) = mpsc::channel::<SpawnRequest>();
        let spawner = std::thread::Builder::new()
            .name("proseva-spawner".into())
            .spawn(move || spawner_loop(spawn_rx))
            .map_err(|source| StartError::Io { what: "start the spawner thread".into(), source })?;

        let slot = |which: Which| Slot {
            status: SidecarStatus {
                name: which.name().to_string(),
                state: SidecarState::Starting,
                url: None,
                pid: None,
                restarts: 0,
                message: None,
                log: data.log_file(which.name()),
            },
            child: None,
            io: None,
            first: None,
        };
        let shared = Arc::new(Shared {
            state: Mutex::new(State { stopping: false, slots: [slot(Which::Server), slot(Which::Explorer)] }),
            changed: Condvar::new(),
            token: token::random_token(),
            ports,
            on_event,
            logs,
            spawner: Mutex::new(Some(spawn_tx)),
            data,
            config,
        });
        if let Some(error) = graph_error {
            shared.log_line(Which::Explorer, &error.to_string());
            tracing::warn!("{error}");
        }
        let supervisor = Supervisor {
            shared: shared.clone(),
            runners: Mutex::new(Vec::new()),
            spawner: Mutex::new(Some(spawner)),
            shut_down: Mutex::new(false),
        };
        for which in BOTH {
            let shared = shared.clone();
            let runner = std::thread::Builder::new()
                .name(format!("proseva-{}-runner", which.name()))
                .spawn(move || shared.run(which))
                .map_err(|source| StartError::Io { what: "start a supervisor thread".into(), source })?;
            lock(&supervisor.runners).push(runner);
        }

        let server_failure = {
            let mut state = lock(&shared.state);
            loop {
                match (&state.slots[0].first, &state.slots[1].first) {
                    (Some(First::Failed(_)), _) => break state.slots[0].first.take(),
                    (Some(First::Healthy), Some(_)) => break None,
                    _ if state.stopping => break None,
                    _ => state = wait(&shared.changed, state),
                }
            }
        };
        if let Some(First::Failed(failure)) = server_failure {
            supervisor.stop(true);
            return Err(match failure.spawn_error {
                Some(source) => StartError::Spawn { name: Which::Server.program().into(), path: shared.config.server_bin.clone(), source },
                None => StartError::ServerFailed {
                    reason: failure.reason,
                    stderr_tail: failure.stderr_tail,
                    log: shared.data.log_file(Which::Server.name()),
                },
            });
        }
        Ok(supervisor)
    }

    /// The bearer token both children require (fresh for each start).
    pub fn token(&self) -> &str {
        &self.shared.token
    }

    /// The server's base URL (`http://127.0.0.1:PORT`): from its `listening on` line while it is
    /// healthy, else the port reserved for it (the same across restarts).
    pub fn server_url(&self) -> String {
        self.url(Which::Server)
    }

    /// The explorer's base URL; GraphQL is at `<url>/graphql`.
    pub fn explorer_url(&self) -> String {
        self.url(Which::Explorer)
    }

    /// The ports reserved for (server, explorer).
    pub fn ports(&self) -> (u16, u16) {
        (self.shared.ports[0], self.shared.ports[1])
    }

    /// (server, explorer).
    pub fn status(&self) -> (SidecarStatus, SidecarStatus) {
        let state = lock(&self.shared.state);
        (state.slots[0].status.clone(), state.slots[1].status.clone())
    }

    pub fn data_dir(&self) -> &DataDir {
        &self.shared.data
    }

    /// The pids of the children running now.
    pub fn child_pids(&self) -> Vec<u32> {
        lock(&self.shared.state).child_pids()
    }

    /// The last stderr lines (at most [`STDERR_TAIL_LINES`]) of the latest child of `name`
    /// (`server` or `explorer`).
    pub fn stderr_tail(&self, name: &str) -> Vec<String> {
        let Some(which) = BOTH.into_iter().find(|w| w.name() == name) else { return Vec::new() };
        let io = lock(&self.shared.state).slots[which.index()].io.clone();
        io.map(|io| io.tail()).unwrap_or_default()
    }

    /// Stops both children: no restarts from now on, SIGTERM to each child's process group, up
    /// to `grace` for them to exit, then SIGKILL; every child is reaped; both states become
    /// `stopped`. Idempotent, and safe while a restart is pending. Blocks until done.
    pub fn shutdown(&self) {
        self.stop(false);
    }

    /// [`Supervisor::shutdown`]; with `keep_failed`, a `failed` status stays as it is (a failed
    /// start reports why, not that it was stopped afterwards).
    fn stop(&self, keep_failed: bool) {
        let mut done = lock(&self.shut_down);
        if *done {
            return;
        }
        let shared = &self.shared;
        let config = &shared.config;
        let pids = {
            let mut state = lock(&shared.state);
            state.stopping = true;
            state.child_pids()
        };
        shared.changed.notify_all();
        for (which, pid) in shared.children() {
            shared.log_line(which, &format!("stopping pid {pid} (SIGTERM)"));
            let _ = sys::signal_group(pid, sys::SIGTERM);
        }

        // The runners reap their own children and notify `changed`.
        let mut state = lock(&shared.state);
        let deadline = Instant::now() + config.grace;
        while state.any_child() && Instant::now() < deadline {
            state =
                shared.changed.wait_timeout(state, deadline.saturating_duration_since(Instant::now())).unwrap_or_else(|e| e.into_inner()).0;
        }
        if state.any_child() {
            drop(state);
            for (which, pid) in shared.children() {
                shared.log_line(which, &format!("pid {pid} did not exit within {}; SIGKILL", describe_duration(config.grace)));
                let _ = sys::signal_group(pid, sys::SIGKILL);
            }
            state = lock(&shared.state);
            let deadline = Instant::now() + Duration::from_secs(5);
            while state.any_child() && Instant::now() < deadline {
                state = shared
                    .changed
                    .wait_timeout(state, deadline.saturating_duration_since(Instant::now()))
                    .unwrap_or_else(|e| e.into_inner())
                    .0;
            }
        }
        drop(state);

        for runner in lock(&self.runners).drain(..) {
            let _ = runner.join();
        }
        // Nothing should be left, but a child must never outlive this call.
        {
            let mut state = lock(&shared.state);
            for slot in &mut state.slots {
                if let Some(mut child) = slot.child.take() {
                    let _ = sys::signal_group(child.id(), sys::SIGKILL);
                    let _ = child.wait();
                }
            }
        }
        // Only now may the spawner thread end: its exit would SIGKILL its children (PDEATHSIG).
        lock(&shared.spawner).take();
        if let Some(spawner) = lock(&self.spawner).take() {
            let _ = spawner.join();
        }
        for which in BOTH {
            shared.update(which, |s| {
                if keep_failed && s.state == SidecarState::Failed {
                    return;
                }
                s.state = SidecarState::Stopped;
                s.pid = None;
                s.url = None;
                s.message = None;
            });
        }
        if !pids.is_empty() {
            tracing::info!("sidecars stopped");
        }
        *done = true;
    }

    fn url(&self, which: Which) -> String {
        lock(&self.shared.state).slots[which.index()]
            .status
            .url
            .clone()
            .unwrap_or_else(|| format!("http://127.0.0.1:{}", self.shared.ports[which.index()]))
    }
}

impl Drop for Supervisor {
    fn drop(&mut self) {
        self.shutdown();
    }
}

enum Attempt {
    Healthy { since: Instant },
    Failed(Failure),
    Stopped,
}

impl Shared {
    /// One sidecar's life: start, health-check, wait for its exit, restart with backoff, until
    /// shutdown or giving up.
    fn run(self: Arc<Self>, which: Which) {
        let policy = self.config.restart.clone();
        let mut failures = 0u32;
        let mut restarts = 0u32;
        let mut first = true;
        let stopped = loop {
            let delay = match self.attempt(which, restarts, first) {
                Attempt::Stopped => break true,
                Attempt::Healthy { since } => {
                    if first {
                        self.set_first(which, First::Healthy);
                    }
                    let exit = self.wait_exit(which);
                    if self.stopping() {
                        self.log_line(which, &format!("stopped: {}", describe_exit(exit)));
                        break true;
                    }
                    let uptime = since.elapsed();
                    if uptime >= policy.stable_after {
                        failures = 0;
                    }
                    failures += 1;
                    let what = format!("{} {}", which.label(), describe_exit(exit));
                    self.log_line(which, &format!("{what} after {} healthy", describe_duration(uptime)));
                    if failures > policy.max_attempts {
                        self.give_up(which, &what, failures);
                        break false;
                    }
                    let delay = policy.delay(failures);
                    self.update(which, |s| {
                        s.state = SidecarState::Restarting;
                        s.url = None;
                        s.pid = None;
                        s.message = Some(format!("{what}; restarting it in {}", describe_duration(delay)));
                    });
                    delay
                }
                Attempt::Failed(failure) => {
                    self.log_line(which, &failure.reason);
                    if first && which == Which::Server {
                        // Fatal: start() reports it and stops everything.
                        self.update(which, |s| {
                            s.state = SidecarState::Failed;
                            s.pid = None;
                            s.url = None;
                            s.message = Some(failure.reason.clone());
                        });
                        self.set_first(which, First::Failed(failure));
                        break false;
                    }
                    failures += 1;
                    let last_line = failure.stderr_tail.last().map(|l| format!(" ({})", truncate(l, 300))).unwrap_or_default();
                    let what = format!("{}{last_line}", failure.reason);
                    let gave_up = failures > policy.max_attempts;
                    let delay = policy.delay(failures);
                    if gave_up {
                        self.give_up(which, &what, failures);
                    } else {
                        self.update(which, |s| {
                            s.state = SidecarState::Failed;
                            s.pid = None;
                            s.url = None;
                            s.message = Some(format!("{}{what}; trying again in {}", which.unavailable(), describe_duration(delay)));
                        });
                    }
                    if first {
                        self.set_first(which, First::Failed(failure));
                    }
                    if gave_up {
                        break false;
                    }
                    delay
                }
            };
            first = false;
            if !self.sleep_unless_stopping(delay) {
                break true;
            }
            restarts += 1;
        };
        // Stopped by shutdown (not after giving up: that `failed` status stands until shutdown).
        if stopped {
            self.update(which, |s| {
                s.state = SidecarState::Stopped;
                s.pid = None;
                s.url = None;
                s.message = None;
            });
        }
    }

    fn give_up(&self, which: Which, what: &str, failures: u32) {
        let log = self.data.log_file(which.name());
        let tried = match failures.saturating_sub(1) {
            0 => "restarts are turned off".to_string(),
            1 => "gave up after 1 failed restart".to_string(),
            n => format!("gave up after {n} failed restarts in a row"),
        };
        let message = format!("{}{what}; {tried} — see {}", which.unavailable(), log.display());
        self.log_line(which, &message);
        tracing::error!("{message}");
        self.update(which, |s| {
            s.state = SidecarState::Failed;
            s.pid = None;
            s.url = None;
            s.message = Some(message.clone());
        });
    }

    /// Starts one child and health-checks it within its budget.
    fn attempt(self: &Arc<Self>, which: Which, restarts: u32, first: bool) -> Attempt {
        if self.stopping() {
            return Attempt::Stopped;
        }
        let label = which.label();
        if which == Which::Explorer && !self.data.graph_db.exists() {
            let on_event = self.on_event.clone();
            if let Err(e) = ensure_graph(&self.data, &|p| on_event(SupervisorEvent::Setup(p))) {
                return Attempt::Failed(Failure { reason: e.to_string(), stderr_tail: Vec::new(), spawn_error: None });
            }
        }
        let program = match which {
            Which::Server => &self.config.server_bin,
            Which::Explorer => &self.config.explorer_bin,
        };
        let mut child = match self.spawn(self.command(which)) {
            Ok(child) => child,
            Err(e) => {
                return Attempt::Failed(Failure {
                    reason: format!("could not start {label} ({}): {e}", program.display()),
                    stderr_tail: Vec::new(),
                    spawn_error: Some(e),
                });
            }
        };
        let pid = child.id();
        let io = Arc::new(ChildIo::default());
        let (drained_tx, drained) = mpsc::channel::<()>();
        let log = &self.logs[which.index()];
        if let Some(stdout) = child.stdout.take() {
            start_pump(which, "stdout", stdout, log.clone(), io.clone(), drained_tx.clone());
        }
        if let Some(stderr) = child.stderr.take() {
            start_pump(which, "stderr", stderr, log.clone(), io.clone(), drained_tx.clone());
        }
        drop(drained_tx);
        {
            let mut state = lock(&self.state);
            if state.stopping {
                // Shutdown began while we were spawning: it cannot have seen this child.
                drop(state);
                let _ = sys::signal_group(pid, sys::SIGKILL);
                let _ = child.wait();
                return Attempt::Stopped;
            }
            let slot = &mut state.slots[which.index()];
            slot.child = Some(child);
            slot.io = Some(io.clone());
        }
        self.update(which, |s| {
            s.pid = Some(pid);
            s.url = None;
            s.restarts = restarts;
            if first {
                s.state = SidecarState::Starting;
            } else {
                s.state = SidecarState::Restarting;
                s.message = Some(format!("restarting {label} (restart {restarts})"));
            }
        });
        self.log_line(which, &format!("started pid {pid}: {}", program.display()));

        let budget = match which {
            Which::Server => self.config.server_budget,
            Which::Explorer => self.config.explorer_budget,
        };
        let started = Instant::now();
        let deadline = started + budget;
        let poll = self.config.poll_interval.clamp(Duration::from_millis(1), Duration::from_millis(100));
        loop {
            if self.stopping() {
                let exit = self.wait_exit(which);
                self.log_line(which, &format!("stopped before it was ready: {}", describe_exit(exit)));
                return Attempt::Stopped;
            }
            if let Some(exit) = self.try_reap(which) {
                wait_drained(&drained, Instant::now() + DRAIN_TIMEOUT);
                return Attempt::Failed(Failure {
                    reason: format!("{label} {} before it was ready", describe_exit(exit)),
                    stderr_tail: io.tail(),
                    spawn_error: None,
                });
            }
            let now = Instant::now();
            if now >= deadline {
                self.log_line(which, &format!("no healthy answer within {}; SIGKILL", describe_duration(budget)));
                let _ = sys::signal_group(pid, sys::SIGKILL);
                self.wait_exit(which);
                wait_drained(&drained, Instant::now() + Duration::from_millis(200));
                return Attempt::Failed(Failure {
                    reason: format!("{label} did not answer its health check within {}", describe_duration(budget)),
                    stderr_tail: io.tail(),
                    spawn_error: None,
                });
            }
            match io.listening() {
                Some(url) => {
                    if self.probe(which, &url, PROBE_TIMEOUT.min(deadline - now)) {
                        let expected = format!("127.0.0.1:{}", self.ports[which.index()]);
                        if !url.ends_with(&expected) {
                            self.log_line(which, &format!("listening on {url}, not the reserved {expected}"));
                        }
                        self.log_line(which, &format!("healthy at {url} after {} ms", started.elapsed().as_millis()));
                        self.update(which, |s| {
                            s.state = SidecarState::Healthy;
                            s.url = Some(url.clone());
                            s.message = None;
                        });
                        return Attempt::Healthy { since: Instant::now() };
                    }
                    std::thread::sleep(poll.min(deadline.saturating_duration_since(Instant::now())));
                }
                // Wakes as soon as the line arrives.
                None => io.wait_listening(poll.min(deadline - now)),
            }
        }
    }

    fn command(&self, which: Which) -> Command {
        let port = self.ports[which.index()].to_string();
        let mut command = match which {
            Which::Server => {
                let mut c = Command::new(&self.config.server_bin);
                c.env("PORT", &port).env("EXPLORER_URL", format!("http://127.0.0.1:{}", self.ports[Which::Explorer.index()]));
                c
            }
            Which::Explorer => {
                let mut c = Command::new(&self.config.explorer_bin);
                c.arg("serve").arg("--db").arg(&self.data.graph_db).args(["--port", &port, "--host", "127.0.0.1"]);
                if shares_the_servers_model() {
                    // One copy of the embedding model (~90 MB) instead of two: the explorer embeds
                    // search questions through the server's OpenAI-compatible endpoint. While the
                    // server's model loads, or if it has none, the explorer searches by words.
                    let server = format!("http://127.0.0.1:{}/v1", self.ports[Which::Server.index()]);
                    let model = proseva_embed::LOCAL_MODEL_ID;
                    c.env("PROSEVA_EMBEDDINGS", "openai")
                        .env("EMBEDDINGS_BASE_URL", server)
                        .env("EMBEDDINGS_MODEL", model)
                        .env("EMBEDDINGS_MODEL_ID", model)
                        .env("EMBEDDINGS_DIMENSION", proseva_embed::LOCAL_DIMENSION.to_string())
                        .env("EMBEDDINGS_API_KEY", &self.token);
                }
                c
            }
        };
        command.env("PROSEVA_DATA_DIR", &self.data.root).env("PROSEVA_TOKEN", &self.token);
        if let Some(model_dir) = self.data.model_dir_override() {
            command.env("PROSEVA_MODEL_DIR", model_dir);
        }
        for (key, value) in &self.config.env {
            command.env(key, value);
        }
        command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
        // Its own process group, so signals reach anything it starts and none of the terminal's
        // signals (Ctrl-C to the app's group) hit it behind the supervisor's back.
        command.process_group(0);
        sys::die_with_parent(&mut command);
        command
    }

    /// Spawns on the spawner thread (see the crate docs: PDEATHSIG follows the forking thread).
    fn spawn(&self, command: Command) -> io::Result<Child> {
        let gone = || io::Error::other("the supervisor is shutting down");
        let sender = lock(&self.spawner).clone().ok_or_else(gone)?;
        let (reply, answer) = mpsc::channel();
        sender.send(SpawnRequest { command, reply }).map_err(|_| gone())?;
        answer.recv().map_err(|_| gone())?
    }

    fn probe(&self, which: Which, url: &str, timeout: Duration) -> bool {
        match which {
            Which::Server => http::request("GET", url, "/api/health", &[], None, timeout).is_ok_and(|r| r.status == 200),
            Which::Explorer => {
                let auth = format!("Bearer {}", self.token);
                let answer =
                    http::request("POST", url, "/graphql", &[("Authorization", &auth)], Some(r#"{"query":"{__typename}"}"#), timeout);
                answer.is_ok_and(|r| {
                    r.status == 200
                        && serde_json::from_str::<serde_json::Value>(&r.body)
                            .is_ok_and(|v| v.pointer("/data/__typename").is_some_and(|t| t.is_string()))
                })
            }
        }
    }

    /// Reaps the child if it has exited: `Some(exit)` then (`exit` is `None` when its status
    /// could not be read), `None` while it runs. No child counts as exited.
    fn try_reap(&self, which: Which) -> Option<Option<ExitStatus>> {
        let mut state = lock(&self.state);
        let slot = &mut state.slots[which.index()];
        let exit = match slot.child.as_mut()?.try_wait() {
            Ok(None) => return None,
            Ok(Some(status)) => Some(status),
            Err(_) => None,
        };
        slot.child = None;
        drop(state);
        self.changed.notify_all();
        Some(exit)
    }

    /// Blocks until the child exits and reaps it.
    fn wait_exit(&self, which: Which) -> Option<ExitStatus> {
        let pid = lock(&self.state).slots[which.index()].child.as_ref().map(Child::id)?;
        // Wait without reaping, so the pid stays ours (and safe to signal) until try_reap takes it
        // under the lock. Should that fail (someone else reaps our children), poll.
        let nap = if sys::wait_exited_no_reap(pid).is_ok() { Duration::from_millis(5) } else { Duration::from_millis(100) };
        loop {
            if let Some(exit) = self.try_reap(which) {
                return exit;
            }
            std::thread::sleep(nap);
        }
    }

    fn set_first(&self, which: Which, outcome: First) {
        lock(&self.state).slots[which.index()].first = Some(outcome);
        self.changed.notify_all();
    }

    fn stopping(&self) -> bool {
        lock(&self.state).stopping
    }

    /// Sleeps for `delay` unless shutdown begins; false if it did.
    fn sleep_unless_stopping(&self, delay: Duration) -> bool {
        let state = lock(&self.state);
        let (state, _) = self.changed.wait_timeout_while(state, delay, |s| !s.stopping).unwrap_or_else(|e| e.into_inner());
        !state.stopping
    }

    fn children(&self) -> Vec<(Which, u32)> {
        let state = lock(&self.state);
        BOTH.into_iter().filter_map(|w| state.slots[w.index()].child.as_ref().map(|c| (w, c.id()))).collect()
    }

    /// Changes a status and reports it when it changed (outside the lock).
    fn update(&self, which: Which, change: impl FnOnce(&mut SidecarStatus)) {
        let changed = {
            let mut state = lock(&self.state);
            let status = &mut state.slots[which.index()].status;
            let before = status.clone();
            change(status);
            (*status != before).then(|| status.clone())
        };
        if let Some(status) = changed {
            (self.on_event)(SupervisorEvent::Sidecar(status));
        }
    }

    /// A line from the supervisor itself in the child's log.
    fn log_line(&self, which: Which, text: &str) {
        write_log(&self.logs[which.index()], "supervisor", text);
    }
}

fn spawner_loop(requests: mpsc::Receiver<SpawnRequest>) {
    for SpawnRequest { mut command, reply } in requests {
        if let Err(mpsc::SendError(Ok(mut orphan))) = reply.send(command.spawn()) {
            let _ = orphan.kill();
            let _ = orphan.wait();
        }
    }
}

fn start_pump(
    which: Which,
    stream: &'static str,
    pipe: impl Read + Send + 'static,
    log: Arc<Mutex<RotatingLog>>,
    io: Arc<ChildIo>,
    drained: mpsc::Sender<()>,
) {
    let name = format!("proseva-{}-{stream}", which.name());
    let pump = move || {
        let _drained = drained;
        let mut reader = BufReader::new(pipe);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match reader.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let raw = String::from_utf8_lossy(&buf);
            let line = strip_ansi(raw.trim_end_matches(['\n', '\r']));
            write_log(&log, stream, &line);
            if stream == "stderr" {
                let mut tail = lock(&io.tail);
                if tail.len() == STDERR_TAIL_LINES {
                    tail.pop_front();
                }
                tail.push_back(line.into_owned());
            } else if let Some(url) = line.strip_prefix("listening on ") {
                let mut listening = lock(&io.listening);
                if listening.is_none() {
                    *listening = Some(url.trim().to_string());
                    io.arrived.notify_all();
                }
            }
        }
    };
    if let Err(e) = std::thread::Builder::new().name(name).spawn(pump) {
        // Without a reader the child would block on a full pipe; better to know why.
        tracing::error!("cannot start an output thread for the {}: {e}", which.name());
    }
}

fn write_log(log: &Mutex<RotatingLog>, source: &str, text: &str) {
    let line = format!("{} {source} {text}\n", timestamp_now());
    let mut log = lock(log);
    let _ = log.write_all(line.as_bytes());
}

/// Waits until both output threads of a child have finished (their senders dropped), or `until`.
fn wait_drained(drained: &mpsc::Receiver<()>, until: Instant) {
    while let Ok(()) | Err(mpsc::RecvTimeoutError::Timeout) = drained.recv_timeout(until.saturating_duration_since(Instant::now())) {
        if Instant::now() >= until {
            break;
        }
    }
}

/// Binds two ephemeral loopback ports at once (so they differ), notes them and releases them.
fn reserve_ports() -> io::Result<[u16; 2]> {
    let a = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))?;
    let b = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))?;
    Ok([a.local_addr()?.port(), b.local_addr()?.port()])
}

/// "exited with status 3", "was killed by signal 9 (SIGKILL)".
pub fn describe_exit(exit: Option<ExitStatus>) -> String {
    let Some(status) = exit else { return "exited".to_string() };
    if let Some(code) = status.code() {
        return format!("exited with status {code}");
    }
    match status.signal() {
        Some(signal) => match signal_name(signal) {
            Some(name) => format!("was killed by signal {signal} ({name})"),
            None => format!("was killed by signal {signal}"),
        },
        None => format!("exited ({status})"),
    }
}

fn signal_name(signal: i32) -> Option<&'static str> {
    Some(match signal {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGTERM => "SIGTERM",
        _ => return None,
    })
}

/// "15 s", "2.5 s", "500 ms".
pub fn describe_duration(d: Duration) -> String {
    if d < Duration::from_secs(1) {
        format!("{} ms", d.as_millis())
    } else if d.subsec_millis() == 0 {
        format!("{} s", d.as_secs())
    } else {
        format!("{:.1} s", d.as_secs_f64())
    }
}

fn truncate(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

fn wait<'a, T>(condvar: &Condvar, guard: MutexGuard<'a, T>) -> MutexGuard<'a, T> {
    condvar.wait(guard).unwrap_or_else(|e| e.into_inner())
}

/// Compile-time check: the desktop shares the supervisor across threads.
const _: () = {
    const fn is_send_sync<T: Send + Sync>() {}
    is_send_sync::<Supervisor>();
};

/// Whether the explorer should borrow the server's local model rather than load its own: yes
/// unless the person chose another embedder (`PROSEVA_EMBEDDINGS=openai|off`), which both
/// sidecars then use as configured.
fn shares_the_servers_model() -> bool {
    std::env::var("PROSEVA_EMBEDDINGS").map(|v| v.trim().is_empty() || v.trim().eq_ignore_ascii_case("local")).unwrap_or(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_the_cap() {
        let policy = RestartPolicy { initial: Duration::from_millis(500), max: Duration::from_secs(3), ..Default::default() };
        let delays: Vec<_> = (1..=6).map(|n| policy.delay(n).as_millis()).collect();
        assert_eq!(delays, [500, 1000, 2000, 3000, 3000, 3000]);
        assert_eq!(policy.delay(1000), Duration::from_secs(3));
    }

    #[test]
    fn exits_and_durations_read_as_sentences() {
        assert_eq!(describe_exit(Some(ExitStatus::from_raw(3 << 8))), "exited with status 3");
        assert_eq!(describe_exit(Some(ExitStatus::from_raw(9))), "was killed by signal 9 (SIGKILL)");
        assert_eq!(describe_duration(Duration::from_secs(15)), "15 s");
        assert_eq!(describe_duration(Duration::from_millis(2500)), "2.5 s");
        assert_eq!(describe_duration(Duration::from_millis(500)), "500 ms");
    }

    #[test]
    fn events_serialize_for_the_ui() {
        let status = SidecarStatus {
            name: "explorer".into(),
            state: SidecarState::Restarting,
            url: None,
            pid: Some(7),
            restarts: 1,
            message: Some("m".into()),
            log: PathBuf::from("/d/logs/explorer.log"),
        };
        let json = serde_json::to_value(SupervisorEvent::Sidecar(status)).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"type":"sidecar","name":"explorer","state":"restarting","url":null,"pid":7,"restarts":1,"message":"m","log":"/d/logs/explorer.log"})
        );
        let setup = serde_json::to_value(SupervisorEvent::Setup(SetupProgress { stage: "reading".into(), done: 1, total: 2 })).unwrap();
        assert_eq!(setup, serde_json::json!({"type":"setup","stage":"reading","done":1,"total":2}));
    }

    #[test]
    fn ports_differ() {
        let [a, b] = reserve_ports().unwrap();
        assert_ne!(a, b);
        assert!(a > 0 && b > 0);
    }
}
