//! The window's commands through Tauri's IPC, on the mock runtime, against a real explorer and a
//! real case-data server on loopback (started in this process by proseva-e2e).

use std::sync::{Arc, Mutex};
use std::time::Instant;

use proseva_agent::event::AgentEvent;
use proseva_agent::runner::RequestKind;
use proseva_desktop::commands::{Message, fetch_node, run_request};
use proseva_desktop::settings::{FileSecrets, SettingsStore};
use proseva_desktop::state::{AppState, Backend};
use serde_json::{Value, json};
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{INVOKE_KEY, MockRuntime, get_ipc_response, mock_builder, mock_context, noop_assets};
use tauri::webview::InvokeRequest;
use tauri::{Manager, WebviewWindow};

struct App {
    _app: tauri::App<MockRuntime>,
    window: WebviewWindow<MockRuntime>,
    _dir: tempfile::TempDir,
}

/// An app on the mock runtime whose settings ignore the process environment.
fn app() -> App {
    let dir = tempfile::tempdir().unwrap();
    let settings = SettingsStore::with_env(dir.path(), Box::new(FileSecrets::new(dir.path().join("secrets.json"))), Box::new(|_| None));
    let state = AppState::new(dir.path().to_path_buf(), settings, Instant::now());
    let app = proseva_desktop::with_commands(mock_builder()).manage(state).build(mock_context(noop_assets())).unwrap();
    let window = tauri::WebviewWindowBuilder::new(&app, "main", Default::default()).build().unwrap();
    App { _app: app, window, _dir: dir }
}

impl App {
    fn state(&self) -> tauri::State<'_, AppState> {
        self.window.state::<AppState>()
    }

    fn invoke(&self, cmd: &str, args: Value) -> Result<Value, Value> {
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
}

async fn ready(app: &App) -> proseva_e2e::Sidecars {
    let sidecars = proseva_e2e::start().await;
    app.state().set_ready(Backend {
        server_url: sidecars.server_url.clone(),
        explorer_url: sidecars.explorer_url.clone(),
        token: proseva_e2e::TOKEN.into(),
        supervisor: None,
    });
    sidecars
}

fn question(text: &str) -> Value {
    json!([{ "role": "user", "content": text }])
}

