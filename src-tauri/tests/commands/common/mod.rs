//! Shared by the command tests: an app on Tauri's mock runtime with the commands registered,
//! IPC calls as the page makes them (JSON or a raw body with headers), real sidecars on loopback,
//! and the events of a request as the window receives them.
#![allow(dead_code)]

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use proseva_agent::event::AgentEvent;
use proseva_desktop::folders::OwnFolders;
use proseva_desktop::settings::{FileSecrets, SettingsStore};
use proseva_desktop::state::{AppState, Backend};
use serde_json::{Value, json};
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{INVOKE_KEY, MockRuntime, get_ipc_response, mock_builder, mock_context, noop_assets};
use tauri::webview::InvokeRequest;
use tauri::{Manager, WebviewWindow};

pub struct App {
    _app: tauri::App<MockRuntime>,
    window: WebviewWindow<MockRuntime>,
    dir: tempfile::TempDir,
}

/// An app on the mock runtime whose settings ignore the process environment.
pub fn app() -> App {
    app_with(|state, _| state)
}

/// [`app`], its state changed by `customize` (given the data dir) before the app is built.
pub fn app_with(customize: impl FnOnce(AppState, &std::path::Path) -> AppState) -> App {
    let dir = tempfile::tempdir().unwrap();
    let settings = SettingsStore::with_env(dir.path(), Box::new(FileSecrets::new(dir.path().join("secrets.json"))), Box::new(|_| None));
    let folders = OwnFolders { backups: dir.path().join("own").join("Backups"), exports: dir.path().join("own").join("Exports") };
    let state = customize(AppState::new(dir.path().to_path_buf(), settings, Instant::now()).with_folders(folders), dir.path());
    let app = proseva_desktop::with_commands(mock_builder()).manage(state).build(mock_context(noop_assets())).unwrap();
    let window = tauri::WebviewWindowBuilder::new(&app, "main", Default::default()).build().unwrap();
    App { _app: app, window, dir }
}

impl App {
    /// The data dir the app runs on.
    pub fn data_dir(&self) -> &std::path::Path {
        self.dir.path()
    }

    pub fn state(&self) -> tauri::State<'_, AppState> {
        self.window.state::<AppState>()
    }

    pub fn invoke(&self, cmd: &str, args: Value) -> Result<Value, Value> {
        let request = InvokeRequest {
            cmd: cmd.into(),
            callback: CallbackFn(0),
            error: CallbackFn(1),
            url: "tauri://localhost".parse().unwrap(),
            body: InvokeBody::Json(args),
            headers: Default::default(),
            invoke_key: INVOKE_KEY.to_string(),
        };
        get_ipc_response(&self.window, request).map(|body| body.deserialize::<Value>().unwrap())
    }

    /// A call whose body is raw bytes, with headers, as `upload_document` is called.
    pub fn invoke_raw(&self, cmd: &str, bytes: Vec<u8>, headers: &[(&str, &str)]) -> Result<Value, Value> {
        let mut map = tauri::http::HeaderMap::new();
        for (name, value) in headers {
            map.insert(tauri::http::HeaderName::from_bytes(name.as_bytes()).unwrap(), value.parse().unwrap());
        }
        let request = InvokeRequest {
            cmd: cmd.into(),
            callback: CallbackFn(0),
            error: CallbackFn(1),
            url: "tauri://localhost".parse().unwrap(),
            body: InvokeBody::Raw(bytes),
            headers: map,
            invoke_key: INVOKE_KEY.to_string(),
        };
        get_ipc_response(&self.window, request).map(|body| body.deserialize::<Value>().unwrap())
    }
}

pub async fn ready(app: &App) -> proseva_e2e::Sidecars {
    let sidecars = proseva_e2e::start().await;
    app.state().set_ready(Backend {
        server_url: sidecars.server_url.clone(),
        explorer_url: sidecars.explorer_url.clone(),
        token: proseva_e2e::TOKEN.into(),
        supervisor: None,
    });
    sidecars
}

pub fn question(text: &str) -> Value {
    json!([{ "role": "user", "content": text }])
}

/// Events a request sends, collected as the window would receive them.
#[derive(Clone, Default)]
pub struct Events(Arc<Mutex<Vec<Value>>>);

impl Events {
    pub fn emitter(&self) -> impl Fn(AgentEvent) + Send + Sync + 'static {
        let sink = self.0.clone();
        move |e: AgentEvent| sink.lock().unwrap().push(serde_json::to_value(e).unwrap())
    }

    /// Waits for the request's last event (`done` or `error`); returns all of them.
    pub async fn until_end(&self) -> Vec<Value> {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let events = self.0.lock().unwrap().clone();
            if events.last().is_some_and(|e| e["type"] == "done" || e["type"] == "error") {
                return events;
            }
            assert!(Instant::now() < deadline, "the request never ended: {events:?}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}