#[test]
fn before_the_sidecars_are_up_status_says_so_and_questions_are_refused_kindly() {
    let app = app();
    let status = app.invoke("app_status", json!({})).unwrap();
    assert_eq!(status["phase"], "preparing");
    assert_eq!(status["server"]["state"], "starting");
    assert_eq!(status["model"], json!({"mode": "offline"}));
    assert!(status["server"]["log"].as_str().unwrap().ends_with("logs/server.log"));

    let err = app.invoke("chat", json!({"requestId": "r1", "messages": question("hi"), "onEvent": "__CHANNEL__:1"})).unwrap_err();
    assert!(err.as_str().unwrap().contains("still starting"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_offline_chat_answers_with_the_foia_section_and_every_tool_result() {
    let app = app();
    let _sidecars = ready(&app).await;
    assert_eq!(app.invoke("app_status", json!({})).unwrap()["phase"], "ready");

    let reply = app
        .invoke(
            "chat",
            json!({"requestId": "r1", "messages": question("How do I request public records from a state agency?"), "onEvent": "__CHANNEL__:7"}),
        )
        .unwrap();
    let text = reply["reply"].as_str().unwrap();
    assert!(text.contains("2.2-3704"), "{text}");
    assert!(!reply["toolResults"].as_array().unwrap().is_empty());
    let verified: Vec<&str> = reply["citations"]["verified"].as_array().unwrap().iter().filter_map(|c| c["sourceId"].as_str()).collect();
    assert!(verified.contains(&"2.2-3704"), "{verified:?}");

    // The same request, with the events collected: they arrive in the contract's order.
    let events = Arc::new(Mutex::new(Vec::new()));
    let sink = events.clone();
    let emit = move |e: AgentEvent| sink.lock().unwrap().push(serde_json::to_value(e).unwrap());
    let messages = vec![Message { role: "user".into(), content: "How do I request public records from a state agency?".into() }];
    run_request(&app.state(), RequestKind::Chat, "r2", messages, &emit).await.unwrap();
    let events = events.lock().unwrap();
    assert_eq!(events[0], json!({"type": "phase", "name": "tools"}));
    let first_call = events.iter().position(|e| e["type"] == "tool_call").unwrap();
    let first_result = events.iter().position(|e| e["type"] == "tool_result").unwrap();
    assert!(first_call < first_result);
    assert!(events.iter().any(|e| e["type"] == "delta"));
    assert_eq!(events.last().unwrap()["type"], "done");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn research_returns_graph_results_and_says_which_keys_are_missing() {
    let app = app();
    let _sidecars = ready(&app).await;
    let reply = app
        .invoke(
            "research",
            json!({"requestId": "r1", "messages": question("security deposit return landlord Virginia cases"), "onEvent": "__CHANNEL__:3"}),
        )
        .unwrap();
    let results = reply["toolResults"].as_array().unwrap();
    assert!(results.iter().any(|r| r["tool"] == "search_nodes" && r["ok"] == true), "{results:?}");
    let failed: Vec<&Value> = results.iter().filter(|r| r["ok"] == false).collect();
    assert!(failed.iter().all(|r| r["result"]["error"].as_str().is_some_and(|e| !e.is_empty())), "{failed:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn get_node_opens_a_section_with_its_kind_url_and_place_in_the_code() {
    let app = app();
    let _sidecars = ready(&app).await;
    let node = app.invoke("get_node", json!({"sourceId": "§ 2.2-3704"})).unwrap();
    assert_eq!(node["sourceId"], "2.2-3704");
    assert_eq!(node["textKind"], "summary");
    assert!(node["url"].as_str().unwrap().contains("2.2-3704"));
    assert!(!node["sourceText"].as_str().unwrap().is_empty());
    assert!(node["parents"].as_array().is_some_and(|p| !p.is_empty()), "{node}");
    assert!(node.get("edges").is_none());

    let by_id = app.invoke("get_node", json!({"id": node["id"]})).unwrap();
    assert_eq!(by_id["sourceId"], "2.2-3704");
    let err = app.invoke("get_node", json!({"sourceId": "99-999"})).unwrap_err();
    assert_eq!(err, json!("§ 99-999 is not in the law graph"));
    let err = app.invoke("get_node", json!({})).unwrap_err();
    assert!(err.as_str().unwrap().contains("give a node id"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_explorer_down_chat_still_answers_and_graph_tools_say_why() {
    let app = app();
    let sidecars = proseva_e2e::start().await;
    let closed = format!("http://127.0.0.1:{}", std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port());
    app.state().set_ready(Backend {
        server_url: sidecars.server_url.clone(),
        explorer_url: closed,
        token: proseva_e2e::TOKEN.into(),
        supervisor: None,
    });
    let reply =
        app.invoke("chat", json!({"requestId": "r", "messages": question("What are my deadlines?"), "onEvent": "__CHANNEL__:1"})).unwrap();
    let results = reply["toolResults"].as_array().unwrap();
    let graph_errors: Vec<&str> = results
        .iter()
        .filter(|r| r["ok"] == false)
        .filter_map(|r| r["result"]["error"].as_str())
        .filter(|e| e.contains("law graph"))
        .collect();
    assert!(!graph_errors.is_empty(), "{results:?}");
    assert!(graph_errors.iter().all(|e| e.contains("unavailable")), "{graph_errors:?}");
    let err = app.invoke("get_node", json!({"sourceId": "2.2-3704"})).unwrap_err();
    assert!(err.as_str().unwrap().contains("unavailable"), "{err}");
}

#[test]
fn settings_round_trip_validation_and_the_model_line() {
    let app = app();
    let view = app.invoke("get_settings", json!({})).unwrap();
    assert_eq!(view["smallModel"], "gpt-4o-mini");
    assert_eq!(view["secrets"].as_array().unwrap().len(), 5);
    assert!(view["secrets"].as_array().unwrap().iter().all(|s| s["set"] == false));

    let err = app.invoke("save_settings", json!({"settings": {"baseUrl": "localhost:11434"}, "secrets": {}})).unwrap_err();
    assert!(err.as_str().unwrap().starts_with("baseUrl:"), "{err}");

    let saved = app
        .invoke(
            "save_settings",
            json!({"settings": {"baseUrl": "http://127.0.0.1:11434/v1", "smallModel": "qwen2.5", "largeModel": "llama3.1", "offline": false},
                   "secrets": {"OPENAI_API_KEY": "sk-local"}}),
        )
        .unwrap();
    assert_eq!(saved["baseUrl"], "http://127.0.0.1:11434/v1");
    let key = saved["secrets"].as_array().unwrap().iter().find(|s| s["name"] == "OPENAI_API_KEY").unwrap().clone();
    assert_eq!((key["set"].clone(), key["store"].clone()), (json!(true), json!("file")));
    assert!(!saved.to_string().contains("sk-local"), "secrets never go back to the window");

    let status = app.invoke("app_status", json!({})).unwrap();
    assert_eq!(status["model"], json!({"mode": "online", "baseUrl": "http://127.0.0.1:11434/v1", "small": "qwen2.5", "large": "llama3.1"}));

    // The offline switch wins over a configured endpoint.
    app.invoke("save_settings", json!({"settings": {"baseUrl": "http://127.0.0.1:11434/v1", "offline": true}})).unwrap();
    assert_eq!(app.invoke("app_status", json!({})).unwrap()["model"], json!({"mode": "offline"}));
}

#[test]
fn malformed_calls_get_clear_errors() {
    let app = app();
    let err = app.invoke("chat", json!({"requestId": "r"})).unwrap_err();
    assert!(err.as_str().unwrap().contains("messages"), "{err}");
    let err = app.invoke("save_settings", json!({"settings": {"offline": "yes"}})).unwrap_err();
    assert!(err.as_str().unwrap().contains("settings"), "{err}");
    let err = app.invoke("open_url", json!({"url": "file:///etc/passwd"})).unwrap_err();
    assert_eq!(err, json!("only http:// and https:// links can be opened"));
    assert_eq!(app.invoke("cancel", json!({"requestId": "nothing-running"})).unwrap(), json!(false));
    assert!(app.invoke("no_such_command", json!({})).is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_id_cannot_run_twice_at_once_and_cancel_stops_a_request() {
    let app = app();
    let _sidecars = ready(&app).await;
    let state = app.state();
    let token = state.begin_request("busy").unwrap();
    let messages = vec![Message { role: "user".into(), content: "FOIA".into() }];
    let err = run_request(&state, RequestKind::Chat, "busy", messages.clone(), &|_| {}).await.unwrap_err();
    assert!(err.contains("already running"), "{err}");
    assert!(state.cancel("busy"));
    assert!(token.is_cancelled());
    state.end_request("busy");

    // Cancelled before it starts looking things up: the request ends with an error, not a reply.
    let state2 = app.state();
    let cancel_soon = async {
        while !state2.cancel("soon") {
            tokio::task::yield_now().await;
        }
    };
    let (result, ()) = tokio::join!(run_request(&state, RequestKind::Chat, "soon", messages, &|_| {}), cancel_soon);
    assert!(result.is_err(), "{result:?}");
    let _ = fetch_node; // (used by get_node; exercised above through IPC)
}
